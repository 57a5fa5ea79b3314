"""The file of a fitted evaluation (``engine/fitted.py``): read once, checked, rewritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monastic.engine.fitted import quadratic_terms, read_fitted, write_fitted
from monastic.games.monasterium.strategy_weights import FEATURES as MONASTERIUM
from monastic.games.monastery.evaluation import FEATURES as MONASTERY


def test_each_game_reads_its_file_for_every_player_count() -> None:
    for package, features in (
        ("monastic.games.monastery", MONASTERY),
        ("monastic.games.monasterium", MONASTERIUM),
    ):
        assert sorted(read_fitted(package, features)) == [2, 3, 4]


def test_a_file_fitted_on_other_features_is_refused() -> None:
    with pytest.raises(ValueError, match="fitted on other features: refit it"):
        read_fitted("monastic.games.monastery", MONASTERY[:-1])


def test_a_wrong_number_of_weights_is_named() -> None:
    entry = {"level": [[1, 0, 0], [2, 0.5, 0]]}
    assert quadratic_terms(entry, "level", 2) == ((1.0, 0.0, 0.0), (2.0, 0.5, 0.0))
    with pytest.raises(ValueError, match="level has 2 weights, not 3"):
        quadratic_terms(entry, "level", 3)


def test_writing_keeps_the_other_player_counts_of_the_same_features(tmp_path: Path) -> None:
    path = tmp_path / "evaluation.json"
    write_fitted(path, "about", ("a", "b"), 10, 1, {2: {"w": 1}})
    write_fitted(path, "about", ("a", "b"), 20, 1, {3: {"w": 2}})
    data = json.loads(path.read_text())
    assert data["players"] == {"2": {"w": 1}, "3": {"w": 2}}
    assert data["games_per_player_count"] == 20 and data["features"] == ["a", "b"]
    write_fitted(path, "about", ("a", "c"), 20, 1, {4: {"w": 3}})  # other features: a new fit
    assert json.loads(path.read_text())["players"] == {"4": {"w": 3}}
