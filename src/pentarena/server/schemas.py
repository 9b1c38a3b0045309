"""What the lobby API answers, for the OpenAPI document (/docs): the shape of each success
body.  The routes return plain dicts; these models only describe them (``responses=``, not
``response_model``: nothing is filtered or coerced on the way out).  Fields a body may
grow are allowed (``extra="allow"``); tests/server/test_openapi.py checks real answers
against these schemas."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Answer(BaseModel):
    model_config = ConfigDict(extra="allow")


class SeatView(Answer):
    kind: str = Field(description="human | computer (`claimed` and `open` tell a human "
                      "seat's state)", json_schema_extra={"enum": ["human", "computer"]})
    name: str | None
    level: str | None = Field(description="a computer seat's level")
    claimed: bool = Field(description="a person holds it")
    open: bool = Field(description="anyone may take it from the lobby")
    resigned: bool
    kept: bool = Field(description="kept for the player of this seat at the game before "
                       "(Play again), whose seat token there takes it")
    earlier: list[dict[str, Any]] = Field(description="who held it before (a seat left, freed "
                                          "or handed to the computer): their name and the "
                                          "moves they played it `until`")
    connected: bool | None = Field(None, description="in a table's state: a connection is "
                                   "playing it (a computer always is)")


class TableSummary(Answer):
    id: str
    game: str = Field(description="the game's name, as in GET /api/games")
    title: str
    options: dict[str, Any]
    status: str = Field(description="playing | finished | replay")
    seats: list[SeatView]
    open_seats: list[int]
    moves: int = Field(description="moves played")
    to_move: int | None = Field(description="the seat to move; null once over")
    winners: list[int] = Field(description="the seats that won, once over (every seat in a "
                               "full draw); [] while the game is on")
    resigned: int | None
    created: float = Field(description="Unix time")
    updated: float = Field(description="Unix time of the last change")
    imported: bool = Field(description="an imported record: a replay, no moves taken")
    follows: str | None = Field(description="the table whose Play again made this one")
    next: str | None = Field(description="the table of this game's Play again")
    hints: bool


class Listed(TableSummary):
    mine: list[int] = Field(description="the seats this browser holds there")
    idle: bool


class TableList(Answer):
    tables: list[Listed]
    idle_hidden: int = Field(description="idle tables left out (ask with idle=true)")


class TableState(Answer):
    """The table as a spectator sees it: the WebSocket's ``state`` event."""
    type: str = Field(description="state")
    table: TableSummary
    version: int = Field(description="moves played up to this position")
    you: int | None
    yours: list[int]
    state: dict[str, Any] = Field(description="the position as the game's engine writes it "
                                  "(to_json), hidden cards left out")
    current_player: int | None
    history: list[str] = Field(description="the moves, as text")
    winners: list[int] = Field(description="as the table's (at this position)")
    scores: list[Any] | None = Field(description="a seat's score each (a number, or as "
                                     "the game counts it: Pent-Up's tiles a level)")
    details: Any = Field(description="the game's result details, if any")
    legal_moves: list[str] = Field(description="the seat to move's, to the connection "
                                   "holding it (empty for every other)")
    previews: dict[str, Any] | None = Field(description="what each legal move would score "
                                            "(Pentic), to the seat to move; else null")
    thinking: int | None = Field(description="the computer seat thinking now, if any")
    hands: list[list[str]] | None = Field(description="every hand, once a game with hidden "
                                          "cards is over")


class SeatAndToken(Answer):
    seat: int
    token: str = Field(description="the seat's token (secret: it plays the seat); browsers "
                       "get it in the cookie too")


class Invite(Answer):
    seat: int
    url: str = Field(description="the table's address with the seat's invite token")


class Created(Answer):
    id: str
    url: str = Field(description="the table's page")
    you: SeatAndToken | None = Field(description="your first seat, if you took one")
    invites: list[Invite] = Field(description="links to send, one a seat kept for another "
                                  "person")
    hotseat: list[SeatAndToken] = Field(description="your other seats (hot seat)")
    table: TableSummary


class Imported(Answer):
    id: str
    url: str
    table: TableSummary


class Followed(SeatAndToken):
    seats: list[SeatAndToken]


class SeatsLeft(Answer):
    seat: int = Field(description="the first seat left")
    seats: list[int]


class Resigned(Answer):
    seat: int
    winners: list[int] = Field(description="the other side's seats")


class Named(Answer):
    seat: int
    name: str | None = Field(description="the name as shown")


class Freed(Answer):
    seat: int
    invite: Invite | None = Field(description="the fresh invite to send on; null in a game "
                                  "with hidden cards, where the computer takes the seat")
    computer: str | None = Field(None, description="the level that plays the seat then")


class Counted(Answer):
    count: int = Field(description="solutions (up to symmetry from the empty region)")
    seconds: float
    nodes: int
    from_start: bool
    cached: bool


class Health(Answer):
    status: str = Field(description="ok | degraded (then with status 503)")
    database: str = Field(description="ok | unreachable | not-writable (it answers, but "
                          "refuses writes: its disk full, its file locked)")
    instance: str
    tables: int
    playing: int
    connections: int
    jobs: dict[str, int]
    set_aside: list[dict[str, Any]] = Field(description="tables not loaded at start, and why")
    redis: str | None = Field(None, description="with Redis (several instances): ok | "
                              "unreachable")
    queue: dict[str, int | None] | None = Field(None, description="with Redis: the computer "
                                                "moves' queues and their depth (null: not "
                                                "known, Redis away)")


class GameEntry(Answer):
    name: str = Field(description="what POST /api/tables takes as `game`")
    title: str
    description: str
    solo: bool
    options: dict[str, dict[str, Any]] = Field(description="each option's default, choices "
                                               "(null: free) and help")
    hidden_cards: bool = Field(description="the record waits for the end")
    level_seconds: dict[str, float] = Field(description="the most seconds each thinking "
                                            "level takes a move")


class Games(Answer):
    games: list[GameEntry]
    levels: dict[str, str] = Field(description="each computer level, and what it plays")


def ok(model: type[BaseModel], description: str, status: int = 200) -> dict[int | str, Any]:
    """OpenAPI ``responses`` entry: a success answered as ``model``."""
    return {status: {"model": model, "description": description}}
