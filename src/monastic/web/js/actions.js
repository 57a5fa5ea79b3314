// The legal actions of a decision as buttons, grouped by kind (the first word of the
// action text: "play", "lay", "offer"...), a long group split by its next word, with a
// filter box when there are many.

import { el, humanize } from "./render.js";

const SPLIT_ABOVE = 16;
const FILTER_ABOVE = 24;

function groupBy(texts, wordIndex) {
  const groups = new Map();
  for (const text of texts) {
    const words = text.split(" ");
    const key = words.length > wordIndex ? words[wordIndex] : "";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(text);
  }
  return groups;
}

function buttons(texts, onPick) {
  return el("div", { class: "actions" }, texts.map((text) =>
    el("button", { type: "button", class: "action", dataset: { action: text },
      onclick: () => onPick(text) }, text)));
}

function groupBlock(kind, texts, onPick) {
  const body = [];
  if (texts.length > SPLIT_ABOVE) {
    const sub = groupBy(texts, 1);
    if (sub.size > 1 && sub.size < texts.length) {
      for (const [word, items] of sub) {
        body.push(el("details", { class: "subgroup", open: sub.size <= 4 },
          el("summary", {}, `${kind} ${word} (${items.length})`), buttons(items, onPick)));
      }
    } else body.push(buttons(texts, onPick));
  } else body.push(buttons(texts, onPick));
  return el("fieldset", { class: "group", dataset: { kind } },
    el("legend", {}, `${humanize(kind)} (${texts.length})`), body);
}

/** The decision's controls; ``onPick(text)`` sends the chosen action. */
export function renderDecision(decision, onPick) {
  const groups = groupBy(decision.actions, 0);
  const blocks = [...groups].map(([kind, texts]) => groupBlock(kind, texts, onPick));
  const parts = [];
  if (decision.actions.length > FILTER_ABOVE) {
    const filter = el("input", { type: "search", class: "filter", placeholder: "Filter actions",
      "aria-label": "filter actions" });
    filter.addEventListener("input", () => {
      const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      for (const button of document.querySelectorAll("#decision button.action")) {
        const text = button.dataset.action.toLowerCase();
        button.hidden = !words.every((w) => text.includes(w));
      }
      for (const details of document.querySelectorAll("#decision details")) {
        if (words.length) details.open = true;
      }
    });
    parts.push(filter);
  }
  parts.push(...blocks);
  return parts;
}
