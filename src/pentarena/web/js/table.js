// The table page: connection, players, status, log, banner, replay stepper, invites.
// The board itself is drawn by the game's plug-in (games/index.js).
import { api, el, toast, invitesKey } from "./api.js";
import { loadPlugin } from "./games/index.js";

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

let plugin = null;
let view = null;
let ws = null;
let latest = null;        // the latest live state event
let replayPly = null;     // null: live; otherwise the ply shown
const replayCache = new Map();
let retry = 0;

async function claimFromLink() {
  const token = params.get("token");
  if (!token) return;
  try {
    const name = localStorage.getItem("pentarena:name") || "";
    // the server answers with a fresh seat token in an HttpOnly cookie; the invite is used up
    await api(`/api/tables/${tableId}/join`, { method: "POST", body: { token, name } });
  } catch (e) {
    toast(e.message);
  }
  history.replaceState(null, "", `/t/${tableId}`);
}

function seatLabel(payload, i) {
  const s = payload.table.seats[i];
  const colour = plugin && plugin.seatNames ? plugin.seatNames[i] : `Player ${i + 1}`;
  return s.name || (s.kind === "computer" ? "Computer" : s.claimed ? colour : `${colour} (waiting for a player)`);
}

function renderPlayers(payload) {
  const box = $("players");
  box.replaceChildren(el("h3", {}, "Players"));
  payload.table.seats.forEach((s, i) => {
    const row = el("div", { class: "seat" + (payload.current_player === i ? " to-move" : ""), "data-seat": i },
      el("span", { class: "swatch", style: `background:${plugin.seatColours[i]}` }),
      el("span", {}, el("span", { class: "name" }, seatLabel(payload, i)), payload.you === i ? " (you)" : "",
        s.kind === "human" && s.claimed && s.connected === false ? el("span", { class: "off" }, " offline") : ""),
      el("span", { class: "info" }, plugin.seatInfo(payload, i)));
    box.append(row);
  });
}

function renderStatus(payload) {
  const st = $("status");
  if (payload.table.status === "replay") { st.replaceChildren("Imported record — use the replay controls."); return; }
  if (payload.current_player === null) { st.replaceChildren("Game over."); return; }
  const p = payload.current_player;
  const thinking = payload.thinking === p;
  if (payload.you === p) st.replaceChildren(el("span", { class: "you" }, "Your turn."), " ", plugin.turnHint ? plugin.turnHint(payload) : "");
  else st.replaceChildren(el("span", { class: thinking ? "thinking" : "" },
    `${seatLabel(payload, p)} ${thinking ? "is thinking" : "to move"}`),
    payload.you === null ? "  (you are watching)" : "");
}

function renderBanner(payload) {
  const b = $("banner");
  if (payload.current_player !== null || payload.table.status === "replay" && !payload.winners.length) { b.hidden = true; return; }
  const w = payload.winners;
  const names = w.map((i) => seatLabel(payload, i));
  let head;
  if (w.length === payload.table.seats.length && w.length > 1) head = "Draw";
  else if (payload.you !== null && w.includes(payload.you)) head = w.length > 1 ? `You share the win with ${names.filter((_, k) => w[k] !== payload.you).join(", ")}` : "You win!";
  else head = `${names.join(" and ")} ${w.length > 1 ? "win" : "wins"}`;
  b.replaceChildren(el("h2", { id: "result" }, head), plugin.resultDetails(payload) || "");
  b.hidden = false;
}

function renderLog(payload, ply) {
  const ol = $("log");
  ol.replaceChildren(...payload.history.map((m, i) =>
    el("li", { class: i + 1 === ply ? "current" : "", "data-ply": i + 1 }, m)));
  const cur = ol.querySelector(".current") || ol.lastElementChild;
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

function renderInvites(payload) {
  const box = $("invite");
  let invites = [];
  try { invites = JSON.parse(localStorage.getItem(invitesKey(tableId)) || "[]"); } catch { invites = []; }
  const open = invites.filter((i) => payload.table.seats[i.seat] && !payload.table.seats[i.seat].claimed);
  if (!open.length || payload.current_player === null) { box.hidden = true; return; }
  box.replaceChildren(el("h3", {}, "Invite"));
  for (const inv of open) {
    const url = location.origin + inv.url;
    box.append(el("div", { class: "invite-row" }, `Seat ${inv.seat + 1}: `,
      el("button", { class: "small", "data-invite": inv.seat, "data-url": url, onclick: async () => {
        try { await navigator.clipboard.writeText(url); toast("Invite link copied", "info"); }
        catch { prompt("Copy this link", url); }
      } }, "copy invite link")));
  }
  box.hidden = false;
}

function renderReplayControls(payload) {
  const finished = payload.table.status !== "playing";
  $("replay").hidden = !finished;
  if (!finished) return;
  const total = payload.history.length;
  const ply = replayPly === null ? total : replayPly;
  $("r-pos").textContent = `${ply}/${total}`;
  $("r-first").disabled = $("r-prev").disabled = ply === 0;
  $("r-next").disabled = $("r-last").disabled = ply === total;
}

async function showPly(ply) {
  if (!latest) return;
  const total = latest.history.length;
  ply = Math.max(0, Math.min(total, ply));
  replayPly = ply === total ? null : ply;
  let payload = latest;
  if (replayPly !== null) {
    if (!replayCache.has(ply)) replayCache.set(ply, await api(`/api/tables/${tableId}/at/${ply}`));
    payload = { ...replayCache.get(ply), you: latest.you, table: latest.table };
  }
  view.update(payload, { replay: replayPly !== null || latest.table.status !== "playing" });
  renderLog(latest, ply);
  renderReplayControls(latest);
}

function render(payload) {
  latest = payload;
  document.title = `${payload.table.title} — Pentarena`;
  $("title").textContent = `${payload.table.title} · table ${tableId}`;
  $("rules-link").href = `/rules/${payload.table.game}`;
  $("export").href = `/api/tables/${tableId}/record`;
  renderPlayers(payload);
  renderStatus(payload);
  renderBanner(payload);
  renderInvites(payload);
  if (replayPly !== null && payload.table.status !== "playing") { showPly(replayPly); return; }
  replayPly = null;
  view.update(payload, { replay: payload.table.status !== "playing" });
  renderLog(payload, payload.history.length);
  renderReplayControls(payload);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${tableId}`);  // the seat cookie says who we are
  $("conn").dataset.state = "connecting";
  $("conn").textContent = "connecting…";
  ws.onopen = () => { retry = 0; $("conn").dataset.state = "open"; $("conn").textContent = "connected"; };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") render(msg);
    else if (msg.type === "error") { toast(msg.message); view && view.showError && view.showError(msg.message); }
    else if (msg.type === "thinking" && latest) { latest.thinking = msg.seat; renderStatus(latest); }
    else if (msg.type === "presence" && latest) {
      latest.table.seats.forEach((s, i) => { s.connected = s.kind === "computer" || msg.connected.includes(i); });
      renderPlayers(latest);
    }
    else if (msg.type === "hint") { if (view && view.showHint) view.showHint(msg.move); else toast(`Hint: ${msg.move}`, "info"); }
  };
  ws.onclose = () => {
    $("conn").dataset.state = "closed";
    $("conn").textContent = "reconnecting…";
    const delay = Math.min(5000, 300 * 2 ** retry++);
    setTimeout(connect, delay);
  };
}

function sendMove(text) {
  if (!ws || ws.readyState !== WebSocket.OPEN) { toast("Not connected — reconnecting, try again in a moment."); return false; }
  ws.send(JSON.stringify({ type: "move", move: text, version: latest ? latest.version : null }));
  return true;
}

function send(message) {
  if (!ws || ws.readyState !== WebSocket.OPEN) { toast("Not connected — reconnecting, try again in a moment."); return false; }
  ws.send(JSON.stringify(message));
  return true;
}

function bindReplayKeys() {
  const step = (d) => latest && showPly((replayPly === null ? latest.history.length : replayPly) + d);
  $("r-first").onclick = () => showPly(0);
  $("r-prev").onclick = () => step(-1);
  $("r-next").onclick = () => step(1);
  $("r-last").onclick = () => latest && showPly(latest.history.length);
  document.addEventListener("keydown", (ev) => {
    if (!latest || latest.table.status === "playing" || ev.target.tagName === "INPUT") return;
    if (ev.key === "ArrowLeft") step(-1);
    else if (ev.key === "ArrowRight") step(1);
    else if (ev.key === "Home") showPly(0);
    else if (ev.key === "End") showPly(latest.history.length);
  });
  $("log").addEventListener("click", (ev) => {
    const li = ev.target.closest("li");
    if (li && latest && latest.table.status !== "playing") showPly(Number(li.dataset.ply));
  });
}

(async () => {
  await claimFromLink();
  let first;
  try { first = await api(`/api/tables/${tableId}`); }
  catch (e) { $("status").textContent = e.message; return; }
  plugin = await loadPlugin(first.table.game);
  view = plugin.createView($("board-area"), { sendMove, send, toast });
  bindReplayKeys();
  render({ ...first, you: null, legal_moves: [] });
  connect();
})();
