"""What a loaded state must satisfy beyond each field's own type and range (``schema.py``):
every card exactly once, known cards in their hands, and the facts the rules keep true at
every decision (whose go it is, who is queued, what the pending offer names). Each problem
names a field of the save."""

from __future__ import annotations

from monastic.engine.validation import Path, distinct, exactly_once, problem
from monastic.games.medieval_monastery.catalogue import ALL_CARDS, CARD_TEXTS, TABLE
from monastic.games.medieval_monastery.rules.combos import SMALLEST_COMBO
from monastic.games.medieval_monastery.rules.hands import clockwise
from monastic.games.medieval_monastery.state import (
    BID,
    COMBO,
    DISCARD,
    MONKS_IN,
    MONKS_OUT,
    NO_CARD,
    NO_SEAT,
    OFFER,
    ORDERS,
    OVER,
    PICK,
    PLAY,
    SIMULTANEOUS,
    TRADING,
    StateData,
)

__all__ = ["check_consistency"]

# The steps that queue seats: pickers, bidders, givers, Monks recipients.
_QUEUED_STEPS = frozenset({PICK, BID, ORDERS, MONKS_IN, MONKS_OUT})


def check_consistency(s: StateData) -> None:
    """Raise ``BadSaveFile`` naming the first field that breaks a rule of the state."""
    places: list[tuple[Path, list[int]]] = [
        (("deck",), s.deck),
        (("discard",), s.discard),
        (("centre",), s.centre),
    ]
    places += [(("hands", seat), hand) for seat, hand in enumerate(s.hands)]
    exactly_once("card", ALL_CARDS, places)
    if s.turn > s.turns:
        raise problem(("turn",), f"turn {s.turn} is after the last ({s.turns})")
    _check_known(s)
    _check_turn(s)
    _check_centre_and_queue(s)
    if s.step in SIMULTANEOUS:
        _check_choices(s)
    _check_trading(s)


def _check_known(s: StateData) -> None:
    for viewer, row in enumerate(s.known_cards):
        for holder, known in enumerate(row):
            if viewer == holder and known:
                raise problem(("known_cards", viewer, holder), "a seat knows its own hand")
            outside = known & ~_mask(s.hands[holder])
            if outside:
                card = CARD_TEXTS[(outside & -outside).bit_length() - 1]
                raise problem(
                    ("known_cards", viewer, holder), f"{card} is not in the hand of seat {holder}"
                )


def _mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _check_turn(s: StateData) -> None:
    """Whose go it is: the seats from the Abbot, ``seats_done`` of them done (C-3)."""
    if s.flush_winner != NO_SEAT and s.step != OVER:
        raise problem(("flush_winner",), "a 9-card flush ends the game (C-16)")
    if s.step == OVER:
        return
    if s.seats_done >= s.players:
        raise problem(("seats_done",), f"must be below {s.players} while the game goes on")
    if s.actor != (s.abbot + s.seats_done) % s.players:
        raise problem(
            ("actor",), f"seat {(s.abbot + s.seats_done) % s.players} has its go, not {s.actor}"
        )
    if s.step == COMBO and len(s.hands[s.actor]) < SMALLEST_COMBO:
        raise problem(("hands", s.actor), f"a declarer holds at least {SMALLEST_COMBO} cards")
    if s.step in (PLAY, DISCARD) and not s.hands[s.actor]:
        raise problem(("hands", s.actor), f"seat {s.actor} must hold a card to {s.step}")


def _check_centre_and_queue(s: StateData) -> None:
    distinct(("queue",), s.queue, "seat")
    if s.step == PICK:
        if not s.centre or len(s.queue) != len(s.centre):
            raise problem(("queue",), "a Rules pick has one picker for each revealed card")
    elif s.step == BID:
        if len(s.centre) != TABLE.saints_centre:
            raise problem(("centre",), f"the Saints bidding is for {TABLE.saints_centre} card")
    elif s.centre:
        raise problem(("centre",), f"no card lies in the centre at step {s.step!r}")
    if s.step in SIMULTANEOUS and not s.queue:
        raise problem(("queue",), f"step {s.step!r} needs seats to choose")
    if s.step in (MONKS_IN, MONKS_OUT) and s.actor in s.queue:
        raise problem(
            ("queue",), f"the Monks player {s.actor} neither gives to nor gets from itself"
        )
    if s.step == MONKS_OUT and not s.queue:
        raise problem(("queue",), "the Monks player needs a seat to give to")
    others = [t for t in clockwise(s, s.actor) if s.hands[t]]
    if s.step == ORDERS and s.queue != sorted(others):
        raise problem(("queue",), f"every seat holding a card gives (C-9): {sorted(others)}")
    if s.step == MONKS_IN and s.queue != sorted(t for t in others if t != s.actor):
        raise problem(("queue",), "every other seat holding a card gives to the Monks player")
    order = clockwise(s, s.actor)
    if s.step in (PICK, BID, MONKS_OUT) and s.queue != sorted(s.queue, key=order.index):
        raise problem(("queue",), f"the seats go clockwise from the actor {s.actor}")
    if s.step not in _QUEUED_STEPS and s.queue:
        raise problem(("queue",), f"no seat is queued at step {s.step!r}")


def _check_choices(s: StateData) -> None:
    """A secret choice is a card of the chooser's hand, made by a queued seat (C-12)."""
    for seat, card in enumerate(s.choices):
        if card == NO_CARD:
            continue
        if seat not in s.queue:
            raise problem(("choices", seat), f"seat {seat} is not among those who choose")
        if card not in s.hands[seat]:
            raise problem(
                ("choices", seat), f"{CARD_TEXTS[card]} is not in the hand of seat {seat}"
            )
    for seat in s.queue:
        if not s.hands[seat]:
            raise problem(("queue",), f"seat {seat} chooses a card but holds none")


def _check_trading(s: StateData) -> None:
    if s.step not in TRADING:
        if s.pending_offer is not None:
            raise problem(("pending_offer",), "an offer waits only in a trading window")
        return
    for name, values in (("offers_answered", s.offers_answered), ("done_trading", s.done_trading)):
        if len(values) != s.players:
            raise problem((name,), f"a trading window has one entry per seat, not {len(values)}")
    if s.done_trading[s.trader]:
        raise problem(("trader",), f"seat {s.trader} is done trading")
    if s.step == OFFER:
        if s.pending_offer is not None:
            raise problem(("pending_offer",), "no offer waits while the trader offers")
        return
    if s.pending_offer is None:
        raise problem(("pending_offer",), "step 'answer' needs a pending offer")
    number, giver, target, card, _ = s.pending_offer
    if number != s.offer_number:
        raise problem(("pending_offer", 0), f"the window's last offer is {s.offer_number}")
    if giver != s.trader or target == giver:
        raise problem(("pending_offer", 1), "the trader on turn offers, to another seat")
    if card not in s.hands[giver]:
        raise problem(("pending_offer", 3), f"{CARD_TEXTS[card]} is not in the giver's hand")
    if not s.hands[target]:
        raise problem(("pending_offer", 2), f"seat {target} holds no card to trade")
