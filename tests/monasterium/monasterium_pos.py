"""Compact position builders for Monasterium tests.

``act_position`` makes a state in the action phase with chosen dice on the fields; the
``give``/``put``/``unlock`` helpers then shape each player. Goods always move to or from
the supply so the totals stay right.
"""

from __future__ import annotations

from typing import Any

from monastic.engine import Event, Rng
from monastic.games.monasterium import GAME, MonasteriumState
from monastic.games.monasterium.catalogue import (
    CHAPEL0,
    CLOISTER0,
    DEST_INDEX,
    GOOD_INDEX,
    MON_INDEX,
    SLOT_INDEX,
)
from monastic.games.monasterium.rules.consistency import check_consistency
from monastic.games.monasterium.rules.flow import settle


def new(n: int = 3, seed: int = 0) -> MonasteriumState:
    """A fresh game."""
    state = GAME.new_game(n, seed)
    assert isinstance(state, MonasteriumState)
    return state


def act_position(
    n: int = 3,
    seat: int = 0,
    fields: dict[int, Any] | None = None,
    missions: tuple[str, ...] = ("A1", "A2", "B1", "B2", "C1", "C2"),
    round: int = 1,
) -> MonasteriumState:
    """An action-phase state where ``seat`` must take dice.

    ``fields`` maps a field number to a neutral count or ``(neutral, {seat: personal})``.
    All other dice are off the board (already used).
    """
    s = new(n)
    s.phase = "act"
    s.round = round
    s.start_player = seat
    s.current = seat
    s.rolled_personal = None
    s.rolled_neutral = []
    s.held_personal = [0] * n
    s.held_neutral = [0] * n
    s.dice_fields = [[0] * (n + 1) for _ in range(7)]
    for f, spec in (fields or {1: 1}).items():
        if isinstance(spec, int):
            s.dice_fields[f][0] = spec
        else:
            neutral, personal = spec
            s.dice_fields[f][0] = neutral
            for p, k in personal.items():
                s.dice_fields[f][1 + p] = k
    s.missions = list(missions)
    s.turn_column = -1
    s.dice_left = 0
    s.tasks = []
    s.legal_cache = None
    return s


def give(s: MonasteriumState, p: int, **goods: int) -> None:
    """Set seat p's goods (names: influence, soup, rosary, tool, book) via the supply."""
    for name, value in goods.items():
        g = GOOD_INDEX[name]
        s.supply[g] += s.goods[p][g] - value
        s.goods[p][g] = value
    s.legal_cache = None


def put(s: MonasteriumState, p: int, dest: str, slot: str | None = None) -> None:
    """Place a novice of p on ``dest`` (e.g. RED-B1), taken from ``slot`` (or an extra)."""
    d = DEST_INDEX[dest]
    if d < CLOISTER0:
        s.buildings[d] = p
        s.building_counts[p][d // 6] += 1
    elif d < CHAPEL0:
        s.cloisters[d - CLOISTER0] = p
        s.cloister_counts[p][(d - CLOISTER0) // 6] += 1
    else:
        s.chapels[d - CHAPEL0][p] += 1
    if slot is not None and slot.startswith("X-"):
        s.extra_novices[p][("X-I", "X-II", "X-III", "X-IV").index(slot)] = 2
    elif slot is not None:
        s.occupied_slots[p] &= ~(1 << SLOT_INDEX[slot])
    s.legal_cache = None


def unlock(s: MonasteriumState, p: int, *slots: str) -> None:
    """Empty slots of p as if their novices had gone to the board.

    Each novice is placed on a free space its row may take (building, chapel, cloister)
    far from the spaces tests use (PUR buildings B6/B5, chapels, cloister K1 of PUR).
    """
    for sid in slots:
        row = sid.split("-")[0]
        if row in ("I", "II"):
            for b in ("PUR-B6", "PUR-B5", "YEL-B6", "YEL-B5", "GRN-B6", "GRN-B5", "BLU-B5"):
                if s.buildings[DEST_INDEX[b]] == -1:
                    put(s, p, b, sid)
                    break
            else:
                raise AssertionError("no free building for unlock")
        elif row == "III":
            put(s, p, "PUR-CH", sid)
        else:
            for k in ("PUR-K5", "YEL-K5", "GRN-K5", "BLU-K5", "RED-K5"):
                if s.cloisters[DEST_INDEX[k] - CLOISTER0] == -1:
                    put(s, p, k, sid)
                    break


def remove_from_board(s: MonasteriumState, p: int, dest: str) -> None:
    """Undo ``put`` of the novice itself (used to keep helper placements out of the way)."""
    d = DEST_INDEX[dest]
    if d < CLOISTER0:
        s.buildings[d] = -1
        s.building_counts[p][d // 6] -= 1
    elif d < CHAPEL0:
        s.cloisters[d - CLOISTER0] = -1
        s.cloister_counts[p][(d - CLOISTER0) // 6] -= 1
    else:
        s.chapels[d - CHAPEL0][p] -= 1


def mon(name: str) -> int:
    """Monastery index."""
    return MON_INDEX[name]


def ready(s: MonasteriumState) -> MonasteriumState:
    """Run automatic steps after editing, and check the edit kept the state consistent."""
    s.legal_cache = None
    settle(s, [])
    return s


def do(s: MonasteriumState, *texts: str) -> list[Event]:
    """Apply action texts for whoever is to act; return all events."""
    events: list[Event] = []
    for text in texts:
        seat = s.to_act()[0]
        events.extend(s.apply(seat, text))
    return events


def texts(s: MonasteriumState) -> list[str]:
    """The legal action texts of the seat to act."""
    return s.legal_texts(s.to_act()[0])


def consistent(s: MonasteriumState) -> None:
    """Raise if the state's bookkeeping is off: it must load as its own save does."""
    check_consistency(s)
    assert GAME.from_json(s.to_json()).to_dict() == s.to_dict()


class FixedDice(Rng):
    """A generator whose die rolls are given in advance (then falls back to seeded ones)."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        super().__init__(12345)
        self.faces = list(faces)

    def below(self, n: int) -> int:
        if n == 6 and self.faces:
            return self.faces.pop(0) - 1
        return super().below(n)


def dice(s: MonasteriumState, *faces: int) -> None:
    """Make the next die rolls of ``s`` show ``faces``."""
    s.rng = FixedDice(faces)
