"""The terminal screen of Monasterium: board, road, dice, action areas, windows, missions."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from monastic.cli.render.base import seat_label
from monastic.cli.render.monasterium_board import (
    MON_STYLES,
    board_table,
    dice_fields,
    marked_spots,
    missions_table,
    road_lines,
    seat_mark,
)
from monastic.games.monasterium.catalogue import (
    BUILDING_VP,
    COL_VP,
    GOODS,
    ROW_NAMES,
    ROW_VP,
    SPACES_PER_MONASTERY,
    YEARS,
)
from monastic.games.monasterium.words import (
    PHASE_NAMES,
    SHORT_PLACE_KINDS,
    action_name,
    place_name,
    waiting_text,
)
from monastic.games.monasterium.words_help import HELP

__all__ = ["help_text", "render_breakdown", "render_table", "style_action"]

_ROWS = ROW_NAMES
_EXTRA = {"locked": Text("·", style="dim"), "available": Text("!", style="bold green")}


def help_text() -> str:
    """The game's rules summary and notation."""
    return HELP


def style_action(text: str) -> Text:
    """An action with its monastery ids in their colours; a destination gets its kind."""
    out = Text(text)
    for mid, style in MON_STYLES.items():
        out.highlight_words([mid], style=style)
    if text.startswith("to "):
        kind = place_name(text[3:]).partition(" (")[2].rstrip(")")
        if kind:
            out.append(f" {SHORT_PLACE_KINDS.get(kind, kind)}", style="dim")
    return out


def _headline(view: dict[str, Any]) -> Text:
    players, round_ = len(view["players"]), view["round"]
    phase = PHASE_NAMES[view["phase"]]
    head = Text("Monasterium", style="bold")
    head.append(f" · Year {view['year']}/{YEARS} · Round {round_}/{YEARS * players}")
    head.append(f" · {phase} · Start player: ")
    start = view["start_player"]
    head.append_text(seat_mark(start, seat_label(start, view.get("viewer"), capital=False)))
    supply = " · ".join(f"{g.capitalize()} {view['supply'][g]}" for g in GOODS)
    head.append(f"\nSupply: {supply}", style="dim")
    return head


def _step(view: dict[str, Any]) -> Text:
    acting = view["to_act"]
    who = seat_label(acting[0], view.get("viewer")) if acting else "Nobody"
    line = waiting_text(view["pending"], who, view["turn"]["dice_left"])
    out = Text("▶ " + line, style="bold")
    rolled = view.get("rolled")
    if rolled:
        # The re-roll notation: P personal, N neutral.
        out.append("   rolled: ")
        for face in rolled["personal"]:
            out.append_text(seat_mark(acting[0], f"P{face}") if acting else Text(f"P{face}"))
            out.append(" ")
        out.append(" ".join(f"N{face}" for face in rolled["neutral"]))
        can_reroll = acting and not view["players"][acting[0]]["reroll_used"]
        hint = ", or 'reroll' and the dice to roll again" if can_reroll else ""
        out.append(f"  (type e.g. 'place 4'{hint})", style="dim")
    return out


def _short_name(view: dict[str, Any], seat: int) -> str:
    """``You``, or the seat's player name (``greedy``), or ``Seat 2``."""
    names = view.get("names") or []
    name = seat_label(seat, view.get("viewer"))
    if name != "You" and seat < len(names) and names[seat]:
        return str(names[seat])
    return name


def _players_table(view: dict[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="dim")
    table.add_column("", width=1)
    table.add_column("seat", no_wrap=True)
    table.add_column("VP", justify="right")
    for short in ("Inf", "Soup", "Ros", "Tool", "Book"):
        table.add_column(short, justify="right")
    table.add_column("dice", no_wrap=True)
    table.add_column("re-roll", no_wrap=True)
    table.add_column("road", no_wrap=True, justify="right")
    table.add_column("missions", no_wrap=True)
    for player in view["players"]:
        seat = player["seat"]
        held = player["held"]
        dice = str(player["personal_dice"])
        if view["phase"] == "place":
            dice += f", holds {held['personal']}+{held['neutral']}"
        name = _short_name(view, seat)
        lap = f" lap {player['laps']}" if player["laps"] else ""
        table.add_row(
            "▶" if seat in view["to_act"] else "",
            seat_mark(seat) + Text(f" {name}", style="bold" if name == "You" else ""),
            Text(str(player["vp"]), style="bold"),
            *[str(player["goods"][g]) for g in GOODS],
            dice,
            Text("used", style="dim") if player["reroll_used"] else Text("ready"),
            f"{player['messenger']}{lap}",
            " ".join(player["missions"]) or "–",
        )
    return table


def _area(view: dict[str, Any], player: dict[str, Any]) -> Group:
    """One seat's action area (● novice on its slot, ○ unlocked) beside its window."""
    seat = player["seat"]
    name = _short_name(view, seat)
    lines = [seat_mark(seat) + Text(f" {name}", style="bold" if name == "You" else "")]
    window = player["window"]
    head = Text("     12345 X  window", style="dim")
    lines.append(head)
    for r, row in enumerate(_ROWS):
        line = Text(f"{row:<4} ")
        empty = player["slots"][row]
        for column in "12345":
            line.append("●" if column in empty else "○", style="" if column in empty else "green")
        extra = player["extras"][f"X-{row}"]
        line.append(" ")
        line.append_text(_EXTRA.get(extra, Text("✓", style="green")))
        if r < 3:
            line.append("  ")
            tiles = window[("W-I", "W-II", "W-III")[r]]
            for c in range(5):
                if c < len(tiles):
                    line.append(tiles[c][0], style=MON_STYLES.get(tiles[c], ""))
                else:
                    line.append("·", style="dim")
                line.append(" ")
        lines.append(line)
    tiles = Text("tile ", style="dim")
    for number in range(1, 6):
        flipped = number in player["flipped"]
        tiles.append("F" if flipped else "-", style="bold green" if flipped else "dim")
    lines.append(tiles)
    return Group(*lines)


def _unlocked(player: dict[str, Any]) -> Text | None:
    """The slot actions a seat has unlocked, by name, so the choices make sense."""
    by_effect: dict[str, list[str]] = {}
    for row in _ROWS[:3]:
        for column in "12345":
            if column not in player["slots"][row]:
                slot, _, effect = action_name(f"{row}-{column}").partition(" ")
                by_effect.setdefault(effect, []).append(slot)
    if not by_effect:
        return None
    names = [f"{'/'.join(slots)} {effect}" for effect, slots in by_effect.items()]
    return Text("Your unlocked actions: ", style="bold") + Text("; ".join(names))


def _final_table(view: dict[str, Any]) -> Table:
    """Final scoring, with the VP scored during play split by where they came from."""
    table = Table(title="Final scoring", title_style="bold", header_style="dim", box=None)
    table.add_column("seat", no_wrap=True)
    for name in _FINAL_COLUMNS:
        table.add_column(name, justify="right")
    rows = view["final"]["players"]
    for player, row in zip(view["players"], rows, strict=False):
        seat = player["seat"]
        built = sum(
            BUILDING_VP[i * SPACES_PER_MONASTERY + b]
            for i, spot in enumerate(view["board"].values())
            for b, code in enumerate(spot["B"])
            if code == seat
        )
        win = _window_vp(player["window"])
        missions = int(row.get("missions", 0))
        table.add_row(
            seat_mark(seat) + Text(f" {seat_label(seat, view.get('viewer'))}"),
            str(built),
            str(win),
            str(missions),
            str(row["before"] - built - win - missions),
            *[str(row[k]) for k in ("majority", "chapel_spread", "cloister_chapel", "goods")],
            Text(str(row["total"]), style="bold"),
        )
    return table


_FINAL_COLUMNS = ("build", "window", "miss", "other", "major", "chapels", "cl×ch", "goods", "total")
_FINAL_NOTE = (
    "In play: build(ings), window lines, miss(ions), other (flipped tiles, road).\n"
    "At the end: major(ities), chapel spread, cloister × chapel × 2, goods."
)


def _window_vp(window: dict[str, list[str]]) -> int:
    rows = list(window.values())
    vp = sum(ROW_VP[r] for r, tiles in enumerate(rows) if len(tiles) == 5)
    return vp + sum(COL_VP[c] for c in range(5) if all(len(tiles) > c for tiles in rows))


def render_table(view: dict[str, Any], console: Console) -> None:
    """The table as ``view["viewer"]`` sees it (everything is public in Monasterium)."""
    parts: list[Any] = [_headline(view), board_table(view)]
    sent = sorted(marked_spots(view))
    if sent:
        parts.append(
            Text(
                f"Shown reversed: novices sent since your last turn ({', '.join(sent)})",
                style="dim",
            )
        )
    parts.extend(road_lines(view, console.width))
    parts.append(Text("Dice fields (○ neutral die, digit: that seat's personal die)", style="dim"))
    parts.append(dice_fields(view, console))
    parts.append(missions_table(view, console.width))
    parts.append(_players_table(view))
    areas = [_area(view, p) for p in view["players"]]
    parts.append(Columns(areas, padding=(0, 3)))
    parts.append(
        Text(
            "● novice on slot ○ unlocked · X extra: · locked ! available ✓ sent · F flipped",
            style="dim",
        )
    )
    seat = view.get("viewer")
    if seat is not None and view["phase"] != "over":
        unlocked = _unlocked(view["players"][seat])
        if unlocked is not None:
            parts.append(unlocked)
    if view["phase"] == "over" and view.get("final"):
        parts.append(_final_table(view))
        parts.append(Text(_FINAL_NOTE, style="dim"))
    parts.append(_step(view))
    console.print(Group(*parts))


_PARTS = ("before", "majority", "chapel_spread", "cloister_chapel", "goods")


def render_breakdown(result: dict[str, Any], console: Console) -> None:
    """Each seat's final score as the sum of its parts (§9.2)."""
    breakdown = result.get("breakdown") or {}
    names = result.get("names") or []
    rows = breakdown.get("players") or []
    if not rows:
        return
    console.print("Score = in play + majority + chapel spread + cloister×chapel + goods")
    for seat, row in enumerate(rows):
        name = f"Seat {seat}" + (f" ({names[seat]})" if seat < len(names) else "")
        parts = (
            row[k] for k in ("before", "majority", "chapel_spread", "cloister_chapel", "goods")
        )
        console.print(
            f"  {name}: {' + '.join(map(str, parts))} = {row['total']}",
            markup=False,
            highlight=False,
        )
