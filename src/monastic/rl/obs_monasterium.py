"""Monasterium's tensor (``docs/monasterium/json.md`` for the view it reads).

Monasterium hides nothing, so every seat's tensor differs only in ``viewer``, ``decides`` and
the entered tokens. Scales: VP / 100, goods / 10, supply / 40, dice / 5, messenger space /
the road's length, laps / 5, round / 9, year / the years, chapel novices / 8, stack / 8.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monastic.games.monasterium.catalogue import (
    GOODS,
    MISSION_IDS,
    MON_IDS,
    ROAD_LEN,
    ROW_NAMES,
    YEARS,
)
from monastic.rl.observation import Features, Observer, Parts, index_of, multi_hot, one_hot

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
