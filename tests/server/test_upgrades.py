"""An operator's upgrade: a database, a backup and the records of an older release, given
to this one.  tests/data/database-<commit>.sql is what the server of that commit wrote
while tests/data/old_release.py played on it (tables in every state: waiting for a
friend or for anyone, in progress in every game, Pentic's hidden hands, Pent-Up's teams,
finished, a seat left, resigned, imported records, Play again); database-<commit>.json
names its tables, the seat tokens and invites it handed out, and the records it exported.
Each table must list as it was left, replay move by move, and play on to its end."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pentarena.record import GameRecord
from pentarena.server.app import create_app
from pentarena.server.backup import restore
from pentarena.server.store import SCHEMA, Store

DATA = Path(__file__).parent.parent / "data"
RELEASES = ["edf09e6", "1d4793a", "60e44eb"]
"""The 300th, 700th and 900th commits: before the schema marker; with it, before
next_table and analysis; with both (see each file's first lines)."""


def manifest(commit: str) -> dict:
    return json.loads((DATA / f"database-{commit}.json").read_text())


def old_database(path: Path, commit: str) -> Path:
    with sqlite3.connect(path) as db:
        db.executescript((DATA / f"database-{commit}.sql").read_text())
    db.close()
    return path


def tables(m: dict) -> dict[str, dict]:
    return {k: v for k, v in m.items() if not k.startswith("_")}


def state(ws) -> dict:
    while (m := ws.receive_json())["type"] != "state":
        assert m["type"] != "error", m
    return m


def play_to_the_end(c: TestClient, table_id: str, tokens: dict[int, str], rng) -> dict:
    """Random legal moves for the seats of ``tokens`` (the others are the computer's) until
    the game is over; the last state.  No tokens: watched while the computers play."""
    watched = tokens or {-1: ""}
    opened = [c.websocket_connect(f"/ws/{table_id}?token={t}") for t in watched.values()]
    conns = dict(zip(watched, [o.__enter__() for o in opened]))
    try:
        views = {seat: state(ws) for seat, ws in conns.items()}
        v = max(s["version"] for s in views.values())
        for seat, ws in conns.items():
            while views[seat]["version"] < v:
                views[seat] = state(ws)
        while (st := next(iter(views.values())))["table"]["status"] == "playing":
            if st["current_player"] in conns:
                mine = views[st["current_player"]]
                assert mine["legal_moves"], mine
                conns[st["current_player"]].send_json(
                    {"type": "move", "move": rng.choice(mine["legal_moves"]), "version": v})
            for seat, ws in conns.items():
                while (s := state(ws))["version"] <= v:
                    pass
                views[seat] = s
            v += 1
        return st
    finally:
        for o in opened:
            o.__exit__(None, None, None)


@pytest.fixture(params=RELEASES)
def release(request, tmp_path):
    commit = request.param
    path = old_database(tmp_path / f"{commit}.sqlite3", commit)
    return commit, manifest(commit), f"sqlite:///{path}"


def test_an_old_database_lists_every_table_as_its_release_left_it(release):
    commit, m, url = release
    with TestClient(create_app(url, ai="thread", ai_time_limit=0.05)) as c:
        assert c.get("/api/health").json()["set_aside"] == []
        listed = c.get("/api/tables", params={"idle": True, "limit": 500}).json()["tables"]
        assert {t["id"]: [t["status"], t["moves"]] for t in listed} == m["_listing"]
        for key, t in tables(m).items():
            seen = c.get(f"/api/tables/{t['id']}").json()
            assert seen["version"] == m["_listing"][t["id"]][1], key
            if key.startswith("pentic") and seen["table"]["status"] == "playing":
                assert "hands" not in seen["state"] and "deck" not in seen["state"], key
            if t.get("analysis"):  # kept with the table: given at once, not made again
                assert c.get(f"/api/tables/{t['id']}/analysis").status_code == 200, key
    with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
        assert db.execute("SELECT value FROM pentarena").fetchall() == [(str(SCHEMA),)]


def test_every_move_of_an_old_database_replays(release):
    commit, m, url = release
    with TestClient(create_app(url, ai="thread", ai_time_limit=0.05)) as c:
        for table_id, (status, moves) in m["_listing"].items():
            whole = c.get(f"/api/tables/{table_id}").json()
            for ply in range(moves + 1):
                at = c.get(f"/api/tables/{table_id}/at/{ply}")
                assert at.status_code == 200, (table_id, ply, at.text)
                assert at.json()["history"] == whole["history"][:ply]
            if status != "playing":  # a finished game's record, as the old release gave it
                record = c.get(f"/api/tables/{table_id}/record").json()
                assert record["moves"] == whole["history"]


def test_every_game_an_old_release_left_in_progress_plays_on_to_its_end(release):
    commit, m, url = release
    rng = random.Random(1)
    with TestClient(create_app(url, ai="thread", ai_time_limit=0.05)) as c:
        for key, t in tables(m).items():
            if m["_listing"][t["id"]][0] != "playing" or key == "puzzle":
                continue
            tokens = {int(s): tok for s, tok in t["tokens"].items()}
            for seat, invite in t["invites"].items():  # a friend's invite, never used
                r = c.post(f"/api/tables/{t['id']}/join", json={"token": invite, "name": "Dee"})
                assert r.status_code == 200, (key, r.text)
                tokens[r.json()["seat"]] = r.json()["token"]
            if "follows" in t:  # Play again: the other player's seat kept for them
                before = next(b for b in tables(m).values() if b["id"] == t["follows"])
                for token in before["tokens"].values():
                    r = c.post(f"/api/tables/{t['id']}/follow", json={"token": token})
                    if r.status_code == 200:
                        tokens.update({s["seat"]: s["token"] for s in r.json()["seats"]})
                assert len(tokens) == 2, (key, tokens)
            seen = c.get(f"/api/tables/{t['id']}").json()["table"]
            for seat, s in enumerate(seen["seats"]):  # an open seat, or one left
                if s["kind"] == "human" and not s["claimed"]:
                    r = c.post(f"/api/tables/{t['id']}/sit", json={"seat": seat, "name": "Eve"})
                    assert r.status_code == 200, (key, r.text)
                    tokens[seat] = r.json()["token"]
            if "left_token" in t:  # the seat's token went with the player who left
                with c.websocket_connect(f"/ws/{t['id']}?token={t['left_token']}") as ws:
                    assert ws.receive_json()["type"] == "error"
            before = c.get(f"/api/tables/{t['id']}").json()["history"]
            end = play_to_the_end(c, t["id"], tokens, rng)
            assert end["table"]["status"] == "finished", key
            assert end["history"][:len(before)] == before, key  # nothing lost
            record = c.get(f"/api/tables/{t['id']}/record").json()
            assert GameRecord.from_json(record).final_state().history() == end["history"]
    store = Store(url)
    try:
        for key, t in tables(m).items():
            stored = store.load(t["id"])
            assert len(stored.moves) >= m["_listing"][t["id"]][1], key
    finally:
        store.close()


def test_records_an_old_release_exported_import(release):
    commit, m, url = release
    with TestClient(create_app(url, ai="thread", ai_time_limit=0.05)) as c:
        for key, record in m["_records"].items():
            r = c.post("/api/records", content=json.dumps(record),
                       headers={"Content-Type": "application/json"})
            assert r.status_code == 201, (key, r.text)
            seen = c.get(f"/api/tables/{r.json()['id']}").json()
            assert seen["history"] == record["moves"], key
            assert seen["table"]["status"] == m["_listing"][m[f"imported_{key}"]["id"]][0], key


@pytest.mark.parametrize("commit", ["1d4793a", "60e44eb"])
def test_a_backup_of_an_old_release_restores(tmp_path, commit):
    backup = old_database(tmp_path / "backup.sqlite3", commit)  # as pentarena backup wrote it
    target = tmp_path / "data" / "pentarena.sqlite3"
    target.parent.mkdir()
    Store(f"sqlite:///{target}").close()  # the new release's own, replaced
    count, kept = restore(f"sqlite:///{target}", backup)
    m = manifest(commit)
    assert count == len(m["_listing"]) and kept is not None
    with TestClient(create_app(f"sqlite:///{target}", ai="thread")) as c:
        listed = c.get("/api/tables", params={"idle": True, "limit": 500}).json()["tables"]
        assert {t["id"]: [t["status"], t["moves"]] for t in listed} == m["_listing"]


# -- the same on PostgreSQL -------------------------------------------------------------
def empty_postgres(postgres_url: str, name: str) -> str:
    """The URL of database ``name`` on that PostgreSQL server, made anew (empty)."""
    from sqlalchemy import create_engine, text

    admin = create_engine(postgres_url.rsplit("/", 1)[0] + "/postgres",
                          isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS {name}"))
        conn.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return postgres_url.rsplit("/", 1)[0] + f"/{name}"


def copied_to_postgres(sqlite_path: Path, postgres_url: str, name: str) -> str:
    """A new PostgreSQL database ``name`` laid out as the old SQLite database's release
    laid it out there (this release's tables, less the columns and tables the old one
    lacks: SQLAlchemy's CREATE TABLE for either), with its rows."""
    from sqlalchemy import MetaData, create_engine, text
    from sqlalchemy.types import JSON, Boolean

    from pentarena.server.store import Base

    url = empty_postgres(postgres_url, name)
    engine = create_engine(url)
    db = sqlite3.connect(sqlite_path)
    try:
        old = {t: {r[1] for r in db.execute(f"PRAGMA table_info({t})")}
               for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        Base.metadata.create_all(engine)
        with engine.begin() as conn:
            for table in Base.metadata.sorted_tables:
                if table.name not in old:
                    conn.execute(text(f"DROP TABLE {table.name}"))
                    continue
                for column in table.columns:
                    if column.name not in old[table.name]:
                        conn.execute(text(f"ALTER TABLE {table.name} DROP COLUMN "
                                          f"{column.name}"))
        meta = MetaData()
        meta.reflect(engine)
        with engine.begin() as conn:
            for table in ("tables", "moves", "pentarena"):
                if table not in old:
                    continue
                columns = meta.tables[table].columns
                cursor = db.execute(f"SELECT * FROM {table}")
                names = [d[0] for d in cursor.description]
                rows = [{n: (json.loads(v) if isinstance(columns[n].type, JSON) and v
                             else bool(v) if isinstance(columns[n].type, Boolean) else v)
                         for n, v in zip(names, row)} for row in cursor]
                if rows:
                    conn.execute(meta.tables[table].insert(), rows)
            # the rows came with their ids: the sequence goes on after them
            conn.execute(text("SELECT setval(pg_get_serial_sequence('moves', 'id'), "
                              "(SELECT COALESCE(MAX(id), 0) + 1 FROM moves), false)"))
    finally:
        db.close()
        engine.dispose()
    return url


@pytest.mark.parametrize("commit", ["21eaa6f", "edf09e6"])
def test_an_old_database_on_postgresql_lists_replays_and_plays_on(tmp_path, postgres_url,
                                                                   commit):
    """The first release's layout (no private, version or seats_version: version counted
    from the moves) and the 300th commit's, on PostgreSQL, where ALTER TABLE and the
    counting UPDATE are PostgreSQL's."""
    path = old_database(tmp_path / "old.sqlite3", commit)
    url = copied_to_postgres(path, postgres_url, f"upgrade_{commit}")
    with TestClient(create_app(url, ai="thread", ai_time_limit=0.05)) as c:
        assert c.get("/api/health").json()["set_aside"] == []
        listed = {t["id"]: [t["status"], t["moves"]]
                  for t in c.get("/api/tables", params={"idle": True, "limit": 500}).json()[
                      "tables"]}
        with sqlite3.connect(path) as db:
            counts = dict(db.execute("SELECT tables.id, COUNT(moves.id) FROM tables LEFT "
                                     "JOIN moves ON moves.table_id = tables.id "
                                     "GROUP BY tables.id").fetchall())
        db.close()
        assert {k: v[1] for k, v in listed.items()} == counts
        for table_id, (status, moves) in listed.items():
            history = c.get(f"/api/tables/{table_id}").json()["history"]
            assert c.get(f"/api/tables/{table_id}/at/{moves}").json()["history"] == history
        if commit == "edf09e6":
            m = manifest(commit)
            assert listed == m["_listing"]
            t = m["pentic_two_people"]
            tokens = {int(s): tok for s, tok in t["tokens"].items()}
            before = c.get(f"/api/tables/{t['id']}").json()["history"]
            end = play_to_the_end(c, t["id"], tokens, random.Random(2))
            assert end["table"]["status"] == "finished"
            assert end["history"][:len(before)] == before
    store = Store(url)
    try:
        assert len(store.load(next(iter(counts))).moves) >= counts[next(iter(counts))]
    finally:
        store.close()
