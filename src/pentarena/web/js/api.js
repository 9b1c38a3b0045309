// Small helpers for the lobby API.

// How long an answer is waited for: a request on a network gone silent (a dead Wi-Fi, a
// NAT that forgot the connection) waited for ever, Resign or Leave saying nothing.
export const ANSWER_WITHIN = 30_000;

export async function api(path, { method = "GET", body } = {}) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), ANSWER_WITHIN);
  let res, data = null;
  try {
    res = await fetch(path, {
      method,
      headers: body !== undefined ? { "Content-Type": "application/json" } : {},
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      signal: stop.signal,
    });
    try { data = await res.json(); } catch { data = null; }
  } catch {
    // no answer (the browser's own words, "Failed to fetch", said nothing to a player)
    throw unanswered(stop.signal.aborted ? `did not answer within ${ANSWER_WITHIN / 1000} s` : "could not be reached", method);
  } finally {
    clearTimeout(timer);
  }
  if (stop.signal.aborted) throw unanswered(`did not answer within ${ANSWER_WITHIN / 1000} s`, method);
  if (!res.ok) {
    const d = data && data.detail;
    const msg = (d && (d.message || (Array.isArray(d) ? d.map((e) => e.msg).join("; ") : d))) || res.statusText;
    const err = new Error(typeof msg === "string" ? msg : JSON.stringify(msg));
    err.status = res.status;                 // 404: no such thing
    err.code = d && d.code ? d.code : null;  // the server's name for the error
    err.detail = d && typeof d === "object" && !Array.isArray(d) ? d : null;  // and its facts
    throw err;
  }
  return data;
}

// what a request that got no answer says: a request that changes something may have been
// done all the same (sent, the answer lost), and the page shows what was once connected
function unanswered(what, method) {
  const err = new Error(`The server ${what}: check your connection and try again`
    + (method === "GET" ? "." : " (if it was done, the table shows it once connected)."));
  err.status = 0;
  err.code = "unanswered";
  return err;
}

// Seat tokens live only in the server's HttpOnly cookies; the page never sees them.
// The creator keeps the invite links (one use each) to share them.
export const invitesKey = (id) => `pentarena:invites:${id}`;

// The name typed on the home page, given to the seats this browser takes.
export const NAME_KEY = "pentarena:name";
export const savedName = () => localStorage.getItem(NAME_KEY) || "";

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c.nodeType ? c : String(c));
  if (attrs.role === "button" && tag !== "button" && attrs.onclick) {  // keyboard: Tab, Enter, Space
    if (!e.hasAttribute("tabindex")) e.tabIndex = 0;
    e.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      ev.preventDefault();
      ev.stopPropagation();  // not the page's Enter (Confirm)
      e.click();
    });
  }
  return e;
}

// the toasts' live region is on the page from the start: one made with its first message
// may not be heard
function toastBox() {
  let box = document.getElementById("toasts");
  if (!box) { box = el("div", { id: "toasts", role: "status", "aria-live": "polite" }); document.body.append(box); }
  return box;
}
if (typeof document !== "undefined" && document.body) toastBox();

export function toast(message, kind = "error") {
  const box = toastBox();
  const t = el("div", { class: `toast ${kind}` }, message);
  box.append(t);
  setTimeout(() => t.remove(), kind === "error" ? 8000 : 3000);
}

export async function quickStart(game) {
  return api("/api/tables", { method: "POST", body: { game, seats: null, options: {}, name: "" } });
}

// Words for the device: touch screens are tapped and have no keyboard to name.
export const touchScreen = typeof matchMedia === "function" && matchMedia("(hover: none)").matches;
export const click = touchScreen ? "tap" : "click";
export const Click = touchScreen ? "Tap" : "Click";
export const keyHint = (text) => (touchScreen ? "" : text);
export const turnKeys = touchScreen ? "⟳ or ⇋" : "the R or F key";

// The board's message line while someone else is to move: a computer thinks, people are
// waited for.
// "1 card", "2 cards" (many: the plural when it is not one + s)
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// The seats a table's page holds (several: friends taking turns at one screen, a hot seat).
export const yours = (payload) => (payload.yours && payload.yours.length ? payload.yours : payload.you === null ? [] : [payload.you]);

export function waitingText(payload) {
  const seat = payload.table.seats[payload.current_player];
  if (!seat) return "";
  if (seat.kind === "computer") return `The computer${seat.level ? ` (${seat.level})` : ""} is thinking…`;
  return payload.table.seats.length > 2 ? "Waiting for the other players…" : "Waiting for the other player…";
}

// where a touch screen's replay stepper is (app.css's phone queries): above the board on
// an upright phone, beside it on a phone on its side, in the side column on a tablet
const phone = (q) => typeof matchMedia === "function" && matchMedia(q).matches;
const SIDEWAYS = "(orientation: landscape) and (max-height: 500px) and (hover: none)";
function stepperPlace() {
  if (phone(SIDEWAYS)) return " beside the board, or tap a move in the list (Players & moves)";
  if (phone("(max-width: 820px)")) return " above the board, or tap a move in the list (Players & moves)";
  return ", or tap a move in the list";
}

// The board's message line in a replay (the game over, or a step of it).
export function replayNote(payload) {
  if (payload.current_player === null && payload.version === payload.table.moves) {
    return touchScreen ? `Game over: step through it with ‹ and ›${stepperPlace()}.`
      : "Game over: step through it with the replay buttons (or ← →), or hover a move in the list.";
  }
  const n = payload.history.length;
  return n ? `Replay: after move ${n}.` : "Replay: the start, before the first move.";
}
