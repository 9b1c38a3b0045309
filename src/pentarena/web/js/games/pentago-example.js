// The How-to-play page's worked examples: a turn drawn step by step (the board before,
// the marble placed, the quadrant twisted), in the game's colours.  Each figure names the
// moves that lead to it (data-moves, the last one the turn shown) and draws its boards with
// data-cell / data-seat marbles, so a test replays the moves with the engine and compares.
import { el } from "../api.js";
import { svgEl } from "../pieces.js";

const FILES = "abcdef";
const C = 22, G = 4, L = 14;   // cell, gap between quadrants, label band
const xy = (r, c) => [L + c * C + (c >= 3 ? G : 0), r * C + (r >= 3 ? G : 0)];
const cellOf = (name) => [Number(name.slice(1)) - 1, FILES.indexOf(name[0])];

// rows: six strings of . W B, the top row (rank 1) first; ring: a cell to circle in blue;
// fives: [from, to] cells to draw a gold line through
function board(rows, { ring = null, fives = [], twist = null } = {}) {
  const size = 6 * C + G;
  const svg = svgEl("svg", { width: size + L, height: size + L, viewBox: `0 0 ${size + L} ${size + L}`, class: "pg-ex-board" });
  for (const [r0, c0] of [[0, 0], [0, 3], [3, 0], [3, 3]]) {
    const [x, y] = xy(r0, c0);
    const q = (r0 ? "B" : "T") + (c0 ? "R" : "L");
    svgEl("rect", { x, y, width: 3 * C, height: 3 * C, rx: 4, fill: "#b3312c", stroke: q === twist ? "#f0b429" : "none", "stroke-width": 3 }, svg);
  }
  for (let i = 0; i < 6; i++) {
    const [x, y] = xy(i, i);
    svgEl("text", { x: L / 2, y: y + C * 0.68, "font-size": 10, "text-anchor": "middle", fill: "#6b645a", class: "ex-label" }, svg).textContent = i + 1;
    svgEl("text", { x: x + C / 2, y: size + L - 3, "font-size": 10, "text-anchor": "middle", fill: "#6b645a", class: "ex-label" }, svg).textContent = FILES[i];
  }
  rows.forEach((row, r) => [...row].forEach((v, c) => {
    const [x, y] = xy(r, c);
    svgEl("circle", v === "." ? { cx: x + C / 2, cy: y + C / 2, r: 3, fill: "#8e2622" }
      : { cx: x + C / 2, cy: y + C / 2, r: C * 0.38, fill: v === "W" ? "#f4f1ea" : "#2b2b2b", stroke: "#111", "data-cell": FILES[c] + (r + 1), "data-seat": v === "W" ? 0 : 1 }, svg);
  }));
  if (ring) { const [x, y] = xy(...cellOf(ring)); svgEl("circle", { cx: x + C / 2, cy: y + C / 2, r: C * 0.48, fill: "none", stroke: "#1f6feb", "stroke-width": 3 }, svg); }
  for (const [a, b] of fives) {
    const [[x1, y1], [x2, y2]] = [xy(...cellOf(a)), xy(...cellOf(b))];
    svgEl("line", { x1: x1 + C / 2, y1: y1 + C / 2, x2: x2 + C / 2, y2: y2 + C / 2, stroke: "#f0b429", "stroke-width": 5, "stroke-linecap": "round", opacity: 0.85 }, svg);
  }
  return svg;
}

const step = (svg, words) => { svg.setAttribute("aria-hidden", "true"); return el("div", { class: "pg-ex-step" }, svg, el("span", {}, words)); };

function example(moves, steps, caption, result) {
  return el("figure", { class: "pg-example", "data-moves": moves.join("|"), "data-result": result },
    el("div", { class: "pg-ex-steps" }, ...steps), el("figcaption", {}, caption));
}

const EMPTY = ["......", "......", "......", "......", "......", "......"];
// a random game's 19th move (seed 1), which gives both players a five at once
const DRAW_MOVES = ["e5 BR cw", "b4 TR ccw", "b6 BL ccw", "a1 TL cw", "b5 TR ccw", "c3 TR cw", "a4 BL cw",
  "e1 BR ccw", "f6 TL ccw", "d5 TL cw", "f2 TL cw", "d2 BL cw", "e4 TL ccw", "b6 TR cw", "a1 BL cw",
  "d2 BL ccw", "a6 BL cw", "d1 BR cw", "d5 BL cw"];
const DRAW_BEFORE = ["W.BBB.", "...B.B", "..B.W.", "WW..B.", "BW..WW", "WB.W.."];

export function turnExamples() {
  return [
    example(["d4 BR cw"], [
      step(board(EMPTY), "the empty board"),
      step(board(["......", "......", "......", "...W..", "......", "......"], { ring: "d4", twist: "BR" }), "1. White places on d4"),
      step(board(["......", "......", "......", ".....W", "......", "......"], { ring: "f4" }), "2. then twists BR clockwise: the marble rides to f4"),
    ], "A turn is two steps: place, then twist (d4 BR cw) — unless the marble alone makes five, which wins at once.", "on"),
    example(DRAW_MOVES, [
      step(board(DRAW_BEFORE), "White to play"),
      step(board(["W.BBB.", "...B.B", "..B.W.", "WW..B.", "BW.WWW", "WB.W.."], { ring: "d5", twist: "BL" }), "1. White places on d5: no five yet"),
      step(board(["W.BBB.", "...B.B", "..B.W.", "WBW.B.", "BWWWWW", "...W.."], { fives: [["b5", "f5"], ["a5", "e1"]] }),
        "2. the BL twist completes White's b5–f5 — and Black's a5–e1"),
    ], "Both players have five after the twist: the game is a draw (d5 BL cw).", "draw"),
  ];
}
