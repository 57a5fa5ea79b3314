"""Eremitical phase: playing a card and its suit's action (C-4..C-12), and the decisions
inside an action. Study's trading window is in ``study``."""

from __future__ import annotations

from monastic.engine import Event
from monastic.games.medieval_monastery.catalogue import (
    CARD_TEXTS,
    RANK_OF,
    SUIT_LETTERS,
    SUIT_OF,
    TABLE,
    card_mask,
)
from monastic.games.medieval_monastery.rules.hands import (
    ONLY,
    Events,
    clockwise,
    draw,
    empty_hand,
    gain,
    lose_card,
    lose_cards,
    lose_unseen,
    reveal,
    texts,
    to_discard,
)
from monastic.games.medieval_monastery.rules.study import open_trading
from monastic.games.medieval_monastery.rules.turn import action_done
from monastic.games.medieval_monastery.state import (
    ABBEY,
    BID,
    DISCARD,
    MONKS_IN,
    MONKS_OUT,
    NO_CARD,
    NO_SEAT,
    ORDERS,
    PICK,
    STEP_KINDS,
    StateData,
)

__all__ = ["abbey_swap", "choose", "monks_give", "pick", "play", "prayer_discard"]


def play(s: StateData, seat: int, card: int, ev: Events) -> None:
    """The card goes face up to the discard pile first (C-4), then its action resolves."""
    lose_card(s, seat, card)
    s.discard.append(card)
    if ev is not None:
        ev.append(Event("play", {"seat": seat, "card": CARD_TEXTS[card]}))
    _SUIT_ACTIONS[SUIT_OF[card]](s, seat, ev)


def _prayer(s: StateData, seat: int, ev: Events) -> None:
    draw(s, seat, TABLE.prayer_draw, ev)
    if s.hands[seat]:
        s.step = DISCARD  # C-5: min(2, hand) cards in one step
    else:
        action_done(s, ev)


def _work(s: StateData, seat: int, ev: Events) -> None:
    to_discard(s, empty_hand(s, seat), seat, "work", ev)  # C-6
    draw(s, seat, TABLE.work_draw, ev)
    action_done(s, ev)


def _rules(s: StateData, seat: int, ev: Events) -> None:
    shown = reveal(s, s.players, ev)  # C-7: all are revealed before any pick
    s.queue = clockwise(s, seat)[: len(shown)]
    if shown:
        s.step = PICK
    else:
        action_done(s, ev)


def _saints(s: StateData, seat: int, ev: Events) -> None:
    for player in clockwise(s, seat):
        draw(s, player, TABLE.saints_draw, ev)
    if reveal(s, TABLE.saints_centre, ev):
        _saints_round(s, clockwise(s, seat), ev)
    else:
        action_done(s, ev)  # C-8: no centre card, no bidding


def _saints_round(s: StateData, eligible: list[int], ev: Events) -> None:
    """One bidding round among the eligible holding a card (C-8)."""
    bidders = [seat for seat in eligible if s.hands[seat]]
    if not bidders:
        to_discard(s, s.centre, NO_SEAT, "saints_unclaimed", ev)
        action_done(s, ev)
    elif len(bidders) == 1:
        _saints_win(s, bidders[0], ev)
    else:
        s.queue = bidders
        s.choices = [NO_CARD] * s.players
        s.step = BID


def _saints_win(s: StateData, seat: int, ev: Events) -> None:
    card = s.centre[0]
    gain(s, seat, card, None)
    if ev is not None:
        ev.append(Event("saints_won", {"seat": seat, "card": CARD_TEXTS[card]}))
    action_done(s, ev)


def _orders(s: StateData, seat: int, ev: Events) -> None:
    givers = [t for t in range(s.players) if s.hands[t]]
    if givers:
        s.queue = givers
        s.choices = [NO_CARD] * s.players
        s.step = ORDERS
    else:
        action_done(s, ev)


def _abbey(s: StateData, seat: int, ev: Events) -> None:
    s.step = ABBEY


def _monks(s: StateData, seat: int, ev: Events) -> None:
    givers = [t for t in clockwise(s, seat)[1:] if s.hands[t]]
    if givers:
        s.queue = sorted(givers)
        s.choices = [NO_CARD] * s.players
        s.step = MONKS_IN
    else:
        _monks_out_start(s, ev)


def _monks_out_start(s: StateData, ev: Events) -> None:
    s.queue = clockwise(s, s.actor)[1:]  # C-10: from the actor's seat+1, clockwise
    _monks_out_next(s, ev)


def _monks_out_next(s: StateData, ev: Events) -> None:
    if s.queue and s.hands[s.actor]:
        s.step = MONKS_OUT
    else:
        action_done(s, ev)


_BY_LETTER = {
    "P": _prayer,
    "W": _work,
    "S": open_trading,
    "R": _rules,
    "Z": _saints,
    "O": _orders,
    "A": _abbey,
    "M": _monks,
}
#: Each suit's action, by suit index.
_SUIT_ACTIONS = tuple(_BY_LETTER[letter] for letter in SUIT_LETTERS)


# The decisions inside an action ---------------------------------------------------------


def prayer_discard(s: StateData, seat: int, cards: tuple[int, ...], ev: Events) -> None:
    lose_cards(s, seat, cards)
    to_discard(s, list(cards), seat, "prayer", ev)
    action_done(s, ev)


def pick(s: StateData, seat: int, card: int, ev: Events) -> None:
    s.centre.remove(card)
    gain(s, seat, card, None)
    s.queue.pop(0)
    if ev is not None:
        ev.append(Event("pick", {"seat": seat, "card": CARD_TEXTS[card]}))
    if not s.centre or not s.queue:
        action_done(s, ev)


def choose(s: StateData, seat: int, card: int, ev: Events) -> None:
    """A simultaneous choice: kept secret until the last arrives (C-12)."""
    s.choices[seat] = card
    if ev is not None:
        ev.append(
            Event(
                "chosen",
                {"seat": seat, "step": STEP_KINDS[s.step], "card": CARD_TEXTS[card]},
                audience=ONLY[seat],
                public={"seat": seat, "step": STEP_KINDS[s.step]},
            )
        )
    for waiting in s.queue:
        if s.choices[waiting] == NO_CARD:
            return
    if s.step == BID:
        _resolve_bids(s, ev)
    elif s.step == ORDERS:
        _resolve_orders(s, ev)
    else:
        _resolve_monks_in(s, ev)


def _resolve_bids(s: StateData, ev: Events) -> None:
    bids = [(seat, s.choices[seat]) for seat in s.queue]
    for seat, card in bids:
        lose_card(s, seat, card)
    if ev is not None:
        ev.append(Event("bids", {"bids": {str(seat): CARD_TEXTS[card] for seat, card in bids}}))
    to_discard(s, [card for _, card in bids], NO_SEAT, "bids", ev)
    top = max(RANK_OF[card] for _, card in bids)
    tied = [seat for seat, card in bids if RANK_OF[card] == top]
    if len(tied) == 1:
        _saints_win(s, tied[0], ev)
    else:
        if ev is not None:
            ev.append(Event("bid_tie", {"seats": tied}))
        _saints_round(s, tied, ev)


def _gift(s: StateData, giver: int, receiver: int, card: int, ev: Events) -> None:
    """The giver's card goes to the receiver, seen by the two alone (C-19, C-D6)."""
    worked_out = lose_unseen(s, giver, card, receiver)
    _arrive(s, giver, receiver, card, worked_out, ev)


def _arrive(
    s: StateData, giver: int, receiver: int, card: int, worked_out: tuple[int, ...], ev: Events
) -> None:
    gain(s, receiver, card, (giver, *worked_out))
    if ev is not None:
        ev.append(
            Event(
                "gift",
                {"from": giver, "to": receiver, "card": CARD_TEXTS[card]},
                audience=frozenset((giver, receiver)),
                public={"from": giver, "to": receiver},
            )
        )


def _resolve_orders(s: StateData, ev: Events) -> None:
    gifts = [(seat, s.choices[seat]) for seat in s.queue]
    # C-9: all gifts leave before any arrives
    left = [lose_unseen(s, seat, card, (seat - 1) % s.players) for seat, card in gifts]
    for (seat, card), worked_out in zip(gifts, left, strict=True):
        _arrive(s, seat, (seat - 1) % s.players, card, worked_out, ev)
    action_done(s, ev)


def _resolve_monks_in(s: StateData, ev: Events) -> None:
    gifts = [(seat, s.choices[seat]) for seat in s.queue]
    for seat, card in gifts:
        _gift(s, seat, s.actor, card, ev)
    _monks_out_start(s, ev)


def monks_give(s: StateData, card: int, ev: Events) -> None:
    receiver = s.queue.pop(0)
    _gift(s, s.actor, receiver, card, ev)
    _monks_out_next(s, ev)


def abbey_swap(s: StateData, seat: int, target: int, ev: Events) -> None:
    """C-11: the two swap whole hands; each now knows both (C-19)."""
    mine, theirs = s.hands[seat], s.hands[target]
    s.hands[seat], s.hands[target] = theirs, mine
    for row in s.known_cards:
        row[seat], row[target] = row[target], row[seat]
    s.known_cards[seat][target] = card_mask(mine)
    s.known_cards[target][seat] = card_mask(theirs)
    s.known_cards[seat][seat] = 0
    s.known_cards[target][target] = 0
    if ev is not None:
        ev.append(
            Event(
                "swap",
                {
                    "seat": seat,
                    "target": target,
                    "got": texts(sorted(theirs)),
                    "gave": texts(sorted(mine)),
                },
                audience=frozenset((seat, target)),
                public={"seat": seat, "target": target},
            )
        )
    action_done(s, ev)
