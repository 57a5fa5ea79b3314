// A table: one WebSocket to the server, which sends this seat's view and log; the page
// draws them and sends the moves people click. Nothing here decides a rule.

import { renderDecision } from "./actions.js";
import { keepName, keepToken, request, savedName, seatToken } from "./api.js";
import {
  el, renderDetails, renderLog, renderPlayers, renderResult, seatName, turnText,
} from "./render.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);

const page = {
  token: seatToken(tableId),
  socket: null,
  you: null,
  version: null,
  view: null,
  table: null,
  log: [],
  undo: 0,
  sent: false, // a move is on its way: the buttons wait for the answer
  retry: 500,
  clockEnds: null,
};

function notice(text, kind = "error") {
  const box = $("notice");
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = !text;
  if (text) setTimeout(() => { if (box.textContent === text) box.hidden = true; }, 6000);
}

function send(message) {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) {
    page.socket.send(JSON.stringify(message));
  }
}

function pick(action) {
  if (page.sent) return;
  page.sent = true;
  document.body.dataset.waiting = "1";
  send({ type: "move", version: page.version, action });
}

// Drawing ------------------------------------------------------------------------------

function drawTable() {
  const table = page.table;
  if (!table) return;
  document.title = `monastic: ${table.title} #${table.id}`;
  $("title").textContent = `${table.title} · table #${table.id} · ${table.status}`;
  const free = table.seats.filter((s) => s.human && !s.taken);
  $("join").hidden = !(page.you === null && table.status === "open" && free.length);
  if (!$("join").hidden) {
    $("join-name").value = $("join-name").value || savedName();
    $("join-seats").replaceChildren(...free.map((s) => el("button", { type: "button",
      class: "primary", onclick: () => join(s.seat) }, `Take seat ${s.seat}`)));
  }
  const linked = page.you !== null;
  $("link-panel").hidden = !linked;
  if (linked) {
    $("seat-link").value = `${location.origin}/table/${table.id}#seat=${page.token}`;
    $("join-link").value = `${location.origin}/table/${table.id}`;
  }
  drawChatState();
  drawClock();
  drawSeatTools();
  drawEnd();
  if (page.view) $("players").replaceChildren(renderPlayers(page.view, table));
}

function drawView() {
  const view = page.view;
  if (!view) return;
  $("phase").textContent = view.phase_text;
  $("turn").textContent = turnText(view, page.table);
  $("turn").dataset.mine = view.decision ? "1" : "";
  $("players").replaceChildren(renderPlayers(view, page.table));
  $("details").replaceChildren(...renderDetails(view));
  const panel = $("decision-panel");
  if (view.decision) {
    panel.hidden = false;
    $("prompt").textContent = view.decision.prompt;
    $("decision").replaceChildren(...renderDecision(view.decision, pick));
  } else {
    panel.hidden = page.you === null || view.over;
    $("prompt").textContent = view.over ? "" : "Waiting for the others.";
    $("decision").replaceChildren();
  }
  $("undo").hidden = !page.undo;
  $("undo").textContent = `Take back (${page.undo})`;
  document.body.dataset.version = String(page.version);
  document.body.dataset.over = view.over ? "1" : "";
  drawEnd();
}

function drawEnd() {
  const view = page.view;
  const over = Boolean(view && view.over && view.result);
  $("end").hidden = !over;
  if (!over) return;
  $("end-body").replaceChildren(...renderResult(view.result, page.table, view.players.length));
  $("replay-link").href = `/replay/${tableId}${page.you !== null ? `?seat=${page.you}` : ""}`;
  $("analysis-link").href = `/analysis/${tableId}`;
  const rematch = $("rematch");
  rematch.hidden = page.you === null;
  rematch.textContent = page.table && page.table.rematch ? "Join the rematch" : "Rematch";
}

function drawChatState() {
  const open = page.table && page.table.chat_open;
  const canTalk = page.you !== null && open;
  $("chat-text").disabled = !canTalk;
  $("chat-form").querySelector("button").disabled = !canTalk;
  let note = "";
  if (page.you === null) note = "Spectators read the chat but cannot write.";
  else if (!open) note = "Table chat is closed now (vow of silence: only in prayer hours).";
  $("chat-note").textContent = note;
}

function drawClock() {
  const clock = page.table && page.table.clock;
  page.clockEnds = clock ? Date.now() + clock.seconds_left * 1000 : null;
  $("clock").hidden = !clock;
  tickClock();
}

function tickClock() {
  if (page.clockEnds === null) return;
  const left = Math.max(0, Math.round((page.clockEnds - Date.now()) / 1000));
  $("clock").textContent = `${page.table.clock.label}: ${left} s left`;
}

function drawSeatTools() {
  const tools = $("bot-tools");
  const table = page.table;
  const parts = [];
  if (page.you !== null && table && table.status === "running") {
    const mine = table.seats[page.you];
    if (mine.bot) {
      parts.push(el("button", { type: "button", class: "primary", onclick: () => send({ type: "return" }) },
        "Play my seat again"));
    } else {
      const level = el("select", { "aria-label": "bot level" },
        ["random", "greedy", "easy", "medium", "hard"].map((l) => el("option", { value: l }, l)));
      level.value = "greedy";
      parts.push(el("span", { class: "leave" }, level, el("button", { type: "button",
        onclick: () => send({ type: "replace", seat: page.you, bot: level.value }) },
      "Let a bot play for me")));
    }
    for (const seat of table.seats) {
      if (seat.seat !== page.you && seat.human && seat.taken && !seat.bot && !seat.connected) {
        parts.push(el("button", { type: "button",
          onclick: () => send({ type: "replace", seat: seat.seat, bot: "greedy" }) },
        `Seat a bot for ${seatName(table, seat.seat)}`));
      }
    }
  }
  tools.replaceChildren(...parts);
}

// Messages from the server ---------------------------------------------------------------

function receive(message) {
  switch (message.type) {
    case "snapshot":
      page.you = message.you;
      page.version = message.version;
      page.view = message.view;
      page.table = message.table;
      page.log = message.log;
      page.undo = message.undo;
      page.sent = false;
      renderLog($("log"), page.log);
      $("chat").replaceChildren(...message.chat.map(chatLine));
      drawView();
      drawTable();
      break;
    case "update":
      page.version = message.version;
      page.view = message.view;
      page.table = message.table;
      page.undo = message.undo;
      page.sent = false;
      page.log = page.log.concat(message.log);
      for (const line of message.log) $("log").append(el("li", {}, line));
      $("log").scrollTop = $("log").scrollHeight;
      drawView();
      drawTable();
      break;
    case "table":
      page.table = message.table;
      drawTable();
      break;
    case "chat":
      $("chat").append(chatLine(message.line));
      $("chat").scrollTop = $("chat").scrollHeight;
      break;
    case "error":
      page.sent = false;
      if (message.code === "bad-token") {
        localStorage.removeItem(`monastic:seat:${tableId}`);
        page.token = null;
      }
      if (message.code !== "stale") notice(message.message);
      break;
    default:
      break;
  }
  document.body.dataset.waiting = page.sent ? "1" : "";
}

function chatLine(line) {
  return el("li", {}, el("strong", {}, `${line.name}: `), line.text);
}

// The connection ---------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  page.socket = socket;
  const state = $("connection");
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", token: page.token }));
    state.dataset.state = "open";
    state.textContent = page.token ? "connected" : "watching";
    page.retry = 500;
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    state.dataset.state = "closed";
    state.textContent = "reconnecting…";
    page.sent = false;
    setTimeout(connect, page.retry);
    page.retry = Math.min(page.retry * 2, 8000);
  });
}

async function join(seat) {
  const name = $("join-name").value.trim();
  if (!name) { notice("Type your name first."); return; }
  keepName(name);
  try {
    const joined = await request("POST", `/api/tables/${tableId}/join`, { name, seat });
    keepToken(tableId, joined.token);
    page.token = joined.token;
    page.socket.close(); // reconnects with the seat's token
  } catch (err) {
    notice(err.message);
  }
}

async function rematch() {
  try {
    const joined = await request("POST", `/api/tables/${tableId}/rematch`, undefined, page.token);
    keepToken(joined.table, joined.token);
    location.href = `/table/${joined.table}`;
  } catch (err) {
    notice(err.message);
  }
}

$("undo").addEventListener("click", () => send({ type: "undo", version: page.version }));
$("rematch").addEventListener("click", rematch);
$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (text) send({ type: "chat", text });
  $("chat-text").value = "";
});
setInterval(tickClock, 1000);
setInterval(() => send({ type: "ping" }), 25000);
connect();
