// Keys and focus on the table page: the games' shortcuts (R, F, Esc, Enter ...) and keeping
// the focus on the same control when a redraw replaces it.

// a control that has an Enter of its own: the page's Enter shortcut (Confirm) leaves it be
const CONTROLS = "button, a[href], input, select, textarea, summary, [contenteditable]:not([contenteditable=false]), "
  + "[role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=application]";
export const isControl = (t) => !!(t && t.closest && t.closest(CONTROLS));
// where a letter is text being typed, not a shortcut
export const typing = (t) => !!(t && t.closest && t.closest("input, select, textarea, [contenteditable]:not([contenteditable=false])"));

// The games' page-wide keys: `map` from a key ("r", "Escape", "Enter", "1" ...) to a handler
// that returns true when it acted.  Never while typing or with a modifier held; Enter never
// on a focused control (a button, a link ...), whose own action it is.  Returns the unbinder.
export function gameKeys(map) {
  const onKey = (ev) => {
    if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
    if (ev.key === "Enter" && isControl(ev.target)) return;
    const fn = map[ev.key.length === 1 ? ev.key.toLowerCase() : ev.key];
    if (fn && fn(ev)) ev.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

// A selector for the focused element inside `root` that finds its replacement after a
// redraw: its id, or the attribute that names what it stands for (a tile, a card, a twist).
const NAMES = ["data-piece", "data-card", "data-rot", "data-sit", "data-free"];
function selectorOf(e) {
  if (e.id) return `#${CSS.escape(e.id)}`;
  const name = NAMES.find((n) => e.hasAttribute(n));
  return name ? `${e.localName}[${name}="${CSS.escape(e.getAttribute(name))}"]` : null;
}

// Run `redraw` (which may replace or disable the focused control inside `root`) and keep
// the focus on the same logical control; where it is gone or disabled, `fallback()` (the
// board, say) takes it.  Returns what `redraw` returned.
export function keepFocus(root, redraw, fallback = null) {
  const had = document.activeElement;
  const inside = had && had !== document.body && root.contains(had);
  const sel = inside ? selectorOf(had) : null;
  const out = redraw();
  if (!inside) return out;
  const now = document.activeElement;
  const lost = !had.isConnected || had.disabled || had.closest("[hidden]") || now !== had;
  if (!lost) return out;
  const again = sel && root.querySelector(sel);
  if (again && !again.disabled && again.getClientRects().length) again.focus({ preventScroll: true });
  else if (fallback) fallback();
  return out;
}

// Where the focus is now, to give it back later (after a question box is answered): a
// function that focuses the same control, or its replacement after a redraw, if either is
// on the page (else it leaves the focus be).
export function focusReturn() {
  const had = document.activeElement;
  const sel = had && had !== document.body ? selectorOf(had) : null;
  return () => {
    const back = had && had.isConnected && !had.closest("[hidden]") ? had : sel && document.querySelector(sel);
    if (back && !back.disabled && back.getClientRects().length) back.focus({ preventScroll: true });
  };
}

// Tab and Shift+Tab go round the controls inside `box` (a question that waits for its
// answer) rather than out of it; call from its keydown handler.
export function tabWithin(box, ev) {
  if (ev.key !== "Tab") return;
  const stops = [...box.querySelectorAll("button, input, a[href]")].filter((e) => !e.disabled && e.getClientRects().length);
  if (!stops.length) return;
  const first = stops[0], last = stops[stops.length - 1];
  if (ev.shiftKey ? document.activeElement === first || !box.contains(document.activeElement)
    : document.activeElement === last) {
    ev.preventDefault();
    (ev.shiftKey ? last : first).focus();
  }
}

// aria-disabled instead of disabled for a button that is off for a moment (it keeps the
// focus); its click handler checks `off(button)`
export function setOff(btn, off) { btn.setAttribute("aria-disabled", off ? "true" : "false"); }
export const off = (btn) => btn.getAttribute("aria-disabled") === "true";
