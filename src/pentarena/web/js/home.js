// The home page: the games, the create-a-table form (with the puzzle's region editor) and
// the lobby lists (your games first; tables idle for a day, or for an hour if they never
// got going, hidden until asked for).
import { api, el, toast, invitesKey, quickStart, NAME_KEY, savedName, keyHint, plural } from "./api.js";
import { loadPlugin } from "./games/index.js";
import { PIECES, PIECE_NAMES, shapeSvg } from "./pieces.js";
import { picture as puzzlePicture, regionPicture, PUZZLE_COLOURS } from "./games/puzzle-picture.js";
import { initTheme } from "./theme.js";

initTheme();

const PUZZLE = "pentomino-puzzle";
const MAX_DRAW = 12;                 // the custom region editor: up to 12 × 12 cells
const rect = (h, w) => Array(h).fill("#".repeat(w));
// The named regions of games/pentomino/puzzle.py (REGIONS), as rows of # (cell) and . (hole),
// with their solutions up to symmetry (KNOWN_COUNTS): the fewer, the harder to find one
// (shown in that order, easiest first).
const REGIONS = [
  { name: "6x10", label: "6 × 10", rows: rect(6, 10), solutions: 2339, level: "easiest" },
  { name: "5x12", label: "5 × 12", rows: rect(5, 12), solutions: 1010, level: "easy" },
  { name: "4x15", label: "4 × 15", rows: rect(4, 15), solutions: 368, level: "medium" },
  { name: "8x8-centre", label: "8 × 8 − centre", solutions: 65, level: "hard",
    rows: ["########", "########", "########", "###..###", "###..###", "########", "########", "########"] },
  { name: "3x20", label: "3 × 20", rows: rect(3, 20), solutions: 2, level: "hardest" },
];

let GAMES = [];
let LEVELS = {};
const PLUGINS = {};
let showIdle = false;

const $ = (id) => document.getElementById(id);
const go = (url) => { window.location.href = url; };
const cellCount = (rows) => rows.join("").split("").filter((c) => c === "#").length;
const gameOf = (name) => GAMES.find((g) => g.name === name);

/** One Tab stop for a set of controls (a radio group, a grid of cells): the current one has
 * tabindex 0, the others -1, and the keys that `step(index, key)` maps to another index move
 * the focus there (then `onMove(item)`).  Focus or a click on an item makes it current;
 * the function returned makes an item current without focusing it. */
function roving(box, items, step, onMove = () => {}) {
  let at = 0;
  const stop = (i) => {
    items[at].tabIndex = -1;
    at = i;
    items[at].tabIndex = 0;
  };
  items.forEach((b, i) => { b.tabIndex = i === at ? 0 : -1; });
  box.addEventListener("focusin", (ev) => { const i = items.indexOf(ev.target); if (i >= 0) stop(i); });
  box.addEventListener("keydown", (ev) => {
    const i = items.indexOf(ev.target);
    if (i < 0 || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    const j = step(i, ev.key);
    if (j === undefined) return;
    ev.preventDefault();  // no scrolling
    stop(j);
    items[j].focus();
    onMove(items[j]);
  });
  return (item) => stop(items.indexOf(item));
}

// -- the game cards ---------------------------------------------------------------------

/** Make every SVG of a card's picture show all it draws: a viewBox that cuts a shape off is
 * widened to the shapes' bounding box (with room for strokes). */
function fitPicture(box) {
  for (const svg of box.querySelectorAll("svg")) {
    if (svg.parentElement && svg.parentElement.closest("svg")) continue;
    let b;
    try { b = svg.getBBox(); } catch { continue; }
    if (!b.width || !b.height) continue;
    const m = 1.5 + 0.02 * Math.max(b.width, b.height);
    const vb = svg.viewBox.baseVal;
    const inside = vb && vb.width && b.x - m >= vb.x && b.y - m >= vb.y &&
      b.x + b.width + m <= vb.x + vb.width && b.y + b.height + m <= vb.y + vb.height;
    if (inside) continue;
    const view = [b.x - m, b.y - m, b.width + 2 * m, b.height + 2 * m];
    const height = Math.min(Number(svg.getAttribute("height")) || 84, box.clientHeight || 84);
    svg.setAttribute("viewBox", view.map((v) => +v.toFixed(2)).join(" "));
    svg.setAttribute("height", height);
    svg.setAttribute("width", Math.round((height * view[2]) / view[3]));
  }
}

function renderGames() {
  const box = $("games");
  box.replaceChildren();
  for (const g of GAMES) {
    const plugin = PLUGINS[g.name];
    // each card's controls are named for their game (five "Options" say nothing in a list of
    // controls), the words on them first
    const play = el("button", { class: "primary", type: "button", "data-game": g.name, onclick: async () => {
      try { const t = await quickStart(g.name); go(t.url); } catch (e) { toast(e.message); }
    }, title: g.solo ? "A puzzle to solve alone" : "You against the computer at the medium level; Options for another level or other seats",
    "aria-label": g.solo ? `Start a puzzle: ${g.title}` : `Play the computer at ${g.title}, medium level` },
    g.solo ? "Start a puzzle" : "Play the computer", g.solo ? "" : el("span", { class: "level-note" }, "medium level"));
    const setup = el("button", { type: "button", class: "linkish", "data-setup": g.name, "aria-label": `Options for ${g.title}`,
      title: "Choose the options and the seats", onclick: () => chooseGame(g.name) }, "Options");
    const pic = el("div", { class: "pic", "aria-hidden": "true" }, g.name === PUZZLE ? puzzlePicture() : plugin.picture());
    box.append(el("div", { class: "card", "data-game": g.name }, pic,
      el("h3", {}, g.title),
      el("p", {}, g.description),
      el("div", { class: "actions" }, play,
        el("span", { class: "card-links" }, el("a", { class: "linkish", href: `/rules/${g.name}`, "aria-label": `How to play ${g.title}` }, "How to play"), setup))));
    fitPicture(pic);
  }
}

function chooseGame(name) {
  const sel = $("create-game");
  sel.value = name;
  sel.dispatchEvent(new Event("change"));
  $("create").scrollIntoView({ behavior: "smooth", block: "start" });
  sel.focus({ preventScroll: true });
}

// -- the create form --------------------------------------------------------------------

const optionLabel = (k) => (k === "touch_move" ? "Touch-move" : k[0].toUpperCase() + k.slice(1).replace(/_/g, " "));
function choiceLabel(c) {
  if (c === null) return "automatic";
  if (c === true) return "yes";
  if (c === false) return "no";
  return c === "misere" ? "misère" : String(c);   // (the value keeps its plain spelling)
}

// A "?" that shows its help text: a tap, a click, Enter or Space opens it (and closes it
// again), hovering with a mouse shows it too; Esc or a tap elsewhere closes it.
let openHelp = null;
function closeHelp() {
  if (!openHelp) return;
  openHelp.btn.setAttribute("aria-expanded", "false");
  openHelp.note.hidden = true;
  openHelp = null;
}
function showHelp(btn, note, pinned) {
  if (openHelp && openHelp.btn !== btn) closeHelp();
  openHelp = { btn, note, pinned };
  btn.setAttribute("aria-expanded", "true");
  note.hidden = false;
  // keep it on the screen: shift it left or right when it would run off an edge
  note.style.left = "";
  const r = note.getBoundingClientRect();
  const room = document.documentElement.clientWidth - 8;
  const shift = r.right > room ? room - r.right : r.left < 8 ? 8 - r.left : 0;
  if (shift) note.style.left = `${note.offsetLeft + shift}px`;
}
document.addEventListener("pointerdown", (ev) => {
  if (openHelp && !ev.target.closest(".help, .help-note")) closeHelp();
});
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeHelp(); });
window.addEventListener("resize", closeHelp);

let helpCount = 0;
function helpMark(text, about) {
  if (!text) return null;
  const id = `help-${++helpCount}`;
  const note = el("span", { class: "help-note", id, role: "note", hidden: true }, text);
  const btn = el("button", { type: "button", class: "help", "aria-label": `Help: ${about}`, "aria-expanded": "false",
    "aria-controls": id, "data-help": text, onclick: (ev) => {
      ev.preventDefault();
      if (openHelp && openHelp.btn === btn && openHelp.pinned) closeHelp();
      else showHelp(btn, note, true);
    } }, el("span", { class: "help-dot", "aria-hidden": "true" }, "?"));
  btn.addEventListener("pointerenter", (ev) => { if (ev.pointerType === "mouse" && !openHelp) showHelp(btn, note, false); });
  btn.addEventListener("pointerleave", (ev) => {
    if (ev.pointerType === "mouse" && openHelp && openHelp.btn === btn && !openHelp.pinned) closeHelp();
  });
  return el("span", { class: "help-wrap" }, btn, note);
}

/** One option as a labelled control: a select for choices, a number input for numbers. */
function optionField(name, opt) {
  const id = `opt-${name}`;
  let input;
  if (opt.choices) {
    input = el("select", { id, name, "data-kind": "json", title: opt.help });
    for (const c of opt.choices) {
      input.append(el("option", { value: JSON.stringify(c), selected: c === opt.default }, choiceLabel(c)));
    }
  } else if (typeof opt.default === "number") {
    input = el("input", { id, name, type: "number", "data-kind": "number", value: opt.default, min: 1, step: 1,
      inputmode: "numeric", title: opt.help, class: "num" });
  } else {
    input = el("input", { id, name, type: "text", "data-kind": "text", value: opt.default ?? "", title: opt.help });
  }
  return el("div", { class: "field" }, el("span", { class: "field-head" }, el("label", { for: id }, optionLabel(name)), helpMark(opt.help, optionLabel(name))), input);
}

function readOption(input) {
  if (input.dataset.kind === "json") return JSON.parse(input.value);
  if (input.dataset.kind === "number") return input.value.trim() === "" ? null : Number(input.value);
  return input.value.trim();
}

// How long the slow levels think (the server says, per game), said where the level is chosen.
function thinks(game, level) {
  const seconds = (game.level_seconds || {})[level];
  return seconds >= 3 ? ` (up to ${seconds} s a move)` : "";
}

// The choices of the last table made of each game (its options, players and hints) and
// which game it was: the form opens with them again (after Back, or another day).
const CHOICES_KEY = "pentarena:create";
function savedChoices() {
  try {
    const saved = JSON.parse(localStorage.getItem(CHOICES_KEY) || "{}");
    return saved && typeof saved === "object" && saved.games && typeof saved.games === "object" ? saved : { games: {} };
  } catch { return { games: {} }; }
}
function keepChoices(game, choices) {
  const saved = savedChoices();
  saved.last = game;
  saved.games[game] = choices;
  localStorage.setItem(CHOICES_KEY, JSON.stringify(saved));
}
// an option's control set to a value kept (one it no longer offers is left as it is)
function restoreOption(input, value) {
  if (input.dataset.kind === "json") {
    const text = JSON.stringify(value);
    if ([...input.options].some((o) => o.value === text)) input.value = text;
  } else if (input.dataset.kind === "number" ? Number.isInteger(value) : typeof value === "string") {
    input.value = String(value);
  }
}

function seatFields(game, count, previous) {
  const plugin = PLUGINS[game.name];
  const fields = [];
  for (let i = 0; i < count; i++) {
    const sel = el("select", { name: `seat-${i}`, id: `seat-${i}`, "data-seat": i });
    sel.append(el("option", { value: "me" }, "me"),
      el("option", { value: "invite" }, "a friend (invite link)"),
      el("option", { value: "open" }, "anyone (open seat)"));
    const computers = el("optgroup", { label: "the computer" });
    for (const [lv, help] of Object.entries(LEVELS)) computers.append(el("option", { value: `computer:${lv}`, title: help }, `computer: ${lv}${thinks(game, lv)}`));
    sel.append(computers);
    sel.value = previous[i] || "";
    if (!sel.value) sel.value = i === 0 ? "me" : "computer:medium";   // (none, or one not offered now)
    const colour = (plugin.seatDots || plugin.seatColours || [])[i] || "#999";
    const who = plugin.seatNames ? plugin.seatNames[i] : `Seat ${i + 1}`;
    fields.push(el("div", { class: "field" },
      el("label", { for: sel.id }, el("span", { class: "swatch", style: `background:${colour}` }), who), sel));
  }
  return fields;
}

function renderCreate() {
  const form = $("create");
  const gameSel = el("select", { name: "game", id: "create-game" },
    GAMES.map((g) => el("option", { value: g.name }, g.title)));
  const name = el("input", { name: "name", id: "create-name", placeholder: "optional", maxlength: 40,
    autocomplete: "nickname", value: savedName() });
  const optsBox = el("div", { class: "cf-fields", id: "create-options" });
  const seatsBox = el("div", { class: "cf-fields", id: "create-seats" });
  const optsSet = el("fieldset", { class: "cf-group" }, el("legend", {}, "Options"), optsBox);
  // a game between people has no hints unless its creator turns them on (for everyone)
  const hintsBox = el("input", { type: "checkbox", id: "create-hints", name: "hints" });
  const hintsField = el("label", { class: "cf-check", id: "create-hints-field", hidden: "" }, hintsBox,
    " Hints for everyone (a game between people has none unless you allow them)");
  // several seats "me": friends taking turns at this screen, said as soon as it is chosen
  const hotNote = el("p", { class: "muted cf-note", id: "create-hot-seat", hidden: "" },
    "Several seats “me”: friends take turns at this screen (a hot seat); the page plays the seat to move, and in Pentic each hand stays behind a curtain until its player shows it.");
  // a game of teams says who plays with whom, as the seats are chosen
  const teamsNote = el("p", { class: "muted cf-note", id: "create-teams", hidden: "" });
  const seatsSet = el("fieldset", { class: "cf-group" }, el("legend", {}, "Players"), seatsBox, teamsNote, hotNote, hintsField);
  // two people or more, online or at this screen: the server's default is then no hints
  const betweenPeople = () => [...seatsBox.querySelectorAll("select")].filter((s) => !s.value.startsWith("computer")).length >= 2;
  const seatsChanged = () => {
    hintsField.hidden = !betweenPeople();
    hotNote.hidden = [...seatsBox.querySelectorAll("select")].filter((s) => s.value === "me").length < 2;
  };
  const error = el("p", { class: "cf-error", id: "create-error", role: "alert", tabindex: -1 });
  const submit = el("button", { class: "primary", type: "submit", id: "create-submit" }, "Create table");
  let puzzle = null;

  const current = () => gameOf(gameSel.value);
  const seatCount = () => {
    const g = current();
    if (g.solo) return 1;
    const players = optsBox.querySelector("[name=players]");
    return players ? Number(readOption(players)) || 2 : 2;
  };
  const refreshSeats = (kept = null) => {
    const g = current();
    if (g.solo) {
      seatsBox.replaceChildren(el("p", { class: "muted cf-solo", id: "solo-seat" }, "A puzzle has one seat: yours."));
      hintsField.hidden = hotNote.hidden = true;
      return;
    }
    const previous = kept || [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(...seatFields(g, seatCount(), previous));
    seatsChanged();
  };
  seatsBox.addEventListener("change", seatsChanged);
  // a refusal is about the first option its message names (e.g. "scoring 15-10-5 is for 4
  // players"): that control is marked invalid and described by the message
  const blamed = (message) => {
    const at = (k) => message.search(new RegExp(`\\b${k.replace(/_/g, "[ _-]")}\\b`, "i"));
    const named = Object.keys(current().options).filter((k) => at(k) >= 0).sort((a, b) => at(a) - at(b));
    return named.length ? $(`opt-${named[0]}`) : null;
  };
  const mark = (control, on) => {
    if (!control) return;
    const ids = (control.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && id !== error.id);
    if (on) ids.push(error.id);
    if (ids.length) control.setAttribute("aria-describedby", ids.join(" ")); else control.removeAttribute("aria-describedby");
    if (on) control.setAttribute("aria-invalid", "true"); else control.removeAttribute("aria-invalid");
  };
  let invalid = null;
  // the button is aria-disabled, never disabled: it keeps the focus (and its Tab stop), and
  // Enter on an unfinished puzzle says what is missing
  let busy = false;   // a request on its way
  const update = () => {
    error.textContent = "";
    mark(invalid, false);
    invalid = null;
    if (busy || (puzzle && !puzzle.valid())) submit.setAttribute("aria-disabled", "true");
    else submit.removeAttribute("aria-disabled");
  };
  // the options chosen (those that apply: the others are hidden, and not sent)
  const chosen = () => {
    const options = {};
    for (const inp of optsBox.querySelectorAll("select,input")) {
      if (inp.closest(".field[hidden]")) continue;
      const v = readOption(inp);
      if (v !== null && v !== "") options[inp.name] = v;
    }
    return options;
  };
  // an option that applies only with some others (Pent-Up's teams: 4 players; Pentomino's
  // round points: a match) is shown only then
  // and a choice that applies only with some others (Pentomino's 15-10-5: 4 players) is
  // offered only then, the one chosen giving way to the first that applies
  const refreshApplies = () => {
    const plugin = PLUGINS[current().name] || {};
    const options = chosen();
    const sides = !current().solo && plugin.formTeams ? plugin.formTeams(options) : null;
    teamsNote.hidden = !sides;
    if (sides) teamsNote.textContent = `Teams: ${sides.map((side) => side.map((i) => plugin.seatNames[i]).join(" + ")).join(" against ")} (partners sit opposite; a team's tiles count together).`;
    for (const [k, test] of Object.entries(plugin.optionApplies || {})) {
      const field = optsBox.querySelector(`.field:has(> [name="${k}"])`);
      if (field) field.hidden = !test(options);
    }
    for (const [k, test] of Object.entries(plugin.choiceApplies || {})) {
      const select = optsBox.querySelector(`select[name="${k}"]`);
      if (!select) continue;
      for (const o of select.options) o.disabled = !test(JSON.parse(o.value), options);
      if (select.selectedOptions[0] && select.selectedOptions[0].disabled) {
        const first = [...select.options].find((o) => !o.disabled);
        if (first) select.value = first.value;
      }
    }
  };
  optsBox.addEventListener("change", refreshApplies);   // any option may decide another's
  const refresh = () => {
    const g = current();
    puzzle = g.name === PUZZLE ? puzzleEditor(update) : null;
    const fields = Object.entries(g.options).map(([k, o]) => optionField(k, o));
    optsBox.replaceChildren(...(puzzle ? [puzzle.node] : fields.length ? fields : [el("p", { class: "muted" }, "No options: the standard game.")]));
    optsSet.classList.toggle("wide", Boolean(puzzle));
    const kept = savedChoices().games[g.name] || {};
    for (const inp of optsBox.querySelectorAll("select,input")) {
      if (kept.options && inp.name in kept.options) restoreOption(inp, kept.options[inp.name]);
    }
    const players = optsBox.querySelector("[name=players]");
    if (players) players.addEventListener("change", () => refreshSeats());
    refreshApplies();
    hintsBox.checked = kept.hints === true;
    refreshSeats(Array.isArray(kept.seats) ? kept.seats.map(String) : []);
    submit.textContent = g.solo ? "Start the puzzle" : "Create table";
    update();
  };
  gameSel.addEventListener("change", refresh);
  const last = savedChoices().last;
  if (gameOf(last)) gameSel.value = last;
  form.addEventListener("input", update);
  form.addEventListener("change", update);

  form.replaceChildren(
    el("div", { class: "cf-row" },
      el("div", { class: "field" }, el("label", { for: "create-game" }, "Game"), gameSel),
      el("div", { class: "field" }, el("label", { for: "create-name" }, "Your name"), name)),
    optsSet, seatsSet,
    el("div", { class: "cf-row cf-submit" }, submit, error));
  refresh();

  // Back to this page as it was left (the browser kept it): the request went, the table
  // was made; the form takes another
  window.addEventListener("pageshow", (ev) => {
    if (!ev.persisted || !busy) return;
    busy = false;
    form.removeAttribute("aria-busy");
    update();
  });

  form.onsubmit = async (ev) => {
    ev.preventDefault();
    if (busy) return;
    const g = current();
    if (puzzle && !puzzle.valid()) { puzzle.flag(); return; }
    const options = puzzle ? puzzle.options() : chosen();
    const seats = g.solo ? [{ kind: "me" }] : [...seatsBox.querySelectorAll("select")].map((s) => {
      const [kind, level] = s.value.split(":");
      return kind === "computer" ? { kind, level } : { kind };
    });
    const who = name.value.trim();
    if (who) localStorage.setItem(NAME_KEY, who); else localStorage.removeItem(NAME_KEY);
    busy = true;
    update();
    form.setAttribute("aria-busy", "true");
    try {
      const body = { game: g.name, options, seats, name: who };
      if (!g.solo && betweenPeople()) body.hints = hintsBox.checked;
      const t = await api("/api/tables", { method: "POST", body });
      if (t.invites.length) localStorage.setItem(invitesKey(t.id), JSON.stringify(t.invites));
      keepChoices(g.name, puzzle ? {} : { options, seats: [...seatsBox.querySelectorAll("select")].map((s) => s.value), hints: hintsBox.checked });
      go(t.url);
    } catch (e) {
      busy = false;
      update();
      form.removeAttribute("aria-busy");
      error.textContent = e.message;   // the server's own words, once, next to the button
      invalid = blamed(e.message);     // and on the control it is about, which takes the focus
      mark(invalid, true);
      (invalid || error).focus();
    }
  };
}

// -- the puzzle's region and pieces -----------------------------------------------------

function puzzleEditor(onChange) {
  let region = REGIONS[0].name;
  const drawn = new Set();               // "x,y" on the drawing grid, y from the top
  const pieces = new Set(PIECE_NAMES);
  const node = el("div", { class: "pz", id: "puzzle-editor" });

  // region choice: a tile per named region, and one to draw your own
  const tiles = el("div", { class: "pz-regions", role: "radiogroup", "aria-label": "Region" });
  const tile = (key, label, pic, cells, level = null, title = null) => el("button", { type: "button", class: "pz-region", role: "radio",
    "data-region": key, "aria-checked": String(key === region), title, onclick: () => { region = key; changed(); } },
  el("span", { class: "pz-pic" }, pic), el("span", { class: "pz-name" }, label),
  el("span", { class: "pz-cells" }, cells), level ? el("span", { class: "pz-level" }, level) : "");
  for (const r of REGIONS) {
    const w = Math.max(...r.rows.map((x) => x.length));
    const size = Math.min(8, Math.floor(100 / w), Math.floor(48 / r.rows.length));
    tiles.append(tile(r.name, r.label, regionPicture(r.rows, { size }), plural(r.solutions, "solution"), r.level,
      `${plural(cellCount(r.rows), "cell")}; ${plural(r.solutions, "solution")} up to symmetry (the fewer, the harder)`));
  }
  tiles.append(tile("custom", "Draw your own", el("span", { class: "pz-pencil" }, "✎"), `up to ${MAX_DRAW} × ${MAX_DRAW}`));
  // a radio group: Tab reaches the chosen tile, the arrows (round and round) choose another
  const tileList = [...tiles.children];
  const next = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const chosenTile = roving(tiles, tileList, (i, key) => {
    const n = tileList.length;
    if (key in next) return (i + next[key] + n) % n;
    return { Home: 0, End: n - 1 }[key];
  }, (b) => b.click());

  // the drawing grid: one Tab stop, a cursor the arrows move, Space or Enter draws
  const grid = el("div", { class: "pz-grid", id: "pz-grid", role: "group", "aria-label": "Draw the region",
    "aria-describedby": "pz-draw-help" });
  const showCell = (b) => {
    const on = drawn.has(`${b.dataset.x},${b.dataset.y}`);
    b.setAttribute("aria-pressed", String(on));
    b.setAttribute("aria-label", `row ${Number(b.dataset.y) + 1}, column ${Number(b.dataset.x) + 1}: ${on ? "to cover" : "empty"}`);
  };
  for (let y = 0; y < MAX_DRAW; y++) {
    for (let x = 0; x < MAX_DRAW; x++) grid.append(el("button", { type: "button", class: "pz-cell", "data-x": x, "data-y": y }));
  }
  const cellList = [...grid.children];
  cellList.forEach(showCell);
  const cursorAt = roving(grid, cellList, (i, key) => {
    const [x, y] = [i % MAX_DRAW, Math.floor(i / MAX_DRAW)];
    const to = { ArrowLeft: [x - 1, y], ArrowRight: [x + 1, y], ArrowUp: [x, y - 1], ArrowDown: [x, y + 1],
      Home: [0, y], End: [MAX_DRAW - 1, y] }[key];
    if (!to) return undefined;
    const [nx, ny] = to.map((v) => Math.max(0, Math.min(MAX_DRAW - 1, v)));  // the edges stop it
    return ny * MAX_DRAW + nx;
  });
  const setCell = (b, on) => {
    const k = `${b.dataset.x},${b.dataset.y}`;
    if (on === drawn.has(k)) return;
    if (on) drawn.add(k); else drawn.delete(k);
    showCell(b);
    changed();
  };
  let paint = null;
  grid.addEventListener("pointerdown", (ev) => {
    const b = ev.target.closest(".pz-cell");
    if (!b || ev.button !== 0) return;
    ev.preventDefault();
    cursorAt(b);   // the keys go on from the cell drawn last
    if (grid.hasPointerCapture && grid.hasPointerCapture(ev.pointerId)) grid.releasePointerCapture(ev.pointerId);
    if (b.hasPointerCapture && b.hasPointerCapture(ev.pointerId)) b.releasePointerCapture(ev.pointerId);
    paint = !drawn.has(`${b.dataset.x},${b.dataset.y}`);
    setCell(b, paint);
    document.addEventListener("pointerup", () => { paint = null; }, { once: true });
  });
  grid.addEventListener("pointermove", (ev) => {
    if (paint === null) return;
    const hit = document.elementFromPoint(ev.clientX, ev.clientY);
    const b = hit && hit.closest(".pz-cell");
    if (b && grid.contains(b)) setCell(b, paint);
  });
  grid.addEventListener("click", (ev) => {  // the keyboard (Enter, Space): pointers paint above
    const b = ev.target.closest(".pz-cell");
    if (b && ev.detail === 0) setCell(b, !drawn.has(`${b.dataset.x},${b.dataset.y}`));
  });
  const drawCount = el("p", { class: "pz-count", id: "pz-count" });
  const clear = el("button", { type: "button", class: "small", id: "pz-clear", onclick: () => {
    drawn.clear();
    cellList.forEach(showCell);
    changed();
  } }, "Clear");
  const drawBox = el("div", { class: "pz-draw", id: "pz-draw" }, grid,
    el("div", { class: "pz-draw-side" }, drawCount,
      el("p", { class: "muted", id: "pz-draw-help" }, "Click or drag over the grid to draw cells; click a drawn cell to take it out. Holes are fine, and so are separate parts of 5, 10, … cells each.",
        keyHint(" Keys: the arrows move over the grid, Space or Enter draws a cell or takes it out.")),
      clear));

  // the pieces
  const pieceButtons = PIECE_NAMES.map((p, i) => el("button", { type: "button", class: "pz-piece", "data-piece": p,
    "aria-pressed": "true", title: `the ${p} pentomino`, onclick: () => {
      if (pieces.has(p)) pieces.delete(p); else pieces.add(p);
      changed();
    } }, el("span", { class: "pz-shape" }, shapeSvg(PIECES[p], { size: 6, fill: PUZZLE_COLOURS[i], stroke: "#333" })),
    el("span", {}, p)));
  const setAll = (on) => { pieces.clear(); if (on) PIECE_NAMES.forEach((p) => pieces.add(p)); changed(); };
  const piecesBox = el("div", { class: "pz-piece-row" },
    el("div", { class: "pz-pieces", role: "group", "aria-label": "Pieces" }, pieceButtons),
    el("span", { class: "pz-piece-tools" },
      el("button", { type: "button", class: "small", id: "pz-all", onclick: () => setAll(true) }, "All 12"),
      el("button", { type: "button", class: "small", id: "pz-none", onclick: () => setAll(false) }, "None")));
  const check = el("p", { class: "pz-check", id: "pz-check", role: "status", "aria-live": "polite", tabindex: -1 });

  node.append(
    el("div", { class: "pz-label" }, "Region", helpMark("A named box (each shows its solutions up to symmetry: the fewer, the harder to find one), or draw any shape: its cells must be five times the number of pieces.", "Region")),
    tiles, drawBox,
    el("div", { class: "pz-label" }, "Pieces", helpMark("Each chosen piece is placed once; the region needs 5 cells a piece.", "Pieces")),
    piecesBox, check);

  function customRows() {
    if (!drawn.size) return [];
    const cells = [...drawn].map((k) => k.split(",").map(Number));
    const xs = cells.map((c) => c[0]);
    const ys = cells.map((c) => c[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const rows = [];
    for (let y = y0; y <= y1; y++) {
      let row = "";
      for (let x = x0; x <= x1; x++) row += drawn.has(`${x},${y}`) ? "#" : ".";
      rows.push(row);
    }
    return rows;
  }
  const cells = () => (region === "custom" ? drawn.size : cellCount(REGIONS.find((r) => r.name === region).rows));
  // the drawn region's parts (squares joined side to side): each is tiled on its own
  function parts() {
    const left = new Set(drawn), sizes = [];
    for (const start of drawn) {
      if (!left.has(start)) continue;
      left.delete(start);
      let size = 0;
      for (const todo = [start]; todo.length; size++) {
        const [x, y] = todo.pop().split(",").map(Number);
        for (const k of [`${x + 1},${y}`, `${x - 1},${y}`, `${x},${y + 1}`, `${x},${y - 1}`]) {
          if (left.delete(k)) todo.push(k);
        }
      }
      sizes.push(size);
    }
    return sizes;
  }
  const MOST = 5 * PIECE_NAMES.length;   // 60: every piece once

  function verdict() {
    const n = cells();
    const k = pieces.size;
    if (region === "custom" && n === 0) return [false, "Draw the region: click or drag over the grid."];
    if (k === 0) return [false, "Choose at least one piece."];
    if (n > MOST) return [false, `The region has ${n} cells: the 12 pieces cover at most ${MOST}; take ${plural(n - MOST, "cell")} out.`];
    if (n % 5) {
      const more = 5 - (n % 5);
      return [false, `The region has ${plural(n, "cell")}, not a multiple of 5: ${n + more <= MOST ? `draw ${plural(more, "more cell")} or ` : ""}take ${plural(n % 5, "cell")} out.`];
    }
    if (region === "custom") {
      const sizes = parts();
      const odd = sizes.filter((m) => m % 5);
      if (odd.length) {
        return [false, `The region is in ${sizes.length} parts, and each is tiled on its own: ${odd.length === 1 ? `one has ${plural(odd[0], "cell")}` : `parts of ${odd.join(", ")} cells`}, not a multiple of 5. Join the parts, or make each a multiple of 5.`];
      }
    }
    if (n !== 5 * k) {
      const need = n / 5;
      const fix = need > k ? `choose ${plural(need - k, "more piece")}` : `take ${plural(k - need, "piece")} out`;
      return [false, `The region has ${n} cells but ${plural(k, "piece")} cover ${5 * k}: ${fix} (${plural(need, "piece")} in all).`];
    }
    return [true, `✓ ${n} cells = ${plural(k, "piece")} × 5.`];
  }

  function changed() {
    for (const b of tileList) {
      b.setAttribute("aria-checked", String(b.dataset.region === region));
      if (b.dataset.region === region) chosenTile(b);
    }
    drawBox.hidden = region !== "custom";
    const n = drawn.size;
    drawCount.replaceChildren(el("b", {}, plural(n, "cell")),
      !n ? "" : n > MOST ? ` · more than the ${MOST} the pieces cover`
        : n % 5 ? " · not a multiple of 5" : ` · needs ${plural(n / 5, "piece")}`);
    for (const b of pieceButtons) b.setAttribute("aria-pressed", String(pieces.has(b.dataset.piece)));
    const [ok, text] = verdict();
    check.textContent = text;
    check.className = `pz-check ${ok ? "ok" : "warn"}`;
    onChange();
  }
  changed();

  return {
    node,
    valid: () => verdict()[0],
    flag() {  // the message, flashed and focused (read out again)
      check.classList.remove("flash");
      void check.offsetWidth;
      check.classList.add("flash");
      check.focus();
    },
    options: () => ({
      region: region === "custom" ? customRows().join("/") : region,
      pieces: PIECE_NAMES.filter((p) => pieces.has(p)).join(""),
    }),
  };
}

// -- the lobby lists --------------------------------------------------------------------

function seatLabel(t, i) {
  const s = t.seats[i];
  const plugin = PLUGINS[t.game];
  const colour = plugin && plugin.seatNames ? plugin.seatNames[i] : `Player ${i + 1}`;
  if (s.name) return s.name;
  if (s.kind === "computer") return `${colour} (computer${s.level ? `, ${s.level}` : ""})`;
  if (s.claimed) return colour;
  return s.open ? `${colour} (free seat)` : `${colour} (invited)`;
}

function ago(ts) {
  const s = Math.max(0, Date.now() / 1000 - ts);
  if (s < 60) return "just now";
  if (s < 3600) return `${plural(Math.floor(s / 60), "minute")} ago`;
  if (s < 86400) return `${plural(Math.floor(s / 3600), "hour")} ago`;
  return `${plural(Math.floor(s / 86400), "day")} ago`;
}

function optionSummary(t) {
  const g = gameOf(t.game);
  const bits = [];
  for (const [k, v] of Object.entries(t.options || {})) {
    if (k === "region") {
      const named = REGIONS.find((r) => r.name === v);
      // a drawn region by its size, as the terminal names it ("own region 5×3, 15 squares")
      const rows = named ? null : String(v).trim().split("/").map((r) => r.trim());
      const squares = rows ? cellCount(rows) : 0;
      bits.push(named ? named.label : squares ? `own region ${Math.max(...rows.map((r) => r.length))}×${rows.length}, ${plural(squares, "square")}` : "own region");
      continue;
    }
    const def = g && g.options[k] ? g.options[k].default : undefined;
    if (v === def || v === null) continue;
    if (k === "pieces") bits.push(`pieces ${v}`);
    else if (k === "players") bits.push(plural(v, "player"));
    else if (v === true) bits.push(optionLabel(k).toLowerCase());
    else if (v === false) continue;
    else bits.push(`${k === "target" ? "to " : ""}${v}`);
  }
  return bits.join(" · ");
}

function resultText(t) {
  const w = t.winners || [];
  if (t.seats.length === 1) return w.length ? "solved" : "over";
  if (!w.length) return "no winner";
  if (w.length === t.seats.length) return "a draw";
  if (!t.imported && t.mine.some((s) => w.includes(s))) return w.length > 1 ? "you share the win" : "you win";
  return `${w.map((i) => seatLabel(t, i)).join(" and ")} ${w.length > 1 ? "win" : "wins"}`;
}

function stateLine(t) {
  if (t.status === "finished") return el("span", { class: "result" }, t.imported ? `imported · ${resultText(t)}` : resultText(t));
  if (t.status === "replay") return "imported record, unfinished";
  if (t.to_move !== null && t.mine.includes(t.to_move)) return el("span", { class: "your-turn" }, "your turn");
  if (t.open_public_seats.length) return plural(t.open_public_seats.length, "seat") + " free";
  if (t.open_seats.length) return `waiting for ${plural(t.open_seats.length, "invited player")}`;
  // computers alone play only while someone watches (the server's rule): said, or the table
  // looks stuck
  const unwatched = t.seats.every((s) => s.kind === "computer") ? " (computers play while someone watches)" : "";
  if (t.to_move !== null && t.seats.length > 1) return `${seatLabel(t, t.to_move)} to move${unwatched}`;
  return "in play";
}

function tableRow(t, action) {
  const players = t.seats.length > 1
    ? t.seats.map((_, i) => seatLabel(t, i) + (t.mine.includes(i) ? " (you)" : "")).join(" vs ")
    : null;
  const summary = optionSummary(t);
  // the table's name as its page shows it ("· table …"): two games of the same players,
  // started a minute apart, read alike otherwise
  const meta = [stateLine(t), plural(t.moves, "move"), ago(t.updated),
    el("span", { class: "t-id" }, `table ${t.id}`)];
  return el("li", { "data-table": t.id, "data-status": t.status, class: t.idle ? "idle" : "" },
    el("div", { class: "t-main" },
      el("div", { class: "t-head" }, el("b", {}, t.title), summary ? el("span", { class: "tag" }, summary) : null,
        t.idle ? el("span", { class: "tag idle-tag", title: t.moves <= 1 ? "never got going: no move for an hour or more" : "no move for a day or more" }, "idle") : null),
      players ? el("div", { class: "t-players" }, players) : null,
      el("small", { class: "t-meta" }, ...meta.flatMap((m, i) => (i ? [" · ", m] : [m])))),
    action);
}

async function sit(t) {
  try {
    await api(`/api/tables/${t.id}/sit`, { method: "POST", body: { seat: t.open_public_seats[0], name: savedName() } });
    go(`/t/${t.id}`);
  } catch (e) { toast(e.message); }
}

// the lists' requests in the order asked: a late answer to an older one (a slow server)
// is not shown over a newer one's
let listsAsked = 0, listsShown = 0;
async function renderLists() {
  const asked = ++listsAsked;
  const data = await api(`/api/tables?idle=${showIdle}&limit=${showIdle ? 300 : 100}`);
  if (asked < listsShown) return;
  listsShown = asked;
  const tables = data.tables;
  const mine = tables.filter((t) => t.mine.length && t.status === "playing");
  const others = tables.filter((t) => !mine.includes(t));
  const open = others.filter((t) => t.status === "playing" && t.open_public_seats.length);
  const playing = others.filter((t) => t.status === "playing" && !t.open_public_seats.length);
  const finished = others.filter((t) => t.status !== "playing");
  const fill = (id, rows, make, empty) => {
    $(id).replaceChildren(...(rows.length ? rows.map(make) : [el("li", { class: "empty" }, empty)]));
  };
  $("your-games").hidden = !mine.length;
  fill("mine", mine, (t) => tableRow(t, el("a", { class: "button small primary", href: `/t/${t.id}` }, "Resume")), "");
  fill("open", open, (t) => tableRow(t, el("button", { type: "button", class: "small primary", onclick: () => sit(t) }, "Sit")),
    "No free seats right now.");
  fill("playing", playing, (t) => tableRow(t, el("a", { class: "button small", href: `/t/${t.id}` }, "Watch")),
    "Nothing in play.");
  fill("finished", finished, (t) => tableRow(t, el("a", { class: "button small", href: `/t/${t.id}` }, "Replay")),
    "No finished games yet.");
  const toggle = $("toggle-idle");
  const hidden = data.idle_hidden || 0;
  toggle.hidden = !showIdle && !hidden;
  toggle.textContent = showIdle ? "Hide older games" : `Show ${plural(hidden, "older game")}`;
  toggle.title = "Games with no move for a day, and games that never got going (at most one move, none for an hour)";
  toggle.setAttribute("aria-pressed", String(showIdle));
  $("idle-note").textContent = showIdle ? "Including idle games." : hidden ? "Games idle for a day (an hour if they never got going) are hidden." : "";
}

$("toggle-idle").addEventListener("click", () => {
  showIdle = !showIdle;
  renderLists().catch((e) => toast(e.message));
});

$("record-file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  try {
    const t = await api("/api/records", { method: "POST", body: await file.text() });
    go(t.url);
  } catch (e) { toast(`${file.name} is not a game record Pentarena can replay: ${e.message}`); }
});

(async () => {
  try {
    const data = await api("/api/games");
    GAMES = data.games;
    LEVELS = data.levels;
    await Promise.all(GAMES.map(async (g) => { PLUGINS[g.name] = await loadPlugin(g.name); }));
    renderGames();
    renderCreate();
    await renderLists();
    document.body.dataset.ready = "true";
    // the lists refresh every 5 s while the page is seen; a hidden tab asks nothing and
    // catches up as soon as it is shown again
    // (one request at a time: a server that hangs is not asked again every 5 s)
    let pending = null;
    const refresh = () => { pending = pending || renderLists().catch(() => {}).finally(() => { pending = null; }); };
    setInterval(() => { if (!document.hidden) refresh(); }, 5000);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  } catch (e) { toast(e.message); }
})();
