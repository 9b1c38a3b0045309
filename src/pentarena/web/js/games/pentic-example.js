// The How-to-play page's worked example: one play scored step by step, drawn with the
// game's own cards.  Its grid, play and points are data-* attributes, so a test deals the
// same cards to the engine and checks the points the page says.
import { el } from "../api.js";

// the grid before the play (positions 1–9), the card played on the centre, its points
const GRID = ["1-circle-cyan", "3-star-red", "2-square-yellow", "3-circle-orange", "4-star-cyan",
  "1-star-orange", "4-crescent-violet", "5-square-orange", "5-triangle-red"];
const PLAY = "3-star-orange";
const SIDES = { 2: "Tic: 3, star", 4: "Tic: 3, orange", 6: "Tic: star, orange", 8: "Single: orange" };

export function scoringExample(cardSvg) {
  const cell = (card, words, cls) => el("div", { class: `tic-ex-cell ${cls}` }, cardSvg(card, { w: 46, selected: cls === "played" }), el("span", {}, words));
  const grid = el("div", { class: "tic-ex-grid" });
  GRID.forEach((card, i) => {
    const p = i + 1;
    if (p === 5) grid.append(cell(PLAY, "played on 5", "played"));
    else grid.append(SIDES[p] ? cell(card, SIDES[p], "beside") : cell(card, "diagonal", "corner"));
  });
  const under = el("div", { class: "tic-ex-under" }, cell(GRID[4], "covered: Single (star), ×1", "covered"));
  const sum = el("ol", { class: "tic-ex-sum" },
    el("li", {}, "Beside it: 3 Tics → 15, 1 Single → 1; edge score 15 + 1 = 16."),
    el("li", {}, "Underneath: 4 cyan stars share only the star with it, a Single: × 1."),
    el("li", {}, "3-star-orange is no extreme card: no bonus. The play scores 16."));
  return el("figure", { class: "tic-example", "data-grid": GRID.join(" "), "data-play": `${PLAY}@5`, "data-points": "16" },
    el("figcaption", {}, "Worked example: 3 orange stars played on the centre, (15 + 1) × 1 = 16"),
    el("div", { class: "tic-ex-board" }, grid, under), sum);
}
