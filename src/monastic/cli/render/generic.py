"""The renderer for games without their own: the view as pretty JSON, events as key=value."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.highlighter import JSONHighlighter
from rich.json import JSON
from rich.text import Text

__all__ = ["help_text", "render_breakdown", "render_table", "style_action"]


def compact_json(value: Any, width: int = 100, indent: int = 0, used: int = 0) -> str:
    """JSON that puts a list or object on one line when it fits, and indents it otherwise.

    ``used`` is how much of the first line is already taken (by a key).
    """
    flat = json.dumps(value)
    if indent + used + len(flat) <= width or not isinstance(value, dict | list) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list):
        items = [pad + compact_json(v, width, indent + 2) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = []
    for key, item in value.items():
        label = f"{json.dumps(str(key))}: "
        items.append(pad + label + compact_json(item, width, indent + 2, len(label)))
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def render_table(view: dict[str, Any], console: Console) -> None:
    """The whole view as compact JSON (the play loop shows the seats' names)."""
    shown = {k: v for k, v in view.items() if k != "names"}
    names = view.get("names")
    if names:
        console.print("Seats: " + ", ".join(f"{i} {n}" for i, n in enumerate(names)), markup=False)
    console.print(JSONHighlighter()(Text(compact_json(shown, console.width - 1))))


def help_text() -> str:
    """How to play any game from the list of legal actions."""
    return (
        "This game has no dedicated screen yet: the table is shown as its JSON view.\n"
        "Choose one of the numbered legal actions by its number, or type its text."
    )


def style_action(text: str) -> Text:
    """Actions are shown as they are written."""
    return Text(text)


def render_breakdown(result: dict[str, Any], console: Console) -> None:
    """The game's own details of the result, as JSON."""
    breakdown = result.get("breakdown") or {}
    if breakdown:
        console.print(JSON(json.dumps(breakdown)))
