import { api, el, toast, invitesKey, quickStart } from "./api.js";
import { loadPlugin } from "./games/index.js";

let GAMES = [];
let LEVELS = {};

function go(url) { window.location.href = url; }

async function renderGames() {
  const box = document.getElementById("games");
  box.replaceChildren();
  for (const g of GAMES) {
    const plugin = await loadPlugin(g.name);
    const play = el("button", { class: "primary", "data-game": g.name, onclick: async () => {
      try { const t = await quickStart(g.name); go(t.url); } catch (e) { toast(e.message); }
    } }, g.solo ? "Start a puzzle" : "Play the computer");
    box.append(el("div", { class: "card", "data-game": g.name },
      el("div", { class: "pic" }, plugin.picture()),
      el("h3", {}, g.title),
      el("p", {}, g.description),
      el("div", { class: "actions" }, play, el("a", { class: "button", href: `/rules/${g.name}` }, "How to play"))));
  }
}

function optionInput(name, opt) {
  const id = `opt-${name}`;
  if (opt.choices) {
    const sel = el("select", { id, name });
    for (const c of opt.choices) {
      const label = c === null ? "default" : String(c);
      sel.append(el("option", { value: JSON.stringify(c), selected: c === opt.default }, label));
    }
    return el("label", { title: opt.help }, name, sel);
  }
  return el("label", { title: opt.help }, name, el("input", { id, name, value: opt.default ?? "" }));
}

function seatsFor(count) {
  const box = el("div", { id: "seats", class: "seats" });
  for (let i = 0; i < count; i++) {
    const sel = el("select", { name: `seat-${i}`, "data-seat": i });
    sel.append(el("option", { value: "me", selected: i === 0 }, "me"));
    sel.append(el("option", { value: "invite" }, "friend (invite link)"));
    sel.append(el("option", { value: "open" }, "anyone (open seat)"));
    for (const lv of Object.keys(LEVELS)) {
      sel.append(el("option", { value: `computer:${lv}`, selected: i > 0 && lv === "medium",
                                title: LEVELS[lv] }, `computer: ${lv}`));
    }
    box.append(el("label", {}, `Seat ${i + 1}`, sel));
  }
  return box;
}

function renderCreate() {
  const form = document.getElementById("create");
  const gameSel = el("select", { name: "game", id: "create-game" },
    GAMES.map((g) => el("option", { value: g.name }, g.title)));
  const optsBox = el("div", { class: "opts", style: "display:contents" });
  const seatsBox = el("div", { style: "display:contents" });
  const name = el("input", { name: "name", placeholder: "your name (optional)", maxlength: 40 });
  const refresh = () => {
    const g = GAMES.find((x) => x.name === gameSel.value);
    optsBox.replaceChildren(...Object.entries(g.options).map(([k, o]) => optionInput(k, o)));
    const playersSel = optsBox.querySelector("#opt-players");
    const count = () => (playersSel ? JSON.parse(playersSel.value) : 2);
    seatsBox.replaceChildren(seatsFor(count()));
    if (playersSel) playersSel.addEventListener("change", () => seatsBox.replaceChildren(seatsFor(count())));
  };
  gameSel.addEventListener("change", refresh);
  form.replaceChildren(el("label", {}, "Game", gameSel), optsBox, seatsBox,
    el("label", {}, "Name", name), el("button", { class: "primary", type: "submit", id: "create-submit" }, "Create table"));
  refresh();
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const options = {};
    for (const inp of optsBox.querySelectorAll("select,input")) {
      const v = inp.tagName === "SELECT" ? JSON.parse(inp.value) : inp.value;
      if (v !== null && v !== "") options[inp.name] = v;
    }
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => {
      const [kind, level] = s.value.split(":");
      return kind === "computer" ? { kind, level } : { kind };
    });
    try {
      const t = await api("/api/tables", { method: "POST", body: { game: gameSel.value, options, seats, name: name.value } });
      if (t.invites.length) localStorage.setItem(invitesKey(t.id), JSON.stringify(t.invites));
      go(t.url);
    } catch (e) { toast(e.message); }
  };
}

function tableItem(t, action) {
  const who = t.seats.map((s, i) => s.name || (s.claimed ? `Player ${i + 1}` : "open seat")).join(" · ");
  return el("li", { "data-table": t.id },
    el("span", {}, el("b", {}, t.title), " ", who, el("br"), el("small", {}, `${t.moves} moves`)), action);
}

async function renderLists() {
  const { tables } = await api("/api/tables");
  const open = tables.filter((t) => t.status === "playing" && t.open_public_seats.length);
  const playing = tables.filter((t) => t.status === "playing");
  const finished = tables.filter((t) => t.status === "finished" || t.status === "replay");
  const fill = (id, rows, make) => {
    const ul = document.getElementById(id);
    ul.replaceChildren(...(rows.length ? rows.map(make) : [el("li", { class: "empty" }, "none yet")]));
  };
  fill("open", open, (t) => tableItem(t, el("button", { class: "small primary", onclick: async () => {
    try {
      await api(`/api/tables/${t.id}/sit`, { method: "POST", body: { seat: t.open_public_seats[0], name: "" } });
      go(`/t/${t.id}`);
    } catch (e) { toast(e.message); }
  } }, "Sit")));
  fill("playing", playing, (t) => tableItem(t, el("a", { class: "button small", href: `/t/${t.id}` },
    t.mine && t.mine.length ? "Resume" : "Watch")));
  fill("finished", finished, (t) => tableItem(t, el("a", { class: "button small", href: `/t/${t.id}` }, "Replay")));
}

document.getElementById("record-file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  try {
    const t = await api("/api/records", { method: "POST", body: await file.text() });
    go(t.url);
  } catch (e) { toast(e.message); }
});

(async () => {
  try {
    const data = await api("/api/games");
    GAMES = data.games;
    LEVELS = data.levels;
    await renderGames();
    renderCreate();
    await renderLists();
    setInterval(() => renderLists().catch(() => {}), 5000);
  } catch (e) { toast(e.message); }
})();
