// The table page: connection, players, status, log, banner, replay stepper, invites.
// The board itself is drawn by the game's plug-in (games/index.js).
import { api, el, toast, invitesKey, touchScreen, yours } from "./api.js";
import { loadPlugin } from "./games/index.js";
import { sinceOwnMove } from "./games/boardview.js";
import { claimInvite, inviteNudge, leaveControl, nameControl, renderInvites, seatAction, setBeforeAsk } from "./seats.js";
import { keepFocus, off, setOff } from "./keys.js";
import { oncePerFrame } from "./later.js";
import { MoveList } from "./movelist.js";
import { fillBanner, foldForStep, bannerStatus } from "./banner-fold.js";
import { initTheme } from "./theme.js";

initTheme();

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

let plugin = null;
let view = null;
let ws = null;
let latest = null;        // the latest live state event
let replayPly = null;     // null: live; otherwise the ply shown
let stepSeq = 0;          // the latest step asked for: an older step's late answer is dropped
let shown = null;         // the payload on the board: latest, or the replay's step
const replayCache = new Map();
let retry = 0;
let live = false;         // the server has said which seat this page plays (its first state)
let solo = false;         // a puzzle: its plug-in has its own Hint
let hiddenCards = false;  // the game deals hidden cards: no record before the end
let hintBtn = null;       // the action bar's Hint button (games)
let hintPending = false;  // a hint asked for and not yet answered
let analysis = null;      // the finished game's analysis, once loaded
let analysing = null;     // the timer of the next poll while it is computed
let judging = "";        // its progress while it is computed ("5/36"), on the buttons
let typed = null;         // a move sent from the "Type a move" box, not yet answered
let down = false;         // the connection is lost (it was, or could have been, open): the board may be stale
let unanswered = null;    // a move sent and not yet answered ({ move, version }): sent again on a
                          // new connection if the old one died with it (the version makes it once)
let deadline = 0;         // the timer that gives up a connection whose ping goes unanswered
let again = 0;            // the timer of the next connection attempt

// an invite link: the server answers with a fresh seat token in an HttpOnly cookie (the
// invite is used up), or with your seat when the link is yours already (seats.js);
// `seats`: the table's seats as loaded (whether the seat has a name already)
async function claimFromLink(seats) {
  const token = params.get("token");
  if (!token) return;
  await claimInvite(tableId, token, colourOf, seats);
}

// ---------------------------------------------------------------- seat names
// Every seat gets a distinct name: the name typed for it, else its colour (plus
// "computer, <level>" for a computer seat).  `short` is for the log and tight places.
function colourOf(i) { return plugin && plugin.seatNames ? plugin.seatNames[i] : `Player ${i + 1}`; }
// a seat's colour dot, with the game's pattern for it where the board shows one
const swatch = (i) => el("span", { class: "swatch", style: `background:${(plugin.seatDots || plugin.seatColours)[i]};${(plugin.seatPatterns && plugin.seatPatterns[i]) || ""}` });

function seatNames(payload) {
  const seats = payload.table.seats;
  const full = seats.map((s, i) => {
    const colour = colourOf(i);
    // a name kept for a friend invited again (Play again) who has not come yet
    if (s.name) return s.kept && !s.claimed && payload.table.status === "playing"
      ? `${s.name} (invited, not here yet)` : s.name;
    if (s.kind === "computer") return `${colour} (computer${s.level ? ", " + s.level : ""})`;
    if (s.claimed) return colour;
    return s.open ? `${colour} (free seat)` : `${colour} (waiting for a player)`;
  });
  const short = seats.map((s, i) => s.name || colourOf(i));
  // two seats with the same typed name: add the colour to tell them apart
  const dedupe = (names) => names.map((n, i) => names.indexOf(n) !== i || names.lastIndexOf(n) !== i
    ? `${n} (${colourOf(i)})` : n);
  return { full: dedupe(full), short: dedupe(short) };
}

// `ply`: a replay's step — each seat named by who held it then (for the move to come)
function named(payload, ply = null) {
  const n = seatNames(payload);
  payload.names = n.full;
  payload.short = payload.shortNow = n.short;
  if (ply !== null) {
    payload.short = shortAt(payload, ply);
    payload.names = payload.names.map((name, i) => (payload.short[i] === n.short[i] ? name : payload.short[i]));
  }
  return payload;
}

const seatLabel = (payload, i) => payload.names[i];

// ---------------------------------------------------------------- panels
// a person's seat with no connection, while it matters: a game in progress (not a replay)
const away = (payload, s) => payload.table.status === "playing" && s.kind === "human" && s.claimed && s.connected === false;

function seatRow(payload, s, i) {
  if (solo) {   // a puzzle: one solver, no colours, no turns
    const name = s.name || (payload.you === i ? "You" : "The solver");
    return el("div", { class: "seat solo", "data-seat": i },
      el("span", { class: "who" }, el("span", { class: "name" }, name), s.name && payload.you === i ? el("span", { class: "you-tag" }, " (you)") : ""),
      el("span", { class: "info" }, plugin.seatInfo(payload, i)));
  }
  return el("div", { class: "seat" + (payload.current_player === i ? " to-move" : ""), "data-seat": i },
    swatch(i),
    el("span", { class: "who" }, el("span", { class: "name" }, seatLabel(payload, i)), yours(payload).includes(i) ? el("span", { class: "you-tag" }, " (you)") : "",
      away(payload, s) ? el("span", { class: "off" }, " offline") : ""),
    el("span", { class: "info" }, plugin.seatInfo(payload, i)),
    live && payload === latest ? seatAction(payload, i, seatContext) : "");
}

// what the seat buttons (seats.js) need of the page
const seatContext = {
  colourOf,
  freeAt: (i) => freeAt.get(i) ?? null,
  idleAt: (i) => idleAt.get(i) ?? null,
  hiddenCards: () => hiddenCards,
  label: (i) => seatLabel(latest, i),
  reconnect: () => reconnect(),
  refresh: () => renderInvites(latest, colourOf),
};

// The players panel, drawn again only when what it shows changed: a presence event that
// changes nothing (one held back, a page of this screen reloaded) replaced its buttons
// between a click's press and release, and the click was lost.  (A control of the panel
// that had the focus keeps it: the same one drawn again, else the panel itself — Add your
// name is gone once a name is given.)
function renderPlayers(payload) {
  const box = $("players");
  const fresh = document.createElement("div");
  drawPlayers(fresh, payload);
  if (fresh.innerHTML === box.innerHTML) return;
  keepFocus(box, () => box.replaceChildren(...fresh.childNodes), () => { box.tabIndex = -1; box.focus({ preventScroll: true }); });
}

function drawPlayers(box, payload) {
  box.replaceChildren(el("h3", {}, solo ? "Puzzle" : "Players"));
  const teams = plugin.teams ? plugin.teams(payload) : null;
  if (teams) {
    for (const team of teams) {
      const block = el("div", { class: "team", "data-team": team.seats.join("+") },
        el("div", { class: "team-head" }, el("span", { class: "team-name" }, team.label), el("span", { class: "info" }, team.info || "")));
      for (const i of team.seats) block.append(seatRow(payload, payload.table.seats[i], i));
      box.append(block);
    }
  } else {
    payload.table.seats.forEach((s, i) => box.append(seatRow(payload, s, i)));
  }
  const extra = plugin.playersExtra ? plugin.playersExtra(payload) : null;
  if (extra) box.append(extra);
  const leave = live && !solo && payload === latest ? leaveControl(payload, hiddenCards, resignWinners(payload, teams), colourOf) : null;
  const naming = live && !solo && payload === latest ? nameControl(payload, colourOf) : null;
  if (leave) {
    if (naming) leave.prepend(naming);
    box.append(leave);
  }
}

// who wins if this player resigns: the names of the other side, in a game of two sides
// (teams, or two seats); null otherwise (the others play on: Leave seat instead)
// and the partners (people) who lose with them: { winners, many, partners }
function resignWinners(payload, teams) {
  const sides = teams || payload.table.seats.map((_, i) => ({ seats: [i] }));
  if (sides.length !== 2 || payload.you === null) return null;
  const other = sides.find((t) => !t.seats.includes(payload.you));
  if (!other) return null;
  const mine = sides.find((t) => t.seats.includes(payload.you));
  const partners = mine.seats.filter((i) => i !== payload.you && payload.table.seats[i].kind === "human"
    && payload.table.seats[i].claimed).map((i) => payload.short[i]);
  return { winners: other.label || other.seats.map((i) => seatLabel(payload, i)).join(" and "),
    many: other.seats.length > 1, partners };
}

// the connection lost during a game: the board may be stale, so no turn is said from it
const connDown = () => down && !!latest && latest.table.status === "playing";
const offline = () => navigator.onLine === false;

// A position not shown before (a move, a step of the replay): said to the game's frame,
// whose message line then measures its messages afresh (boardview.js: keepTallest)
let positionShown = null;
function newPosition(payload) {
  if (payload.history.length === positionShown) return;
  positionShown = payload.history.length;
  document.dispatchEvent(new Event("position"));
}

function renderStatus(payload) {
  const st = $("status");
  if (connDown()) {
    st.replaceChildren(el("span", { class: "conn-lost" }, offline() ? "Offline: waiting for the network…" : "Connection lost: reconnecting…"),
      el("span", { class: "muted" }, " the board may be out of date"));
    return;
  }
  const extra = plugin.statusExtra ? plugin.statusExtra(payload) : "";
  // the scores beside the status: a pause between them for a screen reader, not on screen
  const tail = document.createDocumentFragment();
  if (extra) tail.append(el("span", { class: "sr-only" }, " — "), el("span", { class: "status-extra" }, extra));
  if (payload !== latest && payload.current_player !== null) {   // a step of the replay
    const n = payload.history.length;
    const at = n ? `After move ${n}` : "At the start";
    if (solo) { st.replaceChildren(el("span", {}, `${at} of ${latest.history.length}`), tail); return; }   // no turns in a puzzle
    // the short name (colour or typed name): the line fits a phone ("(computer, easy)" is in the list)
    const who = (payload.short || latest.short || [])[payload.current_player] || seatLabel(payload, payload.current_player);
    // which move that was, for a screen reader (the line shown fits a phone; the list says it)
    const what = n ? el("span", { class: "sr-only" }, ` — move ${n} was ${describe(latest, n - 1).text}`) : "";
    st.replaceChildren(swatch(payload.current_player), el("span", {}, `${at}: ${who} to move`), what, tail);
    return;
  }
  tail.prepend(inviteNudge(payload, colourOf));   // a friend's seat waiting: its link at hand
  if (payload.table.status === "replay") { st.replaceChildren("Imported record of a game left unfinished — use the replay controls.", tail); return; }
  if (payload.current_player === null) { st.replaceChildren(solo ? "Solved." : "Game over.", tail); return; }
  const p = payload.current_player;
  if (solo) {   // no turns in a puzzle
    st.replaceChildren(payload.you === p ? el("span", { class: "you" }, "Place the pieces.")
      : el("span", {}, "Someone is solving this puzzle"), payload.you === null ? el("span", { class: "muted" }, " (you are watching)") : "", tail);
    return;
  }
  const thinking = payload.thinking === p;
  const dot = swatch(p);
  // a screen of several seats (friends taking turns at one device): whose turn, by name
  if (payload.you === p) st.replaceChildren(dot, el("span", { class: "you" }, yours(payload).length > 1 ? `${seatLabel(payload, p)}'s turn.` : "Your turn."), tail);
  else st.replaceChildren(dot, el("span", { class: thinking ? "thinking" : "" },
    `${seatLabel(payload, p)} ${thinking ? "is thinking" : "to move"}`),
    // a player's own colour on the main screen too (a phone keeps the players in a drawer)
    payload.you === null ? el("span", { class: "muted" }, " (you are watching)")
      : el("span", { class: "muted you-play" }, ` · you play ${yours(payload).map(colourOf).join(" and ")}`), tail);
}

function renderBanner(payload) {
  const b = $("banner");
  if (payload.current_player !== null || payload.table.status === "replay" && !payload.winners.length) { b.hidden = true; return null; }
  const w = payload.winners;
  const names = w.map((i) => seatLabel(payload, i));
  const teams = plugin.teams ? plugin.teams(payload) : null;
  const team = teams && teams.find((t) => t.seats.length === w.length && t.seats.every((s) => w.includes(s)));
  // seats of one screen on both sides of the result (a hot seat): the winner named, as to
  // a spectator, not "You lose: Black wins" to the one who also played Black
  const mine = yours(payload);
  const you = mine.some((s) => w.includes(s)) && mine.some((s) => !w.includes(s)) ? null : payload.you;
  let head = view && view.bannerHead ? view.bannerHead(payload) : null;
  if (head) { /* the game says it best (a solved puzzle) */ }
  else if (w.length === payload.table.seats.length && w.length > 1) head = "Draw";
  else if (team) head = you === null ? `${team.label} win`
    : w.includes(you) ? `Your team wins! (${team.label})` : `Your team loses: ${team.label} win`;
  else if (you !== null && w.includes(you)) head = w.length > 1 ? `You share the win with ${names.filter((_, k) => w[k] !== you).join(", ")}` : "You win!";
  else {
    head = `${names.join(" and ")} ${w.length > 1 ? "share the win" : "wins"}`;
    // a player of a game of two: the result is theirs too
    if (you !== null && payload.table.seats.length === 2 && w.length === 1) head = `You lose: ${head}`;
  }
  // a resignation: said instead of the game's own details of a position that did not end it
  const resigned = payload.table.resigned;
  const details = resigned !== null && resigned !== undefined
    ? el("p", { id: "resigned" }, `${seatLabel(payload, resigned)} resigned.`)
    : plugin.resultDetails(payload) || "";
  keepFocus(b, () => {
    fillBanner(b, el("h2", { id: "result" }, head), nextGame(payload), details);
    // a folded banner (a phone stepping through the game) says there is a next game too
    const next = nextGameControl(payload, "banner-next", "Next game ▸");
    if (next) b.querySelector(".banner-line").insertBefore(next, b.querySelector(".banner-fold"));
  });
  b.hidden = false;
  return head;
}

// someone pressed Play again: a player joins the next game, a spectator watches it
function nextGameControl(payload, id, words = null) {
  const next = payload.table.next;
  if (!next || payload.table.status !== "finished") return null;
  if (payload.you !== null) {
    return el("button", { id, class: "primary", type: "button", onclick: async (ev) => {
      const button = ev.currentTarget;
      button.disabled = true;
      if (!(await join(next))) button.disabled = false;
    } }, words || "Join the next game");
  }
  return el("a", { class: "button primary", id, href: `/t/${next}` }, words || "Watch the next game");
}

// After a game (or a puzzle): the same game again — the same options, computers at the
// same levels, each other person's seat kept for them (they are offered it here: "Join
// the next game"; its invite is on the new table too) — the game's rematch where it has
// one, or back to the games.
function nextGame(payload) {
  const seats = payload.table.seats;
  const box = el("div", { class: "next-game" });
  const next = payload.table.next;
  const control = nextGameControl(payload, "next-game");
  if (control) box.append(control);
  // body null: the server seats the players again (Play again: /again)
  const start = (path, body) => async (ev) => {
    ev.target.disabled = true;
    try {
      const t = await api(path, { method: "POST", body: body === null ? {} : { ...body, name: seats[payload.you].name || "",
        seats: seats.map((s, i) => (i === payload.you ? { kind: "me" } : s.kind === "computer" ? { kind: "computer", level: s.level } : { kind: "invite" })) } });
      if (t.invites.length) localStorage.setItem(invitesKey(t.id), JSON.stringify(t.invites));
      location.assign(t.url);
    } catch (e) {
      // someone else pressed Play again first (before this page heard of it): theirs
      if (e.code === "next-exists" && e.detail && e.detail.next && (await join(e.detail.next))) return;
      ev.target.disabled = false;
      toast(e.message);
    }
  };
  if (payload.you !== null && payload.table.status === "finished" && !next) {
    box.append(el("button", { id: "play-again", class: "primary", type: "button",
      onclick: solo ? start("/api/tables", { game: payload.table.game, options: payload.table.options })
        : start(`/api/tables/${payload.table.id}/again`, null) },
    solo ? "Try again" : "Play again"));
    const rematch = plugin.rematchLabel ? plugin.rematchLabel(payload) : null;
    if (rematch) box.append(el("button", { id: "rematch", type: "button",
      onclick: start(`/api/tables/${payload.table.id}/rematch`, {}) }, rematch));
  }
  if (!solo && payload.table.status === "finished") {  // a verdict on every move
    box.append(el("button", { id: "banner-analysis", type: "button", title: "A verdict on every move: ✓ good, ?! mistake, ? blunder",
      onclick: (ev) => { if (!analysing && !off(ev.currentTarget)) loadAnalysis(); } }, "Analysis"));
  }
  box.append(el("a", { class: "button", href: "/", id: "all-games" }, "All games"));
  return box;
}

// Take the seats kept at the next game (Play again) and go there; false if refused
async function join(next) {
  try { await api(`/api/tables/${next}/follow`, { method: "POST", body: {} }); } catch (e) {
    if (e.code !== "no-seat") { toast(e.message); return false; }
  }   // no seat kept (yours there already, or its link used): the table itself says
  location.assign(`/t/${next}`);
  return true;
}

// The seats' short names as they were at move i (from 0): a seat given up since (left,
// freed, or taken over by the computer) names who held it then (the seat's `earlier`;
// from the names as they are now, `shortNow`, also at a replay's step)
function shortAt(payload, i) {
  const now = payload.shortNow || payload.short;
  let at = now;
  payload.table.seats.forEach((s, seat) => {
    const then = (s.earlier || []).find((h) => i < h.until);
    if (!then) return;
    if (at === now) at = [...now];
    at[seat] = then.name || colourOf(seat);
  });
  return at;
}

function describe(payload, i) {
  const at = shortAt(payload, i);
  const d = plugin.describeMove ? plugin.describeMove(at === payload.short ? payload : { ...payload, short: at }, i) : null;
  return d || { text: payload.history[i], seat: null };
}

// ---------------------------------------------------------------- analysis marks
const VERDICT = { good: "Good", mistake: "Mistake", blunder: "Blunder", unknown: "Not judged" };
// a value from −1 (lost) to +1 (won): won / drawn / lost where sure, else the chance of
// winning it stands for (as the hint says it: "winning about 73%")
function valueText(v, exact) {
  if (v === null || v === undefined) return "?";
  if (exact || Math.abs(v) >= 1) return v > 0 ? "won" : v < 0 ? "lost" : "drawn";
  return `${Math.round((v + 1) * 50)}%`;
}
// a move's text as the move list words it (the game's own wording, where it has one);
// played (or playable) as move `i` of `payload`'s game, where the game words a move by
// the position it is played in (Pent-Up: its level)
const words = (text, payload = null, i = null) => (!plugin ? text
  : plugin.moveWordsAt && payload ? plugin.moveWordsAt(payload, text, i)
    : plugin.moveWords ? plugin.moveWords(text) : text);
function verdictText(a, payload = null) {
  let t = VERDICT[a.verdict] || a.verdict;
  if (a.before !== null && a.after !== null) {
    const sure = a.exact || (Math.abs(a.before) >= 1 && Math.abs(a.after) >= 1);
    const after = valueText(a.after, a.exact || a.ended);  // a move that ended the game: its result
    t += sure ? `: ${valueText(a.before, a.exact)} → ${after} for the mover`
      : `: the mover's chances ${Math.abs(a.before) < 1 ? "about " : ""}${valueText(a.before, a.exact)} → ${after}`;
    t += a.exact ? " (exact)" : a.ended ? " (the game ended there)"
      : a.proven && a.after <= -1 ? " (search: a forced loss)"
        : a.proven && a.after >= 1 ? " (search: a forced win)" : " (an estimate)";
  }
  if (a.source === "forced") t += "; the only legal move";
  else if (a.best && a.best !== a.move) t += `; best: ${words(a.best, payload, a.ply - 1)}`;
  else if (a.best) t += "; the best move found";
  return t;
}

// the line of move i in the list: who, what, and the analysis's verdict once it is in
function logItem(payload, i, judged) {
  const m = payload.history[i];
  const d = describe(payload, i);
  const a = judged && judged[i];
  const tip = a ? verdictText(a, payload) : null;
  return el("li", { "data-move": m, title: tip ? `${m} — ${tip}` : m },
    d.seat !== null && d.seat !== undefined ? swatch(d.seat) : "",
    el("span", { class: "txt" }, d.text), d.tag ? el("span", { class: "tag" }, d.tag) : "",
    a ? el("span", { class: `mark ${a.verdict}`, "data-verdict": a.verdict, title: tip, "aria-label": tip }, a.mark || "·") : "");
}

function renderLog(payload, ply) {
  const judged = analysis && analysis.moves_played === payload.history.length ? analysis.moves : null;
  moveList.show(payload, { ply, stepping: replayPly !== null, finished: payload.table.status !== "playing",
    judged, key: payload.short.join("\n") });
  // the verdict of the move stepped to, in words (marks have tooltips, but touch has no
  // hover; on a phone the line sits under the replay stepper, in view with the board)
  const current = $("analysis-current");
  const a = judged && ply > 0 ? judged[ply - 1] : null;
  // (kept in place once the analysis is in, a line saying how to use it: a move clicked
  // in the list no longer pushes the list down under the pointer)
  current.textContent = a ? `Move ${ply}, ${words(payload.history[ply - 1], payload, ply - 1)}: ${a.mark ? a.mark + " " : ""}${verdictText(a, payload)}.`
    : judged ? "Step to a move, or click it in the list, to read its verdict here." : "";
  current.hidden = !judged;
  current.classList.toggle("idle", !a);   // (a phone keeps no empty line above its board)
}

// phones: the replay stepper sits above the board, or beside it on a phone on its side
// (the side column is a drawer there: app.css's phone query)
const narrow = matchMedia("(max-width: 820px), (orientation: landscape) and (max-height: 500px) and (hover: none)");
function placeReplay() {
  const box = $("replay");
  const current = $("analysis-current");
  if (narrow.matches) {
    if (box.parentElement !== $("banner").parentElement) $("banner").after(box);
    if (current.previousElementSibling !== box) box.after(current);
  } else {
    if (box.parentElement !== $("side")) $("side").insertBefore(box, $("side").querySelector(".moves"));
    if (current.previousElementSibling !== $("analysis-note")) $("analysis-note").after(current);
  }
}
narrow.addEventListener("change", placeReplay);

function renderReplayControls(payload) {
  const finished = payload.table.status !== "playing";
  $("replay").hidden = !finished;
  if (!finished) return;
  const total = payload.history.length;
  const ply = replayPly === null ? total : replayPly;
  $("r-pos").textContent = `${ply}/${total}`;
  // aria-disabled, not disabled: the button pressed keeps the focus at either end
  for (const id of ["r-first", "r-prev"]) setOff($(id), ply === 0);
  for (const id of ["r-next", "r-last"]) setOff($(id), ply === total);
}

async function showPly(ply) {
  if (!latest) return;
  const total = latest.history.length;
  ply = Math.max(0, Math.min(total, ply));
  replayPly = ply === total ? null : ply;
  foldForStep($("banner"), replayPly);
  keepPly();
  const seq = ++stepSeq;
  let payload = latest;
  if (replayPly !== null) {
    if (!replayCache.has(ply)) {
      const step = await api(`/api/tables/${tableId}/at/${ply}`);
      replayCache.set(ply, step);
      if (seq !== stepSeq) return;   // a later step (or a live state) came meanwhile
    }
    payload = named({ ...replayCache.get(ply), you: latest.you, yours: latest.yours, table: latest.table }, ply);
  }
  shown = payload;
  renderPlayers(payload);   // the scores, hands, tiles left ... of the step
  renderStatus(payload);
  newPosition(payload);
  view.update(payload, { replay: replayPly !== null || latest.table.status !== "playing" });
  renderLog(latest, ply);
  renderReplayControls(latest);
}

// The move stepped to is in the address (#move-12): a reload, or the link shared, shows
// the same position again.  The end of the game has none.
const MOVE_MARK = /^#move-(\d+)$/;
function keepPly() {
  const want = replayPly === null ? "" : `#move-${replayPly}`;
  if (location.hash !== want) history.replaceState(null, "", location.pathname + location.search + want);
}
function plyInLink() {
  const m = MOVE_MARK.exec(location.hash);
  return m ? Number(m[1]) : null;
}
// the address edited, a #move- link followed in this tab, Back: the step it names
window.addEventListener("hashchange", () => {
  if (!latest || latest.table.status === "playing") return;
  const ply = plyInLink();
  if (ply !== null) showPly(ply);
  else if (location.hash === "") showPly(latest.history.length);
});

// ---------------------------------------------------------------- hints
function renderHintButton() {
  if (!hintBtn) return;
  const p = latest;
  const mine = p && p.you !== null && p.you === p.current_player && p.table.status === "playing" && replayPly === null
    && !behindCurtain();
  // a game between people: no hints unless the table's creator turned them on for everyone
  const allowed = !p || p.table.hints !== false;
  setOff(hintBtn, !mine || hintPending || !allowed);   // it keeps the focus while the computer thinks
  hintBtn.textContent = !allowed ? "No hints" : hintPending ? "Thinking…" : "Hint";
  hintBtn.title = allowed ? "Ask the computer to suggest a move"
    : "Hints are off at this table: its creator chose a game without the computer's help";
}

// a hand at a screen of several seats waiting behind its curtain (Pentic): no hint for it
// until its player shows it (a hint would name its cards)
const behindCurtain = () => Boolean(view && view.veiled && view.veiled());

function askHint() {
  // "No hints": why, said on a press too (a touch screen shows no tooltip)
  if (latest && latest.table.hints === false && !solo) { toast(`${hintBtn.title}.`, "info"); return; }
  if (off(hintBtn) || hintPending || !send({ type: "hint" })) return;
  hintPending = true;
  renderHintButton();
}

function showHint(msg) {
  hintPending = false;
  renderHintButton();
  if (msg.version !== undefined && latest && msg.version !== latest.version) return;  // the game moved on
  if (behindCurtain()) return;
  if (view && view.showHint) view.showHint(msg.move, msg.why || "");
  else toast(`Hint: ${msg.move}${msg.why ? " — " + msg.why : ""}`, "info");
  announce(`Hint: ${words(msg.move, latest, latest ? latest.history.length : null)}${msg.why ? ` — ${msg.why}` : "."}`);
}

// ---------------------------------------------------------------- said to screen readers
// moves as the move list words them, the hint, the result (#announce is a polite live region)
function announce(text) {
  const box = $("announce");
  box.textContent = box.textContent === text ? `${text}\u00a0` : text;   // the same words again are said again
}

// the seats changed while the game goes on (another player left, someone sat down, the
// computer took a seat over): said, as a toast and to a screen reader — the players panel
// alone changed without a word.  Not your own seat's changes (you made them).
function announceSeats(before, payload) {
  if (!before || before.table.id !== payload.table.id || payload.table.status !== "playing") return;
  const said = [];
  payload.table.seats.forEach((s, i) => {
    const was = before.table.seats[i];
    if (!was || i === payload.you || i === before.you) return;
    const colour = colourOf(i);
    if (was.kind === "human" && s.kind === "computer") said.push(`The computer plays ${colour}'s seat now`);
    else if (was.claimed && !s.claimed && s.open) said.push(was.name ? `${was.name} left: ${colour}'s seat is free` : `${colour} left: the seat is free`);
    else if (was.claimed && !s.claimed) said.push(`${was.name || colour}'s seat was freed: it waits for a new invite`);
    else if (!was.claimed && s.claimed && s.kind === "human") said.push(s.name ? `${s.name} took ${colour}'s seat` : `A player took ${colour}'s seat`);
  });
  if (!said.length) return;
  const text = said.join(". ") + ".";
  toast(text, "info");
  announce(text);
}

// the game ended just now, with this page open (not a finished game or a replay opened)
const endedHere = (before, payload) => !!before && before.table.id === payload.table.id
  && before.current_player !== null && payload.current_player === null;

// the moves since the state drawn before: each one, or how many and the last (a tab shown
// again after a while, say, has many to tell).  With 3–4 players, as your turn comes round:
// every move since your own, as the board marks them (the others' moves may have come in
// draws of their own, each said over the one before)
const MOVES_SAID = 4;
function announceMoves(before, payload, head) {
  if (!before || before.table.id !== payload.table.id) return;
  let said = [];
  let from = before.history.length, most = MOVES_SAID, recap = false;
  const to = payload.history.length;
  const you = payload.you;
  const comesRound = you !== null && payload.current_player === you && (before.current_player !== you || to > from);
  if (comesRound && payload.table.seats.length > 2) {
    const since = sinceOwnMove(payload, (i) => describe(payload, i).seat);
    if (since.length && describe(payload, to - 1).seat !== you) {   // not after a touch of your own
      from = since[0];
      most = 2 * payload.table.seats.length;
      recap = true;
    }
  }
  if (to - from > most) said.push(`${to - from} more moves; the last: ${describe(payload, to - 1).text}`);
  else for (let i = from; i < to; i++) said.push(describe(payload, i).text);
  if (recap) said = [`${from ? "Since your move" : "So far"}: ${said.join("; ")}`];
  if (head && endedHere(before, payload)) said.push(`Game over: ${head}`);
  const after = to > from && plugin && plugin.spokenAfterMoves ? plugin.spokenAfterMoves(payload) : "";
  if (said.length) announce(sentences(said) + (after ? ` ${after}` : ""));
}
// "a. b!" from ["a", "b!"]: a full stop where a part has no mark of its own ("You win!.")
const sentences = (parts) => parts.map((t) => (/[.!?]$/.test(t) ? t : `${t}.`)).join(" ");

// ---------------------------------------------------------------- the "Type a move" box
// every game's fallback (and a power user's way): the text goes to the server, which says
// why when it refuses it
let moveExample = "";  // the example for the position shown (a game's may change with its phase)
function renderMoveForm(payload) {
  $("move-form").hidden = payload.you === null || payload.table.status !== "playing";
  const example = plugin.moveExample;
  moveExample = (typeof example === "function" ? example(payload) : example) || "";
  if (moveExample) $("move-text").placeholder = `e.g. ${moveExample}`;
}

function bindMoveForm() {
  $("move-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("move-text").value.trim();
    const msg = $("move-form-msg");
    msg.classList.remove("refused");
    if (!text) { msg.textContent = `Type a move first${moveExample ? `, e.g. ${moveExample}` : ""}.`; return; }
    if (sendMove(text)) { typed = text; msg.textContent = "Sent…"; }
    else { msg.textContent = unanswered ? "Your move is on its way: wait for the server's answer." : "Not connected: nothing was sent."; msg.classList.add("refused"); }
  });
}

// the server's answer to a typed move: played (a new state), or refused (an error); a
// move made otherwise clears a refusal (it was about a position now gone), and a move of
// this page's made otherwise clears "Played." too (the replies in between keep it)
function answerTyped(payload, before) {
  if (!before || payload.version === before.version) return;
  const msg = $("move-form-msg");
  if (typed === null) {
    const ours = before.current_player !== null && yours(before).includes(before.current_player);
    if (msg.classList.contains("refused") || ours) { msg.textContent = ""; msg.classList.remove("refused"); }
    return;
  }
  typed = null;
  $("move-text").value = "";
  msg.textContent = "Played.";
}

// ---------------------------------------------------------------- post-game analysis
function renderAnalysisButton(payload) {
  const loaded = !!(analysis && analysis.moves_played === payload.history.length);
  for (const btn of [$("analysis-btn"), document.getElementById("banner-analysis")]) {
    if (!btn) continue;
    btn.hidden = solo || payload.table.status !== "finished";
    setOff(btn, analysing !== null || loaded);   // it keeps the focus
    // the progress on the button itself: on a phone the note is in the closed drawer
    btn.textContent = analysing !== null && judging ? `Analysing… ${judging}` : "Analysis";
  }
}

function renderAnalysisNote() {
  const note = $("analysis-note");
  if (!analysis || !latest) { note.hidden = !analysing; return; }
  const who = analysis.players.map((p) => {
    const bits = [`${p.blunders} blunder${p.blunders === 1 ? "" : "s"}`, `${p.mistakes} mistake${p.mistakes === 1 ? "" : "s"}`];
    return `${latest.short[p.seat]}: ${bits.join(", ")}`;
  });
  // short, so that the move list keeps its room: the explanation folds away
  note.replaceChildren(el("b", {}, "Analysis "), el("span", { class: "legend" }, "✓ good · ?! mistake · ? blunder"),
    el("div", {}, who.join("; ") + "."),
    el("details", { class: "muted" }, el("summary", {}, "How to read it"), analysis.note,
      touchScreen ? " Step to a move (‹ ›, or tap it in the list) for its values and the best move."
        : " Hover a mark, or step to a move, for the values and the best move."));
  note.hidden = false;
  say(`Analysis done. ${who.join("; ")}.`);
}

// what a screen reader hears of the analysis: that it began, and each player's count (the
// note itself, with its legend and how to read it, is there to read, not announced)
function say(text) {
  const said = $("analysis-said");
  if (said.textContent !== text) said.textContent = text;
}

// ``known``: an answer fetched already (the page opening: showAnalysisMade)
async function loadAnalysis(known = null) {
  clearTimeout(analysing);
  analysing = null;
  let data = known;
  try { data = data || await api(`/api/tables/${tableId}/analysis`); }
  catch (e) { toast(e.message); bannerStatus($("banner"), ""); renderAnalysisButton(latest); $("analysis-note").hidden = !analysis; return; }
  if (data.status === "running") {
    const note = $("analysis-note");
    const began = note.hidden;
    note.replaceChildren(el("b", {}, "Analysing… "), `${data.done} of ${data.total} moves judged`);
    note.hidden = false;
    // beside the board, the side column scrolls to the moves, where the marks will be (a
    // tall players panel, a four-player game's, left the list below the screen's edge)
    if (began && !narrow.matches) $("side").scrollTop = $("side").scrollHeight;
    say(`Analysing the game's ${data.total} moves…`);
    judging = `${data.done}/${data.total}`;
    bannerStatus($("banner"), `Analysing… ${judging}`);
    analysing = setTimeout(loadAnalysis, 1000 * (data.retry_after || 2));
    renderAnalysisButton(latest);
    return;
  }
  analysis = data;
  judging = "";
  bannerStatus($("banner"), "Analysed ✓");
  renderAnalysisNote();
  renderAnalysisButton(latest);
  renderLog(latest, replayPly === null ? latest.history.length : replayPly);
}

// the record of a game with hidden cards holds the deal: the server keeps it till the end
function renderExport(payload) {
  const link = $("export");
  const later = hiddenCards && payload.table.status === "playing";
  if (later) link.removeAttribute("href");
  else link.href = `/api/tables/${tableId}/record`;
  link.setAttribute("aria-disabled", later ? "true" : "false");
  link.title = later ? "The record holds every hidden card: it can be exported once the game is over"
    : "Download the game record (JSON)";
  // pressed while it waits (a touch has no hover for the title): why, said
  link.onclick = later ? (ev) => { ev.preventDefault(); toast(link.title, "info"); } : null;
}

// a finished game opened (or reloaded): an analysis made already, or being made, is shown
// as if Analysis had been pressed; none is started
let analysisLooked = false;
async function showAnalysisMade(payload) {
  if (analysisLooked || solo || payload.table.status !== "finished" || analysis || analysing !== null) return;
  analysisLooked = true;
  let data = null;
  try { data = await api(`/api/tables/${tableId}/analysis?start=false`); } catch { return; }   // the button still asks
  if (data && analysis === null && analysing === null) loadAnalysis(data);   // done: shown at once; running: followed
}

function render(payload) {
  performance.mark("pentarena:draw");   // one a state drawn (the e2e tests count them)
  const before = latest;
  latest = named(payload);
  if (!before) showAnalysisMade(payload);
  if (before && before.version !== payload.version) {   // a move: the next player's turn starts
    const p = payload.current_player, s = p === null ? null : payload.table.seats[p];
    setIdle(s && s.kind === "human" && s.claimed ? p : null, 0);
  }
  document.title = `${payload.table.title} — Pentarena`;
  // the table's id says little on a phone, where it left "Pentago · ta…": it goes first
  // (a non-breaking hyphen: a narrow header wraps "Pent-Up" whole, not as "Pent-" / "Up")
  $("title").replaceChildren(payload.table.title.replaceAll("-", "\u2011"), el("span", { class: "title-table" }, ` · table ${tableId}`));
  $("rules-link").href = $("rules-link-side").href = `/rules/${payload.table.game}`;
  renderExport(payload);
  renderPlayers(payload);
  renderStatus(payload);
  renderConnLine();
  renderInvites(payload, colourOf);
  renderAnalysisButton(payload);
  renderMoveForm(payload);
  answerTyped(payload, before);
  if (replayPly !== null && payload.table.status !== "playing") {
    renderBanner(payload);
    renderAnalysisButton(payload);
    renderHintButton();
    showPly(replayPly);
    return;
  }
  replayPly = null;
  stepSeq++;   // a step still being fetched is not drawn over the live state
  shown = payload;
  newPosition(payload);
  view.update(payload, { replay: payload.table.status !== "playing" });
  const head = renderBanner(payload);
  announceMoves(before, payload, head);
  announceSeats(before, payload);
  if (before && payload.table.next && before.table.next !== payload.table.next && payload.table.status === "finished") {
    const what = payload.you !== null ? "Join the next game takes your seat there." : "Watch the next game opens it.";
    announce(`The next game has been started. ${what}`);
    toast(`The next game has been started: ${what}`, "info");
  }
  renderLog(payload, payload.history.length);
  renderReplayControls(payload);
  renderHintButton();
  renderAnalysisButton(payload);
  // once, as the game ends: the focus on the result (named by its heading; Tab goes on to
  // Play again), never on a later redraw
  if (head && endedHere(before, payload)) $("banner").focus();
}

function connect() {
  clearTimeout(again);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const sock = new WebSocket(`${proto}://${location.host}/ws/${tableId}`);  // the seat cookie says who we are
  ws = sock;
  setConn("connecting", "connecting…");
  // a connection that never opens, or opens and says nothing (its state is sent at once),
  // goes the way of an unanswered ping: a network that swallows everything (a dead Wi-Fi,
  // a captive portal) kept an attempt "connecting" for ever, long after it came back
  const began = performance.now();
  let first = true;
  awaitAnswer(sock);
  sock.onopen = () => { retry = 0; setConn("open", "connected"); };
  sock.onmessage = (ev) => {
    clearTimeout(deadline);   // the server is there
    deadline = 0;
    if (first) { first = false; heard(performance.now() - began); }
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { answered(msg); live = true; states.put(msg); return; }
    if (msg.type === "pong") { if (pinged) heard(performance.now() - pinged); pinged = 0; return; }
    // said of a state not drawn yet: it goes with it; anything else follows the state drawn
    const waiting = states.pending();
    if (msg.type === "thinking" && waiting) { waiting.thinking = msg.seat; return; }
    if (msg.type === "presence" && waiting) { setPresence(waiting, msg); return; }
    states.flush();
    // an error is shown once: on the board's own error line when it has one
    if (msg.type === "error") {
      unanswered = null;
      if (hintPending) { hintPending = false; renderHintButton(); }
      if (typed !== null) {   // said by the box
        typed = null;
        $("move-form-msg").textContent = msg.message;
        $("move-form-msg").classList.add("refused");
      }
      else {
        // a move made otherwise refused: the box's "Played." is of a move before it
        if (!$("move-form-msg").classList.contains("refused")) $("move-form-msg").textContent = "";
        if (view && view.showError) view.showError(msg.message, msg.code); else toast(msg.message);
      }
    }
    else if (msg.type === "thinking" && latest) { latest.thinking = msg.seat; renderStatus(latest); }
    else if (msg.type === "presence" && latest) {
      setPresence(latest, msg);
      renderPlayers(shown || latest);
    }
    else if (msg.type === "hint") showHint(msg);
  };
  sock.onclose = () => lost(sock);
}

// The connection is gone (closed by the server, refused, or given up here): said at once,
// and tried again (sooner each time the network comes back).
function lost(sock) {
  if (sock !== ws) return;   // an older connection, replaced already
  clearTimeout(deadline);
  deadline = 0;
  pinged = 0;
  ws = null;
  sock.onopen = sock.onmessage = sock.onclose = null;
  if (sock.readyState === WebSocket.CONNECTING || sock.readyState === WebSocket.OPEN) sock.close();
  if (hintPending) { hintPending = false; renderHintButton(); }
  setConn("closed", navigator.onLine === false ? "offline" : "reconnecting…");
  tryAgain(Math.min(5000, 300 * 2 ** retry++));
}

// the next attempt; none while the browser knows it has no network (its online event connects)
function tryAgain(delay) {
  clearTimeout(again);
  again = setTimeout(() => (navigator.onLine === false ? tryAgain(5000) : connect()), delay);
}

// A connection can die without a word (the network gone, a laptop asleep, a tab frozen in
// the background, a NAT that forgot it): a ping every heartbeat (the server's, said in its
// presence events: it pings as often, and closes a connection whose answer does not come),
// after each move sent and as the tab is shown again, must be answered within `answerWithin`,
// or the connection is given up and made again.  The wait is a share of the heartbeat, and
// at least twice the longest answer heard (a slow link: a large state on its way holds the
// pong behind it, and a browser cannot see its bytes arrive); a connection given up in
// silence doubles it for the next one (a link too slow for it is not cut over and over),
// until an answer is heard.
let heartbeat = 20_000, answerBase = 8_000, answerWithin = answerBase, slowest = 0, pinged = 0, pinger = 0;
const ANSWER_MOST = 60_000;
const HEARTBEAT_MOST = 3600;   // s: a timer past 2**31 ms runs at once (a ping loop)
function setHeartbeat(seconds) {
  if (typeof seconds !== "number" || !(seconds > 0)) return;
  seconds = Math.min(seconds, HEARTBEAT_MOST);
  if (seconds * 1000 === heartbeat) return;
  heartbeat = seconds * 1000;
  answerBase = Math.min(ANSWER_MOST, heartbeat * 0.4);
  answerWithin = Math.max(answerBase, Math.min(ANSWER_MOST, 2 * slowest));
  clearInterval(pinger);
  pinger = setInterval(checkConnection, heartbeat);
}
// an answer heard `ms` after it was asked for (a ping's; a connection's first message)
function heard(ms) {
  slowest = Math.max(slowest, ms);
  answerWithin = Math.max(answerBase, Math.min(ANSWER_MOST, 2 * slowest));
}
function awaitAnswer(sock) {
  clearTimeout(deadline);
  deadline = setTimeout(() => {
    deadline = 0;
    answerWithin = Math.min(ANSWER_MOST, answerWithin * 2);
    lost(sock);
  }, answerWithin);
}
function checkConnection() {
  if (!ws || ws.readyState !== WebSocket.OPEN || deadline) return;
  const sock = ws;
  sock.send(JSON.stringify({ type: "ping" }));
  pinged = performance.now();
  awaitAnswer(sock);
}
pinger = setInterval(checkConnection, heartbeat);
document.addEventListener("visibilitychange", () => { if (!document.hidden) checkConnection(); });
// the browser knows the network is gone: no waiting for a ping; back: connect at once
window.addEventListener("offline", () => { if (ws) lost(ws); else setConn("closed", "offline"); });
window.addEventListener("online", () => {
  if (ws && ws.readyState === WebSocket.OPEN) { checkConnection(); return; }
  if (ws && ws.readyState === WebSocket.CONNECTING) return;
  retry = 0;
  connect();
});

// A state after a move sent: the move was played (a later version), or the game is where it
// was — a connection that died with the move in it — and the move goes again, once: the
// server plays a move only at the version it was chosen at, so it is never played twice.
function answered(msg) {
  if (!unanswered) return;
  if (msg.version !== unanswered.version || msg.you === null || msg.current_player !== msg.you) { unanswered = null; return; }
  if (!unanswered.resend) return;   // the state sent before the move's answer, on the same connection
  unanswered.resend = false;
  ws.send(JSON.stringify({ type: "move", move: unanswered.move, version: unanswered.version }));
  checkConnection();
}

// The states drawn: the latest of those that came before the next frame, once (the
// computers' replies can come one right after the other).  Each draw says every move since
// the state drawn before (announceMoves), and the result once as the game ends.
const states = oncePerFrame((msg) => { awayFromNow(msg); render(msg); });

// when each away player's seat may be freed, by this page's clock (from the server's count
// of how long they have been away: a presence event)
const freeAt = new Map();
let awayLimit = null;   // (the server's, said by every presence event)
function setPresence(payload, msg) {
  payload.table.seats.forEach((s, i) => { s.connected = s.kind === "computer" || msg.connected.includes(i); });
  freeAt.clear();
  awayLimit = msg.away_limit || 0;
  for (const [seat, away] of Object.entries(msg.away || {})) {
    freeAt.set(Number(seat), Date.now() + Math.max(0, awayLimit - away) * 1000);
  }
  idleLimit = typeof msg.idle_limit === "number" ? msg.idle_limit : null;
  setHeartbeat(msg.heartbeat);
  const [seat, idle] = Object.entries(msg.idle || {})[0] || [null, 0];
  setIdle(seat === null ? null : Number(seat), idle);
}

// A state showing a seat held with no connection that the last presence event did not
// count (taken since by someone who has not connected, who sends no presence event: who is
// connected did not change): the server counts it away from about now, so this page does.
function awayFromNow(payload) {
  if (awayLimit === null) return;   // (the first state: the presence event follows it)
  payload.table.seats.forEach((s, i) => {
    if (s.kind === "human" && (s.claimed || s.kept) && s.connected === false && !freeAt.has(i)) {
      freeAt.set(i, Date.now() + awayLimit * 1000);
    }
  });
}

// a player who keeps the turn without moving, connected or not, may have their seat freed
// once it has lasted the server's limit (idle_limit): when, by this page's clock; the
// players panel is drawn again then, with Free seat at that player's row
const idleAt = new Map();
let idleLimit = null, idleTimer = 0;
function setIdle(seat, seconds) {
  idleAt.clear();
  clearTimeout(idleTimer);
  if (seat === null || idleLimit === null) return;
  const at = Date.now() + Math.max(0, idleLimit - seconds) * 1000;
  idleAt.set(seat, at);
  idleTimer = setTimeout(() => { if (latest && live) renderPlayers(latest); }, at - Date.now() + 100);
}

// the connection light: a colour and a word (on a phone, a sign and the word for screen readers)
function setConn(state, text) {
  $("conn").dataset.state = state;
  $("conn-text").textContent = text;
  if (state === "closed" && unanswered) unanswered.resend = true;   // its answer may never come
  const was = down;
  down = state === "closed" || (down && state === "connecting");
  document.body.classList.toggle("conn-down", connDown());   // the board dimmed
  renderConnLine();
  if ((was || down) && latest && plugin) renderStatus(shown || latest);
}

// the board's message line says it too, in the place of its "Your turn" (app.css hides the
// game's own lines meanwhile, and shows them again, as they are now, once connected)
function renderConnLine() {
  const line = $("board-area").querySelector(".conn-line");
  if (!line) return;
  const playing = latest && latest.you !== null;   // a spectator has no moves to wait with
  line.textContent = !connDown() ? "" : offline() ? `Offline: waiting for the network…${playing ? " moves can be made once it is back." : ""}`
    : `Reconnecting…${playing ? " moves can be made once connected again." : ""}`;
}

// the seats held changed (a seat taken here): connect again, as the cookie now says
function reconnect() {
  if (ws) { const old = ws; ws = null; old.onclose = old.onmessage = null; old.close(); }
  clearTimeout(deadline);
  deadline = 0;
  retry = 0;
  connect();
}

function notConnected() {
  // (the line above it says the page is reconnecting: this one says only what happened)
  const text = "Not connected: nothing was sent.";
  if (view && view.showError) view.showError(text); else toast(text);
  return false;
}

function sendMove(text) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return notConnected();
  // one move at a time: a second one (Confirm pressed twice, another move made before the
  // first is answered on a slow link) would reach a game that has moved on, and be refused
  // with words that say the turn is gone, as if the first had not been played either
  if (unanswered) {
    const text = "Your move is on its way: wait for the server's answer.";
    if (view && view.showError) view.showError(text, "pending"); else toast(text);
    return false;
  }
  const version = latest ? latest.version : null;
  ws.send(JSON.stringify({ type: "move", move: text, version }));
  unanswered = { move: text, version, resend: false };
  checkConnection();   // a move into a dead connection is found out soon
  return true;
}

function send(message) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return notConnected();
  ws.send(JSON.stringify(message));
  return true;
}

// phones: the side column is a drawer over the board, so the page itself never scrolls.
// Opened, it takes the focus and the play area under it is inert; closed, the focus goes
// back to its button (unless it went on, to the board say).
function setSide(open) {
  const btn = $("side-toggle");
  const was = document.body.classList.contains("side-open");
  document.body.classList.toggle("side-open", open);
  btn.setAttribute("aria-expanded", open ? "true" : "false");
  btn.textContent = open ? "Close ✕" : "Players & moves";
  document.querySelector(".play").inert = open && narrow.matches;
  const focus = document.activeElement;
  if (open && !was && narrow.matches) {
    ($("side").querySelector("a[href], button, input") || $("side")).focus({ preventScroll: true });
    showCurrentMove();
  } else if (!open && was && (focus === document.body || $("side").contains(focus))) btn.focus();
}

// the drawer scrolls as a whole (its list does not): opened on a move of a replay stepped
// to, that move is in sight, not the top of the list (at the end: the players first)
function showCurrentMove() {
  const side = $("side"), cur = $("log").querySelector(":scope > .current");
  if (!cur || replayPly === null) return;
  const r = cur.getBoundingClientRect(), box = side.getBoundingClientRect();
  if (r.top < box.top || r.bottom > box.bottom) side.scrollTop += r.top - box.top - side.clientHeight / 2;
}

function bindSideToggle() {
  $("side-toggle").addEventListener("click", () => setSide(!document.body.classList.contains("side-open")));
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && document.body.classList.contains("side-open")) setSide(false); });
  // a tap beside the open drawer (on the dimmed, inert page: the table page's own box) closes it
  $("table-page").addEventListener("click", (ev) => {
    if (ev.target === ev.currentTarget && narrow.matches && document.body.classList.contains("side-open")) setSide(false);
  });
  narrow.addEventListener("change", () => { if (!narrow.matches && document.body.classList.contains("side-open")) setSide(false); });
  setBeforeAsk(() => {
    if (document.body.classList.contains("side-open")) setSide(false);
    // an invite link asking first (a second seat?): meanwhile the page shows the seats this
    // browser holds, not "you are watching"
    if (!ws) connect();
  });
}

function bindReplayKeys() {
  const step = (d) => latest && showPly((replayPly === null ? latest.history.length : replayPly) + d);
  $("r-first").onclick = () => !off($("r-first")) && showPly(0);
  $("r-prev").onclick = () => !off($("r-prev")) && step(-1);
  $("r-next").onclick = () => !off($("r-next")) && step(1);
  $("r-last").onclick = () => latest && !off($("r-last")) && showPly(latest.history.length);
  document.addEventListener("keydown", (ev) => {
    if (!latest || latest.table.status === "playing" || ev.target.tagName === "INPUT") return;
    if (ev.key === "ArrowLeft") step(-1);
    else if (ev.key === "ArrowRight") step(1);
    else if (ev.key === "Home") showPly(0);
    else if (ev.key === "End") showPly(latest.history.length);
  });
}

// the move list: a move chosen (a click, Enter) shows the position after it; one hovered or
// focused is shown on the board
const moveList = new MoveList($("log"), {
  item: logItem,
  choose: (ply) => {
    if (!latest || latest.table.status === "playing") return;
    showPly(ply);
    if (narrow.matches) setSide(false);   // the drawer covers the board: show the move stepped to
  },
  highlight: (ply) => { if (view && view.highlight) view.highlight(ply); },
});

// No table to show (a mistyped or an old link, or the server could not be asked): say so,
// with the way back, and nothing of a table page around it.
function showMissing(e) {
  const missing = e.status === 404;
  document.title = `${missing ? "No such table" : "Table unavailable"} — Pentarena`;
  document.body.classList.add("no-table");
  for (const id of ["conn", "rules-link", "side-toggle"]) $(id).hidden = true;
  $("title").textContent = "";
  let name = tableId;
  try { name = decodeURIComponent(tableId); } catch { /* shown as typed */ }
  const said = missing ? `There is no table “${name}”.`
    : e.message ? e.message[0].toUpperCase() + e.message.slice(1).replace(/\.?$/, ".") : "";
  $("table-page").replaceChildren(el("section", { class: "panel missing", id: "missing", role: "alert" },
    el("h2", {}, missing ? "Table not found" : "The table could not be opened"),
    el("p", {}, said),
    el("p", { class: "muted" }, missing ? "The link may be mistyped or the table gone. The games and the open tables are on the home page."
      : "Check your connection and try again."),
    el("div", { class: "next-game" },
      missing ? "" : el("button", { type: "button", onclick: () => location.reload() }, "Try again"),
      el("a", { class: "button primary", href: "/", id: "all-games" }, "All games"))));
}

(async () => {
  if (params.has("token")) history.replaceState(null, "", `/t/${tableId}`);   // the secret out of sight
  let first;
  try { first = await api(`/api/tables/${tableId}`); }
  catch (e) { showMissing(e); return; }
  plugin = await loadPlugin(first.table.game);
  document.body.dataset.game = first.table.game;
  try {
    const info = (await api("/api/games")).games.find((g) => g.name === first.table.game) || {};
    solo = !!info.solo;
    hiddenCards = !!info.hidden_cards;
  } catch { solo = false; }
  view = plugin.createView($("board-area"), { sendMove, send, toast, side: $("game-side"),
    turnShown: () => renderHintButton() });
  // every game gets a Hint button in its action bar (puzzles have their own)
  const bar = $("board-area").querySelector(".action-bar");
  if (!solo && bar) {
    hintBtn = el("button", { id: "hint-btn", class: "hint-btn", type: "button", title: "Ask the computer to suggest a move", onclick: askHint }, "Hint");
    bar.prepend(hintBtn);
  }
  $("analysis-btn").addEventListener("click", () => { if (!analysing && !off($("analysis-btn"))) loadAnalysis(); });
  bindMoveForm();
  bindReplayKeys();
  bindSideToggle();
  placeReplay();
  render({ ...first, you: null, legal_moves: [] });
  if (plyInLink() !== null && first.table.status !== "playing") showPly(plyInLink());   // a step linked to
  await claimFromLink(first.table.seats);   // after the table is shown: it may ask first (seats.js)
  if (ws) reconnect(); else connect();   // (connected while it asked: again, with the seat taken)
})();
