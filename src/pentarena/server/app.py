"""The HTTP + WebSocket adapter: a thin layer over :class:`~.hub.Hub`.

REST (documented at /docs): the lobby — games, tables, joining, records.  WebSocket
``/ws/{table_id}?token=...``: play and watch one table.
"""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from ..ai.bots import LEVELS
from ..core.errors import StateFormatError
from ..core.game import list_games
from ..record import MAX_RECORD_BYTES, GameRecord
from .ai_worker import make_executor
from .hub import Hub
from .protocol import (
    HintMessage,
    MoveMessage,
    PingMessage,
    ProtocolError,
    SolveMessage,
    SyncMessage,
    parse_client_message,
)
from .store import Store

log = logging.getLogger("pentarena.server")
WEB = resources.files("pentarena") / "web"
COOKIE = "pentarena_seat_"


class SeatSpec(BaseModel):
    kind: str = Field(description="me | invite | computer")
    level: str | None = Field(None, description="computer level")
    name: str | None = None


class CreateTable(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = None
    name: str = Field("", max_length=40, description="your display name")
    seed: int | None = None


class SitDown(BaseModel):
    seat: int
    name: str = Field("", max_length=40)


class JoinTable(BaseModel):
    token: str = Field(max_length=100)
    name: str = Field("", max_length=40)


def _error(exc: ProtocolError, status: int = 400) -> HTTPException:
    return HTTPException(status_code=status, detail={"code": exc.code, "message": exc.message})


def create_app(database_url: str | None = None, ai: str = "process",
               ai_time_limit: float | None = None) -> FastAPI:
    """The server application.  ``ai='thread'`` runs computer seats in a thread (tests)."""
    store = Store(database_url)
    hub = Hub(store, make_executor(ai), ai_time_limit)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        unfinished = hub.restore()
        log.info("restored %d unfinished tables", unfinished)
        hub.start_computers()
        yield
        await hub.close()
        store.close()

    app = FastAPI(title="Pentarena", version="0.1.0", lifespan=lifespan,
                  description="Play the Pent games: lobby API and table WebSockets.")
    app.state.hub = hub

    @app.exception_handler(ProtocolError)
    async def protocol_error(request: Request, exc: ProtocolError):
        status = 404 if exc.code == "unknown-table" else 400
        return JSONResponse({"detail": {"code": exc.code, "message": exc.message}}, status)

    # -- pages --------------------------------------------------------------------
    def page(name: str) -> FileResponse:
        return FileResponse(str(WEB / name), media_type="text/html")

    @app.get("/", include_in_schema=False)
    async def home():
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str):
        return page("table.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str):
        return page("rules.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        return FileResponse(str(WEB / "favicon.svg"), media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")

    # -- lobby API ----------------------------------------------------------------
    @app.get("/api/games", summary="Every game, its options and the computer levels")
    async def games():
        return {"games": list_games(), "levels": LEVELS}

    @app.post("/api/tables", summary="Create a table", status_code=201)
    async def create_table(body: CreateTable, response: Response):
        seats = [s.model_dump() for s in body.seats] if body.seats else None
        table, tokens = hub.create(body.game, body.options, seats, body.name, body.seed)
        mine = [s for s, spec in enumerate(seats or [{"kind": "me"}]) if spec["kind"] == "me"]
        you = None
        if mine:
            you = {"seat": mine[0], "token": tokens[mine[0]]}
            response.set_cookie(COOKIE + table.id, tokens[mine[0]], httponly=False,
                                samesite="lax", max_age=30 * 86400)
        invites = [{"seat": s, "url": f"/t/{table.id}?token={t}"}
                   for s, t in tokens.items() if s not in mine]
        others = [{"seat": s, "token": tokens[s]} for s in mine[1:]]
        return {"id": table.id, "url": f"/t/{table.id}", "you": you, "invites": invites,
                "hotseat": others, "table": table.summary()}

    @app.get("/api/tables", summary="Tables: open, in progress, finished")
    async def tables(status: str | None = Query(None, pattern="^(playing|finished|replay)$"),
                     limit: int = Query(50, ge=1, le=500)):
        rows = sorted(hub.tables.values(), key=lambda t: -t.updated)
        if status:
            rows = [t for t in rows if t.status == status]
        return {"tables": [t.summary() for t in rows[:limit]]}

    @app.get("/api/tables/{table_id}", summary="One table as a spectator sees it")
    async def table(table_id: str):
        t = hub.get(table_id)
        return t.payload(None, hub.connected_seats(t.id))

    @app.get("/api/tables/{table_id}/at/{ply}", summary="The table after `ply` moves (replay)")
    async def table_at(table_id: str, ply: int):
        t = hub.get(table_id)
        return t.payload(None, state=t.state_at(ply))

    @app.post("/api/tables/{table_id}/join", summary="Take a seat through its invite token")
    async def join(table_id: str, body: JoinTable, response: Response):
        t = hub.get(table_id)
        seat = t.claim(body.token, body.name)
        response.set_cookie(COOKIE + t.id, body.token, samesite="lax", max_age=30 * 86400)
        await hub.seats_changed(t)
        return {"seat": seat}

    @app.post("/api/tables/{table_id}/sit", summary="Take an open seat from the lobby")
    async def sit(table_id: str, body: SitDown, response: Response):
        t = hub.get(table_id)
        token = t.sit(body.seat, body.name)
        response.set_cookie(COOKIE + t.id, token, samesite="lax", max_age=30 * 86400)
        await hub.seats_changed(t)
        return {"seat": body.seat, "token": token}

    @app.post("/api/tables/{table_id}/leave", summary="Give up a seat (its link stays valid)")
    async def leave(table_id: str, body: JoinTable):
        t = hub.get(table_id)
        seat = t.leave(body.token)
        await hub.seats_changed(t)
        return {"seat": seat}

    @app.post("/api/tables/{table_id}/count",
              summary="Puzzles: count every solution of the region up to symmetry")
    async def count(table_id: str):
        t = hub.get(table_id)
        if not t.solo:
            raise ProtocolError("not-a-puzzle", "only puzzles have solutions to count")
        report = await hub.count_solutions(t)
        return {"count": report.count, "seconds": report.seconds, "nodes": report.nodes}

    @app.get("/api/tables/{table_id}/record", summary="The game record (JSON)")
    async def record(table_id: str):
        t = hub.get(table_id)
        if t.game.hidden_information and not t.state.is_terminal():
            # the record's seed would reveal every hand and the pile
            raise ProtocolError("hidden", "the record of a game with hidden cards is "
                                "available once the game is over")
        rec = GameRecord.of(t.state, table=t.id, players=[s.name for s in t.seats])
        return JSONResponse(rec.to_json(), headers={
            "Content-Disposition": f'attachment; filename="pentarena-{t.game.name}-{t.id}.json"'})

    @app.post("/api/records", summary="Import a game record to replay it", status_code=201)
    async def import_record(request: Request):
        raw = await request.body()
        if len(raw) > MAX_RECORD_BYTES:
            raise HTTPException(413, {"code": "too-large",
                                      "message": f"records may be at most {MAX_RECORD_BYTES} bytes"})
        try:
            t = hub.import_record(GameRecord.from_json(raw))
        except StateFormatError as exc:
            raise HTTPException(400, {"code": "bad-record", "message": str(exc)}) from None
        return {"id": t.id, "url": f"/t/{t.id}", "table": t.summary()}

    # -- play ---------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def play(ws: WebSocket, table_id: str, token: str | None = None):
        await ws.accept()
        table = hub.tables.get(table_id)
        if table is None:
            await ws.send_json({"type": "error", "code": "unknown-table",
                                "message": f"there is no table {table_id!r}"})
            await ws.close(code=4404)
            return
        token = token or ws.cookies.get(COOKIE + table_id)
        seat = table.seat_of(token)
        if token and seat is None:
            await ws.send_json({"type": "error", "code": "bad-token",
                                "message": "this link holds no seat here; you are watching"})
        await hub.join(table, ws, seat)
        try:
            while True:
                raw = await ws.receive_text()
                try:
                    msg = parse_client_message(raw)
                    if isinstance(msg, MoveMessage):
                        await hub.submit(table, seat, msg.move, msg.version)
                    elif isinstance(msg, SyncMessage):
                        await hub.send_state(table, ws, seat)
                    elif isinstance(msg, PingMessage):
                        await ws.send_json({"type": "pong"})
                    elif isinstance(msg, HintMessage):
                        await ws.send_json({"type": "hint", "move": await hub.hint(table, seat)})
                    elif isinstance(msg, SolveMessage):
                        await hub.solve(table, seat)
                except ProtocolError as exc:
                    await ws.send_json(exc.event())
                    if exc.code == "stale":
                        await hub.send_state(table, ws, seat)
        except WebSocketDisconnect:
            pass
        except Exception:  # never let one connection take the server down
            log.exception("connection to table %s failed", table_id)
        finally:
            await hub.leave(table, ws)

    return app


def serve(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None) -> None:
    import uvicorn

    app = create_app(database_url)
    print(f"Pentarena is running at http://{host}:{port}  (Ctrl+C to stop)", flush=True)
    print(f"Database: {app.state.hub.store.url}", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
