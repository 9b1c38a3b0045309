"""The database misbehaving under a running server: locked by another process, its disk
full, out of reach.  Every request gets a clear answer soon (never a wait behind each
queued write in turn), nothing acknowledged is missing from the store, the log says it
once, and the server works again as soon as the database does."""

from __future__ import annotations

import sqlite3
import time
from concurrent.futures import Future

import pytest
from sqlalchemy.exc import OperationalError

from pentarena.server import store as store_module
from pentarena.server.store import Store, StoredTable, _create_table


def stored_table(table_id: str) -> StoredTable:
    return StoredTable(table_id, "pentago", {}, None, [{"kind": "human"}] * 2, "playing",
                       time.time(), time.time(), False, [])


def queue_writes(store: Store, table_ids: list[str]) -> list[Future]:
    """Queue one table's creation per id before the writer runs: one group."""
    futures = []
    for table_id in table_ids:
        fut: Future = Future()
        store._queue.put((_create_table, (stored_table(table_id),), fut))
        futures.append(fut)
    return futures


def test_a_group_the_database_refuses_fails_at_once_not_write_by_write(tmp_path,
                                                                       monkeypatch):
    """Another process holds the file's write lock: the group of queued writes fails
    after one wait for the lock — each write tried again on its own waited as long again,
    the tenth of ten writes 11 waits (55 s with the 5 s wait) — and works once the lock
    is let go."""
    monkeypatch.setattr(store_module, "SQLITE_BUSY_MS", 50)
    path = tmp_path / "locked.sqlite3"
    store = Store(f"sqlite:///{path}")
    commits = []
    real = store._commit

    def counted(batch):
        commits.append(len(batch))
        real(batch)

    store._commit = counted
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process's long write transaction
    try:
        futures = queue_writes(store, [f"t{i}" for i in range(10)])
        store._writer()
        for fut in futures:
            with pytest.raises(OperationalError, match="database is locked"):
                fut.result(timeout=60)
        assert commits == [10]  # one attempt, for all ten
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    store.write_now(_create_table, stored_table("t0"))  # the lock let go: stored again
    assert [t.id for t in store.load_all()[0]] == ["t0"]
    store.close()


def test_a_database_refusing_writes_is_said_once_and_in_health_until_they_work(
        tmp_path, monkeypatch, caplog):
    """The file locked by another process while people play: each move is answered
    store-failed (nothing stored, nothing shown as played); the log says writes fail once
    (not once per move tried again), health says the database refuses writes (503) even
    though it answers reads; once the lock is let go, health finds writes work by itself
    (nobody has to move first), the next move is stored, and the log says so once."""
    import logging

    from fastapi.testclient import TestClient

    from pentarena.server.app import create_app

    from .test_api import create_game

    monkeypatch.setattr(store_module, "SQLITE_BUSY_MS", 50)
    path = tmp_path / "locked.sqlite3"
    with TestClient(create_app(f"sqlite:///{path}", ai="thread")) as c:
        t = create_game(c, "pentago", [{"kind": "me"}, {"kind": "invite"}])
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process's long write transaction
        try:
            with caplog.at_level(logging.WARNING, logger="pentarena.server"), \
                    c.websocket_connect(f"/ws/{t['id']}?token={t['you']['token']}") as ws:
                move = first_move_refused(ws, 5, "nothing changed")
                assert not_writable(c)["status"] == "degraded"
                holder.execute("ROLLBACK")
                assert c.get("/api/health").json()["database"] == "ok"
                # (its test write is small: a move may still fail; the next that commits
                # tells the log)
                assert "writes work again" not in caplog.text
                ws.send_json({"type": "move", "move": move, "version": 0})
                assert ws.receive_json()["version"] == 1
        finally:
            holder.close()
    said = [r.getMessage() for r in caplog.records if r.name == "pentarena.server"]
    failing = [m for m in said if "writes fail" in m]
    assert len(failing) == 1 and "database is locked" in failing[0], said
    assert "[SQL" not in failing[0] and "\n" not in failing[0]
    assert sum("writes work again (5 failed meanwhile)" in m for m in said) == 1, said
    assert Store(f"sqlite:///{path}").load(t["id"]).moves == [move]


def first_move_refused(ws, times: int, says: str) -> str:
    """A table's first legal move (from its state on ``ws``), sent ``times`` times and
    refused each time as store-failed, saying ``says``: the move."""
    move = ws.receive_json()["legal_moves"][0]
    assert ws.receive_json()["type"] == "presence"
    for _ in range(times):
        ws.send_json({"type": "move", "move": move, "version": 0})
        answer = ws.receive_json()
        assert answer["code"] == "store-failed", answer
        assert says in answer["message"]
    return move


def not_writable(c) -> dict:
    """/api/health's answer, 503 with the database not writable."""
    health = c.get("/api/health")
    assert health.status_code == 503
    assert health.json()["database"] == "not-writable"
    return health.json()


@pytest.mark.parametrize("how", ["file", "folder"])
def test_a_database_file_deleted_under_the_server_refuses_writes_instead_of_losing_them(
        tmp_path, caplog, how):
    """The SQLite file deleted (or its folder removed) while people play: SQLite went on
    writing to the file it had open, every move answered as stored and all of them gone
    at the next start.  Now each write is refused (store-failed, saying it cannot save),
    health says not-writable, and the log says why once; moved back, the file takes
    writes again (and the log says so)."""
    import logging
    import shutil

    from fastapi.testclient import TestClient

    from pentarena.server.app import create_app

    from .test_api import create_game

    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "pentarena.sqlite3"
    with TestClient(create_app(f"sqlite:///{path}", ai="thread")) as c:
        t = create_game(c, "pentago", [{"kind": "me"}, {"kind": "invite"}])
        aside = tmp_path / "aside"
        if how == "file":
            aside.mkdir()
            path.rename(aside / path.name)  # (as deleted: gone from its path)
        else:
            folder.rename(aside)
        with caplog.at_level(logging.WARNING, logger="pentarena.server"), \
                c.websocket_connect(f"/ws/{t['id']}?token={t['you']['token']}") as ws:
            move = first_move_refused(ws, 3, "cannot save anything now")
            not_writable(c)
            refused = c.post("/api/tables", json={"game": "pentago", "seats": [
                {"kind": "me"}, {"kind": "invite"}]})
            assert refused.status_code == 503, refused.text
            if how == "file":
                (aside / path.name).rename(path)
            else:
                aside.rename(folder)
            assert c.get("/api/health").json()["database"] == "ok"
            ws.send_json({"type": "move", "move": move, "version": 0})
            assert ws.receive_json()["version"] == 1
    said = [r.getMessage() for r in caplog.records if r.name == "pentarena.server"]
    refusals = [m for m in said if "writes refused" in m]
    assert len(refusals) == 1 and f"the database file {path} was deleted" in refusals[0], said
    assert sum("writes accepted again" in m for m in said) == 1, said
    store = Store(f"sqlite:///{path}")
    assert store.load(t["id"]).moves == [move]  # what was answered as stored, is
    assert len(store.load_all()[0]) == 1
    store.close()
    shutil.rmtree(folder)


def test_a_database_file_replaced_under_the_server_refuses_writes(tmp_path):
    """Another file put in place of the open one (a copy restored over it): the server's
    writes would go to the file it has open, now nowhere: refused, saying so."""
    import shutil

    path = tmp_path / "pentarena.sqlite3"
    store = Store(f"sqlite:///{path}")
    store.write_now(_create_table, stored_table("t0"))
    shutil.copy(path, tmp_path / "copy.sqlite3")
    (tmp_path / "copy.sqlite3").replace(path)
    with pytest.raises(store_module.Refused, match="another file was put in place"):
        store.write_now(_create_table, stored_table("t1"))
    store.close()
