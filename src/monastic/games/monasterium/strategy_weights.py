"""The weights of Monasterium's fitted evaluation (``data/evaluation.json``), loaded once.

``scripts/fit_monasterium_evaluation.py`` writes the file: a least-squares fit, per player
count, of each seat's final score on the features of ``strategy.position_features``, each
feature's weight a quadratic in the share of the game still to play.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from monastic.engine.fitted import Terms, quadratic_terms, read_fitted

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

    terms: Terms
    placing: tuple[float, float]


def _load() -> MappingProxyType[int, EvaluationWeights]:
    entries = read_fitted("monastic.games.monasterium", FEATURES)
    weights = {}
    for n, entry in entries.items():
        a, b = entry["placing"]
        terms = quadratic_terms(entry, "weights", len(FEATURES))
        weights[n] = EvaluationWeights(terms, (float(a), float(b)))
    return MappingProxyType(weights)


WEIGHTS = _load()
