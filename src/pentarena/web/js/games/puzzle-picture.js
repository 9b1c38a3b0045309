// The home page's picture of the Pentomino puzzles: a 6×10 box nearly tiled, two pieces
// still to place (a real solution, top row first).  Same colours as the puzzle board.
import { svgEl } from "../pieces.js";

const SOLUTION = [
  "LLPTTTNVVV",
  "LPPYTNNWWV",
  "LPPYTNWWXV",
  "LFYYZNWXXX",
  "FFFYZZZUXU",
  "FIIIIIZUUU",
];
const MISSING = new Set(["W", "X"]);
const LETTERS = "FILNPTUVWXYZ";
export const PUZZLE_COLOURS = ["#e76f51", "#f4a261", "#e9c46a", "#2a9d8f", "#264653", "#8ab17d",
  "#b56576", "#6d597a", "#355070", "#eaac8b", "#43aa8b", "#577590"];

/** An SVG of a puzzle board; `rows` are text rows (top first) of piece letters, "#" for an
 * empty cell of the region and "." for a hole; `missing` letters are drawn as empty cells. */
export function regionPicture(rows, { size = 9, missing = new Set(), pad = 2 } = {}) {
  const h = rows.length;
  const w = Math.max(...rows.map((r) => r.length));
  const W = w * size + 2 * pad;
  const H = h * size + 2 * pad;
  const svg = svgEl("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img" });
  const at = (x, y) => {
    const ch = (rows[y] || "")[x];
    if (ch === undefined || ch === ".") return null;
    return missing.has(ch) ? "#" : ch;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const ch = at(x, y);
      if (ch === null) continue;
      const piece = LETTERS.indexOf(ch);
      svgEl("rect", {
        x: pad + x * size, y: pad + y * size, width: size, height: size,
        fill: piece >= 0 ? PUZZLE_COLOURS[piece] : ((x + y) % 2 ? "#efe7da" : "#e4d9c6"),
        stroke: piece >= 0 ? "none" : "#cbbda6", "stroke-width": 0.5,
      }, svg);
    }
  }
  // outlines: around the region and between different pieces
  const d = [];
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x <= w; x++) {
      const here = at(x, y);
      const left = x > 0 ? at(x - 1, y) : null;
      const up = y > 0 ? at(x, y - 1) : null;
      if (here !== left && (here !== null || left !== null) && y < h) {
        d.push(`M${pad + x * size} ${pad + y * size}v${size}`);
      }
      if (here !== up && (here !== null || up !== null) && x < w) {
        d.push(`M${pad + x * size} ${pad + y * size}h${size}`);
      }
    }
  }
  svgEl("path", { d: d.join(""), stroke: "#2b2b2b", "stroke-width": 1.2, fill: "none", "stroke-linecap": "square" }, svg);
  return svg;
}

export function picture() {
  const svg = regionPicture(SOLUTION, { size: 12, missing: MISSING });
  svg.setAttribute("aria-label", "a 6 by 10 box tiled with pentominoes, two pieces to go");
  return svg;
}
