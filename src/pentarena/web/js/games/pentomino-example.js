// The How-to-play page's worked round (3 players): a finished round drawn on the board,
// each piece numbered in the order placed, and the points it gives.  The placements and
// points are data-* attributes, so a test plays the same round with the engine.
import { el } from "../api.js";
import { svgEl } from "../pieces.js";

// [seat, piece, squares] in the order placed; Amber (seat 0) started this round
const PLACED = [[0, "L", "d5 d6 e6 f6 g6"], [1, "Y", "f4 e5 f5 g5 h5"], [2, "Z", "f2 d3 e3 f3 d4"],
  [0, "V", "c5 c6 c7 d7 e7"], [1, "F", "a1 b1 b2 c2 b3"], [2, "P", "g1 h1 g2 h2 g3"],
  [0, "I", "d8 e8 f8 g8 h8"], [1, "U", "a3 c3 a4 b4 c4"], [2, "N", "a5 a6 b6 b7 b8"]];
const POINTS = [0, 5, 10];
const C = 24;

// an 8×8 board with `placed` ([seat, piece, squares]) drawn on it, each piece outlined and
// numbered in the order placed (the variants' examples draw theirs with it too)
export function drawBoard(placed, colours) {
  const svg = svgEl("svg", { width: 8 * C + 16, height: 8 * C + 16, viewBox: `-14 0 ${8 * C + 16} ${8 * C + 16}`, "aria-hidden": "true" });
  for (let i = 0; i < 8; i++) {
    svgEl("text", { x: -7, y: (7 - i) * C + C * 0.68, "font-size": 10, "text-anchor": "middle", fill: "#6b645a", class: "ex-label" }, svg).textContent = i + 1;
    svgEl("text", { x: i * C + C / 2, y: 8 * C + 12, "font-size": 10, "text-anchor": "middle", fill: "#6b645a", class: "ex-label" }, svg).textContent = "abcdefgh"[i];
    for (let j = 0; j < 8; j++) svgEl("rect", { x: i * C, y: j * C, width: C, height: C, fill: "#efe7da", stroke: "#cbbda6" }, svg);
  }
  placed.forEach(([seat, piece, squares], n) => {
    const cells = squares.split(" ").map((q) => ["abcdefgh".indexOf(q[0]), 8 - Number(q[1])]);
    const mine = new Set(cells.map(([x, y]) => `${x},${y}`));
    for (const [x, y] of cells) {
      svgEl("rect", { x: x * C, y: y * C, width: C, height: C, fill: colours[seat], "data-square": "abcdefgh"[x] + (8 - y), "data-piece": piece }, svg);
      // the piece's outline: the sides of its squares that no square of its own shares
      for (const [dx, dy, x1, y1, x2, y2] of [[0, -1, 0, 0, 1, 0], [0, 1, 0, 1, 1, 1], [-1, 0, 0, 0, 0, 1], [1, 0, 1, 0, 1, 1]]) {
        if (!mine.has(`${x + dx},${y + dy}`)) svgEl("line", { x1: (x + x1) * C, y1: (y + y1) * C, x2: (x + x2) * C, y2: (y + y2) * C, stroke: "#222", "stroke-width": 2, "stroke-linecap": "square" }, svg);
      }
    }
    const [x, y] = cells[0];
    svgEl("text", { x: x * C + C / 2, y: y * C + C * 0.7, "font-size": 12, "font-weight": 700, "text-anchor": "middle", fill: "#fff" }, svg).textContent = n + 1;
  });
  return svg;
}

export function roundExample(colours, names) {
  const order = PLACED.map(([seat, piece], n) => `${n + 1} ${names[seat]} ${piece}`).join(", ");
  return el("figure", { class: "pm-round", "data-placed": PLACED.map(([s, p, q]) => `${s}:${p}:${q}`).join("|"), "data-points": POINTS.join(",") },
    drawBoard(PLACED, colours),
    el("figcaption", {},
      el("p", {}, `A round of three, in the order placed: ${order}. T, W and X are left and none of them fits anywhere, so the round is over.`),
      el("p", {}, `${names[2]} placed the last piece (the N): 10 points. ${names[1]} placed the one before (the U): 5 points. ${names[0]}: 0.`),
      el("p", {}, `The next round starts on an empty board with all 12 pieces, and ${names[1]} starts it.`)));
}
