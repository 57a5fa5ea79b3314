"""The terminal screen of Medieval Monastery: the table, your hand by suit, help, results."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from monastic.games.medieval_monastery import words
from monastic.games.medieval_monastery.catalogue import SUIT_LETTERS, SUIT_NAMES

__all__ = ["help_text", "render_breakdown", "render_table", "style_action"]

SUIT_STYLES: dict[str, str] = {
    "P": "bold yellow",
    "W": "bold dark_orange",
    "S": "bold dodger_blue1",
    "R": "bold magenta",
    "Z": "bold bright_white",
    "O": "bold green",
    "A": "bold cyan",
    "M": "bold red",
}


def _card(text: str) -> Text:
    return Text(text, style=SUIT_STYLES.get(text[:1], ""))


def _cards(texts: list[str]) -> Text:
    return Text(" ").join(_card(t) for t in texts) if texts else Text("none", style="dim")


def style_action(text: str) -> Text:
    """An action (or any line) with its cards in suit colours: ``play`` ``P7``."""
    out = Text()
    for i, word in enumerate(text.split(" ")):
        if i:
            out.append(" ")
        out.append_text(_card(word) if _is_card(word) else Text(word))
    return out


def _is_card(word: str) -> bool:
    return len(word) == 2 and word[0] in SUIT_LETTERS and word[1].isdigit()


def _line(text: str, style: str = "") -> Text:
    """A line of the game's words, cards in suit colours (a card may end in ``)``, ``,``)."""
    out = Text(style=style)
    for i, word in enumerate(text.split(" ")):
        if i:
            out.append(" ")
        core = word.rstrip("),:;")
        if _is_card(core):
            out.append_text(_card(core))
            out.append(word[len(core) :])
        else:
            out.append(word)
    return out


def _headline(view: dict[str, Any]) -> Text:
    first, *rest = words.headline(view)
    head = Text(first, style="bold")
    for part in rest:
        head.append(" · ")
        head.append_text(_line(part))
    return head


def _step_line(view: dict[str, Any]) -> Text:
    return Text("▶ " + words.step_line(view), style="bold")


def _scores_table(view: dict[str, Any]) -> Table:
    viewer, names = view["viewer"], view.get("names") or []
    labels = words.COLUMN_LABELS
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    table.add_column("", width=1)
    table.add_column(labels["seat"], no_wrap=True)
    table.add_column(labels["hand"], justify="right")
    for letter in SUIT_LETTERS:
        table.add_column(Text(letter, style=SUIT_STYLES[letter]), justify="right", min_width=3)
    table.add_column(labels["lowest"], justify="right")
    for player in view["players"]:
        seat, row = player["seat"], player["suit_scores"]
        low = min(row)
        # The weakest suits are what the final score counts: bracket them (unless all tie).
        uniform = max(row) == low
        cells = [
            Text(f"[{x}]", style="bold reverse") if x == low and not uniform else Text(str(x))
            for x in row
        ]
        who = Text(words.seat_label(seat, None), style="bold" if seat == viewer else "")
        if seat < len(names) and names[seat]:
            who.append(f" {names[seat]}", style="dim" if seat != viewer else "bold")
        if seat == view["abbot"]:
            who.append(" ✝")
        marker = "▶" if seat in view["to_act"] else ""
        table.add_row(marker, who, str(player["hand_size"]), *cells, str(low))
    return table


def _legend(width: int) -> Text:
    parts = [
        Text(f"{letter} {name}", style=SUIT_STYLES[letter])
        for letter, name in zip(SUIT_LETTERS, SUIT_NAMES, strict=True)
    ]
    legend = Text("  ").join(parts)
    note = Text(f"   {words.WEAKEST_NOTE}", style="dim")
    return legend + note if len(legend) + len(note) <= width else legend


def _hand(view: dict[str, Any]) -> Text:
    hand: list[str] = view.get("hand") or []
    out = Text(words.hand_label(len(hand)), style="bold")
    groups = [[c for c in hand if c[0] == letter] for letter in SUIT_LETTERS]
    out.append_text(
        Text("  ").join(_cards(g) for g in groups if g)
        if hand
        else Text(words.cards_line([], "empty"))
    )
    return out


def _extras(view: dict[str, Any]) -> list[Text]:
    viewer = view["viewer"]
    lines: list[Text] = []
    if view["centre"]:
        lines.append(Text(words.centre_label(view["step"])) + _cards(view["centre"]))
    if view["step"] in ("bid", "orders", "monks_in"):
        lines.append(_line(words.chosen_line(view["chosen"], viewer, view["my_choice"])))
    trade = view.get("trade")
    if trade:
        for entry in trade["log"]:
            lines.append(_line(words.trade_record_line(entry, viewer)))
        pending = trade.get("pending")
        if pending:
            lines.append(_line(words.pending_offer_line(pending, viewer), style="bold"))
    for seat, cards in sorted(view.get("known", {}).items(), key=lambda kv: int(kv[0])):
        lines.append(_line(words.known_line(seat, cards), style="dim"))
    return lines


def render_table(view: dict[str, Any], console: Console) -> None:
    """The table as ``view["viewer"]`` sees it."""
    parts: list[Any] = [_headline(view), _scores_table(view), _legend(console.width)]
    parts.extend(_extras(view))
    if view.get("hand") is not None:
        parts.append(_hand(view))
    parts.append(_step_line(view))
    console.print(Group(*parts))


def help_text() -> str:
    """The game's rules summary."""
    return words.HELP


def render_breakdown(result: dict[str, Any], console: Console) -> None:
    """Every seat's suit scores, the weakest (which counts) bracketed."""
    breakdown = result.get("breakdown") or {}
    suits = breakdown.get("suits")
    if suits:
        console.print(Text(words.BREAKDOWN_TITLE, style="bold"))
        view = {
            "viewer": None,
            "players": [
                {"seat": seat, "suit_scores": row, "hand_size": "-"}
                for seat, row in enumerate(suits)
            ],
            "abbot": -1,
            "to_act": [],
            "names": result.get("names"),
        }
        console.print(_scores_table(view))
    if breakdown.get("flush_winner") is not None:
        console.print(words.flush_win_line(breakdown["flush_winner"]))
