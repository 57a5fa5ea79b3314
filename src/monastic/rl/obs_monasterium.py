"""Monasterium's tensor (``docs/monasterium/json.md`` for the view it reads).

Monasterium hides nothing, so every seat's tensor differs only in ``viewer``, ``decides`` and
the entered tokens. Scales: VP / 100, goods / 10, supply / 40, dice / 5, messenger space /
the road's length, laps / 5, round / 9, year / the years, chapel novices / 8, stack / 8.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, cast

import numpy as np

from monastic.engine import State
from monastic.games.monasterium import actions as game_actions
from monastic.games.monasterium import catalogue
from monastic.games.monasterium.catalogue import (
    GOODS,
    MISSION_IDS,
    MON_IDS,
    ROAD_LEN,
    ROW_NAMES,
    YEARS,
)
from monastic.games.monasterium.rules.legal import decision_name
from monastic.games.monasterium.state import PHASE_PLACE, StateData
from monastic.games.monasterium.view import EXTRA_STATE
from monastic.rl.observation import (
    Features,
    Observer,
    Parts,
    Tensor,
    index_of,
    multi_hot,
    one_hot,
)

__all__ = ["MonasteriumObserver"]

PHASES = ("place", "act", "over")
PENDING = (
    "place", "take", "die_column_1", "die_column_2", "die_column_3", "die_column_4",
    "die_column_5", "destination", "road_bonus", "any_action", "window_tile", "extra_send",
    "new_die", "building_good", "over",
)  # fmt: skip
EXTRAS = ("locked", "available", "sent")
WINDOW_ROWS = ("W-I", "W-II", "W-III")
FACES = 6
FIELDS = 6
COLUMNS = 5
SPACES = 6  # buildings (and cloister spaces) per monastery
if catalogue.SPACES_PER_MONASTERY != SPACES or catalogue.COLUMNS != COLUMNS:
    raise RuntimeError("the Monasterium tensor's board shape differs from the catalogue's")
# Where the state's own orders sit in the tensor's: the window rows and extra novices by
# name, an extra novice's state by its word, a mission by its id.
_WINDOW_ROW = [WINDOW_ROWS.index(row) for row in game_actions.WINDOW_ROWS]
_EXTRA_ROW = [catalogue.EXTRA_IDS.index(f"X-{row}") for row in ROW_NAMES]
_EXTRA_AT = [EXTRAS.index(word) for word in EXTRA_STATE]
_MISSION_AT = {mission: i for i, mission in enumerate(MISSION_IDS)}
_PENDING_AT = {name: i for i, name in enumerate(PENDING)}


class MonasteriumObserver(Observer):
    game_id = "monasterium"

    def declare(self, features: Features) -> None:
        p, goods, mons = self.players, len(GOODS), len(MON_IDS)
        features.add("phase", len(PHASES))
        features.add("pending", len(PENDING))
        features.add("round", 2)  # round / 9, year / years
        features.add("start_player", p)
        features.add("rolled_personal", FACES)  # dice showing each face
        features.add("rolled_neutral", FACES)
        features.add("fields", FIELDS, 1 + p)  # F1..F6: neutral dice, then each seat's
        features.add("turn_column", 1 + FIELDS)  # 0: none
        features.add("dice_left", 1)
        # Per monastery: buildings and cloister spaces (free, blocked, or a seat's), chapel
        # novices per seat, window tiles left.
        features.add("buildings", mons, SPACES, 2 + p)
        features.add("cloisters", mons, SPACES, 2 + p)
        features.add("chapels", mons, p)
        features.add("stacks", mons)
        features.add("supply", goods)
        features.add("missions", len(MISSION_IDS))  # the cards in play
        features.add("vp", p)
        features.add("goods", p, goods)
        features.add("personal_dice", p)
        features.add("held", p, 2)  # personal, neutral dice still held in placement
        features.add("reroll_used", p)
        features.add("messenger", p)
        features.add("laps", p)
        features.add("slots", p, len(ROW_NAMES), COLUMNS)  # 1: the slot still holds its novice
        features.add("flipped", p, COLUMNS)
        features.add("extras", p, len(ROW_NAMES), len(EXTRAS))
        features.add("window", p, len(WINDOW_ROWS), mons)  # tiles of each monastery per row
        features.add("claimed", p, len(MISSION_IDS))

    def fill(self, parts: Parts, view: Mapping[str, Any]) -> None:
        p, goods, mons = self.players, len(GOODS), len(MON_IDS)
        one_hot(parts["phase"], index_of(PHASES, view["phase"], "phase"))
        one_hot(parts["pending"], index_of(PENDING, view["pending"], "pending decision"))
        parts["round"][:] = (view["round"] / 9, view["year"] / YEARS)
        one_hot(parts["start_player"], view["start_player"])
        rolled = view["rolled"]
        if rolled:
            multi_hot(parts["rolled_personal"], [f - 1 for f in rolled["personal"]])
            multi_hot(parts["rolled_neutral"], [f - 1 for f in rolled["neutral"]])
        fields = parts["fields"]
        for f in range(FIELDS):
            fields[f * (1 + p) : (f + 1) * (1 + p)] = [n / 5 for n in view["fields"][f"F{f + 1}"]]
        one_hot(parts["turn_column"], view["turn"]["column"])
        parts["dice_left"][0] = view["turn"]["dice_left"] / 5
        width = 2 + p
        for m, mon in enumerate(MON_IDS):
            board = view["board"][mon]
            for name, key in (("buildings", "B"), ("cloisters", "K")):
                part = parts[name]
                for i, holder in enumerate(board[key]):
                    # -1 free, -2 blocked, else the seat: slot 0 free, 1 blocked, 2 + seat
                    one_hot(
                        part,
                        (m * SPACES + i) * width + (holder + 2 if holder >= 0 else -1 - holder),
                    )
            parts["chapels"][m * p : (m + 1) * p] = [n / 8 for n in board["CH"]]
            parts["stacks"][m] = board["stack"] / 8
        parts["supply"][:] = [view["supply"][g] / 40 for g in GOODS]
        multi_hot(
            parts["missions"], [index_of(MISSION_IDS, m, "mission") for m in view["missions"]]
        )
        rows, extras = len(ROW_NAMES), len(EXTRAS)
        for entry in view["players"]:
            s = entry["seat"]
            parts["vp"][s] = entry["vp"] / 100
            parts["goods"][s * goods : (s + 1) * goods] = [entry["goods"][g] / 10 for g in GOODS]
            parts["personal_dice"][s] = entry["personal_dice"] / 3
            parts["held"][2 * s : 2 * s + 2] = (
                entry["held"]["personal"] / 5,
                entry["held"]["neutral"] / 5,
            )
            parts["reroll_used"][s] = float(entry["reroll_used"])
            parts["messenger"][s] = entry["messenger"] / ROAD_LEN
            parts["laps"][s] = entry["laps"] / 5
            for r, row in enumerate(ROW_NAMES):
                base = (s * rows + r) * COLUMNS
                multi_hot(parts["slots"], [base + int(c) - 1 for c in entry["slots"][row]])
            multi_hot(parts["flipped"], [s * COLUMNS + c - 1 for c in entry["flipped"]])
            for r, row in enumerate(ROW_NAMES):
                state = index_of(EXTRAS, entry["extras"][f"X-{row}"], "extra novice state")
                one_hot(parts["extras"], (s * rows + r) * extras + state)
            for r, row in enumerate(WINDOW_ROWS):
                base = (s * len(WINDOW_ROWS) + r) * mons
                multi_hot(
                    parts["window"],
                    [base + index_of(MON_IDS, m, "monastery") for m in entry["window"][row]],
                    0.2,
                )
            multi_hot(
                parts["claimed"],
                [
                    s * len(MISSION_IDS) + index_of(MISSION_IDS, m, "mission")
                    for m in entry["missions"]
                ],
            )

    splits = True

    def write_own(self, out: Tensor, state: State, seat: int) -> None:
        """Monasterium hides nothing: no seat sees more than the others."""

    def write_public(self, out: Tensor, state: State) -> None:
        """``fill`` of the view, from the fields ``view.view_details`` and ``view._player``
        read (Monasterium hides nothing: the same for every seat). Runs of neighbouring
        slices are written as one list, and every 1 as one index array."""
        s = cast(StateData, state)
        at, p = self.at, self.players
        ones = [
            at["phase"] + index_of(PHASES, s.phase, "phase"),
            at["pending"] + _PENDING_AT[decision_name(s)],
            at["start_player"] + s.start_player % p,
            at["turn_column"] + s.turn_column + 1,
        ]
        base = at["round"]
        out[base] = s.round / 9
        out[base + 1] = s.year / YEARS
        if s.phase == PHASE_PLACE and s.rolled_personal is not None:
            for name, faces in (
                ("rolled_personal", s.rolled_personal),
                ("rolled_neutral", s.rolled_neutral),
            ):
                first = at[name] - 1
                for face in set(faces):  # dice per face
                    out[first + face] = faces.count(face)
        fields = s.dice_fields
        base = at["fields"]
        out[base : base + FIELDS * (1 + p)] = [
            n / 5 for f in range(1, FIELDS + 1) for n in fields[f]
        ]
        out[at["dice_left"]] = s.dice_left / 5
        width = 2 + p
        for name, holders in (("buildings", s.buildings), ("cloisters", s.cloisters)):
            # -1 free, -2 blocked, else the seat: slot 0 free, 1 blocked, 2 + seat
            base = at[name]
            ones += [
                base + i * width + (h + 2 if h >= 0 else -1 - h) for i, h in enumerate(holders)
            ]
        # chapels, stacks and supply lie end to end
        out[at["chapels"] : at["missions"]] = [
            *[n / 8 for chapel in s.chapels for n in chapel],
            *[n / 8 for n in s.tile_stacks],
            *[n / 40 for n in s.supply],
        ]
        base = at["missions"]
        ones += [base + _MISSION_AT[m] for m in s.missions]
        self._seats(out, s, ones)
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0

    def _seats(self, out: Tensor, s: StateData, ones: list[int]) -> None:
        """Each seat's pieces (``view._player``)."""
        at, p, mons = self.at, self.players, len(MON_IDS)
        rows, extras = len(ROW_NAMES), len(EXTRAS)
        # vp, goods, personal_dice, held, reroll_used, messenger and laps lie end to end
        out[at["vp"] : at["slots"]] = [
            *[v / 100 for v in s.vp],
            *[n / 10 for held in s.goods for n in held],
            *[n / 3 for n in s.personal_dice],
            *[n / 5 for pair in zip(s.held_personal, s.held_neutral, strict=True) for n in pair],
            *[float(used) for used in s.reroll_used],
            *[n / ROAD_LEN for n in s.messenger_space],
            *[n / 5 for n in s.laps],
        ]
        slots_at, flipped_at, extras_at = at["slots"], at["flipped"], at["extras"]
        window_at, claimed_at = at["window"], at["claimed"]
        for seat in range(p):
            base = slots_at + seat * rows * COLUMNS
            on_slots, flipped = _slot_bits(s.occupied_slots[seat])
            ones += [base + bit for bit in on_slots]
            base = flipped_at + seat * COLUMNS
            ones += [base + c for c in flipped]
            novices = s.extra_novices[seat]
            base = extras_at + seat * rows * extras
            ones += [base + r * extras + _EXTRA_AT[novices[_EXTRA_ROW[r]]] for r in range(rows)]
            for r, tiles in enumerate(s.window[seat]):
                first = window_at + (seat * len(WINDOW_ROWS) + _WINDOW_ROW[r]) * mons
                for m in set(tiles):
                    out[first + m] = _FIFTHS[tiles.count(m)]
            base = claimed_at + seat * len(MISSION_IDS)
            ones += [base + _MISSION_AT[m] for m in s.claimed_missions[seat]]


@lru_cache(maxsize=1 << 12)
def _slot_bits(slots: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The novices still on a seat's slots (bit ``row * COLUMNS + column``) and the flipped
    columns, as ``view._player`` reads them from its slot bits."""
    rows = len(ROW_NAMES)
    novices = tuple(bit for bit in range(rows * COLUMNS) if slots >> bit & 1)
    flip = slots >> catalogue.FIRST_FLIP_SLOT
    return novices, tuple(c for c in range(COLUMNS) if not flip >> c & 1)


def _fifths() -> tuple[float, ...]:
    """``k`` window tiles of one monastery in a row: 0.2 added ``k`` times in float32, as
    ``multi_hot`` adds them (so not exactly ``k / 5``)."""
    cell = np.zeros(1, dtype=np.float32)
    sums = [0.0]
    for _ in range(catalogue.WINDOW_COLUMNS):  # a row holds at most one tile per column
        cell[0] += 0.2
        sums.append(float(cell[0]))
    return tuple(sums)


_FIFTHS = _fifths()
