"""The terminal screen of Monastery: the map, the Prayer Board, tracks, your screen, help."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from monastic.cli.render.base import seat_label
from monastic.cli.render.monastery_map import (
    CLASS_STYLES,
    LAST_MOVE,
    MONK_STYLES,
    monk_text,
    render_map,
)
from monastic.games.monastery.catalogue import BOARD, TYPE_BY_ID
from monastic.games.monastery.words import (
    HOUR_DISC,
    PHASE_NAMES,
    clock_text,
    ending_text,
    hour_title,
    pending_text,
    round_of_text,
    scoring_text,
    step_text,
    symbol_name,
    testament_title,
)
from monastic.games.monastery.words_help import HELP

__all__ = ["help_text", "render_breakdown", "render_table", "style_action"]

_ROWS = "RBGY"
_SIDE_BY_SIDE = 110  # from this width the board and the players sit next to each other


def help_text() -> str:
    """The game's rules summary and notation."""
    return HELP


def _who(seat: int, view: dict[str, Any], capital: bool = True) -> Text:
    """``Seat 2 (green)`` in that colour, ``You`` for the viewer."""
    viewer = view.get("viewer")
    player = view["players"][seat]
    letter = str(player["colour"])[:1].upper()
    label = seat_label(seat, viewer, capital=capital)
    return Text(f"{label} ({player['colour']})", style=MONK_STYLES.get(letter, ""))


def _headline(view: dict[str, Any]) -> Text:
    hour, round_ = int(view["hour"]), int(view["round"])
    head = Text(f"{clock_text(round_, hour)} · ", style="bold")
    head.append(hour_title(hour), style="bold cyan")
    head.append(f" · {round_of_text(round_)} · Abbot ✝ ", style="bold")
    head.append_text(_who(int(view["abbot"]), view, capital=False))
    head.append(f" · bag {view['bag']}")
    if view.get("ending"):
        head.append(f" · {ending_text(str(view['ending']))}", style="bold red")
    if not view.get("chat_allowed", True):
        head.append(" · vow of silence", style="dim")
    return head


def _disc(view: dict[str, Any]) -> Text:
    """The ten hours of the day, the current one highlighted."""
    out = Text("Hours: ", style="dim")
    for hour, name in enumerate(HOUR_DISC, start=1):
        out.append(" " if hour > 1 else "")
        if hour == view["hour"]:
            out.append(f"[{name}]", style="bold cyan")
        else:
            out.append(name, style="dim")
    if view.get("options", {}).get("team"):
        out.append("  · teams: Red+Green, Blue+Yellow", style="dim")
    return out


def _track(player: dict[str, Any], colour: bool) -> Text:
    """Large letters in the owner's colour, small ones plain, empty spaces dim grey (``·``
    without colours, where a dim letter would look like a small one)."""
    style = MONK_STYLES.get(str(player["colour"])[:1].upper(), "bold")
    out = Text()
    for want, have in zip(player["track_letters"], player["track"], strict=True):
        if have == ".":
            out.append(want.lower() if colour else "·", style="grey37")
        elif have.isupper():
            out.append(have, style=style)
        else:
            out.append(have, style="white")
    return out


def _monk_summary(view: dict[str, Any], colour: str) -> str:
    places = (view.get("monks") or {}).get(colour, [])
    abbey = sum(1 for p in places if p == "A")
    cross = sum(1 for p in places if p.startswith("cross"))
    praying = sum(1 for p in places if p.endswith(("praying", "prisoner")))
    out = len(places) - abbey - cross
    text = f"A{abbey} out{out} ✝{cross}"
    return text + (f" ({praying} praying)" if praying else "")


def _players(view: dict[str, Any], colour: bool) -> Table:
    names = view.get("names") or []
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    for header in ("", "seat", "hand", "track", "monks"):
        table.add_column(header, no_wrap=True)
    to_act = view.get("to_act") or []
    for player in view["players"]:
        seat = int(player["seat"])
        who = _who(seat, view)
        if seat < len(names) and names[seat] and names[seat] != "you":
            who.append(f" {names[seat]}", style="dim")
        if seat == view["abbot"]:
            who.append(" ✝", style="bold")
        table.add_row(
            "▶" if seat in to_act else "",
            who,
            str(player["hand_size"]),
            _track(player, colour),
            _monk_summary(view, str(player["colour"])),
        )
    return table


def _board(view: dict[str, Any]) -> Table:
    board = view["prayer_board"]
    table = Table(
        title="Prayer Board", title_justify="left", title_style="bold", box=None, padding=(0, 1)
    )
    table.add_column(
        "price", footer="reduced", no_wrap=True, header_style="dim", footer_style="dim"
    )
    for col in range(10):
        table.add_column(
            str(BOARD.full_price[col]),
            footer=str(BOARD.reduced_price[col]),
            justify="center",
            no_wrap=True,
        )
    table.show_footer = True
    for row, text in zip(_ROWS, board["rows"], strict=True):
        cells: list[Text] = []
        for ch in text:
            if ch == "+":
                monks = board["crosses"].get(row) or []
                cells.append(Text("✝", style="bold") + Text("").join(monk_text(m) for m in monks))
            elif ch == ".":
                cells.append(Text("·", style="grey37"))
            elif ch.isupper():
                cells.append(Text(ch, style="bold bright_white"))
            else:
                cells.append(Text(ch, style="grey62"))
        table.add_row(Text(row, style=MONK_STYLES[row]), *cells)
    return table


def _hand_table(hand: list[str]) -> Table:
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="dim")
    for header in ("tile (for actions)", "name", "colour", "V", "boxes", "NESW", "symbol"):
        table.add_column(header, no_wrap=True)
    for tile_id in hand:
        tile = TYPE_BY_ID.get(tile_id)
        if tile is None:
            table.add_row(tile_id, "", "", "", "", "", "")
            continue
        table.add_row(
            Text(tile_id, style=CLASS_STYLES.get(tile.colour, "")),
            tile.name,
            tile.colour,
            str(tile.value),
            "/".join(map(str, tile.boxes)) or "-",
            "".join("-PG"[e] for e in tile.edges),
            symbol_name(tile.symbol),
        )
    return table


def _my_screen(view: dict[str, Any]) -> list[RenderableType]:
    me = view.get("screen")
    if not me:
        return []
    line = Text("Your screen: ", style="bold")
    blessings = int(me.get("blessings", 0))
    line.append(f"{blessings} blessing{'' if blessings == 1 else 's'}")
    if me.get("locked_blessings"):
        line.append(f" ({me['locked_blessings']} locked this scoring)")
    line.append(f" · {len(me['hand'])} tile{'' if len(me['hand']) == 1 else 's'} in hand")
    parts: list[RenderableType] = [line]
    if me["hand"]:
        parts.append(_hand_table(list(me["hand"])))
    return parts


def _status(view: dict[str, Any]) -> Text:
    if view.get("over"):
        return Text("▶ The game is over", style="bold")
    to_act = view.get("to_act") or []
    line = Text("▶ ", style="bold")
    for i, seat in enumerate(to_act):
        line.append(", " if i else "")
        line.append_text(_who(int(seat), view))
    pending = view.get("pending")
    if pending:  # due before the phase goes on
        line.append(f": {pending_text(pending)}", style="bold")
        return line
    phase = str(view.get("phase"))
    line.append(f": {PHASE_NAMES.get(phase, phase)}", style="bold")
    step = view.get("step")
    if step:
        line.append(" · " + step_text(step["movement_points"], step["laid"], step["encouraging"]))
    scoring = view.get("scoring")
    if scoring:
        line.append(" · " + scoring_text(scoring["points"], scoring["stage"], scoring["prayed"]))
    return line


_LEGEND = (
    "P/G path/gateway (p/g: open on one side)",
    "uc: under construction, boxes as value+monk (· empty)",
    "?grey: a building only its layer knows",
    "R upright, r praying, r̲ prisoner",
    "V capacity",
    "✚ blessings on a tile",
    "monks: A Abbey, out in the monastery, ✝ on the Board",
    f"{LAST_MOVE} a rival's move since your last turn",
)


def _legend(width: int) -> Text:
    """The legend, broken between its items."""
    lines = [""]
    for item in _LEGEND:
        if lines[-1] and len(lines[-1]) + 3 + len(item) > width - 1:
            lines.append("")
        lines[-1] += (" · " if lines[-1] else "") + item
    return Text("\n".join(lines), style="dim")


def render_table(view: dict[str, Any], console: Console) -> None:
    """The table as ``view["viewer"]`` sees it."""
    width = console.width
    parts: list[RenderableType] = [_headline(view), _disc(view)]
    parts.extend(render_map(view, width))
    parts.append(_legend(width))
    colour = console.color_system is not None and not console.no_color
    players, board = _players(view, colour), _board(view)
    if width >= _SIDE_BY_SIDE:
        grid = Table.grid(padding=(0, 4))
        grid.add_column()
        grid.add_column()
        grid.add_row(board, players)
        parts.append(grid)
    else:
        parts.extend([board, players])
    parts.extend(_my_screen(view))
    parts.append(_status(view))
    console.print(Group(*parts), crop=True, overflow="crop", no_wrap=False)


_TOKEN = re.compile(r"^(-?\d+,-?\d+(?:/\d+)?(?:>\d+)?|[RBGY]\d{0,2}|[A-Z][A-Z_0-9]+|A)$")


def style_action(text: str) -> Text:
    """Tiles in their class colour, colours and board cells in player colours, places cyan."""
    out = Text()
    for i, word in enumerate(text.split(" ")):
        if i:
            out.append(" ")
        tile = TYPE_BY_ID.get(word)
        if tile is not None:
            out.append(word, style=CLASS_STYLES.get(tile.colour, ""))
        elif word in _ROWS or (_TOKEN.match(word) and word[0] in _ROWS and word[1:].isdigit()):
            out.append(word, style=MONK_STYLES[word[0]])
        elif _TOKEN.match(word) and (word[0].isdigit() or word[0] == "-" or word == "A"):
            out.append(word, style="cyan")
        else:
            out.append(word)
    # The letter a purchase places is the one printed on the track space it goes to.
    bought = re.fullmatch(r"buy [RBGY]\d+ ([RBGY])([1-9])", text)
    if bought:
        track = BOARD.tracks[_ROWS.index(bought.group(1))]
        out.append(f"  ({track[int(bought.group(2)) - 1]})", style="dim")
    return out


def render_breakdown(result: dict[str, Any], console: Console) -> None:
    """The testament of every seat: 3 per large letter, blessings, tiles left in hand."""
    breakdown = result.get("breakdown") or {}
    parts = breakdown.get("testament") or []
    if not parts:
        return
    colours = breakdown.get("colours") or []
    names = result.get("names") or []
    console.print(
        Text(testament_title(breakdown.get("round", "?"), breakdown.get("end")), style="bold")
    )
    table = Table(box=None, pad_edge=False, padding=(0, 2), header_style="bold")
    for header in ("seat", "letters", "blessings", "unlaid", "total"):
        table.add_column(header, justify="left" if header == "seat" else "right")
    for seat, part in enumerate(parts):
        letter = colours[seat] if seat < len(colours) else ""
        who = Text(f"Seat {seat}", style=MONK_STYLES.get(letter, ""))
        if seat < len(names) and names[seat]:
            who.append(f" {names[seat]}", style="dim")
        table.add_row(
            who, *(str(part.get(k, "")) for k in ("letters", "blessings", "unlaid", "total"))
        )
    console.print(table)
