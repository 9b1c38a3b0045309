"""The cost of Pent-Up's 3D view in the browser: redraws of the isometric picture.

Plays a 4-player Pent-Up game to its end through the Python API (random moves, seeded: 48
tiles, 240 cubes, 720 polygons), imports its record into ``pentarena serve`` on a free
loopback port (a throwaway SQLite database) and opens the replay table in Debian's Chromium
(Playwright).  Three kinds of redraw of the 3D view, each timed in the page:

* the whole picture drawn afresh: the 3D view opened (what every state message cost before
  the picture kept its cubes);
* a state message with the same position: the page asks the server for the state again
  (``{"type": "sync"}``) ``--redraws`` times;
* a new position: ``--steps`` replay steps, one tile fewer, then back.

The scripts are served with a ``performance.now()`` wrapper added around ``drawIso`` (the
3D drawing) and around the page's ``render`` of a state.  A redraw's frame: drawIso's own
time plus the style, layout and paint of the frame that shows it, until a task posted after
that frame's rendering runs.  On a desktop (1200 × 900) and on an emulated phone (390 ×
844, 3× pixels, touch) with the CPU slowed ``--throttle`` times
(``Emulation.setCPUThrottlingRate``).  ``--quick``: a few redraws of each kind (the smoke
test).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from common import ROOT, save

sys.path.insert(0, str(ROOT.parent))  # the repository: the e2e tests' server and browser
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402
from tests.e2e.helpers import import_record, pentup_record  # noqa: E402

# The wrappers put into the served scripts (each replaced text must be found: a changed
# script fails the run rather than timing nothing).  The frame is timed from the end of
# render() when drawIso ran inside it (render runs in a frame already), else from the start
# of the next frame.
ISO = ("function drawIso(parent, ",  # whatever its options: renamed drawIso0, and wrapped
       "function drawIso(parent, ...rest) { const t0 = performance.now();"
       " const box = drawIso0(parent, ...rest); const js = performance.now() - t0;"
       " const rec = { ms: js, polygons: parent.querySelectorAll('polygon').length };"
       " (window.__iso ||= []).push(rec);"
       " const after = (t) => { const ch = new MessageChannel();"
       " ch.port1.onmessage = () => { rec.frame = js + performance.now() - t; };"
       " ch.port2.postMessage(0); };"
       " if (window.__inFrame) window.__afterRender = after;"
       " else requestAnimationFrame(() => after(performance.now()));"
       " return box; }\n"
       "function drawIso0(parent, ")
RENDER = ("const states = oncePerFrame((msg) => { awayFromNow(msg); render(msg); });",
          "const states = oncePerFrame((msg) => { const t0 = performance.now();"
          " window.__inFrame = true; try { awayFromNow(msg); render(msg); }"
          " finally { window.__inFrame = false; }"
          " (window.__render ||= []).push(performance.now() - t0);"
          " const after = window.__afterRender; window.__afterRender = null;"
          " if (after) after(performance.now()); });")
# every WebSocket the page opens, to send it a sync
SOCKETS = """(() => { const W = window.WebSocket; window.__sockets = [];
  window.WebSocket = class extends W { constructor(...a) { super(...a); window.__sockets.push(this); } }; })()"""
DRAWN = "window.__iso.length === {n} && window.__iso[{n} - 1].frame !== undefined"

KINDS = {"full": "whole picture drawn (3D view opened)",
         "same_position": "a state, the same position (sync)",
         "step": "a replay step (one tile more or less)"}
DEVICES = {
    "desktop": ({"viewport": {"width": 1200, "height": 900}}, 1),
    "phone": ({"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
               "is_mobile": True, "has_touch": True}, None),  # None: --throttle
}


def patched(route, pairs) -> None:
    body = route.fetch().text()
    for old, new in pairs:
        if old not in body:
            raise SystemExit(f"{route.request.url}: {old!r} not found (the script changed)")
        body = body.replace(old, new)
    route.fulfill(body=body, headers={"Content-Type": "text/javascript"})


def wait(page, condition: str) -> None:
    page.wait_for_function(f"() => ({condition})", timeout=60_000)


def figures(recs: list[dict]) -> dict:
    def ms(xs):
        return {"median": round(statistics.median(xs), 2), "max": round(max(xs), 2)}
    return {"count": len(recs), "polygons": max(r["polygons"] for r in recs),
            "draw_iso_ms": ms([r["ms"] for r in recs]), "frame_ms": ms([r["frame"] for r in recs])}


def measure(browser, url: str, device: str, throttle: float, redraws: int, steps: int) -> dict:
    options, rate = DEVICES[device]
    rate = rate or throttle
    ctx = browser.new_context(**options)
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script(SOCKETS)
        page.route("**/js/games/pentup.js", lambda r: patched(r, [ISO]))
        page.route("**/js/table.js", lambda r: patched(r, [RENDER]))
        page.goto(url)
        wait(page, "window.__sockets.length && window.__sockets[0].readyState === 1"
                   " && (window.__render || []).length >= 1")
        if rate > 1:
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                    {"rate": rate})
        out = {"cpu_throttling": rate}
        page.evaluate("window.__iso = []")
        for i in range(max(2, steps // 2)):   # 3D view, and back to the 2D view
            page.click("#pu-view")
            wait(page, DRAWN.format(n=i + 1))
            page.click("#pu-view")
        page.click("#pu-view")
        wait(page, DRAWN.format(n=max(2, steps // 2) + 1))
        out["full"] = figures(page.evaluate("window.__iso"))
        page.evaluate("window.__iso = []; window.__render = []")
        for i in range(redraws):
            page.evaluate("window.__sockets.at(-1).send(JSON.stringify({ type: 'sync' }))")
            wait(page, DRAWN.format(n=i + 1))
        out["same_position"] = figures(page.evaluate("window.__iso"))
        render = page.evaluate("window.__render")
        out["same_position"]["render_js_ms"] = {"median": round(statistics.median(render), 2),
                                                "max": round(max(render), 2)}
        page.evaluate("window.__iso = []")
        for i in range(steps):
            page.keyboard.press("ArrowLeft" if i % 2 == 0 else "ArrowRight")
            wait(page, DRAWN.format(n=i + 1))
        out["step"] = figures(page.evaluate("window.__iso"))
        if errors:
            raise SystemExit(f"page errors: {errors}")
    finally:
        ctx.close()
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--redraws", type=int, default=30, help="sync messages, per device")
    p.add_argument("--steps", type=int, default=20, help="replay steps, per device")
    p.add_argument("--throttle", type=float, default=4, help="the phone's CPU slowdown")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quick", action="store_true", help="3 redraws and 4 steps a device")
    args = p.parse_args()
    if args.quick:
        args.redraws, args.steps = 3, 4
    from playwright.sync_api import sync_playwright

    record = pentup_record(4, args.seed)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "bench.sqlite3")
        server.start()
        try:
            url = server.url + import_record(server, record)["url"]
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    for device in DEVICES:
                        results[device] = measure(browser, url, device, args.throttle,
                                                  args.redraws, args.steps)
                finally:
                    browser.close()
        finally:
            server.stop()
    print(f"Pent-Up 3D view, 4 players, the last position ({len(record['moves'])} tiles), "
          f"seed {args.seed}: drawIso ms and its frame ms (+ style, layout, paint), "
          f"median / max")
    for device, r in results.items():
        print(f"{device} (CPU ×{r['cpu_throttling']:g}):")
        for kind, label in KINDS.items():
            f = r[kind]
            print(f"  {label:<38} {f['count']:>3} × {f['polygons']} polygons: drawIso "
                  f"{f['draw_iso_ms']['median']} / {f['draw_iso_ms']['max']} ms, frame "
                  f"{f['frame_ms']['median']} / {f['frame_ms']['max']} ms")
    save("pentup_3d_view", {"seed": args.seed, "tiles": len(record["moves"]),
                            "quick": args.quick, **results})
    print("3d view redraws measured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
