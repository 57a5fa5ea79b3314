"""The Medieval Monastery heuristic and evaluation (``strategy.py``) that the bots use."""

from __future__ import annotations

from position import table

from level_helpers import plays_as, tuned
from monastic.bots.ismcts import LEVELS, game_tuned, spec_settings
from monastic.engine import Rng
from monastic.games.medieval_monastery import strategy
from monastic.games.medieval_monastery.actions import Combo, Done


def test_utility_values_a_point_more_in_the_weakest_suit() -> None:
    scores = [10, 10, 10, 10, 10, 10, 10, 2]
    weak = [*scores[:7], 3]
    strong = [11, *scores[1:]]
    assert strategy.utility(weak) > strategy.utility(strong) > strategy.utility(scores)


def test_evaluate_counts_a_live_hand_but_not_one_whose_declaring_is_over() -> None:
    """Cenobitic: the declarers before the current one are done; Salvation discards their
    cards, so their hands are worth nothing. Later declarers' hands still count."""
    hands = ["P1 P2 P3 W1 W2", "S1 S2 S3 R1 R2", "Z1 Z2 Z3 O1 O2"]
    before = strategy.evaluate(table(3, hands=hands, step="play"))
    assert before[0] == before[1] == before[2]
    during = strategy.evaluate(table(3, hands=hands, step="combo", actor=1, seats_done=1))
    assert during[0] < during[1] == during[2] == before[1]


def test_evaluate_respects_the_abbot_order() -> None:
    hands = ["P1 P2 P3", "S1 S2 S3", "Z1 Z2 Z3"]
    values = strategy.evaluate(table(3, hands=hands, step="combo", abbot=2, actor=0, seats_done=1))
    assert values[2] < values[0] == values[1]  # seat 2 (the Abbot) declared first


def test_greedy_declares_before_it_is_done() -> None:
    state = table(2, hands=["P1 P2 P3 P4 W5", "S1"], step="combo", actor=0)
    action = strategy.greedy_action(state, 0, Rng(0))
    assert isinstance(action, Combo)
    assert not isinstance(action, Done)


def test_the_game_tunes_the_search() -> None:
    config, fixed = spec_settings("iterations=10")
    tuned = game_tuned(config, strategy.STRATEGY, fixed)
    for key, value in strategy.ISMCTS_SETTINGS.items():
        assert getattr(tuned, key) == value
    assert tuned.iterations == 10
    config, fixed = spec_settings("iterations=10,cutoff=3")
    assert game_tuned(config, strategy.STRATEGY, fixed).cutoff == 3  # the spec wins


def test_hard_is_one_tree_with_the_rival_played_by_the_heuristic() -> None:
    """docs/bots.md, 2026-12-06: hard searches one tree, its rival modelled by the heuristic;
    the other levels keep the rival in the tree."""
    for level, trees, rivals in (("hard", 1, 1.0), ("medium", 1, None), ("easy", 1, None)):
        config = tuned(strategy.STRATEGY, level)
        seconds = LEVELS[level].seconds
        assert (config.trees, config.rivals, config.seconds) == (trees, rivals, seconds)
    # what the arenas played
    assert plays_as(strategy.STRATEGY, "hard,iterations=5000", "iterations=5000,rivals=1")


def test_evaluate_reads_a_hand_as_the_heuristic_does() -> None:
    """A run of five ranks in five suits scores as a straight: ``evaluate`` counts it as
    ``hand_potential`` does, above five cards that form no combo."""
    hands = ["P1 W2 S3 R4 Z5", "O1 A3 M5 P7 W9"]
    state = table(2, hands=hands, step="play")
    values = strategy.evaluate(state)
    assert values[0] > values[1]
    for seat in (0, 1):
        plain = strategy.utility(
            state.suit_scores[seat], strategy.GAIN_PER_TURN * (state.turns - 1)
        )
        gained = strategy.hand_potential(state.hands[seat], state.suit_scores[seat])
        assert values[seat] == plain + gained
