import { el } from "./api.js";
import { loadPlugin, hasPlugin } from "./games/index.js";

(async () => {
  const game = location.pathname.split("/").pop();
  const root = document.getElementById("rules");
  if (!hasPlugin(game)) { root.append(el("p", {}, `No rules page for ${game}.`)); return; }
  const plugin = await loadPlugin(game);
  document.title = `How to play ${plugin.title} — Pentarena`;
  plugin.rules(root, game);
  root.append(el("p", {}, el("a", { href: "/" }, "← back to the games")));
})();
