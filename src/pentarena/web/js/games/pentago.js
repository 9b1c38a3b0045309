// Pentago in the browser: click an empty cell, then one of the eight rotation arrows,
// then Confirm.  A placement that makes five confirms without a rotation.  Rotations are
// animated.  Legality always comes from the server's legal move list.
import { el } from "../api.js";
import { svgEl } from "../pieces.js";

export const title = "Pentago";
export const seatColours = ["#f4f1ea", "#2b2b2b"];
export const seatNames = ["White", "Black"];
const FILES = "abcdef";
const S = 60;           // cell size
const GAP = 10;         // gap between quadrants
const PAD = 34;         // room for labels and arrows
const QUADS = ["TL", "TR", "BL", "BR"];
const ORIGIN = { TL: [0, 0], TR: [0, 3], BL: [3, 0], BR: [3, 3] };

const cellName = (r, c) => FILES[c] + (r + 1);
function parseCell(t) { return [Number(t[1]) - 1, FILES.indexOf(t[0])]; }
function cellXY(r, c) {
  return [PAD + c * S + (c >= 3 ? GAP : 0), PAD + r * S + (r >= 3 ? GAP : 0)];
}
function quadBox(q) {
  const [r0, c0] = ORIGIN[q];
  const [x, y] = cellXY(r0, c0);
  return { x, y, w: 3 * S, h: 3 * S, cx: x + 1.5 * S, cy: y + 1.5 * S };
}

// the board after rotating quadrant q (cw as printed) — for the animation's end state
function rotated(board, q, dir) {
  const out = board.map((row) => row.slice());
  const [r0, c0] = ORIGIN[q];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
    const [nr, nc] = dir === "cw" ? [c, 2 - r] : [2 - c, r];
    out[r0 + nr][c0 + nc] = board[r0 + r][c0 + c];
  }
  return out;
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

export function seatInfo(payload, seat) {
  const n = payload.state.board.flat().filter((v) => v === seat).length;
  return `${n} marbles placed`;
}

export function resultDetails(payload) {
  return el("p", {}, payload.winners.length > 1 ? "Both players have five in a row, or the board is full: a draw."
    : "Five in a row.");
}

export function turnHint() { return "Click an empty cell, then a rotation arrow, then Confirm."; }

export function createView(root, ctx) {
  let payload = null;
  let prev = null;
  let replay = false;
  let staged = { cell: null, rot: null };   // rot: "TR cw"
  let animating = false;

  const confirmBtn = el("button", { id: "pg-confirm", class: "primary", type: "button", onclick: () => confirm() }, "Confirm");
  const cancelBtn = el("button", { id: "pg-cancel", type: "button", onclick: () => cancel() }, "Cancel (Esc)");
  const controls = el("div", { class: "pu-toolbar" }, confirmBtn, cancelBtn);
  const hint = el("div", { class: "pu-hint", id: "pg-hint" });
  const errorLine = el("div", { class: "error-line", id: "pg-error", role: "alert" });
  const W = 2 * PAD + 6 * S + GAP;
  const svg = svgEl("svg", { class: "pu-board", id: "pg-board", viewBox: `0 0 ${W} ${W}`, style: "max-width:560px" });
  root.append(controls, hint, errorLine, svg);

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
    if (ctx.sendMove(text)) confirmBtn.disabled = true;
  }
  function cancel() { staged = { cell: null, rot: null }; errorLine.textContent = ""; draw(); }

  function onKey(ev) {
    if (ev.key === "Escape") cancel();
    else if (ev.key === "Enter") confirm();
  }
  document.addEventListener("keydown", onKey);

  function drawBoard(board, { stagedCell = null, spin = null } = {}) {
    svg.replaceChildren();
    for (let c = 0; c < 6; c++) {
      const [x] = cellXY(0, c);
      const t = svgEl("text", { x: x + S / 2, y: 20, "text-anchor": "middle", "font-size": 15, fill: "#6b665e" }, svg);
      t.textContent = FILES[c];
    }
    for (let r = 0; r < 6; r++) {
      const [, y] = cellXY(r, 0);
      const t = svgEl("text", { x: 14, y: y + S / 2 + 5, "text-anchor": "middle", "font-size": 15, fill: "#6b665e" }, svg);
      t.textContent = r + 1;
    }
    for (const q of QUADS) {
      const b = quadBox(q);
      const g = svgEl("g", { class: "quad", "data-quad": q }, svg);
      if (spin && spin.q === q) {
        g.style.transformOrigin = `${b.cx}px ${b.cy}px`;
        g.style.transformBox = "view-box";
      }
      svgEl("rect", { x: b.x - 3, y: b.y - 3, width: b.w + 6, height: b.h + 6, rx: 12, fill: "#b3312c", stroke: "#7d1f1b", "stroke-width": 2 }, g);
      const [r0, c0] = ORIGIN[q];
      for (let r = r0; r < r0 + 3; r++) for (let c = c0; c < c0 + 3; c++) {
        const [x, y] = cellXY(r, c);
        const v = board[r][c];
        const isStaged = stagedCell && stagedCell[0] === r && stagedCell[1] === c;
        const circle = svgEl("circle", { cx: x + S / 2, cy: y + S / 2, r: S * 0.36,
          class: "pg-cell", "data-cell": cellName(r, c), "data-owner": v === null ? "" : v,
          fill: v === null ? (isStaged ? seatColours[payload.current_player] : "#8e2320") : seatColours[v],
          stroke: isStaged ? "#1f6feb" : v === null ? "#6f1a17" : "#111", "stroke-width": isStaged ? 4 : 1.5,
          opacity: isStaged ? 0.85 : 1, style: v === null && myTurn() ? "cursor:pointer" : "" }, g);
        if (v === null && myTurn()) circle.addEventListener("click", () => {
          staged = { cell: [r, c], rot: staged.rot };
          errorLine.textContent = "";
          draw();
        });
      }
      if (spin && spin.q === q) {
        g.animate([{ transform: "rotate(0deg)" }, { transform: `rotate(${spin.dir === "cw" ? 90 : -90}deg)` }],
          { duration: 450, easing: "ease-in-out", fill: "forwards" });
      }
    }
  }

  function drawArrows() {
    if (!myTurn() || staged.cell === null) return;
    const name = cellName(...staged.cell);
    if (legal().has(name)) return; // winning placement: no rotation step
    for (const q of QUADS) {
      const b = quadBox(q);
      const top = q[0] === "T";
      const left = q[1] === "L";
      // two arrows at the quadrant's outer corner: one clockwise, one counter-clockwise
      for (const dir of ["cw", "ccw"]) {
        const alongX = (dir === "cw") === (top === left);
        const ax = left ? b.x - 6 : b.x + b.w + 6;
        const ay = top ? b.y - 6 : b.y + b.h + 6;
        const ox = alongX ? (left ? 34 : -34) : 0;
        const oy = alongX ? 0 : (top ? 34 : -34);
        const label = `${q} ${dir}`;
        const chosen = staged.rot === label;
        const g = svgEl("g", { class: "pg-arrow", "data-rot": label, style: "cursor:pointer" }, svg);
        svgEl("circle", { cx: ax + ox, cy: ay + oy, r: 15, fill: chosen ? "#1f6feb" : "#fff", stroke: "#1f6feb", "stroke-width": 2 }, g);
        const t = svgEl("text", { x: ax + ox, y: ay + oy + 6, "text-anchor": "middle", "font-size": 17, "font-weight": 700,
          fill: chosen ? "#fff" : "#1f6feb", "pointer-events": "none" }, g);
        t.textContent = dir === "cw" ? "↻" : "↺";
        g.addEventListener("click", () => { staged.rot = label; draw(); });
      }
    }
  }

  function draw() {
    if (!payload || animating) return;
    drawBoard(payload.state.board, { stagedCell: staged.cell });
    drawArrows();
    const mine = myTurn();
    const text = moveText();
    controls.hidden = replay || payload.you === null;
    confirmBtn.disabled = !mine || !text;
    cancelBtn.disabled = !mine || staged.cell === null;
    if (replay) hint.textContent = `Replay: move ${payload.history.length}.`;
    else if (!mine) hint.textContent = payload.you === null || payload.current_player === null ? "" : "Waiting for the other player…";
    else if (staged.cell === null) hint.textContent = "Your turn: click an empty cell to place your marble.";
    else if (legal().has(cellName(...staged.cell))) hint.textContent = `${cellName(...staged.cell)} makes five in a row: Confirm to win — no rotation needed.`;
    else if (!staged.rot) hint.textContent = "Now choose a quadrant to twist: click one of the eight arrows.";
    else hint.textContent = `Play ${text} — press Confirm.`;
  }

  function animateLast(p) {
    // Animate the twist of the last move from the previous board (plus the new marble).
    if (!prev || !p.history.length) return false;
    const parts = p.history[p.history.length - 1].split(" ");
    if (parts.length !== 3 || p.history.length !== prev.history.length + 1) return false;
    const [r, c] = parseCell(parts[0]);
    const before = prev.state.board.map((row) => row.slice());
    before[r][c] = prev.current_player;
    const expected = rotated(before, parts[1], parts[2]);
    if (JSON.stringify(expected) !== JSON.stringify(p.state.board)) return false;
    animating = true;
    drawBoard(before, { spin: { q: parts[1], dir: parts[2] } });
    setTimeout(() => { animating = false; draw(); }, 480);
    return true;
  }

  return {
    update(p, opts = {}) {
      const changed = !payload || p.version !== payload.version;
      prev = payload;
      payload = p;
      replay = !!opts.replay;
      if (changed) { staged = { cell: null, rot: null }; errorLine.textContent = ""; }
      if (changed && !replay && animateLast(p)) { draw(); return; }
      draw();
    },
    showError(message) { errorLine.textContent = message; confirmBtn.disabled = false; staged.rot = null; draw(); },
    destroy() { document.removeEventListener("keydown", onKey); root.replaceChildren(); },
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
    el("h2", {}, "Controls"),
    el("p", {}, "Click an empty cell, then one of the eight arrows (↻ clockwise, ↺ counter-clockwise) by the quadrant you want to twist, then the blue Confirm. When your placement already makes five, Confirm wins straight away. Move text: d4 TR cw (or just d4 for a winning placement)."),
  );
  const svg = picture();
  svg.setAttribute("width", 160);
  svg.setAttribute("height", 160);
  root.append(el("figure", {}, svg, el("figcaption", {}, "four quadrants that twist")));
}
