"""The terminal screen of Medieval Monastery: the table, your hand by suit, help, results."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from monastic.cli.render.base import seat_label, seats_label
from monastic.cli.render.medieval_monastery_log import describe_event, suit_name
from monastic.games.medieval_monastery.catalogue import (
    COMBOS,
    SUIT_ACTIONS,
    SUIT_LETTERS,
    SUIT_NAMES,
)

__all__ = ["describe_event", "help_text", "render_breakdown", "render_table", "style_action"]

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

_STEPS = {
    "play": "{actor} must play a card",
    "discard": "Prayer: {actor} must discard 2 cards",
    "offer": "Study: trading, {trader} to offer",
    "answer": "Study: {target} must answer the offer",
    "pick": "Rules: {acting} to pick a revealed card",
    "bid": "Saints: {acting} to bid (bids are revealed together)",
    "orders": "Orders: {acting} to give a card to the right (revealed together)",
    "abbey": "Abbey: {actor} must choose a hand to swap with",
    "monks-in": "Monks: {acting} to give a card to {actor} (revealed together)",
    "monks-out": "Monks: {actor} to give a card to {target}",
    "combo": "Cenobitic: {actor} may declare combos",
    "over": "The game is over",
}


def _card(text: str) -> Text:
    return Text(text, style=SUIT_STYLES.get(text[:1], ""))


def _cards(texts: list[str]) -> Text:
    return Text(" ").join(_card(t) for t in texts) if texts else Text("none", style="dim")


def style_action(text: str) -> Text:
    """An action with its cards in suit colours: ``play`` ``P7``."""
    words = text.split(" ")
    out = Text()
    for i, word in enumerate(words):
        if i:
            out.append(" ")
        is_card = len(word) == 2 and word[0] in SUIT_LETTERS and word[1].isdigit()
        out.append_text(_card(word) if is_card else Text(word))
    return out


def _headline(view: dict[str, Any]) -> Text:
    viewer = view["viewer"]
    discard = view["discard"]
    head = Text()
    head.append(f"Turn {view['turn']} of {view['turns']}", style="bold")
    phase = "game over" if view["phase"] == "over" else f"{view['phase'].capitalize()} phase"
    head.append(f" · {phase} · Abbot ✝ ")
    head.append(seat_label(view["abbot"], viewer, capital=False))
    head.append(f" · Deck {view['deck']} · Discard {len(discard)}")
    if discard:
        head.append(" (top ")
        head.append_text(_card(discard[-1]))
        head.append(")")
    return head


def _step_line(view: dict[str, Any]) -> Text:
    viewer = view["viewer"]
    trade = view.get("trade") or {}
    pending = trade.get("pending") or {}
    monks_next = view["queue"][0] if view["step"] == "monks-out" and view["queue"] else None
    words = {
        "actor": seat_label(view["actor"], viewer, capital=False),
        "trader": seat_label(trade.get("turn"), viewer, capital=False),
        "target": seat_label(pending.get("to", monks_next), viewer, capital=False),
        "acting": seats_label(view["to_act"], viewer),
    }
    line = _STEPS.get(view["step"], view["step"]).format(**words)
    return Text("▶ " + line[0].upper() + line[1:], style="bold")


def _scores_table(view: dict[str, Any]) -> Table:
    viewer, names = view["viewer"], view.get("names") or []
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    table.add_column("", width=1)
    table.add_column("seat", no_wrap=True)
    table.add_column("hand", justify="right")
    for letter in SUIT_LETTERS:
        table.add_column(Text(letter, style=SUIT_STYLES[letter]), justify="right", min_width=3)
    table.add_column("lowest", justify="right")
    for seat, row in enumerate(view["scores"]):
        low = min(row)
        # The weakest suits are what the final score counts: bracket them (unless all tie).
        uniform = max(row) == low
        cells = [
            Text(f"[{x}]", style="bold reverse") if x == low and not uniform else Text(str(x))
            for x in row
        ]
        who = Text(f"Seat {seat}", style="bold" if seat == viewer else "")
        if seat < len(names) and names[seat]:
            who.append(f" {names[seat]}", style="dim" if seat != viewer else "bold")
        if seat == view["abbot"]:
            who.append(" ✝")
        marker = "▶" if seat in view["to_act"] else ""
        table.add_row(marker, who, str(view["hand_sizes"][seat]), *cells, str(low))
    return table


def _legend(width: int) -> Text:
    parts = [
        Text(f"{letter} {name}", style=SUIT_STYLES[letter])
        for letter, name in zip(SUIT_LETTERS, SUIT_NAMES, strict=True)
    ]
    legend = Text("  ").join(parts)
    note = Text("   [n] = weakest suit", style="dim")
    return legend + note if len(legend) + len(note) <= width else legend


def _hand(view: dict[str, Any]) -> Text:
    hand: list[str] = view.get("hand") or []
    out = Text(f"Your hand ({len(hand)}): ", style="bold")
    groups = [[c for c in hand if c[0] == letter] for letter in SUIT_LETTERS]
    out.append_text(Text("  ").join(_cards(g) for g in groups if g) if hand else Text("empty"))
    return out


def _extras(view: dict[str, Any]) -> list[Text]:
    viewer = view["viewer"]
    lines: list[Text] = []
    if view["zone"]:
        label = "Saints centre card" if view["step"] == "bid" else "Revealed"
        lines.append(Text(f"{label}: ") + _cards(view["zone"]))
    if view["step"] in ("bid", "orders", "monks-in"):
        chosen = view.get("chosen") or []
        line = Text(f"Chosen so far: {seats_label(chosen, viewer) if chosen else 'nobody'}")
        if view.get("my_choice"):
            line.append("  · your choice: ")
            line.append_text(_card(view["my_choice"]))
        lines.append(line)
    trade = view.get("trade")
    if trade:
        for entry in trade["log"]:
            lines.append(
                Text(
                    f"Offer {entry['number']}: {seat_label(entry['from'], viewer)}"
                    f" → {seat_label(entry['to'], viewer, capital=False)}: "
                )
                + _card(entry["card"])
                + Text(f" for {entry['ask']} — {entry['answer']}")
            )
        pending = trade.get("pending")
        if pending:
            lines.append(
                Text(
                    f"Pending offer {pending['number']}: "
                    f"{seat_label(pending['from'], viewer)} offers ",
                    style="bold",
                )
                + _card(pending["card"])
                + Text(
                    f" to {seat_label(pending['to'], viewer, capital=False)}"
                    f" for {_ask(pending['ask'])}",
                    style="bold",
                )
            )
    for seat, cards in sorted(view.get("known", {}).items(), key=lambda kv: int(kv[0])):
        lines.append(Text(f"You know Seat {seat} holds: ", style="dim") + _cards(cards))
    return lines


def _ask(ask: str) -> str:
    return f"any {ask}" if ask.isdigit() else f"any {ask} card ({suit_name(ask)})"


def render_table(view: dict[str, Any], console: Console) -> None:
    """The table as ``view["viewer"]`` sees it."""
    parts: list[Any] = [_headline(view), _scores_table(view), _legend(console.width)]
    parts.extend(_extras(view))
    if view.get("hand") is not None:
        parts.append(_hand(view))
    parts.append(_step_line(view))
    console.print(Group(*parts))


_COMBO_CARDS = {
    "flush": "cards of one suit",
    "suits": "cards, one of each suit",
    "kind": "cards of one rank",
    "straight": "cards of consecutive ranks",
}


def help_text() -> str:
    """The suit actions and the combo table, from the game's card data."""
    lines = ["Play one card a turn; its suit's action happens at once:"]
    for letter, name in zip(SUIT_LETTERS, SUIT_NAMES, strict=True):
        action = SUIT_ACTIONS[letter].partition(": ")[2] or SUIT_ACTIONS[letter]
        lines.extend(
            textwrap.wrap(
                action, 88, initial_indent=f"  {letter} {name:<7} ", subsequent_indent=" " * 12
            )
        )
    lines.append("")
    lines.append("Combos (Cenobitic phase, from your hand; type e.g. 'combo flush P1 P4'):")
    for kind, rule in COMBOS.items():
        sizes = f"{rule.sizes[0]}" + (f"-{rule.sizes[-1]}" if len(rule.sizes) > 1 else "")
        points = " ".join(f"{n}:{p}" for n, p in rule.points.items())
        lines.append(f"  {kind:<9} {sizes} {_COMBO_CARDS.get(kind, 'cards')}")
        lines.append(f"{'':12}points by size {points} in {rule.scores}")
        if rule.draws:
            draws = " ".join(f"{n}:{d}" for n, d in rule.draws.items())
            lines.append(f"{'':12}then draw by size {draws}")
    lines.append("  A 9-card flush wins the game at once.")
    lines.append("")
    lines.append("Your final score is your LOWEST suit score; the highest final score wins.")
    return "\n".join(lines)


def render_breakdown(result: dict[str, Any], console: Console) -> None:
    """Every seat's suit scores, the weakest (which counts) bracketed."""
    breakdown = result.get("breakdown") or {}
    suits = breakdown.get("suits")
    if suits:
        console.print(Text("Suit scores (the lowest, bracketed, is the final score)", style="bold"))
        view = {
            "viewer": None,
            "scores": suits,
            "abbot": -1,
            "to_act": [],
            "hand_sizes": ["-"] * len(suits),
            "names": result.get("names"),
        }
        console.print(_scores_table(view))
    if breakdown.get("flush_winner") is not None:
        console.print(f"Seat {breakdown['flush_winner']} won with a 9-card flush.")
