"""Every combo a hand can declare (C-13), listed from the hand's card mask.

The hottest code of the game: a random game lists a declarer's combos about 125 times.
A suit's (or a rank's) cards are a slice of the hand's mask, so each column's flushes (or
N of a kind) are one cached lookup, and straights grow from the 3-card ones, which are
interned, one card of the next rank at a time.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

from monastic.games.medieval_monastery.actions import (
    DONE,
    FLUSH,
    KIND,
    SHORTEST_STRAIGHT,
    STRAIGHT3,
    Combo,
    MedievalMonasteryAction,
)
from monastic.games.medieval_monastery.catalogue import (
    ALL_CARDS,
    COMBOS,
    RANK_COUNT,
    SUITS,
    card_mask,
)
from monastic.games.medieval_monastery.state import StateData

__all__ = ["combo_actions", "combo_pairs"]

ComboPair = tuple[Combo, int]  # a combo and its card mask

_SUIT_MASKS = tuple(card_mask(range(s * RANK_COUNT, (s + 1) * RANK_COUNT)) for s in SUITS)
_RANK_MASKS = tuple(card_mask(s * RANK_COUNT + r for s in SUITS) for r in range(RANK_COUNT))
_BIT = tuple(1 << card for card in ALL_CARDS)
# The smallest flush and N of a kind: two cards (``combo_pairs`` asks a column for two bits).
_SMALLEST = {True: COMBOS["flush"].sizes[0], False: COMBOS["kind"].sizes[0]}
_new = tuple.__new__  # builds a named tuple without the Python-level ``__new__``


@cache
def _cards(column: int) -> tuple[int, ...]:
    """The cards of one suit's or one rank's mask, ascending (6,400 masks)."""
    cards = []
    while column:
        low = column & -column  # the lowest card left
        cards.append(low.bit_length() - 1)
        column ^= low
    return tuple(cards)


@cache
def _sets(column: int, flush: bool) -> tuple[ComboPair, ...]:
    """Every flush in one suit's cards (or N of a kind in one rank's), by size, then in
    ``combinations`` order."""
    cards = _cards(column)
    table = FLUSH if flush else KIND
    return tuple(
        pair
        for n in range(_SMALLEST[flush], len(cards) + 1)
        for pair in map(table.__getitem__, combinations(cards, n))
    )


def _straights(run: list[tuple[int, ...]], pairs: list[ComboPair]) -> None:
    """Every straight through ``run`` (the cards of ranks in a row), by lowest rank, then
    length, then ``product`` order; a straight's cards go by rank."""
    high = len(run)
    for start in range(high - SHORTEST_STRAIGHT + 1):
        threes = [*map(STRAIGHT3.__getitem__, product(*run[start : start + SHORTEST_STRAIGHT]))]
        pairs += threes
        grown = threes
        for column in run[start + SHORTEST_STRAIGHT :]:  # one card of the next rank longer
            grown = [
                (_new(Combo, ("straight", (*combo.cards, card))), mask | _BIT[card])
                for combo, mask in grown
                for card in column
            ]
            pairs += grown


def combo_pairs(held: int) -> list[ComboPair]:
    """Every combo the hand of mask ``held`` can declare (C-13) with its card mask, in a fixed
    order: flushes by suit then size, N of a kind by rank then size, straights by lowest
    rank then length, then one card of each suit."""
    pairs: list[ComboPair] = []
    suits = [held & mask for mask in _SUIT_MASKS]
    for column in suits:
        if column & (column - 1):  # two cards or more
            pairs += _sets(column, True)
    ranks = [held & mask for mask in _RANK_MASKS]
    for column in ranks:
        if column & (column - 1):
            pairs += _sets(column, False)
    run: list[tuple[int, ...]] = []  # the cards of each rank of the current run of ranks
    for column in ranks:
        if column:
            run.append(_cards(column))
            continue
        if len(run) >= SHORTEST_STRAIGHT:
            _straights(run, pairs)
        run = []
    if len(run) >= SHORTEST_STRAIGHT:
        _straights(run, pairs)
    if all(suits):  # one card per suit, suits in order: the cards come out ascending
        pairs += [
            (_new(Combo, ("suits", cards)), card_mask(cards))
            for cards in product(*map(_cards, suits))
        ]
    return pairs


def combo_actions(s: StateData, hand: list[int]) -> list[MedievalMonasteryAction]:
    """``done`` and every combo in the hand.

    A smaller hand's combos are exactly those of a larger one that avoid the cards it lost,
    in the same order, so a declarer's later lists are filtered from its last one, not
    rebuilt; the same hand asked again (a search's every iteration at its root) gets a copy.
    """
    held = card_mask(hand)
    memo = s.combo_memo
    if memo is not None and memo[0] == held:
        return list(memo[2])
    if memo is None or memo[0] & held != held:
        pairs: tuple[tuple[MedievalMonasteryAction, int], ...] = ((DONE, 0), *combo_pairs(held))
    else:
        outside = memo[0] & ~held
        pairs = tuple([pair for pair in memo[1] if not pair[1] & outside])
    actions = [action for action, _ in pairs]
    s.combo_memo = (held, pairs, tuple(actions))
    return actions
