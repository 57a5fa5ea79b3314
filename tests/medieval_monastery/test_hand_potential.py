"""``hand_potential`` computes exactly what it did before it was made cheap: the plain
version is kept here, as it was, and both must give the same float on many hands."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from monastic.games.medieval_monastery import GAME, strategy
from monastic.games.medieval_monastery.catalogue import DECK_SIZE, RANK_COUNT, SUIT_COUNT
from monastic.games.medieval_monastery.rules.combos import combo_points, is_winning_flush

SOFTNESS = 4.0


def plain_utility(scores: Sequence[float], future: float = 0.0) -> float:
    low = min(scores)
    total = 0.0
    for x in scores:
        total += math.exp((low - x) / SOFTNESS)
    return low + future - SOFTNESS * math.log(total)


def plain_main_combos(hand: Sequence[int]) -> list[tuple[str, tuple[int, ...]]]:
    by_suit: list[list[int]] = [[] for _ in range(SUIT_COUNT)]
    by_rank: list[list[int]] = [[] for _ in range(RANK_COUNT)]
    for card in sorted(hand):
        by_suit[card // RANK_COUNT].append(card)
        by_rank[card % RANK_COUNT].append(card)
    out: list[tuple[str, tuple[int, ...]]] = []
    out.extend(("flush", tuple(cards)) for cards in by_suit if len(cards) >= 2)
    out.extend(("kind", tuple(cards)) for cards in by_rank if len(cards) >= 2)

    def spare(cards: list[int]) -> int:
        return min(cards, key=lambda c: len(by_suit[c // RANK_COUNT]))

    low = 0
    while low < RANK_COUNT:
        high = low
        while high < RANK_COUNT and by_rank[high]:
            high += 1
        if high - low >= 3:
            out.append(("straight", tuple(sorted(spare(by_rank[r]) for r in range(low, high)))))
        low = high + 1
    if all(by_suit):
        out.append(("suits", tuple(sorted(cards[0] for cards in by_suit))))
    return out


def plain_hand_potential(hand: Sequence[int], scores: Sequence[int]) -> float:
    """``strategy.hand_potential`` as it was before it worked on masks and tables."""
    cards = list(hand)
    current = list(scores)
    total = 0.0
    while len(cards) >= 2:
        base = plain_utility(current)
        best: tuple[float, list[int]] | None = None
        for kind, used in plain_main_combos(cards):
            if is_winning_flush(kind, used):
                return 1000.0
            points = combo_points(kind, used)
            after = [s + p for s, p in zip(current, points, strict=True)]
            gain = plain_utility(after) - base
            if best is None or gain > best[0]:
                best = (gain, after)
                best_used = used
        if best is None:
            break
        total += best[0]
        current = best[1]
        for card in best_used:
            cards.remove(card)
    return total


def _same(hand: list[int], scores: list[int]) -> None:
    fast = strategy.hand_potential(hand, scores)
    plain = plain_hand_potential(hand, scores)
    assert fast == plain or (math.isnan(fast) and math.isnan(plain)), (hand, scores, fast, plain)
    assert strategy.utility(scores) == plain_utility(scores)


SCORES = st.lists(st.integers(0, 400), min_size=SUIT_COUNT, max_size=SUIT_COUNT)


@settings(max_examples=400, deadline=None)
@given(
    hand=st.lists(st.integers(0, DECK_SIZE - 1), max_size=24, unique=True),
    scores=SCORES,
)
def test_the_same_value_as_the_plain_computation_on_any_hand(
    hand: list[int], scores: list[int]
) -> None:
    _same(hand, scores)


@settings(max_examples=150, deadline=None)
@given(
    suit=st.integers(0, SUIT_COUNT - 1),
    extra=st.lists(st.integers(0, DECK_SIZE - 1), max_size=6, unique=True),
    scores=SCORES,
)
def test_the_same_value_with_whole_suits_and_long_runs(
    suit: int, extra: list[int], scores: list[int]
) -> None:
    """Hands rich in combos: a suit nearly or wholly held (the 9-card flush), and long
    straights."""
    whole = list(range(suit * RANK_COUNT, (suit + 1) * RANK_COUNT))
    _same(sorted(set(whole + extra)), scores)
    _same(sorted(set(whole[1:] + extra)), scores)
    straight = [(r + suit) % SUIT_COUNT * RANK_COUNT + r for r in range(RANK_COUNT)]
    _same(sorted(set(straight + extra)), scores)


def test_the_same_value_on_the_hands_and_scores_of_random_games() -> None:
    """Every hand (and each hand with one card less) at every decision of random games of
    every size, with its seat's scores."""
    compared = 0
    for players in range(2, 7):
        state = GAME.new_game(players, 40 + players)
        rng = random.Random(players)
        while not state.is_over():
            for seat in range(players):
                hand = state.hands[seat]  # type: ignore[attr-defined]
                scores = state.suit_scores[seat]  # type: ignore[attr-defined]
                _same(hand, scores)
                if hand:
                    _same(hand[1:], scores)
                compared += 2
            seat = rng.choice(state.to_act())
            state.apply_quiet(seat, rng.choice(state.legal_actions(seat)))
    assert compared > 5000
