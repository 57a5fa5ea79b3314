"""The card game's action space (Medieval Monastery, 2 to 6 players).

One token each: ``play``, ``discard_one``, ``discard_two`` (the pair ranked
``b * (b - 1) / 2 + a`` for cards ``a < b``), ``offer`` (target, card, ask), ``done``,
``accept`` (the card; the offer's number is the state's), ``reject``, ``pick``, ``bid``,
``give``, ``swap`` (target), ``flush`` (suit x the mask of its ranks) and ``kind`` (rank x the
mask of its suits). A combo's cards decide its points, so a straight is a head
``straight`` (lowest rank, length) followed by one ``straight_suit`` token per rank, lowest
first; one card of each suit is the head ``suits`` followed by one ``suits_rank`` token per
suit in the order P W S R Z O A M. Sizes come from the catalogue's deck and combo table.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import reduce
from operator import or_

from monastic.games.medieval_monastery.actions import (
    ASKS,
    Accept,
    Bid,
    Combo,
    Discard,
    Done,
    Give,
    Offer,
    Pick,
    Play,
    Reject,
    Swap,
)
from monastic.games.medieval_monastery.catalogue import COMBOS, DECK_SIZE, RANKS, SUITS
from monastic.rl.codec import ActionCodec, Block, Layout, Tokens

__all__ = ["MedievalMonasteryCodec"]

_SUITS = len(SUITS)
_RANKS = len(RANKS)
#: (lowest rank 0-based, length) of every straight the combo table allows.
STRAIGHTS: tuple[tuple[int, int], ...] = tuple(
    (low, length) for length in COMBOS["straight"].sizes for low in range(_RANKS - length + 1)
)
_STRAIGHT_AT = {head: i for i, head in enumerate(STRAIGHTS)}
_ASK_AT = {ask: i for i, ask in enumerate(ASKS)}


class MedievalMonasteryCodec(ActionCodec):
    game_id = "medieval-monastery"

    def __init__(self, players: int) -> None:
        lay = Layout()
        lay.add("wait", 1)
        self.play = lay.add("play", DECK_SIZE)
        self.discard_one = lay.add("discard_one", DECK_SIZE)
        self.discard_two = lay.add("discard_two", DECK_SIZE * (DECK_SIZE - 1) // 2)
        self.offer = lay.add("offer", players * DECK_SIZE * len(ASKS))
        self.done = lay.add("done", 1)
        self.accept = lay.add("accept", DECK_SIZE)
        self.reject = lay.add("reject", 1)
        self.pick = lay.add("pick", DECK_SIZE)
        self.bid = lay.add("bid", DECK_SIZE)
        self.give = lay.add("give", DECK_SIZE)
        self.swap = lay.add("swap", players)
        self.flush = lay.add("flush", _SUITS << _RANKS)
        self.kind = lay.add("kind", _RANKS << _SUITS)
        self.straight = lay.add("straight", len(STRAIGHTS))
        self.straight_suit = lay.add("straight_suit", _SUITS)
        self.suits = lay.add("suits", 1)
        self.suits_rank = lay.add("suits_rank", _RANKS)
        super().__init__(players, lay, (self.straight_suit, self.suits_rank))

    def stages(self, head: int) -> tuple[Block, ...]:
        straight = self.straight
        if straight.start <= head < straight.start + straight.size:
            return (self.straight_suit,) * STRAIGHTS[head - straight.start][1]
        if head == self.suits.start:
            return (self.suits_rank,) * _SUITS
        return ()

    def encode(self, action: Hashable) -> Tokens:
        if isinstance(action, Combo):
            return self._combo(action)
        if isinstance(action, Play):
            return (self.play.at(action.card),)
        if isinstance(action, Give):
            return (self.give.at(action.card),)
        if isinstance(action, Bid):
            return (self.bid.at(action.card),)
        if isinstance(action, Pick):
            return (self.pick.at(action.card),)
        if isinstance(action, Accept):
            return (self.accept.at(action.card),)
        if isinstance(action, Reject):
            return (self.reject.start,)
        if isinstance(action, Done):
            return (self.done.start,)
        if isinstance(action, Swap):
            return (self.swap.at(action.target),)
        if isinstance(action, Offer):
            if not 0 <= action.target < self.players:
                raise ValueError(f"{action}: no seat {action.target}")
            return (
                self.offer.at(
                    (action.target * DECK_SIZE + action.card) * len(ASKS) + _ASK_AT[action.ask]
                ),
            )
        if isinstance(action, Discard):
            if len(action.cards) == 1:
                return (self.discard_one.at(action.cards[0]),)
            a, b = sorted(action.cards)
            return (self.discard_two.at(b * (b - 1) // 2 + a),)
        raise ValueError(f"{action!r} is not a {self.game_id} action")

    def _combo(self, combo: Combo) -> Tokens:
        # Most combos a declarer lists are new values (a hand's flushes and straights), so
        # each is encoded through per-card tables rather than arithmetic per card.
        kind, cards = combo
        if kind == "flush":
            return (self.flush.start + _FLUSH_BASE[cards[0]] + reduce(or_, map(_RANK_BIT, cards)),)
        if kind == "kind":
            return (self.kind.start + _KIND_BASE[cards[0]] + reduce(or_, map(_SUIT_BIT, cards)),)
        if kind == "straight":
            ordered = sorted(cards, key=_RANK_OF)
            head = self.straight.start + _STRAIGHT_AT[(_RANK_OF(ordered[0]), len(ordered))]
            suit = self.straight_suit.start
            return (head, *[suit + s for s in map(_SUIT_OF, ordered)])
        if kind == "suits":
            rank = self.suits_rank.start
            return (self.suits.start, *[rank + r for r in map(_RANK_OF, sorted(cards))])
        raise ValueError(f"{combo!r}: unknown combo kind")


# Per card: its rank and suit (0-based), their bits, and a flush's or an N of a kind's
# entry before the bits (suit x 2**ranks, rank x 2**suits).
_RANK_OF = tuple(c % _RANKS for c in range(DECK_SIZE)).__getitem__
_SUIT_OF = tuple(c // _RANKS for c in range(DECK_SIZE)).__getitem__
_RANK_BIT = tuple(1 << (c % _RANKS) for c in range(DECK_SIZE)).__getitem__
_SUIT_BIT = tuple(1 << (c // _RANKS) for c in range(DECK_SIZE)).__getitem__
_FLUSH_BASE = tuple(c // _RANKS << _RANKS for c in range(DECK_SIZE))
_KIND_BASE = tuple(c % _RANKS << _SUITS for c in range(DECK_SIZE))
