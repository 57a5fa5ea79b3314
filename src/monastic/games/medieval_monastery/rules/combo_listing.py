"""Every combo a hand can declare (C-13), listed from the hand's suit and rank columns.

The hottest code of the game: a random game lists a declarer's combos about 125 times, and
builds a list from nothing about 40 times (each declarer's first). A suit's cards in a hand
are a 9-bit pattern and a rank's an 8-bit one, so each column's flushes (or N of a kind)
are one look-up in a table of every pattern, made at import; straights grow from the 3-card
ones, which are interned too, one card of the next rank at a time. Combos and their card
masks go in two parallel lists (no pair per combo).
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any, Final

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
    DECK_SIZE,
    RANK_COUNT,
    SUIT_COUNT,
    SUITS,
    card_mask,
    mask_cards,
)
from monastic.games.medieval_monastery.state import StateData

__all__ = ["combo_actions", "combo_pairs"]

ComboPair = tuple[Combo, int]  # a combo and its card mask

# Module constants are Final so the compiled build reads them without a dictionary look-up.
_RANKS: Final = RANK_COUNT
_SUITS: Final = SUIT_COUNT
_SUIT_PATTERNS: Final = 1 << RANK_COUNT  # the patterns of one suit's cards (bit: rank - 1)
_RANK_PATTERNS: Final = 1 << SUIT_COUNT  # the patterns of one rank's cards (bit: suit)
_SUIT_OF: Final = tuple(card // RANK_COUNT for card in ALL_CARDS)
_RANK_INDEX: Final = tuple(card % RANK_COUNT for card in ALL_CARDS)  # the rank - 1
# A card mask in two halves, cards below ``_HALF`` and the others, so each half is a small
# int (a 72-bit one is a heap object in the compiled build, and every operation on it makes a
# new one).
_HALF: Final = DECK_SIZE // 2
_LOW_BIT: Final = tuple(1 << card if card < _HALF else 0 for card in ALL_CARDS)
_HIGH_BIT: Final = tuple(1 << (card - _HALF) if card >= _HALF else 0 for card in ALL_CARDS)
_STRAIGHT: Final = "straight"
_SUITS_KIND: Final = "suits"
_SHORTEST: Final = SHORTEST_STRAIGHT
_new: Final = tuple.__new__  # builds a named tuple without the Python-level ``__new__``
_COMBO: Final = Combo
_DONE: Final = DONE
#: Columns of up to this many cards have their sets in a table (23,000 of them); a larger
#: column, rare in a hand, lists its own (tabling all would be 182,000, slow to import).
_TABLED: Final = 4

if SHORTEST_STRAIGHT != 3:
    raise ValueError("the combo listing builds straights from 3-card ones")


def _columns(first: int, step: int, count: int) -> list[tuple[int, ...]]:
    """The cards of every pattern of one column (bit ``i``: card ``first + i * step``),
    ascending: a pattern's cards are those without its highest bit, then that one's."""
    columns: list[tuple[int, ...]] = [()]
    for pattern in range(1, 1 << count):
        high = pattern.bit_length() - 1
        columns.append((*columns[pattern ^ (1 << high)], first + high * step))
    return columns


def _sets(
    table: dict[tuple[int, ...], ComboPair], cards: tuple[int, ...], smallest: int
) -> list[ComboPair]:
    """The flushes in a suit's ``cards`` (or N of a kind in a rank's) by size, then in
    ``combinations`` order, with their masks."""
    return [
        table[chosen] for n in range(smallest, len(cards) + 1) for chosen in combinations(cards, n)
    ]


def _low(mask: int) -> int:
    return mask & ((1 << _HALF) - 1)


def _high(mask: int) -> int:
    return mask >> _HALF


def _set_tables(
    table: dict[tuple[int, ...], ComboPair], columns: list[tuple[int, ...]], smallest: int
) -> tuple[tuple[tuple[Combo, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``_sets`` of each column (a suit's or a rank's cards in some pattern) of at most
    ``_TABLED`` cards, combos and the two halves of their masks apart; empty for larger
    columns."""
    combos: list[tuple[Combo, ...]] = []
    lows: list[tuple[int, ...]] = []
    highs: list[tuple[int, ...]] = []
    for cards in columns:
        if not smallest <= len(cards) <= _TABLED:
            combos.append(())
            lows.append(())
            highs.append(())
            continue
        pairs = _sets(table, cards, smallest)
        combos.append(tuple([pair[0] for pair in pairs]))
        lows.append(tuple([_low(pair[1]) for pair in pairs]))
        highs.append(tuple([_high(pair[1]) for pair in pairs]))
    return tuple(combos), tuple(lows), tuple(highs)


# By ``suit * _SUIT_PATTERNS + pattern`` and ``rank_index * _RANK_PATTERNS + pattern``.
_SUIT_CARDS: Final = tuple(
    [cards for s in SUITS for cards in _columns(s * RANK_COUNT, 1, RANK_COUNT)]
)
_RANK_CARDS: Final = tuple(
    [cards for r in range(RANK_COUNT) for cards in _columns(r, RANK_COUNT, SUIT_COUNT)]
)
_RANK_SUITS: Final = tuple(_columns(0, 1, SUIT_COUNT)) * RANK_COUNT  # by pattern alone
_SMALLEST_FLUSH: Final = COMBOS["flush"].sizes[0]
_SMALLEST_KIND: Final = COMBOS["kind"].sizes[0]
_FLUSHES: Final = _set_tables(FLUSH, list(_SUIT_CARDS), _SMALLEST_FLUSH)
_KINDS: Final = _set_tables(KIND, list(_RANK_CARDS), _SMALLEST_KIND)
# The 3-card straights by ``low * SUIT_COUNT**3 + (suit_a * SUIT_COUNT + suit_b) *
# SUIT_COUNT + suit_c`` (``low`` the lowest rank - 1), with their cards and masks.
_THREES: Final = tuple(
    STRAIGHT3[(a * RANK_COUNT + low, b * RANK_COUNT + low + 1, c * RANK_COUNT + low + 2)]
    for low in range(RANK_COUNT - 2)
    for a in SUITS
    for b in SUITS
    for c in SUITS
)
_THREE_COMBOS: Final = tuple([pair[0] for pair in _THREES])
_THREE_CARDS: Final = tuple([pair[0].cards for pair in _THREES])
_THREE_LOWS: Final = tuple([_low(pair[1]) for pair in _THREES])
_THREE_HIGHS: Final = tuple([_high(pair[1]) for pair in _THREES])


class _Lists:
    """The combos of a hand in order, with the two halves of each one's card mask."""

    __slots__ = ("combos", "highs", "lows")

    def __init__(self) -> None:
        self.combos: list[Any] = []
        self.lows: list[int] = []
        self.highs: list[int] = []


def _straights(columns: list[int], low: int, high: int, out: _Lists) -> None:
    """Every straight through the ranks ``low`` to ``high - 1`` (each with a card in the
    hand; ``columns`` the hand's rank patterns), by lowest rank, then length, then
    ``product`` order; a straight's cards go by rank."""
    squared = _SUITS * _SUITS
    combos = out.combos
    lows = out.lows
    highs = out.highs
    for start in range(low, high - _SHORTEST + 1):
        base = start * squared * _SUITS
        first = len(combos)  # where the straights of ``start`` begin
        for a in _RANK_SUITS[start * _RANK_PATTERNS + columns[start]]:
            for b in _RANK_SUITS[(start + 1) * _RANK_PATTERNS + columns[start + 1]]:
                for c in _RANK_SUITS[(start + 2) * _RANK_PATTERNS + columns[start + 2]]:
                    index = base + a * squared + b * _SUITS + c
                    combos.append(_THREE_COMBOS[index])
                    lows.append(_THREE_LOWS[index])
                    highs.append(_THREE_HIGHS[index])
        shorter = first  # the straights one card shorter: combos[shorter:grown]
        grown = len(combos)
        for rank_index in range(start + _SHORTEST, high):  # one card of the next rank longer
            column = _RANK_CARDS[rank_index * _RANK_PATTERNS + columns[rank_index]]
            for i in range(shorter, grown):
                cards: tuple[int, ...] = combos[i][1]
                lo = lows[i]
                hi = highs[i]
                for card in column:
                    combos.append(_new(_COMBO, (_STRAIGHT, (*cards, card))))
                    lows.append(lo | _LOW_BIT[card])
                    highs.append(hi | _HIGH_BIT[card])
            shorter, grown = grown, len(combos)


def _add_columns(
    patterns: list[int],
    stride: int,
    tables: tuple[
        tuple[tuple[Combo, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]
    ],
    table: dict[tuple[int, ...], ComboPair],
    cards_at: tuple[tuple[int, ...], ...],
    smallest: int,
    out: _Lists,
) -> None:
    """The flushes of every suit (or N of a kind of every rank) whose ``patterns`` hold two
    cards or more: from ``_set_tables``' ``tables`` up to ``_TABLED`` cards, listed beyond."""
    combos_at, lows_at, highs_at = tables
    for column in range(len(patterns)):
        pattern = patterns[column]
        if pattern & (pattern - 1):  # two cards or more
            index = column * stride + pattern
            if pattern.bit_count() <= _TABLED:
                out.combos.extend(combos_at[index])
                out.lows.extend(lows_at[index])
                out.highs.extend(highs_at[index])
            else:
                _add_sets(_sets(table, cards_at[index], smallest), out)


def _add_sets(pairs: list[ComboPair], out: _Lists) -> None:
    for combo, mask in pairs:
        out.combos.append(combo)
        out.lows.append(_low(mask))
        out.highs.append(_high(mask))


def _combo_lists(hand: list[int], out: _Lists) -> None:
    """Append every combo ``hand`` can declare (C-13) to ``out``, in a fixed order: flushes
    by suit then size, N of a kind by rank then size, straights by lowest rank then length,
    then one card of each suit."""
    suits = [0] * _SUITS
    ranks = [0] * _RANKS
    for card in hand:
        suit = _SUIT_OF[card]
        rank_index = _RANK_INDEX[card]
        suits[suit] |= 1 << rank_index
        ranks[rank_index] |= 1 << suit
    _add_columns(suits, _SUIT_PATTERNS, _FLUSHES, FLUSH, _SUIT_CARDS, _SMALLEST_FLUSH, out)
    _add_columns(ranks, _RANK_PATTERNS, _KINDS, KIND, _RANK_CARDS, _SMALLEST_KIND, out)
    low = 0  # the current run of ranks held: low .. rank_index - 1
    for rank_index in range(_RANKS):
        if not ranks[rank_index]:
            if rank_index - low >= _SHORTEST:
                _straights(ranks, low, rank_index, out)
            low = rank_index + 1
    if _RANKS - low >= _SHORTEST:
        _straights(ranks, low, _RANKS, out)
    for pattern in suits:
        if not pattern:
            return
    # One card per suit, suits in order: the cards come out ascending.
    for cards in product(*[_SUIT_CARDS[s * _SUIT_PATTERNS + suits[s]] for s in range(_SUITS)]):
        mask = card_mask(cards)
        out.combos.append(_new(_COMBO, (_SUITS_KIND, cards)))
        out.lows.append(_low(mask))
        out.highs.append(_high(mask))


def combo_pairs(held: int) -> list[ComboPair]:
    """Every combo the hand of mask ``held`` can declare (C-13) with its card mask, in a
    fixed order: flushes by suit then size, N of a kind by rank then size, straights by
    lowest rank then length, then one card of each suit."""
    out = _Lists()
    _combo_lists(mask_cards(held), out)
    return [
        (combo, lo | hi << _HALF)
        for combo, lo, hi in zip(out.combos, out.lows, out.highs, strict=True)
    ]


def combo_actions(s: StateData, hand: list[int]) -> list[MedievalMonasteryAction]:
    """``done`` and every combo in the hand.

    A smaller hand's combos are exactly those of a larger one that avoid the cards it lost,
    in the same order, so a declarer's later lists are filtered from its last one, not
    rebuilt; the same hand asked again (a search's every iteration at its root) gets a copy.
    The memo (``StateData.combo_memo``) keeps the list the hand's first listing built with
    its masks, the positions in it of the combos still in the hand, and those combos; its
    lists are never changed once made (copies of the state share them).
    """
    held_low = 0
    held_high = 0
    for card in hand:
        held_low |= _LOW_BIT[card]
        held_high |= _HIGH_BIT[card]
    memo = s.combo_memo
    if memo is not None:
        before_low = memo[0]
        before_high = memo[1]
        if before_low == held_low and before_high == held_high:
            return memo[6][:]
        if before_low & held_low == held_low and before_high & held_high == held_high:
            out_low = before_low & ~held_low
            out_high = before_high & ~held_high
            built = memo[2]
            lows = memo[3]
            highs = memo[4]
            kept = [i for i in memo[5] if not (lows[i] & out_low or highs[i] & out_high)]
            combos = [built[i] for i in kept]
            s.combo_memo = (held_low, held_high, built, lows, highs, kept, combos)
            return combos[:]
    out = _Lists()
    out.combos.append(_DONE)
    out.lows.append(0)
    out.highs.append(0)
    _combo_lists(hand, out)
    built = out.combos
    s.combo_memo = (held_low, held_high, built, out.lows, out.highs, list(range(len(built))), built)
    return built[:]
