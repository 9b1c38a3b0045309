"""The database knows which layout wrote it: a newer release's is refused with a sentence
and left alone, a database that cannot be written to stops the start, and one of the
first release lists, resumes and replays."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pentarena.server.app import create_app
from pentarena.server.startup import StartupError, startup_errors
from pentarena.server.store import SCHEMA, Store


def dump(path: Path) -> list[str]:
    """The database's layout and rows, as a connection reads them (its -wal's commits
    included: the file alone need not change when a write is committed)."""
    db = sqlite3.connect(path)
    try:
        return list(db.iterdump())
    finally:
        db.close()


def test_a_database_records_its_layout(tmp_path):
    Store(f"sqlite:///{tmp_path / 'db.sqlite3'}").close()
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        assert db.execute("SELECT value FROM pentarena WHERE key = 'schema'").fetchall() == [
            (str(SCHEMA),)]


def test_a_database_from_a_newer_release_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "db.sqlite3"
    Store(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE pentarena SET value = ? WHERE key = 'schema'", (str(SCHEMA + 1),))
    before = path.read_bytes()
    with pytest.raises(StartupError, match=f"written by a newer Pentarena .*version {SCHEMA + 1}"):
        Store(f"sqlite:///{path}")
    assert path.read_bytes() == before


def test_a_newer_layout_is_refused_before_anything_is_added_to_it(tmp_path):
    """A newer release that moved a column out of ``tables`` and renamed ``moves``: this
    one refused it, but only after adding the column back and an empty ``moves`` (which a
    later start of the newer release would trip on), saying 'nothing was changed in it'."""
    path = tmp_path / "db.sqlite3"
    Store(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE pentarena SET value = ? WHERE key = 'schema'", (str(SCHEMA + 1),))
        db.execute("ALTER TABLE tables DROP COLUMN analysis")
        db.execute("DROP INDEX ix_moves_table_id")
        db.execute("ALTER TABLE moves RENAME TO plays")
    db.close()
    before = dump(path)
    with pytest.raises(StartupError, match="written by a newer Pentarena .*nothing was changed"):
        Store(f"sqlite:///{path}")
    assert dump(path) == before


@pytest.mark.parametrize("schema", ["two", ""])
def test_a_layout_that_is_no_number_is_refused_as_unreadable(tmp_path, schema):
    path = tmp_path / "db.sqlite3"
    Store(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE pentarena SET value = ? WHERE key = 'schema'", (schema,))
    db.close()
    before = dump(path)
    with pytest.raises(StartupError, match="records a layout this release cannot read "
                       ".*damaged.*nothing was changed"):
        Store(f"sqlite:///{path}")
    assert dump(path) == before


def test_another_programs_database_is_refused_and_left_alone(tmp_path):
    """--database-url naming another program's SQLite file that has a table ``tables``:
    it was given Pentarena's tables, its journal turned to WAL, and the start then failed
    on 'no such column: updated'."""
    path = tmp_path / "inventory.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tables (name TEXT, legs INTEGER)")
        db.execute("INSERT INTO tables VALUES ('kitchen', 4)")
    db.close()
    before = path.read_bytes()
    with pytest.raises(StartupError, match="is not a Pentarena database, or a damaged one: "
                       "its table 'tables' has no column created, game, id, imported, "
                       "options, seats, seed, status, updated"):
        Store(f"sqlite:///{path}")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["inventory.sqlite3"]


def test_a_database_that_cannot_be_written_to_stops_the_start(tmp_path):
    path = tmp_path / "db.sqlite3"
    Store(f"sqlite:///{path}").close()
    url = f"sqlite:///file:{path}?mode=ro&uri=true"
    with pytest.raises(StartupError, match="cannot open .*readonly database"), \
            startup_errors(url):
        Store(url)


def test_a_database_older_than_the_marker_gets_it(tmp_path):
    path = tmp_path / "db.sqlite3"
    Store(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE pentarena")
    Store(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM pentarena").fetchall() == [(str(SCHEMA),)]


# -- a database of the first release ----------------------------------------------------
FIRST_RELEASE = Path(__file__).parent.parent / "data" / "database-21eaa6f.sql"
TWO_PEOPLE, BOB = "qWay-1mDrvH0", "oNMzdsFb6d5OiB9O7g8hAo1j"  # 3 moves in, Bob (seat 1) next
AGAINST_COMPUTER, ME = "v3GRn5j2xZc0", "mMJZr89TvgZNxMk1nZPSOMqc"  # 2 moves in, seat 0 next
FINISHED = "GEw5VtrEcCHR"  # two computers, 24 moves


def state(ws) -> dict:
    while (m := ws.receive_json())["type"] != "state":
        assert m["type"] != "error", m
    return m


def test_a_database_of_the_first_release_lists_resumes_and_replays(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(FIRST_RELEASE.read_text())
    app = create_app(f"sqlite:///{path}", ai="thread", ai_time_limit=0.05)
    with TestClient(app) as c:
        # (idle ones too: the file's tables are as old as the file, and idle a day on)
        listed = {t["id"]: (t["status"], t["moves"])
                  for t in c.get("/api/tables", params={"idle": True}).json()["tables"]}
        assert listed == {TWO_PEOPLE: ("playing", 3), AGAINST_COMPUTER: ("playing", 2),
                          FINISHED: ("finished", 24)}
        assert c.get("/api/health").json()["set_aside"] == []
        assert c.get(f"/api/tables/{FINISHED}/at/5").json()["version"] == 5
        with c.websocket_connect(f"/ws/{TWO_PEOPLE}?token={BOB}") as ws:
            st = state(ws)
            assert st["you"] == 1 and st["current_player"] == 1
            ws.send_json({"type": "move", "move": st["legal_moves"][0], "version": 3})
            assert state(ws)["version"] == 4
        with c.websocket_connect(f"/ws/{AGAINST_COMPUTER}?token={ME}") as ws:
            st = state(ws)
            ws.send_json({"type": "move", "move": st["legal_moves"][0], "version": 2})
            while st["version"] < 4:  # mine, then the computer's
                st = state(ws)
    store = Store(f"sqlite:///{path}")
    try:
        assert len(store.load(TWO_PEOPLE).moves) == 4
        assert len(store.load(AGAINST_COMPUTER).moves) >= 4
    finally:
        store.close()


def test_a_write_the_database_refuses_is_logged_once_and_answered(tmp_path, caplog):
    """A database that turns read-only (or full) while the server runs: each refused
    write is one log line, not one from the store and another from the hub."""
    import logging

    from sqlalchemy import event

    app = create_app(f"sqlite:///{tmp_path / 'ro.sqlite3'}", ai="thread")
    with TestClient(app) as c:
        engine = app.state.hub.store.engine
        event.listen(engine, "connect", lambda conn, _: conn.execute("PRAGMA query_only=1"))
        engine.dispose()
        with caplog.at_level(logging.ERROR, logger="pentarena.server"):
            r = c.post("/api/tables", json={"game": "pentago",
                                            "seats": [{"kind": "me"}, {"kind": "invite"}]})
        assert r.status_code == 503 and r.json()["detail"]["code"] == "store-failed"
    failed = [x for x in caplog.records if "database writes fail" in x.getMessage()]
    assert len(failed) == 1 and "readonly" in failed[0].getMessage()
