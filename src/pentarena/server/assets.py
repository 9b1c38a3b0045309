"""How the pages and their files reach a browser quickly (measured: benchmarks/page_load.py).

* **Versioned URLs**: the pages name their files under ``/static/v-<version>/``, the version
  a digest of every file under ``web/``; such answers may be kept a year without asking
  again (``immutable``), as a new release has a new version and so new URLs.  The same
  files stay at plain ``/static/...`` (and under any other version: a page from another
  instance, an older release), kept only until asked again (``no-cache``: the ETag saves
  the bytes).  The pages themselves are ``no-cache`` too: a visit always learns the version.
* **Module preloading**: each page lists the modules its script imports, at any depth
  (``<link rel="modulepreload">``, in the HTML file: tests/server/test_assets.py checks the
  list against the files' imports), so the browser asks for all of them at once instead of
  learning of each import one round trip later.  A table's page and a game's rules also
  preload that game's view module and what it imports (it is loaded dynamically, by
  ``games/index.js``: the server reads which module plays which game from that file).
* **Compression** (gzip, for clients that accept it) of the pages, ``/static`` and the API
  documentation's scripts (``/docs/assets``) only.
  The API's answers are never compressed: they carry seat tokens and invites next to text
  a player chose (a name), and a compressed answer's length tells a network observer who
  can choose some of that text whether it matches the secret (BREACH).  The pages and the
  static files hold no secret.  (The WebSocket is not this middleware's: its messages
  carry no token, which travels in the handshake's cookie.)
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from functools import cache
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from starlette.datastructures import Headers
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

if TYPE_CHECKING:
    from importlib.abc import Traversable

STATIC = "/static/"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
COMPRESSED = ("/", "/t/", "/rules/", "/docs/assets/")  # besides /static/; a "/" ends a prefix
# an import of another module: `import ... from "x"`, `import "x"`, `export ... from "x"`
STATIC_IMPORT = re.compile(r"""^(?:import\s+(?:[\w$*{}\s,]+?\s+from\s+)?"""
                           r"""|export\s+(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+)"""
                           r"""["']([^"']+)["']""", re.M)
PLUGIN = re.compile(r"""^\s*["']?([\w-]+)["']?\s*:\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']""",
                    re.M)
PRELOAD = re.compile(r"""<link rel="modulepreload" href="([^"]+)">""")


def files(root: Traversable, prefix: str = "") -> Iterable[tuple[str, Traversable]]:
    for item in sorted(root.iterdir(), key=lambda t: t.name):
        if item.is_dir():
            yield from files(item, f"{prefix}{item.name}/")
        elif not item.name.startswith("."):
            yield prefix + item.name, item


def digest(web: Traversable) -> str:
    """The version of the files under ``web``: it changes whenever any of them does."""
    h = hashlib.sha256()
    for name, item in files(web):
        h.update(name.encode() + b"\0" + item.read_bytes() + b"\0")
    return h.hexdigest()[:12]


class ModuleGraph:
    """The imports between the modules under ``web/js``, read from their text."""

    def __init__(self, web: Traversable) -> None:
        self.sources = {name: item.read_text() for name, item in files(web)
                        if name.endswith(".js")}

    @staticmethod
    def resolve(base: str, spec: str) -> str:
        parts: list[str] = []
        for part in (str(PurePosixPath(base).parent) + "/" + spec).split("/"):
            if part == "..":
                parts.pop()
            elif part not in ("", "."):
                parts.append(part)
        return "/".join(parts)

    def imports(self, name: str) -> list[str]:
        return [self.resolve(name, s) for s in STATIC_IMPORT.findall(self.sources.get(name, ""))]

    def closure(self, name: str) -> list[str]:
        """Every module ``name`` imports statically, at any depth (not ``name`` itself)."""
        seen: list[str] = []
        todo = [name]
        while todo:
            for dep in self.imports(todo.pop()):
                if dep not in seen and dep != name:
                    seen.append(dep)
                    todo.append(dep)
        return sorted(seen)

    def plugins(self) -> dict[str, str]:
        """Game name -> the module of its view (games/index.js's table of them)."""
        index = "js/games/index.js"
        return {game: self.resolve(index, spec)
                for game, spec in PLUGIN.findall(self.sources.get(index, ""))}


class Pages:
    """The HTML pages as served: their ``/static/`` URLs versioned, and a game's modules
    added to the preloads; answered with an ETag and ``no-cache``."""

    def __init__(self, web: Traversable) -> None:
        self.web = web
        self.version = digest(web)
        self.prefix = f"{STATIC}v-{self.version}/"
        self.graph = ModuleGraph(web)
        self.plugins = self.graph.plugins()

    def game_modules(self, game: str | None) -> list[str]:
        module = self.plugins.get(game or "")
        return [module, *self.graph.closure(module)] if module else []

    @cache  # noqa: B019 (one Pages per app, a handful of pages and games)
    def render(self, name: str, game: str | None = None) -> tuple[bytes, str]:
        html = (self.web / name).read_text()
        listed = set(PRELOAD.findall(html))
        extra = "".join(f'  <link rel="modulepreload" href="{STATIC}{m}">\n'
                        for m in self.game_modules(game) if STATIC + m not in listed)
        html = html.replace("</head>", extra + "</head>", 1)
        body = html.replace(f'"{STATIC}', f'"{self.prefix}').encode()
        return body, '"' + hashlib.sha256(body).hexdigest()[:20] + '"'

    def response(self, scope: Scope, name: str, game: str | None = None) -> Response:
        body, etag = self.render(name, game if game in self.plugins else None)
        headers = {"etag": etag, "cache-control": REVALIDATE}
        if etag in Headers(scope=scope).get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        return Response(body, media_type="text/html", headers=headers)


class Assets(StaticFiles):
    """``web/`` under ``/static``: plain, or under ``v-<version>/`` (see the module doc)."""

    def __init__(self, directory: str, version: str) -> None:
        super().__init__(directory=directory)
        self.version = version

    async def get_response(self, path: str, scope: Scope) -> Response:
        first, _, rest = path.replace("\\", "/").partition("/")
        current = False
        if re.fullmatch(r"v-[0-9a-f]{1,64}", first) and rest:
            path, current = rest, first == "v-" + self.version
        response = await super().get_response(path, scope)
        response.headers["cache-control"] = IMMUTABLE if current else REVALIDATE
        return response


class Compress:
    """gzip for the pages, ``/static`` and ``/docs/assets``; every other answer passes as
    it is (BREACH: see the module doc)."""

    def __init__(self, app: ASGIApp, pages: Iterable[str] = COMPRESSED) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=500, compresslevel=9)
        self.exact = {p for p in pages if not p.endswith("/") or p == "/"}
        self.prefixes = tuple([STATIC, *(p for p in pages if p.endswith("/") and p != "/")])

    def compressed(self, path: str) -> bool:
        return path in self.exact or path.startswith(self.prefixes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.compressed(scope["path"]):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
