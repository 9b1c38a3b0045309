// The 12 pentominoes and their transforms (the same shapes as core/polyomino.py).
export const PIECES = {
  F: [[1, 0], [2, 0], [0, 1], [1, 1], [1, 2]],
  I: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]],
  L: [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3]],
  N: [[0, 0], [1, 0], [1, 1], [2, 1], [3, 1]],
  P: [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]],
  T: [[0, 0], [1, 0], [2, 0], [1, 1], [1, 2]],
  U: [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1]],
  V: [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]],
  W: [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]],
  X: [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]],
  Y: [[1, 0], [0, 1], [1, 1], [1, 2], [1, 3]],
  Z: [[0, 0], [1, 0], [1, 1], [1, 2], [2, 2]],
};
export const PIECE_NAMES = Object.keys(PIECES);

export function normalize(cells) {
  const mx = Math.min(...cells.map((c) => c[0]));
  const my = Math.min(...cells.map((c) => c[1]));
  return cells.map(([x, y]) => [x - mx, y - my]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
// The cell of a placement that a piece is held by (a destination dot, the keyboard's
// cursor): the first cell of its normalized shape, where it lies
export function grabCell(cells) {
  const n = normalize(cells);
  return [n[0][0] + Math.min(...cells.map((c) => c[0])), n[0][1] + Math.min(...cells.map((c) => c[1]))];
}
export const shapeKey = (cells) => normalize(cells).map((c) => c.join(",")).join(";");
export const rotate = (cells) => normalize(cells.map(([x, y]) => [-y, x]));
export const flip = (cells) => normalize(cells.map(([x, y]) => [-x, y]));

export function orientations(piece) {
  const out = [];
  const seen = new Set();
  for (let s of [normalize(PIECES[piece]), flip(PIECES[piece])]) {
    for (let i = 0; i < 4; i++) {
      const k = shapeKey(s);
      if (!seen.has(k)) { seen.add(k); out.push(s); }
      s = rotate(s);
    }
  }
  return out;
}

// "L:0,0;1,0;..." -> {piece, cells}
export function parsePlacement(text) {
  const [piece, body] = text.split(":");
  return { piece, cells: body.split(";").map((c) => c.split(",").map(Number)) };
}
export const placementText = (piece, cells) =>
  piece + ":" + [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((c) => c.join(",")).join(";");

export function svgEl(tag, attrs = {}, parent = null) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

// A small picture of a shape: cells of `size` px (their edges: .shape's CSS, light in the
// dark theme, where a black seat's piece sits on a dark tile).
export function shapeSvg(cells, { size = 14, fill = "#888", stroke = "#333" } = {}) {
  const n = normalize(cells);
  const w = Math.max(...n.map((c) => c[0])) + 1;
  const h = Math.max(...n.map((c) => c[1])) + 1;
  const svg = svgEl("svg", { class: "shape", width: w * size + 2, height: h * size + 2, viewBox: `-1 -1 ${w * size + 2} ${h * size + 2}` });
  for (const [x, y] of n) {
    svgEl("rect", { x: x * size, y: (h - 1 - y) * size, width: size, height: size, fill, stroke, "stroke-width": 1 }, svg);
  }
  return svg;
}

// Text on a coloured square: dark ink on a light colour, white on a dark one (the higher
// WCAG contrast of the two)
export function inkOn(hex) {
  const n = parseInt(hex.slice(1), 16);
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const L = 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return (L + 0.05) / 0.0621 >= 1.05 / (L + 0.05) ? "#111" : "#fff";
}
