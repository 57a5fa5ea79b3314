"""Monastery's fitted evaluation (``games/monastery/evaluation.py``, ``data/evaluation.json``)."""

from __future__ import annotations

import json
import statistics
from importlib import resources
from typing import Any

import pytest
from mon_helpers import GAME

from monastic.engine import Rng
from monastic.games.monastery import evaluation, heuristic_value, strategy
from monastic.games.monastery.game import MonasteryState

#: what the hand-written estimate gives each feature (the rest weigh nothing)
HAND_WRITTEN = {
    "letter_points": 1.0,
    "blessings": 1.0,
    "hand_value": -1.0,
    "hand_back": 0.7,
    "future": 1.0,
    "pending": 1.0,
    "full_tile_points": heuristic_value.POINT_VALUE,
}


def _greedy_game(players: int, seed: int, options: dict[str, Any] | None = None) -> list[Any]:
    """The states of one greedy self-play game (copies), the last one finished."""
    st = GAME.new_game(players=players, seed=seed, options=options or {})
    assert isinstance(st, MonasteryState)
    rng = Rng(seed)
    states = [st.clone()]
    while not st.is_over():
        (seat,) = st.to_act()
        st.apply(seat, strategy.greedy_action(st, seat, rng))
        states.append(st.clone())
    return states


def test_the_search_uses_the_fitted_evaluation() -> None:
    assert strategy.STRATEGY.evaluate is evaluation.evaluate


def test_the_data_file_names_the_features_and_every_player_count() -> None:
    raw = json.loads(
        resources.files("monastic.games.monastery").joinpath("data/evaluation.json").read_text()
    )
    assert tuple(raw["features"]) == evaluation.FEATURES
    assert sorted(evaluation.WEIGHTS) == [2, 3, 4]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_features_hold_the_hand_written_estimate(players: int) -> None:
    """With the hand-written weights the model gives exactly ``heuristic_value.evaluate``:
    the fit starts from it and can only weigh its parts (and more) better."""
    weights = tuple(HAND_WRITTEN.get(f, 0.0) for f in evaluation.FEATURES)
    for st in _greedy_game(players, 31 + players)[:-1:7]:
        fitted = evaluation.estimate(st, weights, weights)
        assert fitted == pytest.approx(heuristic_value.evaluate(st), abs=1e-9)


def test_finished_and_team_games() -> None:
    """A finished game gives its result; a team game gives each seat its team's value."""
    last = _greedy_game(2, 5)[-1]
    assert evaluation.evaluate(last) == list(last.result().scores)
    st = _greedy_game(4, 8, {"variant": "team"})[40]
    values = evaluation.evaluate(st)
    assert len(set(values)) == 2
    for s in range(4):
        partner = st.seat_colour.index((st.seat_colour[s] + 2) % 4)
        assert values[s] == pytest.approx(values[partner])


def test_the_fit_predicts_the_margin_better_than_the_hand_written_estimate() -> None:
    """On greedy games the fit never saw (its seeds start at 1000), the fitted margin of
    seat 0 over seat 1 follows the final margin more closely over the first half."""
    fitted, hand, final = [], [], []
    for seed in range(20):
        states = _greedy_game(2, 500 + seed)
        scores = states[-1].result().scores
        for st in states[: len(states) // 2 : 3]:
            f, h = evaluation.evaluate(st), heuristic_value.evaluate(st)
            fitted.append(f[0] - f[1])
            hand.append(h[0] - h[1])
            final.append(scores[0] - scores[1])
    assert statistics.correlation(fitted, final) > statistics.correlation(hand, final)
