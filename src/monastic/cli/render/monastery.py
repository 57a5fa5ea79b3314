"""The terminal screen of Monastery: the map, the Prayer Board, tracks, your screen, help."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from monastic.cli.render.base import seat_label
from monastic.cli.render.monastery_log import HOUR_NAMES, describe_event, round_kind
from monastic.cli.render.monastery_map import CLASS_STYLES, MONK_STYLES, monk_text, render_map
from monastic.games.monastery.catalogue import BOARD, TYPE_BY_ID

__all__ = ["describe_event", "help_text", "render_breakdown", "render_table", "style_action"]

_ROWS = "RBGY"
_SIDE_BY_SIDE = 110  # from this width the board and the players sit next to each other

_PHASES = {
    "step": "step (lay a tile, move monks)",
    "score": "scoring",
    "brew": "Brewhouse choice",
    "starthand": "start hand: put tiles back",
    "prayer_after_election": "election",
    "over": "game over",
}


def _who(seat: int, view: dict[str, Any], capital: bool = True) -> Text:
    """``Seat 2 (green)`` in that colour, ``You`` for the viewer."""
    viewer = view.get("seat")
    player = view["players"][seat]
    letter = str(player["colour"])[:1].upper()
    label = seat_label(seat, viewer, capital=capital)
    return Text(f"{label} ({player['colour']})", style=MONK_STYLES.get(letter, ""))


def _headline(view: dict[str, Any]) -> Text:
    hour = int(view["hour"])
    kind = str(view.get("hour_kind") or round_kind(hour))
    name = HOUR_NAMES.get(hour)
    what = f"{name}, {kind} hour" if name and kind == "prayer" else name or f"{kind} round"
    head = Text(f"Day {view['day']} · hour {hour} of 10 · ", style="bold")
    head.append(what.capitalize(), style="bold cyan")
    head.append(f" · round {view['round']} of 20 · Abbot ✝ ", style="bold")
    head.append_text(_who(int(view["abbot"]), view, capital=False))
    head.append(f" · bag {view['bag']}")
    if view.get("ending"):
        rule = "last letter bought" if view["ending"] == "E1" else "no tile can be laid"
        head.append(f" · game ends after this round ({view['ending']}: {rule})", style="bold red")
    if not view.get("chat_allowed", True):
        head.append(" · vow of silence", style="dim")
    return head


_DISC = ("Matins", "Study", "Toil", "Toil", "Sext", "Study", "Toil", "Vespers", "Study", "Night")


def _disc(view: dict[str, Any]) -> Text:
    """The ten hours of the day, the current one highlighted."""
    out = Text("Hours: ", style="dim")
    for hour, name in enumerate(_DISC, start=1):
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
            (tile.symbol or "").replace("_", " "),
        )
    return table


def _my_screen(view: dict[str, Any]) -> list[RenderableType]:
    seat = view.get("seat")
    if seat is None:
        return []
    me = view["players"][seat]
    if me.get("hand") is None:
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
    decision = view.get("decision")
    if decision:  # due before the phase goes on
        line.append(f": {_decision_text(decision)}", style="bold")
        return line
    phase = str(view.get("phase"))
    line.append(f": {_PHASES.get(phase, phase)}", style="bold")
    step = view.get("step")
    if step:
        line.append(f" · {step['movement_points']} MP left")
        line.append(" · tile laid" if step["laid"] else " · no tile laid yet")
        if step["encouraging"]:
            line.append(" · encouraging")
    scoring = view.get("scoring")
    if scoring:
        line.append(f" · {scoring['points']} points")
        stage = "symbols or prayer" if scoring["stage"] == "symbols" else "buying"
        line.append(f" · {stage}")
        if scoring["prayed"]:
            line.append(" · prayed")
    return line


def _decision_text(decision: dict[str, Any]) -> str:
    kind = decision["kind"]
    if kind == "elect":
        tied = [str(c) for c in decision["candidates"]]
        choices = " / ".join(f"elect {c[:1].upper()}" for c in tied)
        return f"the election is tied: choose the Abbot among {', '.join(tied)} ({choices})"
    if kind == "imprison":
        return "put a monk from the Abbey into the Prison Cell (imprison R/B/G/Y or none)"
    why = {"exchange": "after an exchange", "workshop": "after the Workshop"}.get(
        str(decision["why"]), "to keep 3 in hand"
    )
    return f"return a tile from hand to the bag {why} (return TILE)"


_LEGEND = (
    "P/G path/gateway (p/g: open on one side)",
    "uc: under construction, boxes as value+monk (· empty)",
    "?grey: a building only its layer knows",
    "R upright, r praying, r̲ prisoner",
    "V capacity",
    "✚ blessings on a tile",
    "monks: A Abbey, out in the monastery, ✝ on the Board",
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
    """The table as ``view["seat"]`` sees it."""
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


def help_text() -> str:
    """A short rules summary and the action notation."""
    return "\n".join(
        [
            "Monastery: build the monastery around the Abbey, score with your monks and",
            "buy the letters of the prayer LIBERA NOS QUAESUMUS AB OMNIBUS MALIS AMEN.",
            "",
            "A day has 10 hours; the game lasts 2 days. Prayer hours (Matins 1, Sext 5,",
            "Vespers 8): praying monks return, whoever has the most monks in the Abbey is",
            "Abbot (starts every round), everyone draws 3/2/1 tiles. Study (2, 6, 9) and",
            "Toil (3, 4, 7): everyone takes a step, then everyone scores. Night (10): all",
            "monks go back to the Abbey.",
            "",
            "Step: lay one tile (touching the Abbey, a finished tile or a full uc tile,",
            "linked by a path or gateway; no path into a wall; grey never touches brown)",
            "or exchange one; move monks with 2 MP per upright monk (1 MP per tile; an",
            "unfinished tile stops the monk on a box; your secret passage is 1 MP away);",
            "at the end you may put blessings on uc tiles (encourage).",
            "Scoring: S1 your monks on full uc tiles score their boxes; S2 symbols",
            "(Library, Workshop, Stables, Abbot's House, Almonry); S3 one monk prays (V,",
            "Chapel 2V); S4 +1 per finished tile of the round's colour with your monk",
            "(grey: Study, brown: Toil, dual: both; the Abbey in Study; Scriptorium and",
            "Farm more); S5 buy letters (on your track large: 3 at the end; on another",
            "track small: +1 blessing) and monks (to the Abbey) at the column's price;",
            "S6 leftover points become blessings. Full uc tiles are then finished.",
            "Testament: 3 per large letter on your track + blessings - V of tiles in hand.",
            "",
            "Places: x,y is a cell (x East, y North; the Abbey is x 0-2, y 0-1), x,y/b",
            "box b (from 0) of a uc tile, A the Abbey. Board cells: row colour + column",
            "(R2); track spaces: colour + space 1-9 (B5). Rotations r0 r90 r180 r270.",
            "  lay PATH_I 1,2 r0     lay a tile from your hand   exchange, return TILE",
            "  move A 1,2/0 c2       move a monk: from, to, cost in MP",
            "  shift 1,3/0>2         to another box, free        encourage 1,3",
            "  end                   finish the step, scoring or Brewhouse choice",
            "  pray 5,5   purchase   pray; or go straight to buying",
            "  buy R2 R1  monk B R   a letter onto a track space; a monk from a cross",
            "  library R2 G10  workshop  stables TILE x,y rN  abbotshouse  almonry",
            "  elect Y  imprison B|none  stand 6,6  keep 6,6/1",
            "'list lay KITCHEN' or 'list 3,1' shows the matching choices.",
        ]
    )


def render_breakdown(result: dict[str, Any], console: Console) -> None:
    """The testament of every seat: 3 per large letter, blessings, tiles left in hand."""
    breakdown = result.get("breakdown") or {}
    parts = breakdown.get("testament") or []
    if not parts:
        return
    colours = breakdown.get("colours") or []
    names = result.get("names") or []
    end = {"E1": "the last letter was bought", "E2": "no tile could be laid", "E3": "two days"}
    console.print(
        Text(
            f"Testament (the game ended after round {breakdown.get('round', '?')}:"
            f" {end.get(str(breakdown.get('end')), breakdown.get('end'))})",
            style="bold",
        )
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
