// Pentic in the browser: real-looking TIC cards (the number of shapes in the card's
// colour), your hand, the 3×3 grid of stacks.  Select a card, pick a position, see what it
// would score, then Confirm.  The last card played is framed in the last-move colour.  The
// server sends this seat nothing but its own view.
import { el, replayNote, click, keyHint, waitingText, Click, touchScreen, plural, yours } from "../api.js";
import { svgEl } from "../pieces.js";
import { gameKeys, keepFocus } from "../keys.js";
import { BoardView, gameFrame, stepButtons, sinceOwnMove } from "./boardview.js";
import { KeyGrid } from "./keygrid.js";
import { rovingTray, syncPieces } from "./tray.js";
import { scoringExample } from "./pentic-example.js";

export const title = "Pentic";
export const moveExample = "3-star-orange@5";
// told apart with any colour vision (protanopia, deuteranopia, tritanopia), and each at
// least 3:1 on the page's light backgrounds: tests/games/pentic/test_seat_colours.py
export const seatColours = ["#1d3557", "#d9502f", "#008888", "#771122"];
// the seats' dots beside their names: in the dark theme a lighter
// shade where the colour is under 3:1 against the panels, apart from each other
// for the common colour-vision deficiencies too (tests/e2e/test_theme.py)
export const seatDots = ["light-dark(#1d3557, #3e85cb)", "light-dark(#d9502f, #d66361)", "light-dark(#008888, #8af2ee)", "light-dark(#771122, #e2a2b2)"];
export const seatNames = ["Navy", "Coral", "Teal", "Wine"];
const COLOURS = { violet: "#7b3fa0", cyan: "#1a9fb5", yellow: "#e0bd00", orange: "#e8600e", red: "#d62828" };
// the corner number in the same hue, dark enough to read on the card (4.5:1 at least: the
// yellow's 1.8:1 was nearly invisible; the symbols keep the bright colours)
const INK = { violet: "#7b3fa0", cyan: "#0f6e7e", yellow: "#7a6500", orange: "#b2470a", red: "#d62828" };

function parseCard(text) {
  const [n, shape, colour] = text.split("-");
  return { n: Number(n), shape, colour };
}

function shapePath(shape, cx, cy, r) {
  switch (shape) {
    case "circle": return `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0`;
    case "square": return `M ${cx - r * 0.85} ${cy - r * 0.85} h ${1.7 * r} v ${1.7 * r} h ${-1.7 * r} z`;
    case "triangle": return `M ${cx} ${cy - r} L ${cx + r} ${cy + r * 0.8} L ${cx - r} ${cy + r * 0.8} z`;
    case "crescent": return `M ${cx} ${cy - r} A ${r} ${r} 0 1 0 ${cx} ${cy + r} A ${r * 0.45} ${r} 0 0 1 ${cx} ${cy - r} Z`;
    default: { // star
      let d = "";
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + i * Math.PI / 5;
        const rr = i % 2 ? r * 0.45 : r;
        d += `${i ? "L" : "M"} ${cx + rr * Math.cos(a)} ${cy + rr * Math.sin(a)} `;
      }
      return d + "z";
    }
  }
}

const LAYOUT = {
  1: [[0.5, 0.5]], 2: [[0.5, 0.3], [0.5, 0.7]], 3: [[0.5, 0.22], [0.5, 0.5], [0.5, 0.78]],
  4: [[0.3, 0.3], [0.7, 0.3], [0.3, 0.7], [0.7, 0.7]],
  5: [[0.3, 0.25], [0.7, 0.25], [0.5, 0.5], [0.3, 0.75], [0.7, 0.75]],
};

// One card as SVG: width w, height 1.4 w.
export function cardSvg(text, { w = 70, selected = false, faceDown = false } = {}) {
  const h = w * 1.4;
  const svg = svgEl("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, class: "tic-card", "data-card": text || "", "aria-hidden": "true" });
  svgEl("rect", { x: 1, y: 1, width: w - 2, height: h - 2, rx: w * 0.1, fill: faceDown ? "#26221c" : "#fffdf8",
    stroke: selected ? "#1f6feb" : "#8a8276", "stroke-width": selected ? 4 : 1.5 }, svg);
  if (faceDown || !text) return svg;
  const { n, shape, colour } = parseCard(text);
  const r = w * (n > 3 ? 0.13 : 0.15);
  for (const [fx, fy] of LAYOUT[n]) {
    svgEl("path", { d: shapePath(shape, fx * w, fy * h, r), fill: COLOURS[colour], stroke: "#333", "stroke-width": 0.8 }, svg);
  }
  const t = svgEl("text", { x: w * 0.12, y: h * 0.13, "font-size": w * 0.16, "font-weight": 700, fill: INK[colour] }, svg);
  t.textContent = n;
  // the colour's initial in the other top corner: colour is a scoring property, and orange
  // and red (cyan and violet) are close for colour-blind eyes — not told by hue alone
  const c = svgEl("text", { x: w * 0.88, y: h * 0.13, "text-anchor": "end", "font-size": w * 0.15, "font-weight": 700, fill: INK[colour], class: "tic-colour" }, svg);
  c.textContent = colour[0].toUpperCase();
  return svg;
}

export function picture() {
  const box = el("div", { style: "display:flex;gap:4px" });
  for (const c of ["3-star-orange", "1-circle-violet", "5-triangle-cyan"]) box.append(cardSvg(c, { w: 44 }));
  return box;
}

const short = (payload, seat) => (payload.short ? payload.short[seat] : seatNames[seat]);
// "3-star-orange" -> "3 orange stars"
export function cardName(text) {
  const { n, shape, colour } = parseCard(text);
  return `${n} ${colour} ${shape}${n > 1 ? "s" : ""}`;
}

export function seatInfo(payload, seat) {
  return `${plural(payload.scores[seat], "point")} · ${plural(payload.state.hand_sizes[seat], "card")}`;
}

// a commonness, with what it means on hover ("Tic": two of number, shape and colour shared)
const MEANS = { Tic: "shares two of number, shape and colour", Single: "shares one of number, shape and colour", Nic: "shares none of number, shape and colour" };
const term = (name, plural = "") => (MEANS[name] ? el("abbr", { title: `${name}: ${MEANS[name]}` }, name + plural) : name + plural);
const terms = (n, name) => [`${n} `, term(name, n === 1 ? "" : "s")];

// what a play would score, in parts; `legend`: the terms explained after it (the first turns)
function describe(p, legend = false) {
  const under = p.underneath[0].toUpperCase() + p.underneath.slice(1);
  let end = "";
  if (p.bonus) end += `; Extreme bonus +${p.bonus}`;
  end += ` = ${p.points} point${p.points === 1 ? "" : "s"}`;
  if (p.all_nic) end += " (All-Nic!)"; else if (p.pentic) end += " (a Pentic play!)";
  return el("span", {}, "neighbours ", ...terms(p.tics, "Tic"), ", ", ...terms(p.singles, "Single"), ", ", ...terms(p.nics, "Nic"),
    ` → ${p.edge}; the card it covers is a `, term(under), ` → ×${p.multiplier}`, end,
    legend ? el("span", { class: "pc-legend" }, " (a Tic shares two of number, shape and colour with your card, a Single one, a Nic none)") : "");
}

export function resultDetails(payload) {
  const table = el("table", { class: "breakdown" }, el("tr", {}, el("th", {}, "player"), el("th", {}, "points"), el("th", {}, "turns")));
  payload.scores.forEach((s, i) => table.append(el("tr", { "data-seat": i },
    el("td", {}, el("span", { class: "swatch", style: `background:${seatDots[i]}` }), " ", payload.names ? payload.names[i] : seatNames[i]),
    el("td", {}, s), el("td", {}, payload.details.turns[i]))));
  // why it ended: the target, the round then played out (as many turns each); or the pile
  // run out, the round played out by those who still held a card (3 players: 39, 39, 38)
  const target = payload.details.target;
  const turns = payload.details.turns;
  const why = Math.max(...payload.scores) < target ? "the pile ran out and the last round was played out by those who still held a card"
    : turns.every((n) => n === turns[0]) ? "the target was reached and the round played out: everyone had the same number of turns"
      : "the target was reached and the round played out by those who still held a card";
  return el("div", {}, el("p", {}, `Highest total wins (target ${target}); ${why}.`), table);
}

// A move's text in words, as the move list writes it ("3-star-orange@5" -> "3 orange stars on #5").
export function moveWords(text) {
  const [card, position] = text.split("@");
  return position ? `${cardName(card)} on #${position}` : text;
}

export function describeMove(payload, i) {
  const p = payload.state.plays && payload.state.plays[i];
  if (!p) return null;
  return { seat: p.seat, text: `${short(payload, p.seat)}: ${cardName(p.card)} on #${p.position}, +${p.points}` };
}

// The scores beside the status (on a phone the players' panel is a drawer): "You 23 · Coral 31".
export function statusExtra(payload) {
  if (!payload.scores) return "";
  // ("You" for a screen of one seat: at one of several, every seat is someone's there)
  const one = yours(payload).length <= 1;
  return payload.scores.map((s, i) => `${one && i === payload.you ? "You" : short(payload, i)} ${s}`).join(" · ")
    + ` (to ${payload.details && payload.details.target ? payload.details.target : payload.table.options.target || 250})`;
}

export function turnHint() { return `Select a card in your hand, ${click} a grid position, check the score, then Confirm.`; }

// the grid in world units
const CW = 90, CH = 126, GAP = 14, TOP = 8;
const posXY = (p) => [((p - 1) % 3) * (CW + GAP), TOP + Math.floor((p - 1) / 3) * (CH + GAP)];

// A play's tag, centred on cx from y down: a pill no wider than a position and its gap
// (the next position's tag starts beyond it), the text squeezed into it when it is longer
// (a long typed name).
const TAG_H = 19, TAG_MAX = CW + GAP - 6;
// a typed name cut to fit a tag (in full in the move list and under "Last play")
const clip = (name) => (name.length > 7 ? `${name.slice(0, 6)}…` : name);
function playTag(parent, cx, y, words) {
  const pill = svgEl("rect", { y, height: TAG_H, rx: TAG_H / 2, class: "lm-fill lm-halo", "stroke-width": 1.5 }, parent);
  const t = svgEl("text", { x: cx, y: y + 13.5, "text-anchor": "middle", "font-size": 11.5, "font-weight": 700, fill: "#222" }, parent);
  t.textContent = words;
  // its width as drawn (0 while the board is not laid out): else an estimate on the wide side
  const wide = Math.max(t.getComputedTextLength ? t.getComputedTextLength() : 0, words.length * 6.8);
  if (wide > TAG_MAX - 12) {
    t.setAttribute("textLength", TAG_MAX - 12);
    t.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  const bw = Math.max(44, Math.min(TAG_MAX, wide + 14));
  pill.setAttribute("x", cx - bw / 2);
  pill.setAttribute("width", bw);
}

export function createView(root, ctx) {
  let payload = null;
  let replay = false;
  let card = null;
  let pos = null;
  let lit = null;
  let hinted = null;   // { move, why }: the computer's suggestion

  const [cancelBtn, confirmBtn] = stepButtons("pc", () => cancel(), () => confirm());
  const note = el("div", { class: "pu-hint", id: "pc-note" });
  const preview = el("div", { class: "pc-preview", id: "pc-preview", hidden: true });
  const errorLine = el("div", { class: "error-line", id: "pc-error", role: "alert" });
  const ending = el("div", { class: "frame-note", id: "pc-ending", role: "status", hidden: true });
  const bv = new BoardView(root, { id: "pc-grid", mode: "fill", maxScale: 2, margin: 6 });
  const hand = el("div", { id: "pc-hand", class: "tray pc-hand" });
  const settleHand = rovingTray(hand, "Your hand");
  // once the game is over every hand is public (the record holds the deal): each seat's,
  // at the move the replay shows, under the grid
  const hands = el("div", { id: "pc-hands", class: "pc-hands", hidden: true });
  const curtain = el("div", { class: "pc-curtain", id: "pc-curtain", hidden: true });
  // a hand shown at a screen of several seats goes behind its curtain again on Hide hand
  // (its player steps away, or showed it too soon): nothing staged stays
  const hideBtn = el("button", { id: "pc-hide-hand", type: "button", hidden: true,
    onclick: () => { shownFor = card = pos = null; errorLine.textContent = ""; draw(); ctx.turnShown(); showBtn.focus(); } }, "Hide hand");
  const frame = gameFrame(root, { view: bv, notes: [ending], messages: [curtain, note, preview, errorLine, hands], tray: hand, actions: [hideBtn, cancelBtn, confirmBtn] });
  const info = el("p", { id: "pc-info" });
  const last = el("p", { id: "pc-last" });
  // (a phone on its side has no room under the grid: the hands go in the drawer's Table)
  const handsSide = el("div", { id: "pc-hands-side", class: "pc-hands pc-hands-side", hidden: true });
  if (ctx.side) { ctx.side.replaceChildren(el("h3", {}, "Table"), info, handsSide, last); ctx.side.hidden = false; }
  // (y0: room above the top row for a play's tag, which starts 14 above its card)
  bv.show({ x0: -6, y0: -10, x1: 3 * CW + 2 * GAP + 6, y1: TOP + 3 * CH + 2 * GAP + 6 });

  // A screen holding several seats (friends taking turns at one device) keeps each hand
  // behind a curtain until its player says it may show: the hand of the seat to move shows
  // once they press Show hand, not as the one before confirms their play.
  let shownFor = null;   // the seat whose hand this screen last showed
  // While a seat of no one at this screen is to move (the computer's, a friend's elsewhere)
  // no hand shows: whoever holds the screen then is not the owner of any one of them.
  const several = () => !replay && !!payload && payload.current_player !== null && yours(payload).length > 1;
  const othersTurn = () => several() && !yours(payload).includes(payload.current_player);
  const veiled = () => several() && payload.you === payload.current_player && shownFor !== payload.you;
  const showBtn = el("button", { id: "pc-show-hand", class: "primary small", type: "button", hidden: true,
    onclick: () => { shownFor = payload.you; draw(); ctx.turnShown(); const first = hand.querySelector("[tabindex='0']"); if (first) first.focus(); else kg.focus(); } }, "Show hand");
  const myTurn = () => !replay && payload && payload.you !== null && payload.you === payload.current_player && !veiled();
  const staged = () => (card && pos ? `${card}@${pos}` : null);

  function confirm() {
    const m = staged();
    if (!m || !myTurn() || !ctx.sendMove(m)) return;
    kg.focus();   // the next turn starts on the grid
    confirmBtn.disabled = true;
  }
  function cancel() { if (pos) pos = null; else card = null; errorLine.textContent = ""; draw(); }
  // a position, chosen by a click, a key 1–9 or Enter on the grid
  function choose(p) {
    if (!myTurn()) return false;
    kg.set(p);
    if (!card) { errorLine.textContent = "Select a card in your hand first."; return true; }
    pos = p;
    errorLine.textContent = "";
    draw();
    return true;
  }
  const digits = Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((p) => [String(p), () => choose(p)]));
  const unbindKeys = gameKeys({ ...digits, Escape: () => (cancel(), true), Enter: () => !!staged() && (confirm(), true) });

  // "#5: 3 red stars, stack of 2", and with a card selected on your turn what it would
  // score there (what the preview line shows, heard as the cursor moves)
  function posText(p) {
    const stack = payload.state.grid[p - 1];
    const top = stack[stack.length - 1];
    const here = pos === p && card ? `your ${cardName(card)} would go here, on ` : "";
    const pv = card && myTurn() && payload.previews ? payload.previews[`${card}@${p}`] : null;
    const scores = !pv ? "" : pos === p ? `: it would score ${plural(pv.points, "point")}`
      : ` — your ${cardName(card)} would score ${plural(pv.points, "point")} here`;
    return `#${p}: ${here}${top ? cardName(top) : "empty"}${stack.length > 1 ? `, stack of ${stack.length}` : ""}${scores}`;
  }
  const kg = new KeyGrid(bv, {
    name: "Pentic grid, positions 1 to 9",
    help: "Arrow keys move over the nine positions (or press 1 to 9), Enter or Space chooses the position for the selected card; Enter again, or Confirm, plays it.",
    start: () => pos || (payload && payload.state.plays.length ? payload.state.plays[payload.state.plays.length - 1].position : 5),
    step: (p, dx, dy) => {
      const c = (p - 1) % 3 + dx, r = Math.floor((p - 1) / 3) + dy;
      return c >= 0 && c < 3 && r >= 0 && r < 3 ? r * 3 + c + 1 : null;
    },
    rect: (p) => { const [x, y] = posXY(p); return { x: x - 3, y: y - 3, w: CW + 6, h: CH + 6 }; },
    describe: (p) => (payload ? posText(p) : `#${p}`),
    activate: (p) => { if (pos === p && staged()) confirm(); else choose(p); },
  });

  // the plays marked: the last one, and with 3–4 players every card played since your turn
  const marked = () => {
    const plays = payload.state.plays;
    if (!plays.length || !payload.history.length) return [];
    return plays.length === payload.history.length ? sinceOwnMove(payload, (i) => plays[i].seat, replay) : [plays.length - 1];
  };

  function frameRect(parent, p, attrs) {
    const [x, y] = posXY(p);
    return svgEl("rect", { x: x - 5, y: y - 5, width: CW + 10, height: CH + 10, rx: 13, fill: "none", ...attrs }, parent);
  }

  function drawGrid() {
    const st = payload.state;
    const w = bv.world;
    w.replaceChildren();
    const lp = st.plays[st.plays.length - 1];
    st.grid.forEach((stack, i) => {
      const p = i + 1;
      const [x, y] = posXY(p);
      const top = stack[stack.length - 1];
      const chosen = pos === p;
      const isLast = lp && lp.position === p && payload.history.length;
      const g = svgEl("g", { class: "pc-pos" + (isLast ? " last" : "") + (chosen ? " chosen" : ""), "data-pos": p,
        style: `cursor:${card && myTurn() ? "pointer" : "default"}` }, w);
      // a stack: a few card edges peeking out below the top card
      for (let k = Math.min(stack.length - 1, 3); k >= 1; k--) {
        svgEl("rect", { x: x + k * 2, y: y + k * 2.5, width: CW, height: CH, rx: 9, fill: "#f3eee4", stroke: "#b8ae9f" }, g);
      }
      const c = cardSvg(chosen ? card : top, { w: CW, selected: chosen });
      c.setAttribute("x", x); c.setAttribute("y", y);
      if (chosen) c.setAttribute("opacity", "0.92");
      g.append(c);
      const lbl = svgEl("text", { x: x + CW - 8, y: y + CH - 8, "text-anchor": "end", "font-size": 11, fill: "#5f584d", "pointer-events": "none", "aria-hidden": "true" }, g);
      lbl.textContent = `#${p}${stack.length > 1 ? ` · ${stack.length}` : ""}`;
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", posText(p));
      g.addEventListener("click", () => { if (myTurn()) choose(p); });   // without a card: says to choose one
    });
    // each position played on: a frame (the last play's in full, the earlier ones fainter)
    // and a tag for each play marked on it, who and how many points ("Teal +5"; numbered in
    // order, "1 · Teal +5", when more than one card is marked): the tags of a position stack
    // down from its top edge, each no wider than a position, so that no two ever overlap
    const marks = marked();
    const byPos = new Map();   // position -> [[ply, its order], ...]
    marks.forEach((i, k) => { const p = st.plays[i].position; byPos.set(p, [...(byPos.get(p) || []), [i, k + 1]]); });
    for (const [p, list] of byPos) {
      const text = payload.history[list[list.length - 1][0]];
      const latest = list[list.length - 1][0] === payload.history.length - 1;
      const g = svgEl("g", { class: latest ? bv.lastMoveClass(text) : "earlier-move", "data-move": text, "data-pos": p, "pointer-events": "none" }, w);
      // a dark halo under the gold: it reads on the table and on a card
      frameRect(g, p, { "stroke-width": latest ? 7.5 : 6, class: "lm-halo" });
      frameRect(g, p, { "stroke-width": latest ? 4.5 : 3, class: "lm-stroke", ...(latest ? {} : { "stroke-dasharray": "8 5" }) });
      const [x, y] = posXY(p);
      list.forEach(([i, n], k) => playTag(g, x + CW / 2, y - 14 + k * (TAG_H + 2),
        `${marks.length > 1 ? `${n} · ` : ""}${clip(short(payload, st.plays[i].seat))} +${st.plays[i].points}`));
    }
    if (lit && st.plays[lit - 1]) {
      const g = svgEl("g", { class: "log-hl", "data-ply": lit, "pointer-events": "none" }, w);
      frameRect(g, st.plays[lit - 1].position, { stroke: "#1f6feb", "stroke-width": 5, fill: "rgba(31,111,235,.12)" });
    }
  }

  // a redraw keeps the focus on the same control (a card of the hand), or the grid
  // (the keyboard that played the turn before goes on with a curtain's Show hand just come:
  // the grid had it)
  let raised = false;
  const draw = () => {
    keepFocus(frame.frame, redraw, () => kg.focus());
    if (raised && root.contains(document.activeElement)) showBtn.focus();
  };
  function redraw() {
    if (!payload) return;
    const st = payload.state;
    drawGrid();
    info.textContent = `Draw pile: ${st.pile_size} cards. Hands: ` + st.hand_sizes.map((n, s) => `${short(payload, s)} ${n}`).join(", ") + ".";
    drawHands();
    const lp = st.plays[st.plays.length - 1];
    const marks = marked();
    const since = marks.length > 1 ? `Since your turn — ${marks.map((i) => { const p = st.plays[i]; return `${short(payload, p.seat)}: ${cardName(p.card)} on #${p.position}, +${p.points}`; }).join("; ")}. ` : "";
    if (lp) last.replaceChildren(`${since}Last play — ${short(payload, lp.seat)}: ${cardName(lp.card)} on #${lp.position}: `, describe(lp));
    else last.textContent = "";
    const behind = veiled(), away = othersTurn();
    raised = behind && showBtn.hidden;
    curtain.hidden = !behind && !away;
    if (behind) {
      const who = short(payload, payload.you);
      showBtn.textContent = `Show ${who}'s hand`;
      curtain.replaceChildren(el("span", {}, `${who}'s turn: pass the screen to ${who}, who shows their hand. `), showBtn);
    } else if (away) {
      curtain.replaceChildren(el("span", {}, `${short(payload, payload.current_player)} to play: the hands of this screen stay hidden.`), showBtn);
    }
    showBtn.hidden = !behind;
    hideBtn.hidden = !several() || payload.you !== payload.current_player || behind;
    hand.hidden = payload.you === null || !st.hand || replay || behind || away;
    const cards = hand.hidden ? [] : [...st.hand].sort();
    syncPieces(hand, cards.map((c, i) => ({ key: `${c}#${cards.indexOf(c) === i ? 0 : i}`, sig: `${card === c}|${myTurn()}`,
      make: () => el("div", { class: "pc-card" + (card === c ? " selected" : ""), "data-card": c, title: cardName(c), role: "button",
        "aria-label": cardName(c), "aria-pressed": card === c ? "true" : "false", "aria-disabled": myTurn() ? "false" : "true",
        tabindex: -1, onclick: () => pick(c) },
      cardSvg(c, { w: 62, selected: card === c })) })));
    if (!hand.hidden) settleHand(myTurn());
    const m = staged();
    const pv = m && payload.previews ? payload.previews[m] : null;
    const hintShown = myTurn() && hinted && m === hinted.move;
    preview.hidden = !pv;
    note.hidden = !!pv && !hintShown;
    // (the staged card is drawn over the one it covers: that one named, its ×2 or ×1 decided by it)
    const covered = pv && payload.state.grid[pos - 1].at(-1);
    if (pv) preview.replaceChildren(el("b", {}, `${cardName(card)} on #${pos}${covered ? ` (over ${cardName(covered)})` : ""} would score ${pv.points}: `),
      describe(pv, payload.version < 2 * payload.table.seats.length));   // the terms explained in the first two rounds
    frame.bar.hidden = replay || payload.you === null;
    confirmBtn.disabled = !myTurn() || !m;
    cancelBtn.disabled = !myTurn() || !card;
    ending.hidden = !(st.ending && payload.current_player !== null);
    ending.textContent = `The target (${payload.table.options.target}) has been reached: this round is being finished so that everybody has the same number of turns.`;
    if (replay) note.textContent = replayNote(payload);
    else if (behind) note.textContent = "";
    else if (!myTurn()) note.textContent = payload.you === null ? "You are watching: hands are hidden." : payload.current_player === null ? "" : waitingText(payload);
    else if (hintShown) note.textContent = `Hint: ${cardName(card)} on #${pos}${hinted.why ? ` — ${hinted.why}` : ""} Press Confirm to play it.`;
    else if (!card) note.textContent = "Your turn: select a card from your hand.";
    else if (!pos) note.textContent = `Now ${click} the position to play the ${cardName(card)} on.`;
    else note.textContent = `Press Confirm${keyHint(" (or Enter)")} to play it.`;
    if (myTurn() && card && !pos) note.textContent += keyHint(" Keys: 1–9, or the arrows on the grid and Enter.");
    kg.draw();
  }
  function drawHands() {
    const all = payload.hands;
    for (const box of [hands, handsSide]) {
      box.hidden = !all;
      if (!all) { box.replaceChildren(); continue; }
      box.replaceChildren(el("span", { class: "pc-hands-head" }, "Hands here (the game is over):"),
        ...all.map((cards, s) => el("span", { class: "pc-hands-row", "data-seat": s },
          el("span", { class: "pc-hands-who" }, `${short(payload, s)}:`),
          cards.length ? [...cards].sort().map((c) => el("span", { class: "pc-mini", "data-card": c, title: cardName(c), role: "img", "aria-label": cardName(c) }, cardSvg(c, { w: 40 })))
            : el("span", { class: "muted" }, " no cards"))));
    }
  }
  function pick(c) {
    if (!myTurn()) return;
    if (card === c) { kg.focus(); return; }   // chosen again: on to the grid
    card = c;
    errorLine.textContent = "";
    draw();
  }

  return {
    update(p, opts = {}) {
      const changed = !payload || p.version !== payload.version;
      payload = p;
      replay = !!opts.replay;
      if (changed) { card = null; pos = null; hinted = null; errorLine.textContent = ""; }
      draw();
    },
    showError(message) { errorLine.textContent = message; pos = null; draw(); },
    highlight(ply) { lit = ply; if (payload) drawGrid(); },
    veiled,   // (the hand of the seat to move behind its curtain: table.js asks no hint then)
    // the computer's suggestion: the card and the position selected, so Confirm plays it
    showHint(move, why) {
      if (!myTurn()) return;
      const [c, p] = move.split("@");
      card = c;
      pos = Number(p);
      hinted = { move, why };
      kg.set(pos);   // Enter on the grid plays it
      errorLine.textContent = "";
      draw();
    },
    destroy() { unbindKeys(); bv.destroy(); root.replaceChildren(); },
  };
}

export function rules(root) {
  root.append(
    el("h1", {}, "Pentic — how to play"),
    el("p", {}, "A card game for 2–4 players with the 125 TIC cards: every combination of a number (1–5), a shape (circle, crescent, triangle, square, star) and a colour (violet, cyan, yellow, orange, red)."),
    el("figure", {}, picture(), el("figcaption", {}, "3 orange stars, 1 violet circle, 5 cyan triangles")),
    el("p", {}, "A card's number is in its top-left corner, its colour's initial in the top-right (V, C, Y, O, R), so that no colour is told by its hue alone."),
    el("p", {}, "Two cards that share one property are a Single, two properties a Tic, none a Nic."),
    el("h2", {}, "Setup and turns"),
    el("p", {}, "The shuffled deck is dealt in this order: the first 9 cards face up to the 3×3 grid, positions 1–9 in reading order (1 top-left, 5 the centre, 9 bottom-right); then 5 cards to each player in seat order (the first player gets the next 5, then the second, …); the rest is the face-down draw pile, drawn from its front."),
    el("p", {}, "The first player starts every round. On your turn play a card from your hand on top of any position, score it, then draw a card (if the pile is not empty). The grid never grows: each position is a stack whose top card shows. Your hand is hidden from the others; everyone sees the grid, the played cards, the scores and the hand sizes."),
    el("h2", {}, "Scoring a play"),
    el("p", {}, "Compare your card with the top cards beside it (a corner has 2 neighbours, a side 3, the centre 4; diagonals don't count). Singles score 0, 1, 2, 5, 8 for 0–4 of them; Tics score 0, 2, 8, 15, 25; add the two. Nics score nothing, except in the centre: four Nics around it is a Pentic play, 25."),
    el("p", {}, "Then compare with the card you covered: a Tic doubles the score. The All-Nic play — centre, four Nics around and a Nic underneath — scores 25 × 3 = 75. Playing 1-circle-violet adds 5 and 5-star-red adds 10, after any multiplier."),
    el("p", {}, "Examples: centre, 3 Tics and a Single, a Single underneath: (15 + 1) × 1 = 16. 2 Tics and 2 Singles with a Tic underneath: (8 + 2) × 2 = 20."),
    scoringExample(cardSvg),
    el("h2", {}, "End"),
    el("p", {}, "When someone's total reaches the target (250 by default), the round is finished so that everyone has had the same number of turns; then the highest total wins, and equal totals share the win."),
    el("p", {}, "If the player to move holds no card (the pile is used up), the game ends at the end of that round in the same way: players who still hold a card take their turn in that round."),
    el("h2", {}, "Controls"),
    el("p", {}, `${Click} a card in your hand, ${click} a grid position — the score it would make is shown — then the blue Confirm. Move text: 3-star-orange@5.`),
    touchScreen ? "" : el("p", {}, "Keyboard: Tab to your hand (one stop), move along it with the arrow keys and press Enter on a card (Enter again takes you to the grid); press 1 to 9 for a position, or move over the grid with the arrow keys and press Enter (or Space); Enter again (or Confirm) plays the card. Esc cancels. Or type the move in the “Type a move” box."),
  );
}
