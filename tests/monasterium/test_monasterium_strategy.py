"""strategy.py: evaluate and greedy_action on small positions."""

from __future__ import annotations

import pytest
from monasterium_pos import act_position, do, give, new

import monastic.games.monasterium.strategy as strategy
from monastic.engine import Rng


def test_evaluate_one_estimate_per_seat_and_exact_at_the_end() -> None:
    """evaluate gives P numbers; at the start they are equal for equal seats."""
    s = new(3)
    values = strategy.evaluate(s)
    assert len(values) == 3 and max(values) - min(values) < 1e-9
    end = act_position(2, seat=0, fields={5: 1}, round=6)
    end.pos[0] = 2
    do(end, "take 5x1", "use std5")
    assert end.is_over() and strategy.evaluate(end) == [float(v) for v in end.vp]


def test_greedy_sends_when_it_can() -> None:
    """With a 1 and the goods for a common room, greedy sends rather than taking a good."""
    s = act_position(3, seat=0, fields={1: 1})
    give(s, 0, book=2)
    do(s, "take 1x1")
    choice = str(strategy.greedy_action(s, 0, Rng(1)))
    assert choice.startswith("use std1")
    do(s, choice)
    assert str(strategy.greedy_action(s, 0, Rng(1))).startswith("to ")


def test_greedy_takes_the_most_useful_dice() -> None:
    """A take for a column with a send beats a lone Soup."""
    s = act_position(3, seat=0, fields={1: 2, 2: 1})
    give(s, 0, book=2, soup=4)
    assert str(strategy.greedy_action(s, 0, Rng(2))).startswith("take 1x")


@pytest.mark.parametrize("quick", [False, True])
def test_column_values_both_ways(quick: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lookahead and static column ratings both give five numbers; greedy stays legal."""
    monkeypatch.setattr(strategy, "QUICK_PLACE", quick)
    monkeypatch.setattr(strategy, "QUICK_TAKE", quick)
    s = new(4, seed=2)
    rng = Rng(3)
    values = strategy._values(s, s.current, quick)
    assert len(values) == 5
    for _ in range(80):
        seat = s.to_act()[0]
        action = strategy.greedy_action(s, seat, rng)
        assert action in s.legal_actions(seat)
        s.apply(seat, action)
