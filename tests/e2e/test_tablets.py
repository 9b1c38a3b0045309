"""Tablets: on its side, the piece tray beside the side column keeps all twelve pieces in
its row, each a finger's width."""

from __future__ import annotations

import pytest

from .helpers import create_table, until
from .test_layout import IN_VIEW, PAGE_FITS, TRAY_ALL_IN_VIEW, TRAY_TILES
from .test_tap_targets import FINGER, small_targets

TWO = [{"kind": "me"}, {"kind": "computer", "level": "random"}]

BOX = "(sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; }"


def open_tablet(server, new_page, game, size, seats=TWO, options=None):
    t = create_table(server, seats, options or {}, game=game)
    page = new_page(width=size[0], height=size[1], touch=True)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector("#players .seat")
    page.wait_for_selector(".bv-world")
    return page


def in_view(page, selector: str) -> bool:
    return page.evaluate(IN_VIEW, selector)


@pytest.mark.parametrize("game", ["pentomino", "pentup"])
def test_a_tablet_on_its_side_shows_all_twelve_pieces(server, new_page, game):
    """1024 × 768: the tray beside the side column is 656 px wide; it showed ten of the
    twelve pieces, the rest behind a scroll arrow.  The tiles now give up some width, and
    keep a finger's."""
    page = open_tablet(server, new_page, game, (1024, 768))
    until(page, "document.querySelectorAll('.pu-tile:not(.none)').length === 12")
    assert page.evaluate(TRAY_ALL_IN_VIEW), page.evaluate(TRAY_TILES)
    assert page.locator(".tray-more:visible").count() == 0
    sizes = page.eval_on_selector_all(".tray .pu-tile", "ts => ts.map((t) => [t.getBoundingClientRect().width, t.getBoundingClientRect().height])")
    assert len(sizes) == 12 and all(w >= FINGER and h >= FINGER for w, h in sizes), sizes
    # the pictures inside their tiles, not cut
    assert page.evaluate("""[...document.querySelectorAll('.tray .pu-tile')].every((t) => {
        const a = t.getBoundingClientRect(), b = t.querySelector('.pic svg').getBoundingClientRect();
        return Math.max(b.width, b.height) >= 26 && b.left >= a.left && b.right <= a.right && b.bottom <= a.bottom; })""")
    page.locator(".pu-tile:not(.none)").nth(11).tap()
    until(page, "document.querySelector('.pu-tile.selected')?.dataset.piece === 'Z'")
    assert page.evaluate(TRAY_ALL_IN_VIEW) and page.evaluate(PAGE_FITS)
    assert small_targets(page) == []
    assert not page.errors, page.errors
