// The move list beside the board (#log): a line a move, appended as the moves come — the
// list is built again only when what it shows is no longer what it had (a move taken back,
// the names, the analysis), never once a move.
//
// During a game it is a list that scrolls, one Tab stop (named "Moves").  Once the game is
// over (or a record is replayed) it is a listbox: each move an option, the move the replay
// shows the selected one; Tab goes to it, ↑ ↓ Home End move between the moves, and Enter
// (or Space, or a click) shows the position after the move, as the replay stepper does.
// A move hovered or focused is shown on the board (`highlight`).
import { afterLayout } from "./later.js";

const KEYS = { ArrowDown: 1, ArrowUp: -1 };

export class MoveList {
  // item(payload, i, judged): the line of move i (an <li>); choose(ply): show the position
  // after it; highlight(ply | null): show it on the board (hover, focus)
  constructor(ol, { item, choose, highlight }) {
    Object.assign(this, { ol, item, choose, highlight });
    this.moves = [];          // the history the lines show
    this.judged = null;       // the analysis they show
    this.key = null;          // what else their words depend on (the names)
    this.finished = null;
    this.lit = null;
    this.scroll = afterLayout(ol);
    // the list resized (a tablet turned: the list under the board is shorter than beside
    // it): the move shown stays in sight if it was, rather than the top of a list scrolled
    // back to 0 where it had room for every move
    this.follow = true;
    ol.addEventListener("scroll", () => { if (ol.clientHeight) this.follow = this.shown(); }, { passive: true });
    new ResizeObserver(() => {
      const cur = this.ol.querySelector(":scope > .current");
      if (this.follow && cur && ol.clientHeight) this.inSight(cur);
    }).observe(ol);
    ol.setAttribute("aria-label", "Moves");
    const at = (ev) => ev.target.closest && ev.target.closest("#log > li");
    ol.addEventListener("click", (ev) => { const li = at(ev); if (li && this.finished) this.choose(Number(li.dataset.ply)); });
    ol.addEventListener("keydown", (ev) => this.key_(ev, at(ev)));
    ol.addEventListener("pointerover", (ev) => { if (at(ev)) this.light(at(ev)); });
    ol.addEventListener("pointerleave", () => this.light(null));
    ol.addEventListener("focusin", (ev) => this.light(at(ev)));
    ol.addEventListener("focusout", (ev) => { if (!ol.contains(ev.relatedTarget)) this.light(null); });
  }

  items() { return this.ol.children; }

  // payload: the live state (its history); ply: the move the board shows (0: the start);
  // stepping: the replay is away from the end; finished: no game in progress
  show(payload, { ply, stepping, finished, judged = null, key = "" }) {
    const h = payload.history;
    const focused = this.ol.contains(document.activeElement);
    const kept = judged === this.judged && key === this.key && this.moves.length <= h.length
      && this.moves.every((m, i) => m === h[i]);
    if (!kept) { this.ol.replaceChildren(); this.moves = []; }
    this.judged = judged;
    this.key = key;
    if (finished !== this.finished) this.setMode(finished);
    const add = document.createDocumentFragment();
    for (let i = this.moves.length; i < h.length; i++) add.append(this.line(payload, i));
    this.ol.append(add);
    this.moves = h.slice();
    this.mark(ply, stepping, focused);
    // the list itself scrolls (never the page): the move stepped to in sight, else the end
    this.scroll(() => this.reveal(stepping));
  }

  line(payload, i) {
    const li = this.item(payload, i, this.judged);
    li.dataset.ply = i + 1;
    if (this.finished) { li.setAttribute("role", "option"); li.setAttribute("aria-selected", "false"); li.tabIndex = -1; }
    return li;
  }

  // a list during the game, a listbox of moves to show after it
  setMode(finished) {
    this.finished = finished;
    if (finished) { this.ol.setAttribute("role", "listbox"); this.ol.tabIndex = -1; }
    else { this.ol.removeAttribute("role"); this.ol.tabIndex = 0; }
    for (const li of this.items()) {
      if (finished) { li.setAttribute("role", "option"); li.setAttribute("aria-selected", "false"); li.tabIndex = -1; }
      else { li.removeAttribute("role"); li.removeAttribute("aria-selected"); li.removeAttribute("tabindex"); }
    }
  }

  // the move the board shows: marked, selected, and the listbox's Tab stop (the focus
  // follows it when it is in the list: ← → step the replay from there too)
  mark(ply, stepping, focused) {
    const now = this.items()[ply - 1] || null;
    for (const li of this.ol.querySelectorAll(":scope > .current")) if (li !== now) {
      li.classList.remove("current");
      li.removeAttribute("aria-current");
      if (this.finished) li.setAttribute("aria-selected", "false");
    }
    if (now) {
      now.classList.add("current");
      if (stepping) now.setAttribute("aria-current", "step"); else now.removeAttribute("aria-current");
      if (this.finished) now.setAttribute("aria-selected", "true");
    }
    if (!this.finished) {   // the list itself is the Tab stop
      if (focused && document.activeElement !== this.ol) this.ol.focus({ preventScroll: true });
      return;
    }
    const stop = now || this.items()[0];
    const had = this.ol.querySelector(":scope > [tabindex='0']");
    if (had && had !== stop) had.tabIndex = -1;
    if (stop) stop.tabIndex = 0;
    if (focused && stop && document.activeElement !== stop) stop.focus({ preventScroll: true });
  }

  key_(ev, li) {
    if (!this.finished || !li || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const list = this.items(), i = Number(li.dataset.ply) - 1;
    let to = null;
    if (ev.key in KEYS) to = list[i + KEYS[ev.key]];
    else if (ev.key === "Home") to = list[0];
    else if (ev.key === "End") to = list[list.length - 1];
    else if (ev.key === "Enter" || ev.key === " ") this.choose(i + 1);
    else return;
    ev.preventDefault();
    ev.stopPropagation();   // not the page's keys (Home and End step the replay there)
    if (!to) return;
    li.tabIndex = -1;
    to.tabIndex = 0;
    to.focus({ preventScroll: true });
    this.scroll(() => this.inSight(to));
  }

  light(li) {
    if (li === this.lit) return;
    if (this.lit) this.lit.classList.remove("lit");
    this.lit = li;
    if (li) li.classList.add("lit");
    this.highlight(li ? Number(li.dataset.ply) : null);
  }

  // (laid out: these reads cost nothing)
  reveal(stepping) {
    const cur = this.ol.querySelector(":scope > .current");
    if (cur && stepping) this.inSight(cur, true);
    else if (stepping) this.ol.scrollTop = 0;   // the start, before the first move: the top
    else this.ol.scrollTop = this.ol.scrollHeight;
  }

  // whether the move shown is whole in the list's window (true when none is shown)
  shown() {
    const li = this.ol.querySelector(":scope > .current");
    if (!li) return true;
    const top = li.offsetTop - this.ol.offsetTop;
    return top >= this.ol.scrollTop - 1 && top + li.offsetHeight <= this.ol.scrollTop + this.ol.clientHeight + 1;
  }

  inSight(li, centre = false) {
    const ol = this.ol;
    const top = li.offsetTop - ol.offsetTop;
    if (top >= ol.scrollTop && top + li.offsetHeight <= ol.scrollTop + ol.clientHeight) return;
    ol.scrollTop = centre ? top - ol.clientHeight / 2 : top < ol.scrollTop ? top : top + li.offsetHeight - ol.clientHeight;
  }
}
