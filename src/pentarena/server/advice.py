"""Advice from the worker pool for the players of a table: hints (a move and why, in any
game), a puzzle's solving and solution counts, and the post-game analysis.

:class:`Advice` is a part of :class:`~.hub.Hub`: it runs on the hub's worker pool and plays
a puzzle's hints through the hub's :meth:`~.hub.Hub.submit`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..ai.analysis import (JudgedMoves, analysis_note, assess_move,
                           unjudged)
from .connections import Client
from .jobs import advise, count, hint
from .protocol import ProtocolError
from .tables import Table
from .workers import (HINTS, PEOPLE_AWAY, THINK_TIMEOUT, JobDropped, JobFailed, JobTimeout,
                      PoolClosed)

if TYPE_CHECKING:
    from .hub import Limits
    from .workers import WorkerPool

log = logging.getLogger("pentarena.server")

ANALYSIS_RETRY_AFTER = 2
"""Seconds a client is told to wait before asking again for an analysis being computed."""
ANALYSIS_BUSY_RETRY_AFTER = 15
"""Seconds a client is told to wait before asking again for an analysis refused because
too many are being computed (an analysis takes up to ``Limits.analysis_seconds``)."""


@dataclass
class Analysis:
    """A post-game analysis being computed: moves judged so far, of ``total``."""

    total: int
    done: int = 0
    started: float = field(default_factory=time.monotonic)
    task: asyncio.Task | None = None
    owner: str | None = None
    """Who asked for it first (an address, hashed): its jobs count as theirs."""


ANALYSIS_FIELDS = frozenset({"status", "table", "game", "moves_played", "judged_from_view", "note",
                             "thresholds", "seconds_per_move", "seconds", "moves", "players"})
"""What an analysis holds (:meth:`Advice._analyse`): one stored in another shape (an older
release's, say) is made again rather than served."""


def _current_analysis(stored: Any, version: int) -> bool:
    """Whether an analysis read from the store is a whole one of this game as it stands."""
    return (isinstance(stored, dict) and ANALYSIS_FIELDS <= stored.keys()
            and stored["status"] == "done" and stored["moves_played"] == version)


class Advice:
    """Hints, a puzzle's solving and counting, and analyses: what is being worked out for
    which table, and the answers kept."""

    pool: WorkerPool
    limits: Limits
    clients: dict[str, set[Client]]

    def __init__(self) -> None:
        self.counting: set[str] = set()
        self.solving: set[str] = set()  # puzzles whose Solve is playing their hints
        self.counts: OrderedDict[tuple, dict[str, Any]] = OrderedDict()
        self.hinting: set[tuple[str, int | None]] = set()
        """(table, seat) of the hints being worked out: one at a time per seat, however
        many connections it has, until the hint is done (also after its asker left)."""
        self.hinting_for: Counter[str] = Counter()
        """Per asker (an address, hashed), its hints being worked out."""
        self.hints: OrderedDict[tuple[str, int, int | None], dict[str, str]] = OrderedDict()
        """Hints answered, by (table, version, seat): asked again, they are sent again."""
        self.analyses: OrderedDict[str, dict[str, Any]] = OrderedDict()  # finished tables
        self.analysing: dict[str, Analysis] = {}

    def _puzzle_turn(self, table: Table, seat: int | None, solved_too: bool = False) -> None:
        if not table.solo:
            raise ProtocolError("not-a-puzzle", "solving and counting are for puzzles (a game's "
                                "hint is asked for with {\"type\": \"hint\"} where the "
                                "table gives hints)")
        if seat is None or seat not in range(table.game.num_players):
            raise ProtocolError("not-seated", "only the puzzle's player can ask for that")
        if table.state.is_terminal() and not solved_too:
            raise ProtocolError("game-over", "the puzzle is solved")
        if not solved_too:
            table.check_room()  # (a hint no move could follow)
            if not table.hints:  # (counting the solutions shows no move: it stays)
                raise ProtocolError("hints-off", "hints are off at this puzzle: its creator "
                                    "chose to solve it without the computer's help")

    async def hint(self, table: Table, seat: int | None, owner: str | None = None,
                   wanted: Callable[[], bool] | None = None) -> str:
        """A move that leads to a solution from here (puzzles), from the worker pool (the
        job is ``owner``'s, by default the table's creator's).  ``wanted``: by default,
        while the position is this one; else JobDropped (see :class:`.WorkerPool`)."""
        self._puzzle_turn(table, seat)
        try:
            found = await self.pool.run(hint, table.game.name, dict(table.game.options),
                                        table.state.to_json(), timeout=self.limits.hint_seconds,
                                        priority=HINTS, owner=owner or table.creator,
                                        wanted=wanted or self._same_position(table))
        except JobFailed as exc:
            raise ProtocolError("no-hint", f"no hint could be found: {exc}") from None
        if "refused" in found:  # the puzzle's own sentence for the player
            raise ProtocolError("no-solution", found["refused"])
        return found["move"]

    async def solve(self, table: Table, seat: int | None, client: Client | None = None) -> None:
        """Play hints until the puzzle is solved; every move is stored and broadcast.  One
        solve at a time per table (a second is refused: the first is finishing it).  The
        first time the computer plays here, the table keeps how many moves its player had
        made (``solved_from``: "Solved by the computer, after your 3 moves", on any device)."""
        self._puzzle_turn(table, seat)
        if table.id in self.solving:
            raise ProtocolError("busy", "this puzzle is already being solved; watch it finish")
        self.solving.add(table.id)
        try:
            while not table.state.is_terminal():
                version = table.version  # the hint is for this position: stale if it moved
                try:
                    hint = await self.hint(table, seat, client.owner if client else None)
                except JobDropped:  # (not worked out: the puzzle moved meanwhile)
                    raise ProtocolError("stale", "the puzzle has moved on; your view has "
                                        "been refreshed", version=table.version) from None
                # kept before the move, whose state says it; taken back if the move is refused
                first = table.solved_from is None and table.version == version
                if first:
                    table.solved_from = version
                    await self._store(self.store.set_private(table.id, table.private()))
                try:
                    await self.submit(table, seat, hint, version, client)
                except ProtocolError:
                    if first and table.version == version:
                        table.solved_from = None
                        await self._store(self.store.set_private(table.id, table.private()))
                    raise
        finally:
            self.solving.discard(table.id)

    def ask_solve(self, table: Table, client: Client, seat: int | None) -> None:
        """Start :meth:`solve` for ``client`` beside its connection, which goes on reading
        meanwhile (a ping, a sync, another tab's move are answered at once; a page closed
        leaves at once, the puzzle still solved).  Refused at once (ProtocolError) as
        :meth:`solve` refuses; a refusal on the way (a stale step, no hint) is sent as an
        ``error`` event, a stale one with the current state."""
        self._puzzle_turn(table, seat)
        if table.id in self.solving:
            raise ProtocolError("busy", "this puzzle is already being solved; watch it finish")
        self.spawn(self._answer_solve(table, client, seat))

    async def _answer_solve(self, table: Table, client: Client, seat: int | None) -> None:
        try:
            await self.solve(table, seat, client)
        except PoolClosed:
            return  # shutting down
        except ProtocolError as exc:
            client.send(exc.event())
            if exc.code == "stale":
                self.send_state(table, client)

    async def count_solutions(self, table: Table, seat: int | None,
                              owner: str | None = None) -> dict[str, Any]:
        """Count a puzzle's solutions from its position: on the worker pool (the job is
        ``owner``'s, the asker's), one count at a time per table, capped in time, cached by
        the shape of what is left to fill.  A solved puzzle counts its whole region (the
        banner's "how many solutions has it?" for a region drawn by hand)."""
        self._puzzle_turn(table, seat, solved_too=True)
        state = table.state if not table.state.is_terminal() else table.game.new_initial_state()
        key = state.count_key()
        if key in self.counts:
            self.counts.move_to_end(key)
            return dict(self.counts[key], cached=True)
        if table.id in self.counting:
            raise ProtocolError("busy", "this table is already counting; wait for the answer")
        self.counting.add(table.id)
        try:
            report = await self.pool.run(count, table.game.name, dict(table.game.options),
                                         state.to_json(),
                                         timeout=self.limits.count_seconds,
                                         priority=PEOPLE_AWAY, owner=owner or table.creator)
        except JobTimeout:
            raise ProtocolError("too-long", "counting the solutions from here takes longer "
                                f"than {self.limits.count_seconds:g} s; place a few pieces "
                                "and count again") from None
        except JobFailed as exc:
            raise ProtocolError("count-failed", f"the count failed: {exc}") from None
        finally:
            self.counting.discard(table.id)
        self.counts[key] = report
        while len(self.counts) > self.limits.counts_cached:
            self.counts.popitem(last=False)
        return dict(report, cached=False)

    # -- hints in games (puzzles too), one at a time per connection --------------------
    def ask_hint(self, table: Table, client: Client, seat: int | None) -> None:
        """Start working out a hint for ``client``; the answer — a ``hint`` event
        ``{"move", "why", "version"}`` or an ``error`` — is sent when it is ready, so the
        connection goes on reading meanwhile (a hint answered already for this position
        and seat is sent again at once).  Refused at once (ProtocolError): a second hint
        while one is on its way, more than ``Limits.hints_per_address`` on their way for
        the connection's address, spectators, another seat's turn, a finished game."""
        if table.solo:
            self._puzzle_turn(table, seat)
        else:
            self._hint_turn(table, seat)
        key = (table.id, seat)
        if key in self.hinting:  # per seat, however many connections it has
            raise ProtocolError("busy", "a hint is already being worked out for you; "
                                "wait for it before asking again")
        answered = self.hints.get((table.id, table.version, seat))
        if answered is not None:
            self.hints.move_to_end((table.id, table.version, seat))
            client.send({"type": "hint", **answered, "version": table.version})
            return
        owner = client.owner
        if owner is not None and self.hinting_for[owner] >= self.limits.hints_per_address:
            raise ProtocolError("busy", f"{self.hinting_for[owner]} hints are being worked "
                                "out for you at other tables (at most "
                                f"{self.limits.hints_per_address} at once); wait for one "
                                "before asking again")
        task = self.spawn(self._answer_hint(table, client, seat))
        self.hinting.add(key)
        if owner is not None:
            self.hinting_for[owner] += 1
        task.add_done_callback(lambda _: self._hint_done(key, owner))

    def _hint_done(self, key: tuple[str, int | None], owner: str | None) -> None:
        self.hinting.discard(key)
        if owner is not None:
            self.hinting_for[owner] -= 1
            if self.hinting_for[owner] <= 0:
                del self.hinting_for[owner]

    def _hint_turn(self, table: Table, seat: int | None) -> None:
        if table.imported:
            raise ProtocolError("replay-only", "this is an imported record: there is "
                                "nothing to give a hint for")
        if table.over:
            raise ProtocolError("game-over", "the game is over")
        if seat is None:
            raise ProtocolError("not-seated", "spectators cannot ask for hints: open your "
                                "seat's link to play")
        if seat != table.state.current_player:
            raise ProtocolError("not-your-turn", "hints are for the player to move, and it "
                                "is not your turn")
        if not table.hints:
            raise ProtocolError("hints-off", "hints are off at this table: a game between "
                                "people is played without the computer's help unless its "
                                "creator turns them on for everyone")

    def _same_position(self, table: Table) -> Callable[[], bool]:
        """Whether the table is still where it is now (a job for it still wanted)."""
        version = table.version
        return lambda: table.version == version and not table.over

    def _hint_wanted(self, table: Table, seat: int | None) -> Callable[[], bool]:
        """Whether a hint asked for now is still wanted: the position is this one, and a
        connection here holds the seat (the asker, or another of its tabs: asked again,
        the answer is sent from :attr:`hints`)."""
        same = self._same_position(table)
        return lambda: same() and any(seat in c.seats for c in self.clients.get(table.id, ()))

    async def _answer_hint(self, table: Table, client: Client, seat: int | None) -> None:
        version = table.version
        wanted = self._hint_wanted(table, seat)
        try:
            if table.solo:
                move = await self.hint(table, seat, client.owner, wanted)
                event = {"move": move, "why": table.state.hint_why(move)}
            else:
                event = await self.suggest(table, seat, client.owner, wanted)
        except PoolClosed:
            return  # shutting down
        except JobDropped:  # not worked out: the page waits for an answer, this is it
            if seat in client.seats:
                why = (ProtocolError("game-over", "the game ended before your hint was "
                                     "worked out") if table.over else
                       ProtocolError("stale", "the game moved on before your hint was "
                                     "worked out", version=table.version))
                client.send(why.event())
            return
        except ProtocolError as exc:
            client.send(exc.event())
            return
        self.hints[(table.id, version, seat)] = event
        while len(self.hints) > self.limits.hints_cached:
            self.hints.popitem(last=False)
        if seat in client.seats:  # not if its token was retired meanwhile
            client.send({"type": "hint", **event, "version": version})

    async def suggest(self, table: Table, seat: int | None, owner: str | None = None,
                      wanted: Callable[[], bool] | None = None) -> dict[str, str]:
        """A move for ``seat`` (to move) and why: a search at a fixed level on the worker
        pool (the job is ``owner``'s, the asker's), of what that seat may see
        (``state.view(seat)``) and nothing more.  ``wanted``: by default, while the
        position is this one; else JobDropped (see :class:`.WorkerPool`)."""
        self._hint_turn(table, seat)
        limits = self.limits
        try:
            return await self.pool.run(
                advise, table.game.name, dict(table.game.options),
                table.state.view(seat).to_json(), limits.advice_level, secrets.randbits(63),
                limits.advice_seconds, limits.analysis_move_seconds,
                timeout=limits.hint_seconds, priority=HINTS,
                owner=owner or table.creator, wanted=wanted or self._same_position(table))
        except PoolClosed:
            raise
        except JobFailed as exc:
            raise ProtocolError("no-hint", f"no hint could be found: {exc}") from None

    # -- post-game analysis -------------------------------------------------------------
    async def analysis(self, table: Table, owner: str | None = None,
                       start: bool = True) -> tuple[bool, dict[str, Any] | None]:
        """``(True, the analysis)`` of a finished game, kept (here, or in the store by any
        instance, also before a restart); else ``(False, progress)``
        while it is computed on the worker pool (started by the first request, whose
        ``owner`` — the asker's address, hashed — its jobs count as; one computation per
        table at a time).  A new computation is refused (``too-many-analyses``) past
        ``Limits.analyses_at_once`` being computed, or ``Limits.analyses_per_address`` for
        ``owner``.  ``start`` false: none is started (``(False, None)`` when there is
        neither a result nor a computation: a page opening shows one that exists)."""
        if table.solo:
            raise ProtocolError("no-analysis", "a puzzle has no opponent's moves to analyse; "
                                "use Hint, Solve and Count solutions instead")
        if not table.over:
            raise ProtocolError("not-finished", "the analysis is available once the game is "
                                "over" + (" (and the hands are public)"
                                          if table.game.hidden_information else ""))
        cached = self.analyses.get(table.id)
        if cached is not None and cached["moves_played"] == table.version:
            self.analyses.move_to_end(table.id)
            return True, cached
        job = self.analysing.get(table.id)
        if job is None:
            try:
                cached = await asyncio.to_thread(self.store.analysis, table.id)
            except Exception as exc:  # the database out of reach: compute it here
                log.warning("table %s: no stored analysis read: %s", table.id, exc)
            if _current_analysis(cached, table.version):
                self._keep_analysis(table.id, cached)
                return True, cached
            job = self.analysing.get(table.id)  # (asked meanwhile)
        if job is None and not start:
            return False, None
        if job is None:
            self._analysis_room(owner)
            job = Analysis(total=table.version, owner=owner)
            self.analysing[table.id] = job
            job.task = self.spawn(self._analyse(table, job))
            job.task.add_done_callback(lambda task: self._analysis_done(table.id, job, task))
        return False, {"status": "running", "done": job.done, "total": job.total,
                       "retry_after": ANALYSIS_RETRY_AFTER}

    def _analysis_room(self, owner: str | None) -> None:
        """Refuse a new analysis past the caps: in all, and for ``owner``."""
        limits = self.limits
        if owner is not None:
            mine = sum(job.owner == owner for job in self.analysing.values())
            if mine >= limits.analyses_per_address:
                raise ProtocolError(
                    "too-many-analyses", f"{mine} analyses you asked for are being computed "
                    f"(at most {limits.analyses_per_address} at once for one address); ask "
                    "again once they are done", retry_after=ANALYSIS_BUSY_RETRY_AFTER)
        if len(self.analysing) >= limits.analyses_at_once:
            raise ProtocolError(
                "too-many-analyses", f"the server is computing {len(self.analysing)} "
                "analyses, as many as it does at once; try again shortly",
                retry_after=ANALYSIS_BUSY_RETRY_AFTER)

    def _analysis_done(self, table_id: str, job: Analysis, task: asyncio.Task) -> None:
        if self.analysing.get(table_id) is job:
            del self.analysing[table_id]
        if not task.cancelled() and task.exception() is not None and not isinstance(
                task.exception(), PoolClosed):
            log.error("analysing table %s failed", table_id, exc_info=task.exception())

    async def _analyse(self, table: Table, job: Analysis) -> None:
        """Judge every move, one worker job per move (so waiting players go first)."""
        history = table.state.history()
        limits = self.limits
        per_move = max(0.05, min(limits.analysis_move_seconds,
                                 limits.analysis_seconds / max(1, len(history))))
        game = table.game
        state = table.initial.clone()
        judged = JudgedMoves(game)
        for i, text in enumerate(history):
            seat = state.current_player
            try:
                answer = await self.pool.run(
                    assess_move, game.name, dict(game.options), state.to_json(), text,
                    per_move, judged.prior, timeout=3 * per_move + THINK_TIMEOUT,
                    priority=PEOPLE_AWAY, owner=job.owner or table.creator)
            except PoolClosed:
                raise
            except JobFailed as exc:
                log.warning("analysing move %d of table %s failed: %s", i + 1, table.id, exc)
                answer = unjudged(seat, text)
            judged.add(answer)
            state.apply(text)
            job.done = i + 1
        made = {
            "status": "done", "table": table.id, "game": game.name,
            "moves_played": len(history), "judged_from_view": game.hidden_information,
            "note": analysis_note(game),
            "thresholds": dict(zip(("mistake", "blunder"), game.analysis_thresholds)),
            "seconds_per_move": round(per_move, 3),
            "seconds": round(time.monotonic() - job.started, 1),
            "moves": judged.moves, "players": judged.players()}
        self._keep_analysis(table.id, made)
        try:  # for the other instances, and after a restart
            await self.store.set_analysis(table.id, made)
        except Exception as exc:  # (the store has logged it) this instance still has it
            log.warning("table %s: the analysis was not stored: %s", table.id, exc)

    def _keep_analysis(self, table_id: str, analysis: dict[str, Any]) -> None:
        self.analyses[table_id] = analysis
        self.analyses.move_to_end(table_id)
        while len(self.analyses) > self.limits.analyses_cached:
            self.analyses.popitem(last=False)
