"""Moving cards between the deck, the hands, the centre and the discard pile, keeping what
each seat knows of other hands (C-2, C-19).

Every rule takes the state's data and a list that collects the events it causes (or None:
then no event is even built, which is a tenth of a random game's time). Chance comes only
from ``s.rng``.
"""

from __future__ import annotations

from collections.abc import Iterable

from monastic.engine import Event
from monastic.games.medieval_monastery.catalogue import CARD_TEXTS, TABLE, card_mask
from monastic.games.medieval_monastery.state import StateData

__all__ = [
    "ONLY",
    "Events",
    "clockwise",
    "draw",
    "empty_hand",
    "gain",
    "lose_card",
    "lose_cards",
    "lose_unseen",
    "reveal",
    "texts",
    "to_discard",
]

# Where a rule reports its events; None when nobody listens (search), so none are built.
Events = list[Event] | None
#: The audience of an event only one seat sees.
ONLY = tuple(frozenset((seat,)) for seat in range(TABLE.max_players))


def texts(cards: Iterable[int]) -> list[str]:
    """Cards as their texts, in the order given."""
    return [CARD_TEXTS[c] for c in cards]


def clockwise(s: StateData, start: int) -> list[int]:
    """All seats, starting with ``start`` (C-1)."""
    return [(start + i) % s.players for i in range(s.players)]


def lose_card(s: StateData, holder: int, card: int) -> None:
    """Take a card out of a hand in sight of everyone (played, bid, offered)."""
    s.hands[holder].remove(card)
    keep = 0  # the mask of every other card, made when first needed (a 72-bit int is costly)
    for row in s.known_cards:
        known = row[holder]
        if known:  # most of the time nobody knows a card of this hand
            if not keep:
                keep = ~(1 << card)
            row[holder] = known & keep


def lose_cards(s: StateData, holder: int, cards: tuple[int, ...]) -> None:
    """Take cards out of a hand in sight of everyone (discarded, declared)."""
    hand = s.hands[holder]
    for card in cards:
        hand.remove(card)
    keep = 0  # the mask of every other card, made when first needed
    for row in s.known_cards:
        known = row[holder]
        if known:  # most of the time nobody knows a card of this hand
            if not keep:
                keep = ~card_mask(cards)
            row[holder] = known & keep


def lose_unseen(
    s: StateData, holder: int, card: int, seen_by: int, could_be: int = -1
) -> tuple[int, ...]:
    """Take ``card`` out of a hand in sight of ``seen_by`` alone (a gift, an accept card):
    C-D6. The other viewers only know that one of the holder's cards in the mask
    ``could_be`` left (any card for a gift; the cards that match the ask for an accept), so
    each forgets the cards it knew there that could have been the one, unless it knew the
    whole hand and only one of its cards could leave. Returns the viewers who worked the
    card out that way (they know where it went)."""
    hand = s.hands[holder]
    size = len(hand)
    hand.remove(card)
    known_cards = s.known_cards
    for row in known_cards:
        if row[holder]:
            break
    else:  # most of the time nobody knows a card of this hand
        return ()
    bit = 1 << card
    worked_out: list[int] = []
    for viewer, row in enumerate(known_cards):
        known = row[holder]
        if not known:
            continue
        if viewer == seen_by:
            row[holder] = known & ~bit
            continue
        could = known & could_be
        if could == bit and known.bit_count() == size:
            worked_out.append(viewer)
        row[holder] = known & ~could
    return tuple(worked_out)


def gain(s: StateData, holder: int, card: int, seen_by: tuple[int, ...] | None) -> None:
    """Put a card into a hand; ``seen_by`` None means everyone saw it go there."""
    s.hands[holder].append(card)
    bit = 1 << card
    known = s.known_cards
    if seen_by is None:
        for viewer in range(s.players):
            if viewer != holder:
                known[viewer][holder] |= bit
        return
    for viewer in seen_by:
        if viewer != holder:
            known[viewer][holder] |= bit


def empty_hand(s: StateData, holder: int) -> list[int]:
    """Take a whole hand."""
    cards = s.hands[holder]
    s.hands[holder] = []
    for row in s.known_cards:
        row[holder] = 0
    return cards


def to_discard(s: StateData, cards: list[int], seat: int, why: str, ev: Events) -> None:
    """Put cards face up on the discard pile (C-19: public)."""
    s.discard.extend(cards)
    if cards and ev is not None:
        ev.append(Event("discard", {"seat": seat, "cards": texts(cards), "why": why}))


def _take(s: StateData, count: int, ev: Events) -> list[int]:
    """Up to ``count`` cards from the top, reshuffling the discard pile into a new deck
    whenever the deck runs out (C-2); fewer only when deck and discard are both empty."""
    taken: list[int] = []
    while len(taken) < count:
        if not s.deck:
            if not s.discard:
                break
            s.deck, s.discard = s.discard, []
            s.rng.shuffle(s.deck)
            if ev is not None:
                ev.append(Event("reshuffle", {"cards": len(s.deck)}))
        take = min(count - len(taken), len(s.deck))
        taken.extend(reversed(s.deck[-take:]))  # the top card is the last
        del s.deck[-take:]
    return taken


def draw(s: StateData, seat: int, count: int, ev: Events) -> list[int]:
    """Draw up to ``count`` cards into a hand; only the drawer sees them (C-19)."""
    drawn = _take(s, count, ev)
    s.hands[seat].extend(drawn)
    if ev is not None:
        ev.append(
            Event(
                "draw",
                {"seat": seat, "cards": texts(drawn)},
                audience=ONLY[seat],
                public={"seat": seat, "count": len(drawn)},
            )
        )
    return drawn


def reveal(s: StateData, count: int, ev: Events) -> list[int]:
    """Turn up to ``count`` cards face up into the centre."""
    shown = _take(s, count, ev)
    s.centre = shown
    if ev is not None:
        ev.append(Event("reveal", {"cards": texts(shown)}))
    return shown
