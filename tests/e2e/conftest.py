"""End-to-end fixtures: the real server on loopback and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("PENTARENA_CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(__file__).parent / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``pentarena serve`` in a subprocess; can be killed and started again on the same
    port and database."""

    def __init__(self, db_path: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = f"sqlite:///{db_path}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pentarena.cli", "serve", "--port", str(self.port),
             "--database-url", self.db],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            start_new_session=True)  # its own process group: the AI workers die with it
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=1)
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(self.proc.stdout.read().decode())
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL the server and its worker processes (a crash, as far as clients see)."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        if self.proc:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)  # any worker left behind
            except ProcessLookupError:
                pass


@pytest.fixture
def server(tmp_path):
    srv = Server(tmp_path / "e2e.sqlite3")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run 'make test' (it installs it)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(width=1200, height=900, touch=False):
        """A page in a fresh context; ``touch=True``: a touch-only device (a phone or a
        tablet: no hover, a coarse pointer, taps)."""
        ctx = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=touch, is_mobile=touch)
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def shot(page, name: str, full_page: bool = True) -> None:
    """A screenshot for the README; ``full_page=False`` keeps a phone's screen as it is
    (a full-page shot would stretch the viewport, and the table page fills it)."""
    SHOTS.mkdir(exist_ok=True)
    # the picture once the board has settled: no view still moving, no mark still flashing
    page.wait_for_function(
        "() => !document.querySelector('.bv[data-moving]') && document.getAnimations().every("
        "(a) => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)",
        timeout=10_000)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)
