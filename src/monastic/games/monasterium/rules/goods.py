"""Goods: taking from and paying to the supply (S-10, S-44)."""

from __future__ import annotations

from monastic.engine import Event
from monastic.games.monasterium.catalogue import GOODS
from monastic.games.monasterium.state import StateData


def take1(s: StateData, p: int, g: int) -> bool:
    """Take one good from the supply if there is one (S-44)."""
    if s.supply[g] > 0:
        s.supply[g] -= 1
        s.goods[p][g] += 1
        return True
    return False


def exchange(s: StateData, p: int, pay: int, get: int, ev: list[Event]) -> bool:
    """Pay one good, take another; only when both are possible."""
    if s.goods[p][pay] > 0 and s.supply[get] > 0:
        s.goods[p][pay] -= 1
        s.supply[pay] += 1
        s.goods[p][get] += 1
        s.supply[get] -= 1
        ev.append(Event("exchange", {"seat": p, "paid": GOODS[pay], "got": GOODS[get]}))
        return True
    return False


def take_goods(s: StateData, p: int, goods: tuple[int, ...], ev: list[Event]) -> None:
    """Take each listed good; each part lapses alone on an empty supply (S-10, S-44)."""
    got = [GOODS[g] for g in goods if take1(s, p, g)]
    ev.append(Event("gain", {"seat": p, "goods": got}))
