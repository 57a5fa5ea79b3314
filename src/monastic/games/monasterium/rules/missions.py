"""Missions (§8): conditions, and claiming them the moment they are met."""

from __future__ import annotations

from monastic.engine import Event
from monastic.games.monasterium.catalogue import MISSION_BY_ID, MONASTERIES, Mission
from monastic.games.monasterium.state import StateData


def mission_met(s: StateData, p: int, card: Mission) -> bool:
    """Whether seat p meets the card's condition now (§8)."""
    if card.needs:
        for mon, area in card.needs:
            if area == "CH":
                if not s.chapels[mon][p]:
                    return False
            elif area == "BU":
                if not s.building_counts[p][mon]:
                    return False
            elif not s.cloister_counts[p][mon]:
                return False
        return True
    cond = card.condition
    if cond == "personal_dice":
        have = s.personal_dice[p]
    elif cond == "cloister_novices":
        have = sum(s.cloister_counts[p])
    elif cond == "laps":
        have = s.laps[p]
    elif cond == "window_tiles":
        have = sum(len(r) for r in s.window[p])
    else:
        have = sum(
            1
            for m in range(MONASTERIES)
            if s.building_counts[p][m] or s.cloister_counts[p][m] or s.chapels[m][p]
        )
    return have >= card.count


def check_missions(s: StateData, p: int, ev: list[Event]) -> None:
    """Claim every newly met mission at once, at the current year's VP (S-38, S-39)."""
    claimed = s.claimed_missions[p]
    for mid in s.missions:
        if mid not in claimed:
            card = MISSION_BY_ID[mid]
            if mission_met(s, p, card):
                claimed.append(mid)
                vp = card.points(s.year)
                s.vp[p] += vp
                s.mission_vp[p] += vp
                ev.append(Event("mission", {"seat": p, "mission": mid, "vp": vp}))
