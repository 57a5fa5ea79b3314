"""Study: the trading window (C-20..C-22)."""

from __future__ import annotations

from typing import Final

from monastic.engine import Event
from monastic.games.medieval_monastery.actions import ASKS
from monastic.games.medieval_monastery.catalogue import (
    ALL_CARDS,
    CARD_TEXTS,
    RANK_OF,
    SUIT_LETTERS,
    SUIT_OF,
    TABLE,
    card_mask,
)
from monastic.games.medieval_monastery.rules.hands import (
    Events,
    clockwise,
    gain,
    lose_card,
    lose_unseen,
)
from monastic.games.medieval_monastery.rules.turn import action_done
from monastic.games.medieval_monastery.state import (
    ACCEPTED,
    ANSWER,
    OFFER,
    REJECTED,
    StateData,
)

__all__ = [
    "ASK_CARDS",
    "ASK_MASKS",
    "answer",
    "make_offer",
    "matches_ask",
    "open_trading",
    "trader_done",
]

_QUOTA: Final = TABLE.offers_per_trader  # C-22


def matches_ask(card: int, ask: str) -> bool:
    """Whether a card answers an offer's ask: a suit letter or a rank digit."""
    if ask.isdigit():
        return RANK_OF[card] == int(ask)
    return SUIT_LETTERS[SUIT_OF[card]] == ask


#: The cards that answer each ask.
ASK_CARDS: Final[dict[str, frozenset[int]]] = {
    ask: frozenset(c for c in ALL_CARDS if matches_ask(c, ask)) for ask in ASKS
}
#: The same as card masks.
ASK_MASKS: Final[dict[str, int]] = {ask: card_mask(cards) for ask, cards in ASK_CARDS.items()}


def open_trading(s: StateData, seat: int, ev: Events) -> None:
    """The Study card's action: a window for every seat holding a card, from ``seat``."""
    traders = [t for t in clockwise(s, seat) if s.hands[t]]
    if len(traders) < 2:  # C-20
        if ev is not None:
            ev.append(Event("trade_skipped", {"traders": traders}))
        action_done(s, ev)
        return
    s.offers_answered = [0] * s.players
    s.done_trading = [not s.hands[t] for t in range(s.players)]
    s.trader = traders[0]
    s.pending_offer = None
    s.offer_number = 0
    s.trade_log = []
    s.step = OFFER
    if ev is not None:
        ev.append(Event("trade_open", {"traders": traders}))


def make_offer(s: StateData, seat: int, target: int, card: int, ask: str, ev: Events) -> None:
    s.offer_number += 1
    s.pending_offer = (s.offer_number, seat, target, card, ask)
    for viewer in range(s.players):  # the offered card is named in public: worlds keep it
        if viewer != seat:
            s.known_cards[viewer][seat] |= 1 << card
    s.step = ANSWER
    if ev is not None:
        ev.append(
            Event(
                "offer",
                {
                    "number": s.offer_number,
                    "from": seat,
                    "to": target,
                    "card": CARD_TEXTS[card],
                    "ask": ask,
                },
            )
        )


def answer(s: StateData, card: int | None, ev: Events) -> None:
    """Accept with ``card`` or reject (None); then the turn passes on."""
    assert s.pending_offer is not None
    number, giver, target, offered, ask = s.pending_offer
    if card is None:
        if ev is not None:
            ev.append(Event("reject", {"number": number, "seat": target}))
    else:
        lose_card(s, giver, offered)  # the offered card was named in public
        # C-19: the accept card is seen by the two alone; the others know its ask (C-D6)
        worked_out = lose_unseen(s, target, card, giver, ASK_MASKS[ask])
        gain(s, target, offered, None)
        gain(s, giver, card, (target, *worked_out))
        if ev is not None:
            ev.append(
                Event(
                    "accept",
                    {"number": number, "seat": target, "card": CARD_TEXTS[card]},
                    audience=frozenset((giver, target)),
                    public={"number": number, "seat": target},
                )
            )
    answered = REJECTED if card is None else ACCEPTED
    s.trade_log.append((number, giver, target, offered, ask, answered))
    s.pending_offer = None
    s.offers_answered[giver] += 1
    if s.offers_answered[giver] >= _QUOTA:  # C-22
        s.done_trading[giver] = True
    s.step = OFFER
    _next_trader(s, giver, ev)


def trader_done(s: StateData, seat: int, ev: Events) -> None:
    s.done_trading[seat] = True
    if ev is not None:
        ev.append(Event("trade_done", {"seat": seat}))
    _next_trader(s, seat, ev)


def _next_trader(s: StateData, after: int, ev: Events) -> None:
    for i in range(1, s.players + 1):
        seat = (after + i) % s.players
        if not s.done_trading[seat]:
            s.trader = seat
            return
    if ev is not None:
        ev.append(Event("trade_closed", {}))
    s.trade_log = []
    action_done(s, ev)
