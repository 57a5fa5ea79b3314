"""strategy.py: evaluate and greedy_action on small positions."""

from __future__ import annotations

import pytest
from monasterium_pos import act_position, do, give, new

import monastic
import monastic.games.monasterium.strategy as strategy
from monastic.engine import Rng
from monastic.games.monasterium.actions import Place
from monastic.games.monasterium.strategy_weights import FEATURES, WEIGHTS


def test_evaluate_one_estimate_per_seat_and_exact_at_the_end() -> None:
    """evaluate gives P numbers; at the start they are equal for equal seats."""
    s = new(3)
    values = strategy.evaluate(s)
    assert len(values) == 3 and max(values) - min(values) < 1e-9
    end = act_position(2, seat=0, fields={5: 1}, round=6)
    end.messenger_space[0] = 2
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


def test_column_values_are_memoised_and_ignore_the_dice_on_the_fields() -> None:
    """The same seat in the same position gets the same ratings, whatever dice lie out."""
    strategy._COLUMN_CACHE.clear()
    a = act_position(2, seat=0, fields={1: 2})
    b = act_position(2, seat=0, fields={3: 1, 5: 2})
    first = strategy.column_values(a, 0)
    assert strategy._column_values(b, 0) == first
    assert strategy.column_values(b, 0) is first  # a hit
    give(b, 0, book=1)
    assert strategy.column_values(b, 0) is not first  # holdings are part of the key


@pytest.mark.parametrize("n", [2, 4])
def test_column_ratings_depend_only_on_their_key(n: int) -> None:
    """Greedy's column ratings are a function of ``_seat_key`` alone, so their memo never
    changes a rating: the dice on the fields, the dice in hand, the turn in progress, the
    chance stream and what other seats hold may all differ."""
    s = new(n, seed=7)
    rng = Rng(8)
    scramble = Rng(9)
    checked = 0
    while not s.is_over():
        seat = s.to_act()[0]
        if checked < 40 and s.round > 1 and s.phase in ("place", "act"):
            for p in range(n):
                other = s.clone()
                other.rng = Rng(scramble.next64())
                other.phase = "act" if s.phase == "place" else "place"
                other.current = (s.current + 1) % n
                other.dice_left = scramble.below(3)
                other.turn_column = scramble.below(5)
                other.used_slots = scramble.below(2)
                other.dice_fields = [[scramble.below(2) for _ in range(n + 1)] for _ in range(7)]
                other.held_personal = [scramble.below(3) for _ in range(n)]
                other.rolled_personal = [1 + scramble.below(6)]
                q = (p + 1) % n
                other.vp[q] += 7
                other.goods[q] = [g + 1 for g in other.goods[q]]
                other.messenger_space[q] = 1 + (other.messenger_space[q] % 8)
                assert strategy._seat_key(other, p) == strategy._seat_key(s, p)
                assert strategy._column_values(other, p) == strategy._column_values(s, p)
            checked += 1
        s.apply(seat, strategy.greedy_action(s, seat, rng))
    assert checked == 40


def test_evaluate_counts_the_dice_being_placed() -> None:
    """While dice are placed, a die on a field is worth its column's rating: an own
    personal die fully, a neutral one half to each seat; after placement it counts no more."""
    s = new(2, seed=3)
    assert s.phase == "place"
    values = strategy.column_values(s, 0)
    col = max(range(5), key=lambda c: values[c])
    mine, shared = s.clone(), s.clone()
    mine.dice_fields[col + 1][1] += 1
    mine.held_personal[0] -= 1
    shared.dice_fields[col + 1][0] += 1
    shared.held_neutral[0] -= 1
    worth = [strategy._dice_worth(x, 0) for x in (s, mine, shared)]
    expected = sum(max(0.0, v) for v in values) / 6 + max(0.0, max(values)) / 6
    assert worth[1] - worth[0] == pytest.approx(values[col] - expected)
    assert worth[2] - worth[0] == pytest.approx(0.5 * (values[col] - expected))
    # The evaluation sees the difference through one feature only.
    maj = strategy._majority(s)
    diff = [
        i
        for i, (a, b) in enumerate(
            zip(
                strategy.position_features(mine, 0, maj),
                strategy.position_features(shared, 0, maj),
                strict=True,
            )
        )
        if a != b
    ]
    assert [FEATURES[i] for i in diff] == ["dice_being_placed"]
    assert strategy._dice_worth(act_position(2, seat=0, fields={3: 2}), 0) == 0.0


def test_evaluation_weights_cover_every_player_count() -> None:
    """data/evaluation.json holds one weight triple per feature for 2, 3 and 4 players."""
    assert sorted(WEIGHTS) == [2, 3, 4]
    s = new(2)
    assert len(strategy.position_features(s, 0, strategy._majority(s))) == len(FEATURES)
    for weights in WEIGHTS.values():
        assert len(weights.terms) == len(FEATURES)


def test_evaluate_is_the_fitted_linear_model() -> None:
    """Each feature weighed by a + b*left + c*left**2, plus the placement term."""
    s = new(3, seed=4)
    rng = Rng(5)
    for step in range(150):
        seat = s.to_act()[0]
        s.apply(seat, strategy.greedy_action(s, seat, rng))
        if step % 50:
            continue
        left = strategy._time_left(s)
        maj = strategy._majority(s)
        weights = WEIGHTS[3]
        for p in range(3):
            want = sum(
                x * (a + b * left + c * left * left)
                for x, (a, b, c) in zip(
                    strategy.position_features(s, p, maj), weights.terms, strict=True
                )
            )
            if s.phase == "place":
                want += weights.placing[0] + weights.placing[1] * left
            assert strategy.evaluate(s)[p] == pytest.approx(want)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_evaluate_foresees_final_scores_of_greedy_games(n: int) -> None:
    """On 20 greedy games it was not fitted on (seeds below 1000), the estimate is off by
    less than 10 VP on average, and by less than a constant guess that knows each game's
    mean final score (at 2 players that guess is hard to beat: 8.8 against 9.9 VP)."""
    errors, guess_errors = [], []
    for seed in range(20):
        s = new(n, seed=seed)
        rng = Rng(seed)
        estimates = []
        while not s.is_over():
            estimates.append(strategy.evaluate(s))
            seat = s.to_act()[0]
            s.apply(seat, strategy.greedy_action(s, seat, rng))
        final = s.result().scores
        mean = sum(final) / n
        errors += [abs(e[p] - final[p]) for e in estimates for p in range(n)]
        guess_errors += [abs(mean - final[p]) for _ in estimates for p in range(n)]
    error = sum(errors) / len(errors)
    assert error < 10.0 and error < sum(guess_errors) / len(guess_errors)


def test_heuristic_value_matches_its_definition() -> None:
    """The table-driven heuristic equals the sum of its parts as written out."""
    from monastic.games.monasterium.rules.scoring import (
        chapel_spread,
        cloister_chapel,
        goods_vp,
        majority,
    )
    from monastic.games.monasterium.rules.sending import access_mask

    s = new(3, seed=4)
    rng = Rng(5)
    for _ in range(120):
        seat = s.to_act()[0]
        s.apply(seat, strategy.greedy_action(s, seat, rng))
    maj = majority(s)
    for p in range(3):
        left = strategy._time_left(s)
        slots = s.occupied_slots[p]
        g = s.goods[p]
        want = float(s.vp[p] + maj[p] + chapel_spread(s, p) + cloister_chapel(s, p))
        want += sum(g[i] * strategy.GOOD_WORTH[i] for i in range(5)) * (0.4 + 0.6 * left)
        want += goods_vp(s, p) * (0.6 - 0.6 * left)
        for row in range(4):
            empty = 5 - bin((slots >> (5 * row)) & 0x1F).count("1")
            want += empty * strategy.ROW_WORTH[row] * left
        want += sum(strategy.SLOT_BONUS[i] for i in range(20) if not slots >> i & 1) * left
        want += (
            s.extra_novices[p].count(1) * 2.0 + (s.personal_dice[p] - 1) * strategy.DIE_WORTH * left
        )
        want += strategy._mission_progress(s, p)
        want += bin(access_mask(s, p)).count("1") * strategy.ACCESS_WORTH * left
        if s.current == p and s.phase == "act":
            want += s.dice_left * 2.0
        assert strategy.heuristic_value(s, p) == pytest.approx(want)


def test_narrow_placement_keeps_every_value_and_a_few_rerolls() -> None:
    """At a placement the search sees every value shown, the re-roll greedy would pick
    and at most one re-roll per value shown (the worst k values, for each k)."""
    from monastic import bots

    game = monastic.load_game("monasterium")
    seen = 0
    for seed in range(4):
        s = game.new_game(2, seed)
        greedy = bots.make("greedy", seed=seed)
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            narrowed = strategy.narrow_placement(s, seat, legal)
            assert narrowed and set(narrowed) <= set(legal)
            if s.phase == "place":
                places = [a for a in legal if isinstance(a, Place)]
                assert all(a in narrowed for a in places)
                assert len(narrowed) <= 2 * len(places) or len(narrowed) == len(legal)
                assert strategy.greedy_action(s, seat, Rng(seed)) in narrowed
                seen += len(narrowed) < len(legal)
            else:
                assert narrowed == legal
            s.apply(seat, greedy.choose(s, seat))
    assert seen > 0
