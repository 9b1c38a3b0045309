"""The SQLite file of a single server: backups while it runs (``pentarena backup``),
restores while it is stopped (``pentarena restore``), and one server per file."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from pentarena.cli import main
from pentarena.server.backup import backup
from pentarena.server.store import Store, StoredTable, _create_table


def stored(table_id: str) -> StoredTable:
    return StoredTable(table_id, "pentago", {}, 1, [], "playing", 1.0, 1.0, False, [])


def tables_in(path) -> int:
    with sqlite3.connect(path) as db:
        try:
            return db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
        except sqlite3.OperationalError:  # no such table
            return 0


def database_with(tmp_path, *table_ids: str) -> str:
    """The URL of ``pentarena.sqlite3`` in ``tmp_path``, holding those tables (closed)."""
    url = f"sqlite:///{tmp_path / 'pentarena.sqlite3'}"
    store = Store(url)
    try:
        for table_id in table_ids:
            store.write_now(_create_table, stored(table_id))
    finally:
        store.close()
    return url


def test_a_backup_taken_while_the_server_writes_holds_every_committed_table(tmp_path):
    url = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    store = Store(url)  # open, as a running server's: the commits sit in the -wal file
    try:
        for n in range(3):
            store.write_now(_create_table, stored(f"t{n}"))
        shutil.copy(tmp_path / "live.sqlite3", tmp_path / "plain.sqlite3")
        assert tables_in(tmp_path / "plain.sqlite3") < 3  # why copying the file is wrong
        assert backup(url, tmp_path / "backup.sqlite3") == 3
    finally:
        store.close()
    assert not (tmp_path / "backup.sqlite3-wal").exists()
    restored = Store(f"sqlite:///{tmp_path / 'backup.sqlite3'}")
    try:
        assert sorted(t.id for t in restored.load_all()[0]) == ["t0", "t1", "t2"]
    finally:
        restored.close()


def test_the_command_says_what_it_copied_and_refuses_what_it_cannot_do(tmp_path, capsys,
                                                                       monkeypatch):
    monkeypatch.setenv("PENTARENA_DATA", str(tmp_path / "data"))
    assert main(["backup", str(tmp_path / "b.sqlite3")]) == 2  # nothing to back up yet
    assert "there is no database at" in capsys.readouterr().out
    Store().close()
    assert main(["backup", str(tmp_path / "b.sqlite3")]) == 0
    assert "Backed up 0 tables" in capsys.readouterr().out
    assert main(["backup", str(tmp_path / "b.sqlite3")]) == 2
    assert "exists already" in capsys.readouterr().out
    assert main(["backup", str(tmp_path / "no-such-folder" / "b.sqlite3")]) == 2
    assert "no-such-folder' does not exist" in " ".join(capsys.readouterr().out.split())
    for url in ("postgresql+psycopg://pentarena:secret@db/pentarena",
                "postgres://pentarena:secret@db/pentarena"):   # (the spelling Heroku gives)
        assert main(["backup", "--database-url", url, str(tmp_path / "c")]) == 2
        out = " ".join(capsys.readouterr().out.split())
        assert "pg_dump" in out and "secret" not in out


@pytest.mark.parametrize("command", ["backup", "restore"])
@pytest.mark.parametrize("url,said", [
    ("bogus", "bogus is not a database URL: write sqlite:///"),
    ("mysql://kim:secret@db/x", "mysql://kim:***@db/x is neither SQLite nor PostgreSQL")])
def test_backup_and_restore_say_what_is_wrong_with_a_database_url(command, url, said,
                                                                  tmp_path, capsys):
    assert main([command, "--database-url", url, str(tmp_path / "b.sqlite3")]) == 2
    assert said in " ".join(capsys.readouterr().out.split())  # not a traceback


def test_backup_and_restore_are_listed_in_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "backup" in out and "restore" in out


def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(tmp_path, capsys,
                                                                  monkeypatch):
    from pentarena.server import app as app_module
    from pentarena.server.startup import hold_database
    from tests.services import free_port

    started = []
    monkeypatch.setattr(app_module, "run_uvicorn", lambda *a, **k: started.append(a) or True)
    url = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    port = str(free_port())
    first = hold_database(url)  # the first server
    try:
        assert main(["serve", "--port", port, "--database-url", url]) == 2
        out = " ".join(capsys.readouterr().out.split())
        assert "another server is using" in out and "one.sqlite3" in out
        # with Redis neither: the first keeps its tables to itself
        redis = ["--redis-url", "redis://127.0.0.1:1/0"]
        assert main(["serve", "--port", port, "--database-url", url, *redis]) == 2
        out = " ".join(capsys.readouterr().out.split())
        assert "a server without --redis-url is using" in out and "one.sqlite3" in out
        assert not started
    finally:
        first.close()
    assert main(["serve", "--port", port, "--database-url", url]) == 0  # once it stopped
    assert len(started) == 1


def test_a_sqlite_lock_file_deleted_under_the_server_is_made_and_taken_again(tmp_path,
                                                                           monkeypatch):
    """The lock file deleted while a server runs: a second server made a new one, locked
    it and started beside the first.  The holder's check makes and locks it again (a
    second server is refused again); if another server locked a new one first, the
    check says so."""
    from pentarena.server.startup import StartupError, hold_database

    url = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    lock = tmp_path / "one.sqlite3.lock"
    held = hold_database(url)
    try:
        lock.unlink()
        assert held.check() is None and lock.exists()
        with pytest.raises(StartupError, match="another server is using"):
            hold_database(url)
        lock.unlink()
        other = hold_database(url)  # started before the holder's next check
        why = held.check()
        assert why is not None and "another server took" in why and str(lock) in why, why
        other.close()
        assert held.check() == why  # lost for good: this server stops
    finally:
        held.close()


def test_a_data_folder_given_with_a_tilde_is_in_the_home_folder(tmp_path, monkeypatch):
    from pentarena.server.store import default_database_url

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("PENTARENA_DATA", "~/arena")  # as a service manager passes it
    monkeypatch.chdir(tmp_path)
    assert default_database_url() == f"sqlite:///{tmp_path / 'arena' / 'pentarena.sqlite3'}"
    assert not (tmp_path / "~").exists()


def test_a_restore_gives_the_backup_back_and_keeps_the_database_it_replaces(tmp_path,
                                                                           capsys):
    url = f"sqlite:///{tmp_path / 'pentarena.sqlite3'}"
    store = Store(url)
    try:
        for n in range(3):
            store.write_now(_create_table, stored(f"t{n}"))
        backup(url, tmp_path / "backup.sqlite3")
        store.write_now(_create_table, stored("t3"))  # after the backup
    finally:
        store.close()
    assert main(["restore", "--database-url", url, str(tmp_path / "backup.sqlite3")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Restored 3 tables from" in out and "the database it replaced is kept as" in out
    kept = [p for p in tmp_path.iterdir() if ".replaced-" in p.name]
    assert len(kept) == 1 and kept[0].name in out.replace(" ", "")
    assert tables_in(kept[0]) == 4  # nothing lost: t3 is in the file it replaced
    restored = Store(url)
    try:
        assert sorted(t.id for t in restored.load_all()[0]) == ["t0", "t1", "t2"]
    finally:
        restored.close()


def test_a_restore_after_a_crash_keeps_the_newest_moves_and_drops_the_stale_wal(tmp_path):
    import subprocess
    import sys

    from pathlib import Path

    from pentarena.server.backup import restore

    url = database_with(tmp_path, "old")
    backup(url, tmp_path / "backup.sqlite3")
    # a server that dies without closing: its last commit only in pentarena.sqlite3-wal
    crash = ("import os, sys\nfrom pentarena.server.store import Store, _create_table\n"
             "from tests.server.test_sqlite_file import stored\n"
             "s = Store(sys.argv[1])\ns.write_now(_create_table, stored('newest'))\n"
             "os._exit(0)\n")
    subprocess.run([sys.executable, "-c", crash, url], check=True,
                   cwd=str(Path(__file__).parents[2]))
    assert (tmp_path / "pentarena.sqlite3-wal").stat().st_size > 0
    tables, kept = restore(url, tmp_path / "backup.sqlite3")
    assert tables == 1 and tables_in(kept) == 2  # the crashed server's last table kept
    assert not (tmp_path / "pentarena.sqlite3-wal").exists()
    assert not kept.with_name(kept.name + "-wal").exists()
    restored = Store(url)
    try:
        assert [t.id for t in restored.load_all()[0]] == ["old"]
    finally:
        restored.close()


def test_a_restore_refuses_what_it_cannot_serve_and_changes_nothing(tmp_path, capsys):
    from pentarena.server.startup import hold_database

    url = database_with(tmp_path, "live")
    good = tmp_path / "good.sqlite3"
    backup(url, good)
    (tmp_path / "notes.txt").write_text("not a database")
    with sqlite3.connect(tmp_path / "other.sqlite3") as db:
        db.execute("CREATE TABLE people (name TEXT)")
    newer = tmp_path / "newer.sqlite3"
    backup(url, newer)
    with sqlite3.connect(newer) as db:
        db.execute("UPDATE pentarena SET value = '99' WHERE key = 'schema'")
    unreadable = {}  # a marker that is no number: no newer release wrote it
    for name, schema in (("word", "two"), ("blank", "")):
        backup(url, unreadable.setdefault(name, tmp_path / f"{name}.sqlite3"))
        with sqlite3.connect(unreadable[name]) as db:
            db.execute("UPDATE pentarena SET value = ? WHERE key = 'schema'", (schema,))
        db.close()
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(good.read_bytes()[:4096])  # the header, not the pages
    before = (tmp_path / "pentarena.sqlite3").read_bytes()
    cases = {str(tmp_path / "missing.sqlite3"): "there is no file at",
             str(tmp_path / "notes.txt"): "is not a SQLite database",
             str(tmp_path / "other.sqlite3"): "but not Pentarena's",
             str(newer): "written by a newer Pentarena (its layout is version 99; this "
                         "release knows up to 1): restore it with that release or a later one",
             str(unreadable["word"]): "records a layout this release cannot read (schema "
                                      "'two', where a version number up to 1 belongs): it "
                                      "is damaged, or was written by another program",
             str(unreadable["blank"]): "records a layout this release cannot read (schema "
                                       "'', where",
             str(damaged): "damaged",
             str(tmp_path / "pentarena.sqlite3"): "is the server's database itself"}
    for file, said in cases.items():
        assert main(["restore", "--database-url", url, file]) == 2, file
        out = " ".join(capsys.readouterr().out.split())
        assert said in out, (file, out)
    server = hold_database(url)  # a server running on it
    try:
        assert main(["restore", "--database-url", url, str(good)]) == 2
        assert "a server is using" in " ".join(capsys.readouterr().out.split())
    finally:
        server.close()
    pg = "postgresql+psycopg://pentarena:secret@db/pentarena"
    assert main(["restore", "--database-url", pg, str(good)]) == 2
    out = " ".join(capsys.readouterr().out.split())
    assert "pg_restore" in out and "secret" not in out
    assert (tmp_path / "pentarena.sqlite3").read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if ".replaced-" in p.name or "restoring" in p.name]


def test_a_backup_that_cannot_be_written_says_why_and_leaves_nothing(tmp_path, monkeypatch):
    """A folder this user may not write in, or a disk that fills up midway (here the
    process's file size limit: writes past it fail as on a full disk): a sentence, exit
    status 2, and no file left behind for the retry to refuse (a 0-byte file before)."""
    import os
    import resource
    import signal
    import subprocess
    import sys

    url = database_with(tmp_path, *(f"t{n}" for n in range(200)))
    assert (tmp_path / "pentarena.sqlite3").stat().st_size > 32 * 1024
    target = tmp_path / "out" / "b.sqlite3"
    target.parent.mkdir()

    def small_files():  # (in the child) writes past 16 KB fail; the signal is not fatal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (16 * 1024, 16 * 1024))

    run = subprocess.run([sys.executable, "-m", "pentarena.cli", "backup", "--database-url",
                          url, str(target)], capture_output=True, text=True, preexec_fn=small_files,
                         env={**os.environ, "COLUMNS": "300"}, timeout=120)
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stdout.startswith(f"error: the backup could not be written to {target}: ")
    assert run.stdout.rstrip().endswith("nothing was left behind")
    assert "Traceback" not in run.stdout + run.stderr
    assert list(target.parent.iterdir()) == []
    assert main(["backup", "--database-url", url, str(target)]) == 0  # the retry
    assert tables_in(target) == 200
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    if os.geteuid() == 0:  # root writes anywhere: the check's answer as another user's
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, mode: p != locked and real(p, mode))
    with pytest.raises(ValueError, match="this user may not write in the folder"):
        backup(url, locked / "b.sqlite3")
    assert list(locked.iterdir()) == []


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_a_server_on_a_database_in_memory_keeps_its_tables_while_it_runs(url, monkeypatch,
                                                                        capsys):
    """``--database-url sqlite://`` said "running" and then refused every request: each
    thread had a database of its own, the tables made in one of them only."""
    import os

    from fastapi.testclient import TestClient

    from pentarena.server import app as app_module
    from pentarena.server.app import create_app
    from tests.services import free_port

    app = create_app(url, ai="thread", ai_time_limit=0.1)
    scratch = app.state.hub.store.scratch.name
    with TestClient(app) as client:
        made = client.post("/api/tables", json={"game": "pentago", "seats": [
            {"kind": "me"}, {"kind": "invite"}]})
        assert made.status_code == 201, made.text
        table = made.json()["table"]["id"]
        assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [table]
        assert client.get("/api/health").json()["database"] == "ok"
    assert os.path.isdir(scratch)
    app.state.hub.store.scratch.cleanup()  # what the store's end does
    assert not os.path.exists(scratch)
    # the command line says where it is, and that it goes with the server
    monkeypatch.setattr(app_module, "run_uvicorn", lambda *a, **k: True)
    assert main(["serve", "--port", str(free_port()), "--database-url", url]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "(in place of sqlite://: removed when the server stops)" in out


def test_a_database_in_memory_is_refused_where_other_processes_must_reach_it(capsys):
    from tests.services import free_port

    redis = ["--redis-url", "redis://127.0.0.1:1/0"]
    assert main(["serve", "--port", str(free_port()), "--database-url", "sqlite://",
                 *redis]) == 2
    assert main(["worker", "--database-url", "sqlite://", *redis]) == 2
    out = capsys.readouterr().out
    for said in out.split("error: ")[1:]:
        said = " ".join(said.split())
        assert said.startswith("sqlite:// is a database in one process's memory, which no "
                               "other server or worker can reach"), said
    assert out.count("error: ") == 2
