"""What operators read: JSON logs, Prometheus metrics, the health answer."""

from __future__ import annotations

import io
import json
import logging

from fastapi.testclient import TestClient

from pentarena.server.app import create_app
from pentarena.server.logs import JsonFormatter
from tests.aio import run_async
from tests.services import free_port

from .test_api import create_game, receive_until, state_at


def test_json_logs_are_one_object_per_line():
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    log = logging.getLogger("pentarena.test-json")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("table %s set aside", "abc", extra={"table": "abc"})
        try:
            raise ValueError("broken")
        except ValueError:
            log.exception("it failed")
    finally:
        log.removeHandler(handler)
    lines = [json.loads(line) for line in out.getvalue().splitlines()
             if line.startswith("{")]
    assert lines[0]["level"] == "warning" and lines[0]["message"] == "table abc set aside"
    assert lines[0]["table"] == "abc" and lines[0]["time"].endswith("Z")
    assert "ValueError: broken" in lines[1]["error"]


def test_metrics_count_moves_connections_and_refusals(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'm.sqlite3'}", ai="thread",
                               metrics_token="s3cret")) as c:
        t = create_game(c, "pentago", [{"kind": "me"}, {"kind": "me"}])
        with c.websocket_connect(f"/ws/{t['id']}") as ws:
            first = receive_until(ws, state_at(0))
            ws.send_text(json.dumps({"type": "move", "move": first["legal_moves"][0],
                                     "version": 0}))
            receive_until(ws, state_at(1))
            ws.send_text(json.dumps({"type": "move", "move": "z9", "version": 1}))
            receive_until(ws, lambda m: m["type"] == "error")
            pool = c.app.state.hub.pool
            pool.dropped, pool.stopped = 3, 1   # (as jobs no longer wanted leave them)
            text = c.get("/metrics", headers={"Authorization": "Bearer s3cret"}).text
        assert 'pentarena_moves_total{by="person"} 1.0' in text
        assert 'pentarena_jobs_unwanted{how="dropped"} 2.0' in text
        assert 'pentarena_jobs_unwanted{how="stopped"} 1.0' in text
        assert 'pentarena_refused_total{code="invalid-move"} 1.0' in text
        assert "pentarena_connections 1.0" in text
        assert "pentarena_move_seconds_count 1.0" in text
        health = c.get("/api/health").json()
        assert health["status"] == "ok" and health["instance"] and "redis" not in health


def test_metrics_are_for_loopback_or_the_token(tmp_path, monkeypatch):
    monkeypatch.delenv("PENTARENA_METRICS_TOKEN", raising=False)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.sqlite3'}", ai="thread")) as c:
        r = c.get("/metrics")  # the test client's address is not loopback
        assert r.status_code == 403 and r.json()["detail"]["code"] == "forbidden"
        assert "served to loopback only" in r.json()["detail"]["message"]
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.sqlite3'}", ai="thread"),
                    client=("127.0.0.1", 5000)) as c:
        assert c.get("/metrics").status_code == 200
    with TestClient(create_app(f"sqlite:///{tmp_path / 'b.sqlite3'}", ai="thread",
                               metrics_token="s3cret"), client=("127.0.0.1", 5000)) as c:
        for sent in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "s3cret"}):
            r = c.get("/metrics", headers=sent)  # with a token, even loopback needs it
            assert r.status_code == 403 and "need the token" in r.json()["detail"]["message"]
        r = c.get("/metrics", headers={"Authorization": "Bearer s3cret"})
        assert r.status_code == 200 and "pentarena_connections" in r.text
        assert c.get("/metrics", headers={"Authorization": "bearer s3cret"}).status_code == 200
    monkeypatch.setenv("PENTARENA_METRICS_TOKEN", "from-env")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'c.sqlite3'}", ai="thread")) as c:
        assert c.get("/metrics", headers={"Authorization": "Bearer from-env"}).status_code == 200


def test_passwords_and_row_values_stay_out_of_what_is_printed_and_logged(tmp_path, capsys,
                                                                         monkeypatch):
    """The server prints its database and Redis addresses with the passwords hidden, and a
    failed write's error (which the store logs) shows no row values: a Pentic table's row
    holds the deal."""
    import pytest
    from sqlalchemy.exc import IntegrityError

    from pentarena.server import app as app_module
    from pentarena.server.startup import shown_url
    from pentarena.server.store import Store
    from pentarena.server.tables import Table

    assert shown_url("postgresql+psycopg://pentarena:s3cret@db:5432/p") == \
        "postgresql+psycopg://pentarena:***@db:5432/p"
    assert shown_url("redis://:s3cret@127.0.0.1:6379/0") == "redis://:***@127.0.0.1:6379/0"
    assert shown_url("sqlite:////srv/tables.db") == "sqlite:////srv/tables.db"

    class Made:  # create_app's result as serve() reads it: no database is opened
        class state:
            class hub:
                class store:
                    url = "postgresql+psycopg://pentarena:s3cret@db/p"
                    scratch = None

    monkeypatch.setattr(app_module, "create_app", lambda *a, **k: Made)
    monkeypatch.setattr(app_module, "run_uvicorn", lambda *a, **k: True)
    app_module.serve(port=free_port(), database_url=f"sqlite:///{tmp_path / 'held.sqlite3'}",
                     redis_url="redis://:s3cret@127.0.0.1:1/0")
    out = capsys.readouterr().out
    assert "pentarena:***@db/p" in out and "redis://:***@127.0.0.1:1/0" in out
    assert "s3cret" not in out

    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    table, _ = Table.create("pentic", {}, None)
    deal = json.dumps(table.stored().private["deck"][-8:])[1:-1]  # '12, 80, 3, …'
    run_async(store.create_table(table.stored()))
    with pytest.raises(IntegrityError) as twice:  # the same table stored again
        run_async(store.create_table(table.stored()))
    assert "parameters hidden" in str(twice.value) and deal not in str(twice.value)
    store.close()


def test_uvicorn_warnings_are_json_lines_too(monkeypatch, capsys, tmp_path):
    """--log-format json promises one JSON object per line: uvicorn's own warnings (a
    request that is not HTTP, an unsupported upgrade) printed as 'WARNING:  …' text."""

    from pentarena.server import app as app_module
    from pentarena.server.logs import setup_logging

    ran = {}
    monkeypatch.setattr(app_module, "run_uvicorn",
                        lambda app, sock, **kwargs: ran.update(kwargs) or True)
    saved = {n: (logging.getLogger(n).handlers[:], logging.getLogger(n).level,
                 logging.getLogger(n).propagate) for n in ("pentarena", "saq", "uvicorn")}
    try:
        app_module.serve(port=free_port(), database_url=f"sqlite:///{tmp_path / 'j.sqlite3'}",
                         log_format="json")
        assert ran["log_config"] is None  # else uvicorn replaces the handlers set up here
        started = capsys.readouterr()  # the lines saying where it runs: JSON objects too
        assert started.out == ""
        assert [json.loads(line)["message"].split(":")[0] for line in
                started.err.splitlines()] == ["Pentarena is running at http", "Database"]
        setup_logging("json", logging.INFO)
        capsys.readouterr()
        # (not one of the warnings quietlog holds back: an earlier test's filter may hold it)
        logging.getLogger("uvicorn.error").warning("ASGI callable returned without a response")
        err = capsys.readouterr().err.splitlines()
    finally:
        for name, (handlers, level, propagate) in saved.items():
            logger = logging.getLogger(name)
            logger.handlers[:], logger.propagate = handlers, propagate
            logger.setLevel(level)
    assert [json.loads(line)["message"] for line in err] == [
        "ASGI callable returned without a response"]
    assert json.loads(err[0])["logger"] == "uvicorn.error"


def test_docs_deploy_names_every_flag_of_serve_and_worker_and_only_those():
    """docs/deploy.md is the operator's page: each flag it names exists, and each flag of
    serve and worker is there (the benchmark's own flags aside)."""
    import re
    from pathlib import Path

    from pentarena.cli import build_parser

    doc = (Path(__file__).parents[2] / "docs" / "deploy.md").read_text()
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", doc)) - {"--instances", "--workers"}
    commands = build_parser()._subparsers._group_actions[0].choices
    flags = {name: {o for a in commands[name]._actions for o in a.option_strings
                    if o.startswith("--") and o != "--help"}
             for name in ("serve", "worker", "backup", "restore")}
    assert named <= set().union(*flags.values()), named - set().union(*flags.values())
    assert flags["serve"] | flags["worker"] <= named, (flags["serve"] | flags["worker"]) - named
