// The lobby: make a table (game, players, seats, options) and list open, running and
// finished tables to join, watch or replay.

import { keepName, keepToken, request, savedName } from "./api.js";
import { el, humanize } from "./render.js";

let catalogue = { games: [], bot_levels: [] };

const form = document.getElementById("create-form");
const gameSelect = document.getElementById("game");
const playersInput = document.getElementById("players");
const nameInput = document.getElementById("name");

function currentGame() {
  return catalogue.games.find((g) => g.id === gameSelect.value);
}

function drawSeats() {
  const box = document.getElementById("seats");
  const count = Number(playersInput.value);
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const rows = [];
  for (let seat = 0; seat < count; seat += 1) {
    const select = el("select", { name: `seat-${seat}`, "aria-label": `seat ${seat}` },
      el("option", { value: "human" }, "a person"),
      catalogue.bot_levels.map((level) => el("option", { value: level }, `bot: ${level}`)));
    select.value = old[seat] || (seat === 0 ? "human" : "greedy");
    rows.push(el("label", { class: "seat" }, `Seat ${seat}`, select));
  }
  box.replaceChildren(el("legend", {}, "Seats"), ...rows);
}

function optionInput(spec, prefix) {
  const name = `${prefix}${spec.name}`;
  let input;
  if (typeof spec.default === "boolean") {
    input = el("input", { type: "checkbox", name, checked: spec.default });
  } else if (spec.choices) {
    input = el("select", { name }, spec.choices.map((c) => el("option", { value: c }, String(c))));
    input.value = spec.default;
  } else if (typeof spec.default === "number") {
    input = el("input", { type: "number", name, value: spec.default,
      min: spec.minimum ?? undefined, max: spec.maximum ?? undefined });
  } else {
    input = el("input", { name, value: spec.default });
  }
  return el("label", { class: "option", title: spec.help || "" }, humanize(spec.name), input,
    spec.help ? el("small", {}, spec.help) : null);
}

function drawOptions() {
  const game = currentGame();
  const box = document.getElementById("options");
  const fields = [...game.options.map((s) => optionInput(s, "option-")),
    ...game.settings.map((s) => optionInput(s, "setting-"))];
  box.replaceChildren(el("legend", {}, "Options"), ...(fields.length ? fields : [el("p", {}, "none")]));
}

function drawGame() {
  const game = currentGame();
  playersInput.min = game.min_players;
  playersInput.max = game.max_players;
  playersInput.value = game.default_players;
  drawSeats();
  drawOptions();
}

function readValues(prefix, specs) {
  const out = {};
  for (const spec of specs) {
    const input = form.elements[`${prefix}${spec.name}`];
    if (!input) continue;
    if (typeof spec.default === "boolean") out[spec.name] = input.checked;
    else if (typeof spec.default === "number") out[spec.name] = Number(input.value);
    else out[spec.name] = input.value;
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  const game = currentGame();
  const count = Number(playersInput.value);
  const seats = [...Array(count).keys()].map((s) => form.elements[`seat-${s}`].value);
  const body = {
    game: game.id, players: count, seats, name: nameInput.value,
    options: readValues("option-", game.options), settings: readValues("setting-", game.settings),
  };
  const error = document.getElementById("create-error");
  error.textContent = "";
  try {
    keepName(nameInput.value);
    const made = await request("POST", "/api/tables", body);
    if (made.token) keepToken(made.table, made.token);
    location.href = made.url;
  } catch (err) {
    error.textContent = err.message;
  }
}

async function joinTable(table) {
  const name = nameInput.value.trim() || prompt("Your name?") || "";
  if (!name) return;
  keepName(name);
  try {
    const joined = await request("POST", `/api/tables/${table}/join`, { name });
    keepToken(table, joined.token);
    location.href = `/table/${table}`;
  } catch (err) {
    alert(err.message);
  }
}

function tableLine(entry) {
  const seats = entry.seats
    .map((s) => s.name || (s.taken ? "?" : s.held ? "kept for its player" : "free"))
    .join(", ");
  const links = [el("a", { class: "button", href: `/table/${entry.id}` },
    entry.status === "finished" ? "Final position" : "Watch")];
  if (entry.status === "open") {
    links.unshift(el("button", { type: "button", class: "primary",
      onclick: () => joinTable(entry.id) }, "Join"));
  }
  if (entry.status === "finished") {
    links.push(el("a", { class: "button", href: `/replay/${entry.id}` }, "Replay"));
  }
  return el("li", { dataset: { table: entry.id } },
    el("strong", {}, entry.title), " ", el("span", { class: "muted" }, `#${entry.id}`),
    el("div", { class: "muted" }, seats), el("div", { class: "buttons" }, links));
}

async function refresh() {
  try {
    const { tables } = await request("GET", "/api/tables");
    for (const status of ["open", "running", "finished"]) {
      const list = document.getElementById(`tables-${status}`);
      const lines = tables.filter((t) => t.status === status).map(tableLine);
      list.replaceChildren(...(lines.length ? lines : [el("li", { class: "muted" }, "none")]));
    }
  } catch (err) {
    console.warn(err);
  }
}

async function start() {
  catalogue = await request("GET", "/api/games");
  gameSelect.replaceChildren(...catalogue.games.map((g) => el("option", { value: g.id }, g.title)));
  nameInput.value = savedName();
  gameSelect.addEventListener("change", drawGame);
  playersInput.addEventListener("change", drawSeats);
  form.addEventListener("submit", create);
  drawGame();
  await refresh();
  setInterval(refresh, 5000);
}

start();
