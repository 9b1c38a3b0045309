"""Seat changes at the same moment, on a real server: two people using one invite, two
people sitting on one open seat, a leave and a join.  Each change sees the seats the
other left (they run one after the other under the table's lock): exactly one wins a
contested seat, the others are told why, and nothing a winner was told is undone."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

ROUNDS = 3
AT_ONCE = 6


def post(server, path: str, body: dict) -> tuple[int, dict]:
    req = urllib.request.Request(server.url + path, method="POST", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def at_once(server, requests: list[tuple[str, dict]]) -> list[tuple[int, dict]]:
    """Send the requests from as many threads, released together."""
    start = threading.Barrier(len(requests))

    def send(request):
        start.wait()
        return post(server, *request)

    with ThreadPoolExecutor(len(requests)) as pool:
        return list(pool.map(send, requests))


def code(answer: tuple[int, dict]) -> str | None:
    return answer[1]["detail"]["code"] if answer[0] != 200 else None


def holds(server, table_id: str, token: str) -> int | None:
    """The seat ``token`` holds (presenting a seat token to join names its seat, no change)."""
    status, body = post(server, f"/api/tables/{table_id}/join", {"token": token})
    return body["seat"] if status == 200 else None


def test_one_invite_used_at_once_seats_one_person(server_process):
    for _ in range(ROUNDS):
        t = server_process.create({"game": "pentago", "seats": [{"kind": "me"}, {"kind": "invite"}]})
        invite = t["invites"][0]["url"].split("token=")[1]
        answers = at_once(server_process, [(f"/api/tables/{t['id']}/join", {"token": invite, "name": f"p{i}"})
                                           for i in range(AT_ONCE)])
        won = [a[1] for a in answers if a[0] == 200]
        assert len(won) == 1, answers
        assert {code(a) for a in answers if a[0] != 200} <= {"invite-used", "seats-changed"}, answers
        assert all(a[0] == 409 for a in answers if a[0] != 200), answers  # conflicts
        assert holds(server_process, t["id"], won[0]["token"]) == 1
        assert code(post(server_process, f"/api/tables/{t['id']}/join", {"token": invite})) == "invite-used"


def test_one_open_seat_taken_at_once_seats_one_person(server_process):
    for _ in range(ROUNDS):
        t = server_process.create({"game": "pentago", "seats": [{"kind": "me"}, {"kind": "open"}]})
        answers = at_once(server_process, [(f"/api/tables/{t['id']}/sit", {"seat": 1, "name": f"p{i}"})
                                           for i in range(AT_ONCE)])
        won = [a[1] for a in answers if a[0] == 200]
        assert len(won) == 1, answers
        assert {code(a) for a in answers if a[0] != 200} <= {"seat-taken", "seats-changed"}, answers
        assert all(a[0] == 409 for a in answers if a[0] != 200), answers  # conflicts
        assert holds(server_process, t["id"], won[0]["token"]) == 1
        names = [s["name"] for s in server_process.get(f"/api/tables/{t['id']}")["table"]["seats"]]
        assert names[1] == f"p{answers.index((200, won[0]))}"


def test_a_leave_and_a_join_at_once_both_hold(server_process):
    for leave_first in (True, False) * ROUNDS:
        t = server_process.create({"game": "pentago", "seats": [{"kind": "me"}, {"kind": "invite"}]})
        invite, mine = t["invites"][0]["url"].split("token=")[1], t["you"]["token"]
        leave = (f"/api/tables/{t['id']}/leave", {"token": mine})
        join = (f"/api/tables/{t['id']}/join", {"token": invite})
        answers = at_once(server_process, [leave, join] if leave_first else [join, leave])
        left, joined = answers if leave_first else answers[::-1]
        # both change the seats: either may be asked to try again, but what was answered
        # 200 holds — the joiner's token plays, the invite stays spent, the leaver's
        # token plays no more and its seat is open
        assert left[0] == 200 or code(left) == "seats-changed", left
        assert joined[0] == 200 or code(joined) == "seats-changed", joined
        if joined[0] == 200:
            assert holds(server_process, t["id"], joined[1]["token"]) == 1
            assert code(post(server_process, f"/api/tables/{t['id']}/join", {"token": invite})) == "invite-used"
        if left[0] == 200:
            assert holds(server_process, t["id"], mine) is None
            assert server_process.get(f"/api/tables/{t['id']}")["table"]["seats"][0]["open"]


def test_a_move_waiting_while_its_seat_is_left_is_refused(tmp_path):
    """A connection's move that waits for the table while its seat is left (and taken by
    someone else) must not be played for the seat's new holder: the seat is read again
    from the connection's tokens under the lock."""
    import asyncio

    import pytest

    from pentarena.server.connections import Client
    from pentarena.server.protocol import ProtocolError

    from .test_stalls import Reader, run

    async def scenario(hub):
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "open"}])
        leaver = Client(Reader(), frozenset({0}), tokens=(tokens[0],))
        lock = hub.locks[table.id]

        async def queued(n):  # until n tasks wait for the table's lock
            while len(lock._waiters or ()) < n:
                await asyncio.sleep(0)

        await lock.acquire()  # the table is busy: the leave, then the move, queue for it
        left = asyncio.create_task(hub.change_seats(table, lambda t: t.leave(tokens[0])))
        await queued(1)
        sat = asyncio.create_task(hub.change_seats(table, lambda t: t.sit(0, "newcomer")))
        await queued(2)
        move = asyncio.create_task(hub.submit(table, leaver.seat_for(0), "c3 TL cw", 0, leaver))
        await queued(3)
        lock.release()
        await left
        await sat
        with pytest.raises(ProtocolError) as refused:
            await move
        assert refused.value.code == "not-seated"
        assert table.version == 0 and table.seats[0].name == "newcomer"
        await leaver.close(1000, "done")

    run(scenario, tmp_path)


def test_one_solve_at_a_time_per_puzzle(tmp_path):
    """Solve plays the puzzle's hints to the end; a second Solve meanwhile (another
    connection of the same player) is told the first is finishing it, instead of racing it
    and getting errors about moves it never sent."""
    import asyncio

    import pytest

    from pentarena.server.protocol import ProtocolError

    from .test_stalls import run

    async def scenario(hub):
        table, _ = await hub.create("pentomino-puzzle", {"region": "3x20"}, [{"kind": "me"}])
        first = asyncio.create_task(hub.solve(table, 0))
        while table.id not in hub.solving:  # the first has started
            await asyncio.sleep(0)
        with pytest.raises(ProtocolError) as second:
            await hub.solve(table, 0)
        assert second.value.code == "busy" and "already being solved" in second.value.message
        await first
        assert table.state.is_terminal() and not hub.solving

    run(scenario, tmp_path)


def test_a_seat_is_not_freed_while_its_player_s_connection_closes(tmp_path):
    """A player connected for longer than the away time closes the page; a request to
    free their seat that comes while the connection closes finds them just left
    ('too-soon'), not away since they joined."""
    import asyncio

    import pytest

    from pentarena.server.connections import Client
    from pentarena.server.hub import Limits
    from pentarena.server.presence import LastSeen
    from pentarena.server.protocol import ProtocolError

    from .test_stalls import Reader, run

    now = [1000.0]

    async def scenario(hub):
        hub.last_seen = LastSeen(clock=lambda: now[0])
        table, tokens = await hub.create("pentago", {}, [{"kind": "me"}, {"kind": "invite"}])
        _, token, seats = table.claim(tokens[1])
        await hub.change_seats(table, lambda t: (None, seats))
        player = Client(Reader(), table.seats_of([token]), tokens=(token,))
        await hub.join(table, player)
        now[0] += 3600  # an hour at the table
        closing = asyncio.create_task(hub.leave(table, player))
        await asyncio.sleep(0)  # the leave runs up to its first wait (the socket closing)
        with pytest.raises(ProtocolError) as refused:
            await hub.free_seat(table, 1, [tokens[0]])
        await closing
        return refused.value.code

    assert run(scenario, tmp_path, limits=Limits(away_seconds=60)) == "too-soon"


def test_a_solve_step_whose_position_moved_meanwhile_is_stale(tmp_path):
    """Solve asks for a hint, and the player moves from another tab while it is worked
    out: the hint, for the position before, is refused as stale — not submitted against
    the new position (an illegal move there, or one that no longer leads anywhere)."""
    import pytest

    from pentarena.server.protocol import ProtocolError

    from .test_stalls import run

    async def scenario(hub):
        table, _ = await hub.create("pentomino-puzzle", {"region": "3x20"}, [{"kind": "me"}])
        real = hub.hint

        async def hint_while_the_player_moves(t, seat, owner=None):
            hint = await real(t, seat, owner)
            other = next(str(m) for m in t.state.legal_moves() if str(m) != hint)
            await hub.submit(t, seat, other, t.version)
            return hint

        hub.hint = hint_while_the_player_moves
        with pytest.raises(ProtocolError) as refused:
            await hub.solve(table, 0)
        return refused.value.code, table.version

    assert run(scenario, tmp_path) == ("stale", 1)
