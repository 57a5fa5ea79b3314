"""The state of a Medieval Monastery game: plain data, so it copies fast.

Cards are ints (see ``catalogue``). ``step`` names the decision being waited for; the rules
that move from one decision to the next live in ``rules.py``.
"""

from __future__ import annotations

from typing import Any

from monastic.engine import Rng

__all__ = ["STEPS", "Offering", "StateData", "card_mask", "mask_cards"]


def card_mask(cards: list[int] | tuple[int, ...]) -> int:
    """A set of cards as a 72-bit mask (copies and set operations cost next to nothing)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def mask_cards(mask: int) -> list[int]:
    """The cards of a mask, ascending."""
    return [card for card in range(72) if mask >> card & 1]


# The decisions the game waits for (C-12: simultaneous ones list several seats).
PLAY = "play"  # Eremitical: the player on turn plays a card
DISCARD = "discard"  # Prayer: the actor discards
OFFER = "offer"  # Study: the trader on turn offers or is done
ANSWER = "answer"  # Study: the target answers the pending offer
PICK = "pick"  # Rules: the next picker takes a revealed card
BID = "bid"  # Saints: the bidders bid at once
ORDERS = "orders"  # Orders: all holding a card give at once
ABBEY = "abbey"  # Abbey: the actor names the other hand
MONKS_IN = "monks-in"  # Monks: the others give to the actor at once
MONKS_OUT = "monks-out"  # Monks: the actor gives to the next recipient
COMBO = "combo"  # Cenobitic: the declarer declares a combo or is done
OVER = "over"
STEPS = (PLAY, DISCARD, OFFER, ANSWER, PICK, BID, ORDERS, ABBEY, MONKS_IN, MONKS_OUT, COMBO, OVER)
SIMULTANEOUS = frozenset({BID, ORDERS, MONKS_IN})

#: A pending Study offer: (number, from seat, to seat, card, ask).
Offering = tuple[int, int, int, int, str]


class StateData:
    """The fields of a game, with a fast hand-checked copy."""

    __slots__ = (
        "abbot",
        "actor",
        "choice",
        "combo_memo",
        "deck",
        "discard",
        "hands",
        "index",
        "known",
        "n",
        "offer",
        "offer_no",
        "queue",
        "rng",
        "scores",
        "step",
        "trade_done",
        "trade_log",
        "trade_offers",
        "trade_turn",
        "turn",
        "turns",
        "winner",
        "zone",
    )

    n: int  # players
    turns: int  # the game's length (option)
    turn: int  # 1-based
    abbot: int  # holder of the cross
    step: str
    actor: int  # who played the resolving card (Eremitical) or declares (Cenobitic)
    index: int  # how many seats have had their go in this phase, from the Abbot
    deck: list[int]  # top card is the last
    discard: list[int]  # face up, oldest first
    hands: list[list[int]]
    scores: list[list[int]]  # 8 suit scores per seat
    known: list[list[int]]  # known[v][h]: mask of the cards v knows h holds (v != h)
    rng: Rng
    zone: list[int]  # face-up cards in the centre (Rules reveal, Saints centre card)
    queue: list[int]  # seats still due: Rules pickers, Monks recipients, simultaneous choosers
    choice: list[int]  # simultaneous choices, -1 = none yet
    trade_offers: list[int]  # offers answered per seat in this Study window
    trade_done: list[bool]
    trade_turn: int
    offer: Offering | None
    offer_no: int
    trade_log: list[tuple[int, int, int, int, str, str]]  # (number, from, to, card, ask, answer)
    winner: int  # the 9-card flush declarer, or -1
    # Not game data: the last combo list (``combo_listing.combo_actions``): the hand's mask, its
    # combos with their card masks, and the actions alone; a pure function of that hand,
    # never mutated, so copies share it.
    combo_memo: tuple[int, tuple[tuple[Any, int], ...], tuple[Any, ...]] | None

    def copy_into(self, other: StateData) -> None:
        """Copy every field into ``other``, sharing nothing mutable."""
        other.n = self.n
        other.turns = self.turns
        other.turn = self.turn
        other.abbot = self.abbot
        other.step = self.step
        other.actor = self.actor
        other.index = self.index
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.hands = [hand[:] for hand in self.hands]
        other.scores = [row[:] for row in self.scores]
        other.known = [row[:] for row in self.known]
        other.rng = self.rng.copy()
        other.zone = self.zone[:]
        other.queue = self.queue[:]
        other.choice = self.choice[:]
        other.trade_offers = self.trade_offers[:]
        other.trade_done = self.trade_done[:]
        other.trade_turn = self.trade_turn
        other.offer = self.offer
        other.offer_no = self.offer_no
        other.trade_log = self.trade_log[:]
        other.winner = self.winner
        other.combo_memo = self.combo_memo  # immutable, a pure function of a hand

    def fields_dict(self) -> dict[str, Any]:
        """Every field as JSON-ready data."""
        return {
            "players": self.n,
            "turns": self.turns,
            "turn": self.turn,
            "abbot": self.abbot,
            "step": self.step,
            "actor": self.actor,
            "index": self.index,
            "deck": self.deck[:],
            "discard": self.discard[:],
            "hands": [hand[:] for hand in self.hands],
            "scores": [row[:] for row in self.scores],
            "known": [[mask_cards(mask) for mask in row] for row in self.known],
            "rng": self.rng.state,
            "zone": self.zone[:],
            "queue": self.queue[:],
            "choice": self.choice[:],
            "trade_offers": self.trade_offers[:],
            "trade_done": self.trade_done[:],
            "trade_turn": self.trade_turn,
            "offer": list(self.offer) if self.offer else None,
            "offer_no": self.offer_no,
            "trade_log": [list(entry) for entry in self.trade_log],
            "winner": self.winner,
        }
