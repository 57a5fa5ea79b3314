"""The combo listing (C-13) against the rules' own definition, and its memo against a listing
from nothing after every decision of random games (``rules/combo_listing.py``)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monastic.games.medieval_monastery import GAME
from monastic.games.medieval_monastery.actions import DONE, Combo
from monastic.games.medieval_monastery.catalogue import (
    COMBOS,
    DECK_SIZE,
    RANK_COUNT,
    card_mask,
    rank,
)
from monastic.games.medieval_monastery.rules.combo_listing import combo_actions, combo_pairs
from monastic.games.medieval_monastery.rules.combos import is_combo
from monastic.games.medieval_monastery.state import COMBO, StateData

_KINDS = ("flush", "kind", "straight", "suits")  # the listing's order of kinds
_SIZES = sorted({n for rule in COMBOS.values() for n in rule.sizes})


def _listed_order(combo: Combo) -> tuple[object, ...]:
    """Where the listing puts a combo: flushes by suit then size, N of a kind by rank then
    size, straights by lowest rank then length, then one card of each suit; within those,
    by the cards as the combo lists them."""
    cards = combo.cards
    if combo.kind == "flush":
        column = cards[0] // RANK_COUNT
    elif combo.kind == "kind":
        column = rank(cards[0])
    elif combo.kind == "straight":
        column = min(rank(c) for c in cards)
    else:
        column = 0
    return (_KINDS.index(combo.kind), column, len(cards), cards)


def _by_definition(hand: list[int]) -> list[Combo]:
    """Every combo of the hand found by testing every card set against ``is_combo``."""
    found = []
    for size in _SIZES:
        for cards in combinations(sorted(hand), size):
            for kind in COMBOS:
                if is_combo(kind, cards):
                    if kind == "straight":
                        cards = tuple(sorted(cards, key=rank))
                    found.append(Combo(kind, cards))
    return sorted(found, key=_listed_order)


@settings(max_examples=150, deadline=None)
@given(hand=st.lists(st.integers(0, DECK_SIZE - 1), min_size=0, max_size=11, unique=True))
def test_the_listing_is_every_combo_in_its_order(hand: list[int]) -> None:
    pairs = combo_pairs(card_mask(hand))
    assert [combo for combo, _ in pairs] == _by_definition(hand)
    assert all(mask == card_mask(combo.cards) for combo, mask in pairs)


def test_a_long_suit_or_rank_lists_its_own_sets() -> None:
    """Columns of more cards than the tables hold (a 9-card suit, an 8-card rank)."""
    for hand in (list(range(9)), list(range(0, DECK_SIZE, RANK_COUNT)), [*range(7), 9, 18]):
        assert [combo for combo, _ in combo_pairs(card_mask(hand))] == _by_definition(hand)


def _fresh(state: StateData, seat: int) -> list[object]:
    """The declarer's list as a state without the memo builds it."""
    clean = state.clone()
    clean.combo_memo = None
    return list(combo_actions(clean, clean.hands[seat]))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_memo_lists_what_a_listing_from_nothing_does(players: int) -> None:
    """After every decision of random games: the combo step's actions (from the memo, which
    copies share) equal a fresh listing, and the memo describes the hand it was made for."""
    rng = random.Random(players)
    declared = 0
    for seed in range(12):
        state = GAME.new_game(players, seed)
        while not state.is_over():
            seat = rng.choice(state.to_act())
            actions = state.legal_actions(seat)
            if state.step == COMBO:
                assert actions == _fresh(state, seat)
                assert actions[0] is DONE
                declared += 1
            memo = state.combo_memo
            if memo is not None:
                low, high, built, _, _, kept, listed = memo
                held = low | high << (DECK_SIZE // 2)
                assert listed == [built[i] for i in kept]
                assert listed == [DONE] + [c for c, _ in combo_pairs(held)]
            if rng.random() < 0.3:  # a copy shares the memo and must not disturb it
                state.clone().legal_actions(seat)
            state.apply_quiet(seat, rng.choice(actions))
    assert declared > 100
