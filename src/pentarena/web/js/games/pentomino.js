// Pentomino (Golomb's game, draft, rounds) and the solo puzzles in the browser.
// Pick a piece from the pool (or your drafted set), R/F to turn it, click a blue dot
// (a legal spot) and Confirm.  Draft: pick pieces first.  Puzzles: place and remove freely,
// ask for a hint, let the computer solve, count the solutions.
import { el, api } from "../api.js";
import { PIECES, PIECE_NAMES, normalize, shapeKey, rotate, flip, orientations, svgEl, shapeSvg } from "../pieces.js";

export const title = "Pentomino";
export const seatColours = ["#e39a2d", "#2a9d8f", "#8e5ea2", "#5c6b7a"];
export const seatNames = ["Amber", "Teal", "Plum", "Slate"];
const PUZZLE_COLOURS = ["#e76f51", "#f4a261", "#e9c46a", "#2a9d8f", "#264653", "#8ab17d",
  "#b56576", "#6d597a", "#355070", "#eaac8b", "#43aa8b", "#577590"];
const FILES = "abcdefghijklmnopqrstuvwxyz";
const S = 44;

const sq = (c, r) => FILES[c] + (r + 1);
function parseSquare(t) { return [FILES.indexOf(t[0]), Number(t.slice(1)) - 1]; }
function parsePlace(text) {
  const [piece, body] = text.split(":");
  return { piece, cells: body.split(",").map(parseSquare) };
}
const placeText = (piece, cells) => piece + ":" + [...cells]
  .sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([c, r]) => sq(c, r)).join(",");

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

export function seatInfo(payload, seat) {
  if (isPuzzle(payload)) return `${payload.state.unplaced.length} pieces to place`;
  const st = payload.state;
  const bits = [];
  if (st.sets) bits.push(`set: ${st.sets[seat].join(" ") || "-"}`);
  if (payload.table.options.players >= 3 && payload.table.options.variant === "standard") bits.push(`${st.totals[seat]} points`);
  return bits.join(" · ");
}

export function resultDetails(payload) {
  if (isPuzzle(payload)) return el("p", {}, `Solved in ${payload.history.length} moves.`);
  const d = payload.details;
  if (!d.rounds || !d.rounds.length) return el("p", {}, "The last player to place a piece wins.");
  const table = el("table", { class: "breakdown" });
  const n = d.totals.length;
  table.append(el("tr", {}, el("th", {}, "round"), ...Array.from({ length: n }, (_, s) => el("th", {}, payload.table.seats[s].name || seatNames[s]))));
  d.rounds.forEach((r, i) => table.append(el("tr", {}, el("td", {}, i + 1), ...r.points.map((p) => el("td", {}, p)))));
  table.append(el("tr", {}, el("th", {}, "total"), ...d.totals.map((t) => el("th", {}, t))));
  return el("div", {}, el("p", {}, "Each round: the last placer scores the most, then the one before."), table);
}

export function turnHint(payload) {
  if (payload.state.phase === "pick") return "Draft: click a piece to pick it, then Confirm.";
  return "Choose a piece, turn it with R / F, click a blue dot, then Confirm.";
}

export function createView(root, ctx) {
  let payload = null;
  let replay = false;
  let selected = null;
  let shape = null;
  let staged = null;      // {text, cells?}
  let hover = null;
  let geom = null;
  let moves = new Map();  // piece -> [{text, cells, key}]
  let words = new Set();  // legal "pick X" / "touch X" / "remove X" moves

  const btn = (label, id, onclick, cls = "") => el("button", { id, class: cls, type: "button", onclick }, label);
  const rotateBtn = btn("⟳ Rotate (R)", "pm-rotate", () => turn(rotate));
  const flipBtn = btn("⇋ Flip (F)", "pm-flip", () => turn(flip));
  const confirmBtn = btn("Confirm", "pm-confirm", () => confirm(), "primary");
  const cancelBtn = btn("Cancel (Esc)", "pm-cancel", () => cancel());
  const hintBtn = btn("Hint", "pm-hint", () => ctx.send({ type: "hint" }));
  const solveBtn = btn("Solve", "pm-solve", () => ctx.send({ type: "solve" }));
  const countBtn = btn("Count solutions", "pm-count", () => countSolutions());
  const puzzleBox = el("span", { class: "pu-controls" }, hintBtn, solveBtn, countBtn);
  const controls = el("span", { class: "pu-controls" }, rotateBtn, flipBtn, confirmBtn, cancelBtn);
  const toolbar = el("div", { class: "pu-toolbar" }, controls, el("span", { class: "spacer" }), puzzleBox);
  const hint = el("div", { class: "pu-hint", id: "pm-hint-line" });
  const errorLine = el("div", { class: "error-line", id: "pm-error", role: "alert" });
  const counter = el("div", { class: "pu-hint", id: "pm-counter" });
  const svg = svgEl("svg", { class: "pu-board", id: "pm-board", style: "max-width:640px" });
  const tray = el("div", { class: "pu-tray", id: "pm-tray" });
  root.append(toolbar, hint, errorLine, svg, tray, counter);

  const myTurn = () => !replay && payload && payload.you !== null && payload.you === payload.current_player;
  const puzzle = () => payload && isPuzzle(payload);

  async function countSolutions() {
    counter.textContent = "Counting every solution…";
    try {
      const r = await api(`/api/tables/${payload.table.id}/count`, { method: "POST" });
      const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
      counter.textContent = r.from_start
        ? `${n(r.count, "solution", "solutions")} up to symmetry (found in ${r.seconds.toFixed(1)} s).`
        : r.count ? `${n(r.count, "way", "ways")} to finish from here (found in ${r.seconds.toFixed(1)} s).`
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

  function select(piece) {
    if (!myTurn()) return;
    errorLine.textContent = "";
    const st = payload.state;
    if (st.phase === "pick") {
      if (words.has(`pick ${piece}`)) { selected = piece; staged = { text: `pick ${piece}` }; draw(); }
      return;
    }
    if (words.has(`touch ${piece}`)) {  // touch-move: touching is a move of its own
      ctx.sendMove(`touch ${piece}`);
      return;
    }
    if (!moves.has(piece)) { errorLine.textContent = `The ${piece} fits nowhere now.`; return; }
    selected = piece;
    staged = null;
    const keys = new Set(moves.get(piece).map((m) => m.key));
    shape = orientations(piece).find((o) => keys.has(shapeKey(o))) || normalize(PIECES[piece]);
    draw();
  }

  function turn(fn) { if (selected && shape) { shape = fn(shape); staged = null; draw(); } }
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
    if (ctx.sendMove(staged.text)) confirmBtn.disabled = true;
  }
  function cancel() {
    if (staged) staged = null; else { selected = null; shape = null; }
    errorLine.textContent = "";
    draw();
  }
  function onKey(ev) {
    if (ev.target.tagName === "INPUT") return;
    if (ev.key === "r" || ev.key === "R") turn(rotate);
    else if (ev.key === "f" || ev.key === "F") turn(flip);
    else if (ev.key === "Escape") cancel();
    else if (ev.key === "Enter") confirm();
  }
  document.addEventListener("keydown", onKey);

  function boardModel() {
    const st = payload.state;
    const covered = new Map();   // "c,r" -> {piece, colour}
    let width = 8, height = 8, cells = null;
    if (puzzle()) {
      width = st.width; height = st.height;
      cells = new Set(st.cells.map((t) => parseSquare(t).join(",")));
      st.placed.forEach((p, i) => p.squares.forEach((t) => covered.set(parseSquare(t).join(","),
        { piece: p.piece, colour: PUZZLE_COLOURS[PIECE_NAMES.indexOf(p.piece)] })));
    } else {
      st.placed.forEach((p) => p.squares.forEach((t) => covered.set(parseSquare(t).join(","),
        { piece: p.piece, colour: seatColours[p.seat] })));
    }
    return { width, height, cells, covered };
  }

  function cellFromEvent(ev) {
    if (!geom) return null;
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const c = Math.floor((p.x - geom.pad) / S);
    const r = geom.height - 1 - Math.floor((p.y - geom.pad) / S);
    return [c, r];
  }
  svg.addEventListener("pointermove", (ev) => {
    if (!selected || !shape) return;
    const c = cellFromEvent(ev);
    if (!c || (hover && hover[0] === c[0] && hover[1] === c[1])) return;
    hover = c;
    drawGhost();
  });
  svg.addEventListener("pointerleave", () => { hover = null; drawGhost(); });
  svg.addEventListener("click", (ev) => {
    const dest = ev.target.closest("[data-dest]");
    const c = dest ? dest.dataset.dest.split(",").map(Number) : cellFromEvent(ev);
    if (!c) return;
    if (puzzle() && myTurn() && !selected) {      // click a placed piece to take it back
      const hit = boardModel().covered.get(c.join(","));
      if (hit && words.has(`remove ${hit.piece}`)) { ctx.sendMove(`remove ${hit.piece}`); return; }
    }
    if (!selected || !shape) return;
    const cand = candidateAt(c[0], c[1]);
    if (cand) { staged = cand; errorLine.textContent = ""; draw(); }
  });

  let ghostLayer = null;
  function drawGhost() {
    if (ghostLayer) ghostLayer.remove();
    ghostLayer = null;
    if (!geom) return;
    ghostLayer = svgEl("g", { class: "ghosts", "pointer-events": "none" }, svg);
    const put = (cells, fill, stroke, cls) => {
      const g = svgEl("g", { class: cls }, ghostLayer);
      for (const [c, r] of cells) svgEl("rect", { x: geom.X(c) + 2, y: geom.Y(r) + 2, width: S - 4, height: S - 4, fill, stroke, "stroke-width": 2 }, g);
    };
    if (hover && selected && !staged) {
      const cand = candidateAt(hover[0], hover[1]);   // a ghost on legal spots only
      if (cand) put(cand.cells, "rgba(26,127,55,.45)", "#1a7f37", "ghost");
    }
    if (staged && staged.cells) put(staged.cells, "rgba(31,111,235,.55)", "#1f6feb", "staged");
  }

  function draw() {
    if (!payload) return;
    const m = boardModel();
    const pad = 26;
    const X = (c) => pad + c * S;
    const Y = (r) => pad + (m.height - 1 - r) * S;
    geom = { X, Y, pad, height: m.height };
    svg.setAttribute("viewBox", `0 0 ${2 * pad + m.width * S} ${2 * pad + m.height * S}`);
    svg.replaceChildren();
    ghostLayer = null;
    for (let c = 0; c < m.width; c++) {
      const t = svgEl("text", { x: X(c) + S / 2, y: 18, "text-anchor": "middle", "font-size": 13, fill: "#6b665e" }, svg);
      t.textContent = FILES[c];
    }
    for (let r = 0; r < m.height; r++) {
      const t = svgEl("text", { x: 12, y: Y(r) + S / 2 + 5, "text-anchor": "middle", "font-size": 13, fill: "#6b665e" }, svg);
      t.textContent = r + 1;
    }
    for (let c = 0; c < m.width; c++) for (let r = 0; r < m.height; r++) {
      const k = `${c},${r}`;
      if (m.cells && !m.cells.has(k)) continue;
      const hit = m.covered.get(k);
      const rect = svgEl("rect", { x: X(c), y: Y(r), width: S, height: S, class: "pm-cell", "data-square": sq(c, r),
        fill: hit ? hit.colour : ((c + r) % 2 ? "#efe7da" : "#e4d9c6"), stroke: "#cbbda6", "stroke-width": 1 }, svg);
      if (hit) {
        rect.setAttribute("data-piece", hit.piece);
        const t = svgEl("text", { x: X(c) + S / 2, y: Y(r) + S / 2 + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff", "pointer-events": "none" }, svg);
        t.textContent = hit.piece;
      }
    }
    // piece outlines
    for (const [k, hit] of m.covered) {
      const [c, r] = k.split(",").map(Number);
      const same = (cc, rr) => { const o = m.covered.get(`${cc},${rr}`); return o && o.piece === hit.piece && o.colour === hit.colour; };
      const line = (x1, y1, x2, y2) => svgEl("line", { x1, y1, x2, y2, stroke: "#222", "stroke-width": 2.4, "stroke-linecap": "round" }, svg);
      if (!same(c, r + 1)) line(X(c), Y(r), X(c) + S, Y(r));
      if (!same(c, r - 1)) line(X(c), Y(r) + S, X(c) + S, Y(r) + S);
      if (!same(c - 1, r)) line(X(c), Y(r), X(c), Y(r) + S);
      if (!same(c + 1, r)) line(X(c) + S, Y(r), X(c) + S, Y(r) + S);
    }
    const last = payload.history[payload.history.length - 1];
    if (last && last.includes(":")) {
      for (const [c, r] of parsePlace(last).cells) svgEl("rect", { x: X(c) + 4, y: Y(r) + 4, width: S - 8, height: S - 8, fill: "none", stroke: "#fff", "stroke-width": 2.5, "stroke-dasharray": "5 3", "pointer-events": "none" }, svg);
    }
    for (const mv of destinations()) {
      const n = normalize(mv.cells);
      const ox = Math.min(...mv.cells.map((q) => q[0]));
      const oy = Math.min(...mv.cells.map((q) => q[1]));
      const [dx, dy] = [n[0][0] + ox, n[0][1] + oy];
      svgEl("circle", { cx: X(dx) + S / 2, cy: Y(dy) + S / 2, r: 8, fill: "#1f6feb", stroke: "#fff", "stroke-width": 2,
        class: "dest", "data-dest": `${dx},${dy}`, "data-move": mv.text, style: "cursor:pointer" }, svg);
    }
    drawGhost();
    drawTray();
    const mine = myTurn();
    const st = payload.state;
    controls.hidden = replay || payload.you === null;
    puzzleBox.hidden = !puzzle() || replay || payload.you === null;
    rotateBtn.disabled = flipBtn.disabled = !mine || !selected || st.phase === "pick";
    confirmBtn.disabled = !mine || !staged;
    cancelBtn.disabled = !mine || (!staged && !selected);
    hintBtn.disabled = solveBtn.disabled = !mine;
    if (puzzle() && st.solved === false && payload.details && payload.details.known_solutions && !counter.textContent) {
      counter.textContent = `This region has ${payload.details.known_solutions} solutions up to symmetry.`;
    }
    if (replay) hint.textContent = `Replay: move ${payload.history.length}.`;
    else if (!mine) hint.textContent = payload.you === null || payload.current_player === null ? "" : "Waiting for the other players…";
    else if (st.phase === "pick") hint.textContent = staged ? `Pick the ${selected} — press Confirm.` : "Draft: click a piece to add it to your set.";
    else if (st.touched && !selected) { select(st.touched); return; }
    else if (!selected) hint.textContent = puzzle() ? "Choose a piece below (or click a placed piece to take it back)." :
      (payload.table.options.touch_move ? "Touch-move: the piece you click is the one you must place." : "Your turn: choose a piece.");
    else if (!destinations().length) hint.textContent = `No spot for ${selected} this way round — press R or F.`;
    else if (!staged) hint.textContent = `Click a blue dot to place the ${selected}.`;
    else hint.textContent = `Place ${staged.text} — press Confirm (or Enter).`;
  }

  function drawTray() {
    tray.replaceChildren();
    if (!payload || payload.you === null || replay) return;
    const st = payload.state;
    let pieces;
    if (puzzle()) pieces = st.unplaced;
    else if (st.phase === "pick") pieces = st.pool;
    else if (st.sets) pieces = st.sets[payload.you];
    else pieces = st.pool;
    const colour = puzzle() ? null : seatColours[payload.you];
    for (const p of pieces) {
      const playable = myTurn() && (moves.has(p) || words.has(`pick ${p}`) || words.has(`touch ${p}`));
      const tile = el("div", { class: "pu-tile" + (selected === p ? " selected" : "") + (playable ? "" : " none"), "data-piece": p, onclick: () => select(p) },
        shapeSvg(selected === p && shape ? shape : PIECES[p], { size: 10, fill: colour || PUZZLE_COLOURS[PIECE_NAMES.indexOf(p)], stroke: "#555" }),
        el("span", { class: "letter" }, p));
      tray.append(tile);
    }
  }

  return {
    update(p, opts = {}) {
      const changed = !payload || p.version !== payload.version || p.you !== payload.you;
      payload = p;
      replay = !!opts.replay;
      index(myTurn() ? p.legal_moves : []);
      if (changed) {
        staged = null;
        if (!moves.has(selected)) { selected = null; shape = null; }
        errorLine.textContent = "";
        if (p.state.solved) counter.textContent = "";
      }
      draw();
    },
    showError(message) { errorLine.textContent = message; staged = null; draw(); },
    showHint(move) {
      errorLine.textContent = "";
      hint.textContent = `Hint: ${move}`;
      if (move.includes(":")) {
        const { piece, cells } = parsePlace(move);
        selected = piece;
        shape = normalize(cells);
        staged = { text: move, cells };
        drawGhost();
        drawTray();
        confirmBtn.disabled = !myTurn();
      }
    },
    destroy() { document.removeEventListener("keydown", onKey); root.replaceChildren(); },
  };
}

export function rules(root) {
  const grid = (placed, w, h, caption) => {
    const svg = svgEl("svg", { width: w * 18 + 2, height: h * 18 + 2, viewBox: `-1 -1 ${w * 18 + 2} ${h * 18 + 2}` });
    for (let x = 0; x < w; x++) for (let y = 0; y < h; y++) svgEl("rect", { x: x * 18, y: y * 18, width: 18, height: 18, fill: "#efe7da", stroke: "#cbbda6" }, svg);
    placed.forEach(([p, dx, dy, col]) => PIECES[p].forEach(([x, y]) => svgEl("rect", { x: (x + dx) * 18, y: (y + dy) * 18, width: 18, height: 18, fill: col, stroke: "#333" }, svg)));
    return el("figure", {}, svg, el("figcaption", {}, caption));
  };
  root.append(
    el("h1", {}, "Pentomino — how to play"),
    el("p", {}, "Golomb's game is played on an 8×8 board (files a–h, ranks 1–8 from the bottom) with one set of the 12 pentominoes."),
    el("h2", {}, "Two players"),
    el("p", {}, "Take turns: pick any unplayed piece from the common pool and place it, either side up, on five empty squares. You may not pass while you can place something. When the player to move cannot place any remaining piece (or all 12 are down), the game ends: whoever placed the last piece wins."),
    grid([["L", 0, 0, seatColours[0]], ["N", 3, 2, seatColours[1]], ["X", 5, 4, seatColours[0]]], 8, 8, "pieces never move once placed"),
    el("p", {}, "Touch-move (an option): once you click a piece that can be placed, that piece must be the one you place."),
    el("h2", {}, "Draft"),
    el("p", {}, "Before play, players pick pieces one at a time in seat order into their own sets (6 each with 2 players, 4 with 3, 3 with 4). Play then starts with the player after the first picker; each player places only their own pieces, and the game ends when the player to move cannot place any of theirs — the last placer wins. A rematch swaps the sets (or passes them one seat on)."),
    el("h2", {}, "Three or four players"),
    el("p", {}, "A match of rounds on the shared pool: the last placer of a round scores 10 and the one before scores 5 (with 4 players you may play 15-10-5). The first seat moves on by one each round. After the round in which someone reaches the target (50 or 100), the highest total wins."),
    el("h2", {}, "Puzzles"),
    el("p", {}, "Cover a region exactly with the twelve pieces — the 6×10, 5×12, 4×15 and 3×20 rectangles, the 8×8 square without its centre, or any shape. Place and remove pieces freely; Hint suggests a piece that leads to a solution, Solve finishes for you, and Count solutions counts them all (6×10 has 2339)."),
    el("h2", {}, "Controls"),
    el("p", {}, "Click a piece, turn it with R (rotate) and F (flip), click a blue dot to place it where the ghost shows, then press the blue Confirm. Move text: L:a1,b1,c1,d1,d2; pick L in the draft."),
  );
}
