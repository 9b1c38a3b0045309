// Pent-Up's open table in 2D: the model of the stacks, the cells, the tiles' outlines and
// the places the chosen tile can go.  FlatTable draws the table once and then keeps it up
// to date: a cell is drawn again only when its level or colour changes (a move changes
// five), the outlines are one path, and the destination dots only when they change.
import { svgEl } from "../pieces.js";

export const S = 32; // cell size in world units
export const seatColours = ["#f4f1ea", "#2b2b2b", "#c62828", "#1e4fc2"];
// the seats' dots beside their names (not the board's pieces): in the dark theme a lighter
// shade where the board's colour is under 3:1 against the panels, apart from each other
// for the common colour-vision deficiencies too (tests/e2e/test_theme.py)
export const seatDots = ["#f4f1ea", "#2b2b2b", "light-dark(#c62828, #e66042)", "light-dark(#1e4fc2, #3889e0)"];
export const NAMES = ["White", "Black", "Red", "Blue"];
const INK = ["#222", "#f4f1ea", "#fff", "#fff"];

// world coordinates: cell (x, y) covers [x*S, (x+1)*S] × [-(y+1)*S, -y*S] (y grows upwards)
export const X = (x) => x * S;
export const Y = (y) => -(y + 1) * S;

export function model(state) {
  const height = new Map();   // "x,y" -> level
  const top = new Map();      // "x,y" -> tile index
  const layers = new Map();   // "x,y" -> [seat at level 1, seat at level 2, ...]
  state.tiles.forEach((t, i) => {
    for (const [x, y] of t.cells) {
      const k = `${x},${y}`;
      height.set(k, t.level);
      top.set(k, i);
      const l = layers.get(k) || [];
      l[t.level - 1] = t.seat;
      layers.set(k, l);
    }
  });
  return { tiles: state.tiles, height, top, layers, hands: state.hands };
}

// "cell 2,4: level 3, Black" (as the rulers number it), or "cell 2,4: empty"
export function cellText(k, m) {
  const level = m.height.get(k);
  return `cell ${k}: ${level ? `level ${level}, ${NAMES[m.tiles[m.top.get(k)].seat]}` : "empty"}`;
}

export function outline(parent, cells, attrs) {
  const set = new Set(cells.map(([x, y]) => `${x},${y}`));
  let d = "";
  for (const [x, y] of cells) {
    if (!set.has(`${x},${y + 1}`)) d += `M${X(x)} ${Y(y)}H${X(x + 1)}`;
    if (!set.has(`${x},${y - 1}`)) d += `M${X(x)} ${Y(y) + S}H${X(x + 1)}`;
    if (!set.has(`${x - 1},${y}`)) d += `M${X(x)} ${Y(y)}V${Y(y) + S}`;
    if (!set.has(`${x + 1},${y}`)) d += `M${X(x + 1)} ${Y(y)}V${Y(y) + S}`;
  }
  return svgEl("path", { d, fill: "none", "stroke-linecap": "square", ...attrs }, parent);
}

// a cell: a shadow that grows with the height, the tile's colour, darker higher up, the level
function cell(k, m) {
  const [x, y] = k.split(",").map(Number);
  const level = m.height.get(k);
  const t = m.tiles[m.top.get(k)];
  const g = svgEl("g", { class: "cell", "data-cell": k, "data-level": level, "data-seat": t.seat, role: "img", "aria-label": cellText(k, m) });
  svgEl("rect", { x: X(x) + 1 + level, y: Y(y) + 1 + level, width: S - 2, height: S - 2, fill: "rgba(0,0,0,.22)" }, g);
  svgEl("rect", { x: X(x) + 1, y: Y(y) + 1, width: S - 2, height: S - 2, fill: seatColours[t.seat] }, g);
  svgEl("rect", { x: X(x) + 1, y: Y(y) + 1, width: S - 2, height: S - 2, fill: `rgba(0,0,0,${0.07 * (level - 1)})` }, g);
  const txt = svgEl("text", { x: X(x) + S / 2, y: Y(y) + S / 2 + 5, "text-anchor": "middle", "font-size": 14,
    "font-weight": 700, fill: INK[t.seat], "pointer-events": "none" }, g);
  txt.textContent = level;
  return g;
}
const cellSig = (k, m) => `${m.height.get(k)},${m.tiles[m.top.get(k)].seat}`;

// the tiles' outlines: a thick line wherever the neighbouring cell belongs to another tile
function edges(m) {
  let d = "";
  for (const [k, ti] of m.top) {
    const [x, y] = k.split(",").map(Number);
    const side = (nx, ny) => m.top.get(`${nx},${ny}`) !== ti;
    if (side(x, y + 1)) d += `M${X(x)} ${Y(y)}H${X(x + 1)}`;
    if (side(x, y - 1)) d += `M${X(x)} ${Y(y) + S}H${X(x + 1)}`;
    if (side(x - 1, y)) d += `M${X(x)} ${Y(y)}V${Y(y) + S}`;
    if (side(x + 1, y)) d += `M${X(x + 1)} ${Y(y)}V${Y(y) + S}`;
  }
  return d;
}
const EDGES = { class: "edges", fill: "none", stroke: "#111", "stroke-width": 2.2, "stroke-linecap": "round" };

// the whole table at once (the rules' diagrams)
export function drawFlat(parent, m) {
  const cells = svgEl("g", { class: "cells" }, parent);
  for (const k of m.height.keys()) cells.append(cell(k, m));
  svgEl("path", { ...EDGES, d: edges(m) }, parent);
}

const FAR = { x: -200 * S, y: -200 * S, width: 400 * S, height: 400 * S };

export class FlatTable {
  // the layers, bottom up: the grid, the tint of a table open everywhere (the first tile),
  // the cells, the outlines, `marks` (the game's: last move, deciding tiles), the
  // destinations, `ghosts` and `highlights`
  constructor(world) {
    svgEl("rect", { ...FAR, fill: "url(#pu-grid)", class: "table-grid" }, world);
    this.open = svgEl("rect", { ...FAR, fill: "rgba(31,111,235,.06)", "pointer-events": "none", class: "open-table", display: "none" }, world);
    this.cells = svgEl("g", { class: "cells" }, world);
    this.edges = svgEl("path", EDGES, world);
    this.marks = svgEl("g", { class: "marks" }, world);
    this.dest = svgEl("g", { class: "destinations" }, world);
    this.ghost = svgEl("g", { class: "ghosts", "pointer-events": "none" }, world);
    this.hl = svgEl("g", { class: "highlights", "pointer-events": "none" }, world);
    this.drawn = new Map();   // "x,y" -> { g, sig }: the cells drawn
    this.dots = null;         // the destinations drawn
  }

  // the cells changed (in the order they were first covered, as drawn all at once)
  update(m, { open }) {
    this.open.setAttribute("display", open ? "inline" : "none");
    for (const k of m.height.keys()) {
      const sig = cellSig(k, m), had = this.drawn.get(k);
      if (had && had.sig === sig) continue;
      const g = cell(k, m);
      if (had) had.g.replaceWith(g); else this.cells.append(g);
      this.drawn.set(k, { g, sig });
    }
    for (const [k, had] of this.drawn) if (!m.height.has(k)) { had.g.remove(); this.drawn.delete(k); }
    this.edges.setAttribute("d", edges(m));
  }

  // The places the chosen tile can go (`list`, the same array while they stay the same): a
  // dot on the cell each is held by, with a tap target of 32 px around it whatever the
  // zoom, and the cells of each tinted.  The first tile goes anywhere: one dot on every
  // cell in view, as separate dots while they are few, else as one field of them (thousands
  // of dots when zoomed out).  Returns whether anything was drawn anew.
  destinations(list, bv) {
    if (list === this.dots) return false;
    this.dots = list;
    const g = this.dest;
    g.replaceChildren();
    if (list.field && list.length > MAX_DOTS) {
      const f = list.field;   // the cells the dots are on
      svgEl("rect", { x: X(f.x0), y: Y(f.y1), width: (f.x1 - f.x0 + 1) * S, height: (f.y1 - f.y0 + 1) * S,
        fill: "url(#pu-anywhere)", class: "dest-field", "data-cells": `${f.x0},${f.y0} ${f.x1},${f.y1}`, style: "cursor:pointer" }, g);
      return true;
    }
    for (const mv of list) {
      const [dx, dy] = mv.grab;
      if (!mv.first) for (const [x, y] of mv.cells) {
        svgEl("rect", { x: X(x) + 4, y: Y(y) + 4, width: S - 8, height: S - 8, fill: "rgba(31,111,235,.10)", "pointer-events": "none" }, g);
      }
      const d = svgEl("g", { class: "dest" + (mv.first ? " anywhere" : ""), "data-dest": `${dx},${dy}`, "data-move": mv.text, style: "cursor:pointer" }, g);
      const cx = X(dx) + S / 2, cy = Y(dy) + S / 2;
      svgEl("circle", { cx, cy, r: 17, "data-sr": 17, fill: "transparent", class: "hit" }, d);
      svgEl("circle", { cx, cy, r: 6, "data-sr": mv.first ? 4 : 6.5, "data-wr": mv.first ? S * 0.12 : S * 0.2,
        fill: "#1f6feb", stroke: "#fff", "stroke-width": mv.first ? 1 : 2, class: "dot", "vector-effect": "non-scaling-stroke" }, d);
    }
    bv.refreshMarks(g);
    return true;
  }
}
const MAX_DOTS = 400;

// The field's dot, one a cell, as the first tile's separate dots are drawn (its radius and
// its white ring keep their size on screen: boardview.js's refreshMarks)
export function anywhereDots(defs, bv) {
  const pat = svgEl("pattern", { id: "pu-anywhere", width: S, height: S, patternUnits: "userSpaceOnUse" }, defs);
  svgEl("circle", { cx: S / 2, cy: S / 2, r: 4, "data-sr": 4, "data-wr": S * 0.12, "data-sw": 1, fill: "#1f6feb", stroke: "#fff" }, pat);
  bv.refreshMarks(pat);
}
