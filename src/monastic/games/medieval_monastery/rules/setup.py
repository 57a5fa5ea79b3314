"""A new game: the first Abbot, the shuffled deck, and the first deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monastic.engine import Rng
from monastic.games.medieval_monastery.catalogue import ALL_CARDS, SUIT_COUNT
from monastic.games.medieval_monastery.rules.turn import deal
from monastic.games.medieval_monastery.state import NO_CARD, NO_SEAT, PLAY, StateData

__all__ = ["RANDOM_ABBOT", "start"]

RANDOM_ABBOT = -1  # the option value that draws the first Abbot with the seed


def start(s: StateData, players: int, seed: int, options: Mapping[str, Any]) -> None:
    """Fill a blank state with a new game (options validated) and deal the first turn."""
    s.players = players
    s.turns = options["turns"]
    s.turn = 1
    s.rng = Rng(seed)
    first = options["first_abbot"]
    s.abbot = s.rng.below(players) if first == RANDOM_ABBOT else first
    s.deck = list(ALL_CARDS)
    s.rng.shuffle(s.deck)
    s.discard = []
    s.hands = [[] for _ in range(players)]
    s.suit_scores = [[0] * SUIT_COUNT for _ in range(players)]
    s.known_cards = [[0] * players for _ in range(players)]
    s.centre, s.queue, s.choices = [], [], [NO_CARD] * players
    s.offers_answered, s.done_trading, s.trader = [], [], 0
    s.pending_offer, s.offer_number, s.trade_log = None, 0, []
    s.flush_winner, s.step, s.actor, s.seats_done = NO_SEAT, PLAY, 0, 0
    s.combo_memo = None
    deal(s, None)  # the setup's events are not kept
