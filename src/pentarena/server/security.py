"""What keeps other sites, and oversized requests, away from the tables.

* **Origin**: a browser sends a seat's cookie with every request to this server, whatever
  page makes it.  So every state-changing request and every WebSocket must come from this
  server's own pages: when a browser says where the request comes from (``Origin``, or
  ``Sec-Fetch-Site``), it must be this origin or one configured in ``allowed_origins``.
  Programs that send neither (scripts, the tests, the CLI) are not affected: they hold no
  one's cookie.
* **Hosts**: optionally, only the given ``Host`` names are served (against DNS rebinding).
* **Headers** on every answer: a Content-Security-Policy without inline script, no
  framing, no MIME sniffing, no Referer (table links may carry an invite).
* **Body size**: request bodies beyond a limit are refused before they are read whole.
* **Seat cookies**: HttpOnly, SameSite=Strict, Secure over HTTPS, one per table holding
  the seat tokens of that browser (several for hot-seat play).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..record import MAX_RECORD_BYTES
from .protocol import json_flaw

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; object-src 'none'; "
            "base-uri 'none'; frame-ancestors 'none'")  # /docs and /redoc (apidocs.py)
HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
BODY_LIMIT = 64 * 1024
RECORD_BODY_LIMIT = MAX_RECORD_BYTES
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
COOKIE = "pentarena_seat_"
COOKIE_DAYS = 30
MAX_TOKENS_PER_COOKIE = 4


def _origin_of(scope: Scope, headers: Headers) -> str | None:
    host = headers.get("host")
    if not host:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"),
                                                 scope.get("scheme", "http"))
    return f"{scheme}://{host}".lower()


class Guard:
    """The ASGI middleware doing all of the above (see the module docstring)."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = (),
                 allowed_hosts: Iterable[str] | None = None) -> None:
        self.app = app
        self.allowed_origins = {o.rstrip("/").lower() for o in allowed_origins}
        self.allowed_hosts = {h.lower() for h in allowed_hosts} if allowed_hosts else None

    def cross_origin(self, scope: Scope, headers: Headers) -> str | None:
        """Why this request must be refused as coming from another site, or None."""
        origin = headers.get("origin")
        if origin is not None:
            origin = origin.rstrip("/").lower()
            if origin == _origin_of(scope, headers) or origin in self.allowed_origins:
                return None
            return f"requests from {origin} are not accepted here"
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return f"{site} requests are not accepted here"
        return None

    def bad_host(self, headers: Headers) -> str | None:
        """Why this request's host name is not answered (a server bound to loopback
        answers for loopback's names and its allowed origins' only: a page of another
        site whose name resolves to 127.0.0.1 reads nothing), or None."""
        if self.allowed_hosts is None:
            return None
        host = (urlsplit("//" + headers.get("host", "")).hostname or "").lower()
        if host in self.allowed_hosts:
            return None
        shown = host[:100].encode("ascii", "replace").decode() or "(none)"
        return (f"this server does not answer for the host name {shown}: it answers for "
                f"{', '.join(sorted(self.allowed_hosts))}; behind a reverse proxy that "
                f"passes the site's name, start it with --allow-origin https://{shown}")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        wrong_host = self.bad_host(headers)
        if wrong_host:
            await self._refuse(scope, receive, send, 421, "bad-host", wrong_host)
            return
        why = None
        if scope["type"] == "websocket" or scope["method"] in UNSAFE_METHODS:
            why = self.cross_origin(scope, headers)
        if why:
            await self._refuse(scope, receive, send, 403, "bad-origin", why)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        if scope["method"] in UNSAFE_METHODS:
            limit = RECORD_BODY_LIMIT if scope["path"] == "/api/records" else BODY_LIMIT
            try:
                body = await _read_body(receive, headers, limit)
            except ClientGone:  # the body was cut off: nothing is done, nobody to answer
                return
            if body is None:
                await self._refuse(scope, receive, send, 413, "too-large",
                                   f"request bodies here may be at most {limit} bytes")
                return
            json_body = "json" in headers.get("content-type", "").lower()
            flaw = json_flaw(body) if json_body else None
            if flaw:
                await self._refuse(scope, receive, send, 400, "bad-request", flaw)
                return
            receive = _replay(body, receive)
        await self.app(scope, receive, self._with_headers(scope, send))

    @staticmethod
    def _with_headers(scope: Scope, send: Send) -> Send:
        docs = scope["path"] in ("/docs", "/redoc") or scope["path"].startswith("/docs/")
        csp = (DOCS_CSP if docs else CSP).encode()

        async def wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in HEADERS if k not in have]
                if b"content-security-policy" not in have:
                    extra.append((b"content-security-policy", csp))
                message = dict(message, headers=list(message.get("headers", [])) + extra)
            await send(message)

        return wrapped

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, status: int,
                      code: str, message: str) -> None:
        body = json.dumps({"detail": {"code": code, "message": message}}).encode()
        if scope["type"] == "websocket":
            if "websocket.http.response" in scope.get("extensions", {}):  # uvicorn's does
                await send({"type": "websocket.http.response.start", "status": status,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "websocket.http.response.body", "body": body})
            else:  # a server without it: the handshake refused, the reason on the close
                await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
            return
        response = Response(body, status, media_type="application/json",
                            headers={"connection": "close"})
        await response(scope, receive, self._with_headers(scope, send))


class ClientGone(Exception):
    """The client went away before the end of its request's body."""


async def _read_body(receive: Receive, headers: Headers, limit: int) -> bytes | None:
    """The whole request body, or None as soon as it is known to exceed ``limit``;
    :class:`ClientGone` if the connection ends first (a body cut off is never acted on:
    ``{"game": "pentago"}`` of a longer one would create a table nobody asked for)."""
    declared = headers.get("content-length")
    if declared is not None and (not re.fullmatch(r"[0-9]+", declared) or int(declared) > limit):
        return None
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientGone
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body"):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


# -- seat cookies --------------------------------------------------------------------------
def cookie_name(table_id: str) -> str:
    return COOKIE + table_id


def held_tables(conn: HTTPConnection) -> list[str]:
    """The tables this browser holds a seat cookie for."""
    return [name[len(COOKIE):] for name in conn.cookies if name.startswith(COOKIE)]


def seat_tokens(conn: HTTPConnection, table_id: str, given: str | None = None) -> list[str]:
    """The seat tokens this browser holds for the table (from its cookie); ``given``: the
    token a program sent instead (in a request's body), then that one alone."""
    if given:
        return [given]
    raw = conn.cookies.get(cookie_name(table_id), "")
    return [t for t in raw.split(".") if t][:MAX_TOKENS_PER_COOKIE]


def keep_seat_tokens(conn: HTTPConnection, response: Response, table_id: str,
                     tokens: list[str], drop: Iterable[str] = ()) -> None:
    """Put ``tokens`` first in the browser's cookie for this table, without those of
    ``drop`` (an invite turned into a token, a seat left); no token left: no cookie."""
    gone = set(drop) - set(tokens)
    held = [t for t in seat_tokens(conn, table_id) if t not in tokens and t not in gone]
    value = ".".join((tokens + held)[:MAX_TOKENS_PER_COOKIE])
    secure = conn.url.scheme == "https"
    if not value:
        if cookie_name(table_id) in conn.cookies:
            response.delete_cookie(cookie_name(table_id), path="/", httponly=True,
                                   samesite="strict", secure=secure)
        return
    response.set_cookie(cookie_name(table_id), value, max_age=COOKIE_DAYS * 86400, path="/",
                        httponly=True, samesite="strict", secure=secure)
