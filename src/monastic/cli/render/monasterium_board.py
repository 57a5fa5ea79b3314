"""The shared parts of the Monasterium screen: monasteries, the road, dice fields, missions."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from monastic.games.monasterium.catalogue import (
    BUILDING_TYPE,
    MISSION_BY_ID,
    MON_IDS,
    MON_NAMES,
    PLAYER_SETUP,
    ROAD_BONUS,
    ROAD_LEN,
    ROAD_LINKS,
    SPACES_PER_MONASTERY,
)
from monastic.games.monasterium.state import BLOCKED
from monastic.games.monasterium.state import EMPTY as FREE
from monastic.games.monasterium.words import (
    FIELD_NAMES,
    ROAD_BONUS_CODES,
    ROAD_BONUS_LEGEND,
    mission_text,
)

__all__ = [
    "MON_STYLES",
    "access",
    "board_table",
    "dice_fields",
    "missions_table",
    "mon",
    "road_lines",
    "seat_mark",
]

MON_STYLES = {
    "RED": "bold red",
    "GRN": "bold green",
    "BLU": "bold dodger_blue1",
    "YEL": "bold yellow",
    "PUR": "bold magenta",
}
# Seats are shown as digits on a coloured background, so they never read as a monastery.
SEAT_STYLES = (
    "bold black on cyan",
    "bold black on dark_orange",
    "bold black on orchid",
    "bold black on wheat1",
)


def seat_mark(seat: int, text: str | None = None) -> Text:
    """A seat's digit (or ``text``) in the seat's colours."""
    return Text(str(seat) if text is None else text, style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def mon(mid: str, text: str | None = None) -> Text:
    """A monastery id (or ``text``) in the monastery's colour."""
    return Text(mid if text is None else text, style=MON_STYLES.get(mid, ""))


def access(view: dict[str, Any], seat: int) -> set[str]:
    """Monasteries the seat may send to: messenger link or own chapel novice (S-17)."""
    player = view["players"][seat]
    linked = {MON_IDS[m] for m in ROAD_LINKS[player["messenger"]]}
    chapels = {m for m, spot in view["board"].items() if spot["CH"][seat]}
    return linked | chapels


#: The style of a spot a rival's last move filled (it shows without colours too).
LAST_MOVE_STYLE = "reverse"


def marked_spots(view: dict[str, Any]) -> set[str]:
    """The places (``RED-B3``, ``GRN-K1``, ``BLU-CH``) the other seats' last moves sent a
    novice to (``view["last_moves"]``, which the session adds)."""
    out = set()
    for move in view.get("last_moves") or []:
        words = str(move.get("action", "")).split()
        if len(words) == 2 and words[0] == "to":
            out.add(words[1])
    return out


def _spot(code: int, blocked: str = "-", marked: bool = False) -> Text:
    if code == BLOCKED:
        return Text(blocked, style="dim")
    if code == FREE:
        return Text("·", style="dim")
    mark = seat_mark(code)
    if marked:
        mark.stylize(LAST_MOVE_STYLE)
    return mark


def _buildings(mid: str, codes: list[int], marked: AbstractSet[str] = frozenset()) -> Text:
    start = MON_IDS.index(mid) * SPACES_PER_MONASTERY
    out = Text()
    for i, code in enumerate(codes):
        kind = "-" if code == BLOCKED else BUILDING_TYPE[start + i]
        out.append(kind, style="dim" if code in (FREE, BLOCKED) else "")
        out.append_text(_spot(code, marked=f"{mid}-B{i + 1}" in marked))
        out.append(" ")
    return out


def _cloister(mid: str, codes: list[int], marked: AbstractSet[str]) -> Text:
    # K<k> lies between B<k> and B<k+1> (K6 between B6 and B1): under the gap after B<k>.
    out = Text()
    for i, code in enumerate(codes):
        out.append("  ")
        out.append_text(_spot(code, marked=f"{mid}-K{i + 1}" in marked))
    return out


def _chapel(counts: list[int], capacity: int, marked: bool = False) -> Text:
    out = Text("CH ", style=LAST_MOVE_STYLE if marked else "")
    used = 0
    for seat, count in enumerate(counts):
        for _ in range(count):
            out.append_text(seat_mark(seat))
            used += 1
    out.append("·" * max(0, capacity - used), style="dim")
    return out


def _links(mid: str) -> str:
    spaces = [s for s in range(1, ROAD_LEN + 1) if MON_IDS.index(mid) in ROAD_LINKS[s]]
    return ",".join(map(str, spaces))


def board_table(view: dict[str, Any]) -> Table:
    """Each monastery in two lines: buildings (type + occupant), then the cloister ring."""
    viewer = view.get("viewer")
    capacity = PLAYER_SETUP[len(view["players"])].chapel_cap
    reach = access(view, viewer) if viewer is not None else set()
    table = Table(box=None, pad_edge=False, padding=(0, 1), show_header=True, header_style="dim")
    table.add_column("monastery", no_wrap=True)
    table.add_column("buildings / cloister", no_wrap=True)
    table.add_column("chapel", no_wrap=True)
    table.add_column("tiles", justify="right")
    table.add_column("road (✓ access)" if viewer is not None else "road", no_wrap=True)
    marked = marked_spots(view)
    for mid, spot in view["board"].items():
        name = mon(mid, f"{mid} {MON_NAMES[MON_IDS.index(mid)]}")
        where = Text(_links(mid), style="dim")
        if mid in reach:
            where.append(" ✓", style="bold green")
        chapel = _chapel(spot["CH"], capacity, f"{mid}-CH" in marked)
        table.add_row(name, _buildings(mid, spot["B"], marked), chapel, str(spot["stack"]), where)
        table.add_row("", _cloister(mid, spot["K"], marked), "", "", "")
    return table


def road_lines(view: dict[str, Any], width: int) -> list[Text]:
    """The 20 road spaces: links, bonuses and the messengers standing there."""
    cell = 3
    head, links, bonus = Text("Road  "), Text("link  "), Text("bonus ")
    for space in range(1, ROAD_LEN + 1):
        head.append(f"{space:>{cell}}", style="bold")
        ids = [MON_IDS[m] for m in ROAD_LINKS[space]]
        links.append(" " * (cell - sum(1 for _ in ids)))
        for mid in ids:
            links.append_text(mon(mid, mid[0]))
        bonus.append(f"{ROAD_BONUS_CODES.get(ROAD_BONUS[space] or '', ''):>{cell}}", style="cyan")
    by_space: dict[int, list[int]] = {}
    for player in view["players"]:
        by_space.setdefault(player["messenger"], []).append(player["seat"])
    depth = max((len(s) + cell - 1) // cell for s in by_space.values())
    rows = []
    for level in range(depth):
        row = Text("      " if level else "msgr  ")
        for space in range(1, ROAD_LEN + 1):
            seats = by_space.get(space, [])[level * cell : (level + 1) * cell]
            row.append(" " * (cell - len(seats)))
            for seat in seats:
                row.append_text(seat_mark(seat))
        rows.append(row)
    legend = Text(ROAD_BONUS_LEGEND, style="dim")
    lines = [head, links, bonus, *rows]
    if width >= len(legend):
        lines.append(legend)
    return lines


def _field(view: dict[str, Any], number: int) -> Text:
    counts = view["fields"][f"F{number}"]
    out = Text(f"F{number} {FIELD_NAMES[number - 1]} ", style="bold")
    if not any(counts):
        out.append("–", style="dim")
        return out
    out.append("○" * counts[0])
    for seat, count in enumerate(counts[1:]):
        for _ in range(count):
            if not out.plain.endswith(" "):
                out.append(" ")
            out.append_text(seat_mark(seat))
    return out


def dice_fields(view: dict[str, Any], console: Console) -> Table:
    """F1..F6 with their dice: ○ a neutral die, a seat digit a personal die."""
    per_row = 6 if console.width >= 110 else 3
    grid = Table.grid(padding=(0, 3))
    for _ in range(per_row):
        grid.add_column(no_wrap=True)
    cells = [_field(view, n) for n in range(1, 7)]
    for start in range(0, 6, per_row):
        grid.add_row(*cells[start : start + per_row])
    return grid


def missions_table(view: dict[str, Any], width: int = 120) -> Table:
    """The six missions in play, what they ask, their VP (this year's bold) and who has them."""
    viewer = view.get("viewer")
    year = view["year"]
    table = Table(box=None, pad_edge=False, padding=(0, 1), show_header=True, header_style="dim")
    table.add_column("mission", no_wrap=True)
    table.add_column("needs")
    table.add_column("VP", no_wrap=True, justify="right")
    table.add_column("fulfilled by")
    for mid in view["missions"]:
        card = MISSION_BY_ID[mid]
        if card.vp_by_year:
            vp = Text()
            for y, points in enumerate(card.vp_by_year, start=1):
                if y > 1:
                    vp.append("/")
                vp.append(str(points), style="bold" if y == year else "dim")
        else:
            vp = Text(str(card.vp), style="bold")
        needs = Text(mission_text(card, short=width < 100))
        for mid_ in MON_IDS:
            needs.highlight_words([mid_], style=MON_STYLES[mid_])
        done = [p["seat"] for p in view["players"] if mid in p["missions"]]
        who = Text(" ").join(
            seat_mark(s, f"{s}") + Text(" you" if s == viewer else "") for s in done
        )
        table.add_row(f"{mid} {card.name}", needs, vp, who if done else Text("–", style="dim"))
    return table
