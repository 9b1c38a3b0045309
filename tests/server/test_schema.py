"""The database knows which layout wrote it: a newer release's is refused with a sentence
and left alone, and a database that cannot be written to stops the start."""

from __future__ import annotations

import sqlite3

import pytest

from pentarena.server.startup import StartupError, startup_errors
from pentarena.server.store import SCHEMA, Store


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
