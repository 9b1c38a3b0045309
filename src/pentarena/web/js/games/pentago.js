// Pentago in the browser: click an empty cell, then one of the eight rotation arrows,
// then Confirm.  A placement that makes five confirms without a rotation.  Rotations are
// animated; the last marble and twist stay marked, the winning five is drawn at the end.
// Legality always comes from the server's legal move list.
import { el, replayNote, click, keyHint, waitingText, touchScreen, Click } from "../api.js";
import { svgEl } from "../pieces.js";
import { gameKeys, keepFocus } from "../keys.js";
import { BoardView, gameFrame, reducedMotion, stepButtons } from "./boardview.js";
import { KeyGrid, svgButton } from "./keygrid.js";
import { turnExamples } from "./pentago-example.js";

export const title = "Pentago";
export const moveExample = "d4 TR cw";
export const seatColours = ["#f4f1ea", "#2b2b2b"];
export const seatNames = ["White", "Black"];
const FILES = "abcdef";
const S = 60;           // cell size
const GAP = 10;         // gap between quadrants
const B = 6 * S + GAP;  // the board
const LABEL = 26;       // the band of a–f / 1–6 labels around the board
const AR = 25;          // arrow radius: the arrows sit outside the labels
const AOFF = LABEL + 3 + AR;
const OUT = AOFF + AR + 4;
const SIDE = 45;        // a twist arrow's offset from the middle of its quadrant's edge
// the outline of a quadrant that turned (the last twist, a move pointed at in the list):
// on the quadrant's own border, clear of the a–f / 1–6 labels
const TWIST_INSET = 4;
const twistOutline = (q, attrs, parent) => {
  const b = quadBox(q);
  return svgEl("rect", { x: b.x - TWIST_INSET, y: b.y - TWIST_INSET, width: b.w + 2 * TWIST_INSET, height: b.h + 2 * TWIST_INSET,
    rx: 13, fill: "none", stroke: "#1f6feb", class: "pg-twist-outline", ...attrs }, parent);
};
// The arrows sit in a band above and below the board ("rows": a tall box, a phone held
// upright) or left and right of it ("columns": a wide box): whichever lets the board be
// drawn larger in the box, which is then as wide or as tall as the board and its labels.
function arrowLayout(W, H) {
  const tight = B + LABEL + 28, loose = B + 2 * OUT;
  return Math.min(W / tight, H / loose) > Math.min(W / loose, H / tight) ? "rows" : "columns";
}
function worldBox(layout) {
  const loose = [-OUT, B + OUT];
  return layout === "rows" ? { x0: -LABEL - 4, x1: B + 4, y0: loose[0], y1: loose[1] }
    : { x0: loose[0], x1: loose[1], y0: -LABEL - 4, y1: B + 4 };   // the view keeps the zoom buttons clear (clearTools)
}
// a point of the arrow band next to quadrant q, `along` units from the middle of its edge
function bandPoint(layout, q, along = 0) {
  const b = quadBox(q);
  const top = q[0] === "T", left = q[1] === "L";
  return layout === "rows" ? [b.cx + along, top ? -AOFF : B + AOFF] : [left ? -AOFF : B + AOFF, b.cy + along];
}
const QUADS = ["TL", "TR", "BL", "BR"];
const QUAD_NAMES = { TL: "top-left", TR: "top-right", BL: "bottom-left", BR: "bottom-right" };
// "TR cw" -> "turn top-right ↻" (as the move list writes a twist)
const twistText = (rot) => `turn ${QUAD_NAMES[rot.split(" ")[0]]} ${rot.endsWith("ccw") ? "↺" : "↻"}`;
const ORIGIN = { TL: [0, 0], TR: [0, 3], BL: [3, 0], BR: [3, 3] };
const GOLD = "#f0b429";

const cellName = (r, c) => FILES[c] + (r + 1);
function parseCell(t) { return [Number(t.slice(1)) - 1, FILES.indexOf(t[0])]; }
function cellXY(r, c) { return [c * S + (c >= 3 ? GAP : 0), r * S + (r >= 3 ? GAP : 0)]; }
const centre = (r, c) => { const [x, y] = cellXY(r, c); return [x + S / 2, y + S / 2]; };
// the ring round the last marble, over a dark halo (it reads on the red board and on a
// white marble); `attrs` go to the ring
const lastRing = (cx, cy, parent, attrs) => {
  svgEl("circle", { cx, cy, r: S * 0.46, fill: "none", "stroke-width": 7, class: "lm-halo" }, parent);
  return svgEl("circle", { cx, cy, r: S * 0.46, fill: "none", "stroke-width": 4, ...attrs }, parent);
};
function quadBox(q) {
  const [r0, c0] = ORIGIN[q];
  const [x, y] = cellXY(r0, c0);
  return { x, y, w: 3 * S, h: 3 * S, cx: x + 1.5 * S, cy: y + 1.5 * S };
}
const inQuad = (q, r, c) => { const [r0, c0] = ORIGIN[q]; return r >= r0 && r < r0 + 3 && c >= c0 && c < c0 + 3; };
// where cell (r, c) goes when quadrant q turns (cw as printed)
function turnCell(q, dir, r, c) {
  if (!inQuad(q, r, c)) return [r, c];
  const [r0, c0] = ORIGIN[q];
  const [lr, lc] = [r - r0, c - c0];
  const [nr, nc] = dir === "cw" ? [lc, 2 - lr] : [2 - lc, lr];
  return [r0 + nr, c0 + nc];
}
function parseMove(text) {
  const [cell, quad, dir] = text.split(" ");
  return { cell: parseCell(cell), quad: quad || null, dir: dir || null };
}
// the board after rotating quadrant q — for the animation's end state
function rotated(board, q, dir) {
  const out = board.map((row) => row.slice());
  const [r0, c0] = ORIGIN[q];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
    const [nr, nc] = turnCell(q, dir, r0 + r, c0 + c);
    out[nr][nc] = board[r0 + r][c0 + c];
  }
  return out;
}
// where the marble placed by move `ply` (1-based) is after the first `upto` moves
function marbleAt(history, ply, upto) {
  let [r, c] = parseMove(history[ply - 1]).cell;
  for (let i = ply - 1; i < upto; i++) {
    const mv = parseMove(history[i]);
    if (mv.quad) [r, c] = turnCell(mv.quad, mv.dir, r, c);
  }
  return [r, c];
}

export function picture() {
  const svg = svgEl("svg", { width: 96, height: 96, viewBox: "0 0 100 100" });
  for (const [x, y] of [[2, 2], [52, 2], [2, 52], [52, 52]]) {
    svgEl("rect", { x, y, width: 46, height: 46, rx: 6, fill: "#b3312c" }, svg);
  }
  const marks = [[0, 0, 0], [1, 1, 0], [2, 2, 1], [3, 3, 0], [4, 4, 0], [1, 4, 1], [4, 1, 1]];
  for (const [r, c, s] of marks) {
    svgEl("circle", { cx: 10 + c * 16 + (c >= 3 ? 2 : 0), cy: 10 + r * 16 + (r >= 3 ? 2 : 0), r: 6,
      fill: seatColours[s], stroke: "#111", "stroke-width": 1 }, svg);
  }
  return svg;
}

const short = (payload, seat) => (payload.short ? payload.short[seat] : seatNames[seat]);

export function seatInfo(payload, seat) {
  const n = payload.state.board.flat().filter((v) => v === seat).length;
  return `${n} marble${n === 1 ? "" : "s"} placed`;
}

const fiveText = (line) => `${cellName(Math.floor(line[0] / 6), line[0] % 6)}–${cellName(Math.floor(line[4] / 6), line[4] % 6)}`;

export function resultDetails(payload) {
  const fives = (payload.details && payload.details.fives) || [[], []];
  const lines = fives.map((ls, seat) => (ls.length ? `${short(payload, seat)}: five in a row (${ls.map(fiveText).join(", ")})` : null)).filter(Boolean);
  if (payload.winners.length > 1) {
    return el("p", {}, lines.length ? `Both players have five in a row after the twist: a draw. ${lines.join("; ")}.` : "The board is full and nobody has five in a row: a draw.");
  }
  // the loser's own twist completed the winner's five: said, it is easy to miss
  const mover = (payload.history.length - 1) % 2;
  const own = payload.winners.length === 1 && payload.winners[0] !== mover && payload.history.length
    ? ` ${short(payload, mover)}'s own twist made it.` : "";
  return el("p", {}, `${lines.join("; ") || "Five in a row"}.${own} The winning line is marked on the board.`);
}

// A move's text in words, as the move list writes it ("e1 TL cw" -> "e1, turns top-left ↻").
export function moveWords(text) {
  const mv = parseMove(text);
  const cell = text.split(" ")[0];
  return mv.quad ? `${cell}, turns ${QUAD_NAMES[mv.quad]} ${mv.dir === "cw" ? "↻" : "↺"}` : `${cell} — five in a row`;
}

export function describeMove(payload, i) {
  const text = payload.history[i];
  if (!text) return null;
  const seat = i % 2;
  return { seat, text: `${short(payload, seat)}: ${moveWords(text)}` };
}

export function createView(root, ctx) {
  let payload = null;
  let prev = null;
  let replay = false;
  let staged = { cell: null, rot: null };   // rot: "TR cw"
  let hinted = null;                        // { move, why }: the computer's suggestion
  let anim = null;
  let lit = null;

  const [cancelBtn, confirmBtn] = stepButtons("pg", () => cancel(), () => confirm());
  const hint = el("div", { class: "pu-hint", id: "pg-hint" });
  const errorLine = el("div", { class: "error-line", id: "pg-error", role: "alert" });
  const bv = new BoardView(root, { id: "pg-board", mode: "fill", maxScale: 2.2, margin: 6, clearTools: true });
  const frame = gameFrame(root, { view: bv, messages: [hint, errorLine], actions: [cancelBtn, confirmBtn] });
  const layout = () => (bv.W && bv.H ? arrowLayout(bv.W, bv.H) : "columns");
  let drawnLayout = null;
  bv.show(() => worldBox(layout()));
  bv.onChange(() => { if (drawnLayout && layout() !== drawnLayout) draw(); });   // turned or resized

  const myTurn = () => !replay && payload && payload.you !== null && payload.you === payload.current_player;
  const legal = () => new Set(myTurn() ? payload.legal_moves : []);

  function moveText() {
    if (staged.cell === null) return null;
    const name = cellName(...staged.cell);
    if (legal().has(name)) return name;           // a winning placement: no rotation
    return staged.rot ? `${name} ${staged.rot}` : null;
  }

  function confirm() {
    const text = moveText();
    if (!text || !myTurn()) return;
    if (!ctx.sendMove(text)) return;
    kg.focus();   // the next turn starts on the board
    confirmBtn.disabled = true;
  }
  function cancel() { staged = { cell: null, rot: null }; hinted = null; errorLine.textContent = ""; draw(); }

  const unbindKeys = gameKeys({ Escape: () => { cancel(); return true; }, Enter: () => !!moveText() && (confirm(), true) });

  // a cell, chosen by a click or by Enter on the board
  // the opponent's twist still turning when a key acts: it ends at once (the move is made
  // on the board after it)
  function settle() {
    if (!anim) return;
    cancelAnimationFrame(anim);
    anim = null;
    draw();
  }

  function choose(r, c) {
    if (!myTurn()) return;
    settle();
    kg.set([r, c]);
    if (payload.state.board[r][c] !== null) { errorLine.textContent = `${cellName(r, c)} is taken: choose an empty cell.`; return; }
    // another cell than a hint's: the hint's twist goes with it (one Confirm would play a
    // twist the player never chose); a twist of their own stays for the new cell
    const moved = !staged.cell || staged.cell[0] !== r || staged.cell[1] !== c;
    const hintsTwist = moved && hinted !== null && moveText() === hinted.move;
    staged = { cell: [r, c], rot: hintsTwist ? null : staged.rot };
    if (hintsTwist) hinted = null;
    errorLine.textContent = "";
    draw();
  }
  const marble = (v) => (v === null ? "empty" : `${seatNames[v].toLowerCase()} marble`);
  const kg = new KeyGrid(bv, {
    name: "Pentago board, 6 by 6",
    help: "Arrow keys move over the cells, Enter or Space places your marble; then Tab to the twist arrows; Enter on the staged cell again, or Confirm, plays the move.",
    start: () => staged.cell || (payload && payload.history.length ? marbleAt(payload.history, payload.history.length, payload.history.length) : [2, 2]),
    step: ([r, c], dx, dy) => (r + dy >= 0 && r + dy < 6 && c + dx >= 0 && c + dx < 6 ? [r + dy, c + dx] : null),
    rect: ([r, c]) => { const [x, y] = cellXY(r, c); return { x, y, w: S, h: S }; },
    describe: ([r, c]) => {
      if (!payload) return cellName(r, c);
      const here = staged.cell && staged.cell[0] === r && staged.cell[1] === c;
      return `${cellName(r, c)}, ${here ? `your marble, staged${moveText() ? ": Enter plays it" : ": now choose a twist"}` : marble(payload.state.board[r][c])}`;
    },
    activate: ([r, c]) => {
      if (staged.cell && staged.cell[0] === r && staged.cell[1] === c && moveText()) confirm();
      else choose(r, c);
    },
    spots: () => (payload ? payload.state.board.flatMap((row, r) => row.map((v, c) => (v === null ? [r, c] : null))).filter(Boolean) : []),
  });

  // live: false for the frames of a twist's animation, whose cells are those of the board
  // before it (a click there would name a cell of the board after it): they take no clicks
  function drawBoard(board, { stagedCell = null, live = true } = {}) {
    const w = bv.world;
    w.replaceChildren();
    for (let c = 0; c < 6; c++) {
      const [x] = centre(0, c);
      const t = svgEl("text", { x, y: -LABEL / 2 + 2, "text-anchor": "middle", "font-size": 17, fill: "#6b665e", class: "pg-label", "data-label": FILES[c], "aria-hidden": "true" }, w);
      t.textContent = FILES[c];
    }
    for (let r = 0; r < 6; r++) {
      const [, y] = centre(r, 0);
      const t = svgEl("text", { x: -LABEL / 2 - 2, y: y + 6, "text-anchor": "middle", "font-size": 17, fill: "#6b665e", class: "pg-label", "data-label": String(r + 1), "aria-hidden": "true" }, w);
      t.textContent = r + 1;
    }
    const quads = {};
    for (const q of QUADS) {
      const b = quadBox(q);
      const g = svgEl("g", { class: "quad", "data-quad": q }, w);
      quads[q] = g;
      svgEl("rect", { x: b.x - 3, y: b.y - 3, width: b.w + 6, height: b.h + 6, rx: 12, fill: "#b3312c", stroke: "#7d1f1b", "stroke-width": 2 }, g);
      const [r0, c0] = ORIGIN[q];
      for (let r = r0; r < r0 + 3; r++) for (let c = c0; c < c0 + 3; c++) {
        const [x, y] = cellXY(r, c);
        const v = board[r][c];
        const isStaged = stagedCell && stagedCell[0] === r && stagedCell[1] === c;
        const cg = svgEl("g", { class: "pg-spot", style: !live ? "pointer-events:none" : v === null && myTurn() ? "cursor:pointer" : "" }, g);
        svgEl("rect", { x, y, width: S, height: S, fill: "transparent" }, cg);
        // a black marble has a light ring: it stands out from a dark hole
        svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: S * 0.36,
          class: "pg-cell", "data-cell": cellName(r, c), "data-owner": v === null ? "" : v,
          role: "img", "aria-label": `${cellName(r, c)}, ${isStaged ? "your marble, staged" : marble(v)}`,
          fill: v === null ? (isStaged ? seatColours[payload.current_player] : "#8e2320") : seatColours[v],
          stroke: isStaged ? "#1f6feb" : v === null ? "#6f1a17" : v === 1 ? "#d8d0c2" : "#111", "stroke-width": isStaged ? 4 : v === 1 ? 2.5 : 1.5,
          opacity: isStaged ? 0.85 : 1 }, cg);
        if (live && myTurn()) cg.addEventListener("click", () => choose(r, c));
      }
    }
    return quads;
  }

  function drawMarks() {
    const w = bv.world;
    const h = payload.history;
    const over = payload.current_player === null;
    // the winning five(s)
    if (over && payload.details && payload.details.fives) {
      payload.details.fives.forEach((lines, seat) => lines.forEach((line) => {
        const a = centre(Math.floor(line[0] / 6), line[0] % 6), b = centre(Math.floor(line[4] / 6), line[4] % 6);
        const g = svgEl("g", { class: "pg-five", "data-seat": seat, "data-cells": line.map((i) => cellName(Math.floor(i / 6), i % 6)).join(" "), "pointer-events": "none" }, w);
        svgEl("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: GOLD, "stroke-width": 12, "stroke-linecap": "round", opacity: 0.75 }, g);
        for (const i of line) {
          const [cx, cy] = centre(Math.floor(i / 6), i % 6);
          svgEl("circle", { cx, cy, r: S * 0.42, fill: "none", stroke: GOLD, "stroke-width": 5 }, g);
          const cell = w.querySelector(`.pg-cell[data-cell="${cellName(Math.floor(i / 6), i % 6)}"]`);
          if (cell) cell.classList.add("win");
        }
      }));
    }
    if (!h.length) return;
    // the last marble where it is now, and the quadrant that turned
    const last = parseMove(h[h.length - 1]);
    const [r, c] = marbleAt(h, h.length, h.length);
    const [cx, cy] = centre(r, c);
    const g = svgEl("g", { class: bv.lastMoveClass(h[h.length - 1]), "data-move": h[h.length - 1], "pointer-events": "none" }, w);
    lastRing(cx, cy, g, { class: "pg-last lm-stroke", "data-cell": cellName(r, c) });
    svgEl("circle", { cx, cy, r: 5, stroke: "rgba(0,0,0,.6)", "stroke-width": 1.5, class: "pg-last-dot lm-fill" }, g);
    const arrowsShown = myTurn() && staged.cell !== null;
    if (last.quad) {
      const tg = svgEl("g", { class: "pg-last-twist", "data-quad": last.quad, "data-dir": last.dir }, g);
      twistOutline(last.quad, { "stroke-width": 3, class: "pg-twist-halo lm-halo" }, tg);   // dark gaps, no wider
      twistOutline(last.quad, { "stroke-width": 3, "stroke-dasharray": "10 6", class: "pg-twist-outline lm-stroke" }, tg);
      if (!arrowsShown) {   // a badge in the arrow band saying which way it turned
        const [bx, by] = bandPoint(drawnLayout, last.quad);
        svgEl("circle", { cx: bx, cy: by, r: 17, class: "lm-fill" }, tg);
        const t = svgEl("text", { x: bx, y: by + 7, "text-anchor": "middle", "font-size": 21, "font-weight": 700, fill: "#222" }, tg);
        t.textContent = last.dir === "cw" ? "↻" : "↺";
      }
    }
  }

  function drawHighlight() {
    const old = bv.world.querySelector(".log-hl");
    if (old) old.remove();
    if (!lit || !payload || anim || lit > payload.history.length) return;
    const h = payload.history;
    const [r, c] = marbleAt(h, lit, h.length);
    const [cx, cy] = centre(r, c);
    const mv = parseMove(h[lit - 1]);
    const g = svgEl("g", { class: "log-hl", "data-ply": lit, "data-cell": cellName(r, c), "pointer-events": "none" }, bv.world);
    svgEl("circle", { cx, cy, r: S * 0.47, fill: "rgba(31,111,235,.25)", stroke: "#1f6feb", "stroke-width": 5 }, g);
    if (mv.quad) twistOutline(mv.quad, { "stroke-width": 2.5, "stroke-dasharray": "4 5" }, g);
  }

  function drawArrows() {
    if (!myTurn() || staged.cell === null) return;
    const name = cellName(...staged.cell);
    if (legal().has(name)) return; // winning placement: no rotation step
    for (const q of QUADS) {
      // two arrows in the band next to the quadrant, outside the labels, on a tab that
      // says which quadrant they turn: ↺ first, then ↻
      const [px, py] = bandPoint(drawnLayout, q);
      const half = SIDE + AR + 5;
      const [tw, th] = drawnLayout === "rows" ? [2 * half, 2 * AR + 10] : [2 * AR + 10, 2 * half];
      svgEl("rect", { class: "pg-tab", x: px - tw / 2, y: py - th / 2, width: tw, height: th, rx: AR + 5,
        fill: "rgba(31,111,235,.09)", "pointer-events": "none" }, bv.world);
      for (const dir of ["ccw", "cw"]) {
        const [ax, ay] = bandPoint(drawnLayout, q, dir === "cw" ? SIDE : -SIDE);
        const label = `${q} ${dir}`;
        const chosen = staged.rot === label;
        const g = svgEl("g", { class: "pg-arrow", "data-rot": label, style: "cursor:pointer", "aria-pressed": chosen ? "true" : "false" }, bv.world);
        if (touchScreen) svgEl("circle", { cx: ax, cy: ay, r: AR * 1.8, fill: "transparent" }, g);  // a finger's target (the board 9 units away)
        svgEl("circle", { cx: ax, cy: ay, r: AR, fill: chosen ? "#1f6feb" : "#fff", stroke: "#1f6feb", "stroke-width": 2.5 }, g);
        const t = svgEl("text", { x: ax, y: ay + 9, "text-anchor": "middle", "font-size": 27, "font-weight": 700,
          fill: chosen ? "#fff" : "#1f6feb", "pointer-events": "none" }, g);
        t.textContent = dir === "cw" ? "↻" : "↺";
        // chosen by a key: Confirm is the one step left
        svgButton(g, `turn the ${QUAD_NAMES[q]} quadrant ${dir === "cw" ? "clockwise" : "counter-clockwise"}`, (byKey) => {
          staged.rot = label;
          draw();
          if (byKey) confirmBtn.focus();
        });
      }
    }
  }

  // a redraw keeps the focus on the same control (an arrow is drawn anew), or else on the board
  const draw = () => keepFocus(frame.frame, redraw, () => kg.focus());
  function redraw() {
    if (!payload || anim) return;
    drawnLayout = layout();
    drawBoard(payload.state.board, { stagedCell: staged.cell });
    drawMarks();
    drawArrows();
    drawHighlight();
    const mine = myTurn();
    const text = moveText();
    const hintShown = mine && hinted && text === hinted.move;
    if (hintShown) {   // a gold ring around the suggested cell
      const [cx, cy] = centre(...staged.cell);
      svgEl("circle", { class: "pg-hinted", "data-cell": cellName(...staged.cell), cx, cy, r: S * 0.47, fill: "none", stroke: GOLD, "stroke-width": 4, "stroke-dasharray": "6 4", "pointer-events": "none" }, bv.world);
    }
    frame.bar.hidden = replay || payload.you === null;
    confirmBtn.disabled = !mine || !text;
    cancelBtn.disabled = !mine || staged.cell === null;
    if (replay) hint.textContent = replayNote(payload);
    else if (!mine) hint.textContent = payload.you === null ? "You are watching." : waitingText(payload);
    else if (staged.cell === null) hint.textContent = `Your turn: ${click} an empty cell to place your marble${keyHint(" (or the arrow keys on the board, then Enter)")}.`;
    else if (hintShown) hint.textContent = `Hint: ${cellName(...staged.cell)}${staged.rot ? `, ${twistText(staged.rot)}` : " (five in a row, no rotation)"}${hinted.why ? ` — ${hinted.why}` : ""} Press Confirm to play it.`;
    else if (legal().has(cellName(...staged.cell))) hint.textContent = `${cellName(...staged.cell)} makes five in a row: Confirm to win — no rotation needed.`;
    else if (!staged.rot) hint.textContent = `Now choose a quadrant to twist: ${click} one of the eight arrows${keyHint(" (Tab to them, Enter)")}.`;
    else hint.textContent = `Play ${cellName(...staged.cell)}, ${twistText(staged.rot)} (${text}) — press Confirm.`;
    hint.dataset.hint = hintShown ? hinted.move : "";
    kg.draw();
  }

  function animateLast(p) {
    // Animate the twist of the last move from the previous board (plus the new marble).
    if (!prev || !p.history.length || reducedMotion()) return false;
    const mv = parseMove(p.history[p.history.length - 1]);
    if (!mv.quad || p.history.length !== prev.history.length + 1) return false;
    const [r, c] = mv.cell;
    const before = prev.state.board.map((row) => row.slice());
    before[r][c] = prev.current_player;
    if (JSON.stringify(rotated(before, mv.quad, mv.dir)) !== JSON.stringify(p.state.board)) return false;
    const quads = drawBoard(before, { live: false });
    const g = quads[mv.quad];
    const b = quadBox(mv.quad);
    const [pcx, pcy] = centre(r, c);
    const ring = svgEl("g", {}, inQuad(mv.quad, r, c) ? g : bv.world);
    lastRing(pcx, pcy, ring, { class: "lm-stroke" });
    const t0 = performance.now(), dur = 480;
    const step = (now) => {
      const t = Math.min(1, (now - t0) / dur);
      const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      g.setAttribute("transform", `rotate(${(mv.dir === "cw" ? 90 : -90) * e} ${b.cx} ${b.cy})`);
      if (t < 1) anim = requestAnimationFrame(step);
      else { anim = null; draw(); }
    };
    anim = requestAnimationFrame(step);
    return true;
  }

  return {
    update(p, opts = {}) {
      const changed = !payload || p.version !== payload.version;
      prev = payload;
      payload = p;
      replay = !!opts.replay;
      if (changed) { staged = { cell: null, rot: null }; hinted = null; errorLine.textContent = ""; }
      if (anim) { cancelAnimationFrame(anim); anim = null; }
      if (changed && !replay && animateLast(p)) {
        frame.bar.hidden = replay || payload.you === null;
        confirmBtn.disabled = cancelBtn.disabled = true;
        hint.textContent = "";  // the line of the move before is stale; draw() writes it after the twist
        hint.dataset.hint = "";
        kg.draw();   // the cursor names the board after the move already
        return;
      }
      draw();
    },
    showError(message) { errorLine.textContent = message; confirmBtn.disabled = false; staged.rot = null; draw(); },
    highlight(ply) { lit = ply; drawHighlight(); },
    // the computer's suggestion: staged on the board, so that Confirm plays it
    showHint(move, why) {
      if (!myTurn()) return;
      const mv = parseMove(move);
      staged = { cell: mv.cell, rot: mv.quad ? `${mv.quad} ${mv.dir}` : null };
      hinted = { move, why };
      kg.set(mv.cell);   // Enter on the board plays it
      errorLine.textContent = "";
      draw();
    },
    destroy() { unbindKeys(); bv.destroy(); root.replaceChildren(); },
  };
}

export function rules(root) {
  root.append(
    el("h1", {}, "Pentago — how to play"),
    el("p", {}, "Two players, White (moves first) and Black, take turns on a 6×6 board made of four 3×3 quadrants. Cells are named a–f from left to right and 1–6 from the top row down."),
    el("h2", {}, "A turn"),
    el("p", {}, "1. Place one marble on any empty cell. If that makes five (or more) of your marbles in a row — across, down or diagonally — you win at once and do not rotate."),
    el("p", {}, "2. Otherwise, twist any one quadrant by 90°, clockwise or counter-clockwise, even an empty one. After the twist: if both players have five in a row it is a draw; if only you do, you win; if only your opponent does, they win."),
    el("p", {}, "A line may run across two or three quadrants. A line of six also wins. If all 36 cells are filled and nobody has five, the game is a draw."),
    ...turnExamples(),
    el("h2", {}, "Controls"),
    el("p", {}, `${Click} an empty cell, then one of the eight arrows (↻ clockwise, ↺ counter-clockwise) by the quadrant you want to twist, then the blue Confirm. When your placement already makes five, Confirm wins straight away. Move text: d4 TR cw (or just d4 for a winning placement).`),
    touchScreen ? "" : el("p", {}, "Keyboard: Tab to the board, move over the cells with the arrow keys and press Enter (or Space) to place your marble; Tab on to the eight twist arrows and press Enter on one; Confirm (Enter) plays the move and brings you back to the board. Esc cancels. Or type the move in the “Type a move” box."),
  );
}
