"""The window (§7): where a tile may go, its bonus, and the lines it completes (S-37)."""

from __future__ import annotations

from monastic.engine import Event
from monastic.games.monasterium.actions import COLUMN_BONUS_CHOICE, ROW_BONUS_CHOICE, TILES, Tile
from monastic.games.monasterium.catalogue import (
    COL_BONUS,
    COL_VP,
    MON_IDS,
    MONASTERIES,
    ROW_BONUS,
    ROW_VP,
    WINDOW_COLUMNS,
    WINDOW_ROWS,
    Effect,
)
from monastic.games.monasterium.rules.goods import take_goods
from monastic.games.monasterium.rules.missions import check_missions
from monastic.games.monasterium.rules.road import do_move
from monastic.games.monasterium.state import (
    TASK_ANY_ACTION,
    TILE_FROM_ANY,
    TILE_FROM_OWN_CHAPEL,
    StateData,
    Tasks,
)


def can_place(window: list[list[int]], mon: int, row: int) -> bool:
    """Whether a tile of ``mon`` may go into the leftmost empty space of ``row`` (§7.2)."""
    line = window[row]
    j = len(line)
    if j >= WINDOW_COLUMNS or mon in line:
        return False
    return all(r == row or len(window[r]) <= j or window[r][j] != mon for r in range(WINDOW_ROWS))


def tile_sources(s: StateData, p: int, source: int) -> range | list[int]:
    """Monasteries whose stacks a tile may come from: any, those of own chapels, or one."""
    if source == TILE_FROM_ANY:
        return range(MONASTERIES)
    if source == TILE_FROM_OWN_CHAPEL:
        return [m for m in range(MONASTERIES) if s.chapels[m][p]]
    return [source]


def tile_options(s: StateData, p: int, source: int) -> list[Tile]:
    """Every (monastery, row, bonus) placement allowed now."""
    out: list[Tile] = []
    window = s.window[p]
    for m in tile_sources(s, p, source):
        if s.tile_stacks[m] > 0:
            for r in range(WINDOW_ROWS):
                if can_place(window, m, r):
                    out.extend(TILES[m][r])
    return out


def has_tile_option(s: StateData, p: int, source: int) -> bool:
    """Whether at least one tile may be taken and placed (§3.3 performability)."""
    window = s.window[p]
    for m in tile_sources(s, p, source):
        if s.tile_stacks[m] > 0:
            for r in range(WINDOW_ROWS):
                if can_place(window, m, r):
                    return True
    return False


def simple_bonus(s: StateData, p: int, eff: Effect, ev: list[Event], new: Tasks) -> None:
    """A window bonus: take goods, move 1, or an any action."""
    if eff.kind == "take":
        take_goods(s, p, eff.goods, ev)
    elif eff.kind == "move":
        do_move(s, p, eff.move_max, ev, new)
    elif eff.kind == "any":
        new.append((TASK_ANY_ACTION,))


def do_tile(
    s: StateData, p: int, mon: int, row: int, bonus: int, ev: list[Event], new: Tasks
) -> None:
    """Place a tile, take the chosen bonus, score completed lines (§7.2, S-37)."""
    window = s.window[p]
    s.tile_stacks[mon] -= 1
    col = len(window[row])
    window[row].append(mon)
    ev.append(Event("tile", {"seat": p, "mon": MON_IDS[mon], "row": row + 1, "col": col + 1}))
    if bonus == ROW_BONUS_CHOICE:
        simple_bonus(s, p, ROW_BONUS[row], ev, new)
    elif bonus == COLUMN_BONUS_CHOICE:
        simple_bonus(s, p, COL_BONUS[col], ev, new)
    if len(window[row]) == WINDOW_COLUMNS:
        s.vp[p] += ROW_VP[row]
        ev.append(Event("window_row", {"seat": p, "row": row + 1, "vp": ROW_VP[row]}))
    if all(len(window[r]) > col for r in range(WINDOW_ROWS)):
        s.vp[p] += COL_VP[col]
        ev.append(Event("window_col", {"seat": p, "col": col + 1, "vp": COL_VP[col]}))
    check_missions(s, p, ev)
