// Pentic in the browser: real-looking TIC cards (the number of shapes in the card's
// colour), your hand, the 3×3 grid of stacks.  Select a card, pick a position, see what it
// would score, then Confirm.  The server sends this seat nothing but its own view.
import { el } from "../api.js";
import { svgEl } from "../pieces.js";

export const title = "Pentic";
export const seatColours = ["#3d5a80", "#ee6c4d", "#2a9d8f", "#8d6a9f"];
export const seatNames = ["Player 1", "Player 2", "Player 3", "Player 4"];
const COLOURS = { violet: "#7b3fa0", cyan: "#1a9fb5", yellow: "#d9a400", orange: "#ec7a12", red: "#d62828" };

function parseCard(text) {
  const [n, shape, colour] = text.split("-");
  return { n: Number(n), shape, colour };
}

function shapePath(shape, cx, cy, r) {
  switch (shape) {
    case "circle": return `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0`;
    case "square": return `M ${cx - r * 0.85} ${cy - r * 0.85} h ${1.7 * r} v ${1.7 * r} h ${-1.7 * r} z`;
    case "triangle": return `M ${cx} ${cy - r} L ${cx + r} ${cy + r * 0.8} L ${cx - r} ${cy + r * 0.8} z`;
    case "crescent": return `M ${cx} ${cy - r} A ${r} ${r} 0 1 0 ${cx} ${cy + r} A ${r * 0.45} ${r} 0 0 1 ${cx} ${cy - r} Z`;
    default: { // star
      let d = "";
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + i * Math.PI / 5;
        const rr = i % 2 ? r * 0.45 : r;
        d += `${i ? "L" : "M"} ${cx + rr * Math.cos(a)} ${cy + rr * Math.sin(a)} `;
      }
      return d + "z";
    }
  }
}

const LAYOUT = {
  1: [[0.5, 0.5]], 2: [[0.5, 0.3], [0.5, 0.7]], 3: [[0.5, 0.22], [0.5, 0.5], [0.5, 0.78]],
  4: [[0.3, 0.3], [0.7, 0.3], [0.3, 0.7], [0.7, 0.7]],
  5: [[0.3, 0.25], [0.7, 0.25], [0.5, 0.5], [0.3, 0.75], [0.7, 0.75]],
};

// One card as SVG: width w, height 1.4 w.
export function cardSvg(text, { w = 70, selected = false, faceDown = false } = {}) {
  const h = w * 1.4;
  const svg = svgEl("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, class: "tic-card", "data-card": text || "" });
  svgEl("rect", { x: 1, y: 1, width: w - 2, height: h - 2, rx: w * 0.1, fill: faceDown ? "#26221c" : "#fffdf8",
    stroke: selected ? "#1f6feb" : "#8a8276", "stroke-width": selected ? 4 : 1.5 }, svg);
  if (faceDown || !text) return svg;
  const { n, shape, colour } = parseCard(text);
  const r = w * (n > 3 ? 0.13 : 0.15);
  for (const [fx, fy] of LAYOUT[n]) {
    svgEl("path", { d: shapePath(shape, fx * w, fy * h, r), fill: COLOURS[colour], stroke: "#333", "stroke-width": 0.8 }, svg);
  }
  const t = svgEl("text", { x: w * 0.12, y: h * 0.13, "font-size": w * 0.16, "font-weight": 700, fill: COLOURS[colour] }, svg);
  t.textContent = n;
  return svg;
}

export function picture() {
  const box = el("div", { style: "display:flex;gap:4px" });
  for (const c of ["3-star-orange", "1-circle-violet", "5-triangle-cyan"]) box.append(cardSvg(c, { w: 44 }));
  return box;
}

export function seatInfo(payload, seat) {
  return `${payload.scores[seat]} points · ${payload.state.hand_sizes[seat]} cards`;
}

function describe(p) {
  const bits = [`${p.tics} Tic${p.tics === 1 ? "" : "s"}`, `${p.singles} Single${p.singles === 1 ? "" : "s"}`, `${p.nics} Nic${p.nics === 1 ? "" : "s"}`];
  let s = `${bits.join(", ")} → edge ${p.edge}, ${p.underneath} underneath ×${p.multiplier}`;
  if (p.bonus) s += ` + ${p.bonus} Extreme bonus`;
  s += ` = ${p.points} points`;
  if (p.all_nic) s += " (All-Nic!)"; else if (p.pentic) s += " (a Pentic play!)";
  return s;
}

export function resultDetails(payload) {
  const table = el("table", { class: "breakdown" }, el("tr", {}, el("th", {}, "player"), el("th", {}, "points"), el("th", {}, "turns")));
  payload.scores.forEach((s, i) => table.append(el("tr", { "data-seat": i },
    el("td", {}, payload.table.seats[i].name || seatNames[i]), el("td", {}, s), el("td", {}, payload.details.turns[i]))));
  return el("div", {}, el("p", {}, `Highest total wins (target ${payload.details.target}); everyone had the same number of turns.`), table);
}

export function turnHint() { return "Select a card in your hand, click a grid position, check the score, then Confirm."; }

export function createView(root, ctx) {
  let payload = null;
  let replay = false;
  let card = null;
  let pos = null;

  const confirmBtn = el("button", { id: "pc-confirm", class: "primary", type: "button", onclick: () => confirm() }, "Confirm");
  const cancelBtn = el("button", { id: "pc-cancel", type: "button", onclick: () => cancel() }, "Cancel (Esc)");
  const controls = el("div", { class: "pu-toolbar" }, confirmBtn, cancelBtn);
  const note = el("div", { class: "pu-hint", id: "pc-note" });
  const preview = el("div", { class: "panel", id: "pc-preview", hidden: true });
  const errorLine = el("div", { class: "error-line", id: "pc-error", role: "alert" });
  const grid = el("div", { id: "pc-grid", style: "display:grid;grid-template-columns:repeat(3,auto);gap:10px;justify-content:start" });
  const info = el("div", { class: "pu-hint", id: "pc-info" });
  const last = el("div", { class: "pu-hint", id: "pc-last" });
  const hand = el("div", { id: "pc-hand", class: "pu-tray" });
  root.append(controls, note, errorLine, preview, grid, info, last, hand);

  const myTurn = () => !replay && payload && payload.you !== null && payload.you === payload.current_player;
  const staged = () => (card && pos ? `${card}@${pos}` : null);

  function confirm() { const m = staged(); if (m && myTurn() && ctx.sendMove(m)) confirmBtn.disabled = true; }
  function cancel() { if (pos) pos = null; else card = null; errorLine.textContent = ""; draw(); }
  function onKey(ev) { if (ev.key === "Escape") cancel(); else if (ev.key === "Enter") confirm(); }
  document.addEventListener("keydown", onKey);

  function draw() {
    if (!payload) return;
    const st = payload.state;
    grid.replaceChildren();
    st.grid.forEach((stack, i) => {
      const p = i + 1;
      const top = stack[stack.length - 1];
      const chosen = pos === p;
      const cell = el("div", { class: "pc-pos", "data-pos": p, style: `position:relative;cursor:${card && myTurn() ? "pointer" : "default"}`,
        onclick: () => { if (card && myTurn()) { pos = p; errorLine.textContent = ""; draw(); } } },
        chosen ? cardSvg(card, { w: 86, selected: true }) : cardSvg(top, { w: 86 }),
        el("span", { style: "position:absolute;left:6px;bottom:6px;font-size:.75rem;color:#6b665e" }, `#${p} · ${stack.length}`));
      grid.append(cell);
    });
    info.textContent = `Pile: ${st.pile_size} cards. Hands: ` + st.hand_sizes.map((n, s) => `${payload.table.seats[s].name || seatNames[s]} ${n}`).join(", ") + ".";
    const lp = st.plays[st.plays.length - 1];
    last.textContent = lp ? `Last play — ${payload.table.seats[lp.seat].name || seatNames[lp.seat]}: ${lp.card}@${lp.position}: ${describe(lp)}` : "";
    hand.replaceChildren();
    if (payload.you !== null && st.hand && !replay) {
      for (const c of [...st.hand].sort()) {
        hand.append(el("div", { class: "pc-card", "data-card": c, style: "cursor:pointer", onclick: () => { if (myTurn()) { card = c; errorLine.textContent = ""; draw(); } } },
          cardSvg(c, { w: 76, selected: card === c })));
      }
    }
    const m = staged();
    const pv = m && payload.previews ? payload.previews[m] : null;
    preview.hidden = !pv;
    if (pv) preview.replaceChildren(el("b", {}, `${m} would score ${pv.points}: `), describe(pv));
    controls.hidden = replay || payload.you === null;
    confirmBtn.disabled = !myTurn() || !m;
    cancelBtn.disabled = !myTurn() || !card;
    if (st.ending && payload.current_player !== null) {
      note.textContent = `The target (${payload.table.options.target}) has been reached: this round is being finished so that everybody has the same number of turns.`;
    } else if (replay) note.textContent = `Replay: move ${payload.history.length}.`;
    else if (!myTurn()) note.textContent = payload.you === null ? "You are watching: hands are hidden." : "Waiting for the other players…";
    else if (!card) note.textContent = "Your turn: select a card from your hand.";
    else if (!pos) note.textContent = `Now click the position to play ${card} on.`;
    else note.textContent = "Press Confirm (or Enter) to play it.";
  }

  return {
    update(p, opts = {}) {
      const changed = !payload || p.version !== payload.version;
      payload = p;
      replay = !!opts.replay;
      if (changed) { card = null; pos = null; errorLine.textContent = ""; }
      draw();
    },
    showError(message) { errorLine.textContent = message; pos = null; draw(); },
    destroy() { document.removeEventListener("keydown", onKey); root.replaceChildren(); },
  };
}

export function rules(root) {
  root.append(
    el("h1", {}, "Pentic — how to play"),
    el("p", {}, "A card game for 2–4 players with the 125 TIC cards: every combination of a number (1–5), a shape (circle, crescent, triangle, square, star) and a colour (violet, cyan, yellow, orange, red)."),
    el("figure", {}, picture(), el("figcaption", {}, "3 orange stars, 1 violet circle, 5 cyan triangles")),
    el("p", {}, "Two cards that share one property are a Single, two properties a Tic, none a Nic."),
    el("h2", {}, "Setup and turns"),
    el("p", {}, "Nine cards are laid face up in a 3×3 grid (positions 1–9 in reading order; 5 is the centre) and each player gets five. On your turn play a card from your hand on top of any position, score it, and draw a card. Your hand is hidden from the others; everyone sees the grid, the played cards, the scores and the hand sizes."),
    el("h2", {}, "Scoring a play"),
    el("p", {}, "Compare your card with the top cards beside it (a corner has 2 neighbours, a side 3, the centre 4; diagonals don't count). Singles score 0, 1, 2, 5, 8 for 0–4 of them; Tics score 0, 2, 8, 15, 25; add the two. Playing in the centre with four Nics around is a Pentic play: 25."),
    el("p", {}, "Then compare with the card you covered: a Tic doubles the score. The All-Nic play — centre, four Nics around and a Nic underneath — scores 25 × 3 = 75. Playing 1-circle-violet adds 5 and 5-star-red adds 10, after any multiplier."),
    el("p", {}, "Examples: centre, 3 Tics and a Single, a Single underneath: (15 + 1) × 1 = 16. 2 Tics and 2 Singles with a Tic underneath: (8 + 2) × 2 = 20."),
    el("h2", {}, "End"),
    el("p", {}, "When someone reaches the target (250 by default), the round is finished so that everyone has had the same number of turns; the highest total wins. If the pile runs out and a player has no card on their turn, the game also ends at the end of that round."),
    el("h2", {}, "Controls"),
    el("p", {}, "Click a card in your hand, click a grid position — the score it would make is shown — then the blue Confirm. Move text: 3-star-orange@5."),
  );
}
