// A finished game, step by step, as any seat (or a spectator) saw it.

import { request } from "./api.js";
import {
  el, renderDetails, renderLog, renderPlayers, renderResult, seatName, turnText,
} from "./render.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let table = null;
let steps = 0;
let step = Number(params.get("step") || 0);
let viewer = params.get("seat") ?? "0";

async function show(target) {
  const data = await request("GET",
    `/api/tables/${tableId}/replay?seat=${encodeURIComponent(viewer)}&step=${target}`);
  step = data.step;
  steps = data.steps;
  const view = data.view;
  $("step").max = String(steps);
  $("step").value = String(step);
  $("step-label").textContent = `step ${step} of ${steps}`;
  $("phase").textContent = view.phase_text;
  $("turn").textContent = turnText(view, table);
  $("players").replaceChildren(renderPlayers(view, table));
  $("details").replaceChildren(...renderDetails(view));
  renderLog($("log"), data.log);
  $("end").hidden = !view.over;
  if (view.over) $("end-body").replaceChildren(...renderResult(view.result, table, view.players.length));
  document.body.dataset.step = String(step);
  history.replaceState(null, "", `?seat=${viewer}&step=${step}`);
}

async function start() {
  try {
    ({ table } = await request("GET", `/api/tables/${tableId}`));
  } catch (err) {
    $("title").textContent = err.message;
    return;
  }
  $("title").textContent = `Replay of ${table.title} · table #${table.id}`;
  const choices = [...Array(table.players).keys()].map((s) =>
    el("option", { value: String(s) }, `${seatName(table, s)} (seat ${s})`));
  choices.push(el("option", { value: "spectator" }, "a spectator"));
  $("viewer").replaceChildren(...choices);
  $("viewer").value = viewer;
  $("viewer").addEventListener("change", () => { viewer = $("viewer").value; show(step); });
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(Math.max(0, step - 1)));
  $("next").addEventListener("click", () => show(Math.min(steps, step + 1)));
  $("last").addEventListener("click", () => show(steps));
  $("step").addEventListener("change", () => show(Number($("step").value)));
  try {
    await show(step);
  } catch (err) {
    $("title").textContent = err.message;
  }
}

start();
