"""Combos (C-13, C-14): which card sets form which combo, what they score and draw."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from monastic.games.medieval_monastery.catalogue import COMBOS, Card, rank, suit

__all__ = [
    "combo_draws",
    "combo_points",
    "combos_in_hand",
    "is_combo",
    "is_winning_flush",
    "sets_in_hand",
]


def is_combo(kind: str, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` (distinct) form a combo of ``kind`` (C-13)."""
    n = len(cards)
    rule = COMBOS.get(kind)
    if rule is None or n not in rule.sizes:
        return False
    if kind == "flush":
        return len({suit(c) for c in cards}) == 1
    if kind == "kind":
        return len({rank(c) for c in cards}) == 1
    if kind == "suits":
        return len({suit(c) for c in cards}) == 8
    ranks = sorted(rank(c) for c in cards)  # straight: distinct consecutive ranks, no wrap
    return ranks == list(range(ranks[0], ranks[0] + n))


def is_winning_flush(kind: str, cards: Sequence[Card]) -> bool:
    """The 9-card flush wins the game at once (C-16)."""
    return kind == "flush" and len(cards) == 9


def combo_points(kind: str, cards: Sequence[Card]) -> list[int]:
    """Points per suit (8 numbers) that a valid combo scores."""
    points = [0] * 8
    n = len(cards)
    value = COMBOS[kind].points.get(n, 0)
    if kind == "flush":
        points[suit(cards[0])] = value
    elif kind == "suits":
        points = [value] * 8
    else:  # kind, straight: each suit present scores once
        for s in {suit(c) for c in cards}:
            points[s] = value
    return points


def combo_draws(kind: str, size: int) -> int:
    """Cards a combo of this size draws afterwards."""
    return COMBOS[kind].draws.get(size, 0)


def combos_in_hand(hand: Sequence[Card]) -> Iterator[tuple[str, tuple[Card, ...]]]:
    """Every combo a hand can declare, each card set sorted, in a fixed order."""
    flushes, kinds, others = sets_in_hand(hand)
    yield from (("flush", cards) for cards in flushes)
    yield from (("kind", cards) for cards in kinds)
    yield from others


def _columns(hand: Sequence[Card]) -> tuple[list[list[Card]], list[list[Card]]]:
    """The hand's cards by suit and by rank (index 1..9), each list ascending."""
    by_suit: list[list[Card]] = [[], [], [], [], [], [], [], []]
    by_rank: list[list[Card]] = [[], [], [], [], [], [], [], [], [], []]
    for card in sorted(hand):
        by_suit[card // 9].append(card)
        by_rank[card % 9 + 1].append(card)
    return by_suit, by_rank


def sets_in_hand(
    hand: Sequence[Card],
) -> tuple[list[tuple[Card, ...]], list[tuple[Card, ...]], list[tuple[str, tuple[Card, ...]]]]:
    """The flushes, the N of a kind, and the other combos of a hand, each group in order."""
    by_suit, by_rank = _columns(hand)
    flushes: list[tuple[Card, ...]] = []
    kinds: list[tuple[Card, ...]] = []
    for cards in by_suit:
        if len(cards) >= 2:
            for n in range(2, len(cards) + 1):
                flushes.extend(combinations(cards, n))
    for cards in by_rank:
        if len(cards) >= 2:
            for n in range(2, len(cards) + 1):
                kinds.extend(combinations(cards, n))
    return flushes, kinds, list(_straights_and_suits(by_suit, by_rank))


def _straights_and_suits(
    by_suit: list[list[Card]], by_rank: list[list[Card]]
) -> Iterator[tuple[str, tuple[Card, ...]]]:
    for low in range(1, 8):
        for high in range(low + 1, 10):
            if not by_rank[high] or not by_rank[low]:
                break
            if high - low >= 2:
                for combo in product(*by_rank[low : high + 1]):
                    yield ("straight", tuple(sorted(combo)))
    if all(by_suit):
        for combo in product(*by_suit):
            yield ("suits", tuple(sorted(combo)))
