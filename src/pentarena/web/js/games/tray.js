// A piece tray (Pent-Up's and Pentomino's tiles, Pentic's hand) is one Tab stop: a WAI-ARIA
// toolbar with a roving tabindex.  Tab enters it on the selected piece (or the first); the
// arrow keys (round and round), Home and End move between the pieces; Enter or Space
// chooses, as a click does (the pieces are role=button: api.js).  The game draws its tray
// again on every redraw (syncPieces) and then calls the function returned, `settle(on)`: on your turn
// the roving stop goes back to the selected piece (keepFocus puts the focus back on the
// piece that had it, and the stop follows the focus); off, the tray is no Tab stop.
const STEP = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

export function rovingTray(tray, label) {
  tray.setAttribute("role", "toolbar");
  tray.setAttribute("aria-label", label);
  let on = false;
  const pieces = () => [...tray.querySelectorAll(":scope > [role=button]")];
  const stopAt = (p) => { for (const e of pieces()) e.tabIndex = e === p ? 0 : -1; };
  const home = () => {
    const list = pieces();
    stopAt(on ? list.find((e) => e.getAttribute("aria-pressed") === "true") || list[0] : null);
  };
  tray.addEventListener("focusin", (ev) => { if (on && pieces().includes(ev.target)) stopAt(ev.target); });
  tray.addEventListener("focusout", (ev) => { if (!tray.contains(ev.relatedTarget)) home(); });
  tray.addEventListener("keydown", (ev) => {
    const list = pieces();
    const i = list.indexOf(ev.target);
    if (!on || i < 0 || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    const n = list.length;
    const j = ev.key in STEP ? (i + STEP[ev.key] + n) % n : { Home: 0, End: n - 1 }[ev.key];
    if (j === undefined) return;
    ev.preventDefault();    // no scrolling
    ev.stopPropagation();   // not the page's arrows (the replay)
    stopAt(list[j]);
    list[j].focus();
  });
  return (now) => { on = now; home(); };
}

// A tray drawn again without being rebuilt: `items` are its pieces in order, each
// { key, sig, make() }.  A piece whose signature (what it shows) is the same stays as it is
// — its node, the focus on it, and the tray's scroll position (never emptied, so never
// scrolled back) — a changed one is replaced where it stands, the rest added or removed.
const drawn = new WeakMap();   // node -> { key, sig }

export function syncPieces(tray, items) {
  const old = new Map();
  for (const e of tray.children) if (drawn.has(e)) old.set(drawn.get(e).key, e);
  items.forEach((it, i) => {
    let node = old.get(it.key);
    old.delete(it.key);
    if (!node || drawn.get(node).sig !== it.sig) {
      const fresh = it.make();
      drawn.set(fresh, { key: it.key, sig: it.sig });
      if (node) node.replaceWith(fresh);
      node = fresh;
    }
    const here = tray.children[i];
    if (here !== node) tray.insertBefore(node, here || null);
  });
  for (const e of old.values()) e.remove();
}
