// The result banner on a phone: folded to one line (the result and a Details button)
// while a finished game is stepped through, so that the board keeps the screen; whole at
// the end of the game, or on a tap.  A wide screen always shows it whole (app.css hides
// the button and ignores the fold there).  The folded line also says how an analysis is
// getting on (its button is in the folded part), and when it is done.
import { el } from "./api.js";

let stepping = false;   // a move before the end is shown
let chosen = null;      // the reader's tap until the next step: true open, false folded
let at = null;          // the step shown (a redraw of the same step keeps the tap)
let status = "";        // the analysis's progress on the folded line ("Analysing… 5/36")

function apply(banner) {
  const open = chosen === null ? !stepping : chosen;
  banner.classList.toggle("folded", !open);
  banner.classList.toggle("stepping", stepping);   // (words about the end's board: app.css)
  const btn = banner.querySelector(".banner-fold");
  if (btn) btn.setAttribute("aria-expanded", String(open));
  moreBelow(banner);
}

// a banner taller than its room scrolls inside: a fade over its bottom edge says there is
// more below (app.css), until it is scrolled to the end
function moreBelow(banner) {
  if (!banner.dataset.watched) {
    banner.dataset.watched = "1";
    banner.addEventListener("scroll", () => moreBelow(banner), { passive: true });
    if (typeof ResizeObserver === "function") new ResizeObserver(() => moreBelow(banner)).observe(banner);
  }
  banner.classList.toggle("more-below", banner.scrollHeight - banner.scrollTop - banner.clientHeight > 2);
}

// fill `banner` with its heading on the summary line and the rest below it
export function fillBanner(banner, heading, ...body) {
  const btn = el("button", { type: "button", class: "banner-fold", id: "banner-fold", "aria-controls": "banner-body",
    onclick: () => { chosen = banner.classList.contains("folded"); apply(banner); } }, "Details");
  banner.replaceChildren(el("div", { class: "banner-line" }, heading,
    el("span", { class: "banner-status", id: "banner-status" }, status), btn),
    el("div", { class: "banner-body", id: "banner-body" }, ...body));
  apply(banner);
}

// a step of the replay (`ply` null: the end, the result's own position): folded before
// the end, whole at it, whatever was tapped at another step
export function foldForStep(banner, ply) {
  stepping = ply !== null;
  if (ply !== at) chosen = null;
  at = ply;
  apply(banner);
}

// the analysis's progress, or its end, on the folded line ("" says nothing)
export function bannerStatus(banner, text) {
  status = text;
  const line = banner.querySelector(".banner-status");
  if (line) line.textContent = text;
}
