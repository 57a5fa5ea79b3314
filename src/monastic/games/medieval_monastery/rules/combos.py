"""Combos (C-13, C-14): which card sets form which combo, what they score and draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from monastic.games.medieval_monastery.catalogue import (
    COMBOS,
    RANK_OF,
    SUIT_COUNT,
    SUIT_OF,
    Card,
)

__all__ = [
    "SMALLEST_COMBO",
    "add_points",
    "combo_draws",
    "combo_points",
    "is_combo",
    "is_winning_flush",
    "score_combo",
]

_WINNING_FLUSH: Final = COMBOS["flush"].wins_at  # C-16: the 9-card flush
#: The fewest cards any combo takes: a Cenobitic declarer needs at least this many (C-3).
SMALLEST_COMBO: Final = min(min(rule.sizes) for rule in COMBOS.values())


def is_combo(kind: str, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` (distinct) form a combo of ``kind`` (C-13)."""
    n = len(cards)
    rule = COMBOS.get(kind)
    if rule is None or n not in rule.sizes:
        return False
    if kind == "flush":
        return len({SUIT_OF[c] for c in cards}) == 1
    if kind == "kind":
        return len({RANK_OF[c] for c in cards}) == 1
    if kind == "suits":
        return len({SUIT_OF[c] for c in cards}) == SUIT_COUNT
    ranks = sorted(RANK_OF[c] for c in cards)  # straight: distinct consecutive ranks, no wrap
    return ranks == list(range(ranks[0], ranks[0] + n))


def is_winning_flush(kind: str, cards: Sequence[Card]) -> bool:
    """The 9-card flush wins the game at once (C-16)."""
    return kind == "flush" and len(cards) == _WINNING_FLUSH


def combo_points(kind: str, cards: Sequence[Card]) -> list[int]:
    """Points per suit (one number per suit) that a valid combo scores."""
    points = [0] * SUIT_COUNT
    score_combo(points, kind, cards)
    return points


_LARGEST: Final = max(max(rule.sizes) for rule in COMBOS.values())
# Each kind's points and draws by card count (0 where the table names none), read by index:
# a combo's every declaration scores it.
_POINTS: Final[dict[str, tuple[int, ...]]] = {
    kind: tuple(rule.points.get(n, 0) for n in range(_LARGEST + 1)) for kind, rule in COMBOS.items()
}
_DRAWS: Final[dict[str, tuple[int, ...]]] = {
    kind: tuple(rule.draws.get(n, 0) for n in range(_LARGEST + 1)) for kind, rule in COMBOS.items()
}
_SUIT_OF: Final = SUIT_OF
_EVERY_SUIT: Final = "suits"
_SUIT_COUNT: Final = SUIT_COUNT


def score_combo(row: list[int], kind: str, cards: Sequence[Card]) -> None:
    """Add a valid combo's points to a row of suit scores."""
    add_points(row, kind, tuple(cards))


def add_points(row: list[int], kind: str, cards: tuple[Card, ...]) -> None:
    """``score_combo`` of cards in a tuple (a declaration's every time)."""
    value = _POINTS[kind][len(cards)]
    if kind == _EVERY_SUIT:
        for suit_index in range(_SUIT_COUNT):
            row[suit_index] += value
        return
    seen = 0  # each suit present scores once
    for card in cards:
        suit_index = _SUIT_OF[card]
        if not seen >> suit_index & 1:
            seen |= 1 << suit_index
            row[suit_index] += value


def combo_draws(kind: str, size: int) -> int:
    """Cards a combo of this size draws afterwards."""
    draws = _DRAWS[kind]
    return draws[size] if size < len(draws) else 0
