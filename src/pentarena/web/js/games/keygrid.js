// Keyboard play on a board (every game): the board is one Tab stop with a cursor that the
// arrow keys move, drawn over the board while the keyboard is in use; Enter or Space acts on
// the cell under it (the game says what that means: stage a placement, place a marble,
// choose a position, and on the staged cell again, play it); N and Shift+N jump to the next
// and the previous place the selected piece fits.  Screen readers hear the board's name and
// the cell under the cursor (aria-activedescendant on the cursor, named by the game).
//
// A cell is whatever the game uses ([row, col], [x, y], a position number); the game gives:
//   start() -> cell             where the cursor starts (the staged cell, the last move ...)
//   step(cell, dx, dy) -> cell | null   the neighbour on the screen (dx: right, dy: down)
//   rect(cell) -> {x, y, w, h} | null   the cell in world units (null: not drawn, no cursor)
//   describe(cell) -> string    "c3, white marble"
//   activate(cell)              Enter / Space
//   onMove(cell)?               the cursor moved (a ghost follows it)
//   spots()? -> cell[]          the places for N / Shift+N
//   onNoSpot()?                 N pressed with no place to jump to (the game says why)
import { el } from "../api.js";
import { svgEl } from "../pieces.js";

const DIRS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export class KeyGrid {
  constructor(bv, { name, help, start, step, rect, describe, activate, onMove = () => {}, spots = () => [], onNoSpot = () => {} }) {
    Object.assign(this, { bv, start, step, rect, describe, activate, onMove, spots, onNoSpot });
    this.cell = null;
    const svg = bv.svg;
    const id = `${svg.id || "board"}-cursor`;
    this.help = el("p", { id: `${id}-help`, hidden: true }, help);   // the board's description
    bv.box.append(this.help);
    for (const [k, v] of Object.entries({ tabindex: 0, role: "application", "aria-roledescription": "board",
      "aria-label": name, "aria-describedby": this.help.id })) svg.setAttribute(k, v);
    this.cursor = svgEl("g", { id, class: "kg-cursor", role: "img", "pointer-events": "none" }, bv.overlay);
    this.marks = ["kg-halo", "kg-ring"].map((c) => svgEl("rect", { class: c, fill: "none", rx: 4, "vector-effect": "non-scaling-stroke" }, this.cursor));
    svg.addEventListener("keydown", (ev) => this.key(ev));
    svg.addEventListener("focus", () => { if (this.cell === null) this.cell = this.start(); this.draw(); });
    // the cursor shows while the keyboard is in use, not after a click or a tap (anywhere)
    document.addEventListener("pointerdown", () => svg.classList.remove("kg-active"), true);
  }

  key(ev) {
    if (ev.target !== this.bv.svg || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const here = this.cell === null ? (this.cell = this.start()) : this.cell;
    const dir = DIRS[ev.key];
    if (dir) {
      const next = this.step(here, ...dir);
      if (next !== null) this.moveTo(next);
    } else if (ev.key === "Enter" || ev.key === " ") this.activate(here);
    else if (ev.key === "n" || ev.key === "N") this.jump(ev.shiftKey ? -1 : 1);
    else return;
    ev.preventDefault();
    ev.stopPropagation();   // not the page's Enter (Confirm) nor its arrows (the replay)
    this.bv.svg.classList.add("kg-active");
    this.draw();
  }

  jump(d) {
    const list = this.spots();
    if (!list.length) { this.onNoSpot(); return; }
    const i = list.findIndex((c) => same(c, this.cell));
    this.moveTo(list[i < 0 ? (d > 0 ? 0 : list.length - 1) : (i + d + list.length) % list.length]);
  }

  moveTo(cell) {
    this.cell = cell;
    this.onMove(cell);
    this.draw();
    const r = this.rect(cell);
    if (r) this.bv.reveal({ x0: r.x, y0: r.y, x1: r.x + r.w, y1: r.y + r.h });
  }

  // the cursor follows a click too (Enter then acts where the pointer did)
  set(cell) { this.cell = cell; this.draw(); }

  // drawn again after every redraw of the board (what is under the cursor may have changed)
  draw() {
    if (this.cell === null) return;
    const r = this.rect(this.cell);
    this.cursor.setAttribute("display", r ? "inline" : "none");
    if (r) for (const m of this.marks) for (const [k, v] of Object.entries({ x: r.x + 1, y: r.y + 1, width: r.w - 2, height: r.h - 2 })) m.setAttribute(k, v);
    this.cursor.setAttribute("aria-label", this.describe(this.cell));
    this.bv.svg.setAttribute("aria-activedescendant", this.cursor.id);
  }

  focus() { this.bv.svg.focus(); }
}

// An SVG group that acts as a button: a Tab stop, Enter and Space press it, a click does
// not take the focus from where it is (the board, for a mouse then Enter).
export function svgButton(g, label, onPress) {
  for (const [k, v] of Object.entries({ tabindex: 0, role: "button", "aria-label": label, focusable: "true" })) g.setAttribute(k, v);
  g.addEventListener("mousedown", (ev) => ev.preventDefault());
  g.addEventListener("click", () => onPress(false));
  g.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    ev.preventDefault();
    ev.stopPropagation();
    onPress(true);
  });
  return g;
}
