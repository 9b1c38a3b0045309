"""Running a coroutine from a test.  The browser tests' Playwright session keeps an event
loop running in the main thread for the whole test session, so ``asyncio.run`` there
fails: run the coroutine on its own loop in a thread of its own."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run_async(coro):
    return in_own_thread(asyncio.run, coro)


def in_own_thread(fn, *args):
    """``fn(*args)`` on a thread of its own (a command that runs its own event loop, such
    as ``pentarena worker``), its result or its exception."""
    with ThreadPoolExecutor(1) as own_thread:
        return own_thread.submit(fn, *args).result()
