"""The numbered list of legal actions, and what the player typed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from rich.text import Text

__all__ = ["COMMANDS", "Typed", "read_typed", "show_choices"]

#: Words that are commands, never actions.
COMMANDS = ("help", "hint", "log", "list", "quit", "undo", "turn", "rules", "standings")

_FULL_LIST = 80  # up to this many choices are listed in full
_GROUP_IN_FULL = 30  # in longer lists, a kind of action with this many or fewer is listed
_EXAMPLES = 2
_MAX_DEPTH = 2  # split big kinds of action by their first two words at most
_MAX_SPLIT = 12  # ... and only into this many kinds


@dataclass(frozen=True, slots=True)
class Typed:
    """What a line of input meant: a command (with its argument) or an action text."""

    command: str | None = None
    argument: str = ""
    action: str | None = None
    error: str | None = None


def _item(number: int, text: str, style: Callable[[str], Text], notes: Mapping[str, str]) -> Text:
    item = Text(f"{number:>3}  ", style="bold") + style(text)
    note = notes.get(text)
    if note:
        item.append(f"   {note}", style="dim")
    return item


def _grid(console: Console, items: list[Text]) -> Table:
    """Items in as many columns as fit, numbered down each column (each column as wide as
    its widest item, so one long note does not widen them all)."""
    gap = 3
    columns, rows = 1, len(items)
    for count in range(min(len(items), console.width // 4), 1, -1):
        height = -(-len(items) // count)
        widths = [
            max(len(item) for item in items[start : start + height])
            for start in range(0, len(items), height)
        ]
        if sum(widths) + gap * (len(widths) - 1) <= console.width - 1:
            columns, rows = len(widths), height
            break
    grid = Table.grid(padding=(0, gap))
    for _ in range(columns):
        grid.add_column(no_wrap=True)
    for row in range(rows):
        grid.add_row(*[items[i] for i in range(row, len(items), rows)])
    return grid


def _matching(texts: list[str], only: str) -> list[tuple[int, str]]:
    """Numbered choices starting with ``only`` (any case); failing that, those with each of
    its words as a word or a word's start before ``/`` (``3,1`` finds ``move A 3,1/0 c1``)."""
    want = " ".join(only.split()).lower()
    numbered = [(i + 1, t) for i, t in enumerate(texts) if t.lower().startswith(want)]
    if numbered or not want:
        return numbered

    def has(words: list[str], w: str) -> bool:
        return any(word == w or word.startswith(w + "/") for word in words)

    return [
        (i + 1, t)
        for i, t in enumerate(texts)
        if all(has(t.lower().split(), w) for w in want.split())
    ]


def show_choices(
    console: Console,
    texts: list[str],
    style: Callable[[str], Text],
    only: str = "",
    notes: Mapping[str, str] | None = None,
) -> None:
    """Number the legal actions from 1, each with its note (its value in a few words) if it
    has one; long lists show each kind of action briefly."""
    notes = notes or {}
    numbered = _matching(texts, only)
    if not numbered:
        console.print(f"No legal action matches {only!r}.", markup=False)
        return
    if len(numbered) <= _FULL_LIST or only:
        console.print(_grid(console, [_item(n, t, style, notes) for n, t in numbered]))
        return
    _show_grouped(console, numbered, style, notes, depth=1)


def _show_grouped(
    console: Console,
    numbered: list[tuple[int, str]],
    style: Callable[[str], Text],
    notes: Mapping[str, str],
    depth: int,
) -> None:
    """Small kinds of action in full; big ones split by their next word, or summarised."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for number, text in numbered:
        groups.setdefault(" ".join(text.split(" ")[:depth]), []).append((number, text))
    pending: list[tuple[int, str]] = []

    def flush() -> None:
        if pending:
            console.print(_grid(console, [_item(n, t, style, notes) for n, t in pending]))
            pending.clear()

    # Small kinds are listed in full, the smallest first, while the listing stays short.
    budget = _FULL_LIST
    in_full = set()
    for prefix, items in sorted(groups.items(), key=lambda kv: len(kv[1])):
        if len(items) <= min(_GROUP_IN_FULL, budget):
            in_full.add(prefix)
            budget -= len(items)
    for prefix, items in groups.items():
        if prefix in in_full:
            pending.extend(items)
            continue
        flush()
        subgroups = {" ".join(t.split(" ")[: depth + 1]) for _, t in items}
        # Splitting helps only into a few kinds (not 30 "library R3 ..." lines).
        if depth < _MAX_DEPTH and 1 < len(subgroups) <= _MAX_SPLIT and len(subgroups) < len(items):
            _show_grouped(console, items, style, notes, depth + 1)
            continue
        shown = items[:: max(1, len(items) // _EXAMPLES)][:_EXAMPLES]
        line = Text(f"{prefix} ...: {len(items)} choices, e.g. ", style="bold")
        line.append_text(Text(", ").join(Text(f"{n} ") + style(t) for n, t in shown))
        line.append(f"  (all: 'list {prefix}')", style="dim")
        console.print(line)
    flush()


def read_typed(line: str, choices: int) -> Typed:
    """Classify one line: a command, a choice number, or action text."""
    text = " ".join(line.split())
    if not text:
        return Typed(error="Type a number, an action, or 'help'.")
    word, _, rest = text.partition(" ")
    if word.lower() in COMMANDS:
        return Typed(command=word.lower(), argument=rest)
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= choices:
            return Typed(error=f"There is no choice {number}: choose 1 to {choices}.")
        return Typed(action=str(number))
    return Typed(action=text)
