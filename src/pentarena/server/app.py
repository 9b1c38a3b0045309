"""The HTTP + WebSocket adapter: a thin layer over :class:`~.hub.Hub`.

REST (documented at /docs): the lobby — games, tables, joining, records.  WebSocket
``/ws/{table_id}``: play and watch one table, as the seats of this browser's cookie for the
table (or of ``?token=...``, for programs).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hashlib
import hmac
import logging
import os
import socket
import time
from collections.abc import Iterable
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from ..ai.bots import LEVELS, thinking_seconds
from ..core.errors import StateFormatError, shown
from ..core.game import list_games, load_game
from ..record import SEED_RANGE, GameRecord
from .apidocs import add_docs
from .assets import Assets, Compress, Pages
from .bus import make_bus
from .connections import Client
from .deadlines import PER_ADDRESS, address_key, guarded_protocol, is_loopback
from .frames import TextFrames
from .hub import Hub, Limits, quiet
from .metrics import CONTENT_TYPE, Metrics
from .missing import no_rules_page, no_such_page, wants_page
from .pacing import Pace
from .protocol import (
    MAX_MESSAGE_BYTES,
    HintMessage,
    MoveMessage,
    PingMessage,
    ProtocolError,
    SolveMessage,
    SyncMessage,
    database_unavailable,
    parse_client_message,
)
from .refusals import allowed_methods, body_fields, framework_message, validation_problem
from .schemas import (
    Counted,
    Created,
    Followed,
    Freed,
    Games,
    Health,
    Imported,
    Named,
    Resigned,
    SeatAndToken,
    SeatsLeft,
    TableList,
    TableState,
    ok,
)
from .security import Guard, held_tables, keep_seat_tokens, seat_tokens
from .store import Store, default_database_url, unreachable
from .tables import TAKEOVER_LEVEL, Table
from .workers import WorkerPool

log = logging.getLogger("pentarena.server")
WEB = resources.files("pentarena") / "web"
WS_MAX_SIZE = 4 * MAX_MESSAGE_BYTES
"""Largest WebSocket frame the protocol layer reads; larger frames close the connection
(1009) before they are buffered."""
MAX_TOKEN_CHARS = 100
"""The longest seat token or invite read (they are 24 characters)."""

IDLE_SECONDS = 24 * 3600
"""A table with no move (nor any other change) for this long is idle: the lobby list leaves
it out unless asked (``GET /api/tables?idle=true``)."""

UNBEGUN_SECONDS = 3600
"""A table that never got going (at most one move: the computer's opening move, say) and
has had no change for this long is idle too: the lobby is not a list of games somebody
started and left at once."""

HTTP_CODES = {404: "not-found", 405: "method-not-allowed", 413: "too-large", 429: "busy"}
"""The ``code`` of the framework's own HTTP errors, by status."""
STATUS = {"unknown-table": 404, "not-seated": 403, "bad-origin": 403, "too-many-tables": 429,
          "too-many-analyses": 429, "too-many-seat-changes": 429, "busy": 429,
          "store-failed": 503, "database-unavailable": 503, "too-long": 422,
          "count-failed": 503,
          # a well-formed request at the wrong moment, or in conflict with the table as it is
          "not-finished": 409, "hidden": 409, "no-analysis": 409, "no-rematch": 409,
          "already-seated": 409, "seat-online": 409, "too-soon": 409, "game-over": 409,
          "replay-only": 409, "seat-taken": 409, "invite-used": 409, "seat-free": 409,
          "seats-changed": 409, "not-a-puzzle": 409, "no-seat": 409, "no-resign": 409,
          "not-for-you": 409, "next-exists": 409}
"""The HTTP status of each refusal code; any other (the request itself is wrong) is 400."""


class Body(BaseModel):
    """A request body as JSON clients send it: each field of its own JSON type (``2``, not
    ``"2"``; ``true``, not ``"yes"`` or ``1``) and no field the request does not take —
    anything else is refused (400) with the field and the type it takes, never coerced or
    ignored."""

    model_config = ConfigDict(strict=True, extra="forbid")


class SeatSpec(Body):
    kind: str = Field(description="me | invite | open | computer",
                      json_schema_extra={"enum": ["me", "invite", "open", "computer"]})
    level: str | None = Field(None, description="computer level",
                              json_schema_extra={"enum": [*LEVELS, None]})
    name: str | None = Field(None, max_length=40)


class NewSeats(Body):
    seats: list[SeatSpec] | None = Field(None, max_length=8, description="one choice per "
                                         "seat, in seat order; left out (or null): you "
                                         "against the computer (medium) in every other seat")
    name: str = Field("", max_length=40, description="your display name")


class CreateTable(NewSeats):
    game: str = Field(max_length=40, description="a game's name (GET /api/games)",
                      json_schema_extra={"enum": [g["name"] for g in list_games()]})
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=SEED_RANGE.start, le=SEED_RANGE.stop - 1,
                             description="games without hidden cards only")
    hints: bool | None = Field(None, description="whether the players may ask for hints; "
                               "left out (or null): yes, unless two seats or more are "
                               "for people (me, invite or open: a game between people, "
                               "online or at one screen)")


class SitDown(Body):
    seat: int = Field(ge=0, le=7)
    name: str = Field("", max_length=40)


class JoinTable(Body):
    token: str = Field(max_length=MAX_TOKEN_CHARS)
    name: str = Field("", max_length=40)
    hot_seat: bool = Field(False, description="take the seat although this browser holds "
                           "another one here (both are then played at one screen); without "
                           "it such a join is refused (409 already-seated)")


class SeatToken(Body):
    token: str | None = Field(None, max_length=MAX_TOKEN_CHARS,
                              description="a seat token (browsers send their cookie instead)")


class LeaveSeat(SeatToken):
    seat: int | None = Field(None, ge=0, le=7, description="only this one of the seats held "
                             "(by default every seat the token or the cookie holds)")


class ResignSeat(SeatToken):
    seat: int | None = Field(None, ge=0, le=7, description="the seat resigning, one of those "
                             "held: at a screen holding both sides (hot seat), the one on "
                             "screen (by default the seat to move if held, else the lowest)")


class NameSeat(LeaveSeat):
    name: str = Field(max_length=40, description="the name the others see for your seat")


class FreeSeat(SeatToken):
    seat: int = Field(ge=0, le=7, description="the seat of the player who is away")


class Problem(BaseModel):
    class Detail(BaseModel):
        code: str = Field(description="stable, for programs")
        message: str = Field(description="for people")
        errors: list[dict[str, Any]] | None = Field(None, description="`bad-request`: each "
                                                    "field refused, where (`loc`) and why")
        wait: int | None = Field(None, description="`too-soon`: seconds to wait")
        next: str | None = Field(None, description="`next-exists`: the next game's table")
        seat: int | None = Field(None, description="`already-seated`: the invite's seat")
        held: list[int] | None = Field(None, description="`already-seated`: the seats this "
                                       "browser holds there")
        retry_after: int | None = Field(None, description="`database-unavailable`, "
                                        "`too-many-tables`, `too-many-seat-changes`, "
                                        "`too-many-analyses`: seconds to wait (also the "
                                        "Retry-After header)")

    detail: Detail


class MoveVerdict(BaseModel):
    ply: int = Field(description="the move's number, from 1")
    seat: int = Field(description="who played it")
    move: str
    best: str | None = Field(description="a best move found in the position before it")
    before: float | None = Field(description="the mover's value before the move: 1 won, 0 "
                                 "drawn, -1 lost; a search's estimate lies in between")
    after: float | None = Field(description="the mover's value after the move")
    exact: bool = Field(description="both values are game-theoretic: the game's solver "
                        "answered for both positions, or the move won at once")
    proven: bool = Field(description="`after` is a result the search saw through to the "
                         "end (the game over, or a forced win or loss)")
    ended: bool = Field(False, description="the move ended the game: `after` is its result "
                        "for the mover (won, drawn or lost), whatever `before` is")
    source: str = Field(description="solver | end (won at once) | search | forced (the only "
                        "legal move) | failed (not judged)")
    verdict: str = Field(description="good | mistake | blunder | unknown")
    mark: str = Field(description="✓ good, ?! mistake, ? blunder; empty when unknown")


class PlayerSummary(BaseModel):
    seat: int
    moves: int
    mistakes: int
    blunders: int


class GameAnalysis(BaseModel):
    status: Literal["done"]
    table: str
    game: str
    moves_played: int
    judged_from_view: bool = Field(description="a hidden-card game (Pentic): each move "
                                   "judged from what its player could see then (their own "
                                   "hand, the grid, the scores), the cards they could not "
                                   "see dealt at random by the search")
    note: str
    thresholds: dict[str, float] = Field(description="drops of a search's value (on the -1 "
                                         "… 1 scale) that make a mistake and a blunder")
    seconds_per_move: float = Field(description="time budget of one move's verdict")
    seconds: float = Field(description="how long the analysis took")
    moves: list[MoveVerdict]
    players: list[PlayerSummary]


class AnalysisProgress(BaseModel):
    status: Literal["running"]
    done: int = Field(description="moves judged so far")
    total: int = Field(description="moves to judge")
    retry_after: int = Field(description="seconds to wait before asking again (also the "
                             "Retry-After header)")


BAD_BODY = ("`bad-request`: the body is not the JSON object the request takes — a field "
            "missing, unknown, or of another JSON type (`\"2\"` for 2, `\"yes\"` or 1 for "
            "true are refused, not read)")
SEAT_CHANGES = "Too many seat changes from this address in a minute (`too-many-seat-changes`)"


BAD_QUERY = "`bad-request`: a query parameter of another type or out of its range"
EVERY_ROUTE = {503: "The database is unreachable for now (`database-unavailable`, with "
                    "`retry_after` seconds and a Retry-After header), or a change could not "
                    "be stored (`store-failed`: nothing was changed; try again)",
               421: "Sent to a host name this server does not answer for (`bad-host`: it "
                    "was started with a list of them)"}
EVERY_POST = {**EVERY_ROUTE,
              403: "Sent from a page of another site (`bad-origin`)",
              413: "A body larger than 64 KB (`too-large`)"}


def problems(described: dict[int | str, Any], method: str = "post",
             ) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses``: each status answered as a :class:`Problem`, with what it
    means at this route, and the refusals every route (every POST) may answer — a route's
    own 403 or 503 says both, its 413 replaces the usual; an entry already written as a
    response (a success, :func:`.schemas.ok`) is kept as it is."""
    out: dict[int | str, dict[str, Any]] = {}
    for status, text in (EVERY_POST if method == "post" else EVERY_ROUTE).items():
        own = described.get(status)
        if isinstance(own, str):
            text = own if status == 413 else f"{own}; or {text[0].lower()}{text[1:]}"
        out[status] = {"model": Problem, "description": text}
    for status, entry in described.items():
        if isinstance(entry, dict):
            out[status] = entry
        elif status not in out:
            out[status] = {"model": Problem, "description": entry}
    return out


def forbidden(message: str) -> JSONResponse:
    """A 403 in the shape of every other refusal."""
    return JSONResponse({"detail": {"code": "forbidden", "message": message}}, 403)


def creator_key(request: HTTPConnection) -> str:
    """Who created a table (or asks for a hint, a count, an analysis), as far as limits per
    creator go: their address (an IPv6 address's /64: :func:`.deadlines.address_key`),
    hashed."""
    host = address_key(request.client.host) if request.client else "?"
    return hashlib.sha256(f"pentarena-creator:{host}".encode()).hexdigest()[:16]


def create_app(database_url: str | None = None, ai: str = "process",
               ai_time_limit: float | None = None, workers: int | None = None,
               allowed_origins: Iterable[str] = (), allowed_hosts: Iterable[str] | None = None,
               limits: Limits | None = None, redis_url: str | None = None,
               metrics_token: str | None = None) -> FastAPI:
    """The server application.  ``ai='thread'`` runs computer seats in threads (tests).
    With ``redis_url``, instances share table events and computer moves go to the Redis
    queue served by ``pentarena worker`` (see :mod:`.cluster`).  ``/metrics`` answers
    loopback only, or whoever sends ``metrics_token`` (default:
    ``$PENTARENA_METRICS_TOKEN``) as a bearer token."""
    metrics_token = metrics_token or os.environ.get("PENTARENA_METRICS_TOKEN") or None
    store = Store(database_url)
    queue = None
    if redis_url:
        from .cluster import ComputerQueue

        queue = ComputerQueue(redis_url)
    hub = Hub(store, WorkerPool(workers, ai), ai_time_limit, limits, make_bus(redis_url), queue)
    metrics = Metrics()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        unfinished = hub.restore()
        log.info("instance %s restored %d unfinished tables", hub.bus.instance, unfinished)
        if hub.unreadable:
            log.error("%d table(s) could not be restored and were set aside; they are "
                      "listed at /api/health", len(hub.unreadable))
        await hub.start()
        yield
        await hub.close(1012)  # "service restart": browsers reconnect, here or elsewhere
        store.close()

    app = FastAPI(title="Pentarena", version="0.1.0", lifespan=lifespan, redirect_slashes=False,
                  description="Play the Pent games: lobby API and table WebSockets.",
                  docs_url=None, redoc_url=None)  # apidocs.py's, without a CDN
    app.state.hub = hub
    app.state.metrics = metrics
    app.openapi = lambda: documented(app, FastAPI.openapi(app))
    app.add_middleware(Guard, allowed_origins=allowed_origins, allowed_hosts=allowed_hosts)
    app.add_middleware(Compress)  # the pages and /static only: never the API (assets.py)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError):
        detail = validation_problem(exc.errors(), request.headers.get("content-type", ""),
                                    body_fields(request.scope))
        return JSONResponse({"detail": jsonable_encoder(detail)}, 400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        """Every error in one shape, ``{"detail": {"code", "message"}}``: also the
        framework's own (an unknown path, a body that cannot be read as JSON at all)."""
        detail = exc.detail
        if exc.status_code == 404 and not isinstance(detail, dict) and wants_page(request):
            return no_such_page(request.url.path)  # a browser's mistyped link: a page
        if not isinstance(detail, dict):
            headers = dict(exc.headers or {})
            if exc.status_code == 405:  # every method this path takes, not one route's
                headers["Allow"] = allowed_methods(app.routes, request.scope) or ""
            message = framework_message(exc.status_code, str(detail), request.method,
                                        request.url.path, headers.get("Allow"))
            code = HTTP_CODES.get(exc.status_code, "bad-request" if exc.status_code < 500 else "error")
            return JSONResponse({"detail": {"code": code, "message": message}},
                                exc.status_code, headers=headers or None)
        return JSONResponse({"detail": detail}, exc.status_code, headers=exc.headers)

    @app.exception_handler(ProtocolError)
    async def protocol_error(request: Request, exc: ProtocolError):
        retry = exc.facts.get("retry_after")
        return JSONResponse({"detail": exc.detail()}, STATUS.get(exc.code, 400),
                            headers={"Retry-After": str(retry)} if retry else None)

    @app.exception_handler(Exception)
    async def failed(request: Request, exc: Exception):
        """A fault of ours: the same JSON shape as every other error (the traceback goes
        to the log, by the server)."""
        return JSONResponse({"detail": {"code": "error", "message": "the server failed to "
                                        "answer that; its log says why"}}, 500)

    @app.exception_handler(SQLAlchemyError)
    async def database_error(request: Request, exc: SQLAlchemyError):
        """A read the database did not answer: 503 and when to ask again (a request it
        refused is a fault of ours: 500, logged with the traceback)."""
        if not unreachable(exc):
            raise exc
        hub.store.unanswered(f"{request.method} {request.url.path}", exc)
        return await protocol_error(request, database_unavailable())

    async def held_seat(request: Request, table_id: str, token: str | None) -> int | None:
        table = await hub.get(table_id)
        held = table.seats_of([token] if token else seat_tokens(request, table_id))
        return min(held) if held else None

    # -- pages (assets.py: versioned URLs, preloads, caching) ---------------------
    pages = Pages(WEB)

    @app.get("/", include_in_schema=False)
    async def home(request: Request):
        return pages.response(request.scope, "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str, request: Request):
        game = None
        with contextlib.suppress(ProtocolError):  # no such table: the page says so itself
            game = (await hub.get(table_id)).game.name
        return pages.response(request.scope, "table.html", game)

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str, request: Request):
        if game not in pages.plugins:
            return no_rules_page(game)
        return pages.response(request.scope, "rules.html", game)

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        return FileResponse(str(WEB / "favicon.svg"), media_type="image/svg+xml")

    app.mount("/static", Assets(str(WEB), pages.version), name="static")
    add_docs(app)

    # -- lobby API ----------------------------------------------------------------
    @app.get("/api/health", summary="Is the server up; tables set aside at start",
             responses={**ok(Health, "Up"), 503: {"model": Health, "description": "Degraded: "
                        "the database (or Redis) is unreachable, or refuses writes"}})
    async def health(response: Response):
        redis_ok = await hub.bus.ping()
        database_ok = await asyncio.to_thread(hub.store.ping)
        # (answers, but refuses writes: its disk full, its file locked, read-only)
        writable = database_ok and await hub.store.writable()
        if not (redis_ok and writable):
            response.status_code = 503
        out = {"status": "ok" if redis_ok and writable else "degraded",
               "database": "ok" if writable else "unreachable" if not database_ok else
               "not-writable", "instance": hub.bus.instance,
               "tables": len(hub.tables),
               "playing": sum(t.status == "playing" for t in hub.tables.values()),
               "connections": sum(len(c) for c in hub.clients.values()),
               "jobs": {"running": hub.pool.running, "queued": hub.pool.queued},
               "set_aside": [{"id": u.id, "reason": u.reason} for u in hub.unreadable]}
        if hub.bus.distributed:
            out["redis"] = "ok" if redis_ok else "unreachable"
            out["queue"] = await hub.queue.depth() if hub.queue else {}
        return out

    @app.get("/metrics", include_in_schema=False)
    async def prometheus(request: Request):
        if metrics_token is not None:
            scheme, _, sent = request.headers.get("authorization", "").partition(" ")
            if scheme.lower() != "bearer" or not hmac.compare_digest(  # (any case: RFC 9110)
                    sent.strip().encode(), metrics_token.encode()):
                return forbidden("the metrics need the token the server was given "
                                 "(PENTARENA_METRICS_TOKEN), sent as 'Authorization: Bearer "
                                 "TOKEN'")
        elif not is_loopback(request.client.host if request.client else ""):
            return forbidden("the metrics are served to loopback only; to read them from "
                             "elsewhere, start the server with PENTARENA_METRICS_TOKEN set and "
                             "send it as 'Authorization: Bearer TOKEN'")
        metrics.connections.set(sum(len(c) for c in hub.clients.values()))
        for status in ("playing", "finished", "replay"):
            metrics.tables.labels(status).set(
                sum(t.status == status for t in hub.tables.values()))
        metrics.jobs.labels("running").set(hub.pool.running)
        metrics.jobs.labels("queued").set(hub.pool.queued)
        metrics.unwanted.labels("dropped").set(hub.pool.dropped - hub.pool.stopped)
        metrics.unwanted.labels("stopped").set(hub.pool.stopped)
        if hub.queue is not None:
            for name, depth in (await hub.queue.depth()).items():
                if depth is not None:
                    metrics.queue.labels(name).set(depth)
                else:  # not known (Redis away): no stale count shown
                    with contextlib.suppress(KeyError):
                        metrics.queue.remove(name)
        return Response(metrics.render(), media_type=CONTENT_TYPE)

    # each game's entry also says how long its thinking levels take a move at most, and
    # whether it deals hidden cards (its record is then exported once the game is over)
    def listed(g: dict[str, Any]) -> dict[str, Any]:
        game = load_game(g["name"])  # with its default options, once
        return {**g, "hidden_cards": game.hidden_information, "level_seconds": {
            level: seconds for level in LEVELS
            if (seconds := thinking_seconds(game, level)) is not None}}

    games_listed = [listed(g) for g in list_games()]

    @app.get("/api/games", summary="Every game, its options, whether it deals hidden cards "
             "(`hidden_cards`: the record waits for the end) and the computer levels (per "
             "game: the most seconds each thinking level takes a move)",
             responses=ok(Games, "The games"))
    async def games():
        return {"games": games_listed, "levels": LEVELS}

    @app.post("/api/tables", summary="Create a table", status_code=201, responses=problems({
        **ok(Created, "The table", 201),
        400: f"{BAD_BODY}; `bad-options` (an unknown game or option, or an option's value: "
             "each of its own JSON type), `bad-seed`, `bad-seats` (one choice per seat; "
             "leave `seats` out for the default, `[]` is refused)",
        429: "Too many tables from this address (`too-many-tables`)"}))
    async def create_table(body: CreateTable, request: Request, response: Response):
        seats = None if body.seats is None else [s.model_dump() for s in body.seats]
        return await created(request, response, await hub.create(
            body.game, body.options, seats, body.name, body.seed, creator_key(request),
            body.hints))

    async def created(request: Request, response: Response,
                      made: tuple[Table, dict[int, str]]) -> dict[str, Any]:
        """A new table's answer: its address, your seat's token, the others' invites."""
        table, secrets_ = made
        mine = [s for s in sorted(secrets_) if table.seats[s].token_hash]
        if mine:
            keep_seat_tokens(request, response, table.id, [secrets_[s] for s in mine])
        you = {"seat": mine[0], "token": secrets_[mine[0]]} if mine else None
        invites = [{"seat": s, "url": f"/t/{table.id}?token={t}"}
                   for s, t in secrets_.items() if s not in mine]
        others = [{"seat": s, "token": secrets_[s]} for s in mine[1:]]
        return {"id": table.id, "url": f"/t/{table.id}", "you": you, "invites": invites,
                "hotseat": others, "table": table.summary()}

    @app.post("/api/tables/{table_id}/rematch", status_code=201,
              summary="A finished Pentomino draft's rematch: a new table, the sets swapped "
                      "(2 players) or passed one seat on, seats chosen as for a new table",
              responses=problems({**ok(Created, "The new table", 201),
                  400: f"{BAD_BODY}; `bad-seats`", 404: "No such table",
                  409: "This game has no rematch, or is not over (`no-rematch`)",
                  429: "Too many tables from this address (`too-many-tables`)"}))
    async def rematch(table_id: str, body: NewSeats, request: Request, response: Response):
        source = await hub.get(table_id)
        seats = None if body.seats is None else [s.model_dump() for s in body.seats]
        return await created(request, response, await hub.rematch(
            source, seats, body.name, creator_key(request)))

    @app.post("/api/tables/{table_id}/again", status_code=201,
              summary="Play again: the same game with the same players at a new table; "
                      "each other person's seat there is kept for them (`follow`)",
              responses=problems({**ok(Created, "The new table", 201),
                  400: BAD_BODY, 403: "Only a player of this game can (`not-seated`)",
                  404: "No such table",
                  409: "The game is not over (`not-finished`), an imported record "
                       "(`replay-only`), or someone pressed Play again first "
                       "(`next-exists`: `next` names that table; take your seats there with "
                       "`follow`)",
                  429: "Too many tables from this address (`too-many-tables`)"}))
    async def again(table_id: str, body: SeatToken, request: Request, response: Response):
        """For a player of the finished game (``token``, or this browser's cookie): a new
        table with the same options (a fresh deal or seed), your seats, the computers at
        their levels and an invite for each other seat — answered as a new table is, the
        invites to send if need be; but each person who held a seat here may also take
        theirs with ``POST /api/tables/{new}/follow``, and this table's ``next`` names the
        new one.  There is one next game: once ``next`` is set, *Play again* is refused
        (``next-exists``, naming it as ``next``)."""
        t = await hub.get(table_id)
        tokens = seat_tokens(request, table_id, body.token)
        return await created(request, response, await hub.again(
            t, t.seats_of(tokens), creator_key(request)))

    @app.post("/api/tables/{table_id}/follow",
              summary="Take the seats kept for you at the next game of a game you played "
                      "(Play again), with your seat token of that game",
              responses=problems({**ok(Followed, "The seats taken"),
                  400: BAD_BODY, 404: "No such table",
                  409: "No seat here is kept for these tokens (`no-seat`), or the seats "
                       "changed meanwhile (`seats-changed`)",
                  429: SEAT_CHANGES}))
    async def follow(table_id: str, body: SeatToken, request: Request, response: Response):
        """The seats of table ``table_id`` kept for the seats that ``token`` (or this
        browser's cookie for the table before it, its ``follows``) holds at that table:
        each taken with a fresh seat token (kept in the cookie), answered as ``seats`` (and
        the first as ``seat`` and ``token``); a seat taken already by this browser is named
        again."""
        t = await hub.get(table_id)
        if t.follows is None:
            raise ProtocolError("no-seat", "this table does not follow another game: its "
                                "seats are taken with their invite links")
        before = await hub.get(t.follows)
        tokens = [body.token] if body.token else seat_tokens(request, before.id)
        taken = await hub.change_seats(
            t, lambda t: t.claim_heirs(before, tokens, seat_tokens(request, table_id)),
            creator_key(request))
        keep_seat_tokens(request, response, t.id, [token for _, token in taken])
        return {"seat": taken[0][0], "token": taken[0][1],
                "seats": [{"seat": seat, "token": token} for seat, token in taken]}

    @app.get("/api/tables", summary="Tables: open, in progress, finished",
             responses=problems({**ok(TableList, "The tables"), 400: BAD_QUERY}, "get"))
    async def tables(request: Request,
                     status: str | None = Query(None, pattern="^(playing|finished|replay)$"),
                     limit: int = Query(50, ge=1, le=500),
                     idle: bool = Query(False, description="also list the idle tables "
                                        "(nothing happened for 24 hours, or for an hour at a "
                                        "table with at most one move), hidden by default")):
        """The tables this browser holds a seat at first (``mine``: its seats), then the
        others, most recently active first.  ``idle_hidden`` counts the idle tables left out
        (ask again with ``idle=true`` to see them); each summary says whether it is ``idle``."""
        now = time.time()
        since, begun = (None, None) if idle else (now - IDLE_SECONDS, now - UNBEGUN_SECONDS)
        rows, hidden = await hub.listing(limit, status, since, also=held_tables(request),
                                         begun_since=begun)
        is_idle = {t.id: quiet(t, now - IDLE_SECONDS, now - UNBEGUN_SECONDS) for t in rows}
        held = {t.id: sorted(t.seats_of(seat_tokens(request, t.id))) for t in rows}
        rows.sort(key=lambda t: (not held[t.id], -t.updated))
        out = []
        for t in rows[:limit]:
            summary = t.summary()
            summary["mine"] = held[t.id]
            summary["idle"] = is_idle[t.id]
            out.append(summary)
        return {"tables": out, "idle_hidden": hidden}

    @app.get("/api/tables/{table_id}", summary="One table as a spectator sees it",
             responses=problems({**ok(TableState, "The table"), 404: "No such table"},
                                "get"))
    async def table(table_id: str):
        t = await hub.get(table_id, fresh=True)
        return t.payload(None, hub.connected_seats(t.id))

    @app.get("/api/tables/{table_id}/at/{ply}", summary="The table after `ply` moves (replay)",
             responses=problems({**ok(TableState, "The table at that move"),
                                 400: "No such move number here (`bad-ply`), or `ply` is "
                                      "not a whole number (`bad-request`)",
                                 404: "No such table"}, "get"))
    async def table_at(table_id: str, ply: int = Path(ge=0, le=100_000)):
        t = await hub.get(table_id, fresh=True)
        return t.payload(None, state=t.state_at(ply))

    @app.post("/api/tables/{table_id}/join",
              summary="Take a seat with its invite (the invite is then used up)",
              responses=problems({**ok(SeatAndToken, "The seat taken"),
                  400: f"{BAD_BODY}; `bad-token`: not an invite of this table",
                  404: "No such table",
                  409: "This browser holds another seat here (`already-seated`: send "
                       "`hot_seat`; `not-for-you`: a seat freed for another person), the "
                       "invite has been used or its seat freed (`invite-used`), or the "
                       "seats changed meanwhile (`seats-changed`)",
                  429: SEAT_CHANGES}))
    async def join(table_id: str, body: JoinTable, request: Request, response: Response):
        """Opened again by whoever holds its seat, a used invite just names the seat.  A
        browser that holds another seat here is asked first (409 ``already-seated``, with
        the invite's ``seat`` and the ``held`` ones): send ``hot_seat`` to take it too."""
        def claim(t):
            seat, token, seats = t.claim(body.token, body.name, seat_tokens(request, table_id),
                                         body.hot_seat)
            return (seat, token), seats

        t = await hub.get(table_id)
        seat, token = await hub.change_seats(t, claim, creator_key(request))
        keep_seat_tokens(request, response, t.id, [token], drop=[body.token])
        return {"seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/sit", summary="Take an open seat from the lobby",
              responses=problems({**ok(SeatAndToken, "The seat taken"),
                  400: f"{BAD_BODY}; `bad-seat`: the table has no such seat",
                  404: "No such table",
                  409: "The seat is taken (`seat-taken`), the game is over (`game-over`), "
                       "an imported record (`replay-only`), or the seats changed meanwhile "
                       "(`seats-changed`)",
                  429: SEAT_CHANGES}))
    async def sit(table_id: str, body: SitDown, request: Request, response: Response):
        t = await hub.get(table_id)
        token = await hub.change_seats(t, lambda t: t.sit(body.seat, body.name),
                                       creator_key(request))
        keep_seat_tokens(request, response, t.id, [token])
        return {"seat": body.seat, "token": token}

    @app.post("/api/tables/{table_id}/leave",
              summary="Give up a seat: its token stops working, its name goes, the seat "
                      "opens to anyone (games in progress)",
              responses=problems({**ok(SeatsLeft, "The seats left"),
                  400: BAD_BODY, 403: "No seat held here (`not-seated`)",
                  404: "No such table",
                  409: "The game is over (`game-over`), an imported record (`replay-only`), "
                       "or the seats changed meanwhile (`seats-changed`)",
                  429: SEAT_CHANGES}))
    async def leave(table_id: str, body: LeaveSeat, request: Request, response: Response):
        """The seats of ``token``, or else of this browser's cookie (``seat``: only that
        one); answers the first seat left and every seat left.  A seat left is open to
        anyone — in a game with hidden cards, played by the computer from then on."""
        t = await hub.get(table_id)
        tokens = seat_tokens(request, table_id, body.token)
        left = await hub.change_seats(t, lambda t: t.leave(tokens, body.seat),
                                      creator_key(request))
        retired = [token for token in tokens if not t.seats_of([token])]
        keep_seat_tokens(request, response, t.id, [], drop=retired)  # out of the cookie
        return {"seat": left[0], "seats": left}

    @app.post("/api/tables/{table_id}/resign",
              summary="Resign the game: it ends, and the other side wins (games of two "
                      "sides)",
              responses=problems({**ok(Resigned, "The game is over"),
                  400: BAD_BODY, 403: "No seat held here (`not-seated`)",
                  404: "No such table",
                  409: "The game is over (`game-over`), an imported record (`replay-only`), "
                       "a game of more than two sides (`no-resign`), "
                       "or the seats changed meanwhile (`seats-changed`)",
                  429: SEAT_CHANGES}))
    async def resign(table_id: str, body: ResignSeat, request: Request):
        """For a player (``token``, or this browser's cookie) while the game is on: the
        game ends at once, lost for the player's side (a team's partner too) and won for
        the other; the record says so (``meta.resigned``: the seat).  Two people at one
        screen (hot seat): the side of ``seat``, the one on screen, resigns."""
        t = await hub.get(table_id)
        tokens = seat_tokens(request, table_id, body.token)
        seat = await hub.resign(t, tokens, creator_key(request), body.seat)
        return {"seat": seat, "winners": t.winners_of(t.state)}

    @app.post("/api/tables/{table_id}/name",
              summary="Name your seat: what the others see in place of its colour",
              responses=problems({**ok(Named, "The name as shown"),
                  400: f"{BAD_BODY}; `bad-name`: nothing in it shows",
                  403: "No seat held here (`not-seated`)", 404: "No such table",
                  409: "The game is over (`game-over`), an imported record (`replay-only`), "
                       "or the seats changed meanwhile (`seats-changed`)",
                  429: SEAT_CHANGES}))
    async def name_seat(table_id: str, body: NameSeat, request: Request):
        """The seat of ``token`` (or of this browser's cookie; ``seat``: that one of them,
        else the first) takes the name, as a player's name is shown: control and invisible
        characters out, at most 40 characters."""
        t = await hub.get(table_id)
        tokens = seat_tokens(request, table_id, body.token)
        seat = await hub.change_seats(t, lambda t: t.rename(tokens, body.name, body.seat),
                                      creator_key(request))
        return {"seat": seat, "name": t.seats[seat].name}

    @app.post("/api/tables/{table_id}/free", status_code=201,
              summary="A player frees the seat of someone away for 2 minutes: a fresh "
                      "invite for it",
              responses=problems({**ok(Freed, "The seat is freed", 201),
                  400: f"{BAD_BODY}; `bad-seat` (no such seat, or the computer's), "
                       "`own-seat` (leave it instead)",
                  403: "Only a player at the table can (`not-seated`)",
                  404: "No such table",
                  409: "The player is connected (`seat-online`) or not away long enough "
                       "(`too-soon`, with `wait` seconds), nobody holds the seat "
                       "(`seat-free`), the game is over (`game-over`), an imported record "
                       "(`replay-only`), or the seats changed meanwhile (`seats-changed`)",
                  429: SEAT_CHANGES}))
    async def free(table_id: str, body: FreeSeat, request: Request):
        """For a seated player (``token``, or this browser's cookie) while the game is on:
        the seat of a person with no connection for 2 minutes (by the server's clock)
        loses its token and name and waits for the fresh invite answered here, to send
        on — in a game with hidden cards (Pentic) the computer plays it instead
        (``"invite": null, "computer": level``): whoever took it would see its player's
        hand, the player who freed it too.  Refused with what is wrong: not seated, the seat's player connected
        (409 ``seat-online``), not away long enough (409 ``too-soon``, with ``wait``
        seconds)."""
        t = await hub.get(table_id)
        tokens = seat_tokens(request, table_id, body.token)
        invite = await hub.free_seat(t, body.seat, tokens, creator_key(request))
        if invite is None:  # hidden cards: nobody takes over a hand that was seen
            return {"seat": body.seat, "invite": None, "computer": TAKEOVER_LEVEL}
        return {"seat": body.seat, "invite": {"seat": body.seat,
                                              "url": f"/t/{t.id}?token={invite}"}}

    @app.post("/api/tables/{table_id}/count",
              summary="Puzzles: count the solutions from the current position, or a solved "
                      "puzzle's whole region (seat only)",
              responses=problems({**ok(Counted, "The count"),
                  400: BAD_BODY, 403: "Only the puzzle's player can (`not-seated`)",
                  404: "No such table",
                  409: "Not a puzzle (`not-a-puzzle`)",
                  422: "Counting from here takes too long (`too-long`): place a few pieces",
                  503: "The count failed on the server (`count-failed`): try again",
                  429: "This table is counting already (`busy`)"}))
    async def count(table_id: str, request: Request, body: SeatToken | None = None):
        seat = await held_seat(request, table_id, body.token if body else None)
        return await hub.count_solutions(await hub.get(table_id), seat, creator_key(request))

    @app.get("/api/tables/{table_id}/analysis", response_model=GameAnalysis,
             summary="After the game: a verdict on every move",
             responses=problems({
                 202: {"model": AnalysisProgress,
                       "description": "Being computed: ask again after Retry-After"},
                 204: {"description": "``start=false`` and the analysis is neither computed "
                       "nor being computed"},
                 400: BAD_QUERY, 404: "No such table",
                 409: "The game is not over (`not-finished`), or is a puzzle (`no-analysis`)",
                 429: "Too many analyses are being computed (`too-many-analyses`): ask again "
                      "after Retry-After"}, "get"))
    async def analysis(table_id: str, request: Request, start: bool = True):
        """Every move of a finished game with the mover's value before and after it and
        a verdict: exact (won / drawn / lost) where the game's solver answers for both
        positions, else from a search (alpha-beta or MCTS, about a second a move): a drop
        of 0.3 on the -1 … 1 scale is a mistake (?!), of 0.6 a blunder (?), and so is a
        move into a loss the search sees through to the end; exact: a won or drawn game
        turned lost is a blunder, a won game drawn a mistake.

        The first request starts the computation on the worker pool (one per table at a
        time, capped at about two minutes a game) and answers **202** with the progress
        and a ``Retry-After`` header; ask again until the answer is **200**.  The result is
        kept for the table.  A hidden-card game's moves are each judged from what their
        player could see then, the other cards dealt at random by the search
        (``judged_from_view``); its analysis too waits for the end, since it shows every
        player's hand through their best moves.

        The analysis is kept with the table in the database (every instance answers the
        same one, also after a restart).  A new computation is refused with **429**
        ``too-many-analyses`` (and a ``Retry-After`` header) while the server computes as
        many as it does at once (8 by default), or two asked for from the same address; a
        table's analysis being computed, or done, is answered whoever asks.

        ``start=false`` starts nothing: the analysis or its progress if there is one,
        else **204** (the table page asks so as it opens, to show an analysis already
        made)."""
        t = await hub.get(table_id, fresh=True)
        done, body = await hub.analysis(t, creator_key(request), start)
        if done:
            return body
        if body is None:
            return Response(status_code=204)
        return JSONResponse(body, status_code=202,
                            headers={"Retry-After": str(body["retry_after"])})

    @app.get("/api/tables/{table_id}/record", summary="The game record (JSON)",
             responses=problems({
                 200: {"description": "The record (docs/records.md)",
                       "content": {"application/json": {"schema": {"type": "object"}}}},
                 404: "No such table",
                 409: "A game with hidden cards (Pentic) that is not over: its record holds "
                      "the deal (`hidden`)"}, "get"))
    async def record(table_id: str):
        t = await hub.get(table_id, fresh=True)
        return JSONResponse(t.record().to_json(), headers={
            "Content-Disposition": f'attachment; filename="pentarena-{t.game.name}-{t.id}.json"'})

    @app.post("/api/records", summary="Import a game record to replay it", status_code=201,
              openapi_extra={"requestBody": {"required": True, "description": "A game "
                             "record, as GET /api/tables/{id}/record answers it "
                             "(docs/records.md)", "content": {"application/json": {
                                 "schema": {"type": "object"}}}}},
              responses=problems({**ok(Imported, "The replay's table", 201),
                  400: "Not a record this server reads, or its moves do not replay "
                       "(`bad-record`, saying what and where)",
                  413: "Larger than 1 MB (`too-large`)",
                  429: "Too many tables from this address (`too-many-tables`)"}))
    async def import_record(request: Request):
        raw = await request.body()
        try:
            record = GameRecord.from_json(raw)
            t = await hub.import_record(record, creator_key(request))
        except StateFormatError as exc:
            raise HTTPException(400, {"code": "bad-record", "message": str(exc)}) from None
        return {"id": t.id, "url": f"/t/{t.id}", "table": t.summary()}

    # -- play ---------------------------------------------------------------------
    @app.get("/ws/{table_id}", include_in_schema=False)
    async def play_over_http(table_id: str):
        """A plain request for the play path: say what it takes instead of a bare 404."""
        raise HTTPException(426, {"code": "websocket-only", "message":
                                  "this path speaks the WebSocket protocol only: open a "
                                  "WebSocket to it (the table page does)"},
                            headers={"Upgrade": "websocket"})

    @app.websocket("/ws/{table_id}")
    async def play(ws: WebSocket, table_id: str, token: str | None = None):
        await ws.accept()
        try:
            table = await hub.get(table_id, fresh=True)
        except ProtocolError as exc:
            if exc.code != "unknown-table":  # the database out of reach: the page retries
                await ws.send_json(exc.event())
                await ws.close(code=1013)
                return
            table = None
        if table is None:
            await ws.send_json({"type": "error", "code": "unknown-table",
                                "message": f"there is no table {shown(table_id)}"})
            await ws.close(code=4404)
            return
        too_long = token is not None and len(token) > MAX_TOKEN_CHARS  # not even hashed
        tokens = () if too_long else tuple([token] if token else seat_tokens(ws, table_id))
        seats = table.seats_of(list(tokens))
        client = Client(ws, seats, tokens=tokens, owner=creator_key(ws))
        if token and not seats:
            client.send({"type": "error", "code": "bad-token", "message":
                         f"a seat token is at most {MAX_TOKEN_CHARS} characters; you are "
                         "watching" if too_long else table.no_seat_words(token)})
        try:  # joining publishes to other instances, which can fail: leave() even then
            await hub.join(table, client)
            await serve_connection(hub, table, client, ws, metrics)
        except WebSocketDisconnect:
            pass
        except Exception:  # never let one connection take the server down
            log.exception("connection to table %s failed", table_id)
            with contextlib.suppress(Exception):  # said to the page, which connects again
                await ws.close(code=1011)
        finally:
            await hub.leave(table, client)

    return app


def documented(app: FastAPI, spec: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI document as the server answers: a request that does not validate is
    a 400 :class:`Problem` (``bad-request``), not the framework's default 422 with its
    own error shape, which this server never sends."""
    for operations in spec.get("paths", {}).values():
        for op in operations.values():
            answers = op.get("responses", {})
            if answers.get("422", {}).get("description") == "Validation Error":
                del answers["422"]
                answers.setdefault("400", {
                    "description": BAD_BODY.replace("the body", "a parameter or the body"),
                    "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}}}})
    schemas = spec.get("components", {}).get("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)
    app.openapi_schema = spec
    return spec


async def serve_connection(hub: Hub, table, client: Client, ws: WebSocket,
                           metrics: Metrics, pace: Pace | None = None) -> None:
    """Read one connection's messages until it closes, no faster than its pace (see
    :mod:`.pacing`); every bad one gets an error event."""
    pace = pace or Pace(hub.limits.messages_per_second, hub.limits.message_burst)
    while not client.closed.is_set():
        await client.room()  # a burst of requests is answered as fast as it is read
        await pace.next()
        if client.closed.is_set():
            return
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            client.send({"type": "error", "code": "bad-message",
                         "message": "messages are JSON text frames, not binary"})
            continue
        seat = client.seat_for(table.state.current_player)
        try:
            msg = parse_client_message(raw)
            if isinstance(msg, MoveMessage):
                started = time.perf_counter()
                await hub.submit(table, seat, msg.move, msg.version, client)
                metrics.moves.labels("person").inc()
                metrics.move_seconds.observe(time.perf_counter() - started)
            elif isinstance(msg, SyncMessage):
                hub.send_state(table, client)
            elif isinstance(msg, PingMessage):
                client.send({"type": "pong"})
            elif isinstance(msg, HintMessage):
                hub.ask_hint(table, client, seat)  # answered when ready (or refused now)
            elif isinstance(msg, SolveMessage):
                hub.ask_solve(table, client, seat)  # plays on beside the connection
        except ProtocolError as exc:
            metrics.refused.labels(exc.code).inc()
            client.send(exc.event())
            if exc.code == "stale":
                hub.send_state(table, client)


def serve(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None,
          allowed_origins: Iterable[str] = (), redis_url: str | None = None,
          log_format: str = "text", connections_per_address: int = PER_ADDRESS,
          tables_per_minute: int = Limits.tables_per_minute,
          trust_proxy: str | None = None, away_seconds: float = Limits.away_seconds, *,
          seat_changes_per_minute: int = Limits.seat_changes_per_minute,
          idle_seconds: float = Limits.idle_seconds,
          heartbeat_seconds: float = Limits.heartbeat_seconds) -> None:
    """Run the server.  ``trust_proxy``: the addresses (comma-separated) of reverse proxies
    whose ``X-Forwarded-For``/``-Proto`` headers say who the client is and whether it came
    by HTTPS; by default none — every client is the address it connects from, so nobody
    can claim another address to get round the limits per address."""
    from .logs import setup_logging
    from .startup import hold_database, shown_url

    setup_logging(log_format, logging.WARNING if log_format == "text" else logging.INFO)
    with contextlib.ExitStack() as stack:
        # bound before anything starts: a port in use stops nothing midway
        stack.callback((sock := listen(host, port)).close)
        # one server per database, unless they share Redis (which tells each the others' moves)
        held = hold_database(database_url or default_database_url(), shared=bool(redis_url))
        if held is not None:
            stack.callback(held.close)
        loopback = host in LOOPBACK_NAMES
        app = create_app(database_url, allowed_origins=allowed_origins, redis_url=redis_url,
                         allowed_hosts=answered_hosts(allowed_origins) if loopback else None,
                         limits=Limits(tables_per_minute=tables_per_minute,
                                       seat_changes_per_minute=seat_changes_per_minute,
                                       away_seconds=away_seconds,
                                       idle_seconds=idle_seconds,
                                       heartbeat_seconds=heartbeat_seconds))
        lines = [f"Pentarena is running at http://{host}:{port}  (Ctrl+C to stop)",
                 f"Database: {shown_url(app.state.hub.store.url)}"
                 + (" (in place of sqlite://: removed when the server stops)"
                    if app.state.hub.store.scratch else "")]
        if redis_url:
            lines.append(f"Redis: {shown_url(redis_url)} (computer moves: run "
                         "'pentarena worker')")
        for line in lines:  # with --log-format json, every line is a JSON object
            if log_format == "text":
                print(line, flush=True)
            else:
                log.info("%s", line)
        if held is not None:  # (PostgreSQL restarted: taken again, or this server stops)
            held.watch(lambda why: hold_lost(app, why))
        raise_open_files_limit()
        started = run_uvicorn(
            app, sock, log_level="warning", ws_max_size=WS_MAX_SIZE,
            log_config=None,  # its lines go where (and as) setup_logging sends ours
            ws=TextFrames,  # a text frame that is not UTF-8: closed, not a traceback
            # no compression: a seat's frame holds its hand beside names an opponent
            # chooses, and the compressed sizes would tell whether they match (CRIME)
            ws_per_message_deflate=False,
            # a connection gone silent (half-open) is closed: a ping unanswered this long
            ws_ping_interval=heartbeat_seconds, ws_ping_timeout=heartbeat_seconds,
            timeout_graceful_shutdown=5,  # headers capped by the protocol (deadlines.py)
            http=guarded_protocol(per_address=connections_per_address),
            proxy_headers=bool(trust_proxy), forwarded_allow_ips=trust_proxy or None)
    if not started or (held is not None and held.lost):
        raise SystemExit(3)  # (the log says why: the tables could not be restored, say)


def hold_lost(app: FastAPI, why: str) -> None:
    """Another server took the database while this one's hold on it was lost: its copies
    of the tables may be stale from now on, so it writes nothing more and stops."""
    log.error("%s: this server stops (exit status 3), so that one server alone serves "
              "the database's tables; it refuses writes until then", why)
    app.state.hub.store.refuse(f"{why}: this server is stopping")
    stop = getattr(app.state, "stop", None)
    if stop is not None:
        stop()


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound (not listening yet); a port in use or an address this
    machine does not have is a :class:`StartupError` naming it and what to do."""
    from .startup import StartupError

    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise StartupError(f"port {port} on {host} is in use (another server is running "
                               "there?): stop it, or choose another port with --port") from None
        if exc.errno == errno.EACCES:
            raise StartupError(f"this user may not listen on port {port}: choose one above "
                               "1023 with --port (a reverse proxy can serve port 80 or 443)"
                               ) from None
        raise StartupError(f"cannot listen on {host}, port {port}: "
                           f"{exc.strerror or exc} (--host, --port)") from None
    sock.set_inheritable(True)
    return sock


def run_uvicorn(app: FastAPI, sock: socket.socket, **options: Any) -> bool:
    """Serve ``app`` on the bound socket until stopped; False if it did not start."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, **options))
    app.state.stop = lambda: setattr(server, "should_exit", True)  # (from any thread)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    return server.started


LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


def answered_hosts(allowed_origins: Iterable[str]) -> list[str]:
    """The host names a server bound to loopback answers for: loopback's, and those of
    the ``--allow-origin`` sites (a reverse proxy on the same machine passing the site's
    name: ``--allow-origin https://play.club.org`` lets ``Host: play.club.org`` in)."""
    from urllib.parse import urlsplit

    names = [urlsplit(o).hostname for o in allowed_origins]
    return [*LOOPBACK_NAMES, *(n for n in names if n)]


def raise_open_files_limit(most: int = 65536) -> None:
    """Let the process hold as many connections as the system allows it (up to ``most``):
    the soft limit on open files is often 1,024."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = most if hard == resource.RLIM_INFINITY else min(hard, most)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

