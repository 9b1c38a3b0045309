"""How fast the pages load on a phone: bytes, requests, the request chain, time to the board.

Starts ``pentarena serve`` on a free loopback port (a throwaway SQLite database), creates two
tables against the computer (Pent-Up, 2 players; Pentic, 2 players) and opens the home page
and each table page in Debian's Chromium (Playwright, headless) as a phone: 390 × 844, touch,
the network slowed through the DevTools protocol (``Network.emulateNetworkConditions``: by
default "Fast 3G", 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and the CPU ``--throttle``
times slower (``Emulation.setCPUThrottlingRate``).

Each page is loaded cold (a fresh browser context: empty cache) and then again as a repeat
visit (a new tab of the same context: the cache warm).  For each load:

* **bytes**: what came over the network (``encodedDataLength``: headers and bodies, after
  compression; answers from the browser's cache count nothing);
* **requests**: requests that went to the server (304 revalidations included, answers from
  the cache not), the WebSocket counted as one;
* **chain**: the depth of the request chain, each request one deeper than the one whose
  answer started it (the page, a script importing a module, a script fetching the API): the
  number of round trips one after the other, the ES module import waterfall included;
* **drawn ms**: from the start of the navigation until the page is drawn: on a table page,
  the board's picture has content (``#board-area .bv-world`` not empty); on the home page,
  every game card shows its picture.  Timed in the page (a MutationObserver set before any
  script of the page runs), the median of ``--runs``.

``--quick``: one run of each, the smoke test.  Figures saved to results/page_load.json.
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
from tests.e2e.helpers import create_table  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
# when the page counts as drawn: a JS expression, checked at each change of the document
DRAWN = {
    "table": "(() => { const w = document.querySelector('#board-area .bv-world');"
             " return !!w && w.childElementCount > 0; })()",
    "home": "(() => { const cards = document.querySelectorAll('#games .card');"
            " return cards.length >= 4 && [...cards].every((c) => c.querySelector('.pic svg')); })()",
}
WATCH = """(() => {
  const drawn = () => { try { return %s; } catch (e) { return false; } };
  const check = () => { if (window.__drawn === undefined && drawn()) window.__drawn = performance.now(); };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();"""


class Load:
    """The network requests of one page load, from the DevTools protocol's events."""

    def __init__(self, cdp) -> None:
        self.requests: dict[str, dict] = {}  # request id -> url, initiator url, cached, bytes
        self.sockets: list[dict] = []
        cdp.on("Network.requestWillBeSent", self.sent)
        cdp.on("Network.requestServedFromCache", self.from_cache)
        cdp.on("Network.responseReceived", self.received)
        cdp.on("Network.loadingFinished", self.finished)
        cdp.on("Network.webSocketCreated", self.socket)

    @staticmethod
    def initiator(init: dict) -> str | None:
        frames = (init.get("stack") or {}).get("callFrames") or []
        return init.get("url") or (frames[0]["url"] if frames else None)

    def sent(self, e: dict) -> None:
        self.requests[e["requestId"]] = {"url": e["request"]["url"], "bytes": 0,
                                         "cached": False, "status": None,
                                         "from": self.initiator(e.get("initiator", {}))}

    def from_cache(self, e: dict) -> None:
        if e["requestId"] in self.requests:
            self.requests[e["requestId"]]["cached"] = True

    def received(self, e: dict) -> None:
        if (r := self.requests.get(e["requestId"])) is not None:
            r["status"] = e["response"]["status"]
            if e["response"].get("fromDiskCache") or e["response"].get("fromPrefetchCache"):
                r["cached"] = True

    def finished(self, e: dict) -> None:
        if (r := self.requests.get(e["requestId"])) is not None:
            r["bytes"] = e.get("encodedDataLength", 0)

    def socket(self, e: dict) -> None:
        self.sockets.append({"url": e["url"], "from": self.initiator(e.get("initiator", {}))})

    def figures(self) -> dict:
        network = [r for r in self.requests.values()
                   if not r["cached"] and not r["url"].startswith("data:")]
        by_url: dict[str, dict] = {}
        for r in self.requests.values():
            by_url.setdefault(r["url"], r)

        def depth(url: str | None, seen: frozenset = frozenset()) -> int:
            r = by_url.get(url or "")
            if r is None or url in seen:
                return 0
            return 1 + depth(r["from"], seen | {url})

        chain = [depth(r["url"]) for r in network]
        chain += [1 + depth(s["from"]) for s in self.sockets]
        return {"bytes": sum(r["bytes"] for r in network),
                "requests": len(network) + len(self.sockets),
                "chain": max(chain, default=0),
                "urls": sorted(f"{r['status']} /{r['url'].split('//', 1)[-1].split('/', 1)[-1]}"
                               for r in network)}


def load(ctx, url: str, kind: str, args) -> dict:
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": args.latency,
        "downloadThroughput": args.down * 1000 / 8, "uploadThroughput": args.up * 1000 / 8})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
    watch = Load(cdp)
    page.add_init_script(WATCH % DRAWN[kind])
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => window.__drawn !== undefined", timeout=120_000, polling=100)
    ms = page.evaluate("() => window.__drawn")
    page.wait_for_load_state("networkidle")  # what the page still fetches once drawn counts too
    figures = watch.figures()
    page.close()
    return {"ms": ms, **figures}


def measure(browser, url: str, kind: str, args) -> dict:
    cold, warm = [], []
    for _ in range(args.runs):
        ctx = browser.new_context(**PHONE)
        try:
            cold.append(load(ctx, url, kind, args))
            warm.append(load(ctx, url, kind, args))
        finally:
            ctx.close()

    def summary(runs: list[dict]) -> dict:
        return {"drawn_ms": round(statistics.median(r["ms"] for r in runs)),
                "bytes": runs[-1]["bytes"], "requests": runs[-1]["requests"],
                "chain": runs[-1]["chain"], "urls": runs[-1]["urls"]}

    return {"cold": summary(cold), "repeat": summary(warm)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads of each page (median)")
    parser.add_argument("--latency", type=float, default=150, help="round trip, ms")
    parser.add_argument("--down", type=float, default=1600, help="download, kbit/s")
    parser.add_argument("--up", type=float, default=750, help="upload, kbit/s")
    parser.add_argument("--throttle", type=float, default=4, help="CPU slowdown")
    parser.add_argument("--urls", action="store_true", help="list each load's requests")
    parser.add_argument("--quick", action="store_true", help="one run of each (smoke test)")
    args = parser.parse_args()
    if args.quick:
        args.runs = 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "page_load.sqlite3")
        server.start()
        try:
            pages = {"home": (server.url + "/", "home")}
            for game, label in (("pentup", "Pent-Up table"), ("pentic", "Pentic table")):
                t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}],
                                 {"players": 2}, game=game)
                pages[label] = (server.url + t["url"], "table")
            print(f"network: {args.latency:g} ms latency, {args.down:g} kbit/s down, "
                  f"{args.up:g} kbit/s up; CPU {args.throttle:g}x slower; 390x844 phone; "
                  f"median of {args.runs} run(s)", flush=True)
            results = {}
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    for label, (url, kind) in pages.items():
                        results[label] = measure(browser, url, kind, args)
                finally:
                    browser.close()
        finally:
            server.stop()
    print(f"{'page':<15} {'load':<7} {'bytes':>8} {'requests':>9} {'chain':>6} {'drawn ms':>9}")
    for label, r in results.items():
        for visit in ("cold", "repeat"):
            f = r[visit]
            print(f"{label:<15} {visit:<7} {f['bytes']:>8,} {f['requests']:>9} {f['chain']:>6} "
                  f"{f['drawn_ms']:>9,}")
            if args.urls:
                for u in f["urls"]:
                    print(f"    {u}")
    print("page loads measured", flush=True)
    if not args.quick:
        save("page_load", {"network": {"latency_ms": args.latency, "down_kbps": args.down,
                                       "up_kbps": args.up}, "cpu_throttle": args.throttle,
                           "runs": args.runs, "pages": results})


if __name__ == "__main__":
    main()
