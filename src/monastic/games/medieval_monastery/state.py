"""The state of a Medieval Monastery game as plain data: its fields, a fast copy, and the
saved form (``to_dict`` / ``from_dict``, which checks what it loads).

Cards are ints (see ``catalogue``). ``step`` names the decision being waited for; the rules
that move from one decision to the next live in ``rules/``, which this module never imports.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Self

from monastic.engine import Rng, State
from monastic.games.medieval_monastery.catalogue import (
    card_mask,
    mask_cards,
)

__all__ = [
    "ABBEY",
    "ACCEPTED",
    "ANSWER",
    "BID",
    "COMBO",
    "DEFAULT_TURNS",
    "DISCARD",
    "MAX_TURNS",
    "MONKS_IN",
    "MONKS_OUT",
    "NO_CARD",
    "NO_SEAT",
    "OFFER",
    "ORDERS",
    "OVER",
    "PICK",
    "PLAY",
    "REJECTED",
    "RENAMED_IN_VERSION_2",
    "SIMULTANEOUS",
    "STEPS",
    "STEP_KINDS",
    "TRADING",
    "PendingOffer",
    "StateData",
    "TradeRecord",
    "upgrade_version_1",
]

DEFAULT_TURNS = 10  # the game's length unless the option says otherwise
MAX_TURNS = 20

# The decisions the game waits for (C-12: simultaneous ones list several seats).
PLAY: Final = "play"  # Eremitical: the player on turn plays a card
DISCARD: Final = "discard"  # Prayer: the actor discards
OFFER: Final = "offer"  # Study: the trader on turn offers or is done
ANSWER: Final = "answer"  # Study: the target answers the pending offer
PICK: Final = "pick"  # Rules: the next picker takes a revealed card
BID: Final = "bid"  # Saints: the bidders bid at once
ORDERS: Final = "orders"  # Orders: all holding a card give at once
ABBEY: Final = "abbey"  # Abbey: the actor names the other hand
MONKS_IN: Final = "monks-in"  # Monks: the others give to the actor at once
MONKS_OUT: Final = "monks-out"  # Monks: the actor gives to the next recipient
COMBO: Final = "combo"  # Cenobitic: the declarer declares a combo or is done
OVER: Final = "over"
STEPS = (PLAY, DISCARD, OFFER, ANSWER, PICK, BID, ORDERS, ABBEY, MONKS_IN, MONKS_OUT, COMBO, OVER)
SIMULTANEOUS: Final = frozenset({BID, ORDERS, MONKS_IN})
#: Each step as the machine name views and events give it (snake_case).
STEP_KINDS: Mapping[str, str] = {step: step.replace("-", "_") for step in STEPS}
TRADING: Final = frozenset({OFFER, ANSWER})

NO_CARD: Final = -1  # a simultaneous choice not made yet
NO_SEAT: Final = -1  # nobody has won with a 9-card flush

#: The answers a trade record may hold.
ACCEPTED: Final = "accepted"
REJECTED: Final = "rejected"


# Offers are plain tuples, read by unpacking: trading is a third of a random game's decisions,
# and a named tuple costs twice a plain one to build and to free.
#: A Study offer waiting for its answer (C-20): (number, giver, target, card, ask), the ask a
#: suit letter or a rank digit.
PendingOffer = tuple[int, int, int, int, str]
#: An answered offer of the open Study window: a PendingOffer and "accepted" or "rejected".
TradeRecord = tuple[int, int, int, int, str, str]


class StateData(State):  # abstract: the rules come with the game's state class
    """The fields of a game, with a fast hand-checked copy."""

    __slots__ = (
        "abbot",
        "actor",
        "centre",
        "choices",
        "combo_memo",
        "deck",
        "discard",
        "done_trading",
        "flush_winner",
        "hands",
        "known_cards",
        "offer_number",
        "offers_answered",
        "pending_offer",
        "players",
        "queue",
        "rng",
        "seats_done",
        "step",
        "suit_scores",
        "trade_log",
        "trader",
        "turn",
        "turns",
    )

    players: int  # the seat count
    turns: int  # the game's length (option)
    turn: int  # 1-based
    abbot: int  # holder of the cross
    step: str  # the decision waited for, one of STEPS
    actor: int  # who played the resolving card (Eremitical) or declares (Cenobitic)
    seats_done: int  # how many seats have had their go in this phase, counted from the Abbot
    deck: list[int]  # top card is the last
    discard: list[int]  # face up, oldest first
    hands: list[list[int]]
    suit_scores: list[list[int]]  # SUIT_COUNT scores per seat
    known_cards: list[list[int]]  # known_cards[v][h]: mask of the cards v knows h holds (v != h)
    rng: Rng
    centre: list[int]  # face-up cards in the centre (Rules reveal, Saints centre card)
    queue: list[int]  # seats still due: Rules pickers, Monks recipients, simultaneous choosers
    choices: list[int]  # simultaneous choices by seat, NO_CARD = none yet
    offers_answered: list[int]  # answered offers per seat in this Study window
    done_trading: list[bool]  # per seat, in this Study window
    trader: int  # the seat to offer next in this Study window
    pending_offer: PendingOffer | None
    offer_number: int  # the number of the window's last offer
    trade_log: list[TradeRecord]  # the window's answered offers, oldest first
    flush_winner: int  # the 9-card flush declarer, or NO_SEAT
    # Not game data: the last combo list (``rules.combo_listing.combo_actions``): the hand's
    # card mask in two halves, the list its first listing built with the halves of each
    # combo's mask, the positions of those still held, and those combos; a pure function of
    # the hand, never changed once made, so copies share it.
    combo_memo: tuple[int, int, list[Any], list[int], list[int], list[int], list[Any]] | None

    def copy_into(self, other: StateData) -> None:
        """Copy every field into ``other``, sharing nothing mutable."""
        other.players = self.players
        other.turns = self.turns
        other.turn = self.turn
        other.abbot = self.abbot
        other.step = self.step
        other.actor = self.actor
        other.seats_done = self.seats_done
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.hands = [hand[:] for hand in self.hands]
        other.suit_scores = [row[:] for row in self.suit_scores]
        other.known_cards = [row[:] for row in self.known_cards]
        other.rng = self.rng.copy()
        other.centre = self.centre[:]
        other.queue = self.queue[:]
        other.choices = self.choices[:]
        other.offers_answered = self.offers_answered[:]
        other.done_trading = self.done_trading[:]
        other.trader = self.trader
        other.pending_offer = self.pending_offer  # a tuple
        other.offer_number = self.offer_number
        other.trade_log = self.trade_log[:]  # of tuples
        other.flush_winner = self.flush_winner
        other.combo_memo = self.combo_memo  # immutable, a pure function of a hand

    # The saved form ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every field as JSON-ready data (the saved state)."""
        return {
            "players": self.players,
            "turns": self.turns,
            "turn": self.turn,
            "abbot": self.abbot,
            "step": self.step,
            "actor": self.actor,
            "seats_done": self.seats_done,
            "deck": self.deck[:],
            "discard": self.discard[:],
            "hands": [hand[:] for hand in self.hands],
            "suit_scores": [row[:] for row in self.suit_scores],
            "known_cards": [[mask_cards(mask) for mask in row] for row in self.known_cards],
            "rng": self.rng.state,
            "centre": self.centre[:],
            "queue": self.queue[:],
            "choices": self.choices[:],
            "offers_answered": self.offers_answered[:],
            "done_trading": self.done_trading[:],
            "trader": self.trader,
            "pending_offer": list(self.pending_offer) if self.pending_offer else None,
            "offer_number": self.offer_number,
            "trade_log": [list(entry) for entry in self.trade_log],
            "flush_winner": self.flush_winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """A state from ``to_dict`` output as given: a load checks it before and after
        (``schema.py``, then ``rules/consistency.py``)."""
        s = cls.__new__(cls)
        s.players = data["players"]
        s.turns = data["turns"]
        s.turn = data["turn"]
        s.abbot = data["abbot"]
        s.actor = data["actor"]
        s.seats_done = data["seats_done"]
        s.step = data["step"]
        s.deck = list(data["deck"])
        s.discard = list(data["discard"])
        s.hands = [list(hand) for hand in data["hands"]]
        s.centre = list(data["centre"])
        s.suit_scores = [list(row) for row in data["suit_scores"]]
        s.known_cards = [[card_mask(known) for known in row] for row in data["known_cards"]]
        s.rng = Rng(data["rng"])
        s.queue = list(data["queue"])
        s.choices = list(data["choices"])
        s.offers_answered = list(data["offers_answered"])
        s.done_trading = list(data["done_trading"])
        s.trader = data["trader"]
        offer = data["pending_offer"]
        s.pending_offer = None if offer is None else tuple(offer)
        s.offer_number = data["offer_number"]
        s.trade_log = [tuple(entry) for entry in data["trade_log"]]
        s.flush_winner = data["flush_winner"]
        s.combo_memo = None
        return s


#: Saved keys renamed in version 2 of the save format (old name -> new name).
RENAMED_IN_VERSION_2: Mapping[str, str] = {
    "index": "seats_done",
    "scores": "suit_scores",
    "known": "known_cards",
    "zone": "centre",
    "choice": "choices",
    "trade_offers": "offers_answered",
    "trade_done": "done_trading",
    "trade_turn": "trader",
    "offer": "pending_offer",
    "offer_no": "offer_number",
    "winner": "flush_winner",
}


def upgrade_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A saved state of version 1 with the names of version 2."""
    clash = sorted(new for new in RENAMED_IN_VERSION_2.values() if new in data)
    if clash:
        raise ValueError(f"a version 1 save may not hold the version 2 fields {clash}")
    return {RENAMED_IN_VERSION_2.get(key, key): value for key, value in data.items()}
