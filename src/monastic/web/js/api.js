// Talking to the server over HTTP, and keeping this browser's seat tokens.

/** A JSON request; throws an Error with the server's message on failure. */
export async function request(method, path, body = undefined, token = undefined) {
  const headers = { "content-type": "application/json" };
  if (token) headers["x-seat-token"] = token;
  const reply = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = {};
  try { data = await reply.json(); } catch { data = {}; }
  if (!reply.ok) throw new Error(data.error || `${method} ${path}: ${reply.status}`);
  return data;
}

const TOKEN = (table) => `monastic:seat:${table}`;

/** The token this browser holds for a table (from the link's #seat= first). */
export function seatToken(table) {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("seat");
  if (fromLink) {
    localStorage.setItem(TOKEN(table), fromLink);
    history.replaceState(null, "", location.pathname + location.search);
    return fromLink;
  }
  return localStorage.getItem(TOKEN(table));
}

export function keepToken(table, token) {
  localStorage.setItem(TOKEN(table), token);
}

export function savedName() {
  return localStorage.getItem("monastic:name") || "";
}

export function keepName(name) {
  localStorage.setItem("monastic:name", name);
}
