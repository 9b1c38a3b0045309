import { el, api } from "./api.js";
import { loadPlugin, hasPlugin } from "./games/index.js";

(async () => {
  const game = location.pathname.split("/").pop();
  const root = document.getElementById("rules");
  if (!hasPlugin(game)) { root.append(el("p", {}, `No rules page for ${game}.`)); return; }
  const plugin = await loadPlugin(game);
  document.title = `How to play ${plugin.title} — Pentarena`;
  // the game's own title (the puzzles share the Pentomino plug-in)
  api("/api/games").then((r) => {
    const g = r.games.find((x) => x.name === game);
    if (g && g.title) document.title = `How to play ${g.title} — Pentarena`;
  }).catch(() => { /* the plug-in's title stays */ });
  plugin.rules(root, game);
  root.append(el("p", {}, el("a", { href: "/" }, "← back to the games")));
})();
