// The game-view plug-in point: one module per game, loaded by name.
// A plug-in exports:
//   title, seatColours: string[], picture(): SVGElement,
//   createView(root, ctx) -> { update(payload, { replay }), showError(msg), destroy(),
//                               showHint(move)? }
//     ctx: { sendMove(text), send(message), toast(text) }
//   seatInfo(payload, seat) -> string   (tiles left, score ...)
//   resultDetails(payload) -> HTMLElement | null   (scoring breakdown for the banner)
//   rules(root) -> void   (the How-to-play page, with diagrams)
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
