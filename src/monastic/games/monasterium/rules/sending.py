"""Sending novices (§5): access, costs, destinations, and the send itself."""

from __future__ import annotations

from monastic.engine import Event
from monastic.games.monasterium.catalogue import (
    BUILDING_GOOD,
    BUILDING_REWARD_GOOD,
    BUILDING_SEND_GOODS,
    BUILDING_SEND_INFLUENCE,
    BUILDING_TILE,
    BUILDING_VP,
    CHAPEL0,
    CHAPEL_SEND_INFLUENCE,
    CLOISTER0,
    CLOISTER_ADJ,
    CLOISTER_SEND_ROSARY,
    COLUMNS,
    DEST_NAMES,
    EXTRA0,
    GOODS,
    INFLUENCE,
    MONASTERIES,
    MONASTERY_SPACES,
    NOVICE_IDS,
    ROAD_LINKS,
    ROSARY,
    SPACES_PER_MONASTERY,
)
from monastic.games.monasterium.rules.missions import check_missions
from monastic.games.monasterium.state import (
    EMPTY,
    EXTRA_AVAILABLE,
    EXTRA_LOCKED,
    EXTRA_SENT,
    TASK_BUILDING_GOOD,
    TASK_EXTRA_SEND,
    TASK_TILE,
    StateData,
    Tasks,
)

ROW_MASK = tuple(((1 << COLUMNS) - 1) << (COLUMNS * r) for r in range(4))
ALL_MONASTERIES = (1 << MONASTERIES) - 1
ROAD_LINK_MASK = tuple(sum(1 << m for m in links) for links in ROAD_LINKS)
MODE_STD, MODE_IGNORE, MODE_PATRON = 0, 1, 2


def _popcount(x: int) -> int:
    return bin(x).count("1")


def access_mask(s: StateData, p: int) -> int:
    """Monasteries seat p may send to: road links of its messenger plus own chapels (§5.2)."""
    mask = ROAD_LINK_MASK[s.messenger_space[p]]
    chapels = s.chapels
    for m in range(MONASTERIES):
        if chapels[m][p]:
            mask |= 1 << m
    return mask


def _sent_from_row(s: StateData, p: int, row: int) -> int:
    return COLUMNS - _popcount(s.occupied_slots[p] & ROW_MASK[row])


def chapel_cost(s: StateData, p: int) -> int:
    """Influence for a row-III send: 1 + earlier row-III sends, capped at 3 (S-21)."""
    return CHAPEL_SEND_INFLUENCE[min(len(CHAPEL_SEND_INFLUENCE) - 1, _sent_from_row(s, p, 2))]


def cloister_cost(s: StateData, p: int) -> int:
    """Rosary for a row-IV send: 1 + earlier row-IV sends, capped at 3 (S-21)."""
    return CLOISTER_SEND_ROSARY[min(len(CLOISTER_SEND_ROSARY) - 1, _sent_from_row(s, p, 3))]


def legal_dests(s: StateData, p: int, novice: int, mode: int, first: bool = False) -> list[int]:
    """Every destination index a send of ``novice`` may reach now, paying its cost (§5.6).

    With ``first`` the search stops at the first legal destination (a performability test).
    """
    acc = ALL_MONASTERIES if mode == MODE_IGNORE else access_mask(s, p)
    disc = 1 if mode == MODE_PATRON else 0
    goods = s.goods[p]
    out: list[int] = []
    row = -1 if novice >= EXTRA0 else novice // COLUMNS  # -1: an extra novice, sent free
    mons = [m for m in range(MONASTERIES) if acc >> m & 1]
    if not mons:
        return out
    if row == -1 or (row <= 1 and goods[INFLUENCE] >= max(0, BUILDING_SEND_INFLUENCE[row] - disc)):
        need = 0 if row == -1 else BUILDING_SEND_GOODS[row]
        bl = s.buildings
        for m in mons:
            for b in MONASTERY_SPACES[m]:
                if bl[b] == EMPTY and goods[BUILDING_GOOD[b]] >= need:
                    out.append(b)
                    if first:
                        return out
    if row == -1 or (row == 3 and goods[ROSARY] >= cloister_cost(s, p)):
        cl = s.cloisters
        bl = s.buildings
        for m in mons:
            for k in MONASTERY_SPACES[m]:
                if cl[k] == EMPTY:
                    a, b = CLOISTER_ADJ[k]
                    if bl[a] == p or bl[b] == p:
                        out.append(CLOISTER0 + k)
                        if first:
                            return out
    if row in (-1, 2) and (row == -1 or goods[INFLUENCE] >= max(0, chapel_cost(s, p) - disc)):
        cap = s.setup.chapel_cap
        for m in mons:
            if sum(s.chapels[m]) < cap:
                out.append(CHAPEL0 + m)
                if first:
                    return out
    return out


def send_cost(s: StateData, p: int, novice: int, dest: int, mode: int) -> list[int]:
    """The goods vector a send pays (§5.1, S-24, S-25)."""
    cost = [0] * len(GOODS)
    if novice >= EXTRA0:
        return cost
    disc = 1 if mode == MODE_PATRON else 0
    row = novice // COLUMNS
    if row <= 1:
        cost[INFLUENCE] = max(0, BUILDING_SEND_INFLUENCE[row] - disc)
        cost[BUILDING_GOOD[dest]] += BUILDING_SEND_GOODS[row]
    elif row == 2:
        cost[INFLUENCE] = max(0, chapel_cost(s, p) - disc)
    else:
        cost[ROSARY] = cloister_cost(s, p)
    return cost


def do_send(
    s: StateData, p: int, novice: int, dest: int, mode: int, ev: list[Event], new: Tasks
) -> None:
    """Pay, place, reward, unlock or flip, free the extra, check missions (§5.6)."""
    cost = send_cost(s, p, novice, dest, mode)
    goods = s.goods[p]
    for g in range(len(GOODS)):
        if cost[g]:
            goods[g] -= cost[g]
            s.supply[g] += cost[g]
    gained = 0
    tile = False
    if dest < CLOISTER0:
        mon = dest // SPACES_PER_MONASTERY
        s.buildings[dest] = p
        s.building_counts[p][mon] += 1
        gained = BUILDING_VP[dest]
        s.vp[p] += gained
        rg = BUILDING_REWARD_GOOD[dest]
        if rg >= 0:
            new.append((TASK_BUILDING_GOOD, rg))  # S-28, S-36: taken or declined next
        tile = BUILDING_TILE[dest]
    elif dest < CHAPEL0:
        k = dest - CLOISTER0
        mon = k // SPACES_PER_MONASTERY
        s.cloisters[k] = p
        s.cloister_counts[p][mon] += 1
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
                "paid": {GOODS[g]: cost[g] for g in range(len(GOODS)) if cost[g]},
                "vp": gained,
            },
        )
    )
    if tile:
        new.append((TASK_TILE, mon))
    if novice < EXTRA0:
        s.occupied_slots[p] &= ~(1 << novice)
        row, col = divmod(novice, COLUMNS)
        if row == 3:
            # §4.4, S-13: the dice still lying on tile ``col`` score at the flip.
            flip_vp = s.dice_left if s.turn_column == col else 0
            s.vp[p] += flip_vp
            ev.append(Event("flip", {"seat": p, "column": col + 1, "vp": flip_vp}))
        if s.occupied_slots[p] & ROW_MASK[row] == 0 and s.extra_novices[p][row] == EXTRA_LOCKED:
            s.extra_novices[p][row] = EXTRA_AVAILABLE
            ev.append(Event("extra_available", {"seat": p, "row": row + 1}))
            new.append((TASK_EXTRA_SEND, row))
    else:
        s.extra_novices[p][novice - EXTRA0] = EXTRA_SENT
    check_missions(s, p, ev)
