// Fallback view for games without their own plug-in: the legal moves as buttons.
import { el } from "../api.js";

export { seatColours, seatDots } from "./pentup-table.js";   // Pent-Up's seats' colours
export const title = "Game";
export const seatNames = ["Player 1", "Player 2", "Player 3", "Player 4"];
export function picture() { return el("div", {}, "♟"); }
export function seatInfo(payload, seat) { return `score ${JSON.stringify(payload.scores[seat])}`; }
export function resultDetails() { return null; }
export function rules(root) { root.append(el("p", {}, "Rules for this game are coming soon.")); }

export function createView(root, ctx) {
  const box = el("div", { class: "panel generic-view" });
  root.append(box);
  return {
    update(payload, { replay } = {}) {
      box.replaceChildren(el("pre", {}, JSON.stringify(payload.state, null, 1).slice(0, 2000)));
      if (!replay) for (const m of payload.legal_moves.slice(0, 200)) {
        box.append(el("button", { class: "small", onclick: () => ctx.sendMove(m) }, m));
      }
    },
    destroy() { box.remove(); },
  };
}
