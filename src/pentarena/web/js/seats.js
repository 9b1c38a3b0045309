// Seats on the table page: an invite link opened (asking first when this browser plays
// here already), "Sit here" on a free seat, "Leave seat", freeing the seat of a player who
// has been away, and the Invite panel.  The seat tokens stay in the server's HttpOnly
// cookie throughout: the page never sees them.
import { api, el, toast, invitesKey, savedName, NAME_KEY, yours as held } from "./api.js";
import { focusReturn, tabWithin } from "./keys.js";

const $ = (id) => document.getElementById(id);

// A question on the page (no browser dialog): resolves true (yes) or false (no, Esc, or
// another question asked meanwhile).
let answer = null;   // the question waiting: called, it is answered "no"
// what the page does before a question is shown: on a phone, close the drawer over the
// board (the question is in the play area, which the open drawer covers and makes inert)
let beforeAsk = () => {};
export function setBeforeAsk(fn) { beforeAsk = fn; }
// A question (or, without ``no``, a notice to acknowledge) above the board: it stays until
// answered, unlike a toast.
export function ask(question, yes, no = null) {
  if (answer) answer(false);
  beforeAsk();
  const giveBack = focusReturn();   // (a phone's drawer closed: its button, then)
  const box = $("ask");
  return new Promise((resolve) => {
    const done = answering(box, giveBack, () => resolve(false));
    box.replaceChildren(el("p", { id: "ask-text" }, question), el("div", { class: "ask-actions" },
      el("button", { id: "ask-yes", class: "primary", type: "button", onclick: () => done(() => resolve(true)) }, yes),
      no === null ? "" : el("button", { id: "ask-no", type: "button", onclick: () => done() }, no)));
    box.hidden = false;
    $("ask-yes").focus();
  });
}

// The question box's answer: `done(then)` (once: a second answer does nothing) hides the
// box, gives the focus back to the control that asked when the keyboard was in the box,
// and runs `then` (else `no`: Esc, "no", or another question asked meanwhile).  Tab keeps
// to the box's buttons while it waits.
function answering(box, giveBack, no) {
  let waiting = true;
  const done = (then = no) => {
    if (!waiting) return;
    waiting = false;
    if (answer === cancel) answer = null;
    const keys = box.contains(document.activeElement);
    box.hidden = true;
    box.replaceChildren();
    if (keys) giveBack();
    then();
  };
  const cancel = () => done();
  answer = cancel;
  box.onkeydown = (ev) => {
    if (ev.key === "Escape") { ev.stopPropagation(); done(); } else tabWithin(box, ev);
  };
  return done;
}

// A question with a line to type (a name): resolves to the text typed, or null (Cancel, Esc,
// or another question asked meanwhile).
export function askText(question, yes, no, { value = "", maxLength = 40, autocomplete = "off" } = {}) {
  if (answer) answer(false);
  beforeAsk();
  const giveBack = focusReturn();
  const box = $("ask");
  return new Promise((resolve) => {
    const input = el("input", { id: "ask-input", type: "text", value, maxlength: maxLength, autocomplete, "aria-labelledby": "ask-text" });
    const done = answering(box, giveBack, () => resolve(null));
    const form = el("form", { class: "ask-actions", onsubmit: (ev) => { ev.preventDefault(); const said = input.value.trim(); done(() => resolve(said)); } },
      input, el("button", { id: "ask-yes", class: "primary", type: "submit" }, yes),
      el("button", { id: "ask-no", type: "button", onclick: () => done() }, no));
    box.replaceChildren(el("p", { id: "ask-text" }, question), form);
    box.hidden = false;
    input.focus();
  });
}

const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");

// ---------------------------------------------------------------- an invite link opened
// Your own invite again: the server just names your seat.  Another seat of a table where
// this browser plays already (the creator trying a friend's link): asked first; "no"
// leaves the invite unused.
export async function claimInvite(tableId, token, colourOf, seats = []) {
  // (a seat taken too, for someone else at this screen: not under this browser's name)
  const join = (hot) => api(`/api/tables/${tableId}/join`, { method: "POST", body: { token, name: hot ? "" : savedName(), hot_seat: hot } });
  try {
    const joined = await join(false);
    // a seat taken by an invite in a fresh browser (no name kept): a name asked once
    // seated, not awaited (the table loads), and once a table — not when the seat has one
    if (!savedName() && joined && joined.token !== token && Number.isInteger(joined.seat)
        && !(seats[joined.seat] && seats[joined.seat].name)) askNameOnce(tableId, joined.seat, colourOf);
  } catch (e) {
    if (e.code === "invite-used") {   // a long reason, and what to do: it stays until read
      await ask(sentence(e.message), "Watch the game");
      return;
    }
    if (e.code !== "already-seated" || !e.detail) { if (e.status !== 404) toast(e.message); return; }
    const held = e.detail.held.map(colourOf).join(" and "), seat = colourOf(e.detail.seat);
    if (!await ask(`You already play ${held} here. Take ${seat} too (hot seat)?`, `Take ${seat} too`, "Cancel")) {
      toast(`The invite for ${seat} is still unused: send it to the person it is for.`, "info");
      return;
    }
    try { await join(true); } catch (e2) { toast(e2.message); }
  }
}

// ---------------------------------------------------------------- the players' panel
// ctx: { colourOf(i), label(i): the seat's name as the page shows it, reconnect(), refresh() }
export function seatAction(payload, i, ctx) {
  const s = payload.table.seats[i];
  if (payload.table.status !== "playing" || s.kind !== "human") return "";
  if (!s.claimed && s.open && payload.you === null) {
    return el("button", { class: "small primary seat-act", type: "button", "data-sit": i, onclick: () => sit(payload, i, ctx) }, "Sit here");
  }
  // a player away, or a seat kept for a player of the game before who has not come, or a
  // player who has had the turn for the server's limit without moving (connected or not)
  const stalled = s.claimed && payload.current_player === i && (ctx.idleAt(i) ?? Infinity) <= Date.now();
  if (((s.claimed || s.kept) && s.connected === false || stalled) && payload.you !== null && payload.you !== i) {
    const at = stalled ? null : ctx.freeAt(i);
    const b = el("button", { class: "small seat-act", type: "button", "data-free": i, onclick: () => {
      if (!b.getAttribute("aria-disabled")) free(payload, i, ctx);
    }, title: ctx.hiddenCards() ? "After 2 minutes away, the computer can take the seat over"
      : "After 2 minutes away, the seat can get a new invite link" }, "Free seat");
    if (at !== null && at > Date.now()) { b.dataset.freeAt = at; countDown(); }
    return b;
  }
  return "";
}

// a Free seat button of a player not away long enough yet says in how long, and is dimmed
// until then (one timer for all of them, while there are any)
let ticking = 0;
function countDown() {
  const tick = () => {
    const waiting = [...document.querySelectorAll("button[data-free-at]")];
    for (const b of waiting) {
      const left = Math.ceil((Number(b.dataset.freeAt) - Date.now()) / 1000);
      if (left <= 0) {
        delete b.dataset.freeAt;
        b.removeAttribute("aria-disabled");
        b.textContent = "Free seat";
      } else {
        b.setAttribute("aria-disabled", "true");
        b.textContent = `Free seat in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      }
    }
    if (!document.querySelector("button[data-free-at]")) { clearInterval(ticking); ticking = 0; }
  };
  queueMicrotask(tick);
  if (!ticking) ticking = setInterval(tick, 1000);
}

// At a screen holding several seats (friends taking turns at one device) the one whose
// person acts is the seat to move: null while none of them is.
const several = (payload) => held(payload).length > 1;
const onScreen = (payload) => (held(payload).includes(payload.current_player) ? payload.current_player : null);

// a player who joined without a name (an invite opened in a fresh browser) may give one: the
// others see it in place of the seat's colour (at a screen of several seats: the seat to move)
export function nameControl(payload, colourOf) {
  if (payload.table.status !== "playing" || payload.you === null || payload.table.seats[payload.you].name) return null;
  const hot = several(payload);
  if (hot && onScreen(payload) === null) return null;
  return el("button", { id: "name-seat", class: "small", type: "button",
    onclick: () => nameSeat(payload.table.id, payload.you, hot ? { seatOf: colourOf } : {}) }, "Add your name");
}

function askNameOnce(tableId, seat, colourOf) {
  const key = `pentarena:name-asked:${tableId}`;
  if (sessionStorage.getItem(key)) return;   // (asked already: "Not now" stands)
  sessionStorage.setItem(key, "1");
  nameSeat(tableId, seat, { colourOf });
}

// Ask for a name for ``seat`` and give it to the table (and keep it for the next tables);
// ``colourOf``: the seat was just taken by an invite (the question says which it is);
// ``seatOf``: one of several seats at this screen, whose person gives their name (not
// kept as this browser's: the next person at the screen has their own)
async function nameSeat(tableId, seat, { colourOf = null, seatOf = null } = {}) {
  const question = colourOf
    ? `You play ${colourOf(seat)}. Your name, as the others will see it in place of your colour:`
    : seatOf ? `${seatOf(seat)}'s turn. The name of who plays ${seatOf(seat)}, as the others will see it in place of the colour:`
      : "Your name, as the others will see it in place of your colour:";
  const name = await askText(question, "Save", colourOf ? "Not now" : "Cancel",
    { value: seatOf ? "" : savedName(), autocomplete: seatOf ? "off" : "nickname" });
  if (!name) return;
  try {
    await api(`/api/tables/${tableId}/name`, { method: "POST", body: { name, seat } });
    if (seatOf) { toast(`Saved: the others see ${seatOf(seat)} as ${name}.`, "info"); return; }
    localStorage.setItem(NAME_KEY, name);   // the next table too
    toast(`Saved: the others see you as ${name}.`, "info");
  } catch (e) { toast(e.message); }
}

// hiddenCards: the game deals hidden cards, where a seat given up goes to the computer;
// winners: who wins if you resign (a game of two sides: the other side's names, whether
// they are several, your partners), or null
// colourOf: a seat's colour (a screen of several seats names the one its buttons act for)
export function leaveControl(payload, hiddenCards, winners, colourOf) {
  if (payload.table.status !== "playing" || payload.you === null) return null;
  return el("div", { class: "seat-tools" },
    winners ? el("button", { id: "resign", class: "small", type: "button", onclick: () => resign(payload, winners, colourOf) }, "Resign") : "",
    el("button", { id: "leave-seat", class: "small", type: "button", onclick: () => leave(payload, hiddenCards, colourOf) }, "Leave seat"));
}

async function resign(payload, { winners, many, partners }, colourOf) {
  // at one screen holding several seats: the seat to move resigns, named (while none of
  // them is to move, nobody at the screen is known to be the one resigning)
  const hot = several(payload), seat = hot ? onScreen(payload) : payload.you;
  if (seat === null) {
    toast(`This screen plays ${held(payload).map(colourOf).join(" and ")}: resign on the turn of the seat that resigns.`, "info");
    return;
  }
  const by = hot ? colourOf(seat) : "you";
  const also = partners.length
    ? ` for ${hot ? `${by}'s` : "your"} team? ${partners.join(" and ")} ${partners.length > 1 ? "lose" : "loses"} with ${by}: it`
    : `${hot ? ` for ${by}` : ""}? It`;
  if (!await ask(`Resign the game${also} ends now, and ${winners} ${many ? "win" : "wins"}.`, "Resign", "Play on")) return;
  try {
    await api(`/api/tables/${payload.table.id}/resign`, { method: "POST", body: { seat } });
  } catch (e) { toast(e.message); }   // the server's next state shows the end
}

async function sit(payload, i, ctx) {
  try {
    await api(`/api/tables/${payload.table.id}/sit`, { method: "POST", body: { seat: i, name: savedName() } });
    ctx.reconnect();   // the seat is in the cookie now: the connection comes back as it
  } catch (e) { toast(e.message); }
}

// At a screen of several seats: the seat to move is left (its person goes; the others play
// on), or, while none of them is to move, all of them (asked so).
async function leave(payload, hiddenCards, colourOf) {
  const seats = held(payload), one = seats.length > 1 ? onScreen(payload) : null;
  const all = seats.length > 1 && one === null;
  const what = one !== null ? `${colourOf(one)}'s seat` : all ? `all the seats of this screen (${seats.map(colourOf).join(" and ")})` : "your seat";
  const rest = one !== null ? `; the other seats of this screen play on (${seats.filter((i) => i !== one).map(colourOf).join(" and ")})`
    : ", and you watch the game from then on";
  if (!await ask(hiddenCards
    ? `Leave ${what}? The computer plays ${all ? "them" : "it"} from then on (nobody else may take over a hand that was seen)${rest}.`
    : `Leave ${what}? ${all ? "They become free seats" : "It becomes a free seat"} that anyone can take (listed in the lobby)${rest}.`,
  all ? "Leave the seats" : "Leave the seat", "Stay")) return;
  try {
    await api(`/api/tables/${payload.table.id}/leave`, { method: "POST", body: one === null ? {} : { seat: one } });
    toast(one !== null ? `${colourOf(one)}'s seat is left.` : "You left: you are watching now.", "info");   // the server's next state says so
  } catch (e) { toast(e.message); }
}

async function free(payload, i, ctx) {
  const colour = ctx.colourOf(i);
  const hidden = ctx.hiddenCards();
  const seat = payload.table.seats[i];
  const who = !seat.claimed ? `${seat.name || colour} has not come to this game.`
    : seat.connected === false ? `${ctx.label(i)} is offline.` : `${ctx.label(i)} has had the turn a long while without moving.`;
  if (!await ask(hidden
    ? `${who} Let the computer play ${colour}'s seat? Their link stops working; in a game with hidden cards nobody else may take over a hand that was seen, so the computer plays it to the end.`
    : `${who} Free ${colour}'s seat? Their link stops working, and you get a new invite link for the seat, to send again (to them or to someone else).`,
  hidden ? "Hand it to the computer" : "Free the seat", "Keep waiting")) return;
  const post = () => api(`/api/tables/${payload.table.id}/free`, { method: "POST", body: { seat: i } });
  try {
    let r;
    try { r = await post(); } catch (e) {
      // this page's count reached the limit a moment before the server's (its clock and
      // the count's rounding): asked already, so freed once the server agrees
      if (e.code !== "too-soon" || !e.detail || !(e.detail.wait <= 2)) throw e;
      await new Promise((done) => setTimeout(done, (e.detail.wait + 0.3) * 1000));
      r = await post();
    }
    if (!r.invite) { toast(`The computer plays ${colour}'s seat now.`, "info"); return; }
    keepInvite(payload.table.id, r.invite);
    ctx.refresh();
    toast(`${colour}'s seat is free: send its new invite link (Invite panel).`, "info");
  } catch (e) { toast(e.message); }
}

// ---------------------------------------------------------------- the Invite panel
function storedInvites(tableId) {
  try { return JSON.parse(localStorage.getItem(invitesKey(tableId)) || "[]"); } catch { return []; }
}

function keepInvite(tableId, invite) {
  const kept = storedInvites(tableId).filter((i) => i.seat !== invite.seat);
  localStorage.setItem(invitesKey(tableId), JSON.stringify([...kept, invite].sort((a, b) => a.seat - b.seat)));
}

function copyButton(url, attrs, label, done) {
  return el("button", { class: "small", type: "button", "data-url": url, ...attrs, onclick: async () => {
    try { await navigator.clipboard.writeText(url); toast(done, "info"); }
    catch { prompt("Copy this link", url); }
  } }, label);
}

// (the seats this browser invited someone to that are still waiting for them)
function waitingInvites(payload) {
  const seats = payload.table.seats;
  return storedInvites(payload.table.id).filter((i) => seats[i.seat] && !seats[i.seat].claimed && !seats[i.seat].open);
}

// The first seat still waiting for the friend this browser invited, on the main screen
// too, its link one tap away: a phone keeps the Invite panel in the drawer, where a
// newcomer who created the table never looked.  Gone once the friend sits down.
export function inviteNudge(payload, colourOf) {
  const [inv] = payload.table.status === "playing" ? waitingInvites(payload) : [];
  if (!inv) return "";
  const colour = colourOf(inv.seat);
  return el("span", { class: "invite-nudge" }, el("span", { class: "sr-only" }, " — "),
    copyButton(location.origin + inv.url, { id: "status-invite", "data-seat": inv.seat,
      "aria-label": `copy ${colour}'s invite link, to send to the friend who plays ${colour}` },
    `copy ${colour}'s invite`, `${colour}'s invite link copied: send it to your friend`));
}

// The invites this browser keeps for seats still waiting for them, and (for a player)
// the free seats anyone may take: listed in the lobby, or by the table's link.
export function renderInvites(payload, colourOf) {
  const box = $("invite");
  const waiting = waitingInvites(payload);
  const open = payload.you !== null ? payload.table.open_public_seats : [];
  if (payload.table.status !== "playing" || (!waiting.length && !open.length)) { box.hidden = true; return; }
  box.replaceChildren(el("h3", {}, "Invite"));
  for (const inv of waiting) {
    box.append(el("div", { class: "invite-row" }, `${colourOf(inv.seat)}: `,
      copyButton(location.origin + inv.url, { "data-invite": inv.seat, "aria-label": `copy ${colourOf(inv.seat)}'s invite link` },
        "copy invite link", `${colourOf(inv.seat)}'s invite link copied`)));
  }
  if (open.length) {
    const which = open.map(colourOf).join(" and ");
    box.append(el("p", { id: "open-seats-note", class: "invite-note" },
      `${which}: ${open.length > 1 ? "free seats" : "a free seat"}, listed in the lobby for anyone to take. Or send this table's link: whoever opens it can sit there.`),
    el("div", { class: "invite-row" }, copyButton(`${location.origin}/t/${payload.table.id}`, { id: "copy-table-link" }, "copy table link", "Table link copied")));
  }
  box.hidden = false;
}
