"""The page a browser gets for an address with nothing behind it (a mistyped link, a
rules page of a game we do not have): a 404 in the site's look, saying what was asked and
the way back — not the API's JSON problem, which programs still get."""

from __future__ import annotations

from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse

from ..core.game import list_games

NOT_PAGES = ("/api/", "/static/", "/docs", "/openapi.json", "/metrics", "/ws")
"""Paths whose 404 stays the JSON problem whatever the client accepts."""


def wants_page(request: Request) -> bool:
    """A browser finding its way (a GET that accepts HTML, outside the API and the files)."""
    return (request.method in ("GET", "HEAD") and "text/html" in request.headers.get("accept", "")
            and not request.url.path.startswith(NOT_PAGES))


def missing_page(title: str, said: str) -> HTMLResponse:
    """The 404 page: ``title`` (a heading) and ``said`` (a sentence), both plain text."""
    rules = " · ".join(f'<a href="/rules/{g["name"]}">{escape(g["title"])}</a>'
                       for g in list_games())
    body = f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{escape(title)} — Pentarena</title>
  <meta name="color-scheme" content="light dark">
  <script src="/static/js/theme-init.js"></script>
  <link rel="stylesheet" href="/static/css/app.css">
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
  <header class="top"><a href="/" class="brand">Pentarena</a></header>
  <main id="home">
    <section class="panel missing" id="missing" role="alert">
      <h2>{escape(title)}</h2>
      <p>{escape(said)}</p>
      <p class="muted">How to play: {rules}</p>
      <div class="next-game"><a class="button primary" href="/" id="all-games">All games</a></div>
    </section>
  </main>
</body>
</html>
"""
    return HTMLResponse(body, status_code=404, headers={"cache-control": "no-cache"})


def no_such_page(path: str) -> HTMLResponse:
    shown = path if len(path) <= 80 else path[:80] + "…"
    return missing_page("Page not found", f"There is no page at {shown}. The link may be "
                        "mistyped or old; the games and the open tables are on the home page.")


def no_rules_page(game: str) -> HTMLResponse:
    shown = game if len(game) <= 40 else game[:40] + "…"
    return missing_page("No such game", f"There are no rules for “{shown}” here: Pentarena "
                        "plays the games below.")
