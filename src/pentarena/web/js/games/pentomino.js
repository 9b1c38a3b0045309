// Pentomino (Golomb's game, draft, rounds) and the solo puzzles in the browser.
// Pick a piece from the pool (or your drafted set), R/F to turn it, click a blue dot
// (a legal spot) and Confirm.  Draft: pick pieces first.  Puzzles: place and remove freely,
// ask for a hint, let the computer solve, count the solutions.
import { el, api, replayNote, click, Click, keyHint, turnKeys, waitingText, touchScreen, plural } from "../api.js";
import { PIECES, PIECE_NAMES, normalize, shapeKey, rotate, flip, orientations, svgEl, shapeSvg, grabCell, inkOn } from "../pieces.js";
import { gameKeys, keepFocus } from "../keys.js";
import { BoardView, gameFrame, turnButtons, stepButtons, sinceOwnMove, orderBadge, spotAt } from "./boardview.js";
import { KeyGrid } from "./keygrid.js";
import { rovingTray, syncPieces } from "./tray.js";
import { drawBoard, roundExample } from "./pentomino-example.js";
import { draftExample, touchExample } from "./pentomino-variants.js";

export const title = "Pentomino";
// the draft's picking phase takes picks
export const moveExample = (payload) => (payload.state.phase === "pick" ? "pick L" : "L:a1,b1,c1,d1,d2");
export const seatColours = ["#e39a2d", "#2a9d8f", "#8e5ea2", "#5c6b7a"];
// the seats' dots beside their names (not the board's pieces): in the dark theme a lighter
// shade where the board's colour is under 3:1 against the panels, apart from each other
// for the common colour-vision deficiencies too (tests/e2e/test_theme.py)
export const seatDots = ["#e39a2d", "#2a9d8f", "light-dark(#8e5ea2, #9d7dba)", "light-dark(#5c6b7a, #b3bdc1)"];
export const seatNames = ["Amber", "Teal", "Plum", "Slate"];
const PUZZLE_COLOURS = ["#e76f51", "#f4a261", "#e9c46a", "#2a9d8f", "#264653", "#8ab17d",
  "#b56576", "#6d597a", "#355070", "#eaac8b", "#43aa8b", "#577590"];
// Placed pieces show their owner by a pattern too, not by colour alone (the players' panel
// shows each seat's: table.js's swatches): none, stripes, dots, cross-hatching
const HATCH = "rgba(0,0,0,.42)";
export const seatPatterns = [null,
  `background-image:repeating-linear-gradient(45deg,${HATCH} 0 1.5px,transparent 1.5px 4.5px)`,
  `background-image:radial-gradient(${HATCH} 1.2px,transparent 1.5px);background-size:4.5px 4.5px`,
  `background-image:repeating-linear-gradient(45deg,${HATCH} 0 1.2px,transparent 1.2px 5px),repeating-linear-gradient(-45deg,${HATCH} 0 1.2px,transparent 1.2px 5px)`];
function ownerPatterns(svg) {
  const defs = svgEl("defs", {}, svg);
  const pat = (i, ...marks) => {
    const p = svgEl("pattern", { id: `pm-own-${i}`, width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    for (const [tag, attrs] of marks) svgEl(tag, { fill: HATCH, ...attrs }, p);
  };
  pat(1, ["rect", { x: 0, y: 0, width: 2.6, height: 10 }]);
  pat(2, ["circle", { cx: 5, cy: 5, r: 2 }]);
  pat(3, ["rect", { x: 0, y: 0, width: 2, height: 10 }], ["rect", { x: 0, y: 0, width: 10, height: 2 }]);
  svg.insertBefore(defs, svg.firstChild);
}
const FILES = "abcdefghijklmnopqrstuvwxyz";
const S = 44;
const LABEL = 24;

const sq = (c, r) => FILES[c] + (r + 1);
function parseSquare(t) { return [FILES.indexOf(t[0]), Number(t.slice(1)) - 1]; }
function parsePlace(text) {
  const [piece, body] = text.split(":");
  return { piece, cells: body.split(",").map(parseSquare) };
}
const placeText = (piece, cells) => piece + ":" + [...cells]
  .sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([c, r]) => sq(c, r)).join(",");
const span = (cells) => {
  const cs = cells.map((q) => q[0]), rs = cells.map((q) => q[1]);
  return `${sq(Math.min(...cs), Math.min(...rs))}–${sq(Math.max(...cs), Math.max(...rs))}`;
};

// Where square (c, r) is drawn.  As it is: files across, rank 1 at the bottom.  Turned
// (a wide region in an upright box) a quarter clockwise: files down (a at the top), rank 1
// at the left.  Only the drawing turns: squares, moves and labels keep their names.
// at(c, r): the top-left corner of the square; cell(c, r): its display column and row;
// square(i, j): the square drawn in display column i, row j.
function layout(m, turned) {
  const cell = turned ? (c, r) => [r, c] : (c, r) => [c, m.height - 1 - r];
  const square = turned ? (i, j) => [j, i] : (i, j) => [i, m.height - 1 - j];
  return { turned, cell, square,
    at: (c, r) => cell(c, r).map((v) => v * S),
    w: turned ? m.height : m.width, h: turned ? m.width : m.height,
    colLabel: turned ? (i) => String(i + 1) : (i) => FILES[i],
    rowLabel: turned ? (j) => FILES[j] : (j) => String(m.height - j) };
}

export function picture() {
  const svg = svgEl("svg", { width: 120, height: 84, viewBox: "0 0 120 84" });
  const shapes = [["F", 0, 0, 0], ["I", 3, 0, 1], ["L", 5, 1, 2], ["P", 0, 3, 3]];
  for (const [p, dx, dy, i] of shapes) {
    for (const [x, y] of PIECES[p]) {
      svgEl("rect", { x: 4 + (x + dx) * 14, y: 4 + (y + dy) * 14, width: 13, height: 13, fill: PUZZLE_COLOURS[i * 3], stroke: "#333" }, svg);
    }
  }
  return svg;
}

function isPuzzle(payload) { return payload.table.game === "pentomino-puzzle"; }
const rounds = (payload) => payload.table.options.players >= 3 && payload.table.options.variant === "standard";
const short = (payload, seat) => (payload.short ? payload.short[seat] : seatNames[seat]);

// The lobby's form shows an option only where it applies (home.js): round points and the
// match target belong to a match of rounds, 3–4 players of the common pool
const inRounds = (options) => options.players >= 3 && options.variant !== "draft";
export const optionApplies = { scoring: inRounds, target: inRounds };
// (15-10-5 gives points to three last placers: a round of 4 players only)
export const choiceApplies = { scoring: (value, options) => value !== "15-10-5" || options.players === 4 };

export function seatInfo(payload, seat) {
  if (isPuzzle(payload)) return `${plural(payload.state.unplaced.length, "piece")} to place`;
  const st = payload.state;
  const bits = [];
  if (st.sets) bits.push(`set: ${st.sets[seat].join(" ") || "-"}`);
  if (rounds(payload)) bits.push(`${st.totals[seat]} points`);
  return bits.join(" · ");
}

// The sets picked so far, on the message line during the draft (on a phone the players'
// panel is in the drawer): "Sets so far — you: T W · Teal: I U."
function draftSets(payload) {
  const sets = payload.state.sets;
  if (!sets || !sets.some((s) => s.length)) return "";
  return ` Sets so far — ${sets.map((s, seat) => `${seat === payload.you ? "you" : short(payload, seat)}: ${s.join(" ") || "none"}`).join(" · ")}.`;
}

// A spectator has no tray: the pieces left in words — in a draft, those still to pick and
// the sets so far; then each player's pieces left (a draft), or the pieces left to all
function watchingText(payload) {
  const st = payload.state;
  if (st.phase === "pick" && st.pool) {
    return `You are watching the draft: the players pick their pieces in turn. Still to pick: ${st.pool.join(" ")}.${draftSets(payload)}`;
  }
  if (payload.current_player === null) return "You are watching.";
  if (isPuzzle(payload) && st.unplaced) return `You are watching. Pieces left: ${st.unplaced.join(" ") || "none"}.`;
  if (st.sets) return `You are watching. Pieces left — ${st.sets.map((set, seat) => `${short(payload, seat)}: ${set.join(" ") || "none"}`).join(" · ")}.`;
  if (st.pool) return `You are watching. Pieces left: ${st.pool.join(" ") || "none"}.`;
  return "You are watching.";
}

export function statusExtra(payload) {
  if (!rounds(payload)) return "";
  const d = payload.details || {};
  const round = payload.state.round || (d.rounds ? d.rounds.length + 1 : 1);
  return payload.current_player === null ? `${d.rounds ? d.rounds.length : round} rounds played`
    : `Round ${round} · first to ${payload.table.options.target}`;
}

// Who made each move: placements carry their seat (finished rounds + the current one),
// draft picks go round in seat order, a touch belongs to whoever then places the piece.
function movers(payload) {
  const h = payload.history;
  if (isPuzzle(payload)) return h.map(() => 0);
  const n = payload.table.seats.length;
  const placements = [...((payload.details && payload.details.rounds) || []).flatMap((r) => r.placed), ...(payload.state.placed || [])];
  let pi = 0, picks = 0;
  const out = h.map((t) => (t.startsWith("pick ") ? picks++ % n : t.includes(":") ? (placements[pi++] || {}).seat ?? null : null));
  for (let i = h.length - 1; i >= 0; i--) if (out[i] === null) out[i] = i + 1 < h.length ? out[i + 1] : payload.current_player;
  return out;
}

let moverCache = { key: null, seats: [] };
// A move's text in words, as the move list writes it ("P:c2,c3,d3,c4,d4" -> "P on c2–d4").
export function moveWords(t) {
  if (t.startsWith("pick ")) return `picks the ${t.slice(5)}`;
  if (t.startsWith("touch ")) return `touches the ${t.slice(6)}`;
  if (t.startsWith("remove ")) return `takes back the ${t.slice(7)}`;
  const { piece, cells } = parsePlace(t);
  return `${piece} on ${span(cells)}`;
}

export function describeMove(payload, i) {
  const key = `${payload.table.id}:${payload.history.length}:${payload.current_player}`;
  if (moverCache.key !== key) moverCache = { key, seats: movers(payload), starts: roundStarts(payload) };
  const seat = moverCache.seats[i];
  const who = isPuzzle(payload) ? "" : `${short(payload, seat)}: `;
  const t = payload.history[i];
  const text = t.startsWith("remove ") ? moveWords(t) : who + moveWords(t);
  const r = moverCache.starts.indexOf(i);
  return { seat: isPuzzle(payload) ? null : seat, text, tag: r > 0 ? `Round ${r + 1}` : null };
}

function roundStarts(payload) {
  if (!rounds(payload)) return [];
  const out = [];
  let ply = 0;
  for (const r of (payload.details && payload.details.rounds) || []) { out.push(ply); ply += r.placed.length; }
  if (payload.current_player !== null || !out.length) out.push(ply);
  return out;
}

export function resultDetails(payload) {
  if (isPuzzle(payload)) {
    const removed = payload.history.filter((m) => m.startsWith("remove ")).length;
    const known = payload.details && payload.details.known_solutions;
    const among = (k) => ` This region has ${plural(k, "solution")} up to symmetry: this is one of them.`;
    const line = el("p", {}, `${payload.history.length} moves${removed ? `, ${removed} of them taking a piece back` : ""}.`,
      known ? among(known) : "");
    if (!known && payload.you !== null) {   // a region drawn by hand: count them on asking
      const ask = el("button", { type: "button", class: "small", id: "banner-count", onclick: async () => {
        ask.disabled = true;
        try {
          const r = await api(`/api/tables/${payload.table.id}/count`, { method: "POST" });
          ask.replaceWith(among(r.count));
        } catch (e) { ask.disabled = false; ask.textContent = `${e.message} — count again`; }
      } }, "How many solutions?");
      line.append(" ", ask);
    }
    return line;
  }
  const d = payload.details;
  if (!d.rounds || !d.rounds.length) {
    const lp = d.last_placer;
    return el("p", {}, lp !== null && lp !== undefined ? `${short(payload, lp)} placed the last piece: the last player to place a piece wins.`
      : "The last player to place a piece wins.");
  }
  // players down, rounds across: short however long the match was; the totals first,
  // in view on a phone however many rounds follow (the banner scrolls sideways for them)
  const table = el("table", { class: "breakdown rounds" });
  const best = Math.max(...d.totals);
  table.append(el("tr", {}, el("th", {}, "round"), el("th", {}, "total"), ...d.rounds.map((_, i) => el("th", {}, i + 1))));
  d.totals.forEach((total, s) => table.append(el("tr", { "data-seat": s },
    el("td", {}, el("span", { class: "swatch", style: `background:${seatDots[s]};${seatPatterns[s] || ""}` }), " ", payload.names ? payload.names[s] : short(payload, s)),
    el("th", { class: total === best ? "decisive" : "" }, total),
    ...d.rounds.map((r) => el("td", {}, r.points[s] || "·")))));
  const pts = payload.table.options.scoring === "15-10-5" ? "15, 10 and 5" : "10 and 5";
  return el("div", {}, table, el("p", { class: "rule-note" }, `Each round the last placers score ${pts}; the match ends after the round in which someone reaches ${payload.table.options.target}.`));
}

function roundSummary(payload, r, number) {
  const order = r.placed.map((p) => p.seat);
  const last = order[order.length - 1];
  const scored = r.points.map((p, s) => [s, p]).filter(([, p]) => p > 0).sort((a, b) => b[1] - a[1]);
  const parts = scored.map(([s, p]) => `${short(payload, s)} +${p}`);
  return `Round ${number} is over: ${short(payload, last)} placed the last piece — ${parts.join(", ")}.`;
}

// A finished draft game offers a rematch (RULES.md §3): the sets swapped, or passed on.
export function rematchLabel(payload) {
  // (a game resigned before the draft was done has no sets to swap)
  if (payload.table.options.variant !== "draft" || payload.state.phase === "pick") return null;
  return payload.table.seats.length === 2 ? "Rematch: swap the sets" : "Rematch: pass the sets on";
}

export function turnHint(payload) {
  if (payload.state.phase === "pick") return `Draft: ${click} a piece to pick it, then Confirm.`;
  return `Choose a piece, turn it with ${turnKeys}, ${click} a blue dot, then Confirm.`;
}

// a puzzle's empty areas no piece left can cover (the engine's "unfillable"), in words;
// with no piece placed the region itself cannot be tiled: there is nothing to take back
function stuckText(dead, payload) {
  const n = dead.flat().length;
  const squares = `${n === 1 ? "the empty square" : `${n} empty squares`} marked in red${n <= 6 ? ` (${dead.flat().join(", ")})` : ""}`;
  if (!(payload.state.placed || []).length) {
    return `This region cannot be tiled with these pieces: ${squares} cannot be covered by any of them.`;
  }
  return `Stuck: ${squares} cannot be covered by the pieces left — take a piece back.`;
}

// what a screen reader hears after the moves of a new state: a puzzle that got stuck
export function spokenAfterMoves(payload) {
  const dead = isPuzzle(payload) && payload.details && payload.details.unfillable;
  return dead && dead.length ? stuckText(dead, payload) : "";
}

export function createView(root, ctx) {
  let payload = null;
  let replay = false;
  let selected = null;
  let shape = null;
  let staged = null;      // {text, cells?}
  let hover = null;
  let geom = null;
  let lit = null;
  let moves = new Map();  // piece -> [{text, cells, key}]
  let words = new Set();  // legal "pick X" / "touch X" / "remove X" moves
  let hinted = null;      // the piece a touch-move hint says to touch (marked in the tray)

  const btn = (id, onclick, cls, ...label) => el("button", { id, class: cls, type: "button", onclick }, ...label);
  const [rotateBtn, flipBtn] = turnButtons("pm", () => turn(rotate), () => turn(flip));
  const [cancelBtn, confirmBtn] = stepButtons("pm", () => cancel(), () => confirm());
  const hintBtn = btn("pm-hint", () => ctx.send({ type: "hint" }), "small", "Hint");
  const solveBtn = btn("pm-solve", () => solve(), "small", "Solve");
  const countBtn = btn("pm-count", () => countSolutions(), "small", "Count", el("span", { class: "long" }, " solutions"));
  countBtn.setAttribute("aria-label", "Count solutions");   // (a phone on its side shows "Count")
  // one tap takes a puzzle's piece back; this undoes it (the placement it took back)
  const putBackBtn = btn("pm-put-back", () => { const m = putBack(); if (m) ctx.sendMove(m); }, "small", "Put it back on the board");
  const counter = el("span", { class: "pu-hint", id: "pm-counter" });
  const puzzleBox = el("div", { class: "frame-note puzzle-tools" }, hintBtn, " ", solveBtn, " ", countBtn, " ", putBackBtn, " ", counter);
  const roundNote = el("div", { class: "frame-note", id: "pm-round-note", hidden: true });
  const hint = el("div", { class: "pu-hint", id: "pm-hint-line" });
  const errorLine = el("div", { class: "error-line", id: "pm-error", role: "alert" });
  const bv = new BoardView(root, { id: "pm-board", mode: "fill", maxScale: 2.2, margin: 6, clearTools: true });   // the file letters stay clear of the zoom buttons
  ownerPatterns(bv.svg);
  const tray = el("div", { class: "tray pu-tray", id: "pm-tray" });
  const settleTray = rovingTray(tray, "Your pieces");
  const frame = gameFrame(root, { view: bv, notes: [puzzleBox, roundNote], messages: [hint, errorLine], tray,
    actions: [rotateBtn, flipBtn, cancelBtn, confirmBtn] });

  const myTurn = () => !replay && payload && payload.you !== null && payload.you === payload.current_player;
  const puzzle = () => payload && isPuzzle(payload);
  // the placement the last move took back, while it is still legal to play again
  // the empty areas of a puzzle being played that no piece left can cover (lists of squares)
  const unfillable = () => (puzzle() && !replay && payload.details && payload.details.unfillable) || [];
  const putBack = () => {
    const h = payload ? payload.history : [];
    const last = h.length ? h[h.length - 1] : "";
    if (!puzzle() || !myTurn() || !last.startsWith("remove ")) return null;
    const piece = last.slice(7);
    for (let i = h.length - 2; i >= 0; i--) {
      if (h[i].startsWith(piece + ":")) return (moves.get(piece) || []).some((m) => m.text === h[i]) ? h[i] : null;
    }
    return null;
  };

  // Solve ends the puzzle: the first press asks, the second solves (unless the puzzle
  // changed in between, or Cancel / Esc was pressed).
  let solveArmed = false;
  function solve() {
    if (!solveArmed) {
      solveBtn.textContent = "Solve it for me?";
      solveBtn.classList.add("armed");
      errorLine.textContent = "";
      hint.textContent = "The computer will finish the puzzle for you (and may move your pieces), or say why it cannot be finished. Press again to go ahead.";
      solveArmed = true;
      return;
    }
    disarmSolve();
    ctx.send({ type: "solve" });
  }
  function disarmSolve() {
    if (!solveArmed) return;
    solveArmed = false;
    solveBtn.textContent = "Solve";
    solveBtn.classList.remove("armed");
  }

  // A count holds for the position it was asked at: a move clears it (update), and an
  // answer that comes back after a move says so rather than pass for the new position's.
  async function countSolutions() {
    counter.textContent = "Counting every solution…";
    const asked = payload.version;
    try {
      const r = await api(`/api/tables/${payload.table.id}/count`, { method: "POST" });
      if (payload.version !== asked) {
        counter.textContent = "The puzzle changed while counting: press Count solutions again.";
        return;
      }
      counter.textContent = r.from_start
        ? (r.count ? `${plural(r.count, "solution")} up to symmetry (found in ${r.seconds.toFixed(1)} s).`
          : "No solution: this region cannot be tiled with these pieces.")
        : r.count ? `${plural(r.count, "way")} to finish from here (found in ${r.seconds.toFixed(1)} s).`
          : "No way to finish from here: take a piece back (found in " + r.seconds.toFixed(1) + " s).";
    } catch (e) { counter.textContent = e.message; }
  }

  function index(legal) {
    moves = new Map(); words = new Set();
    for (const text of legal) {
      if (text.includes(":")) {
        const { piece, cells } = parsePlace(text);
        const list = moves.get(piece) || [];
        list.push({ text, cells, key: shapeKey(cells) });
        moves.set(piece, list);
      } else words.add(text);
    }
  }

  const touchedText = (piece) => `Touch-move: you touched the ${piece}, so you must place it.`;

  // (byKey: Enter or Space on the piece, whose click has no pointer behind it: detail 0)
  function select(piece, byKey = false) {
    if (!myTurn()) return;
    errorLine.textContent = "";
    const st = payload.state;
    if (st.phase === "pick") {   // (chosen again by the keys: picked, as Confirm does)
      if (byKey && staged && staged.text === `pick ${piece}`) confirm();
      else if (words.has(`pick ${piece}`)) { selected = piece; staged = { text: `pick ${piece}` }; draw(); }
      return;
    }
    if (words.has(`touch ${piece}`)) {  // touch-move: touching is a move of its own
      ctx.sendMove(`touch ${piece}`);
      return;
    }
    if (st.touched && piece !== st.touched) { errorLine.textContent = touchedText(st.touched); return; }
    if (!moves.has(piece)) { errorLine.textContent = `The ${piece} fits nowhere now.`; return; }
    if (selected === piece && !staged) { kg.focus(); return; }   // chosen again: on to the board
    selected = piece;
    staged = null;
    const keys = new Set(moves.get(piece).map((m) => m.key));
    shape = orientations(piece).find((o) => keys.has(shapeKey(o))) || normalize(PIECES[piece]);
    draw();
  }

  function turn(fn) { if (selected && shape && myTurn()) { shape = fn(shape); staged = null; errorLine.textContent = ""; draw(); } }
  function destinations() {
    if (!selected || !shape || !moves.has(selected)) return [];
    const key = shapeKey(shape);
    return moves.get(selected).filter((m) => m.key === key);
  }
  function candidateAt(x, y) {
    if (!shape) return null;
    const [gx, gy] = shape[0];
    const cells = shape.map(([cx, cy]) => [cx - gx + x, cy - gy + y]);
    const text = placeText(selected, cells);
    return destinations().find((m) => m.text === text) || null;
  }
  function confirm() {
    if (!staged || !myTurn()) return;
    if (!ctx.sendMove(staged.text)) return;
    kg.focus();   // the next turn starts on the board
    confirmBtn.disabled = true;
  }
  function cancel() {
    const touched = payload && myTurn() && payload.state.touched;
    if (touched && !staged) { errorLine.textContent = touchedText(touched); return; }   // nothing to undo
    if (staged) staged = null; else { selected = null; shape = null; }
    hinted = null;
    errorLine.textContent = "";
    disarmSolve();
    draw();
  }
  const unbindKeys = gameKeys({
    r: () => (turn(rotate), true), f: () => (turn(flip), true), Escape: () => (cancel(), true),
    Enter: () => !!staged && (confirm(), true),
  });

  function boardModel() {
    const st = payload.state;
    const covered = new Map();   // "c,r" -> {piece, colour}
    let width = 8, height = 8, cells = null;
    if (puzzle()) {
      width = st.width; height = st.height;
      cells = new Set(st.cells.map((t) => parseSquare(t).join(",")));
      st.placed.forEach((p) => p.squares.forEach((t) => covered.set(parseSquare(t).join(","),
        { piece: p.piece, colour: PUZZLE_COLOURS[PIECE_NAMES.indexOf(p.piece)] })));
    } else {
      st.placed.forEach((p) => p.squares.forEach((t) => covered.set(parseSquare(t).join(","),
        { piece: p.piece, colour: seatColours[p.seat], seat: p.seat })));
    }
    return { width, height, cells, covered };
  }
  const onBoard = (m, text) => {
    if (!text || !text.includes(":")) return null;
    const { piece, cells } = parsePlace(text);
    return cells.every(([c, r]) => (m.covered.get(`${c},${r}`) || {}).piece === piece) ? cells : null;
  };

  function cellFromEvent(ev) {
    if (!geom) return null;
    const [wx, wy] = bv.toWorld(ev.clientX, ev.clientY);
    return geom.square(Math.floor(wx / S), Math.floor(wy / S));
  }
  bv.svg.addEventListener("pointermove", (ev) => {
    if (!selected || !shape || ev.pointerType === "touch") return;
    const c = cellFromEvent(ev);
    if (!c || (hover && hover[0] === c[0] && hover[1] === c[1])) return;
    hover = c;
    drawGhost();
  });
  bv.svg.addEventListener("pointerleave", () => { hover = null; drawGhost(); });
  bv.svg.addEventListener("click", (ev) => {
    const dest = ev.target.closest("[data-dest]") && spotAt(ev);
    const c = dest ? dest.dataset.dest.split(",").map(Number) : cellFromEvent(ev);
    if (!c) return;
    if (geom && inBoard(c)) kg.set(c);
    actAt(c);
  });
  // a square, chosen by a click or by Enter on the board: stage the selected piece there,
  // or (a puzzle, no piece selected) take back the piece placed there
  function actAt(c) {
    if (puzzle() && myTurn() && !selected) {
      const hit = boardModel().covered.get(c.join(","));
      if (hit && words.has(`remove ${hit.piece}`)) { ctx.sendMove(`remove ${hit.piece}`); return; }
    }
    // a click (or Enter) with nothing to place says what to do first, as the keys did (not
    // in a puzzle, where a click on a piece placed takes it back: a second event of that
    // click would find the piece gone and say so)
    if (myTurn() && payload.state.phase === "pick") { errorLine.textContent = "Draft: pick a piece in the tray below."; return; }
    if (!selected || !shape) { if (myTurn() && !puzzle()) errorLine.textContent = "Choose a piece in the tray first."; return; }
    const cand = candidateAt(c[0], c[1]);
    if (cand) { staged = cand; errorLine.textContent = ""; draw(); }
    else if (myTurn()) {
      // the X is the same however it is turned: only another square can help
      errorLine.textContent = orientations(selected).length === 1
        ? `The ${selected} does not fit there: ${click} a blue dot.`
        : `The ${selected} does not fit there as it is turned: ${click} a blue dot, or turn it with ${turnKeys}.`;
    }
  }
  const inBoard = ([c, r]) => {
    const m = boardModel();
    return c >= 0 && r >= 0 && c < m.width && r < m.height && (!m.cells || m.cells.has(`${c},${r}`));
  };
  // "c3: Amber's L" (a puzzle: "c3: the L"), "c3: empty"
  function squareText([c, r], m = boardModel()) {
    const hit = m.covered.get(`${c},${r}`);
    if (!hit) return `${sq(c, r)}: empty`;
    return `${sq(c, r)}: ${hit.seat === undefined ? "the" : `${short(payload, hit.seat)}'s`} ${hit.piece}`;
  }
  // the keyboard's cursor: a square; it moves as the board is drawn (turned or not), and
  // the selected piece's ghost follows it, held by the same square as a blue dot
  const kg = new KeyGrid(bv, {
    name: "Pentomino board",
    help: "Arrow keys move the cursor over the board, the selected piece's ghost with it; R and F turn the piece, N jumps to the next place it fits, Enter or Space stages it; Enter again, or Confirm, plays it. In a puzzle, Enter on a placed piece with no piece selected takes it back.",
    start: () => {
      const d = destinations()[0];
      const last = payload && [...payload.history].reverse().find((t) => t.includes(":"));
      const m = boardModel();
      return hover || (staged && staged.cells && grabCell(staged.cells)) || (d && grabCell(d.cells))
        || (last && parsePlace(last).cells[0]) || [Math.floor(m.width / 2), Math.floor(m.height / 2)];
    },
    step: (cell, dx, dy) => {   // on the screen: the board may be drawn turned; holes are skipped
      let [i, j] = geom.cell(...cell);
      for (let n = 0; n < 26; n++) {
        i += dx; j += dy;
        if (i < 0 || j < 0 || i >= geom.w || j >= geom.h) return null;
        const next = geom.square(i, j);
        if (inBoard(next)) return next;
      }
      return null;
    },
    rect: (cell) => { if (!geom) return null; const [x, y] = geom.at(...cell); return { x, y, w: S, h: S }; },
    describe: (cell) => {
      if (!payload) return sq(...cell);
      let t = squareText(cell);
      if (selected && shape && myTurn() && payload.state.phase !== "pick") {
        const cand = candidateAt(...cell);
        t += cand && staged && staged.text === cand.text ? ` — the ${selected} is staged here: Enter plays it`
          : cand ? ` — the ${selected} fits here`
            : ` — the ${selected} does not fit here${orientations(selected).length === 1 ? "" : " as it is turned"}`;
        if (!destinations().length) t += `; it fits nowhere this way round: press R or F to turn it`;
      }
      return t;
    },
    activate: (cell) => {
      if (!myTurn()) return;
      const cand = selected && shape ? candidateAt(...cell) : null;
      if (cand && staged && staged.text === cand.text) confirm(); else actAt(cell);
    },
    onMove: (cell) => { hover = cell; drawGhost(); },
    spots: () => destinations().map((mv) => grabCell(mv.cells)),
    onNoSpot: () => {
      if (selected && shape && myTurn() && payload.state.phase !== "pick") errorLine.textContent = `No spot for the ${selected} this way round: press ${turnKeys} to turn it.`;
    },
  });

  let layers = {};
  // the frame's size as the browser reports it once laid out (it has no padding nor border:
  // its client size), not read in the middle of a redraw
  let frameSize = null;
  // An upright box turns a wide region (and back when the box turns again).  A turned region
  // much narrower than the frame stands beside the pieces, the frame's full height.  A long
  // region left as it is (3x20) is "wide": a phone on its side draws it across the whole
  // width, the pieces below it, not beside it (app.css).
  function arrangement(m) {
    const f = frame.frame;
    if (!frameSize) frameSize = [f.clientWidth, f.clientHeight];   // once, before it is first reported
    const [fw, fh] = frameSize;
    const beside = f.classList.contains("beside");
    const turned = m.width > m.height && (beside ? fh > fw : bv.H > bv.W);
    const aspect = (m.height * S + LABEL + 10) / (m.width * S + LABEL + 10);
    const width = Math.ceil(aspect * fh + 14);
    return { turned, beside: turned && puzzle() && width <= 0.6 * fw, width };
  }
  function arrange(m) {
    const a = arrangement(m);
    frame.frame.classList.toggle("beside", a.beside);
    frame.frame.classList.toggle("wide", !a.turned && m.width >= 4 * m.height);
    if (a.beside) frame.frame.style.setProperty("--board-w", `${a.width}px`);
    return a.turned;
  }
  const relayout = () => {
    if (!payload || !geom) return;
    const a = arrangement(boardModel());
    if (a.turned !== geom.turned || a.beside !== frame.frame.classList.contains("beside")) draw();
  };
  bv.onChange(relayout);
  new ResizeObserver(([e]) => { frameSize = [e.contentRect.width, e.contentRect.height]; relayout(); }).observe(frame.frame);
  function drawGhost() {
    const g = layers.ghost;
    if (!g) return;
    g.replaceChildren();
    const put = (cells, fill, stroke, cls) => {
      const gg = svgEl("g", { class: cls }, g);
      for (const [c, r] of cells) { const [x, y] = geom.at(c, r); svgEl("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, fill, stroke, "stroke-width": 2 }, gg); }
    };
    if (hover && selected) {
      const cand = candidateAt(hover[0], hover[1]);   // a ghost on legal spots only
      if (cand && !(staged && staged.text === cand.text)) put(cand.cells, "rgba(26,127,55,.45)", "#1a7f37", "ghost");
    }
    if (staged && staged.cells) put(staged.cells, "rgba(31,111,235,.55)", "#1f6feb", "staged");
  }

  // the outline of some squares, as drawn (in display cells: the board may be turned)
  const outline = (parent, cells, attrs) => {
    const shown = cells.map(([c, r]) => geom.cell(c, r));
    const set = new Set(shown.map((q) => q.join(",")));
    let d = "";
    for (const [i, j] of shown) {
      const x = i * S, y = j * S;
      if (!set.has(`${i},${j - 1}`)) d += `M${x} ${y}H${x + S}`;
      if (!set.has(`${i},${j + 1}`)) d += `M${x} ${y + S}H${x + S}`;
      if (!set.has(`${i - 1},${j}`)) d += `M${x} ${y}V${y + S}`;
      if (!set.has(`${i + 1},${j}`)) d += `M${x + S} ${y}V${y + S}`;
    }
    return svgEl("path", { d, fill: "none", "stroke-linecap": "square", ...attrs }, parent);
  };

  function drawHighlight() {
    const g = layers.hl;
    if (!g) return;
    g.replaceChildren();
    if (!lit) return;
    const cells = onBoard(boardModel(), payload.history[lit - 1]);
    if (!cells) return;
    // an outline only: the piece keeps its player's colour
    const hg = svgEl("g", { class: "log-hl", "data-ply": lit }, g);
    outline(hg, cells, { stroke: "#fff", "stroke-width": 8 });
    outline(hg, cells, { stroke: "#1f6feb", "stroke-width": 5 });
  }

  // a redraw keeps the focus on the same control (a piece of the tray), or the board
  const draw = () => keepFocus(frame.frame, redraw, () => kg.focus());
  function redraw() {
    if (!payload) return;
    const m = boardModel();
    geom = layout(m, arrange(m));
    const { at, cell, square } = geom;
    const w = bv.world;
    w.replaceChildren();
    layers = {};
    for (let i = 0; i < geom.w; i++) {
      const t = svgEl("text", { x: i * S + S / 2, y: geom.h * S + LABEL / 2 + 6, "text-anchor": "middle", "font-size": 14, fill: "#6b665e", class: "pm-label", "data-col": i, "aria-hidden": "true" }, w);
      t.textContent = geom.colLabel(i);
    }
    for (let j = 0; j < geom.h; j++) {
      const t = svgEl("text", { x: -LABEL / 2, y: j * S + S / 2 + 5, "text-anchor": "middle", "font-size": 14, fill: "#6b665e", class: "pm-label", "data-row": j, "aria-hidden": "true" }, w);
      t.textContent = geom.rowLabel(j);
    }
    for (let c = 0; c < m.width; c++) for (let r = 0; r < m.height; r++) {
      const k = `${c},${r}`;
      if (m.cells && !m.cells.has(k)) continue;
      const hit = m.covered.get(k);
      const [x, y] = at(c, r);
      const rect = svgEl("rect", { x, y, width: S, height: S, class: hit ? "pm-cell" : `pm-cell pm-sq${(c + r) % 2}`, "data-square": sq(c, r), role: "img", "aria-label": squareText([c, r], m),
        fill: hit ? hit.colour : ((c + r) % 2 ? "#efe7da" : "#e4d9c6"), stroke: "#cbbda6", "stroke-width": 1 }, w);
      if (hit) {
        rect.setAttribute("data-piece", hit.piece);
        if (hit.seat) svgEl("rect", { x, y, width: S, height: S, fill: `url(#pm-own-${hit.seat})`, class: "pm-owner", "data-seat": hit.seat, "pointer-events": "none" }, w);
        // the letter on a patch of the piece's colour (over the pattern), dark or white: whichever reads
        const t = svgEl("text", { x: x + S / 2, y: y + S / 2 + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: inkOn(hit.colour),
          stroke: hit.colour, "stroke-width": 4, "paint-order": "stroke", "pointer-events": "none", "aria-hidden": "true", class: "pm-letter" }, w);
        t.textContent = hit.piece;
      }
    }
    // piece outlines (between display cells, whichever way the board is turned)
    for (const [k, hit] of m.covered) {
      const [i, j] = cell(...k.split(",").map(Number));
      const same = (ii, jj) => { const o = m.covered.get(square(ii, jj).join(",")); return o && o.piece === hit.piece && o.colour === hit.colour; };
      const line = (x1, y1, x2, y2) => svgEl("line", { x1, y1, x2, y2, stroke: "#222", "stroke-width": 2.4, "stroke-linecap": "round" }, w);
      const x = i * S, y = j * S;
      if (!same(i, j - 1)) line(x, y, x + S, y);
      if (!same(i, j + 1)) line(x, y + S, x + S, y + S);
      if (!same(i - 1, j)) line(x, y, x, y + S);
      if (!same(i + 1, j)) line(x + S, y, x + S, y + S);
    }
    // a puzzle's empty areas that no piece left can cover (the engine's "unfillable"), dashed red
    const dead = unfillable();
    if (dead.length) {
      const g = svgEl("g", { class: "pm-unfillable", "pointer-events": "none" }, w);
      for (const t of dead.flat()) {
        const [x, y] = at(...parseSquare(t));
        svgEl("rect", { x: x + 3, y: y + 3, width: S - 6, height: S - 6, fill: "rgba(179,38,30,.16)", stroke: "#b3261e", "stroke-width": 2, "stroke-dasharray": "5 3", "data-square": t }, g);
      }
    }
    // the last piece placed, and with 3–4 players every piece placed since yours (those
    // still on the board: a new round clears it), the earlier ones fainter, numbered in order
    const seats = isPuzzle(payload) ? null : movers(payload);
    const marks = sinceOwnMove(payload, (i) => (seats ? seats[i] : 0), replay)
      .map((i) => ({ text: payload.history[i], cells: onBoard(m, payload.history[i]) })).filter((mk) => mk.cells);
    marks.forEach(({ text, cells }, k) => {
      const latest = k === marks.length - 1;
      const g = svgEl("g", { class: latest ? bv.lastMoveClass(text) : "earlier-move", "data-move": text, "pointer-events": "none" }, w);
      for (const [c, r] of cells) { const [x, y] = at(c, r); svgEl("rect", { x: x + 3, y: y + 3, width: S - 6, height: S - 6, fill: "rgba(255,255,255,.18)", class: "lm-cell" }, g); }
      // a dark halo under the dashes: they read on every player's colour (an orange one too)
      outline(g, cells, { "stroke-width": latest ? 7 : 6, class: "lm-halo" });
      outline(g, cells, { "stroke-width": latest ? 4 : 3, "stroke-dasharray": latest ? "8 5" : "4 4", class: "lm-stroke" });
    });
    if (marks.length > 1) {   // the order, on the top-left corner of each piece as drawn
      const nums = svgEl("g", { class: "lm-orders", "pointer-events": "none" }, w);
      marks.forEach(({ text, cells }, k) => {
        const [i, j] = cells.map((q) => geom.cell(...q)).reduce((a, q) => (q[1] < a[1] || (q[1] === a[1] && q[0] < a[0]) ? q : a));
        orderBadge(nums, i * S + 5, j * S + 5, k + 1, 9).dataset.move = text;
      });
    }
    layers.dest = svgEl("g", { class: "destinations" }, w);
    for (const mv of destinations()) {
      const n = normalize(mv.cells);
      const ox = Math.min(...mv.cells.map((q) => q[0]));
      const oy = Math.min(...mv.cells.map((q) => q[1]));
      const [dx, dy] = [n[0][0] + ox, n[0][1] + oy];
      const [x, y] = at(dx, dy);
      const d = svgEl("g", { class: "dest", "data-dest": `${dx},${dy}`, "data-move": mv.text, style: "cursor:pointer" }, layers.dest);
      svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: 17, "data-sr": 17, fill: "transparent", class: "hit" }, d);
      svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: 8, "data-sr": 6.5, "data-wr": 8, fill: "#1f6feb", stroke: "#fff", "stroke-width": 2,
        class: "dot", "vector-effect": "non-scaling-stroke" }, d);
    }
    bv.refreshMarks(layers.dest);
    layers.ghost = svgEl("g", { class: "ghosts", "pointer-events": "none" }, w);
    layers.hl = svgEl("g", { class: "highlights", "pointer-events": "none" }, w);
    drawGhost();
    drawHighlight();
    bv.show({ x0: -LABEL - 4, y0: -6, x1: geom.w * S + 6, y1: geom.h * S + LABEL + 4 });
    drawTray();
    const mine = myTurn();
    const st = payload.state;
    frame.bar.hidden = replay || payload.you === null;
    puzzleBox.hidden = !puzzle() || replay || payload.you === null;
    rotateBtn.disabled = flipBtn.disabled = !mine || !selected || st.phase === "pick";
    confirmBtn.disabled = !mine || !staged;
    cancelBtn.disabled = !mine || (!staged && (!selected || !!st.touched));
    // (a puzzle made without the computer's help: its creator's choice)
    const helped = payload.table.hints !== false;
    hintBtn.disabled = solveBtn.disabled = !mine || !helped;
    hintBtn.title = solveBtn.title = helped ? "" : "Hints are off at this puzzle: its creator chose to solve it without the computer's help";
    const back = putBack();
    putBackBtn.hidden = !back;
    if (back) putBackBtn.textContent = `Put the ${back[0]} back on the board`;
    if (puzzle() && st.solved === false && payload.details && !counter.textContent) {
      const n = dead.flat().length;
      if (n) counter.textContent = stuckText(dead, payload);
      else if (payload.details.known_solutions) counter.textContent = `This region has ${payload.details.known_solutions} solutions up to symmetry.`;
    }
    counter.classList.toggle("pm-stuck", /^(Stuck|This region cannot be tiled)/.test(counter.textContent));
    // 3-4 players: what the last round gave, while the next one gets going
    const done = (payload.details && payload.details.rounds) || [];
    const fresh = rounds(payload) && done.length && payload.current_player !== null && st.placed.length < payload.table.seats.length;
    roundNote.hidden = !fresh;
    if (fresh) roundNote.textContent = `${roundSummary(payload, done[done.length - 1], done.length)} Round ${done.length + 1} has begun.`;
    if (replay) hint.textContent = replayNote(payload);
    else if (!mine) hint.textContent = payload.you === null ? watchingText(payload) : payload.current_player === null ? "" : waitingText(payload);
    else if (st.phase === "pick") hint.textContent = (staged ? `Pick the ${selected} — press Confirm${keyHint(" (or Enter again)")}.` : `Draft: ${click} a piece to add it to your set.`) + draftSets(payload);
    else if (st.touched && !selected) { select(st.touched); return; }
    else if (staged && staged.text.startsWith("remove ")) hint.textContent = `Take back the ${staged.text.slice(7)} — press Confirm${keyHint(" (or Enter)")}.`;
    else if (!selected) hint.textContent = puzzle() ? `Choose a piece below (or ${click} a placed piece to take it back).` :
      (payload.table.options.touch_move ? `Touch-move: the piece you ${click} is the one you must place.` : "Your turn: choose a piece.");
    else if (!destinations().length) hint.textContent = `No spot for the ${selected} this way round — press ${turnKeys}.`;
    else if (!staged) hint.textContent = `${st.touched ? `Touch-move: you touched the ${selected}. ` : ""}${Click} a blue dot to place the ${selected}.`;
    else hint.textContent = `Place the ${selected} on ${staged.cells ? span(staged.cells) : ""} — press Confirm${keyHint(" (or Enter)")}.`;
    kg.draw();
  }

  function drawTray() {
    const shown = (cells) => (geom && geom.turned ? cells.map(([x, y]) => [y, -x]) : cells);  // as the board is turned
    tray.hidden = !payload || payload.you === null || replay;
    if (tray.hidden) { syncPieces(tray, []); return; }
    const st = payload.state;
    let pieces;
    if (puzzle()) pieces = st.unplaced;
    else if (st.phase === "pick") pieces = st.pool;
    else if (st.sets) pieces = st.sets[payload.you];
    else pieces = st.pool;
    const colour = puzzle() ? null : seatColours[payload.you];
    syncPieces(tray, pieces.map((p) => {
      const playable = myTurn() && (moves.has(p) || words.has(`pick ${p}`) || words.has(`touch ${p}`));
      const cells = shown(selected === p && shape ? shape : PIECES[p]);
      const hint = hinted === p && myTurn();
      return { key: p, sig: JSON.stringify([selected === p, playable, myTurn(), colour, cells, hint]),
        make: () => el("div", { class: "pu-tile" + (selected === p ? " selected" : "") + (hint ? " hinted" : "") + (playable ? "" : " none"), "data-piece": p,
          role: "button", "aria-pressed": selected === p ? "true" : "false", "aria-disabled": playable ? "false" : "true",
          "aria-label": `${p}${hint ? ", the hint: touch it" : ""}${myTurn() && !playable ? (st.touched ? `, not now: the ${st.touched} was touched` : ", fits nowhere now") : ""}`, tabindex: -1, onclick: (ev) => select(p, ev.detail === 0) },
        el("span", { class: "pic" }, shapeSvg(cells, { size: 8, fill: colour || PUZZLE_COLOURS[PIECE_NAMES.indexOf(p)], stroke: "#555" })),
        el("span", { class: "letter" }, p)) };
    }));
    settleTray(myTurn());
  }

  return {
    update(p, opts = {}) {
      const changed = !payload || p.version !== payload.version || p.you !== payload.you;
      if (changed) disarmSolve();
      payload = p;
      replay = !!opts.replay;
      index(myTurn() ? p.legal_moves : []);
      if (changed) {
        staged = null;
        hinted = null;
        // (a draft pick's piece, selected without a shape, is not carried into the placing)
        if (!moves.has(selected) || !shape) { selected = null; shape = null; }
        errorLine.textContent = "";
        counter.textContent = "";   // a count (or "Counting…") was for the position before
      }
      draw();
    },
    bannerHead(p) {
      if (!isPuzzle(p) || p.current_player !== null) return null;
      // the table keeps whether the computer finished it (Solve), on every device
      const by = p.table.solved_from;
      if (typeof by === "number") return by ? `Solved by the computer, after ${p.you === null ? "the solver's" : "your"} ${plural(by, "move")}` : "Solved by the computer";
      return `Solved in ${plural(p.history.length, "move")}`;
    },
    showError(message) { errorLine.textContent = message; staged = null; draw(); },
    showHint(move, why = "") {
      errorLine.textContent = "";
      if (move.includes(":")) {
        const { piece, cells } = parsePlace(move);
        selected = piece;
        shape = normalize(cells);
        staged = { text: move, cells };
        kg.set(grabCell(cells));   // Enter on the board plays it
        draw();
        confirmBtn.disabled = !myTurn();
      } else if (myTurn() && /^(pick|touch|remove) /.test(move)) {   // a draft pick, a touch-move touch, a puzzle's take-back
        if (move.startsWith("pick ")) selected = move.slice(5);
        else if (move.startsWith("touch ")) hinted = move.slice(6);   // marked, not selected: touching it is the move
        else { selected = null; shape = null; }   // Confirm (or Enter) takes the piece back
        staged = { text: move };
        draw();
        confirmBtn.disabled = !myTurn();
      } else draw();
      // in the move list's words: "the Z on d4–f6 (…)", "pick the L", "touch the I"
      const words = move.includes(":") ? `the ${move[0]} on ${span(parsePlace(move).cells)} (${move})`
        : move.replace(/^(pick|touch|remove) (.*)$/, "$1 the $2");
      const does = move.startsWith("remove ") ? "take it back" : move.startsWith("pick ") ? "pick it" : "play it";
      hint.textContent = `Hint: ${words} — ${why ? `${why} Press` : "press"} Confirm to ${does}.`;
    },
    highlight(ply) { lit = ply; if (payload) drawHighlight(); },
    destroy() { unbindKeys(); bv.destroy(); root.replaceChildren(); },
  };
}

export function rules(root, game) {
  const games = [
    el("p", {}, "Golomb's game is played on an 8×8 board (files a–h, ranks 1–8 from the bottom) with one set of the 12 pentominoes."),
    el("h2", {}, "Two players"),
    el("p", {}, "Take turns: pick any unplayed piece from the common pool and place it, either side up, on five empty squares. You may not pass while you can place something. When the player to move cannot place any remaining piece (or all 12 are down), the game ends: whoever placed the last piece wins."),
    el("figure", {}, drawBoard([[0, "L", "a8 a7 a6 a5 b5"], [1, "N", "d6 e6 e5 f5 g5"], [0, "X", "g4 f3 g3 h3 g2"]], seatColours),
      el("figcaption", {}, `Three pieces placed (numbered in order: ${seatNames[0]}, ${seatNames[1]}, ${seatNames[0]}); pieces never move once placed.`)),
    el("p", {}, `Touch-move (an option): once you ${click} a piece that can be placed, that piece must be the one you place.`),
    touchExample(seatColours, seatNames),
    el("h2", {}, "Draft"),
    el("p", {}, "Before play, players pick pieces one at a time in seat order into their own sets (6 each with 2 players, 4 with 3, 3 with 4). Play then starts with the player after the first picker; each player places only their own pieces, and the game ends when the player to move cannot place any of theirs — the last placer wins. A rematch swaps the sets (or passes them one seat on)."),
    draftExample(seatColours, seatNames),
    el("h2", {}, "Three or four players"),
    el("p", {}, "A match of rounds. Each round is played like the two-player game, on an empty board with all 12 pieces in the shared pool, and ends when the player to move cannot place any remaining piece (or all 12 are down). The last placer of the round scores 10 and the one who placed the piece before scores 5; with 4 players the option 15-10-5 gives 15, 10 and 5 to the last three placers. The first seat moves on by one each round. After the round in which someone reaches the target (50 or 100), the highest total wins; equal totals share the win."),
    roundExample(seatColours, seatNames),
  ];
  const puzzles = [
    el("h2", {}, "Puzzles"),
    el("p", {}, `Cover a region exactly with the twelve pieces — the 6×10, 5×12, 4×15 and 3×20 rectangles, the 8×8 square without its centre, or any shape. Place and remove pieces freely (${click} a placed piece to take it back; “Put it back on the board” undoes that); empty squares that no piece left can cover are marked in red at once; Hint suggests a piece that leads to a solution, Solve finishes for you (it asks first: the puzzle then ends), and Count solutions counts them all (6×10 has 2339).`),
  ];
  const controls = [
    el("h2", {}, "Controls"),
    // (a puzzle has one player and no draft: the words of the games are for the games)
    el("p", {}, `${Click} a piece, turn it with ${turnKeys}, ${touchScreen ? "tap a blue dot to see it placed there" : "click a blue dot to place it where the ghost shows"}, then press the blue Confirm. Move text: L:a1,b1,c1,d1,d2${game === "pentomino-puzzle" ? "; remove L takes the L back." : "; pick L in the draft. Each player's pieces carry a pattern as well as a colour (none, stripes, dots, cross-hatching), as their swatch beside their name does."}`),
    touchScreen ? "" : el("p", {}, "Keyboard: Tab to your pieces (one stop), move along them with the arrow keys and press Enter on one (Enter again takes you to the board). On the board the arrow keys move a cursor and the piece's ghost with it; R and F turn it, N jumps to the next place it fits, Enter (or Space) stages it and Enter again (or Confirm) plays it; in a puzzle, Enter on a placed piece with none selected takes it back. Esc cancels. Or type the move in the “Type a move” box."),
  ];
  if (game === "pentomino-puzzle") {  // the puzzles first; the games after, for the curious
    root.append(el("h1", {}, "Pentomino puzzles — how to play"), ...puzzles, ...controls,
      el("h2", {}, "The games with the same pieces"), ...games);
  } else {
    root.append(el("h1", {}, "Pentomino — how to play"), ...games, ...puzzles, ...controls);
  }
}
