"""Properties over random games with 2-6 players (issue: property tests; spec C-12, C-19)."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from monastic.engine import Match
from monastic.games.medieval_monastery import GAME, MedievalMonasteryState
from monastic.games.medieval_monastery.catalogue import mask_cards

CARD = re.compile(r"\b[PWSRZOAM][1-9]\b")
PRIVATE_KINDS = {"draw", "chosen", "gift", "accept", "swap"}


def _all_cards(s: MedievalMonasteryState) -> list[int]:
    return sorted(s.deck + s.discard + s.centre + [c for h in s.hands for c in h])


def _games(draw_seed: int, players: int):  # type: ignore[no-untyped-def]
    rng = random.Random(draw_seed)
    match = Match.new("medieval-monastery", players, draw_seed)
    while not match.state.is_over():
        state = match.state
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        before = state.clone()
        events = match.apply(seat, action)
        yield before, seat, action, match.state, events


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_every_card_is_in_exactly_one_place_and_scores_never_decrease(
    seed: int, players: int
) -> None:
    """Spec Components: the 72 cards are each in exactly one place at every step; suit scores
    never decrease; Salvation leaves all 72 in deck or discard (C-2)."""
    for before, _, _, after, _ in _games(seed, players):
        assert isinstance(after, MedievalMonasteryState)
        assert _all_cards(after) == list(range(72))
        for old, new in zip(before.suit_scores, after.suit_scores, strict=True):
            assert all(n >= o for o, n in zip(old, new, strict=True))
        if after.turn > before.turn:  # a new deal happened after Salvation
            assert sum(len(h) for h in after.hands) == 10 * players


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_no_hand_or_unrevealed_choice_leaks_into_other_views_or_events(
    seed: int, players: int
) -> None:
    """C-12, C-19: a hand is seen by its owner only; simultaneous choices stay hidden; private
    events reach only their audience and show others no card."""
    for _, seat, _, after, events in _games(seed, players):
        for event in events:
            if event.kind in PRIVATE_KINDS:
                assert event.audience is not None, event.kind
                assert not CARD.search(str(event.public)), event
            if event.audience is not None:
                assert seat in event.audience or event.kind in ("draw", "gift")
        for viewer in range(players):
            v = after.view(viewer)
            assert v["hand"] == sorted(v["hand"], key=lambda t: ("PWSRZOAM".index(t[0]), t[1]))
            assert len(v["hand"]) == len(after.hands[viewer])
            for holder, known in v["known"].items():
                assert set(known) <= {f"{c}" for c in _texts(after.hands[int(holder)])}
            mine = after.choices[viewer] if after.step in ("bid", "orders", "monks-in") else -1
            assert (v["my_choice"] is None) == (mine < 0)
        spectator = after.view(None)
        assert spectator["hand"] is None and spectator["known"] == {}


def _texts(cards: list[int]) -> list[str]:
    return ["PWSRZOAM"[c // 9] + str(c % 9 + 1) for c in cards]


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), sample=st.integers(0, 2**32 - 1))
def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest(
    seed: int, players: int, sample: int
) -> None:
    """style.md habit 12: own hand kept, known cards kept, public zones identical, sizes kept."""
    rng = random.Random(sample)
    for _, _, _, after, _ in _games(seed, players):
        if rng.random() > 0.05:
            continue
        viewer = rng.randrange(players)
        world = after.determinize(viewer, random.Random(sample))
        assert isinstance(world, MedievalMonasteryState)
        assert sorted(world.hands[viewer]) == sorted(after.hands[viewer])
        assert world.discard == after.discard and world.centre == after.centre
        assert [len(h) for h in world.hands] == [len(h) for h in after.hands]
        assert len(world.deck) == len(after.deck)
        for holder in range(players):
            assert set(mask_cards(after.known_cards[viewer][holder])) <= set(world.hands[holder])
        assert _all_cards(world) == list(range(72))


def test_determinize_does_resample_hidden_hands() -> None:
    """The hidden hands of other seats differ between samples (they are not copied)."""
    s = GAME.new_game(4, 9)
    worlds = {tuple(sorted(s.determinize(0, random.Random(i)).hands[1])) for i in range(5)}
    assert len(worlds) > 1
