"""The server on PostgreSQL (by --database-url): a throwaway cluster on loopback."""

from __future__ import annotations

import asyncio

from fastapi.testclient import TestClient

from pentarena.server.app import create_app
from tests.aio import run_async

from .test_api import first_move_against_the_computer


def test_tables_and_moves_survive_a_restart_on_postgres(postgres_url):
    t, _, history = first_move_against_the_computer(postgres_url)
    with TestClient(create_app(postgres_url, ai="thread", ai_time_limit=0.2)) as c2:
        assert c2.get(f"/api/tables/{t['id']}").json()["history"] == history
        assert c2.app.state.hub.store.url.startswith("postgresql")


def test_the_lobby_lists_and_counts_on_postgres(postgres_url):
    """The lobby's filter (idle for a day; never begun and idle for an hour) in SQL that
    PostgreSQL runs as SQLite does."""
    import time

    from pentarena.server.store import Store, StoredTable, _create_table

    store = Store(postgres_url)
    now = time.time()
    try:
        rows = {"fresh": (now, []), "unbegun": (now - 7200, []),
                "begun": (now - 7200, ["a1 TL cw", "f6 BR cw"]), "old": (now - 3 * 86400, [])}
        stamp = str(int(now))
        for name, (updated, moves) in rows.items():
            store.write_now(_create_table, StoredTable(
                f"{name}-{stamp}"[:32], "pentago", {}, 1, [], "playing", updated, updated,
                False, moves))
        ours = {f"{name}-{stamp}"[:32] for name in rows}
        shown = [i for i in store.recent(500, "playing", now - 86400, now - 3600) if i in ours]
        assert shown == [f"fresh-{stamp}", f"begun-{stamp}"]
        assert store.count("playing", now - 86400, now - 3600) >= 2
    finally:
        store.close()


def test_two_stores_on_one_database_store_one_move_per_version(postgres_url):
    """The version fence: two writers (instances, workers) racing for the same ply."""
    import pentarena
    from pentarena.server.store import Conflict, Store, _create_table
    from pentarena.server.tables import Table

    table, _ = Table.create("pentago", {}, [{"kind": "me"}, {"kind": "me"}])
    a, b = Store(postgres_url), Store(postgres_url)
    a.write_now(_create_table, table.stored())
    moves = [str(m) for m in pentarena.load_game("pentago").new_initial_state().legal_moves()[:2]]

    async def race():
        return await asyncio.gather(a.add_move(table.id, 0, 0, moves[0], "playing"),
                                    b.add_move(table.id, 0, 0, moves[1], "playing"),
                                    return_exceptions=True)

    results = run_async(race())
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "NoneType"]
    assert isinstance(next(r for r in results if r is not None), Conflict)
    stored = a.load(table.id)
    assert len(stored.moves) == 1 and stored.moves[0] in moves
    a.close()
    b.close()


def test_a_database_that_stops_answering_ends_in_an_error_not_a_wait(postgres_url):
    """Connections to PostgreSQL carry a statement timeout (and a connect timeout and TCP
    keepalives): a statement that does not finish fails, so the store's writer thread
    (every move goes through it) is never stuck behind it."""
    import pytest
    from sqlalchemy import text
    from sqlalchemy.exc import OperationalError

    from pentarena.server.store import Store

    store = Store(postgres_url)
    with store.engine.connect() as conn:
        assert conn.execute(text("SHOW statement_timeout")).scalar() == "30s"
        conn.execute(text("SET statement_timeout = 50"))  # the same setting, made short
        with pytest.raises(OperationalError, match="statement timeout"):
            conn.execute(text("SELECT pg_sleep(30)"))
    store.close()


def test_a_database_out_of_reach_is_a_503_to_ask_again_and_health_says_so(postgres_url,
                                                                           caplog):
    """PostgreSQL stops taking connections while the server runs: health says which part
    is down (503), and what needs the database is a 503 with when to ask again — the
    lobby's list (not a plain-text 500), a table it must read (not "no such table").
    Once it answers again, so does the server."""
    import pytest
    from sqlalchemy import create_engine, text
    from starlette.websockets import WebSocketDisconnect

    admin = create_engine(postgres_url.rsplit("/", 1)[0] + "/postgres",
                          isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text("DROP DATABASE IF EXISTS gone"))
        conn.execute(text("CREATE DATABASE gone"))
    url = postgres_url.rsplit("/", 1)[0] + "/gone"

    def allow(yes: bool) -> None:
        with admin.connect() as conn:
            conn.execute(text(f"ALTER DATABASE gone WITH ALLOW_CONNECTIONS {str(yes).lower()}"))
            if not yes:
                conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                  "WHERE datname = 'gone'"))

    try:
        with TestClient(create_app(url, ai="thread", ai_time_limit=0.2)) as c:
            assert c.get("/api/health").json()["database"] == "ok"
            allow(False)
            health = c.get("/api/health")
            assert health.status_code == 503
            assert (health.json()["status"], health.json()["database"]) == (
                "degraded", "unreachable")
            for path in ("/api/tables", "/api/tables/nosuchtable"):
                r = c.get(path)
                assert r.status_code == 503, (path, r.text)
                assert r.json()["detail"]["code"] == "database-unavailable"
                assert "try again" in r.json()["detail"]["message"]
                assert r.headers["retry-after"] == "5"
            with c.websocket_connect("/ws/nosuchtable") as ws:  # the page connects again
                assert ws.receive_json()["code"] == "database-unavailable"
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 1013
            assert c.get("/api/health").status_code == 503  # asked again: logged once
            said = [r.getMessage() for r in caplog.records if "does not answer:" in r.getMessage()]
            assert len(said) == 1 and said[0].startswith("the database does not answer: ")
            # the requests it failed: one line a minute at most, however many there were
            said = [r.getMessage() for r in caplog.records if "did not answer" in r.getMessage()]
            assert len(said) == 1 and said[0].startswith("the database did not answer GET "
                                                          "/api/tables: "), said
            allow(True)
            assert c.get("/api/health").json()["status"] == "ok"
            assert "the database answers again" in caplog.text
            assert c.get("/api/tables").status_code == 200
            assert c.get("/api/tables/nosuchtable").status_code == 404
    finally:
        allow(True)
        admin.dispose()


def lock_holders(admin) -> list[int]:
    """The backends holding the servers' advisory lock (:data:`.startup.ADVISORY_KEY`)."""
    from sqlalchemy import text

    from pentarena.server.startup import ADVISORY_KEY

    return list(admin.scalars(text(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND "
        "classid = :high AND objid = :low AND objsubid = 1"),
        {"high": ADVISORY_KEY >> 32, "low": ADVISORY_KEY & 0xFFFFFFFF}))


def end_and_take(admin, pid: int) -> None:
    """End backend ``pid`` (waiting until it is gone) and take the servers' lock on
    ``admin`` in the same statement: another server starting as the holder lost it."""
    from sqlalchemy import text

    from pentarena.server.startup import ADVISORY_KEY

    ended, taken = admin.execute(text("SELECT pg_terminate_backend(:pid, 10000), "
                                      "pg_try_advisory_lock(:key)"),
                                 {"pid": pid, "key": ADVISORY_KEY}).one()
    assert ended and taken


def test_a_postgresql_lock_lost_with_its_connection_is_taken_again_or_said_lost(
        postgres_url, monkeypatch):
    """The servers' lock sits on a connection of its own: PostgreSQL restarted, or its
    backend ended, took the lock with it, and it was never taken again — a second server
    then started on the same database, and both served stale copies of the tables.  The
    holder's check finds the connection gone and takes the lock again (a second server is
    refused again); if another server took it first, the check says so, and goes on
    saying so."""
    import pytest
    from sqlalchemy import create_engine, text

    from pentarena.server import startup
    from pentarena.server.startup import StartupError, hold_database

    admin_engine = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    admin = admin_engine.connect()
    held = hold_database(postgres_url)
    try:
        [pid] = lock_holders(admin)
        assert admin.scalar(text("SELECT pg_terminate_backend(:pid, 10000)"), {"pid": pid})
        assert lock_holders(admin) == []
        assert held.check() is None  # taken again
        [again] = lock_holders(admin)
        assert again != pid
        monkeypatch.setattr(startup, "LOCK_TRIES", 1)
        with pytest.raises(StartupError, match="another server is using"):
            hold_database(postgres_url)
        end_and_take(admin, again)
        why = held.check()
        assert why is not None and "another server took" in why, why
        assert "advisory lock" in why and "pentarena" in why
        assert held.check() == why and lock_holders(admin) == [admin.scalar(
            text("SELECT pg_backend_pid()"))]
    finally:
        held.close()
        admin.close()
        admin_engine.dispose()


def test_a_server_takes_its_lost_lock_again_and_stops_if_another_took_it(postgres_url,
                                                                         tmp_path):
    """A real server: its lock's backend ended, it holds the lock again by itself (and
    goes on serving); ended again with another server taking the lock at once, it says so
    in the log and stops with exit status 3."""
    import time

    from sqlalchemy import create_engine, text

    from .conftest import LiveServer

    admin_engine = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    admin = admin_engine.connect()
    srv = LiveServer(tmp_path / "unused.sqlite3")
    srv.db = postgres_url
    srv.start()
    try:
        def holder(not_: int | None = None) -> int:
            deadline = time.monotonic() + 30
            while True:
                found = lock_holders(admin)
                if found and found[0] != not_:
                    return found[0]
                assert time.monotonic() < deadline, "the server did not take the lock"
                time.sleep(0.05)

        first = holder()
        assert admin.scalar(text("SELECT pg_terminate_backend(:pid, 10000)"), {"pid": first})
        again = holder(not_=first)  # taken again by the server itself
        table = srv.create({"game": "pentago", "seats": [{"kind": "me"}, {"kind": "invite"}]})
        assert srv.get(f"/api/tables/{table['id']}")["history"] == []
        end_and_take(admin, again)
        assert srv.proc.wait(30) == 3
        said = " ".join(srv.proc.stdout.read().decode().split())
        assert "another server took" in said and "this server stops (exit status 3)" in said
    finally:
        srv.stop()
        admin.close()
        admin_engine.dispose()


def test_one_server_per_postgresql_database_unless_they_share_redis(postgres_url,
                                                                    monkeypatch):
    """An instance without Redis keeps its tables to itself: it holds the database alone
    (a second one, with or without Redis, refuses to start); instances with Redis hold it
    together and keep out one without.  The hold goes with its connection — which
    PostgreSQL sees close on its own time: a server restarted at once tries again a few
    times (a server of another test stopped just before this one held it a moment still)."""
    import re
    import threading

    import pytest

    from pentarena.server import startup
    from pentarena.server.startup import StartupError, hold_database

    first = hold_database(postgres_url)
    restarted = []
    thread = threading.Thread(target=lambda: restarted.append(hold_database(postgres_url)))
    thread.start()
    first.close()  # the server stopping as the next one starts
    thread.join()
    restarted[0].close()

    def refused(shared: bool = False) -> str:  # (at the first try: nothing is let go here)
        with monkeypatch.context() as once:
            once.setattr(startup, "LOCK_TRIES", 1)
            with pytest.raises(StartupError) as refusal:
                hold_database(postgres_url, shared)
        return str(refusal.value)

    alone = hold_database(postgres_url)
    assert re.search("another server is using .*advisory lock", refused())
    assert "a server without --redis-url is using" in refused(shared=True)
    alone.close()
    together = [hold_database(postgres_url, shared=True) for _ in range(2)]
    assert "instances that share tables need --redis-url" in refused()
    for held in together:
        held.close()
    hold_database(postgres_url).close()
