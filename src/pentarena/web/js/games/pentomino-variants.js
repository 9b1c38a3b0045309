// The How-to-play page's pictures of the two Pentomino options: a draft (the picks
// alternating into two sets, then play from the sets) and touch-move (the piece tapped is
// the piece placed).  The moves drawn are data-moves attributes (the engine's move text),
// so a test plays them with the engine.
import { el } from "../api.js";
import { PIECES, shapeSvg } from "../pieces.js";
import { drawBoard } from "./pentomino-example.js";

// a draft of two: Amber (seat 0) picks first, then Teal, turn about, six each
const PICKS = ["X", "I", "L", "P", "N", "F", "T", "U", "V", "W", "Y", "Z"];
// then Teal, the player after the first picker, places first: [seat, piece, squares]
const DRAFT_PLACED = [[1, "I", "a1 b1 c1 d1 e1"], [0, "X", "d4 c5 d5 e5 d6"], [1, "P", "g6 h6 g7 h7 g8"]];
// touch-move: two pieces down, then Amber taps the P, and the P is what she must place
const TOUCH_PLACED = [[0, "L", "a1 b1 c1 d1 d2"], [1, "N", "e6 f6 g6 g7 h7"]];
const TOUCHED = [0, "P", "c4 d4 c5 d5 c6"];

const place = ([, piece, squares]) => `${piece}:${squares.split(" ").join(",")}`;

// a player's set: each piece as the tray draws it, the number of its pick under it
function set(seat, colour, name) {
  const picked = PICKS.map((p, n) => [p, n]).filter((_, n) => n % 2 === seat);
  return el("div", { class: "pm-set", "data-seat": seat, "data-pieces": picked.map(([p]) => p).join("") },
    el("b", {}, `${name}'s set`),
    el("div", { class: "pm-set-pieces" }, ...picked.map(([p, n]) => el("span", { class: "pm-set-piece", "data-piece": p },
      shapeSvg(PIECES[p], { size: 8, fill: colour, stroke: "#555" }), el("small", {}, `${p} ${n + 1}`)))));
}

export function draftExample(colours, names) {
  const moves = [...PICKS.map((p) => `pick ${p}`), ...DRAFT_PLACED.map(place)];
  const order = DRAFT_PLACED.map(([seat, piece], n) => `${n + 1} ${names[seat]} ${piece}`).join(", ");
  return el("figure", { class: "pm-variant pm-draft", "data-moves": moves.join("|"), "data-players": 2 },
    el("div", { class: "pm-sets" }, set(0, colours[0], names[0]), set(1, colours[1], names[1])),
    drawBoard(DRAFT_PLACED, colours),
    el("figcaption", {},
      el("p", {}, `A draft of two: ${names[0]} picks first, then ${names[1]}, turn about, until each has six (the number by each piece is its pick).`),
      el("p", {}, `Then ${names[1]}, the player after the first picker, places first, and each places only pieces of their own set: ${order}.`)));
}

export function touchExample(colours, names) {
  const moves = TOUCH_PLACED.flatMap((p) => [`touch ${p[1]}`, place(p)]).concat(`touch ${TOUCHED[1]}`, place(TOUCHED));
  const board = drawBoard([...TOUCH_PLACED, TOUCHED], colours);
  return el("figure", { class: "pm-variant pm-touch", "data-moves": moves.join("|"), "data-players": 2, "data-touched": TOUCHED[1] },
    el("div", { class: "pm-touched" }, shapeSvg(PIECES[TOUCHED[1]], { size: 10, fill: colours[TOUCHED[0]], stroke: "#555" }),
      el("small", {}, `${TOUCHED[1]}: touched`)),
    board,
    el("figcaption", {},
      el("p", {}, `Touch-move: ${names[TOUCHED[0]]} touched the ${TOUCHED[1]} in the pool (3). From then on the ${TOUCHED[1]} is the piece she must place, wherever she likes; the X, or any other piece, may no longer go down this turn.`)));
}
