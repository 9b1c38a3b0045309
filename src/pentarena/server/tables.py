"""Tables and seats, without any I/O: who sits where, what each may see, move checks.

The server keeps one :class:`Table` per game being played.  A table is authoritative: a
move is accepted only from the seat whose secret token is presented, on its turn, at the
current state version, and only if the engine says it is legal.

Nothing here changes a table as a side effect of a check: :meth:`Table.check_move` and the
seat operations compute what *would* change, the hub commits it to the store, and only then
does the table take it (:meth:`Table.accept`, :attr:`Table.seats`), so a failed write leaves
no trace.

Tokens: a *seat token* is the seat's secret for as long as it is held.  An *invite* is a
one-use secret that turns into a fresh seat token for whoever claims the seat with it.
*Play again* (:meth:`Table.again_seats`) makes the invite of each other person's seat at the
next table from the seat token they hold here (:func:`heir_invite`), so that the server can
hand it to them when they ask for it with that token, without keeping it anywhere.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import hmac
import secrets
import time
import unicodedata
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from ..ai.bots import LEVELS
from ..core.errors import IllegalMoveError, InvalidMoveError, shown
from ..core.game import Game, State, game_info, resolve_options
from ..record import MAX_RECORD_MOVES, SETUP_FIELDS, GameRecord, check_seed, computer_named
from .protocol import ProtocolError
from .store import StoredTable

SEAT_KINDS = ("me", "invite", "open", "computer")
PEOPLE_KINDS = SEAT_KINDS[:3]
"""The seat choices played by people: the creator's, a friend's, anyone's."""
# the refusals of a move as such (its text or its legality): a computer's move refused so
# is replaced by a random legal one; any other refusal ends its turn
MOVE_REFUSALS = frozenset({"invalid-move", "illegal-move"})


def new_token() -> str:
    """A secret from the OS's secure source: 144 random bits, URL-safe text."""
    return secrets.token_urlsafe(18)


def heir_invite(token_hash: str, table_id: str) -> str:
    """The invite of the seat at table ``table_id`` kept for whoever holds, at the table
    before it, the seat token whose hash is ``token_hash`` (*Play again*): an HMAC of the
    new table's id keyed with that hash — a secret no client is ever sent, made from a
    token of 144 random bits — so 144 bits as unguessable as :func:`new_token`'s, URL-safe
    text of the same length."""
    digest = hmac.new(bytes.fromhex(token_hash), b"pentarena-again:" + table_id.encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


AWAY_SECONDS = 120.0
"""A seat whose player has been away (no connection) this long may be freed by another
player of the table (:meth:`Table.free`)."""
IDLE_SECONDS = 600.0
"""... and so may the seat of a player who has had the turn this long without moving,
connected or not: keeping a connection open stalls nobody's game for ever."""
HEARTBEAT_SECONDS = 20.0
"""How often a WebSocket is pinged, and how long its answer is waited for (see
:attr:`.hub.Limits.heartbeat_seconds`)."""


def duration(seconds: float) -> str:
    """A short time for people: "45 s", "2 min", "1 min 15 s"."""
    s = max(1, round(seconds)) if seconds > 0 else 0
    minutes, rest = divmod(s, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min" + (f" {rest} s" if rest else "")


NAME_LENGTH = 40
"""The most characters of a player's name."""


def player_name(text: Any) -> str:
    """A name as others are shown it: control and invisible formatting characters out
    (NUL, newlines, zero-width spaces, the marks that reverse the text after them; the
    joiner of emoji sequences stays), runs of spaces made one, at most ``NAME_LENGTH``."""
    kept = "".join(c if c == "\u200d" or unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co", "Cn")
                   else " " if c.isspace() else "" for c in str(text or ""))
    return " ".join(kept.split())[:NAME_LENGTH].strip()


LOOKALIKES = str.maketrans({
    "с": "c", "ϲ": "c", "ᴄ": "c", "о": "o", "ο": "o", "օ": "o", "ᴏ": "o", "0": "o",
    "м": "m", "ᴍ": "m", "р": "p", "ρ": "p", "ᴘ": "p", "υ": "u", "ս": "u", "ᴜ": "u",
    "т": "t", "τ": "t", "ᴛ": "t", "е": "e", "ε": "e", "ҽ": "e", "ᴇ": "e", "г": "r",
    "ᴦ": "r", "ʀ": "r"})
"""Letters of other alphabets drawn as the Latin letters of 'computer' (Cyrillic 'с',
'о', 'р', 'е'; Greek 'ο', 'ρ', 'τ'; small capitals), read as those letters where a name
is checked against the computer's (never in the name kept)."""


def person_name(text: Any) -> str:
    """:func:`player_name` for a person's seat: one that would pass for the computer's
    ('computer (expert)', 'White (computer, hard)': the page names its seats so), also
    written in compatibility forms of its letters (fullwidth, superscript) or in letters of
    other alphabets that look like them (:data:`LOOKALIKES`; 'rn' for 'm'), is refused."""
    label = player_name(text)
    # compatibility forms read as their letters (fullwidth 'ｃｏｍｐｕｔｅｒ', 'ᶜomputer'), and
    # look-alikes as the letters they look like (Cyrillic 'Сomputer', 'cornputer'), before
    # and after (NFKC makes the lunate sigma 'Ϲ' a plain 'Σ')
    reads = {text.casefold().translate(LOOKALIKES).replace("rn", "m")
             for text in (label, unicodedata.normalize("NFKC", label))}
    if any(low.startswith("computer") or "(computer" in low for low in reads):
        raise ProtocolError("bad-name", "a person's name may not start with 'computer' or "
                            "hold '(computer': that is how the computer's seats are named")
    return label


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _matches(stored: str | None, token_hash: str) -> bool:
    return bool(stored) and hmac.compare_digest(stored, token_hash)


TAKEOVER_LEVEL = "medium"
"""The computer level that plays a seat left or freed in a game with hidden cards."""

EARLIER_KEPT = 16
"""How many of a seat's earlier holders it names (:meth:`Seat.handed_over`): seat changes
are counted a minute per address, and a game rarely sees more than two or three."""


@dataclass
class Seat:
    kind: str  # "human" or "computer"
    name: str = ""
    level: str | None = None
    token_hash: str | None = None   # the seat token of whoever holds the seat
    claimed: bool = False
    open: bool = False              # anyone may sit here from the lobby
    invite_hash: str | None = None  # an invite nobody has used yet
    used_invite_hash: str | None = None  # the invite that was used (to say so)
    freed_invite_hashes: list[str] = field(default_factory=list)
    """The used invites of players whose seat was freed while they were away (to say so)."""
    resigned: bool = False
    """Its player resigned the game (the other side won)."""
    kept: bool = False
    """Kept for the player of the game before (*Play again*): its invite was sent to
    nobody, the seat is taken with ``follow``; a player may free it when nobody came."""
    freed: bool = False
    """Its invite was made by *Free seat*: for another person, never taken by a player
    seated here already (who would play both sides under the name of the one who left)."""
    earlier: list[dict[str, Any]] = field(default_factory=list)
    """Who held the seat before, oldest first: ``{"name", "until"}``, the moves before
    move ``until`` (counted from 0) that the seat played were theirs (:meth:`handed_over`);
    a name "" is shown as the seat's colour."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"a seat has unknown fields {sorted(unknown)}")
        seat = cls(**data)
        if seat.kind not in ("human", "computer"):
            raise ValueError(f"a seat's kind is human or computer, not {seat.kind!r}")
        return seat

    def spend_invite(self, invite_hash: str) -> str:
        """Take this seat with its invite (hashed ``invite_hash``): the invite is used up,
        the seat held by the fresh token returned."""
        fresh = new_token()
        self.token_hash, self.invite_hash, self.used_invite_hash = hash_token(fresh), None, invite_hash
        self.claimed, self.kept, self.freed = True, False, False
        return fresh

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level,
                "claimed": self.claimed, "open": self.open, "resigned": self.resigned,
                "kept": self.kept, "earlier": self.earlier}

    def handed_over(self, before: Seat, moves: int) -> None:
        """This seat, as it is now, follows ``before`` after ``moves`` moves: when the
        person (or computer) who held it is gone — its token or kind changed — and it has
        been held since the last handing over, their name is kept for the moves before
        (a seat freed, left, or taken over by the computer; not a player renaming
        themselves), the last :data:`EARLIER_KEPT` holders."""
        self.earlier = list(before.earlier)
        held = before.claimed or before.kind == "computer"
        gone = before.token_hash != self.token_hash or before.kind != self.kind
        since = self.earlier[-1]["until"] if self.earlier else 0
        if held and gone and moves > since:
            self.earlier = [*self.earlier, {"name": before.name, "until": moves}][-EARLIER_KEPT:]


REPLAY_STRIDE = 32
"""A replay keeps the state after every this many moves (see :meth:`Table.state_at`)."""


class Table:
    """One game at the server: the engine state plus its seats."""

    def __init__(self, table_id: str, initial: State, seats: list[Seat],
                 created: float | None = None, imported: bool = False,
                 creator: str | None = None) -> None:
        self.id = table_id
        self.game: Game = initial.game
        self.initial = initial.clone()
        self.setup = GameRecord.of(initial)  # seed or secret deck: never sent before the end
        self.seats = seats
        self.state: State = initial
        self.created = created or time.time()
        self.updated = self.created
        self.imported = imported
        self.creator = creator
        self.thinking: int | None = None
        self.revision = 0  # goes up with every change a client can see
        self.seats_version = 0  # seat changes stored (the fence for the next one)
        self.follows: str | None = None  # the table whose players started this one (Play again)
        self.next_table: str | None = None  # the table its players went on to (Play again)
        self.imported_meta: dict[str, Any] | None = None  # an imported record's meta
        self.solved_from: int | None = None
        """A puzzle the computer finished (Solve): the moves its player had made by then."""
        self.hints = True
        """Whether the players may ask for hints (off: a game between people, by default)."""
        self._replay_states: list[State] = []  # see state_at
        self._replay_moves: list[str] = []

    @property
    def seed(self) -> int | None:
        return self.setup.seed

    # -- construction -------------------------------------------------------------
    @classmethod
    def create(cls, game_name: str, options: dict[str, Any], seat_specs: list[dict[str, Any]],
               seed: int | None = None, name: str = "", creator: str | None = None,
               heirs: dict[int, str] | None = None, hints: bool | None = None,
               ) -> tuple[Table, dict[int, str]]:
        """A new game's table and the secret of every human seat (seat -> token for the
        creator's own seats, invite for the others; ``heirs`` and ``hints``: see
        :meth:`seated`)."""
        try:  # JSON: each option of its own type ("2" is not 2, "yes" not true)
            game = game_info(game_name).factory(**resolve_options(game_name, options or {},
                                                                  text=False))
        except ValueError as exc:
            raise ProtocolError("bad-options", str(exc)) from None
        if seed is not None and game.hidden_information:
            raise ProtocolError("bad-seed", f"{game_name} deals hidden cards: the server "
                                "shuffles them in secret, so a table cannot be given a seed")
        try:
            seed = check_seed(seed)
        except ValueError as exc:
            raise ProtocolError("bad-seed", str(exc)) from None
        if seed is None and not game.hidden_information:
            seed = secrets.randbelow(2**31)  # perfect information: nothing to keep secret
        # hidden cards: the OS's secure shuffle
        return cls.seated(game.new_initial_state(seed=seed), seat_specs, name, creator, heirs,
                          hints)

    @classmethod
    def seated(cls, start: State, seat_specs: list[dict[str, Any]] | None, name: str = "",
               creator: str | None = None, heirs: dict[int, str] | None = None,
               hints: bool | None = None) -> tuple[Table, dict[int, str]]:
        """A table whose game begins at ``start`` (a new game's first position, or a
        rematch's: :meth:`rematch_start`), its seats as ``seat_specs`` ask, and the secret
        of every human seat.  ``heirs``: invite seats kept for the holders of seat tokens
        at the table before (seat -> that token's hash; :func:`heir_invite`), never from
        a client."""
        table_id = secrets.token_urlsafe(9)
        n = start.game.num_players
        specs = ([{"kind": "me"}] + [{"kind": "computer"}] * (n - 1) if seat_specs is None
                 else list(seat_specs))  # [] is no seat at all, not the default
        if len(specs) != n:
            plural = lambda k, word: f"{k} {word}{'s' if k != 1 else ''}"  # noqa: E731
            default = "yours" if n == 1 else "yours first, the computer's in the others"
            raise ProtocolError("bad-seats", f"{start.game.name} with these options has "
                                f"{plural(n, 'seat')}; got {plural(len(specs), 'seat choice')}: "
                                f"send one choice per seat, or leave 'seats' out for the "
                                f"default ({default})")
        seats, secrets_ = [], {}
        # the creator's name goes on their first seat: a hot-seat table's other seats are
        # other people's (named as they play, or by colour)
        first_mine = next((i for i, spec in enumerate(specs)
                           if isinstance(spec, dict) and spec.get("kind") == "me"), None)
        for i, spec in enumerate(specs):
            if not isinstance(spec, dict):
                raise ProtocolError("bad-seats", "each seat is an object with a 'kind'")
            kind = spec.get("kind")
            if kind not in SEAT_KINDS:
                raise ProtocolError("bad-seats", f"seat {i}: kind must be one of "
                                    f"{', '.join(SEAT_KINDS)}, got {kind!r}")
            label = (player_name if kind == "computer" else person_name)(
                spec.get("name") or (name if i == first_mine else ""))
            if kind == "computer":
                if game_info(start.game.name).solo:
                    raise ProtocolError("bad-seats", f"{start.game.name} is a puzzle for one "
                                        "person: its seat cannot be a computer's (the page's "
                                        "Hint and Solve ask the solver)")
                level = spec.get("level") or "medium"
                if level not in LEVELS:
                    raise ProtocolError("bad-seats", f"seat {i}: unknown computer level "
                                        f"{level!r}; levels: {', '.join(LEVELS)}")
                seats.append(Seat("computer", label, level,  # the page names it: colour + level
                                  claimed=True))
            elif kind == "open":
                seats.append(Seat("human", label, open=True))
            elif kind == "me":
                secrets_[i] = new_token()
                seats.append(Seat("human", label, token_hash=hash_token(secrets_[i]),
                                  claimed=True))
            else:
                heir = (heirs or {}).get(i)
                secrets_[i] = heir_invite(heir, table_id) if heir else new_token()
                seats.append(Seat("human", label, invite_hash=hash_token(secrets_[i]),
                                  kept=bool(heir)))
        table = cls(table_id, start.clone(), seats, creator=creator)
        # a game between people (two seats of people or more: friends elsewhere, or taking
        # turns at one screen) is played without the computer's help unless its creator
        # asks for hints (everyone's then, and every seat sees that they are on)
        table.hints = hints if hints is not None else sum(
            spec.get("kind") in PEOPLE_KINDS for spec in specs) < 2
        return table, secrets_

    def again_seats(self, held: frozenset[int]) -> tuple[list[dict[str, Any]], dict[int, str]]:
        """*Play again* by the holder of the seats ``held``: the next table's seat choices
        (theirs again, the computers at their levels, an invite for every other seat, its
        player's name kept) and the heirs of those invites (:meth:`seated`): each person
        seated here may take their seat there with the seat token they hold here."""
        self._finished_for_again(held)
        specs: list[dict[str, Any]] = []
        heirs: dict[int, str] = {}
        for i, s in enumerate(self.seats):
            if i in held:
                specs.append({"kind": "me", "name": s.name})
            elif s.kind == "computer":
                specs.append({"kind": "computer", "level": s.level, "name": s.name})
            else:
                specs.append({"kind": "invite", "name": s.name if s.claimed else ""})
                if s.claimed and s.token_hash:
                    heirs[i] = s.token_hash
        return specs, heirs

    def _finished_for_again(self, held: frozenset[int]) -> None:
        if not held:
            raise ProtocolError("not-seated", "only a player of this game can start the next "
                                "one with the same players (a new table from the lobby is "
                                "anyone's)")
        if self.imported:
            raise ProtocolError("replay-only", "this is an imported record: start a new game "
                                "from the lobby")
        if not self.over:
            raise ProtocolError("not-finished", "the game is not over yet")

    def claim_heirs(self, before: Table, tokens: list[str], held: list[str],
                    ) -> tuple[list[tuple[int, str]], list[Seat] | None]:
        """Take the seats kept here for the seats ``tokens`` hold at the table ``before``
        (this table's :attr:`follows`): (seat, fresh token) for each, and the new seats.
        Seats the browser holds here already (``held``) are named again; nothing kept for
        these tokens: ProtocolError."""
        if before.id != self.follows:
            raise ProtocolError("no-seat", "this table does not follow that one")
        seats, taken = self._seats_copy(), []
        mine = self.seats_of(list(held))
        for j in sorted(before.seats_of(tokens)):
            h = hash_token(heir_invite(before.seats[j].token_hash, self.id))
            for i, s in enumerate(seats):
                if _matches(s.invite_hash, h):
                    taken.append((i, s.spend_invite(h)))
                elif _matches(s.used_invite_hash, h) and i in mine:
                    taken.append((i, next(t for t in held if _matches(s.token_hash,
                                                                       hash_token(t)))))
        if not taken and mine:  # nothing kept, but seats held here (the one who pressed
            # Play again, in a second tab): named again
            taken = [(i, next(t for t in held if _matches(seats[i].token_hash, hash_token(t))))
                     for i in sorted(mine)]
        if not taken:
            raise ProtocolError("no-seat", "no seat here is kept for you: the invite link of "
                                "your seat may have been used, or you did not play the game "
                                "before; watch, or ask the players for a link")
        changed = any(self.seats[i].token_hash != seats[i].token_hash for i, _ in taken)
        return taken, (seats if changed else None)

    def rematch_start(self) -> State:
        """The first position of this game's rematch, where the game offers one (a
        finished Pentomino draft: the sets swapped or passed one seat on)."""
        if getattr(self.state, "rematch", None) is None:
            raise ProtocolError("no-rematch", f"{self.game.name} has no rematch: start a new "
                                "game instead")
        if self.status == "replay":
            raise ProtocolError("no-rematch", "an imported record has no rematch: start a "
                                "new game instead")
        try:
            return self.state.rematch(resigned=self.resigned is not None)
        except ValueError as exc:
            raise ProtocolError("no-rematch", str(exc)) from None

    @classmethod
    def from_stored(cls, t: StoredTable) -> Table:
        """Rebuild a stored table; ValueError (or TypeError) says what does not fit."""
        record = GameRecord(t.game, t.options, t.seed, [],
                            **{key: t.private.get(key) for key in SETUP_FIELDS})
        seats = [Seat.from_dict(s) for s in t.seats]
        table = cls(t.id, record.initial_state(), seats, t.created, t.imported,
                    t.private.get("creator"))
        if len(seats) != table.game.num_players:
            raise ValueError(f"{len(seats)} seats for a {table.game.num_players}-seat game")
        for i, text in enumerate(t.moves):
            try:
                table.state.apply(text)
            except ValueError as exc:
                raise ValueError(f"move {i + 1} ({text!r}) does not replay: {exc}") from None
        table.updated = t.updated
        table.seats_version = t.seats_version
        table.follows = t.private.get("follows") if isinstance(t.private.get("follows"),
                                                                str) else None
        table.next_table = t.next_table
        solved_from = t.private.get("solved_from")
        table.solved_from = solved_from if type(solved_from) is int else None
        table.hints = t.private.get("hints") is not False
        meta = t.private.get("meta")
        table.imported_meta = meta if isinstance(meta, dict) else None
        return table

    @classmethod
    def from_record(cls, record: GameRecord) -> Table:
        initial = record.initial_state()
        seats = [Seat("human", claimed=True) for _ in range(initial.game.num_players)]
        names = record.meta.get("players")
        if isinstance(names, list) and len(names) == len(seats):
            for seat, who in zip(seats, names):
                computer = computer_named(who)
                if computer in LEVELS:  # shown as the computer's seats are: by colour
                    seat.kind, seat.level = "computer", computer
                elif isinstance(who, str):  # unnamed stays unnamed: the page shows its colour
                    seat.name = player_name(who)
        table = cls(secrets.token_urlsafe(9), initial, seats, imported=True)
        table.state = record.final_state()
        for seat, held in zip(seats, record.earlier_players(len(seats))):
            seat.earlier = [{"name": player_name(h["name"]), "until": h["until"]}
                            for h in held][-EARLIER_KEPT:]
        resigned = record.resigned(table.state)  # a game that ended by a resignation
        if resigned is not None:
            seats[resigned].resigned = True
        table.solved_from = record.solved_from()  # a puzzle the computer finished
        table.imported_meta = dict(record.meta)   # given back with its record
        return table

    def private(self) -> dict[str, Any]:
        """What the table stores that no client is sent: its setup (the secret deck, a
        rematch's sets), its creator, and what happened at it (Play again, a Solve); an
        imported record's ``meta`` (its record gives it back)."""
        private: dict[str, Any] = self.setup.setup()
        if self.creator:
            private["creator"] = self.creator
        if self.follows:
            private["follows"] = self.follows
        if self.solved_from is not None:
            private["solved_from"] = self.solved_from
        if not self.hints:
            private["hints"] = False
        if self.imported_meta:
            private["meta"] = self.imported_meta
        return private

    def stored(self) -> StoredTable:
        return StoredTable(self.id, self.game.name, dict(self.game.options), self.seed,
                           [asdict(s) for s in self.seats], self.status, self.created,
                           self.updated, self.imported, self.state.history(), self.private(),
                           self.seats_version, self.next_table)

    # -- queries --------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.state.history())

    @property
    def status(self) -> str:
        return self.status_of(self.state)

    @property
    def resigned(self) -> int | None:
        """The seat whose player resigned the game, if one did."""
        return next((i for i, s in enumerate(self.seats) if s.resigned), None)

    @property
    def over(self) -> bool:
        """The game is over: played to its end, or resigned."""
        return self.state.is_terminal() or self.resigned is not None

    def _resigned_at(self, state: State) -> bool:
        """``state`` is the last position of a game that was resigned there (this table's
        state, or its replay's last step)."""
        return self.resigned is not None and (
            state is self.state or len(state.history()) == len(self.state.history()))

    def _ended(self, state: State) -> bool:
        """``state`` (this table's, or a step of its replay) is where the game ended."""
        return state.is_terminal() or self._resigned_at(state)

    def winners_of(self, state: State) -> list[int]:
        """The winning seats at ``state``: by the rules, or after a resignation the seats of
        every side but the resigner's."""
        if self._resigned_at(state):
            return sorted(self.game.opponents(self.resigned))
        return sorted(state.winners())

    def status_of(self, state: State) -> str:
        """playing | finished | replay (an imported record), for this table at ``state``."""
        if self._ended(state):
            return "finished"
        if self.imported:
            return "replay"
        return "playing"

    def seats_of(self, tokens: list[str]) -> frozenset[int]:
        """The seats whose secret tokens are among ``tokens``."""
        hashes = [hash_token(t) for t in tokens if t]
        return frozenset(i for i, seat in enumerate(self.seats)
                         if any(_matches(seat.token_hash, h) for h in hashes))

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose secret ``token`` this is, or None (a spectator)."""
        held = self.seats_of([token] if token else [])
        return min(held) if held else None

    def no_seat_words(self, token: str) -> str:
        """Why a connection presenting ``token`` holds no seat (it watches): an invite not
        claimed yet, one used already, or a token that holds nothing here (any more)."""
        h = hash_token(token)
        for i, s in enumerate(self.seats):
            if _matches(s.invite_hash, h):
                return (f"this is the invite for {self.seat_words(i)}, not a seat token: "
                        f"claim it first (POST /api/tables/{self.id}/join) and connect with "
                        "the seat token it answers; you are watching")
            if _matches(s.used_invite_hash, h) or any(
                    _matches(old, h) for old in s.freed_invite_hashes):
                return ("this invite has been used: connect with the seat token its join "
                        "answered (a browser keeps it); you are watching")
        return ("this token holds no seat here (a seat token of another table, or of a seat "
                "given up or freed); you are watching")

    def open_seats(self) -> list[int]:
        """Human seats nobody has taken yet (invite or open)."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and not s.claimed]

    def open_public_seats(self) -> list[int]:
        """Seats anyone may take from the lobby."""
        return [i for i in self.open_seats() if self.seats[i].open and self.status == "playing"]

    @property
    def solo(self) -> bool:
        return game_info(self.game.name).solo

    @property
    def computer_only(self) -> bool:
        """Only computers play here (an imported record plays no more)."""
        return not self.imported and all(s.kind == "computer" for s in self.seats)

    def check_room(self) -> None:
        """Refuse (``too-long``) a move, or a hint to play one, at the table's move limit
        (a puzzle's places and removes: records stay readable)."""
        if self.version >= MAX_RECORD_MOVES:
            raise ProtocolError("too-long", f"this table has reached its limit of "
                                f"{MAX_RECORD_MOVES} moves: start a new one")

    def computer_to_move(self) -> int | None:
        """The computer seat to move, if one is and the table takes moves (not an imported
        record, not at its move limit)."""
        seat = self.state.current_player
        if (seat is not None and self.seats[seat].kind == "computer" and not self.imported
                and self.version < MAX_RECORD_MOVES and self.resigned is None):
            return seat
        return None

    def summary(self) -> dict[str, Any]:
        info = game_info(self.game.name)
        return {
            "id": self.id, "game": self.game.name, "title": info.title,
            "options": dict(self.game.options), "status": self.status,
            "seats": [s.public() for s in self.seats], "open_seats": self.open_seats(),
            "open_public_seats": self.open_public_seats(),
            "moves": self.version,
            "to_move": None if self.over else self.state.current_player,
            "winners": self.winners_of(self.state), "resigned": self.resigned,
            "created": self.created,
            "updated": self.updated, "imported": self.imported,
            "follows": self.follows, "next": self.next_table,
            "solved_from": self.solved_from, "hints": self.hints,
        }

    def payload(self, seat: int | None, connected: set[int] | None = None,
                state: State | None = None, yours: tuple[int, ...] | None = None,
                ) -> dict[str, Any]:
        """The ``state`` event for a connection sitting at ``seat`` (None: spectator) of
        the seats ``yours`` (several: hot seat; by default ``seat`` alone)."""
        state = state or self.state
        view = state.view(seat)
        ended = self._ended(state)
        mine = (seat is not None and seat == state.current_player and state is self.state
                and not ended)
        summary = self.summary()
        if connected is not None:
            for i, s in enumerate(summary["seats"]):
                s["connected"] = s["kind"] == "computer" or i in connected
        return {
            "type": "state",
            "table": summary,
            "version": len(state.history()),
            "you": seat,
            "yours": list(yours) if yours is not None else [] if seat is None else [seat],
            "state": view.to_json(),
            "current_player": None if ended else state.current_player,
            "history": state.history(),
            "winners": self.winners_of(state),
            "scores": state.scores(),
            "details": state.result_details(),
            "legal_moves": [str(m) for m in state.legal_moves()] if mine else [],
            "previews": view.move_previews() if mine else None,
            "thinking": self.thinking if state is self.state else None,
            "hands": self._revealed_hands(state),
        }

    def _revealed_hands(self, state: State) -> list[list[str]] | None:
        """Every seat's hand in ``state`` (a position of this table's game, the final one
        or one stepped to in its replay) once the game is over — its record, the deal
        included, is anyone's then — in a game with hidden cards; None otherwise."""
        if not (self.game.hidden_information and self.over):
            return None
        hands = state.to_json().get("hands")
        return [list(h) for h in hands] if isinstance(hands, list) else None

    def state_at(self, ply: int) -> State:
        """The state after ``ply`` moves (for replays): played on from the kept state
        nearest before it (:meth:`_replay_from`), at most :data:`REPLAY_STRIDE` - 1 moves,
        so stepping through a long game's replay costs the same at every step."""
        history = self.state.history()
        if not 0 <= ply <= len(history):
            raise ProtocolError("bad-ply", f"ply must be between 0 and {len(history)}")
        if ply == len(history):
            return self.state.clone()
        start, kept = self._replay_from(history, ply)
        state = kept.clone()
        for text in history[start:ply]:
            state.apply(text)
        return state

    def _replay_from(self, history: list[str], ply: int) -> tuple[int, State]:
        """The kept state after the largest multiple of :data:`REPLAY_STRIDE` moves up to
        ``ply``, and that multiple; kept states are made as replays ask for them and
        dropped if the moves they were played from are no longer the game's."""
        kept = self._replay_states
        if not kept or history[:len(self._replay_moves)] != self._replay_moves:
            kept[:] = [self.initial.clone()]
        while len(kept) <= ply // REPLAY_STRIDE:
            done = (len(kept) - 1) * REPLAY_STRIDE
            state = kept[-1].clone()
            for text in history[done:done + REPLAY_STRIDE]:
                state.apply(text)
            kept.append(state)
        self._replay_moves = history[:(len(kept) - 1) * REPLAY_STRIDE]
        k = ply // REPLAY_STRIDE
        return k * REPLAY_STRIDE, kept[k]

    def record(self) -> GameRecord:
        """The game record (with the deal: only once a hidden-information game is over)."""
        if self.game.hidden_information and not self.over:
            raise ProtocolError("hidden", "the record of a game with hidden cards is "
                                "available once the game is over")
        names = [s.name or (f"computer ({s.level})" if s.kind == "computer" else "")
                 for s in self.seats]
        facts = {} if self.resigned is None else {"resigned": self.resigned}
        if self.solved_from is not None:
            facts["solved_from"] = self.solved_from
        if any(s.earlier for s in self.seats):
            facts["earlier_players"] = [s.earlier for s in self.seats]
        meta = {"table": self.id, "players": names, **facts}
        if self.imported_meta:  # an imported record's own facts, as it gave them
            meta.update(self.imported_meta)
        rec = GameRecord.of(self.state, **meta)
        rec.seed, rec.deck = self.setup.seed, self.setup.deck
        return rec

    # -- seats: each returns the new seat list; the hub stores it, then sets it -----
    def _seats_copy(self) -> list[Seat]:
        return copy.deepcopy(self.seats)

    def claim(self, token: str, name: str = "", held: list[str] = (),
              hot_seat: bool = False) -> tuple[int, str, list[Seat] | None]:
        """Use an invite: returns (seat, a fresh seat token, the new seats).  The invite
        is spent; a seat token presented again just names its seat (same token, no new
        seats), and so does a used invite presented by whoever holds its seat (``held``:
        the tokens the browser holds here); a used invite whose player has left the seat
        since (free to anyone) takes it again.  Someone holding a seat here already takes
        a second one only with ``hot_seat``."""
        h = hash_token(token or "")
        mine = self.seats_of(list(held))
        seats = self._seats_copy()
        def not_seated_here(i: int) -> None:
            if mine and not hot_seat:
                raise ProtocolError("already-seated", "you already hold "
                                    f"{self.seat_words(min(mine))} here; this invite is "
                                    f"for {self.seat_words(i)}: send "
                                    '"hot_seat": true to play both at this screen, or '
                                    "pass the link on to the person it is for",
                                    seat=i, held=sorted(mine))

        for i, s in enumerate(seats):
            if _matches(s.invite_hash, h):
                if s.freed and mine:
                    raise ProtocolError("not-for-you", f"this seat was freed for another "
                                        f"person to take: you play {self.seat_words(min(mine))}"
                                        " here already; send the link to who is to play it")
                not_seated_here(i)
                fresh = s.spend_invite(h)
                s.name = person_name(name) or s.name
                return i, fresh, seats
            if _matches(s.token_hash, h):
                return i, token, None
            if any(_matches(old, h) for old in s.freed_invite_hashes):
                if self.over:
                    raise ProtocolError("invite-used", "this invite's seat was freed while "
                                        "its player was away, and the game is over: here is "
                                        "how it went")
                raise ProtocolError("invite-used", "this invite's seat was freed while its "
                                    "player was away: ask the players at the table for a new "
                                    "invite, or watch the game")
            if _matches(s.used_invite_hash, h):
                if i in mine:  # your own invite link, opened again: your seat
                    return i, next(t for t in held if _matches(s.token_hash, hash_token(t))), None
                if s.kind == "human" and s.open and not s.claimed:
                    # its player left the seat, free to anyone since: theirs again (as
                    # Sit here would make it), not "taken"
                    not_seated_here(i)
                    fresh = new_token()
                    s.token_hash, s.claimed = hash_token(fresh), True
                    s.name = person_name(name) or s.name
                    return i, fresh, seats
                if self.over:  # nothing to free: just the game to look at
                    raise ProtocolError("invite-used", "this invite has already been used, "
                                        "and the game is over: here is how it went")
                if s.kind == "computer":  # left or freed in a hidden-card game: for good
                    raise ProtocolError("invite-used", "this invite has already been used, "
                                        "and its seat is the computer's now (in a game with "
                                        "hidden cards a hand that was seen goes to nobody "
                                        "else): watch the game")
                raise ProtocolError("invite-used", "this invite has already been used: the "
                                    "seat is taken. If it was you, in a browser or private "
                                    "window now closed, a player at the table can free the "
                                    "seat once it has been offline a little while (Free "
                                    "seat) and send you its new invite; or watch the game")
        raise ProtocolError("bad-token", "this invite link is not valid for this table")

    def seat_words(self, seat: int) -> str:
        """A seat as a refusal names it: the player's name, else its number from 1 (the
        page's colours are the page's)."""
        name = self.seats[seat].name
        return f"{name}'s seat" if name else f"seat {seat + 1} of {len(self.seats)}"

    def _playing(self, what: str) -> None:
        """Refuse a seat change once the game is over (or in a replay)."""
        if self.imported:
            raise ProtocolError("replay-only", "this is an imported record: there is no seat "
                                f"to {what}")
        if self.over:
            raise ProtocolError("game-over", f"the game is over: there is no seat to {what}")

    def _seat_index(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("bad-seat", f"this table has {len(self.seats)} seats, numbered "
                                f"from 0: there is no seat {shown(seat)}")

    def sit(self, seat: int, name: str = "") -> tuple[str, list[Seat]]:
        """Take an open seat from the lobby (or the table's page): (its new secret token,
        the new seats).  The sitter is shown by their name, else the seat's colour."""
        self._playing("take")
        self._seat_index(seat)
        s = self.seats[seat]
        if s.kind == "computer":
            raise ProtocolError("seat-taken", "the computer plays that seat")
        if s.claimed:
            raise ProtocolError("seat-taken", "someone else took that seat a moment ago"
                                if s.open else "that seat is taken")
        if not s.open:
            raise ProtocolError("seat-taken", "that seat is kept for an invited player: it "
                                "is taken with the invite link")
        token = new_token()
        seats = self._seats_copy()
        s = seats[seat]
        s.token_hash, s.claimed = hash_token(token), True
        s.name = person_name(name) or s.name
        return token, seats

    def _to_computer(self, s: Seat) -> None:
        """In a game with hidden cards, a seat given up or freed is played by the computer
        from then on: whoever took it next would see the hand its player kept (an
        opponent could free an away player's seat, take its invite and play both)."""
        s.kind, s.level, s.name, s.claimed, s.open = "computer", TAKEOVER_LEVEL, "", True, False
        s.token_hash = s.invite_hash = None
        s.kept = False

    def leave(self, tokens: str | list[str],
              seat: int | None = None) -> tuple[list[int], list[Seat]]:
        """Give up the seats ``tokens`` hold (only ``seat`` of them, if given): their
        tokens stop working, their names go, the seats are open to anyone (in a game with
        hidden cards, played by the computer: :meth:`_to_computer`)."""
        self._playing("leave")
        held = self.seats_of([tokens] if isinstance(tokens, str) else list(tokens))
        if seat is not None:
            held = held & {seat}
        if not held:
            raise ProtocolError("not-seated", "you do not hold a seat at this table"
                                if seat is None else "you do not hold that seat")
        seats = self._seats_copy()
        for i in held:
            s = seats[i]
            if self.game.hidden_information:
                self._to_computer(s)
            else:
                s.token_hash, s.claimed, s.open, s.name = None, False, True, ""
        return sorted(held), seats

    def rename(self, tokens: list[str], name: str,
               seat: int | None = None) -> tuple[int, list[Seat] | None]:
        """Name the seat ``tokens`` hold (``seat`` of them, else the first): the name the
        others see in place of the seat's colour (an invited friend joins without one)."""
        self._playing("name")
        held = self.seats_of(list(tokens))
        if seat is not None:
            held = held & {seat}
        if not held:
            raise ProtocolError("not-seated", "you do not hold a seat at this table"
                                if seat is None else "you do not hold that seat")
        label = person_name(name)
        if not label:
            raise ProtocolError("bad-name", "a name needs a letter or a sign that shows "
                                "(spaces and control characters are dropped)")
        i = min(held)
        if self.seats[i].name == label:
            return i, None
        seats = self._seats_copy()
        seats[i].name = label
        return i, seats

    def free(self, seat: int, tokens: list[str], away: float | None,
             needed: float = AWAY_SECONDS, idle: float | None = None,
             idle_needed: float = IDLE_SECONDS) -> tuple[str | None, list[Seat]]:
        """A player frees the seat of a person who has been away (``away``: seconds since
        the seat's last connection closed, by the server's clock; None: connected) for
        ``needed`` seconds at least, or a seat kept for a player of the game before who
        has not come (:attr:`Seat.kept`), or of a player who has had the turn for
        ``idle_needed`` seconds (``idle``: how long, None when it is not theirs) without
        moving, connected or not: its token stops working, its name goes, and it
        waits for a fresh invite, returned with the new seats (in a game with hidden
        cards: the computer plays it, and there is no invite, None)."""
        self._playing("free")
        mine = self.seats_of(tokens)
        if not mine:
            raise ProtocolError("not-seated", "only a player at this table can free a seat: "
                                "you are watching")
        self._seat_index(seat)
        s = self.seats[seat]
        if seat in mine:
            raise ProtocolError("own-seat", "that is your own seat: to give it up, leave it")
        if s.kind == "computer":
            raise ProtocolError("bad-seat", "the computer plays that seat: it is never away")
        if not s.claimed and not s.kept:
            raise ProtocolError("seat-free", "nobody holds that seat: it is free already")
        stalled = idle is not None and idle >= idle_needed
        if away is None and not stalled:
            if idle is not None:  # their turn: free once it has lasted long enough
                lasted = int(idle)  # (whole seconds: the two times said add up)
                raise ProtocolError("too-soon", f"that player is connected, and has had the "
                                    f"turn for {duration(lasted)}: you can free the seat once "
                                    f"it has lasted {duration(idle_needed)}, in "
                                    f"{duration(idle_needed - lasted)}",
                                    wait=round(idle_needed - lasted))
            raise ProtocolError("seat-online", "that player is connected: a seat can be freed "
                                f"once its player has been away for {duration(needed)}, or "
                                f"has had the turn for {duration(idle_needed)} without moving")
        if away is not None and away < needed and not stalled:
            wait = needed - away if idle is None else min(needed - away, idle_needed - idle)
            raise ProtocolError("too-soon", f"that player has been away for {duration(away)}: "
                                f"you can free the seat in {duration(wait)}",
                                wait=round(wait))
        seats = self._seats_copy()
        s = seats[seat]
        if self.game.hidden_information:
            self._to_computer(s)
            return None, seats
        invite = new_token()
        s.token_hash, s.claimed, s.open, s.name = None, False, False, ""
        if s.used_invite_hash:
            s.freed_invite_hashes = [*s.freed_invite_hashes, s.used_invite_hash][-4:]
        s.invite_hash, s.used_invite_hash, s.kept, s.freed = hash_token(invite), None, False, True
        return invite, seats

    def resign(self, tokens: list[str], seat: int | None = None) -> tuple[int, list[Seat]]:
        """The holder of ``tokens`` resigns the game for their side, which loses; the seat
        and the new seats.  A game of two sides only (with more, the others play on: a
        player leaves their seat instead).  A screen holding seats of both sides (hot
        seat) resigns for the side of ``seat`` (the one on screen), by default the side
        to move if it holds that seat, else the side of its lowest seat."""
        self._playing("resign")
        mine = self.seats_of(tokens)
        if not mine:
            raise ProtocolError("not-seated", "only a player can resign: you are watching")
        if seat is not None and seat not in mine:
            raise ProtocolError("not-seated", "you do not hold that seat")
        sides = self.game.sides
        if self.solo:
            raise ProtocolError("no-resign", "a puzzle has nobody to resign to: leave it, or "
                                "start another")
        if len(sides) != 2:
            raise ProtocolError("no-resign", f"a game of {len(sides)} sides goes on without "
                                "a player who stops: leave your seat instead (it becomes "
                                "free, or the computer's)")
        if seat is None:
            to_move = self.state.current_player
            seat = to_move if to_move in mine else min(mine)
        seats = self._seats_copy()
        seats[seat].resigned = True
        return seat, seats

    def set_seats(self, seats: list[Seat], seats_version: int | None = None) -> None:
        self.seats = seats
        self.seats_version = self.seats_version + 1 if seats_version is None else seats_version
        self.updated = time.time()
        self.revision += 1

    # -- moves ----------------------------------------------------------------------
    def check_move(self, seat: int | None, text: str, version: int | None) -> str:
        """Validate a move from ``seat``; returns its canonical text.  Nothing changes."""
        if self.imported:
            raise ProtocolError("replay-only", "this is an imported record: it can only be replayed")
        if self.over:
            raise ProtocolError("game-over", "the game is over" + (
                "" if self.resigned is None else f": {self.seat_words(self.resigned)} resigned"))
        if seat is None:
            raise ProtocolError("not-seated", "spectators cannot move: open your seat's link")
        if version is not None and not 0 <= version <= self.version:
            raise ProtocolError("bad-version", f'"version" is the number of moves played '
                                f"so far, from 0 to {self.version} here: the one sent never "
                                "was this game's", version=self.version)  # (not echoed)
        if seat != self.state.current_player:
            raise ProtocolError("not-your-turn", "the game has moved on: it is no longer your "
                                "turn" if version is not None and version != self.version
                                else "it is not your turn: wait for the player to move")
        self.check_room()
        if version is not None and version != self.version:
            raise ProtocolError("stale", "the game has moved on since the position you "
                                "played from: look again, your view has been refreshed",
                                version=self.version)  # for programs: the current version
        try:
            move = self.state.parse_move(text)
            self.state.check_move(move)
        except InvalidMoveError as exc:
            raise ProtocolError("invalid-move", str(exc)) from None
        except IllegalMoveError as exc:
            raise ProtocolError("illegal-move", str(exc)) from None
        return str(move)

    def after(self, canonical: str) -> State:
        """The state after a checked move; the table itself does not change."""
        state = self.state.clone()
        state.apply(canonical)
        return state

    def accept(self, state: State) -> None:
        """Take the state after a move that has been stored."""
        self.state = state
        self.updated = time.time()
        self.revision += 1

    def apply_checked(self, text: str) -> None:
        """Play a move at once (tools and tests that do not go through the hub)."""
        self.accept(self.after(text))
