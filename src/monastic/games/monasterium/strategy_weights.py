"""The weights of Monasterium's fitted evaluation (``data/evaluation.json``), loaded once.

``scripts/fit_monasterium_evaluation.py`` writes the file: a least-squares fit, per player
count, of each seat's final score on the features of ``strategy.position_features``, each
feature's weight a quadratic in the share of the game still to play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

__all__ = ["FEATURES", "WEIGHTS", "EvaluationWeights"]

#: The features of ``strategy.position_features``, in order (the data file names them too).
FEATURES = (
    "vp",
    "majority_vp",
    "chapel_spread_vp",
    "cloister_chapel_vp",
    "influence",
    "soup",
    "rosary",
    "tool",
    "book",
    "goods_vp",
    "empty_slots_I",
    "empty_slots_II",
    "empty_slots_III",
    "empty_slots_IV",
    "empty_slot_bonus",
    "extra_personal_dice",
    "monasteries_open",
    "extras_waiting",
    "mission_progress",
    "dice_to_use",
    "dice_being_placed",
    "vp_rate_times_rounds_left",
    "one",
)


@dataclass(frozen=True, slots=True)
class EvaluationWeights:
    """One player count's weights: ``terms[i]`` = (a, b, c) weighs feature ``i`` by
    a + b*left + c*left**2; ``placing`` = (a, b) is added while dice are being placed."""

    terms: tuple[tuple[float, float, float], ...]
    placing: tuple[float, float]


def _load() -> MappingProxyType[int, EvaluationWeights]:
    raw: dict[str, Any] = json.loads(
        resources.files("monastic.games.monasterium")
        .joinpath("data/evaluation.json")
        .read_text(encoding="utf-8")
    )
    if tuple(raw["features"]) != FEATURES:
        raise ValueError("data/evaluation.json was fitted on other features: refit it")
    weights = {}
    for n, entry in raw["players"].items():
        terms = tuple((float(a), float(b), float(c)) for a, b, c in entry["weights"])
        if len(terms) != len(FEATURES):
            raise ValueError(f"data/evaluation.json: {n} players has {len(terms)} weights")
        a, b = entry["placing"]
        weights[int(n)] = EvaluationWeights(terms, (float(a), float(b)))
    return MappingProxyType(weights)


WEIGHTS = _load()
