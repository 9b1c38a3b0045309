// Pent-Up in the browser: the open table (2D with heights, or isometric 3D) in a pannable,
// zoomable view with x / y rulers, the tile tray, R/F to rotate and flip, highlighted
// destinations at the mandatory level, a ghost under the pointer, staging by click and a
// blue Confirm.  Legality always comes from the server.
import { el, replayNote, click, keyHint, turnKeys, waitingText, Click, touchScreen } from "../api.js";
import { PIECES, PIECE_NAMES, normalize, shapeKey, rotate, flip, orientations, parsePlacement,
  placementText, svgEl, shapeSvg, grabCell } from "../pieces.js";
import { gameKeys, keepFocus } from "../keys.js";
import { BoardView, gameFrame, turnButtons, stepButtons, sinceOwnMove, orderBadge, spotAt } from "./boardview.js";
import { S, X, Y, NAMES, seatColours, seatDots, model, cellText, outline, drawFlat, FlatTable, anywhereDots } from "./pentup-table.js";
import { KeyGrid } from "./keygrid.js";
import { scoringExample } from "./pentup-scoring.js";
import { rovingTray, syncPieces } from "./tray.js";

export const title = "Pent-Up";
export const moveExample = "I:0,0;1,0;2,0;3,0;4,0";
export { seatColours, seatDots };
export const seatNames = NAMES;

function bounds(cells, margin) {
  if (!cells.length) return { x0: -4, x1: 8, y0: -4, y1: 6 };
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  return { x0: Math.min(...xs) - margin, x1: Math.max(...xs) + margin,
    y0: Math.min(...ys) - margin, y1: Math.max(...ys) + margin };
}
// a cell box -> a world box
const worldBox = (b) => ({ x0: X(b.x0), x1: X(b.x1 + 1), y0: Y(b.y1), y1: Y(b.y0 - 1) });

// Per piece: the legal placements (from the server's legal move list) and mandatory level.
function indexMoves(legal, m) {
  const byPiece = new Map();
  for (const text of legal) {
    const { piece, cells } = parsePlacement(text);
    const level = (m.height.get(`${cells[0][0]},${cells[0][1]}`) || 0) + 1;
    const entry = byPiece.get(piece) || { level, moves: [], texts: new Set(), keys: new Set() };
    const key = shapeKey(cells);
    entry.moves.push({ text, cells, key });
    entry.texts.add(text);
    entry.keys.add(key);
    byPiece.set(piece, entry);
  }
  return byPiece;
}

// The level on which the result was decided: the first entry of the records (in the
// order they are compared) where the winner's differs from the best other side's.
function compare(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) - (b[i] || 0);
  return 0;
}
export function decidingLevel(d, winners) {
  if (!d || !d.records || !winners || !winners.length) return null;
  const win = d.sides.findIndex((side) => side.some((s) => winners.includes(s)));
  const others = d.records.filter((_, i) => !d.sides[i].some((s) => winners.includes(s)));
  if (win < 0 || !others.length) return null;
  const best = others.reduce((a, b) => (compare(a, b) >= 0 ? a : b));
  const j = d.records[win].findIndex((v, k) => v !== best[k]);
  if (j < 0) return null;
  const T = d.level_counts[0].length;
  if (d.scoring === "misere") return { index: j, level: j + 1 };
  if (d.scoring === "advanced") return { index: j, level: j === 0 ? null : T - (j - 1) };
  return { index: j, level: T - j };
}

// ---------------------------------------------------------------- drawing helpers
const P3 = (x, y, z) => [(x - y) * 16, -(x + y) * 8 - z * 14];
// the top face of the cell x, y at height z, and the cell whose top face at height z holds
// the point wx, wy of the picture (P3 read backwards: wx gives x − y, wy gives x + y)
const isoTop = (x, y, z) => [P3(x, y, z), P3(x + 1, y, z), P3(x + 1, y + 1, z), P3(x, y + 1, z)];
// the three faces a cube shows (front, left, top) and a polygon's points attribute
const isoFaces = (x, y, z) => [[P3(x, y, z - 1), P3(x + 1, y, z - 1), P3(x + 1, y, z), P3(x, y, z)],
  [P3(x, y, z - 1), P3(x, y + 1, z - 1), P3(x, y + 1, z), P3(x, y, z)], isoTop(x, y, z)];
const points = (ps) => ps.map((p) => p.join(",")).join(" ");
function isoCell(wx, wy, z) {
  const u = wx / 16, v = -(wy + z * 14) / 8;
  return [Math.floor((u + v) / 2), Math.floor((v - u) / 2)];
}
// the box around the tops of these cells at height z (with the faces below them)
function isoBox(cells, z) {
  const xs = cells.map(([x, y]) => x - y), ys = cells.map(([x, y]) => x + y);
  return { x0: (Math.min(...xs) - 1) * 16, x1: (Math.max(...xs) + 1) * 16,
    y0: -(Math.max(...ys) + 2) * 8 - z * 14, y1: -Math.min(...ys) * 8 - (z - 1) * 14 };
}
// Which cubes hide a shape drawn over the picture (a tile's cubes on its level, a spot's
// top face): those drawn after the shape's cell in drawIso's order (back to front) whose
// outline overlaps the shape's.  A cube's outline is a hexagon with edges running three
// ways (up, and along x and y), so projecting on those edges' normals separates any two.
const AXES = [[1, 0], [1, 2], [1, -2]];
const cubeOutline = (x, y, z) => [P3(x, y, z - 1), P3(x + 1, y, z - 1), P3(x, y + 1, z - 1), ...isoTop(x, y, z)];
function overlap(a, b) {
  return AXES.every(([u, v]) => {
    const pa = a.map(([x, y]) => x * u + y * v), pb = b.map(([x, y]) => x * u + y * v);
    return Math.min(...pa) < Math.max(...pb) - 0.5 && Math.min(...pb) < Math.max(...pa) - 0.5;
  });
}
const drawnAfter = (c, s) => c.x + c.y < s.x + s.y || (c.x + c.y === s.x + s.y && c.z > s.z);
const backToFront = (a, b) => (b.x + b.y) - (a.x + a.y) || a.z - b.z;
const inFront = (cubes, shapes) => (shapes.length ? cubes.filter((c) => shapes.some((s) => drawnAfter(c, s) && overlap(cubeOutline(c.x, c.y, c.z), s.outline))) : []);
const shade = (hex, f) => {
  const n = parseInt(hex.slice(1), 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(v * f));
  return `rgb(${c.join(",")})`;
};
// one cube: its front, left and top faces, the top outlined by `mark`: "last" (the last move
// put it there), "earlier" (an earlier move marked with it, thinner), "decider" (a tile of
// the level that decided the game, in gold as in 2D) or "last-over" (the last move of a
// finished game, dashed blue as in 2D: the gold is the deciding tiles')
const TOPS = {
  last: { "stroke-width": 2.2, class: "iso-last lm-stroke" },
  earlier: { "stroke-width": 1.4, class: "iso-earlier lm-stroke" },
  decider: { "stroke-width": 2.6, stroke: "#f5b800", class: "iso-decider" },
  "last-over": { "stroke-width": 1.8, stroke: "#1f6feb", "stroke-dasharray": "3 2", class: "iso-last-over" },
};
function isoCube({ x, y, z, seat }, mark) {
  const g = svgEl("g", { class: "cube", "data-cube": `${x},${y},${z}` });
  const col = seatColours[seat];
  const poly = (ps, fill, extra = {}) => svgEl("polygon", { points: points(ps), fill, stroke: "rgba(0,0,0,.45)", "stroke-width": 0.7, ...extra }, g);
  const [front, left, top] = isoFaces(x, y, z);
  poly(front, shade(col, 0.72));
  poly(left, shade(col, 0.55));
  poly(top, col, TOPS[mark] || {});
  return g;
}
// The structure in isometric perspective, back to front.  `drawn` ("x,y,z" -> { g, sig }:
// the cubes already in `parent`, kept from the last call) makes a redraw touch only the
// cubes that changed: a state with the same position changes nothing on the page, a move
// adds its five cubes (and moves the last move's outline).  `marks`: the tiles marked, the
// last move last; `over`: the game is over, `deciders` ("x,y,z") the cubes of the tiles
// on the level that decided it.  Returns the picture's box.
function drawIso(parent, m, { marks = [], drawn = new Map(), over = false, deciders = new Set() } = {}) {
  const cubes = [];
  for (const [k, layer] of m.layers) {
    const [x, y] = k.split(",").map(Number);
    layer.forEach((seat, i) => { if (seat !== undefined) cubes.push({ x, y, z: i + 1, seat }); });
  }
  if (!cubes.length) {
    drawn.clear();
    parent.replaceChildren();
    const t = svgEl("text", { x: 0, y: 0, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, fill: "#6b665e", class: "pu-note" }, parent);
    t.textContent = "The table is empty";
    return { x0: -100, x1: 100, y0: -60, y1: 60 };
  }
  const marked = new Map();   // "x,y,z" -> a kind of TOPS
  marks.forEach((t, i) => { for (const [x, y] of t.cells) marked.set(`${x},${y},${t.level}`, i < marks.length - 1 ? "earlier" : over ? "last-over" : "last"); });
  for (const key of deciders) marked.set(key, "decider");
  cubes.sort(backToFront);
  // the cubes in this order: those drawn kept (moved only when out of place), the others
  // made; whatever is left after them is gone
  let at = parent.firstChild;
  const seen = new Set();
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (const c of cubes) {
    const { x, y, z } = c;
    const key = `${x},${y},${z}`;
    const mark = marked.get(key);
    const sig = `${c.seat}${mark || ""}`;
    let had = drawn.get(key);
    if (had && had.sig !== sig) {
      if (had.g === at) at = at.nextSibling;
      had.g.remove();
      had = null;
    }
    if (!had) drawn.set(key, had = { g: isoCube(c, mark), sig });
    if (had.g === at) at = at.nextSibling;
    else parent.insertBefore(had.g, at);
    seen.add(key);
    // the faces' corners: x from x - y - 1 to x - y + 1, y from the top's back corner
    // to the front faces' bottom corner
    x0 = Math.min(x0, (x - y - 1) * 16); x1 = Math.max(x1, (x - y + 1) * 16);
    y0 = Math.min(y0, -(x + y + 2) * 8 - z * 14); y1 = Math.max(y1, -(x + y) * 8 - (z - 1) * 14);
  }
  while (at) { const next = at.nextSibling; at.remove(); at = next; }
  for (const key of drawn.keys()) if (!seen.has(key)) drawn.delete(key);
  return { x0: x0 - 12, x1: x1 + 12, y0: y0 - 12, y1: y1 + 12 };
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
  const b = drawIso(svg, m);
  svg.setAttribute("viewBox", `${b.x0} ${b.y0} ${b.x1 - b.x0} ${b.y1 - b.y0}`);
  return svg;
}

// The create form shows an option only where it applies (home.js): teams with 4 players.
export const optionApplies = { teams: (options) => options.players === 4 };
// ... and who plays with whom then (RULES.md: partners sit opposite)
export const formTeams = (options) => (options.players === 4 && options.teams !== false ? [[0, 2], [1, 3]] : null);

const short = (payload, seat) => (payload.short ? payload.short[seat] : NAMES[seat]);
const full = (payload, seat) => (payload.names ? payload.names[seat] : NAMES[seat]);

export function seatInfo(payload, seat) {
  const hand = payload.state.hands ? payload.state.hands[seat].length : "?";
  return `${hand} tile${hand === 1 ? "" : "s"} left`;
}

// 4 players in teams: who plays with whom, and the team's tiles left
export function teams(payload) {
  const d = payload.details;
  if (!d || !d.sides || d.sides.length === payload.table.seats.length) return null;
  const hands = payload.state.hands;
  return d.sides.map((side) => ({
    seats: side,
    label: side.map((s) => short(payload, s)).join(" + "),
    info: hands ? `${side.reduce((n, s) => n + hands[s].length, 0)} tiles left` : "",
  }));
}

const RULE = {
  standard: "Tiles on each level, top level first: most tiles on the top level leads; a tie looks one level down.",
  misere: "Misère — tiles on each level, level 1 first: most tiles on the table leads; a tie looks one level up.",
  advanced: "Advanced — each tile scores its level: most points leads; a tie goes to the most tiles on the top level, then one level down, and so on.",
};

function sideRows(payload) {
  const d = payload.details;
  const counts = d.level_counts;
  const teamed = d.sides.length < counts.length;
  return d.sides.map((side, i) => ({
    label: teamed ? side.map((s) => short(payload, s)).join(" + ") : full(payload, side[0]),
    seats: side, record: d.records[i],
    counts: counts[0].map((_, lv) => side.reduce((n, s) => n + counts[s][lv], 0)),
  }));
}

// Levels 1..top in the order the scoring compares them: the top first, misère level 1 first.
const levelOrder = (scoring, top) => [...Array(top).keys()].map((i) => (scoring === "misere" ? i + 1 : top - i));

// The records as a small table: tiles per level (what "record 0·2·5" meant).
export function playersExtra(payload) {
  const d = payload.details;
  if (!d || !d.level_counts || !d.level_counts.length) return null;
  const T = d.level_counts[0].length;
  if (!T) return null;
  const rows = sideRows(payload);
  const order = levelOrder(d.scoring, T);
  const best = rows.reduce((a, r) => (compare(r.record, a.record) > 0 ? r : a), rows[0]);
  const unique = rows.filter((r) => compare(r.record, best.record) === 0).length === 1;
  const table = el("table", { class: "levels", id: "pu-levels" },
    el("caption", {}, RULE[d.scoring] || RULE.standard),
    el("tr", {}, el("th", {}, "level"), ...order.map((lv) => el("th", {}, lv)), d.scoring === "advanced" ? el("th", {}, "points") : ""));
  for (const r of rows) {
    const tr = el("tr", { class: (r === best && unique ? "leads" : "") + (r.seats.length > 1 ? " team-row" : ""), "data-side": r.seats.join("+") },
      el("td", {}, ...r.seats.map((s) => el("span", { class: "swatch", style: `background:${seatDots[s]};margin-right:.25rem` })), r.label),
      ...order.map((lv) => el("td", {}, r.counts[lv - 1])),
      d.scoring === "advanced" ? el("td", {}, r.counts.reduce((s, n, i) => s + n * (i + 1), 0)) : "");
    table.append(tr);
  }
  return table;
}

export function resultDetails(payload) {
  const d = payload.details;
  if (!d || !d.level_counts) return null;
  const top = d.level_counts[0].length;
  const dec = decidingLevel(d, payload.winners);
  const table = el("table", { class: "breakdown" });
  const head = el("tr", {}, el("th", {}, "tiles on level"));
  const order = levelOrder(d.scoring, top);   // (misère: level 1 first, as the panel has it)
  for (const lv of order) head.append(el("th", { class: dec && dec.level === lv ? "decisive" : "" }, String(lv)));
  if (d.scoring === "advanced") head.append(el("th", { class: dec && dec.level === null ? "decisive" : "" }, "points"));
  table.append(head);
  d.level_counts.forEach((row, seat) => {
    const tr = el("tr", { "data-seat": seat }, el("td", {}, el("span", { class: "swatch", style: `background:${seatDots[seat]}` }), " ", full(payload, seat)));
    for (const lv of order) tr.append(el("td", { class: dec && dec.level === lv ? "decisive" : "" }, row[lv - 1]));
    if (d.scoring === "advanced") tr.append(el("td", { class: dec && dec.level === null ? "decisive" : "" }, row.reduce((s, n, i) => s + n * (i + 1), 0)));
    table.append(tr);
  });
  const rows = sideRows(payload);
  const winning = rows.filter((r) => r.seats.some((s) => payload.winners.includes(s)));
  let why = "";
  if (dec && dec.level !== null) {
    // only the sides still level with the winner there: one behind on a level compared
    // before is out already ("Red 3" on the deciding level would read as Red's lead)
    const win = winning[0].record;
    const level = rows.filter((r) => compare(r.record.slice(0, dec.index), win.slice(0, dec.index)) === 0);
    // advanced: the points came first, and were level ("24 points each; …")
    const tied = d.scoring === "advanced" && level.length > 1 ? `${win[0]} points each; the tie goes to level ${dec.level}: ` : `Decided on level ${dec.level}: `;
    const its = payload.winners.length > 1 ? "their" : "its";   // a team: theirs
    why = [tied + level.map((r) => `${r.label} ${r.counts[dec.level - 1]}`).join(", "),
      // the gold is on the end's board: a step before it shows the last move's mark
      el("span", { class: "at-end" }, ` — ${its} tiles are outlined in gold on the board.`),
      el("span", { class: "before-end" }, ` — step to the end to see ${its} tiles outlined in gold.`)];
  } else if (dec) why = "Decided on points.";
  if (winning.length > 1)   // sides level on everything: the win is shared
    why = [why, `${why ? " " : ""}${winning.map((r) => r.label).join(" and ")} are level on ${d.scoring === "advanced" ? "points and on " : ""}every level: they share the win.`].flat();
  const teamsLine = d.sides.length < d.level_counts.length
    ? el("p", {}, "Teams: " + rows.map((r) => `${r.label} (${order.map((lv) => r.counts[lv - 1]).join("·")})`).join(" against ")) : "";
  return el("div", {}, table, teamsLine, why.length ? el("p", { id: "pu-decided" }, why) : "", el("p", { class: "rule-note" }, RULE[d.scoring] || RULE.standard));
}

// A move's text in words: the tile and the corners of its cells' box, x,y as the table's
// rulers number them ("I:0,0;1,0;2,0;3,0;4,0" -> "I on 0,0 to 4,0").
export function moveWords(text) {
  const [piece, body] = text.split(":");
  if (!body) return text;
  return `${piece} on ${corners(cellsOf(body))}`;
}
const cellsOf = (body) => body.split(";").map((c) => c.split(",").map(Number));
// a tile as the move log words it: "L on level 2 (0,0 to 4,0)"
const tileWords = (piece, level, cells) => `${piece} on level ${level}${cells ? ` (${corners(cells)})` : ""}`;
const corners = (cells) => {
  const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
  return `${Math.min(...xs)},${Math.min(...ys)} to ${Math.max(...xs)},${Math.max(...ys)}`;   // "–" read as a typo before a minus: "-14,-3–-12,-2"
};

// A move played (or playable) as move i of the game shown, as the move log words it: its
// level is the highest of the tiles under its cells then, plus one ("U on level 2 (…)")
export function moveWordsAt(payload, text, i) {
  const [piece, body] = text.split(":");
  const tiles = payload.state.tiles;
  if (!body || !tiles || i === null || i > tiles.length) return moveWords(text);
  const cells = cellsOf(body);
  const under = new Map();
  for (const t of tiles.slice(0, i)) for (const [x, y] of t.cells || []) under.set(`${x},${y}`, Math.max(under.get(`${x},${y}`) || 0, t.level));
  return tileWords(piece, 1 + Math.max(...cells.map(([x, y]) => under.get(`${x},${y}`) || 0)), cells);
}

// Where a suggested move goes, as the move log words it: " (0,0 to 4,0)", or "" without cells
const hintPlace = (text) => (text.includes(":") ? ` (${moveWords(text).split(" on ")[1]})` : "");

// The move log: "Black: L on level 2 (0,0 to 4,0)"
export function describeMove(payload, i) {
  const t = payload.state.tiles && payload.state.tiles[i];
  if (!t) return null;
  return { seat: t.seat, text: `${short(payload, t.seat)}: ${tileWords(t.piece, t.level, t.cells)}` };
}

export function createView(root, ctx) {
  let payload = null;
  let m = null;
  let moves = new Map();
  let selected = null;      // piece letter
  let shape = null;         // current orientation (normalized cells)
  let staged = null;        // { cells, text, legal }
  let refused = null;       // cells the server just refused (drawn red until the next action)
  let hover = null;         // [x, y]
  let mode = "2d";
  let replay = false;
  let lit = null;           // ply highlighted from the log
  let hinted = null;        // { move, why }: the computer's suggestion
  const orientMemory = new Map();

  const [rotateBtn, flipBtn] = turnButtons("pu", () => turn(rotate), () => turn(flip));
  const [cancelBtn, confirmBtn] = stepButtons("pu", () => cancel(), () => confirm());
  const viewBtn = el("button", { type: "button", class: "bv-btn", id: "pu-view", title: "Switch between the flat and the 3D view",
    onclick: () => toggleMode() }, "3D view");
  function toggleMode() {
    mode = mode === "2d" ? "3d" : "2d";
    viewBtn.textContent = mode === "2d" ? "3D view" : "2D view";
    const { box } = draw();
    bv.show(mode === "2d" ? contentBox : box, { animate: false, centre: mode === "3d" });
    bv.fit(false);
  }
  const rulers = { cell: S, top: 20, left: 30, col: (i) => String(i), row: (j) => String(-j - 1) };
  // the structure and the blue dots keep clear of the view buttons (they hid the bottom rows)
  const bv = new BoardView(root, { id: "pu-board", mode: "grow", maxScale: 1.7, minAutoScale: 15 / S, rulers, tools: [viewBtn],
    clearTools: true });
  const hint = el("div", { class: "pu-hint", id: "pu-hint" });
  const errorLine = el("div", { class: "error-line", id: "pu-error", role: "alert" });
  const tray = el("div", { class: "tray pu-tray", id: "pu-tray" });
  const settleTray = rovingTray(tray, "Your tiles");
  const frame = gameFrame(root, { view: bv, messages: [hint, errorLine], tray, actions: [rotateBtn, flipBtn, cancelBtn, confirmBtn] });
  // first move: the dots cover what is in view, so follow the view once it settles (not
  // on every frame of a zoom: the dots keep their size on screen meanwhile); the board is
  // "moving" until they have followed it (what waits for a settled board waits for them)
  let settleTimer = null;
  bv.onChange(() => {
    if (!(firstMove() && selected && mode === "2d" && flat)) return;
    clearTimeout(settleTimer);
    bv.holdMoving(true);
    settleTimer = setTimeout(() => {
      if (flat) drawDestinations();
      bv.holdMoving(false);
    }, 150);
  });

  // the grid of the open table: one pattern, far out in every direction
  const defs = svgEl("defs", {}, bv.svg);
  const pat = svgEl("pattern", { id: "pu-grid", width: S, height: S, patternUnits: "userSpaceOnUse" }, defs);
  svgEl("path", { d: `M${S} 0H0V${S}`, fill: "none", stroke: "#d3c8b5", "stroke-width": 1, class: "pu-grid-line" }, pat);
  anywhereDots(defs, bv);
  bv.svg.insertBefore(defs, bv.svg.firstChild);

  const myTurn = () => !replay && payload && payload.you !== null && payload.you === payload.current_player;
  const firstMove = () => m && m.tiles.length === 0;
  // the level the chosen tile goes on (every place of it is on one level), 1 with none;
  // in 3D the pointer, the dots and the keys' cursor are on the surface it rests on, the
  // tops of the cubes one level down (the floor for level 1): where a player points
  const level3d = () => (selected && moves.get(selected) ? moves.get(selected).level : 1);
  const surface3d = () => level3d() - 1;
  const lastMove = () => {
    if (!payload || !payload.history.length || !m.tiles.length) return null;
    const t = m.tiles[m.tiles.length - 1];
    return { ...t, text: payload.history[payload.history.length - 1] };
  };
  // the tiles marked: the last move, and with 3–4 players every move since your own
  const markedMoves = () => {
    const last = lastMove();
    if (!last || m.tiles.length !== payload.history.length) return last ? [{ ...last, ply: m.tiles.length - 1 }] : [];
    return sinceOwnMove(payload, (i) => m.tiles[i].seat, replay).map((i) => ({ ...m.tiles[i], text: payload.history[i], ply: i }));
  };

  function candidateAt(x, y) {
    if (!shape || !selected) return null;
    const [gx, gy] = shape[0];
    const cells = shape.map(([cx, cy]) => [cx - gx + x, cy - gy + y]);
    const text = placementText(selected, cells);
    const entry = moves.get(selected);
    // the very first tile may go anywhere: any translation of a listed shape is legal
    const legal = !!entry && (firstMove() ? entry.keys.has(shapeKey(cells)) : entry.texts.has(text));
    return { cells, text, legal };
  }

  // The placements of the chosen tile as it is turned, each with the cell it is held by
  // (`grab`): worked out once for a state, tile, orientation (and for the first tile, the
  // cells in view) — the same array while they stay the same.
  let dests = { id: null, list: [] };
  const NONE = [];
  function destinations() {
    if (!selected || !shape || !moves.has(selected)) return NONE;
    const key = shapeKey(shape);
    const entry = moves.get(selected);
    const first = firstMove();
    let range = null;
    if (first && mode === "3d") range = [-6, 6, -6, 6];   // (3D draws no dots for it: any cell will do)
    else if (first) {   // a dot on every spot in view (any other spot is just as good: click it)
      const v = bv.visibleWorld() || worldBox({ x0: -6, x1: 6, y0: -4, y1: 4 });
      range = [Math.max(-30, Math.ceil(v.x0 / S)), Math.min(30, Math.floor(v.x1 / S) - 1),
        Math.max(-30, Math.ceil(-v.y1 / S)), Math.min(30, Math.floor(-v.y0 / S) - 1)];
    }
    const id = [entry, key, first, String(range)];
    if (dests.id && id.every((x, i) => x === dests.id[i])) return dests.list;
    let list;
    if (!first) {
      list = entry.moves.filter((mv) => mv.key === key);
      for (const mv of list) mv.grab ||= grabCell(mv.cells);
    } else list = entry.keys.has(key) ? anywhere(range) : NONE;
    dests = { id, list };
    return list;
  }

  // the first tile: every translation of the shape inside the cells in range; `field`: the
  // cells they are held by
  function anywhere([cx0, cx1, cy0, cy1]) {
    const out = [];
    const w = Math.max(...shape.map((c) => c[0])), h = Math.max(...shape.map((c) => c[1]));
    const [gx, gy] = shape[0];
    for (let x = cx0; x + w <= cx1; x++) for (let y = cy0; y + h <= cy1; y++) {
      const cells = shape.map(([cx, cy]) => [cx + x, cy + y]);
      out.push({ text: placementText(selected, cells), cells, grab: [x + gx, y + gy], first: true });
    }
    if (out.length) out.field = { x0: cx0 + gx, x1: cx1 - w + gx, y0: cy0 + gy, y1: cy1 - h + gy };
    return out;
  }

  function clearMessages() { errorLine.textContent = ""; refused = null; }

  function selectPiece(piece) {
    if (!myTurn()) return;
    clearMessages();
    if (selected === piece) { kg.focus(); return; }   // chosen again: on to the board
    selected = piece;
    staged = null;
    const keys = moves.get(piece)?.keys || new Set();
    const remembered = orientMemory.get(piece);
    shape = remembered && keys.has(shapeKey(remembered)) ? remembered
      : orientations(piece).find((o) => keys.has(shapeKey(o))) || normalize(PIECES[piece]);
    drawAndShowSpots();
  }

  function turn(fn) {
    if (!selected || !myTurn()) return;
    shape = fn(shape);
    orientMemory.set(selected, shape);
    staged = null;
    clearMessages();
    drawAndShowSpots();
  }

  // a tile chosen or turned: its spots come into view (unless the board was moved by hand)
  function drawAndShowSpots() {
    const { box } = draw();
    bv.show(mode === "2d" ? contentBox : box, { focus: focusBox, animate: true, centre: mode === "3d" });
  }

  function stage(x, y) {
    if (!myTurn() || !selected) return;
    const c = candidateAt(x, y);
    if (!c) return;
    staged = c;
    refused = null;
    errorLine.textContent = c.legal ? "" : whyNot(c.cells);
    draw();
  }

  // Why the chosen tile cannot go on these cells, where the heights under them say it (the
  // highest-level rule above all): else Confirm asks the server, which names the rule.
  function whyNot(cells) {
    const heights = cells.map(([x, y]) => m.height.get(`${x},${y}`) || 0);
    const entry = moves.get(selected);
    const at = heights[0] + 1;
    if (heights.some((h) => h !== heights[0])) {
      return `The ${selected} cannot go there: the squares under it are at different heights (a tile lies flat, on one level). Choose a blue dot.`;
    }
    if (entry && at < entry.level) {
      return `The ${selected} must go on level ${entry.level}, the highest level it fits anywhere (Pent-Up's rule); this spot is on level ${at}. Choose a blue dot.`;
    }
    return `The ${selected} cannot go there: choose a blue dot (Confirm says which rule forbids this one).`;
  }

  function confirm() {
    if (!staged || !myTurn()) return;
    if (!ctx.sendMove(staged.text)) return;
    kg.focus();   // the next turn starts on the board
    confirmBtn.disabled = true;
  }

  function cancel() {
    if (staged) staged = null;
    else selected = shape = null;
    clearMessages();
    draw();
  }

  const unbindKeys = gameKeys({
    r: () => (turn(rotate), true), f: () => (turn(flip), true), Escape: () => (cancel(), true),
    Enter: () => !!staged && (confirm(), true), 0: () => (bv.fit(), true),
  });

  // the keyboard's cursor: a cell of the table, as the rulers number it; the selected tile's
  // ghost follows it, held by the same cell as a destination dot
  const kg = new KeyGrid(bv, {
    name: "Pent-Up table",
    help: "Arrow keys move the cursor over the table, the selected tile's ghost with it; R and F turn the tile, N jumps to the next place it fits, Enter or Space stages it; Enter again, or Confirm, plays it.",
    start: () => hover || (staged && grabCell(staged.cells)) || (destinations()[0] && destinations()[0].grab)
      || (lastMove() && lastMove().cells[0]) || [0, 0],
    step: ([x, y], dx, dy) => [x + dx, y - dy],
    rect: ([x, y]) => {
      if (mode === "2d") return { x: X(x), y: Y(y), w: S, h: S };
      const z = surface3d();   // 3D: the top of the cell the tile rests on
      return { x: (x - y - 1) * 16, y: -(x + y + 2) * 8 - z * 14, w: 32, h: 16 };
    },
    describe: (cell) => {
      if (!m) return `cell ${cell.join(",")}`;
      let t = cellText(cell.join(","), m);
      const c = selected && myTurn() ? candidateAt(...cell) : null;
      if (c && staged && c.text === staged.text) {
        t += staged.legal ? ` — the ${selected} is staged here: Enter plays it`
          : ` — the ${selected} is staged here but does not fit: Enter asks which rule forbids it`;
      } else if (c) t += c.legal ? ` — the ${selected} fits here, on level ${moves.get(selected).level}` : ` — the ${selected} does not fit here`;
      if (selected && myTurn() && !destinations().length) t += `; it fits nowhere this way round: press R or F to turn it`;
      return t;
    },
    activate: ([x, y]) => {
      if (!myTurn()) return;
      if (!selected) { errorLine.textContent = "Choose a tile in your tray first."; return; }
      const c = candidateAt(x, y);
      if (staged && c && c.text === staged.text) confirm(); else stage(x, y);
    },
    onMove: (cell) => { hover = cell; drawGhosts(); },
    spots: () => destinations().map((mv) => mv.grab),
    onNoSpot: () => {
      if (selected && myTurn()) errorLine.textContent = `No place for the ${selected} this way round: press ${turnKeys} to turn it.`;
    },
  });

  // the cell under the pointer: in 3D, the one whose top on the surface the chosen tile
  // rests on is under it (every place of a tile is on one level: the highest-level rule)
  function cellFromEvent(ev) {
    const [wx, wy] = bv.toWorld(ev.clientX, ev.clientY);
    if (mode === "3d") return isoCell(wx, wy, surface3d());
    return [Math.floor(wx / S), -Math.floor(wy / S) - 1];
  }
  bv.svg.addEventListener("pointermove", (ev) => {
    if (!selected || ev.pointerType === "touch") return;
    // over a spot's target, its cell: the ghost shows what a click there stages
    const spot = ev.target.closest && ev.target.closest("[data-dest]") && spotAt(ev);
    const c = spot ? spot.dataset.dest.split(",").map(Number) : cellFromEvent(ev);
    if (hover && hover[0] === c[0] && hover[1] === c[1]) return;
    hover = c;
    drawGhosts();
  });
  bv.svg.addEventListener("pointerleave", () => { hover = null; drawGhosts(); });
  bv.svg.addEventListener("click", (ev) => {
    if (mode === "3d" && !(selected && myTurn())) return;   // (nothing to place: the picture is looked at)
    const target = ev.target.closest("[data-dest]") && spotAt(ev);
    const c = target ? target.dataset.dest.split(",").map(Number) : ev.target.closest(".bv-rulers") ? null : cellFromEvent(ev);
    if (!c) return;
    kg.set(c);
    stage(c[0], c[1]);
  });

  function drawTray() {
    tray.hidden = !payload || payload.you === null || replay;
    if (tray.hidden) { syncPieces(tray, []); return; }
    const hand = m.hands ? m.hands[payload.you] : [];
    syncPieces(tray, PIECE_NAMES.filter((piece) => hand.includes(piece)).map((piece) => {
      const info = moves.get(piece);
      const active = !!(myTurn() && info);
      const cells = selected === piece && shape ? shape : PIECES[piece];
      return { key: piece, sig: JSON.stringify([selected === piece, active, myTurn(), info ? info.level : 0, payload.you, cells]),
        make: () => {
          // a tile that cannot be played now is still reached on your turn (it says why); the
          // tray is one Tab stop, and none while the others play (tray.js)
          const tile = el("div", { class: "pu-tile" + (selected === piece ? " selected" : "") + (active ? "" : " none"),
            "data-piece": piece, "data-level": info ? info.level : "", title: info ? `${piece}: must go on level ${info.level}` : piece,
            role: "button", "aria-pressed": selected === piece ? "true" : "false", "aria-disabled": active ? "false" : "true",
            "aria-label": info ? `${piece}, goes on level ${info.level}` : `${piece}${myTurn() ? ", fits nowhere now" : ""}`,
            tabindex: -1, onclick: () => selectPiece(piece) },
          el("span", { class: "pic" }, shapeSvg(cells, { size: 8, fill: seatColours[payload.you], stroke: "#555" })),
          el("span", { class: "letter" }, piece));
          if (info) tile.append(el("span", { class: "lvl" }, `L${info.level}`));
          return tile;
        } };
    }));
    settleTray(myTurn());
  }

  let flat = null;   // the 2D table drawn (pentup-table.js), null in 3D
  let iso = null;    // the cubes drawn in 3D (drawIso's `drawn`), null in 2D
  let isoLayers = null;   // 3D: { cubes, dest, ghost, front }, the groups drawn into
  function drawDestinations() {
    if (flat) flat.destinations(mode === "2d" ? destinations() : NONE, bv);
    if (isoLayers) drawIsoDestinations();
  }

  // 3D: a dot on the top of each cell the chosen tile can be held by, on the surface it
  // rests on, and that top face as the spot's target (a circle of a fixed size on the
  // screen covered the next cell's dot: the cells are close in 3D); the first tile, which
  // may go anywhere, has none: any cell will do
  let isoDots = null;
  function drawIsoDestinations() {
    const list = myTurn() && selected && !firstMove() ? destinations() : NONE;
    if (list === isoDots) return;
    isoDots = list;
    const g = isoLayers.dest;
    g.replaceChildren();
    const z = surface3d();
    for (const mv of list) {
      const [dx, dy] = mv.grab;
      const [cx, cy] = P3(dx + 0.5, dy + 0.5, z);
      const d = svgEl("g", { class: "dest", "data-dest": `${dx},${dy}`, "data-move": mv.text, style: "cursor:pointer" }, g);
      svgEl("polygon", { points: points(isoTop(dx, dy, z)), fill: "transparent", class: "hit" }, d);
      svgEl("circle", { cx, cy, r: 5, "data-sr": 6.5, "data-wr": 5, fill: "#1f6feb", stroke: "#fff", "stroke-width": 2,
        class: "dot", "vector-effect": "non-scaling-stroke" }, d);
    }
    bv.refreshMarks(g);
    drawIsoFront();
  }

  // 3D: the cubes in front of the spots and of the tiles shown on their level, drawn
  // again over them, see-through: a spot or a tile behind a taller stack is seen behind
  // it, not over it (the clicks go through to the spots)
  let ghostCells = [];   // the cells of the tiles shown on their level (drawGhosts)
  let isoDrawn = 0;      // how many times the cubes were drawn (redraw)
  let dotsFront = null;  // the cubes in front of the spots: { dots, drawn, cubes }
  function drawIsoFront() {
    const cubes = [...iso.keys()].map((k) => { const [x, y, z] = k.split(",").map(Number); return { x, y, z }; });
    if (!dotsFront || dotsFront.dots !== isoDots || dotsFront.drawn !== isoDrawn) {   // (not at every move of the pointer)
      const z = surface3d();
      dotsFront = { dots: isoDots, drawn: isoDrawn,
        cubes: inFront(cubes, (isoDots || []).map(({ grab: [x, y] }) => ({ x, y, z, outline: isoTop(x, y, z) }))) };
    }
    const level = level3d();
    const ghosts = inFront(cubes, ghostCells.map(([x, y]) => ({ x, y, z: level, outline: cubeOutline(x, y, level) })));
    const keys = new Set([...dotsFront.cubes, ...ghosts].sort(backToFront).map(({ x, y, z }) => `${x},${y},${z}`));
    isoLayers.front.replaceChildren(...[...keys].map((key) => {
      const copy = iso.get(key).g.cloneNode(true);
      copy.removeAttribute("data-cube");
      copy.setAttribute("class", "cube-front");
      copy.dataset.front = key;
      return copy;
    }));
  }

  // 3D: a tile shown on its level as cubes over the picture, back to front
  function isoGhost(parent, cells, fill, stroke, cls, bad = false) {
    const z = level3d();
    const gg = svgEl("g", { class: cls + (bad ? " illegal" : "") }, parent);
    const line = { stroke, "stroke-width": 1.6, "vector-effect": "non-scaling-stroke", ...(bad ? { "stroke-dasharray": "4 3" } : {}) };
    for (const [x, y] of [...cells].sort((a, b) => (b[0] + b[1]) - (a[0] + a[1]))) {
      const poly = (ps, extra = {}) => svgEl("polygon", { points: points(ps), fill, ...line, ...extra }, gg);
      const [front, left, top] = isoFaces(x, y, z);
      poly(front, { "fill-opacity": 0.6 });
      poly(left, { "fill-opacity": 0.8 });
      poly(top);
    }
  }

  function drawGhosts() {
    if (isoLayers) {
      const g = isoLayers.ghost;
      g.replaceChildren();
      ghostCells = [];
      const ghost = (cells, ...how) => { isoGhost(g, cells, ...how); ghostCells.push(...cells); };
      if (refused) ghost(refused, "rgba(180,35,24,.45)", "#b42318", "refused", true);
      const c = hover && selected && myTurn() ? candidateAt(hover[0], hover[1]) : null;
      if (c && !(staged && staged.text === c.text)) {
        ghost(c.cells, c.legal ? "rgba(26,127,55,.55)" : "rgba(180,35,24,.45)", c.legal ? "#1a7f37" : "#b42318", "ghost", !c.legal);
      }
      if (staged) ghost(staged.cells, staged.legal ? "rgba(31,111,235,.65)" : "rgba(180,35,24,.55)", staged.legal ? "#1f6feb" : "#b42318", "staged", !staged.legal);
      drawIsoFront();
      return;
    }
    if (!flat) return;
    const g = flat.ghost;
    g.replaceChildren();
    if (mode !== "2d") return;
    // not only red where it cannot go: dashed, with a ✗
    const ghost = (cells, fill, stroke, cls, bad = false) => {
      const gg = svgEl("g", { class: cls + (bad ? " illegal" : "") }, g);
      for (const [x, y] of cells) {
        svgEl("rect", { x: X(x) + 2, y: Y(y) + 2, width: S - 4, height: S - 4, fill, stroke, "stroke-width": 2, ...(bad ? { "stroke-dasharray": "5 3" } : {}) }, gg);
      }
      if (bad) {
        const [x, y] = cells[0];
        const t = svgEl("text", { x: X(x) + S / 2, y: Y(y) + S / 2 + 7, "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: "#7a1610", class: "no-mark" }, gg);
        t.textContent = "✗";
      }
    };
    if (refused) ghost(refused, "rgba(180,35,24,.30)", "#b42318", "refused", true);
    if (hover && selected && myTurn()) {
      const c = candidateAt(hover[0], hover[1]);
      if (c && !(staged && staged.text === c.text)) {
        ghost(c.cells, c.legal ? "rgba(26,127,55,.45)" : "rgba(180,35,24,.35)", c.legal ? "#1a7f37" : "#b42318", "ghost", !c.legal);
      }
    }
    if (staged) ghost(staged.cells, staged.legal ? "rgba(31,111,235,.55)" : "rgba(180,35,24,.45)", staged.legal ? "#1f6feb" : "#b42318", "staged", !staged.legal);
    if (staged) g.lastChild.dataset.move = staged.text;   // (which move it is, for a test)
  }

  function drawHighlight() {
    const g = flat.hl;
    g.replaceChildren();
    if (!lit || mode !== "2d") return;
    const t = m.tiles[lit - 1];
    if (!t) return;
    const hg = svgEl("g", { class: "log-hl", "data-ply": lit, "data-move": payload.history[lit - 1] || "" }, g);
    for (const [x, y] of t.cells) svgEl("rect", { x: X(x) + 1, y: Y(y) + 1, width: S - 2, height: S - 2, fill: "rgba(31,111,235,.28)" }, hg);
    outline(hg, t.cells, { stroke: "#1f6feb", "stroke-width": 4 });
  }

  function destsInView() {
    const v = bv.visibleWorld();
    if (!v) return true;
    if (mode === "3d") {
      const z = surface3d();
      return destinations().some((mv) => {
        const [cx, cy] = P3(mv.grab[0] + 0.5, mv.grab[1] + 0.5, z);
        return cx >= v.x0 && cx <= v.x1 && cy >= v.y0 && cy <= v.y1;
      });
    }
    return destinations().some((mv) => mv.cells.some(([x, y]) => X(x) >= v.x0 && X(x + 1) <= v.x1 && Y(y) >= v.y0 && Y(y - 1) <= v.y1));
  }

  // what the view keeps in sight (after a resize too): the staged tile, else the last move
  function focusBox() {
    if (mode !== "2d" || !payload) return null;
    const cells = staged ? staged.cells : (lastMove() || {}).cells;
    return cells ? worldBox(bounds(cells, 0.5)) : null;
  }

  function contentBox() {
    const cells = [...m.height.keys()].map((k) => k.split(",").map(Number));
    // the blue dots of the tile chosen too: Fit (and the view growing by itself) shows
    // every spot it may go, which may lie beyond the room kept around the structure
    if (myTurn() && selected && !firstMove()) for (const mv of destinations()) cells.push(mv.grab);
    // a cell of room around the structure (the places of a tile chosen are in already: two
    // cells of room made a phone's table 10–17% smaller for nothing)
    const b = cells.length ? bounds(cells, 1) : { x0: -4, x1: 4, y0: -4, y1: 4 };
    // a small structure is not drawn huge: at least 13 × 9 cells (9 × 13 on a tall screen)
    const [mw, mh] = bv.portrait ? [9, 13] : [13, 9];
    while (b.x1 - b.x0 + 1 < mw) { b.x0--; if (b.x1 - b.x0 + 1 < mw) b.x1++; }
    while (b.y1 - b.y0 + 1 < mh) { b.y0--; if (b.y1 - b.y0 + 1 < mh) b.y1++; }
    return worldBox(b);
  }

  // the last move (with 3–4 players the moves since yours too: the earlier ones fainter,
  // each numbered in order), and once the game is over the tiles on the level that decided
  // it (drawn again only when they change: the last move's mark flashes once)
  function drawMarks(marks) {
    const last = marks[marks.length - 1];
    const over = payload.current_player === null;
    const dec = over ? decidingLevel(payload.details, payload.winners) : null;
    const sig = `${marks.map((t) => t.text).join(" ")}|${over}|${dec ? dec.level : ""}|${m.tiles.length}`;
    if (flat.marksSig === sig) return;
    flat.marksSig = sig;
    const w = flat.marks;
    w.replaceChildren();
    if (dec && dec.level) {
      const g = svgEl("g", { class: "deciders", "data-level": dec.level, "pointer-events": "none" }, w);
      m.tiles.forEach((t, i) => {
        if (t.level !== dec.level) return;
        const visible = t.cells.filter(([x, y]) => m.top.get(`${x},${y}`) === i);
        if (!visible.length) return;
        const tg = svgEl("g", { class: "decider", "data-tile": i, "data-seat": t.seat }, g);
        for (const [x, y] of visible) svgEl("rect", { x: X(x) + 2, y: Y(y) + 2, width: S - 4, height: S - 4, fill: "rgba(245,184,0,.30)" }, tg);
        outline(tg, visible, { stroke: "rgba(0,0,0,.5)", "stroke-width": 8, "stroke-linejoin": "round" });
        outline(tg, visible, { stroke: "#f5b800", "stroke-width": 5.5, "stroke-linejoin": "round" });
      });
    }
    // an earlier move: its cells still in sight (a later tile may lie on it), a thinner line
    marks.slice(0, -1).forEach((t, k) => {
      const visible = t.cells.filter(([x, y]) => m.top.get(`${x},${y}`) === t.ply);
      if (!visible.length) return;
      const g = svgEl("g", { class: "earlier-move", "data-move": t.text, "data-order": k + 1, "data-seat": t.seat, "pointer-events": "none" }, w);
      for (const [x, y] of visible) svgEl("rect", { x: X(x) + 2, y: Y(y) + 2, width: S - 4, height: S - 4, fill: "none", class: "lm-cell lm-fill", "fill-opacity": 0.1 }, g);
      outline(g, visible, { "stroke-width": 6, "stroke-linejoin": "round", class: "lm-halo" });
      outline(g, visible, { "stroke-width": 3.5, "stroke-linejoin": "round", "stroke-dasharray": "7 4", class: "lm-stroke" });
    });
    if (last) {
      const g = svgEl("g", { class: bv.lastMoveClass(last.text), "data-move": last.text, "data-level": last.level, "pointer-events": "none" }, w);
      for (const [x, y] of last.cells) svgEl("rect", { x: X(x) + 2, y: Y(y) + 2, width: S - 4, height: S - 4, fill: "none", class: over ? "lm-cell" : "lm-cell lm-fill", "fill-opacity": 0.18 }, g);
      if (over) outline(g, last.cells, { stroke: "#1f6feb", "stroke-width": 3, "stroke-dasharray": "6 4" });  // the deciding tiles take the gold
      else {   // a dark halo under the gold: it reads on the table and on a white tile
        outline(g, last.cells, { "stroke-width": 8, "stroke-linejoin": "round", class: "lm-halo" });
        outline(g, last.cells, { "stroke-width": 5, "stroke-linejoin": "round", class: "lm-stroke" });
      }
    }
    // the order, over every line: on the top-left corner of each tile's top row in sight
    if (marks.length > 1) {
      const nums = svgEl("g", { class: "lm-orders", "pointer-events": "none" }, w);
      marks.forEach((t, k) => {
        const cells = t.cells.filter(([x, y]) => m.top.get(`${x},${y}`) === t.ply);
        if (!cells.length) return;
        const [x, y] = cells.reduce((a, c) => (c[1] > a[1] || (c[1] === a[1] && c[0] < a[0]) ? c : a));
        orderBadge(nums, X(x) + 5, Y(y) + 5, k + 1, 9).dataset.move = t.text;
      });
    }
  }

  // a redraw keeps the focus on the same control (a tile of the tray), or the board
  const draw = () => keepFocus(frame.frame, redraw, () => kg.focus());
  function redraw() {
    if (!payload) return;
    const w = bv.world;
    const last = lastMove();
    const marks = markedMoves();
    let box;
    if (mode === "3d") {
      flat = null;
      if (!iso) {
        w.replaceChildren();
        iso = new Map();
        isoDots = null;
        isoLayers = { cubes: svgEl("g", { class: "iso-cubes" }, w), dest: svgEl("g", { class: "destinations" }, w),
          ghost: svgEl("g", { class: "ghosts", "pointer-events": "none" }, w),
          front: svgEl("g", { class: "iso-front", "pointer-events": "none", opacity: 0.4 }, w) };
        ghostCells = [];
      }
      if (bv.rulers !== null) bv.setRulers(null);
      const over = payload.current_player === null;
      const dec = over ? decidingLevel(payload.details, payload.winners) : null;
      const deciders = new Set(dec && dec.level ? m.tiles.filter((t) => t.level === dec.level).flatMap((t) => t.cells.map(([x, y]) => `${x},${y},${t.level}`)) : []);
      box = drawIso(isoLayers.cubes, m, { marks, drawn: iso, over, deciders });
      isoDrawn++;
      drawIsoDestinations();
      drawGhosts();
      // the view takes in where the chosen tile may go, and the tile staged
      const cells = [...isoDots.flatMap((mv) => mv.cells), ...(staged ? staged.cells : [])];
      if (cells.length) {
        const b = isoBox(cells, level3d());
        box = { x0: Math.min(box.x0, b.x0 - 12), x1: Math.max(box.x1, b.x1 + 12), y0: Math.min(box.y0, b.y0 - 12), y1: Math.max(box.y1, b.y1 + 12) };
      }
    } else {
      iso = isoLayers = null;
      if (bv.rulers !== rulers) bv.setRulers(rulers);
      if (!flat) { w.replaceChildren(); flat = new FlatTable(w); }
      flat.update(m, { open: firstMove() && myTurn() && selected });   // the whole table is open for the first tile
      drawMarks(marks);
      drawDestinations();
      drawGhosts();
      drawHighlight();
      box = contentBox();
    }
    drawTray();
    const mine = myTurn();
    frame.bar.hidden = replay || payload.you === null;
    rotateBtn.disabled = flipBtn.disabled = !mine || !selected;
    confirmBtn.disabled = !mine || !staged;
    cancelBtn.disabled = !mine || (!staged && !selected);
    const entry = selected && moves.get(selected);
    if (replay) hint.textContent = replayNote(payload);
    else if (!mine) hint.textContent = payload.you === null ? "You are watching." : waitingText(payload);
    else if (!selected) hint.textContent = firstMove() ? "Your turn: choose a tile — the first one may go anywhere on the table (a tile's badge is the level it goes on)."
      : "Your turn: choose a tile (its badge is the level it must go on).";
    else if (!destinations().length) hint.textContent = `No place for the ${selected} this way round — press ${turnKeys}.`;
    else if (!staged) hint.textContent = firstMove() ? `First tile: it may go anywhere — ${click} ${mode === "3d" ? "anywhere on the table" : "any cell"} (${turnKeys} turns it).`
      : `The ${selected} goes on level ${entry.level}: ${click} a blue dot${destsInView() ? "" : " (they are out of view: press Fit)"}.`;
    else if (hinted && staged.text === hinted.move) hint.textContent = `Hint: the ${selected} on level ${entry ? entry.level : "?"}${hintPlace(hinted.move)}${hinted.why ? ` — ${hinted.why}` : ""} Press Confirm to play it.`;
    else if (!staged.legal) hint.textContent = `The ${selected} goes on level ${entry ? entry.level : "?"}: ${click} a blue dot${keyHint(" — Esc cancels")}.`;
    else hint.textContent = `Press Confirm${keyHint(" (Enter)")} to play the ${selected} on level ${entry.level}${keyHint(" — Esc cancels")}.`;
    if (mine && selected && !staged && destinations().length) hint.textContent += keyHint(" Keys: arrows on the board, Enter.");
    kg.draw();
    return { box, last };
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
        refused = null;
        hinted = null;
        if (!myTurn() || !moves.has(selected)) { selected = null; shape = null; }
        errorLine.textContent = "";
      }
      const { box, last } = draw();
      // a game over (or a replay) is looked at, not played: all of it fits, however small
      bv.playing = p.current_player !== null && !replay;
      bv.show(mode === "2d" ? contentBox : box, { focus: focusBox, animate: true, centre: mode === "3d" });
    },
    showError(message) {
      errorLine.textContent = message;
      if (staged) refused = staged.cells;
      staged = null;
      draw();
    },
    highlight(ply) { lit = ply; if (payload && flat) drawHighlight(); },
    // the computer's suggestion: the tile selected, turned and staged, so Confirm plays it
    showHint(move, why) {
      if (!myTurn()) return;
      const { piece, cells } = parsePlacement(move);
      selected = piece;
      shape = normalize(cells);
      const entry = moves.get(piece);
      staged = { cells, text: move, legal: !!entry && (firstMove() ? entry.keys.has(shapeKey(cells)) : entry.texts.has(move)) };
      hinted = { move, why };
      kg.set(grabCell(cells));   // Enter on the board plays it
      clearMessages();
      const { box } = draw();
      bv.show(mode === "2d" ? contentBox : box, { focus: focusBox, animate: true, centre: mode === "3d" });
    },
    destroy() { unbindKeys(); bv.destroy(); root.replaceChildren(); },
  };
}

// ---------------------------------------------------------------- How to play
// play: [piece, cells] of the tile the diagram shows being placed on top of the others, so
// the figure names the moves before it and that move (data-before, data-move) for a test
// to ask the engine whether it is legal (✓) or not (✗)
function diagram(tiles, caption, { marks = [], bad = false, play = null } = {}) {
  const m = model({ tiles });
  const all = tiles.flatMap((t) => t.cells);
  const b = worldBox(bounds(all, 1));
  const w = b.x1 - b.x0, h = b.y1 - b.y0;
  const svg = svgEl("svg", { width: w * 30 / S, height: h * 30 / S, viewBox: `${b.x0} ${b.y0} ${w} ${h}`, role: "img", "aria-label": caption });
  svgEl("rect", { x: b.x0, y: b.y0, width: w, height: h, fill: "#ebe4d8" }, svg);
  for (let x = b.x0; x <= b.x1; x += S) svgEl("line", { x1: x, y1: b.y0, x2: x, y2: b.y1, stroke: "#d3c8b5" }, svg);
  for (let y = b.y0; y <= b.y1; y += S) svgEl("line", { x1: b.x0, y1: y, x2: b.x1, y2: y, stroke: "#d3c8b5" }, svg);
  drawFlat(svg, m);
  for (const [x, y] of marks) {
    svgEl("circle", { cx: X(x) + S / 2, cy: Y(y) + S / 2, r: 9, fill: "none", stroke: bad ? "#b42318" : "#1a7f37", "stroke-width": 4 }, svg);
  }
  const text = (p, cells) => `${p}:${cells.map((c) => c.join(",")).join(";")}`;
  const data = play ? { "data-before": tiles.slice(0, -1).map((t) => text(t.piece, t.cells)).join("|"), "data-move": text(...play), "data-legal": String(!bad) } : {};
  return el("figure", data, svg, el("figcaption", {}, (bad ? "✗ " : "✓ ") + caption));
}

export function rules(root) {
  const I0 = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]];
  const I1 = [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]];
  // the mandatory highest level: White's third tile beside or on the two I's
  const L2 = ["L", 2, [[0, 0], [1, 0], [2, 0], [3, 0], [0, 1]]];
  const L1 = ["L", 1, [[0, 2], [1, 2], [2, 2], [3, 2], [0, 3]]];
  const X1 = ["X", 1, [[2, 2], [1, 3], [2, 3], [3, 3], [2, 4]]];
  const highest = ([piece, level, cells], caption, bad = false) => diagram([
    { seat: 0, level: 1, piece: "I", cells: I0 }, { seat: 1, level: 1, piece: "I", cells: I1 },
    { seat: 0, level, piece, cells }], caption, { bad, play: [piece, cells] });
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
    el("p", {}, "The tile you chose must go on the highest level where it fits anywhere. You are free to choose which tile to play, so a tile that only fits on the table may still be played while another one could go higher. In the game, each tile in your tray shows the level it must go on (L1 the table, L2 the level above, …), and only the places on that level are highlighted. A spot on the table always exists, so you are never stuck."),
    el("p", {}, "For example, White and Black have laid an I each, side by side. White's L fits on top of the two I's, so White may not put the L on the table; White's X does not fit up there (it needs three rows), so the X may go on the table, next to them."),
    highest(L2, "the L fits on level 2: it must go there"),
    highest(L1, "the L on the table: not while it fits on level 2", true),
    highest(X1, "the X fits nowhere on level 2: the table"),
    el("h2", {}, "End and scoring"),
    el("p", {}, "When every tile is placed the game ends. A tile counts at the level it was placed on, even when other tiles cover it later. Standard: the most tiles on the highest level reached wins; a tie is broken by the next level down, and so on; players still equal all the way down share the win. Misère: the most tiles on the table wins, ties broken level by level upwards. Advanced: each tile scores its level number; the highest total wins, ties broken as in standard."),
    el("p", {}, "With 2 or 3 players everyone plays for themselves. With 4 players, partners sitting opposite play as teams (White + Red against Black + Blue), unless the table is created with teams off: a team adds up its partners' tiles level by level (and so their points in advanced scoring), and both partners win or lose together."),
    scoringExample(),
    el("h2", {}, "Controls"),
    el("p", {}, `${Click} a tile in your tray. ${touchScreen ? "⟳ rotates it by 90°, ⇋ flips it" : "R rotates it by 90°, F flips it (or use the buttons)"}. The blue dots show where it can go; ${touchScreen ? "tap one and the tile is shown there (blue where it fits, red where it does not; another dot moves it): press the blue Confirm to play it." : "the ghost under the pointer is green on a legal spot. Click to stage the placement, then press the blue Confirm."}${keyHint(" Esc cancels.")} Drag the board to move it, ${touchScreen ? "pinch to zoom" : "zoom with the wheel (or pinch)"}, and press Fit to see the whole structure; the numbers along the edges are the x and y of each cell, as in the move text (I:0,0;1,0;2,0;3,0;4,0). The 3D view shows the structure in isometric perspective, and tiles are placed there the same way: the dots sit on the cubes (or the floor) the tile would rest on.`),
    touchScreen ? "" : el("p", {}, "Keyboard: Tab to your tray (one stop), move along it with the arrow keys and press Enter on a tile (Enter again takes you to the table). On the table the arrow keys move a cursor and the tile's ghost with it (green where it fits, red, dashed and crossed where it does not); R and F turn it, N jumps to the next place it fits, Enter (or Space) stages it and Enter again (or Confirm) plays it. Esc cancels. Or type the move in the “Type a move” box."),
  );
}
