// A board in a box that fills the space it is given: pan (drag), zoom (wheel, pinch, the
// + / − buttons) and "fit".  Every game draws into `world` in its own units; the view maps
// them to the screen with one translate + scale.
//
// Modes:
//   "grow": the scale stays put while the content fits; when it outgrows the view the view
//           pans (if that is enough) or zooms out, smoothly (Pent-Up's open table);
//   "fill": the content is fitted to the box, and refitted when the box changes size
//           (fixed boards: Pentago, Pentomino, Pentic).
// Once the player pans or zooms by hand the view stops moving by itself, except to bring
// the last move into sight; "Fit" hands control back.
//
// Marks that must keep a size on screen whatever the zoom (tap targets) carry
// data-sr="<radius in px>" and optionally data-wr="<minimum radius in world units>"; the
// game hands their group to refreshMarks(group) once drawn.
// `clearTools`: the content is fitted above the zoom / Fit buttons (a band of their
// height at the bottom, whatever the zoom), so that none of it is ever under them.
import { el } from "../api.js";
import { svgEl } from "../pieces.js";

const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
export const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export class BoardView {
  constructor(parent, { id = null, mode = "grow", maxScale = 2, minScale = 0.1, minAutoScale = 0,
    margin = 10, rulers = null, tools = [], clearTools = false } = {}) {
    this.mode = mode;
    this.clearTools = clearTools;
    this.slack = mode === "grow" ? 0.12 : 0;   // room to grow into after a zoom-out
    this.maxScale = maxScale;
    this.minScale = minScale;
    this.minAutoScale = minAutoScale;
    this.margin = margin;
    this.rulers = rulers;
    this.k = 1; this.tx = 0; this.ty = 0;
    this.W = 0; this.H = 0;
    this._manual = false;
    this.turning = false;   // the box turned a quarter since the last position (resized)
    this.playing = true;   // a game being played: the view keeps a playable size (minAutoScale)
    this.contentOf = () => null;
    this.focusOf = () => null;
    this.ready = false;
    this.anim = null;
    this.held = false;   // holdMoving
    this.listeners = [];
    this.marks = new Map();   // a group of marks -> its marks (refreshMarks)

    this.svg = svgEl("svg", { class: "bv-svg", ...(id ? { id } : {}) });
    this.world = svgEl("g", { class: "bv-world" }, this.svg);
    this.overlay = svgEl("g", { class: "bv-overlay" }, this.svg);   // over the world, moved with it (a cursor)
    this.rulerLayer = svgEl("g", { class: "bv-rulers", "pointer-events": "none", "aria-hidden": "true" }, this.svg);
    const zoomIn = el("button", { type: "button", class: "bv-btn", id: "bv-zoom-in", title: "Zoom in (+)", "aria-label": "zoom in",
      onclick: () => this.zoomBy(1.25) }, "+");
    const zoomOut = el("button", { type: "button", class: "bv-btn", id: "bv-zoom-out", title: "Zoom out (−)", "aria-label": "zoom out",
      onclick: () => this.zoomBy(0.8) }, "−");
    this.fitBtn = el("button", { type: "button", class: "bv-btn bv-fit", id: "bv-fit", title: "Fit the board in view (0)",
      onclick: () => this.fit() }, "Fit");
    this.tools = el("div", { class: "bv-tools" }, ...tools, zoomIn, zoomOut, this.fitBtn);
    this.box = el("div", { class: `bv ${mode}` }, this.svg, this.tools);
    parent.append(this.box);
    this.bindPointer();
    this.ro = new ResizeObserver(() => this.resized());
    this.ro.observe(this.box);
  }

  onChange(fn) { this.listeners.push(fn); }

  // the class of a last-move mark: "fresh" (it flashes once) the first time a move is marked
  lastMoveClass(text) {
    const fresh = text !== this.lastMarked;
    this.lastMarked = text;
    return fresh ? "last-move fresh" : "last-move";
  }

  // panned or zoomed by hand (a fixed board then shows its Fit button on touch screens)
  get manual() { return this._manual; }
  set manual(v) { this._manual = v; this.box.classList.toggle("manual", v); this.band = null; if (v) this.turning = false; }

  get content() { return this.contentOf(); }
  // what must stay in sight (a staged placement, else the last move): a box, or a function
  // asked afresh whenever the view settles (after a resize, say)
  get focus() { return this.focusOf(); }
  set focus(f) { this.focusOf = typeof f === "function" ? f : () => f; }

  // ------------------------------------------------------------------ geometry
  usable() {
    const m = this.margin;
    const top = this.rulers ? this.rulers.top || 0 : 0;
    const left = this.rulers ? this.rulers.left || 0 : 0;
    return { x0: left + m, y0: top + m, x1: this.W - m, y1: this.H - Math.max(m, this.toolsBand()) };
  }

  // the height of the buttons' band at the bottom (with its gap), when the content keeps
  // clear of them and they are shown (a touch screen hides them until the view is moved);
  // measured once for a size and a mode (a read of the layout in the middle of drawing a
  // move made the browser lay the page out once more)
  toolsBand() {
    if (!this.clearTools) return 0;
    if (this.band == null) this.band = this.tools.offsetParent === null ? 0 : this.H - this.tools.offsetTop + 2;
    return this.band;
  }

  // the part of the world in view (inside the rulers), or null before the first layout
  visibleWorld() {
    if (!this.W) return null;
    const u = this.usable(), t = this.target();
    return { x0: (u.x0 - t.tx) / t.k, x1: (u.x1 - t.tx) / t.k, y0: (u.y0 - t.ty) / t.k, y1: (u.y1 - t.ty) / t.k };
  }

  get portrait() { return this.H > this.W * 1.15; }

  toWorld(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    return [(clientX - r.left - this.tx) / this.k, (clientY - r.top - this.ty) / this.k];
  }

  fitView(box, slack = 0) {
    const u = this.usable();
    const bw = Math.max(1, box.x1 - box.x0) * (1 + slack);
    const bh = Math.max(1, box.y1 - box.y0) * (1 + slack);
    let k = Math.min((u.x1 - u.x0) / bw, (u.y1 - u.y0) / bh);
    k = Math.max(this.minScale, Math.min(this.maxScale, k));
    const cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
    return { k, tx: (u.x0 + u.x1) / 2 - cx * k, ty: (u.y0 + u.y1) / 2 - cy * k };
  }

  // `box` in the middle of the usable area at scale k
  centred(box, k) {
    const u = this.usable();
    return { k, tx: (u.x0 + u.x1 - (box.x0 + box.x1) * k) / 2, ty: (u.y0 + u.y1 - (box.y0 + box.y1) * k) / 2 };
  }

  // the smallest pan that brings `box` inside the usable area at scale k (centred if too big)
  panInto(box, k, tx, ty) {
    const u = this.usable();
    const fix = (lo, hi, a, b) => {
      const s0 = a * k, s1 = b * k;
      if (s1 - s0 > hi - lo) return (lo + hi) / 2 - (s0 + s1) / 2;
      if (s0 < lo) return lo - s0;
      if (s1 > hi) return hi - s1;
      return null;
    };
    const nx = fix(u.x0 - tx, u.x1 - tx, box.x0, box.x1);
    const ny = fix(u.y0 - ty, u.y1 - ty, box.y0, box.y1);
    return { k, tx: nx === null ? tx : tx + nx, ty: ny === null ? ty : ty + ny, moved: nx !== null || ny !== null };
  }

  inside(box, v = this) {
    const u = this.usable();
    return box.x0 * v.k + v.tx >= u.x0 - 0.5 && box.x1 * v.k + v.tx <= u.x1 + 0.5 &&
      box.y0 * v.k + v.ty >= u.y0 - 0.5 && box.y1 * v.k + v.ty <= u.y1 + 0.5;
  }

  // ------------------------------------------------------------------ content
  // box: what should be in view (world units); focus: what must be (the last move)
  // box may be a function (evaluated once the view knows its size)
  // centre: a picture drawn anew each time (Pent-Up's 3D view) stays in the middle of the
  // view, as it shrinks (a step back in a replay) as well as when it grows
  show(box, { focus = null, animate = true, centre = false } = {}) {
    this.contentOf = typeof box === "function" ? box : () => box;
    this.turning = false;
    this.focus = focus;
    this.centre = centre;
    if (!this.W || !this.H) return;
    if (!this.ready) { this.ready = true; this.set(this.fitView(this.content, this.slack)); return; }
    this.settle(animate);
  }

  settle(animate) {
    const box = this.content;
    if (!box) return;
    const cur = this.target();
    const focus = this.focus;
    let next = null;
    if (this.manual) {
      if (focus && !this.inside(focus, cur)) {
        const p = this.panInto(focus, cur.k, cur.tx, cur.ty);
        next = p.moved ? p : null;
      }
    } else if (this.mode === "fill") {
      next = this.fitView(box);
    } else {
      const fit = this.fitView(box);
      const u = this.usable();
      const tiny = (box.x1 - box.x0) * cur.k < 0.45 * (u.x1 - u.x0) && (box.y1 - box.y0) * cur.k < 0.45 * (u.y1 - u.y0);
      if (this.inside(box, cur) && !(tiny && fit.k > cur.k * 1.2)) next = null;
      else if ((box.x1 - box.x0) * cur.k <= u.x1 - u.x0 && (box.y1 - box.y0) * cur.k <= u.y1 - u.y0 && !tiny) {
        next = this.panInto(box, cur.k, cur.tx, cur.ty);
      } else {
        // zoom out with some room to spare, so the next few moves do not zoom again
        next = this.fitView(box, this.slack);
        if (next.k < this.minAutoScale && this.playing) {   // too small to play: keep a playable size
          const k = Math.min(cur.k, this.minAutoScale) || this.minAutoScale;
          next = this.panInto(focus || box, k, cur.tx + (this.W / 2 - cur.tx) * (1 - k / cur.k),
            cur.ty + (this.H / 2 - cur.ty) * (1 - k / cur.k));
        }
      }
      // the focus stays in sight, whether or not the view had to move for the rest
      const v = next || cur;
      if (focus && !this.inside(focus, v)) next = this.panInto(focus, v.k, v.tx, v.ty);
      if (this.centre) next = this.centred(box, (next || cur).k);
    }
    if (next) {
      if (Math.abs(next.k - cur.k) < 1e-4 && Math.abs(next.tx - cur.tx) < 0.5 && Math.abs(next.ty - cur.ty) < 0.5) return;
      if (animate) this.animateTo(next); else this.set(next);
    }
  }

  fit(animate = true) {
    this.manual = false;
    if (!this.content) return;
    const v = this.fitView(this.content, this.slack);
    if (animate) this.animateTo(v); else this.set(v);
  }

  zoomBy(f, cx = this.W / 2, cy = this.H / 2, animate = true) {
    const cur = this.target();
    const k = Math.max(this.minScale, Math.min(this.maxScale * 2, cur.k * f));
    const g = k / cur.k;
    this.manual = true;
    const v = { k, tx: cx - (cx - cur.tx) * g, ty: cy - (cy - cur.ty) * g };
    if (animate) this.animateTo(v, 160); else this.set(v);
  }

  // the smallest pan that brings `box` (world units: a cell under the keyboard's cursor) in view
  reveal(box) {
    if (!this.W) return;
    const cur = this.target();
    if (this.inside(box, cur)) return;
    const p = this.panInto(box, cur.k, cur.tx, cur.ty);
    if (p.moved) this.animateTo(p, 160);
  }

  target() { return this.anim ? this.anim.to : { k: this.k, tx: this.tx, ty: this.ty }; }

  // ------------------------------------------------------------------ drawing
  set({ k, tx, ty }) {
    if (this.anim) { cancelAnimationFrame(this.anim.raf); this.anim = null; }
    this.k = k; this.tx = tx; this.ty = ty;
    this.render();
  }

  animateTo(to, duration = 320) {
    if (reducedMotion()) { this.set(to); return; }
    if (this.anim) cancelAnimationFrame(this.anim.raf);
    const from = { k: this.k, tx: this.tx, ty: this.ty };
    const t0 = performance.now();
    const step = (now) => {
      if (this.anim !== anim) return;   // superseded
      const t = Math.min(1, (now - t0) / duration);
      const e = ease(t);
      // interpolate the scale geometrically and the offsets so that the view moves straight
      const k = from.k * (to.k / from.k) ** e;
      const f = Math.abs(to.k - from.k) > 1e-9 ? (k - from.k) / (to.k - from.k) : e;
      this.k = k;
      this.tx = from.tx + (to.tx - from.tx) * f;
      this.ty = from.ty + (to.ty - from.ty) * f;
      this.render();
      if (this.anim !== anim) return;   // a listener moved the view elsewhere meanwhile
      if (t < 1) anim.raf = requestAnimationFrame(step);
      else { this.anim = null; this.k = to.k; this.tx = to.tx; this.ty = to.ty; this.render(); }
    };
    const anim = { to, raf: 0 };
    this.anim = anim;
    anim.raf = requestAnimationFrame(step);
    this.box.dataset.moving = "1";
  }

  // A game still drawing what follows the view (Pent-Up's first dots) keeps the board
  // "moving" until it has: what waits for a settled board waits for that too.
  holdMoving(on) {
    this.held = on;
    if (on) this.box.dataset.moving = "1";
    else if (!this.anim) delete this.box.dataset.moving;
  }

  render() {
    const t = `translate(${this.tx.toFixed(2)} ${this.ty.toFixed(2)}) scale(${this.k.toFixed(5)})`;
    this.world.setAttribute("transform", t);
    this.overlay.setAttribute("transform", t);
    for (const [root, list] of this.marks) {
      if (root.isConnected) this.sizeMarks(list); else this.marks.delete(root);
    }
    this.drawRulers();
    if (!this.anim && !this.held) delete this.box.dataset.moving;
    for (const fn of this.listeners) fn(this);
  }

  // A game hands the group that holds such marks once it has drawn them; each frame of a
  // zoom then sizes the marks it found there (not a search of the whole board a frame).
  // data-sw="<stroke width in px>": a ring that keeps its width too (in a pattern, say).
  refreshMarks(root) {
    const list = [...root.querySelectorAll("[data-sr]")].map((e) => [e, Number(e.dataset.sr), Number(e.dataset.wr || 0), Number(e.dataset.sw || 0)]);
    this.marks.set(root, list);
    this.sizeMarks(list);
  }

  sizeMarks(list) {
    for (const [e, sr, wr, sw] of list) {
      e.setAttribute("r", Math.max(sr / this.k, wr).toFixed(3));
      if (sw) e.setAttribute("stroke-width", (sw / this.k).toFixed(3));
    }
  }

  setRulers(rulers) { this.rulers = rulers; this.drawRulers(); }

  drawRulers() {
    const g = this.rulerLayer;
    g.replaceChildren();
    const R = this.rulers;
    if (!R || !this.W) return;
    const { cell, top, left } = R;
    const px = cell * this.k;
    const stride = px >= 22 ? 1 : px >= 11 ? 2 : px >= 5 ? 5 : 10;
    svgEl("rect", { x: 0, y: 0, width: this.W, height: top, class: "bv-ruler-band" }, g);
    svgEl("rect", { x: 0, y: 0, width: left, height: this.H, class: "bv-ruler-band" }, g);
    const font = Math.max(9, Math.min(12, px * 0.45));
    // a label is drawn whole or not at all: one that would run under the corner or off the
    // board's edge (a cell half in view) is left out (monospace: a character is .62 em wide
    // at most, the glyphs' box .5 em above the middle and .7 em below)
    const wide = (label, f) => label.length * f * 0.62;
    // columns: world x in [i*cell, (i+1)*cell]
    const i0 = Math.floor((left - this.tx) / this.k / cell), i1 = Math.ceil((this.W - this.tx) / this.k / cell);
    for (let i = i0; i <= i1; i++) {
      if (i % stride) continue;
      const x = (i + 0.5) * cell * this.k + this.tx;
      const label = R.col(i);
      if (x - wide(label, font) / 2 < left + 1 || x + wide(label, font) / 2 > this.W - 1) continue;
      const t = svgEl("text", { x: x.toFixed(1), y: top - 5, "text-anchor": "middle", "font-size": font, class: "bv-ruler-text", "data-col": i }, g);
      t.textContent = label;
    }
    // rows: world y in [row*cell, (row+1)*cell] with R.row mapping a band index to a label
    // (a long one, "-100", smaller: the band keeps its width)
    const j0 = Math.floor((top - this.ty) / this.k / cell), j1 = Math.ceil((this.H - this.ty) / this.k / cell);
    for (let j = j0; j <= j1; j++) {
      const label = R.row(j);
      if (Number(label) % stride) continue;
      const y = (j + 0.5) * cell * this.k + this.ty;
      if (y - font * 0.5 < top + 1 || y + font * 0.7 > this.H - 1) continue;
      const f = Math.min(font, (left - 7) / (label.length * 0.62));
      const t = svgEl("text", { x: left - 5, y: (y + f * 0.35).toFixed(1), "text-anchor": "end", "font-size": f.toFixed(1), class: "bv-ruler-text", "data-row": label }, g);
      t.textContent = label;
    }
    svgEl("rect", { x: 0, y: 0, width: left, height: top, class: "bv-ruler-corner" }, g);
  }

  resized() {
    const r = this.box.getBoundingClientRect();
    const W = Math.round(r.width), H = Math.round(r.height);
    if (!W || !H || (W === this.W && H === this.H)) return;
    const first = !this.W, grew = W >= this.W && H >= this.H;
    // turned a quarter: fitted again, and at each resize as the page's layout settles
    // (the side column goes under the board, the message line wraps anew...), until the
    // next position or the player's next touch or key (the board then stays put under it)
    if (!first && (W > H) !== (this.W > this.H) && !this.turning) {
      this.turning = true;
      const done = () => { this.turning = false; };
      for (const type of ["pointerdown", "keydown"]) addEventListener(type, done, { once: true, capture: true });
    }
    const turned = this.turning;
    // keep the centre of the view where it was
    if (!first) { this.tx += (W - this.W) / 2; this.ty += (H - this.H) / 2; }
    this.W = W; this.H = H;
    this.band = null;
    if (this.anim) { const a = this.anim.to; this.set(a); }
    if (this.content && !this.ready) { this.ready = true; this.set(this.fitView(this.content, this.slack)); return; }
    // a game over (its picture drawn for good) is fitted to more room (the result's
    // details folded away): "grow" kept its scale, and a four-player game's end stayed at
    // 11 px a cell in twice the room (less room: as in a game, it zooms out if it must);
    // a box turned a quarter (a tablet turned) is fitted as Fit fits it, in a game too:
    // the table drawn for the wide box kept its size in one half as wide
    if (this.mode === "grow" && (turned || (grew && !this.playing)) && !first && !this.manual && this.content) {
      const fit = this.fitView(this.content, this.slack), focus = this.focus;   // (a staged tile stays in sight)
      this.set(focus && !this.inside(focus, fit) ? this.panInto(focus, fit.k, fit.tx, fit.ty) : fit);
      return;
    }
    this.render();
    this.settle(false);
  }

  // ------------------------------------------------------------------ pointer: drag, pinch, wheel
  bindPointer() {
    const svg = this.svg;
    const pts = new Map();
    let drag = null, pinch = null, suppress = false;
    const local = (e) => { const r = svg.getBoundingClientRect(); return [e.clientX - r.left, e.clientY - r.top]; };
    svg.addEventListener("pointerdown", (e) => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      pts.set(e.pointerId, local(e));
      if (pts.size === 1) drag = { id: e.pointerId, start: local(e), tx: this.tx, ty: this.ty, moved: false };
      else if (pts.size === 2) {
        const [a, b] = [...pts.values()];
        pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], k: this.k, tx: this.tx, ty: this.ty };
        drag = null;
        for (const id of pts.keys()) { try { svg.setPointerCapture(id); } catch { /* gone */ } }
      }
    });
    svg.addEventListener("pointermove", (e) => {
      if (!pts.has(e.pointerId)) return;
      pts.set(e.pointerId, local(e));
      if (pinch && pts.size >= 2) {
        const [a, b] = [...pts.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
        const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        const k = Math.max(this.minScale, Math.min(this.maxScale * 2, pinch.k * d / pinch.d));
        const g = k / pinch.k;
        this.manual = true;
        suppress = true;
        this.set({ k, tx: mid[0] - (pinch.mid[0] - pinch.tx) * g, ty: mid[1] - (pinch.mid[1] - pinch.ty) * g });
      } else if (drag && drag.id === e.pointerId) {
        const [x, y] = local(e);
        const dx = x - drag.start[0], dy = y - drag.start[1];
        if (!drag.moved && Math.hypot(dx, dy) > (e.pointerType === "mouse" ? 5 : 9)) {
          drag.moved = true;
          this.manual = true;
          try { svg.setPointerCapture(e.pointerId); } catch { /* gone */ }
          this.box.classList.add("panning");
        }
        if (drag.moved) this.set({ k: this.k, tx: drag.tx + dx, ty: drag.ty + dy });
      }
    });
    const end = (e) => {
      if (!pts.has(e.pointerId)) return;
      pts.delete(e.pointerId);
      if (drag && drag.id === e.pointerId && drag.moved) suppress = true;
      if (pts.size < 2) pinch = null;
      if (!pts.size) { drag = null; this.box.classList.remove("panning"); }
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    // a drag is not a click on whatever it ended over
    svg.addEventListener("click", (e) => {
      if (suppress) { suppress = false; e.stopImmediatePropagation(); e.preventDefault(); }
    }, true);
    svg.addEventListener("pointerdown", () => { if (!pts.size) suppress = false; }, true);
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      const f = Math.exp(-e.deltaY * unit * 0.0015);
      const [x, y] = local(e);
      this.zoomBy(f, x, y, false);
    }, { passive: false });
  }

  destroy() { this.ro.disconnect(); this.box.remove(); }
}

// The moves marked on a board, oldest first: the last one, and with 3–4 players every move
// since the viewing seat's own last one (what the others did since: coming back to the
// board, the player sees all of it).  seatOf(i): who made move i.  A spectator, a 2-player
// game and a replay mark the last move alone; so does a seat whose own move is the last.
// A turn of its own in progress (a touch-move's touch) does not end what it has to see.
export function sinceOwnMove(payload, seatOf, replay = false) {
  const n = payload.history.length;
  if (!n) return [];
  const you = payload.you;
  if (replay || you === null || payload.table.seats.length < 3) return [n - 1];
  let i = n - 1;
  if (payload.current_player === you) while (i >= 0 && seatOf(i) === you) i--;
  if (i === n - 1 && seatOf(i) === you) return [n - 1];
  while (i >= 0 && seatOf(i) !== you) i--;
  return Array.from({ length: n - 1 - i }, (_, k) => i + 1 + k);
}

// The spot (a [data-dest] group: its target and its .dot) a click or a touch at the event's
// point means: where targets overlap — a target keeps a finger's size on a board zoomed
// out, wider than a cell — the one whose dot is nearest (the topmost was taken: a tap
// on a dot staged its neighbour); null where there is none.
export function spotAt(ev) {
  const spots = new Set(document.elementsFromPoint(ev.clientX, ev.clientY).map((e) => e.closest && e.closest("[data-dest]")).filter(Boolean));
  let best = null, far = Infinity;
  for (const spot of spots) {
    const b = (spot.querySelector(".dot") || spot).getBoundingClientRect();
    const d = Math.hypot(b.x + b.width / 2 - ev.clientX, b.y + b.height / 2 - ev.clientY);
    if (d < far) { best = spot; far = d; }
  }
  return best;
}

// The order of a marked move (1 the oldest) in a small disc of the last-move colour, when
// more than one move is marked; r in world units.
export function orderBadge(parent, cx, cy, n, r) {
  const g = svgEl("g", { class: "lm-order", "data-order": n }, parent);
  svgEl("circle", { cx, cy, r, class: "lm-fill lm-halo", "stroke-width": r / 6 }, g);
  const t = svgEl("text", { x: cx, y: cy + r * 0.42, "text-anchor": "middle", "font-size": r * 1.2, "font-weight": 700, fill: "#222" }, g);
  t.textContent = n;
  return g;
}

// The frame every game view uses: notes (optional), the board, then the dock: the message
// line (hint, or the error in its place) beside the action bar, and the tray below.
// On a phone the action bar is fixed to the bottom of the screen.
// Its message line ends with the connection's line: empty, and shown (in the place of the
// game's own lines) only while the page has lost its connection during a game (table.js).
export function gameFrame(root, { view, messages, notes = [], tray = null, actions = [] }) {
  const msg = el("div", { class: "msg" }, ...messages, el("div", { class: "conn-line", "data-conn": "" }));
  const bar = el("div", { class: "action-bar" }, ...actions);
  const wrap = tray ? scrollHints(tray) : null;
  const dock = el("div", { class: "dock" }, el("div", { class: "dock-row" }, msg, bar), ...(wrap ? [wrap] : []));
  const frame = el("div", { class: "game-frame" }, ...notes, view.box, dock);
  root.append(frame);
  keepTallest(msg);
  if (wrap) keepTrayRoom(wrap, tray);
  return { frame, dock, bar, msg };
}

// The message line keeps the height of the longest message it has shown in a position
// (until a move, a step of the replay or the window's new size: table.js's "position"
// event): the board, which takes the height left over, then keeps its size instead of
// moving under the pointer each time a message changes length (a refusal, a preview); the
// next position measures afresh (kept, a hint's lines shrank the board for the rest of the
// game).  At most a sixth of the window's height; and not at all where the board is beside
// the line (a phone on its side), where it moves nothing.
const BESIDE = matchMedia("(orientation: landscape) and (max-height: 500px) and (hover: none)");
function keepTallest(msg) {
  keepHeight(msg, () => {
    if (BESIDE.matches && !msg.closest(".wide")) return 0;   // (a long region: the board above)
    return Math.min(msg.offsetHeight, Math.round(window.innerHeight / 6));
  }, (h) => { msg.style.minHeight = h ? `${h}px` : ""; }, true);
}

// A phone on its side: the tray keeps the room of its most rows (until the window changes
// size, as above), so that the action bar over it, at the column's foot, does not jump down
// under the thumb as the pieces run out and a row empties; a short column still shrinks it
// (app.css: the tray wrap's flex basis).
function keepTrayRoom(wrap, tray) {
  keepHeight(tray, () => (BESIDE.matches ? tray.scrollHeight : 0),
    (h) => { if (h) wrap.style.setProperty("--tray-keep", `${h}px`); else wrap.style.removeProperty("--tray-keep"); });
}

// One observer for the boxes held back from shrinking, made before any board's (observers
// are called in the order they were made): a box is held before a board reads its room,
// which then has not changed (a board called first was fitted to the room of the shrunk
// box, for a frame, until it was told again)
const held = new Map();   // box -> what to do when it changes size
const holder = new ResizeObserver((entries) => { for (const e of entries) held.get(e.target)(); });

// The greatest of `measure()` as `box` changes size, handed to `keep` once the box would
// be smaller (0: nothing kept any more, once the window changes size, or with
// `afreshOnMove` a new position is shown).  Handed over only then, not as the box grows:
// a style written from the observer lays the page out once more in that frame (a move's
// state cost three layouts, not two), and before a box shrinks there is nothing to keep.
function keepHeight(box, measure, keep, afreshOnMove = false) {
  let tallest = 0, kept = 0;
  const hold = (h) => { if (h !== kept) { kept = h; keep(h); } };
  held.set(box, () => {
    const h = measure();
    if (h > tallest) tallest = h;
    else if (h < tallest) hold(tallest);
  });
  holder.observe(box);
  const afresh = () => { tallest = 0; hold(0); };
  let width = window.innerWidth, height = window.innerHeight;
  window.addEventListener("resize", () => {
    if (window.innerWidth === width && window.innerHeight === height) return;
    width = window.innerWidth; height = window.innerHeight;
    afresh();
  });
  if (afreshOnMove) document.addEventListener("position", afresh);
}

// The rotate and flip buttons of the piece games: an icon, the word where there is room,
// the key where there is a keyboard (the word is also the button's label and tooltip).
export function turnButtons(prefix, onRotate, onFlip) {
  const make = (what, icon, word, key, onclick) => el("button", { id: `${prefix}-${what}`, type: "button", onclick,
    title: `${word} (${key})`, "aria-label": word, "aria-keyshortcuts": key }, icon, el("span", { class: "long" }, ` ${word}`), keyHint(` ${key}`));
  return [make("rotate", "⟳", "Rotate", "R", onRotate), make("flip", "⇋", "Flip", "F", onFlip)];
}

// Every game's Cancel (Esc) and Confirm (Enter): the key is shown, not spoken (it is the
// button's aria-keyshortcuts)
export function stepButtons(prefix, onCancel, onConfirm) {
  return [el("button", { id: `${prefix}-cancel`, type: "button", onclick: onCancel, "aria-keyshortcuts": "Escape" },
    "Cancel", el("span", { class: "long" }, keyHint(" Esc"))),
  el("button", { id: `${prefix}-confirm`, class: "primary", type: "button", onclick: onConfirm, "aria-keyshortcuts": "Enter" }, "Confirm")];
}
const keyHint = (text) => el("span", { class: "key", "aria-hidden": "true" }, text);

// A tray that scrolls sideways fades out at an edge with more pieces beyond it, where an
// arrow scrolls it on by most of its width (a mouse has no sideways swipe).  On an upright
// phone the piece trays wrap into rows instead (app.css) and never scroll.
function scrollHints(tray) {
  const arrow = (dir) => el("button", { type: "button", class: `tray-more ${dir < 0 ? "back" : "on"}`, tabindex: -1, "aria-hidden": "true",
    title: dir < 0 ? "Scroll back" : "More", onclick: () => tray.scrollBy({ left: dir * 0.8 * tray.clientWidth, behavior: "smooth" }) },
  dir < 0 ? "‹" : "›");
  const wrap = el("div", { class: "tray-wrap" }, tray, arrow(-1), arrow(1));
  // more on the left while the first piece is not wholly in view, on the right while the
  // last one is not: the browser says so as it lays the page out (an IntersectionObserver),
  // so neither a redraw of the tray nor a scroll makes it measure the tray again
  let ends = [];
  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      const cut = !tray.hidden && !!e.rootBounds && e.rootBounds.width > 0 && e.intersectionRatio < 0.95;
      if (e.target === ends[0]) wrap.classList.toggle("more-left", cut);
      if (e.target === ends[1]) wrap.classList.toggle("more-right", cut);
    }
  }, { root: tray, threshold: [0.95] });
  const watchEnds = () => {
    const now = [tray.firstElementChild, tray.lastElementChild];
    if (now[0] === ends[0] && now[1] === ends[1]) return;
    io.disconnect();
    ends = now;
    if (!now[0]) { wrap.classList.remove("more-left", "more-right"); return; }
    io.observe(now[0]);
    if (now[1] !== now[0]) io.observe(now[1]);
  };
  new MutationObserver(watchEnds).observe(tray, { childList: true });
  return wrap;
}
