"""The worlds a seat cannot tell from the true one (``State.determinize``)."""

from __future__ import annotations

from monastic.engine import Rng
from monastic.games.medieval_monastery.catalogue import card_mask, mask_cards
from monastic.games.medieval_monastery.state import NO_CARD, SIMULTANEOUS, StateData

__all__ = ["resample_hidden"]


def resample_hidden(world: StateData, truth: StateData, seat: int, r: Rng) -> None:
    """Make ``world`` (a copy of ``truth``) one ``seat`` cannot tell apart: the deck order,
    the others' hands (keeping what ``seat`` knows of them) and their secret choices are
    drawn from ``r``."""
    mine = truth.known_cards[seat]
    pool = list(truth.deck)
    for holder in range(truth.players):
        if holder != seat:
            pool.extend(c for c in truth.hands[holder] if not mine[holder] >> c & 1)
    pool.sort()  # the pool's order must not reveal where its cards came from
    r.shuffle(pool)
    for holder in range(truth.players):
        if holder == seat:
            continue
        hand = mask_cards(mine[holder])
        need = len(truth.hands[holder]) - len(hand)
        hand.extend(pool[len(pool) - need :] if need else [])
        del pool[len(pool) - need :]
        world.hands[holder] = hand
    world.deck = pool
    for viewer in range(truth.players):  # others' knowledge must stay true in the new world
        for holder in range(truth.players):
            if holder != seat and viewer != seat:
                world.known_cards[viewer][holder] &= card_mask(world.hands[holder])
    if truth.step in SIMULTANEOUS:  # others' secret choices are unknown to seat
        for other in range(truth.players):
            if other != seat and world.choices[other] != NO_CARD:
                world.choices[other] = r.choice(sorted(world.hands[other]))
