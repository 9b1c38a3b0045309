// The game-view plug-in point: one module per game, loaded by name.
// A plug-in exports:
//   title, seatColours: string[], seatNames: string[] (colours: "White", "Black" ...),
//   seatDots?: string[]   (the dots beside the names, where the dark theme needs a lighter
//                          shade: CSS light-dark(); else seatColours)
//   seatPatterns?: (CSS | null)[]  (the board marks owners by a pattern too: the swatches show it)
//   moveExample?: string | (payload) => string
//                                  (move text, for the "Type a move" box: "d4 TR cw")
//   picture(): SVGElement,
//   createView(root, ctx) -> { update(payload, { replay }), showError(msg, code), destroy(),
//                               showHint(move)?, highlight(ply | null)?,
//                               bannerHead(payload)? (a heading of its own for the result) }
//     ctx: { sendMove(text), send(message), toast(text), side: an empty panel in the side column }
//     The view lays itself out with games/boardview.js: the board in a pannable, zoomable
//     box that takes the space left, the dock (message line, action bar, tray) below it.
//     Keyboard play: games/keygrid.js (the board one Tab stop, a cursor, Enter acts), the
//     page-wide keys and focus kept through redraws: keys.js.
//   seatInfo(payload, seat) -> string   (tiles left, score ...)
//   resultDetails(payload) -> HTMLElement | null   (scoring breakdown for the banner)
//   describeMove(payload, i)? -> { text, seat, tag? }   (the log's line for move i, for people;
//                                                         also said to screen readers)
//   moveWords(text)? -> string         (a move in words, as the log words it: hints, analysis)
//   moveWordsAt(payload, text, i)? -> string   (the same, played as move i of the game shown,
//                                               where the position adds to it: Pent-Up's level)
//   teams(payload)? -> [{ label, seats, info }] | null  (partners, shown together)
//   playersExtra(payload)? -> HTMLElement | null        (under the players: records ...)
//   statusExtra(payload)? -> string                     (beside the status: round ...)
//   rules(root, game) -> void   (the How-to-play page, with diagrams; game: its name)
// table.js adds payload.names (distinct full seat names) and payload.short (for the log;
// describeMove's payload.short names each seat's player at that move).
const MODULES = {
  pentup: () => import("./pentup.js"),
  pentago: () => import("./pentago.js"),
  pentomino: () => import("./pentomino.js"),
  "pentomino-puzzle": () => import("./pentomino.js"),
  pentic: () => import("./pentic.js"),
};

export async function loadPlugin(game) {
  const load = MODULES[game] || (() => import("./generic.js"));
  return load();
}
export const hasPlugin = (game) => game in MODULES;
