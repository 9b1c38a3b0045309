"""How the pages and their files are served (server/assets.py): compressed when the client
accepts it (the API never), cached as designed, and each page preloading exactly the modules
its script imports — the import graph read here from the JS files themselves."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import pentarena
from pentarena.server.app import create_app

WEB = Path(pentarena.__file__).parent / "web"
GZIP = {"Accept-Encoding": "gzip"}
IDENTITY = {"Accept-Encoding": "identity"}
IMMUTABLE = "public, max-age=31536000, immutable"


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'assets.db'}", ai="thread",
                               ai_time_limit=0.2)) as c:
        yield c


def raw(client, path: str, headers: dict, **kw):
    """The answer as sent: its body not decoded (httpx would undo the gzip)."""
    with client.stream(kw.pop("method", "GET"), path, headers=headers, **kw) as r:
        r.raw_body = b"".join(r.iter_raw())
    return r


def create(client, game="pentup") -> dict:
    r = client.post("/api/tables", json={"game": game, "seats": [
        {"kind": "me", "name": "Ann " + "x" * 30}, {"kind": "invite"}]})
    assert r.status_code == 201
    return r.json()


def version(client) -> str:
    return re.search(r'/static/(v-[0-9a-f]+)/', client.get("/").text).group(1)


# -- the import graph, read from the files ---------------------------------------------
def imports(module: str) -> tuple[set[str], set[str]]:
    """The modules ``module`` (a path under web/) imports: (static, dynamic)."""
    text = (WEB / module).read_text()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    static = re.findall(r"^(?:import|export)\b[^;]*?\bfrom\s*[\"']([^\"']+)[\"']", text, re.M)
    static += re.findall(r"^import\s*[\"']([^\"']+)[\"']", text, re.M)
    dynamic = re.findall(r"\bimport\(\s*[\"']([^\"']+)[\"']\s*\)", text)

    def resolve(spec: str) -> str:
        assert spec.startswith("."), f"{module} imports {spec}: not a file of the package"
        return (WEB / module).parent.joinpath(spec).resolve().relative_to(WEB.resolve()).as_posix()

    return {resolve(s) for s in static}, {resolve(s) for s in dynamic}


def graph(entry: str) -> set[str]:
    """Every module that ``entry`` imports statically, at any depth (not itself)."""
    seen, todo = set(), [entry]
    while todo:
        for dep in imports(todo.pop())[0] - seen - {entry}:
            seen.add(dep)
            todo.append(dep)
    return seen


def preloads(html: str) -> list[str]:
    return re.findall(r'<link rel="modulepreload" href="/static/(?:v-[0-9a-f]+/)?([^"]+)">', html)


def entry(html: str) -> str:
    return re.search(r'<script type="module" src="/static/(?:v-[0-9a-f]+/)?([^"]+)">', html)[1]


def game_views() -> set[str]:
    """The game views that games/index.js loads dynamically (but its fallback, generic.js,
    for a game without a view of its own: every game has one)."""
    views = imports("js/games/index.js")[1] - {"js/games/generic.js"}
    index = (WEB / "js/games/index.js").read_text()
    for game in pentarena.list_games():
        name = game if isinstance(game, str) else game["name"]
        assert re.search(rf"""^\s*"?{re.escape(name)}"?\s*:""", index, re.M), name
    return views


@pytest.mark.parametrize("page", ["table.html", "rules.html", "index.html"])
def test_each_page_preloads_exactly_its_import_graph(page):
    html = (WEB / page).read_text()
    listed = preloads(html)
    assert len(listed) == len(set(listed)), "a module listed twice"
    wanted = graph(entry(html))
    if page == "index.html":  # the home page draws every game's picture: all views
        for view in game_views():
            wanted |= {view} | graph(view)
    assert set(listed) == wanted
    assert entry(html) not in listed


def test_a_table_page_also_preloads_its_games_view(client):
    base = graph("js/table.js")
    for game, view in (("pentup", "js/games/pentup.js"), ("pentic", "js/games/pentic.js")):
        html = client.get(create(client, game)["url"]).text
        listed = preloads(html)
        assert len(listed) == len(set(listed))
        assert set(listed) == base | {view} | graph(view)
        assert all(f"/static/{version(client)}/{m}" in html for m in listed)
    # an unknown table: its page all the same (it says the table is not there)
    r = client.get("/t/nosuchtable")
    assert r.status_code == 200 and set(preloads(r.text)) == base
    # a game's rules: its view too; a game that is not there: the page that says so (404,
    # no script to preload)
    assert set(preloads(client.get("/rules/pentago").text)) == (
        graph("js/rules.js") | {"js/games/pentago.js"} | graph("js/games/pentago.js"))
    r = client.get("/rules/nosuchgame")
    assert r.status_code == 404 and preloads(r.text) == [] and "No such game" in r.text


def test_every_url_a_page_names_is_served(client):
    for path in ("/", create(client)["url"], "/rules/pentic"):
        html = client.get(path).text
        urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
        assert urls and all(u.startswith(f"/static/{version(client)}/") for u in urls)
        for url in urls:
            r = client.get(url)
            assert r.status_code == 200, url
            assert r.headers["cache-control"] == IMMUTABLE
            assert r.content == (WEB / url.split("/", 3)[3]).read_bytes()


# -- compression --------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/static/js/table.js", "/static/css/app.css", "/",
                                  "/rules/pentup", "/t/nosuchtable",
                                  "/docs/assets/swagger-ui-bundle.js"])
def test_pages_and_static_files_are_gzipped_when_accepted(client, path):
    r = raw(client, path, GZIP)
    assert r.status_code == 200
    assert r.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in r.headers["vary"].lower()
    plain = raw(client, path, IDENTITY)
    assert "content-encoding" not in plain.headers
    assert gzip.decompress(r.raw_body) == plain.raw_body
    assert len(r.raw_body) < len(plain.raw_body) / 2
    # the security headers are all still there
    for name in ("content-security-policy", "x-content-type-options", "x-frame-options",
                 "referrer-policy"):
        assert r.headers[name] == plain.headers[name]
    assert "script-src 'self'" in r.headers["content-security-policy"]


def test_answers_that_carry_tokens_are_never_compressed(client):
    """BREACH: seat tokens and invites next to a name the player chose."""
    made = raw(client, "/api/tables", GZIP, method="POST", json={
        "game": "pentup", "options": {"players": 3}, "seats": [
            {"kind": "me", "name": "Ann " + "x" * 30}, {"kind": "invite"}, {"kind": "invite"}]})
    assert made.status_code == 201 and len(made.raw_body) > 500  # big enough to be gzipped
    assert "content-encoding" not in made.headers
    body = json.loads(made.raw_body)
    assert body["you"]["token"] and body["invites"]
    for path in (f"/api/tables/{body['id']}", "/api/games", "/api/tables",
                 f"/api/tables/{body['id']}/record"):
        r = raw(client, path, GZIP, cookies=made.cookies)
        assert r.status_code == 200 and "content-encoding" not in r.headers, path
    client.cookies.clear()  # another browser takes an invite
    joined = raw(client, f"/api/tables/{body['id']}/join", GZIP, method="POST",
                 json={"token": body["invites"][0]["url"].split("token=")[1], "name": "Bo"})
    assert joined.status_code == 200 and "content-encoding" not in joined.headers


# -- caching ------------------------------------------------------------------------
def test_cache_headers(client):
    v = version(client)
    assert client.get(f"/static/{v}/js/table.js").headers["cache-control"] == IMMUTABLE
    # the same file without a version, or under another one (a page of another release):
    # served, to be asked again each time
    for path in ("/static/js/table.js", "/static/v-0123abcd/js/table.js"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["cache-control"] == "no-cache"
        assert r.content == (WEB / "js/table.js").read_bytes()
        again = client.get(path, headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
    assert client.get(f"/static/{v}/js/nothing.js").status_code == 404
    assert client.get(f"/static/{v}/../app.py").status_code == 404
    # the pages: always asked again, answered 304 while they are the same
    for path in ("/", create(client)["url"], "/rules/pentomino"):
        r = client.get(path)
        assert r.headers["cache-control"] == "no-cache" and r.headers["etag"]
        again = client.get(path, headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == r.headers["etag"]
        assert client.get(path, headers={"If-None-Match": '"other"'}).status_code == 200
