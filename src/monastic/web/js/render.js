// Drawing a view as readable panels. Every game's view starts with the same keys (the
// common view shape); the game's own keys follow and are drawn generically, so this file
// knows no game. Texts come from the view and the log: the client writes no game words.

export const VIEW_KEYS = [
  "game", "viewer", "players", "phase", "phase_text", "to_act", "decision", "over", "result",
];

/** Create an element with attributes and children (strings become text nodes). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** "hand_sizes" -> "Hand sizes". */
export function humanize(key) {
  const words = String(key).replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The name people know a seat by. */
export function seatName(table, seat) {
  if (seat === null || seat === undefined) return "a spectator";
  const entry = table && table.seats ? table.seats[seat] : null;
  if (entry && entry.name) return entry.name;
  return `Seat ${seat}`;
}

function isScalar(value) {
  return value === null || value === undefined
    || ["string", "number", "boolean"].includes(typeof value);
}

function scalarText(value) {
  if (value === null || value === undefined) return "—";
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

/** Any JSON value as readable HTML: chips for short lists, tables for lists of objects,
 * definition lists for objects. Depth-limited so a deep value stays readable. */
export function renderValue(value, depth = 0) {
  if (isScalar(value)) return el("span", { class: "value" }, scalarText(value));
  if (depth > 3) return el("code", {}, JSON.stringify(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "value empty" }, "none");
    if (value.every(isScalar)) {
      return el("ul", { class: "chips" }, value.map((v) => el("li", {}, scalarText(v))));
    }
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      return objectTable(value, depth);
    }
    return el("ol", { class: "nested", start: "0" },
      value.map((v) => el("li", {}, renderValue(v, depth + 1))));
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return el("span", { class: "value empty" }, "none");
  return el("dl", { class: "fields" },
    entries.map(([k, v]) => [el("dt", {}, humanize(k)), el("dd", {}, renderValue(v, depth + 1))]));
}

function objectTable(rows, depth, rowLabel = null) {
  const columns = [];
  for (const row of rows) for (const key of Object.keys(row)) {
    if (!columns.includes(key)) columns.push(key);
  }
  const head = el("tr", {}, rowLabel ? el("th", {}, "") : null,
    columns.map((c) => el("th", { scope: "col" }, humanize(c))));
  const body = rows.map((row, index) => el("tr", {},
    rowLabel ? el("th", { scope: "row" }, rowLabel(index)) : null,
    columns.map((c) => el("td", {}, renderValue(row[c], depth + 1)))));
  return el("div", { class: "scroll" }, el("table", { class: "grid" }, el("thead", {}, head),
    el("tbody", {}, body)));
}

/** The players panel: one row per seat, with the public entry of each. */
export function renderPlayers(view, table) {
  const you = view.viewer;
  const columns = [];
  for (const entry of view.players) for (const key of Object.keys(entry || {})) {
    if (!columns.includes(key)) columns.push(key);
  }
  const head = el("tr", {}, el("th", { scope: "col" }, "Seat"), el("th", { scope: "col" }, "Player"),
    columns.map((c) => el("th", { scope: "col" }, humanize(c))));
  const rows = view.players.map((entry, seat) => {
    const info = table && table.seats ? table.seats[seat] : null;
    const marks = [];
    if (seat === you) marks.push(el("span", { class: "tag you" }, "you"));
    if (view.to_act.includes(seat)) marks.push(el("span", { class: "tag acting" }, "to act"));
    if (info && info.bot) marks.push(el("span", { class: "tag bot" }, `bot: ${info.bot}`));
    else if (info && info.human && info.taken && !info.connected) {
      marks.push(el("span", { class: "tag away" }, "away"));
    } else if (info && info.human && !info.taken) marks.push(el("span", { class: "tag" }, "free"));
    return el("tr", { class: view.to_act.includes(seat) ? "acting" : null, dataset: { seat } },
      el("td", {}, String(seat)), el("td", {}, seatName(table, seat), " ", marks),
      columns.map((c) => el("td", {}, renderValue((entry || {})[c], 1))));
  });
  return el("div", { class: "scroll" },
    el("table", { class: "grid players" }, el("thead", {}, head), el("tbody", {}, rows)));
}

/** The game-specific keys of the view, in the view's order: the plain values together in
 * one panel, every list or object in a panel of its own. */
export function renderDetails(view) {
  const plain = [];
  const panels = [];
  for (const [key, value] of Object.entries(view)) {
    if (VIEW_KEYS.includes(key)) continue;
    const empty = value && typeof value === "object" && Object.keys(value).length === 0;
    if (isScalar(value) || empty) {
      plain.push(el("dt", {}, humanize(key)),
        el("dd", { dataset: { key } }, empty ? "none" : scalarText(value)));
      continue;
    }
    const wide = Array.isArray(value) && value.length > 3
      && value.every((v) => v && typeof v === "object" && !Array.isArray(v));
    panels.push(el("section", { class: wide ? "panel detail wide" : "panel detail", dataset: { key } },
      el("h2", {}, humanize(key)), renderValue(value)));
  }
  if (plain.length) {
    panels.unshift(el("section", { class: "panel detail", dataset: { key: "" } },
      el("h2", {}, "At the table"), el("dl", { class: "fields" }, plain)));
  }
  return panels;
}

/** Who must decide now, in words. */
export function turnText(view, table) {
  if (view.over) return "The game is over.";
  if (!view.to_act.length) return "";
  const names = view.to_act.map((s) => (s === view.viewer ? "you" : seatName(table, s)));
  return `To act: ${names.join(", ")}`;
}

/** The end screen: winners, ranks, scores and the breakdown of the result. */
export function renderResult(result, table, players) {
  const seats = [...Array(players).keys()];
  const winners = result.winners.map((s) => seatName(table, s));
  const title = winners.length > 1 ? `Shared victory: ${winners.join(", ")}` : `${winners[0]} wins`;
  const order = seats.slice().sort((a, b) => result.ranks[a] - result.ranks[b]);
  const ranking = el("table", { class: "grid result" },
    el("thead", {}, el("tr", {}, el("th", {}, "Rank"), el("th", {}, "Player"), el("th", {}, "Score"))),
    el("tbody", {}, order.map((s) => el("tr", { class: result.winners.includes(s) ? "winner" : null },
      el("td", {}, String(result.ranks[s])), el("td", {}, seatName(table, s)),
      el("td", {}, scalarText(result.scores[s]))))));
  const parts = [];
  for (const [key, value] of Object.entries(result.breakdown || {})) {
    parts.push(el("h3", {}, humanize(key)));
    if (Array.isArray(value) && value.length === players) {
      if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
        parts.push(objectTable(value, 1, (i) => seatName(table, i)));
        continue;
      }
      parts.push(el("div", { class: "scroll" }, el("table", { class: "grid" }, el("tbody", {},
        value.map((v, i) => el("tr", {}, el("th", { scope: "row" }, seatName(table, i)),
          el("td", {}, renderValue(v, 1))))))));
      continue;
    }
    parts.push(renderValue(value, 1));
  }
  return [el("p", { class: "winners" }, title), ranking,
    parts.length ? el("div", { class: "breakdown" }, el("h3", {}, "Score breakdown"), parts) : null];
}

/** Fill the log list with lines, keeping the newest in sight. */
export function renderLog(list, lines) {
  list.replaceChildren(...lines.map((line) => el("li", {}, line)));
  list.scrollTop = list.scrollHeight;
}
