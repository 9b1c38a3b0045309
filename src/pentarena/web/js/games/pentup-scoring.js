// The How-to-play page's worked scoring example: one finished 4-player game with teams,
// its tiles per level drawn as the game's result table draws them, and who wins under each
// of the three scorings.  The counts and each scoring's winners are data-* attributes, so a
// test scores the same counts with the engine.
import { el } from "../api.js";
import { NAMES, seatDots } from "./pentup-table.js";

// tiles per level (index 0 = level 1) of White, Black, Red, Blue: 12 tiles each
const COUNTS = [[7, 3, 2], [5, 6, 1], [8, 4, 0], [6, 5, 1]];
const TEAMS = [[0, 2], [1, 3]];   // partners sitting opposite
const points = (c) => c.reduce((s, n, i) => s + n * (i + 1), 0);
const sum = (seats) => COUNTS[0].map((_, i) => seats.reduce((s, seat) => s + COUNTS[seat][i], 0));

const VERDICTS = [
  ["standard", [1, 3], "Standard: both teams have 2 tiles on level 3, the highest reached; the tie is broken on level 2, where Black + Blue have 11 against 7. Black + Blue win."],
  ["misere", [0, 2], "Misère: White + Red have 15 tiles on the table (level 1) against 11. White + Red win."],
  ["advanced", [1, 3], "Advanced: level 1 scores 1 a tile, level 2 scores 2, level 3 scores 3: White + Red 15 + 14 + 6 = 35, Black + Blue 11 + 22 + 6 = 39. Black + Blue win."],
];

export function scoringExample() {
  const swatch = (s) => el("span", { class: "swatch", style: `background:${seatDots[s]};margin-right:.25rem` });
  const row = (seats, label, counts, team) => el("tr", { class: team ? "team-row" : "" },
    el("td", {}, ...seats.map(swatch), label), ...counts.map((n) => el("td", {}, n)), el("td", {}, points(counts)));
  const table = el("table", { class: "levels" },
    el("tr", {}, el("th", {}, "level"), el("th", {}, "1"), el("th", {}, "2"), el("th", {}, "3"), el("th", {}, "points")));
  for (const team of TEAMS) {
    for (const s of team) table.append(row([s], NAMES[s], COUNTS[s], false));
    table.append(row(team, team.map((s) => NAMES[s]).join(" + "), sum(team), true));
  }
  const verdicts = el("ul", {}, ...VERDICTS.map(([scoring, winners, words]) =>
    el("li", { "data-scoring": scoring, "data-winners": winners.join(",") }, words)));
  return el("figure", { class: "pu-scoring", "data-counts": JSON.stringify(COUNTS) }, 
    el("figcaption", {}, "For example, one finished game of 4 players in two teams: the tiles each placed on each level"),
    table, verdicts);
}
