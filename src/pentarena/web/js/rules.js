import { el, api, toast, savedName } from "./api.js";
import { loadPlugin, hasPlugin } from "./games/index.js";
import { initTheme } from "./theme.js";

initTheme();

// From the rules straight to a first game: you against the easy computer (a puzzle: one
// to solve), the same table the home page's Options would make.
function tryIt(g) {
  const seats = g.solo ? [{ kind: "me" }] : [{ kind: "me" }, { kind: "computer", level: "easy" }];
  const words = g.solo ? "Start a puzzle" : `Play ${g.title} against the computer — easy level, to learn`;
  let busy = false;
  const button = el("button", { type: "button", class: "primary", id: "rules-play", onclick: async () => {
    if (busy) return;
    busy = true;
    try {
      const t = await api("/api/tables", { method: "POST", body: { game: g.name, options: {}, seats, name: savedName() } });
      location.assign(t.url);
    } catch (e) { busy = false; toast(e.message); }
  } }, words);
  return el("p", { class: "rules-play" }, button);
}

(async () => {
  const game = location.pathname.split("/").pop();
  const root = document.getElementById("rules");
  if (!hasPlugin(game)) { root.append(el("p", {}, `No rules page for ${game}.`)); return; }
  const plugin = await loadPlugin(game);
  document.title = `How to play ${plugin.title} — Pentarena`;
  plugin.rules(root, game);
  const back = el("p", {}, el("a", { href: "/" }, "← back to the games"));
  root.append(back);
  // the game's own title (the puzzles share the Pentomino plug-in), and a first game
  api("/api/games").then((r) => {
    const g = r.games.find((x) => x.name === game);
    if (!g) return;
    if (g.title) document.title = `How to play ${g.title} — Pentarena`;
    back.before(tryIt(g));
  }).catch(() => { /* the plug-in's title stays; the home page starts games */ });
})();
