"""The file of a fitted evaluation: a game's ``data/evaluation.json``, read and written.

A game whose evaluation is a model fitted on self-play keeps its weights in one JSON file:
the names of the features it was fitted on, and per player count the weights (each a
quadratic ``a + b*left + c*left**2`` in the share of the game left) with the fit's held-out
figures. The game reads it once, at import, and refuses a file fitted on other features;
the fitting script writes it, keeping the player counts it did not refit.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["FILE", "Terms", "quadratic_terms", "read_fitted", "write_fitted"]

FILE = "data/evaluation.json"
#: per feature: (a, b, c) of a + b*left + c*left**2
Terms = tuple[tuple[float, float, float], ...]


def read_fitted(package: str, features: tuple[str, ...]) -> dict[int, dict[str, Any]]:
    """Per player count, the entry of ``package``'s fitted evaluation."""
    raw: dict[str, Any] = json.loads(
        resources.files(package).joinpath(FILE).read_text(encoding="utf-8")
    )
    if tuple(raw["features"]) != features:
        raise ValueError(f"{package}: {FILE} was fitted on other features: refit it")
    return {int(n): entry for n, entry in raw["players"].items()}


def quadratic_terms(entry: Mapping[str, Any], key: str, count: int) -> Terms:
    """The ``count`` weights under ``key`` of one player count's entry."""
    terms = tuple((float(a), float(b), float(c)) for a, b, c in entry[key])
    if len(terms) != count:
        raise ValueError(f"{FILE}: {key} has {len(terms)} weights, not {count}")
    return terms


def write_fitted(
    path: Path,
    about: str,
    features: tuple[str, ...],
    games: int,
    first_seed: int,
    fitted: Mapping[int, Mapping[str, Any]],
) -> None:
    """Write ``fitted`` (player count -> entry) to ``path``, keeping the other player counts
    of the file there when they were fitted on the same features."""
    old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    players = dict(old.get("players", {})) if old.get("features") == list(features) else {}
    players.update({str(n): dict(entry) for n, entry in fitted.items()})
    data = {
        "about": about,
        "games_per_player_count": games,
        "first_seed": first_seed,
        "features": list(features),
        "players": dict(sorted(players.items())),
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
