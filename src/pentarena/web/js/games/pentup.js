// Pent-Up in the browser: the table (2D with heights, or isometric 3D), the tile tray,
// R/F to rotate and flip, highlighted destinations at the mandatory level, a ghost under
// the pointer, staging by click and a blue Confirm.  Legality always comes from the server.
import { el } from "../api.js";
import { PIECES, PIECE_NAMES, normalize, shapeKey, rotate, flip, orientations, parsePlacement,
  placementText, svgEl, shapeSvg } from "../pieces.js";

export const title = "Pent-Up";
export const seatColours = ["#f4f1ea", "#2b2b2b", "#c62828", "#1e4fc2"];
const INK = ["#222", "#f4f1ea", "#fff", "#fff"];
const NAMES = ["White", "Black", "Red", "Blue"];
export const seatNames = NAMES;
const S = 32; // cell size in SVG units

// ---------------------------------------------------------------- board model
function model(state) {
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

function bounds(cells, margin) {
  if (!cells.length) return { x0: -4, x1: 8, y0: -4, y1: 6 };
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  return { x0: Math.min(...xs) - margin, x1: Math.max(...xs) + margin,
    y0: Math.min(...ys) - margin, y1: Math.max(...ys) + margin };
}

// Per piece: the legal placements (from the server's legal move list) and mandatory level.
function indexMoves(legal, m) {
  const byPiece = new Map();
  for (const text of legal) {
    const { piece, cells } = parsePlacement(text);
    const level = (m.height.get(`${cells[0][0]},${cells[0][1]}`) || 0) + 1;
    const entry = byPiece.get(piece) || { level, moves: [] };
    entry.moves.push({ text, cells, key: shapeKey(cells) });
    byPiece.set(piece, entry);
  }
  return byPiece;
}

// ---------------------------------------------------------------- drawing helpers
function drawFlat(svg, m, b, { lastCells = null } = {}) {
  const X = (x) => (x - b.x0) * S;
  const Y = (y) => (b.y1 - y) * S;
  const grid = svgEl("g", { class: "grid" }, svg);
  for (let x = b.x0; x <= b.x1; x++) {
    for (let y = b.y0; y <= b.y1; y++) {
      svgEl("rect", { x: X(x), y: Y(y), width: S, height: S, fill: "none", stroke: "#d6ccbb", "stroke-width": 0.6 }, grid);
    }
  }
  const cellsG = svgEl("g", { class: "cells" }, svg);
  for (const [k, level] of m.height) {
    const [x, y] = k.split(",").map(Number);
    const t = m.tiles[m.top.get(k)];
    const g = svgEl("g", { class: "cell", "data-cell": k, "data-level": level, "data-seat": t.seat }, cellsG);
    // shading: a shadow that grows with the height, then the tile colour
    svgEl("rect", { x: X(x) + 1 + level, y: Y(y) + 1 + level, width: S - 2, height: S - 2, fill: "rgba(0,0,0,.22)" }, g);
    svgEl("rect", { x: X(x) + 1, y: Y(y) + 1, width: S - 2, height: S - 2, fill: seatColours[t.seat] }, g);
    svgEl("rect", { x: X(x) + 1, y: Y(y) + 1, width: S - 2, height: S - 2, fill: `rgba(0,0,0,${0.07 * (level - 1)})` }, g);
    const txt = svgEl("text", { x: X(x) + S / 2, y: Y(y) + S / 2 + 5, "text-anchor": "middle", "font-size": 14,
      "font-weight": 700, fill: INK[t.seat], "pointer-events": "none" }, g);
    txt.textContent = level;
  }
  // tile outlines: a thick line wherever the neighbouring cell belongs to another tile
  const edges = svgEl("g", { class: "edges", stroke: "#111", "stroke-width": 2.2, "stroke-linecap": "round" }, svg);
  for (const [k, ti] of m.top) {
    const [x, y] = k.split(",").map(Number);
    const side = (nx, ny) => m.top.get(`${nx},${ny}`) !== ti;
    if (side(x, y + 1)) svgEl("line", { x1: X(x), y1: Y(y), x2: X(x + 1), y2: Y(y) }, edges);
    if (side(x, y - 1)) svgEl("line", { x1: X(x), y1: Y(y) + S, x2: X(x + 1), y2: Y(y) + S }, edges);
    if (side(x - 1, y)) svgEl("line", { x1: X(x), y1: Y(y), x2: X(x), y2: Y(y) + S }, edges);
    if (side(x + 1, y)) svgEl("line", { x1: X(x) + S, y1: Y(y), x2: X(x) + S, y2: Y(y) + S }, edges);
  }
  if (lastCells) {
    const g = svgEl("g", { class: "last-move" }, svg);
    for (const [x, y] of lastCells) {
      svgEl("rect", { x: X(x) + 3, y: Y(y) + 3, width: S - 6, height: S - 6, fill: "none", stroke: "#e0a030",
        "stroke-width": 3, "stroke-dasharray": "5 3" }, g);
    }
  }
  return { X, Y };
}

function drawIso(svg, m) {
  const P = (x, y, z) => [(x - y) * 16, -(x + y) * 8 - z * 14];
  const cubes = [];
  for (const [k, layer] of m.layers) {
    const [x, y] = k.split(",").map(Number);
    layer.forEach((seat, i) => { if (seat !== undefined) cubes.push({ x, y, z: i + 1, seat }); });
  }
  if (!cubes.length) {
    svg.setAttribute("viewBox", "-100 -60 200 120");
    const t = svgEl("text", { x: 0, y: 0, "text-anchor": "middle", "font-size": 12, fill: "#6b665e" }, svg);
    t.textContent = "The table is empty";
    return;
  }
  cubes.sort((a, b) => (b.x + b.y) - (a.x + a.y) || a.z - b.z);
  const pts = [];
  const poly = (ps, fill) => svgEl("polygon", { points: ps.map((p) => p.join(",")).join(" "), fill, stroke: "rgba(0,0,0,.45)", "stroke-width": 0.7 }, svg);
  const shade = (hex, f) => {
    const n = parseInt(hex.slice(1), 16);
    const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(v * f));
    return `rgb(${c.join(",")})`;
  };
  for (const { x, y, z, seat } of cubes) {
    const col = seatColours[seat];
    const top = [P(x, y, z), P(x + 1, y, z), P(x + 1, y + 1, z), P(x, y + 1, z)];
    const front = [P(x, y, z - 1), P(x + 1, y, z - 1), P(x + 1, y, z), P(x, y, z)];
    const left = [P(x, y, z - 1), P(x, y + 1, z - 1), P(x, y + 1, z), P(x, y, z)];
    poly(front, shade(col, 0.72));
    poly(left, shade(col, 0.55));
    poly(top, col);
    pts.push(...top, ...front, ...left);
  }
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const pad = 12;
  svg.setAttribute("viewBox", `${Math.min(...xs) - pad} ${Math.min(...ys) - pad} ${Math.max(...xs) - Math.min(...xs) + 2 * pad} ${Math.max(...ys) - Math.min(...ys) + 2 * pad}`);
}

// ---------------------------------------------------------------- plug-in API
export function picture() {
  const svg = svgEl("svg", { width: 150, height: 84, viewBox: "-80 -70 160 90" });
  const m = model({ tiles: [
    { seat: 0, level: 1, cells: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]] },
    { seat: 1, level: 1, cells: [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]] },
    { seat: 0, level: 2, cells: [[0, 0], [1, 0], [2, 0], [3, 0], [0, 1]] },
    { seat: 2, level: 1, cells: [[5, 0], [5, 1], [6, 1], [5, 2], [4, 2]] },
    { seat: 1, level: 3, cells: [[0, 0], [1, 0], [0, 1], [1, 1], [2, 1]] },
  ] });
  m.layers.get("1,1")[1] = 1;
  drawIso(svg, m);
  return svg;
}

export function seatInfo(payload, seat) {
  const hand = payload.state.hands ? payload.state.hands[seat].length : "?";
  const score = payload.scores[seat];
  const shown = Array.isArray(score) ? score.join("·") : score;
  const label = typeof score === "number" ? "points" : "record";
  return `${hand} tiles left · ${label} ${shown}`;
}

export function resultDetails(payload) {
  const d = payload.details;
  if (!d || !d.level_counts) return null;
  const top = d.level_counts[0].length;
  const table = el("table", { class: "breakdown" });
  const head = el("tr", {}, el("th", {}, "player"));
  for (let lv = top; lv >= 1; lv--) head.append(el("th", {}, `level ${lv}`));
  if (d.scoring === "advanced") head.append(el("th", {}, "points"));
  table.append(head);
  d.level_counts.forEach((row, seat) => {
    const name = payload.table.seats[seat].name || (payload.table.seats[seat].kind === "computer" ? "Computer" : NAMES[seat]);
    const tr = el("tr", { "data-seat": seat }, el("td", {}, el("span", { class: "swatch", style: `display:inline-block;width:.8rem;height:.8rem;border-radius:50%;border:1px solid #555;background:${seatColours[seat]}` }), " ", name));
    for (let lv = top; lv >= 1; lv--) tr.append(el("td", {}, row[lv - 1]));
    if (d.scoring === "advanced") tr.append(el("td", {}, row.reduce((s, n, i) => s + n * (i + 1), 0)));
    table.append(tr);
  });
  const rule = { standard: "Most tiles on the highest level wins; ties go one level down.",
    misere: "Misère: most tiles on the table wins; ties go one level up.",
    advanced: "Advanced: each tile scores its level; ties go to the most tiles on the top level." }[d.scoring];
  const teams = d.sides.length < d.level_counts.length
    ? el("p", {}, "Teams: " + d.sides.map((s, i) => s.map((x) => NAMES[x]).join(" + ") + ` (${d.records[i].join("·")})`).join(" against "))
    : "";
  return el("div", {}, el("p", {}, rule), table, teams);
}

export function turnHint(payload) {
  return "Pick a tile, turn it with R / F, click a highlighted spot, then Confirm.";
}

export function createView(root, ctx) {
  let payload = null;
  let m = null;
  let moves = new Map();
  let selected = null;      // piece letter
  let shape = null;         // current orientation (normalized cells)
  let staged = null;        // { cells, text }
  let hover = null;         // [x, y]
  let mode = "2d";
  let replay = false;
  let geom = null;
  const orientMemory = new Map();

  const btn = (label, id, onclick, cls = "") => el("button", { id, class: cls, onclick, type: "button" }, label);
  const rotateBtn = btn("⟳ Rotate (R)", "pu-rotate", () => turn(rotate));
  const flipBtn = btn("⇋ Flip (F)", "pu-flip", () => turn(flip));
  const confirmBtn = btn("Confirm", "pu-confirm", () => confirm(), "primary");
  const cancelBtn = btn("Cancel (Esc)", "pu-cancel", () => cancel());
  const viewBtn = btn("3D view", "pu-view", () => { mode = mode === "2d" ? "3d" : "2d"; viewBtn.textContent = mode === "2d" ? "3D view" : "2D view"; draw(); });
  const controls = el("span", { class: "pu-controls" }, rotateBtn, flipBtn, confirmBtn, cancelBtn);
  const toolbar = el("div", { class: "pu-toolbar" }, controls, el("span", { class: "spacer" }), viewBtn);
  const hint = el("div", { class: "pu-hint", id: "pu-hint" });
  const errorLine = el("div", { class: "error-line", id: "pu-error", role: "alert" });
  const svg = svgEl("svg", { class: "pu-board", id: "pu-board" });
  const tray = el("div", { class: "pu-tray", id: "pu-tray" });
  root.append(toolbar, hint, errorLine, svg, tray);

  function myTurn() { return !replay && payload && payload.you !== null && payload.you === payload.current_player; }

  function candidateAt(x, y) {
    if (!shape) return null;
    const [gx, gy] = shape[0];
    const cells = shape.map(([cx, cy]) => [cx - gx + x, cy - gy + y]);
    const text = placementText(selected, cells);
    const legal = (moves.get(selected)?.moves || []).some((mv) => mv.text === text);
    return { cells, text, legal };
  }

  function destinations() {
    if (!selected || !shape || !moves.has(selected)) return [];
    const key = shapeKey(shape);
    return moves.get(selected).moves.filter((mv) => mv.key === key);
  }

  function selectPiece(piece) {
    if (!myTurn()) return;
    if (selected === piece) return;
    selected = piece;
    staged = null;
    errorLine.textContent = "";
    const legal = moves.get(piece)?.moves || [];
    const keys = new Set(legal.map((mv) => mv.key));
    const remembered = orientMemory.get(piece);
    shape = remembered && keys.has(shapeKey(remembered)) ? remembered
      : orientations(piece).find((o) => keys.has(shapeKey(o))) || normalize(PIECES[piece]);
    draw();
  }

  function turn(fn) {
    if (!selected) return;
    shape = fn(shape);
    orientMemory.set(selected, shape);
    staged = null;
    draw();
  }

  function stage(x, y) {
    if (!myTurn() || !selected) return;
    const c = candidateAt(x, y);
    if (!c) return;
    staged = c;
    errorLine.textContent = c.legal ? "" : "This spot is not highlighted: the server will probably refuse it.";
    draw();
  }

  function confirm() {
    if (!staged || !myTurn()) return;
    if (ctx.sendMove(staged.text)) {
      confirmBtn.disabled = true;
    }
  }

  function cancel() {
    if (staged) staged = null;
    else selected = shape = null;
    errorLine.textContent = "";
    draw();
  }

  function onKey(ev) {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA") return;
    if (ev.key === "r" || ev.key === "R") turn(rotate);
    else if (ev.key === "f" || ev.key === "F") turn(flip);
    else if (ev.key === "Escape") cancel();
    else if (ev.key === "Enter" && staged) confirm();
  }
  document.addEventListener("keydown", onKey);

  function cellFromEvent(ev) {
    if (!geom) return null;
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [Math.floor(p.x / S) + geom.b.x0, geom.b.y1 - Math.floor(p.y / S)];
  }
  svg.addEventListener("pointermove", (ev) => {
    if (mode !== "2d" || !selected) return;
    const c = cellFromEvent(ev);
    if (!c || (hover && hover[0] === c[0] && hover[1] === c[1])) return;
    hover = c;
    drawOverlay();
  });
  svg.addEventListener("pointerleave", () => { hover = null; drawOverlay(); });
  svg.addEventListener("click", (ev) => {
    if (mode !== "2d") return;
    const target = ev.target.closest("[data-dest]");
    if (target) { const [x, y] = target.dataset.dest.split(",").map(Number); stage(x, y); return; }
    const c = cellFromEvent(ev);
    if (c) stage(c[0], c[1]);
  });

  function drawTray() {
    tray.replaceChildren();
    if (!payload || payload.you === null || replay) return;
    const hand = m.hands ? m.hands[payload.you] : [];
    for (const piece of PIECE_NAMES) {
      if (!hand.includes(piece)) continue;
      const info = moves.get(piece);
      const active = myTurn() && info;
      const tile = el("div", { class: "pu-tile" + (selected === piece ? " selected" : "") + (active ? "" : " none"),
        "data-piece": piece, "data-level": info ? info.level : "", title: info ? `${piece}: must go on level ${info.level}` : piece,
        onclick: () => selectPiece(piece) },
        shapeSvg(selected === piece && shape ? shape : PIECES[piece], { size: 10, fill: seatColours[payload.you], stroke: "#555" }),
        el("span", { class: "letter" }, piece));
      if (info) tile.append(el("span", { class: "lvl" }, `L${info.level}`));
      tray.append(tile);
    }
  }

  let destLayer = null;
  let ghostLayer = null;
  function drawDestinations() {
    if (destLayer) destLayer.remove();
    destLayer = null;
    if (mode !== "2d" || !geom) return;
    destLayer = svgEl("g", { class: "destinations" }, svg);
    const { X, Y } = geom;
    for (const mv of destinations()) {
      // the grab cell of this placement: the same relative cell as shape[0]
      const n = normalize(mv.cells);
      const ox = Math.min(...mv.cells.map((c) => c[0]));
      const oy = Math.min(...mv.cells.map((c) => c[1]));
      const dx = n[0][0] + ox, dy = n[0][1] + oy;
      for (const [x, y] of mv.cells) {
        svgEl("rect", { x: X(x) + 4, y: Y(y) + 4, width: S - 8, height: S - 8, fill: "rgba(31,111,235,.10)", "pointer-events": "none" }, destLayer);
      }
      svgEl("circle", { cx: X(dx) + S / 2, cy: Y(dy) + S / 2, r: 7, fill: "#1f6feb", stroke: "#fff", "stroke-width": 2,
        class: "dest", "data-dest": `${dx},${dy}`, "data-move": mv.text, style: "cursor:pointer" }, destLayer);
    }
  }

  function drawOverlay() {
    if (ghostLayer) ghostLayer.remove();
    ghostLayer = null;
    if (mode !== "2d" || !geom) return;
    ghostLayer = svgEl("g", { class: "ghosts", "pointer-events": "none" }, svg);
    const { X, Y } = geom;
    const ghost = (cells, fill, stroke, cls) => {
      const g = svgEl("g", { class: cls }, ghostLayer);
      for (const [x, y] of cells) svgEl("rect", { x: X(x) + 2, y: Y(y) + 2, width: S - 4, height: S - 4, fill, stroke, "stroke-width": 2 }, g);
    };
    if (hover && selected && !staged) {
      const c = candidateAt(hover[0], hover[1]);
      if (c) ghost(c.cells, c.legal ? "rgba(26,127,55,.45)" : "rgba(180,35,24,.35)", c.legal ? "#1a7f37" : "#b42318", "ghost");
    }
    if (staged) ghost(staged.cells, "rgba(31,111,235,.55)", "#1f6feb", "staged");
  }

  function draw() {
    svg.replaceChildren();
    destLayer = ghostLayer = null;
    geom = null;
    if (!payload) return;
    const lastText = payload.history.length ? payload.history[payload.history.length - 1] : null;
    const lastCells = lastText ? parsePlacement(lastText).cells : null;
    if (mode === "3d") {
      drawIso(svg, m);
    } else {
      const all = [...m.height.keys()].map((k) => k.split(",").map(Number));
      for (const entry of moves.values()) for (const mv of entry.moves) all.push(...mv.cells);
      const b = bounds(all, 2);
      // keep a sensible minimum size so a small structure is not drawn huge
      while (b.x1 - b.x0 < 11) { b.x0--; b.x1++; }
      while (b.y1 - b.y0 < 7) { b.y0--; b.y1++; }
      svg.setAttribute("viewBox", `0 0 ${(b.x1 - b.x0 + 1) * S} ${(b.y1 - b.y0 + 1) * S}`);
      const { X, Y } = drawFlat(svg, m, b, { lastCells });
      geom = { b, X, Y };
      drawDestinations();
      drawOverlay();
    }
    drawTray();
    const mine = myTurn();
    rotateBtn.disabled = flipBtn.disabled = !mine || !selected;
    confirmBtn.disabled = !mine || !staged;
    cancelBtn.disabled = !mine || (!staged && !selected);
    controls.hidden = replay || payload.you === null;
    if (replay) hint.textContent = `Replay: move ${payload.history.length}.`;
    else if (!mine) hint.textContent = payload.you === null ? "" : "Waiting for the other players…";
    else if (!selected) hint.textContent = "Your turn: choose a tile from your tray (the badge is the level it must go on).";
    else if (mode === "3d") hint.textContent = "Switch to the 2D view to place the tile.";
    else if (!destinations().length) hint.textContent = `No place for ${selected} in this orientation — press R or F.`;
    else if (!staged) hint.textContent = `${selected} goes on level ${moves.get(selected).level}: click a blue dot (or any cell).`;
    else hint.textContent = `Placing ${staged.text} — press Confirm (or Enter), Esc to cancel.`;
  }

  return {
    update(p, opts = {}) {
      const versionChanged = !payload || p.version !== payload.version || p.you !== payload.you;
      payload = p;
      replay = !!opts.replay;
      m = model(p.state);
      moves = myTurn() ? indexMoves(p.legal_moves, m) : new Map();
      if (versionChanged) {
        staged = null;
        if (!myTurn() || !moves.has(selected)) { selected = null; shape = null; }
        errorLine.textContent = "";
      }
      draw();
    },
    showError(message) {
      errorLine.textContent = message;
      staged = null;
      draw();
    },
    destroy() { document.removeEventListener("keydown", onKey); root.replaceChildren(); },
  };
}

// ---------------------------------------------------------------- How to play
function diagram(tiles, caption, { marks = [], bad = false } = {}) {
  const m = model({ tiles });
  const all = tiles.flatMap((t) => t.cells);
  const b = bounds(all, 1);
  const svg = svgEl("svg", { width: (b.x1 - b.x0 + 1) * 18, height: (b.y1 - b.y0 + 1) * 18,
    viewBox: `0 0 ${(b.x1 - b.x0 + 1) * S} ${(b.y1 - b.y0 + 1) * S}` });
  const { X, Y } = drawFlat(svg, m, b);
  for (const [x, y] of marks) {
    svgEl("circle", { cx: X(x) + S / 2, cy: Y(y) + S / 2, r: 9, fill: "none", stroke: bad ? "#b42318" : "#1a7f37", "stroke-width": 4 }, svg);
  }
  return el("figure", {}, svg, el("figcaption", {}, (bad ? "✗ " : "✓ ") + caption));
}

export function rules(root) {
  const I0 = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]];
  const I1 = [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]];
  root.append(
    el("h1", {}, "Pent-Up — how to play"),
    el("p", {}, "Pent-Up is a 3D stacking game for 2–4 players by Néstor Romeral Andrés. Everyone has the 12 pentominoes (F I L N P T U V W X Y Z) in their colour: White, Black, Red, Blue. White starts; play goes round in seat order."),
    el("h2", {}, "Your turn"),
    el("p", {}, "Choose any tile you have not played, turn or flip it, and lay it flat on five cells of the table grid."),
    el("h3", {}, "On the table (level 1)"),
    el("p", {}, "The very first tile can go anywhere. After that, a tile on the table must share at least one edge with a tile already there — touching only at a corner is not enough."),
    diagram([{ seat: 0, level: 1, cells: I0 }, { seat: 1, level: 1, cells: [[5, 0], [5, 1], [5, 2], [5, 3], [6, 3]] }], "edge contact"),
    diagram([{ seat: 0, level: 1, cells: I0 }, { seat: 1, level: 1, cells: [[5, 1], [5, 2], [5, 3], [5, 4], [6, 4]] }], "corner only", { bad: true, marks: [[5, 1]] }),
    el("h3", {}, "Stacking (level 2 and up)"),
    el("p", {}, "All five cells under the tile must be at the same height — no overhangs, no gaps — and they must belong to at least two different tiles (any colours). You cannot put a tile exactly on top of a single tile. Up there, no edge contact is needed."),
    diagram([{ seat: 0, level: 1, cells: I0 }, { seat: 1, level: 1, cells: I1 }, { seat: 0, level: 2, cells: [[0, 0], [1, 0], [2, 0], [3, 0], [0, 1]] }], "an L across two tiles: level 2"),
    diagram([{ seat: 0, level: 1, cells: I0 }, { seat: 1, level: 1, cells: I1 }, { seat: 2, level: 2, cells: I0 }], "an I exactly on one I", { bad: true }),
    el("h3", {}, "The key rule: the highest level"),
    el("p", {}, "The tile you chose must go on the highest level where it fits anywhere. You are free to choose which tile to play, so a tile that only fits on the table may still be played while another one could go higher. In the game, each tile in your tray shows the level it must go on, and only the places on that level are highlighted."),
    el("h2", {}, "End and scoring"),
    el("p", {}, "When every tile is placed the game ends. Standard: the most tiles on the highest level reached wins; a tie is broken by the next level down, and so on. Misère: the most tiles on the table wins, ties broken level by level upwards. Advanced: each tile scores its level number; the highest total wins, ties broken as in standard."),
    el("p", {}, "With 4 players, partners sitting opposite play as teams (White + Red against Black + Blue) and add up their tiles, unless the table is created with teams off."),
    el("h2", {}, "Controls"),
    el("p", {}, "Click a tile in your tray. R rotates it by 90°, F flips it (or use the buttons). The blue dots show where it can go; the ghost under the pointer is green on a legal spot. Click to stage the placement, then press the blue Confirm. Esc cancels. The 3D view shows the structure in isometric perspective."),
  );
}
