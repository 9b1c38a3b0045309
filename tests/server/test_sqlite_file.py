"""The SQLite file of a single server: backups while it runs (``pentarena backup``), and
one server per file."""

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
    url = "postgresql+psycopg://pentarena:secret@db/pentarena"
    assert main(["backup", "--database-url", url, str(tmp_path / "c")]) == 2
    out = " ".join(capsys.readouterr().out.split())
    assert "pg_dump" in out and "secret" not in out


def test_backup_is_listed_in_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "backup" in capsys.readouterr().out


def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(tmp_path, capsys,
                                                                  monkeypatch):
    import uvicorn

    from pentarena.server.startup import hold_database

    started = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: started.append(a))
    url = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    first = hold_database(url)  # the first server
    try:
        assert main(["serve", "--port", "8749", "--database-url", url]) == 2
        out = " ".join(capsys.readouterr().out.split())
        assert "another server is using" in out and "one.sqlite3" in out
        assert not started
    finally:
        first.close()
    assert main(["serve", "--port", "8749", "--database-url", url]) == 0  # once it stopped
    assert len(started) == 1


def test_a_data_folder_given_with_a_tilde_is_in_the_home_folder(tmp_path, monkeypatch):
    from pentarena.server.store import default_database_url

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("PENTARENA_DATA", "~/arena")  # as a service manager passes it
    monkeypatch.chdir(tmp_path)
    assert default_database_url() == f"sqlite:///{tmp_path / 'arena' / 'pentarena.sqlite3'}"
    assert not (tmp_path / "~").exists()
