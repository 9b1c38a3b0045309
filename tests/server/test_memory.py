"""Tables in memory are bounded: past ``Limits.tables_in_memory`` the ones used longest ago
(and not in use) are forgotten and read from the store again when asked for; a restart
loads only the latest; the lobby lists every stored table either way."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient

from pentarena.server import hub as hub_module
from pentarena.server.app import create_app
from pentarena.server.hub import Hub, Limits
from pentarena.server.store import Store, _create_table
from pentarena.server.tables import Table

from .test_api import create_game, receive_until, state_at
from .test_stalls import run

ME_AND_INVITE = [{"kind": "me"}, {"kind": "invite"}]
HOT_SEAT = [{"kind": "me"}, {"kind": "me"}]


def play(ws, move: str, version: int) -> None:
    """Play ``move`` at ``version`` and wait for the state after it."""
    ws.send_json({"type": "move", "move": move, "version": version})
    receive_until(ws, state_at(version + 1))


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    monkeypatch.setattr(hub_module, "UNUSED_SECONDS", 0.0)  # any table not in use may go
    url = f"sqlite:///{tmp_path / 'memory.sqlite3'}"

    def make(cap: int):
        return create_app(url, ai="thread", ai_time_limit=0.05,
                          limits=Limits(tables_in_memory=cap))
    make.url = url
    return make


def listed(client, **params) -> list[dict]:
    r = client.get("/api/tables", params={"limit": 50, **params})
    assert r.status_code == 200, r.text
    return r.json()["tables"]


def test_memory_holds_at_most_the_limit_and_every_table_stays_reachable(make_app):
    with TestClient(make_app(3)) as client:
        hub = client.app.state.hub
        made = []
        for _ in range(8):
            made.append(create_game(client, "pentago", ME_AND_INVITE)["id"])
            assert len(hub.tables) <= 3
        assert list(hub.tables) == made[-3:]  # the ones used last
        rows = listed(client)
        assert [t["id"] for t in rows] == made[::-1]  # every table, latest first
        assert all(t["mine"] == [0] for t in rows)  # this browser's seats, from the store
        r = client.get(f"/api/tables/{made[0]}")
        assert r.status_code == 200 and r.json()["version"] == 0
        assert client.get("/api/tables/nosuchtable").status_code == 404


def test_a_game_goes_on_after_its_table_was_forgotten(make_app):
    with TestClient(make_app(2)) as client:
        hub = client.app.state.hub
        table_id = create_game(client, "pentago", HOT_SEAT)["id"]
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            receive_until(ws, state_at(0))
            play(ws, "a1 TL cw", 0)
        for _ in range(3):
            create_game(client, "pentago", ME_AND_INVITE)
        assert table_id not in hub.tables
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            receive_until(ws, state_at(1))
            play(ws, "b2 TR cw", 1)
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert record["moves"] == ["a1 TL cw", "b2 TR cw"]


def test_a_table_in_use_is_kept(make_app):
    with TestClient(make_app(1)) as client:
        hub = client.app.state.hub
        table_id = create_game(client, "pentago", HOT_SEAT)["id"]
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            receive_until(ws, state_at(0))
            kept = hub.tables[table_id]
            for _ in range(3):
                create_game(client, "pentago", ME_AND_INVITE)
            assert hub.tables[table_id] is kept  # a connection holds it
            assert list(hub.tables) == [table_id]  # the others went (unused for 0 s here)
            play(ws, "a1 TL cw", 0)
        create_game(client, "pentago", ME_AND_INVITE)
        assert table_id not in hub.tables  # let go once nobody uses it


def test_a_restart_loads_the_latest_tables_and_the_others_on_demand(make_app):
    store = Store(make_app.url)
    waiting, _ = Table.create("pentago", {}, [{"kind": "computer", "level": "easy"},
                                              {"kind": "open"}])
    waiting.updated -= 1800  # half an hour ago, the computer to move
    store.write_now(_create_table, waiting.stored())
    later = []
    for _ in range(3):
        table, _ = Table.create("pentago", {}, [{"kind": "open"}, {"kind": "open"}])
        store.write_now(_create_table, table.stored())
        later.append(table.id)
    store.close()

    with TestClient(make_app(2)) as client:
        hub = client.app.state.hub
        assert set(hub.tables) == set(later[-2:])  # the two used last
        assert [t["id"] for t in listed(client)] == later[::-1] + [waiting.id]
        assert waiting.id not in hub.thinking  # not in memory: nobody waits for it
        with client.websocket_connect(f"/ws/{waiting.id}") as ws:
            receive_until(ws, state_at(1))  # a watcher came: the computer moved


def test_a_read_from_the_store_never_rolls_back_a_newer_table(tmp_path):
    async def scenario(hub):
        table, _ = await hub.create("pentago", {}, HOT_SEAT)
        before = hub._read(table.id)  # a read that started before the move ...
        await hub.submit(table, 0, "a1 TL cw", 0)
        hub._read = lambda table_id: before  # ... and finished after it
        assert await hub._load(table.id, again=True) is table
        assert table.version == 1 and hub.tables[table.id] is table

        del hub.tables[table.id]  # forgotten; then many ask for it at once
        reads, gate = [], asyncio.Event()

        def slow_read(table_id):
            reads.append(table_id)
            asyncio.run_coroutine_threadsafe(gate.wait(), loop).result()
            return Hub._read(hub, table_id)

        loop = asyncio.get_running_loop()
        hub._read = slow_read
        asking = [asyncio.ensure_future(hub.get(table.id)) for _ in range(5)]
        while not reads:
            await asyncio.sleep(0.01)
        gate.set()
        got = await asyncio.gather(*asking)
        assert len(reads) == 1 and all(t is got[0] for t in got) and got[0].version == 1

    run(scenario, tmp_path)


def test_a_table_nobody_watches_leaves_no_list_of_connections(make_app):
    """Telling a table's connections of a change made an empty list of them for a table
    nobody watched (seats taken through the API, a computer's move), kept until the table
    left memory: about 400 empty lists for 440 tables in a soak run."""
    with TestClient(make_app(50)) as client:
        hub = client.app.state.hub
        t = create_game(client, "pentago", ME_AND_INVITE)
        r = client.post(f"/api/tables/{t['id']}/join",
                        json={"token": t["invites"][0]["url"].split("token=")[1], "hot_seat": True})
        assert r.status_code == 200, r.text
        assert t["id"] in hub.tables and t["id"] not in hub.clients
