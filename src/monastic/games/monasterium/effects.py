"""Effects on the board: goods, sends (§5), the road (§6.4), the window (§7), missions (§8).

Every function works on a ``MonasteriumState`` for seat ``p``. ``ev`` collects events and
``new`` collects pending tasks in the order they were triggered (the caller pushes them so
that the first triggered resolves first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from monastic.engine import Event
from monastic.games.monasterium.actions import TILES
from monastic.games.monasterium.catalogue import (
    BUILDING_GOOD,
    BUILDING_REWARD_GOOD,
    BUILDING_TILE,
    BUILDING_VP,
    CHAPEL0,
    CLOISTER0,
    CLOISTER_ADJ,
    COL_BONUS,
    COL_VP,
    DEST_NAMES,
    GOODS,
    INF,
    MISSION_BY_ID,
    MON_IDS,
    NOVICE_IDS,
    ROAD_BONUS,
    ROAD_LEN,
    ROAD_LINKS,
    ROS,
    ROW_BONUS,
    ROW_VP,
    Effect,
    Mission,
)
from monastic.games.monasterium.state import K_ANY, K_EXTRA, K_GOOD, K_ROAD, K_TILE

if TYPE_CHECKING:
    from monastic.games.monasterium.actions import Tile
    from monastic.games.monasterium.state import MonasteriumState

Tasks = list[tuple[int, ...]]

ROW_MASK = tuple(0x1F << (5 * r) for r in range(4))
ROAD_LINK_MASK = tuple(sum(1 << m for m in links) for links in ROAD_LINKS)
MODE_STD, MODE_IGNORE, MODE_PATRON = 0, 1, 2


def _popcount(x: int) -> int:
    return bin(x).count("1")


# Goods -----------------------------------------------------------------------------------


def take1(s: MonasteriumState, p: int, g: int) -> bool:
    """Take one good from the supply if there is one (S-44)."""
    if s.supply[g] > 0:
        s.supply[g] -= 1
        s.goods[p][g] += 1
        return True
    return False


def exchange(s: MonasteriumState, p: int, pay: int, get: int, ev: list[Event]) -> bool:
    """Pay one good, take another; only when both are possible."""
    if s.goods[p][pay] > 0 and s.supply[get] > 0:
        s.goods[p][pay] -= 1
        s.supply[pay] += 1
        s.goods[p][get] += 1
        s.supply[get] -= 1
        ev.append(Event("exchange", {"seat": p, "paid": GOODS[pay], "got": GOODS[get]}))
        return True
    return False


def take_goods(s: MonasteriumState, p: int, goods: tuple[int, ...], ev: list[Event]) -> None:
    """Take each listed good; each part lapses alone on an empty supply (S-10, S-44)."""
    got = [GOODS[g] for g in goods if take1(s, p, g)]
    ev.append(Event("gain", {"seat": p, "goods": got}))


# Sending ---------------------------------------------------------------------------------


def access_mask(s: MonasteriumState, p: int) -> int:
    """Monasteries seat p may send to: road links of its messenger plus own chapels (§5.2)."""
    mask = ROAD_LINK_MASK[s.pos[p]]
    chapels = s.chapels
    for m in range(5):
        if chapels[m][p]:
            mask |= 1 << m
    return mask


def chapel_cost(s: MonasteriumState, p: int) -> int:
    """Influence for a row-III send: 1 + earlier row-III sends, capped at 3 (S-21)."""
    return min(3, 1 + 5 - _popcount(s.slots[p] & ROW_MASK[2]))


def cloister_cost(s: MonasteriumState, p: int) -> int:
    """Rosary for a row-IV send: 1 + earlier row-IV sends, capped at 3 (S-21)."""
    return min(3, 1 + 5 - _popcount(s.slots[p] & ROW_MASK[3]))


def legal_dests(
    s: MonasteriumState, p: int, novice: int, mode: int, first: bool = False
) -> list[int]:
    """Every destination index a send of ``novice`` may reach now, paying its cost (§5.6).

    With ``first`` the search stops at the first legal destination (a performability test).
    """
    acc = 31 if mode == MODE_IGNORE else access_mask(s, p)
    disc = 1 if mode == MODE_PATRON else 0
    goods = s.goods[p]
    out: list[int] = []
    row = -1 if novice >= 20 else novice // 5
    mons = [m for m in range(5) if acc >> m & 1]
    if not mons:
        return out
    if row == -1 or (row <= 1 and goods[INF] >= max(0, 1 - disc)):
        need = 0 if row == -1 else 2 if row == 0 else 3
        bl = s.buildings
        for m in mons:
            for b in range(m * 6, m * 6 + 6):
                if bl[b] == -1 and goods[BUILDING_GOOD[b]] >= need:
                    out.append(b)
                    if first:
                        return out
    if row == -1 or (row == 3 and goods[ROS] >= cloister_cost(s, p)):
        cl = s.cloisters
        bl = s.buildings
        for m in mons:
            for k in range(m * 6, m * 6 + 6):
                if cl[k] == -1:
                    a, b = CLOISTER_ADJ[k]
                    if bl[a] == p or bl[b] == p:
                        out.append(CLOISTER0 + k)
                        if first:
                            return out
    if row in (-1, 2) and (row == -1 or goods[INF] >= max(0, chapel_cost(s, p) - disc)):
        cap = s.setup.chapel_cap
        for m in mons:
            if sum(s.chapels[m]) < cap:
                out.append(CHAPEL0 + m)
                if first:
                    return out
    return out


def send_cost(s: MonasteriumState, p: int, novice: int, dest: int, mode: int) -> list[int]:
    """The goods vector a send pays (§5.1, S-24, S-25)."""
    cost = [0, 0, 0, 0, 0]
    if novice >= 20:
        return cost
    disc = 1 if mode == MODE_PATRON else 0
    row = novice // 5
    if row <= 1:
        cost[INF] = max(0, 1 - disc)
        cost[BUILDING_GOOD[dest]] += 2 if row == 0 else 3
    elif row == 2:
        cost[INF] = max(0, chapel_cost(s, p) - disc)
    else:
        cost[ROS] = cloister_cost(s, p)
    return cost


def do_send(
    s: MonasteriumState, p: int, novice: int, dest: int, mode: int, ev: list[Event], new: Tasks
) -> None:
    """Pay, place, reward, unlock or flip, free the extra, check missions (§5.6)."""
    cost = send_cost(s, p, novice, dest, mode)
    goods = s.goods[p]
    for g in range(5):
        if cost[g]:
            goods[g] -= cost[g]
            s.supply[g] += cost[g]
    gained = 0
    tile = False
    if dest < CLOISTER0:
        mon = dest // 6
        s.buildings[dest] = p
        s.bcount[p][mon] += 1
        gained = BUILDING_VP[dest]
        s.vp[p] += gained
        rg = BUILDING_REWARD_GOOD[dest]
        if rg >= 0:
            new.append((K_GOOD, rg))  # S-28, S-36: taken or declined next
        tile = BUILDING_TILE[dest]
    elif dest < CHAPEL0:
        k = dest - CLOISTER0
        mon = k // 6
        s.cloisters[k] = p
        s.kcount[p][mon] += 1
    else:
        mon = dest - CHAPEL0
        s.chapels[mon][p] += 1
    ev.append(
        Event(
            "send",
            {
                "seat": p,
                "novice": NOVICE_IDS[novice],
                "to": DEST_NAMES[dest],
                "paid": {GOODS[g]: cost[g] for g in range(5) if cost[g]},
                "vp": gained,
            },
        )
    )
    if tile:
        new.append((K_TILE, mon))
    if novice < 20:
        s.slots[p] &= ~(1 << novice)
        row, col = divmod(novice, 5)
        if row == 3:
            # §4.4, S-13: the dice still lying on tile ``col`` score at the flip.
            flip_vp = s.dice_left if s.turn_col == col else 0
            s.vp[p] += flip_vp
            ev.append(Event("flip", {"seat": p, "column": col + 1, "vp": flip_vp}))
        if s.slots[p] & ROW_MASK[row] == 0 and s.extras[p][row] == 0:
            s.extras[p][row] = 1
            ev.append(Event("extra_available", {"seat": p, "row": row + 1}))
            new.append((K_EXTRA, row))
    else:
        s.extras[p][novice - 20] = 2
    check_missions(s, p, ev)


# The road --------------------------------------------------------------------------------


def do_move(s: MonasteriumState, p: int, steps: int, ev: list[Event], new: Tasks) -> None:
    """Move the messenger; the bonuses of every space entered queue up in order (§6.4)."""
    pos = s.pos[p]
    entered = []
    for _ in range(steps):
        if pos == ROAD_LEN:
            pos = 1
            s.laps[p] += 1
        else:
            pos += 1
        if ROAD_BONUS[pos] is not None:
            entered.append(pos)
    s.pos[p] = pos
    ev.append(Event("move", {"seat": p, "steps": steps, "to": pos}))
    check_missions(s, p, ev)
    if entered:
        new.append((K_ROAD, *entered))


# The window ------------------------------------------------------------------------------


def can_place(window: list[list[int]], mon: int, row: int) -> bool:
    """Whether a tile of ``mon`` may go into the leftmost empty space of ``row`` (§7.2)."""
    line = window[row]
    j = len(line)
    if j >= 5 or mon in line:
        return False
    return all(r == row or len(window[r]) <= j or window[r][j] != mon for r in range(3))


def tile_sources(s: MonasteriumState, p: int, source: int) -> range | list[int]:
    """Monasteries whose stacks a tile may come from: -1 any, -2 own chapels, else one."""
    if source == -1:
        return range(5)
    if source == -2:
        return [m for m in range(5) if s.chapels[m][p]]
    return [source]


def tile_options(s: MonasteriumState, p: int, source: int) -> list[Tile]:
    """Every (monastery, row, bonus) placement allowed now."""
    out: list[Tile] = []
    window = s.window[p]
    for m in tile_sources(s, p, source):
        if s.stacks[m] > 0:
            for r in range(3):
                if can_place(window, m, r):
                    out.extend(TILES[m][r])
    return out


def has_tile_option(s: MonasteriumState, p: int, source: int) -> bool:
    """Whether at least one tile may be taken and placed (§3.3 performability)."""
    window = s.window[p]
    for m in tile_sources(s, p, source):
        if s.stacks[m] > 0:
            for r in range(3):
                if can_place(window, m, r):
                    return True
    return False


def simple_bonus(s: MonasteriumState, p: int, eff: Effect, ev: list[Event], new: Tasks) -> None:
    """A window bonus: take goods, move 1, or an any action."""
    if eff.kind == "take":
        take_goods(s, p, eff.goods, ev)
    elif eff.kind == "move":
        do_move(s, p, eff.move_max, ev, new)
    elif eff.kind == "any":
        new.append((K_ANY,))


def do_tile(
    s: MonasteriumState, p: int, mon: int, row: int, bonus: int, ev: list[Event], new: Tasks
) -> None:
    """Place a tile, take the chosen bonus, score completed lines (§7.2, S-37)."""
    window = s.window[p]
    s.stacks[mon] -= 1
    col = len(window[row])
    window[row].append(mon)
    ev.append(Event("tile", {"seat": p, "mon": MON_IDS[mon], "row": row + 1, "col": col + 1}))
    if bonus == 0:
        simple_bonus(s, p, ROW_BONUS[row], ev, new)
    elif bonus == 1:
        simple_bonus(s, p, COL_BONUS[col], ev, new)
    if len(window[row]) == 5:
        s.vp[p] += ROW_VP[row]
        ev.append(Event("window_row", {"seat": p, "row": row + 1, "vp": ROW_VP[row]}))
    if all(len(window[r]) > col for r in range(3)):
        s.vp[p] += COL_VP[col]
        ev.append(Event("window_col", {"seat": p, "col": col + 1, "vp": COL_VP[col]}))
    check_missions(s, p, ev)


# Missions --------------------------------------------------------------------------------


def mission_met(s: MonasteriumState, p: int, card: Mission) -> bool:
    """Whether seat p meets the card's condition now (§8)."""
    if card.needs:
        for mon, area in card.needs:
            if area == "CH":
                if not s.chapels[mon][p]:
                    return False
            elif area == "BU":
                if not s.bcount[p][mon]:
                    return False
            elif not s.kcount[p][mon]:
                return False
        return True
    cond = card.condition
    if cond == "personal_dice":
        have = s.personal[p]
    elif cond == "cloister_novices":
        have = sum(s.kcount[p])
    elif cond == "laps":
        have = s.laps[p]
    elif cond == "window_tiles":
        have = sum(len(r) for r in s.window[p])
    else:
        have = sum(1 for m in range(5) if s.bcount[p][m] or s.kcount[p][m] or s.chapels[m][p])
    return have >= card.count


def check_missions(s: MonasteriumState, p: int, ev: list[Event]) -> None:
    """Claim every newly met mission at once, at the current year's VP (S-38, S-39)."""
    claimed = s.claimed[p]
    for mid in s.missions:
        if mid not in claimed:
            card = MISSION_BY_ID[mid]
            if mission_met(s, p, card):
                claimed.append(mid)
                vp = card.points(s.year)
                s.vp[p] += vp
                s.mission_vp[p] += vp
                ev.append(Event("mission", {"seat": p, "mission": mid, "vp": vp}))
