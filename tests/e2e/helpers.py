"""Clicking through Pent-Up like a person: select a tile, turn it, stage, confirm."""

from __future__ import annotations

import random


def moves_played(page) -> int:
    return page.locator("#log li").count()


def wait_moves(page, n: int, timeout: float = 30_000) -> None:
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {n}",
                           timeout=timeout)


def wait_my_turn_or_end(page, timeout: float = 60_000) -> bool:
    """True when it is this page's turn, False when the game is over."""
    page.wait_for_function(
        "!document.getElementById('banner').hidden || "
        "document.querySelectorAll('.pu-tile:not(.none)').length > 0", timeout=timeout)
    return page.locator("#banner").is_hidden()


def play_one_move(page, rng: random.Random, use_keys: bool = True) -> str:
    """Select a playable tile, rotate/flip until it has destinations, stage, confirm."""
    before = moves_played(page)
    tiles = page.locator(".pu-tile:not(.none)")
    tile = tiles.nth(rng.randrange(tiles.count()))
    tile.click()
    # exercise rotate and flip, then look for an orientation with destinations
    for step in range(8):
        if step or rng.random() < 0.5:
            if use_keys:
                page.keyboard.press("r" if step % 4 != 3 else "f")
            else:
                page.click("#pu-rotate" if step % 4 != 3 else "#pu-flip")
        if page.locator(".dest").count():
            break
    dests = page.locator(".dest")
    assert dests.count() > 0, "some orientation of a playable tile has a destination"
    dest = dests.nth(rng.randrange(dests.count()))
    text = dest.get_attribute("data-move")
    dest.click()
    assert page.locator("#pu-confirm").is_enabled()
    page.click("#pu-confirm")
    wait_moves(page, before + 1)
    return text
