"""The card game's tensor (``docs/medieval-monastery/json.md`` for the view it reads).

Cards are numbered as the catalogue numbers them (``suit * 9 + rank - 1``); a 72-wide
feature is one slot per card. Scales: deck and hand sizes / 72, suit scores and the lowest
/ 10, offers answered / 3.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import numpy as np

from monastic.engine import State
from monastic.games.medieval_monastery.actions import ASKS
from monastic.games.medieval_monastery.catalogue import DECK_SIZE, SUITS, parse_card
from monastic.games.medieval_monastery.state import (
    COMBO,
    NO_CARD,
    NO_SEAT,
    OVER,
    SIMULTANEOUS,
    STEP_KINDS,
    TRADING,
    StateData,
)
from monastic.rl.observation import (
    Features,
    Observer,
    Parts,
    Tensor,
    index_of,
    multi_hot,
    one_hot,
)

__all__ = ["MedievalMonasteryObserver"]

PHASES = ("eremitical", "cenobitic", "over")
STEPS = (
    "play", "discard", "offer", "answer", "pick", "bid", "orders", "abbey",
    "monks_in", "monks_out", "combo", "over",
)  # fmt: skip
_SUITS = len(SUITS)
#: The state's step (``state.STEPS``) to its place in ``STEPS``, and its phase's in ``PHASES``.
_STEP_AT = {step: STEPS.index(kind) for step, kind in STEP_KINDS.items()}
_PHASE_AT = {
    step: PHASES.index("over" if step == OVER else "cenobitic" if step == COMBO else "eremitical")
    for step in STEP_KINDS
}
_ASK_AT = {ask: i for i, ask in enumerate(ASKS)}


def _cards(texts: list[str]) -> list[int]:
    return [parse_card(text) for text in texts]


class MedievalMonasteryObserver(Observer):
    game_id = "medieval-monastery"

    def declare(self, features: Features) -> None:
        p = self.players
        features.add("phase", len(PHASES))
        features.add("step", len(STEPS))
        features.add("turn", 2)  # turn / turns, turns / 20
        features.add("abbot", p)
        features.add("actor", p)
        features.add("deck", 1)
        features.add("hand", DECK_SIZE)  # the viewer's own cards
        features.add("known", p, DECK_SIZE)  # cards the viewer knows each seat holds
        features.add("hand_sizes", p)
        features.add("suit_scores", p, _SUITS)
        features.add("lowest", p)
        features.add("discard", DECK_SIZE)  # every card in the discard pile
        features.add("discard_top", DECK_SIZE)
        features.add("centre", DECK_SIZE)
        features.add("queue", p)
        features.add("chosen", p)
        features.add("my_choice", DECK_SIZE)
        features.add("trade_open", 1)
        features.add("trader", p)
        features.add("offers_answered", p)
        features.add("done_trading", p)
        features.add("offer_from", p)
        features.add("offer_to", p)
        features.add("offer_card", DECK_SIZE)
        features.add("offer_ask", len(ASKS))
        features.add("flush_winner", p)

    def fill(self, parts: Parts, view: Mapping[str, Any]) -> None:
        one_hot(parts["phase"], index_of(PHASES, view["phase"], "phase"))
        one_hot(parts["step"], index_of(STEPS, view["step"], "step"))
        parts["turn"][:] = (view["turn"] / view["turns"], view["turns"] / 20)
        one_hot(parts["abbot"], view["abbot"])
        one_hot(parts["actor"], view["actor"])
        parts["deck"][0] = view["deck"] / DECK_SIZE
        multi_hot(parts["hand"], _cards(view["hand"] or []))
        known = parts["known"]
        for holder, texts in view["known"].items():
            multi_hot(known[int(holder) * DECK_SIZE : (int(holder) + 1) * DECK_SIZE], _cards(texts))
        scores = parts["suit_scores"]
        for entry in view["players"]:
            seat = entry["seat"]
            parts["hand_sizes"][seat] = entry["hand_size"] / DECK_SIZE
            scores[seat * _SUITS : (seat + 1) * _SUITS] = [s / 10 for s in entry["suit_scores"]]
            parts["lowest"][seat] = entry["lowest"] / 10
        discard = _cards(view["discard"])
        multi_hot(parts["discard"], discard)
        one_hot(parts["discard_top"], discard[-1] if discard else None)
        multi_hot(parts["centre"], _cards(view["centre"]))
        multi_hot(parts["queue"], view["queue"])
        multi_hot(parts["chosen"], view["chosen"])
        if view["my_choice"]:
            one_hot(parts["my_choice"], parse_card(view["my_choice"]))
        trade = view["trade"]
        if trade:
            parts["trade_open"][0] = 1.0
            one_hot(parts["trader"], trade["trader"])
            parts["offers_answered"][:] = [n / 3 for n in trade["offers_answered"]]
            parts["done_trading"][:] = [float(d) for d in trade["done"]]
            pending = trade["pending"]
            if pending:
                one_hot(parts["offer_from"], pending["from"])
                one_hot(parts["offer_to"], pending["to"])
                one_hot(parts["offer_card"], parse_card(pending["card"]))
                one_hot(parts["offer_ask"], index_of(ASKS, pending["ask"], "ask"))
        one_hot(parts["flush_winner"], view["flush_winner"])

    splits = True

    def write_own(self, out: Tensor, state: State, seat: int) -> None:
        """What only ``seat`` sees of ``fill``'s view: its hand, the cards it knows others
        hold and its own secret choice."""
        s = cast(StateData, state)
        at = self.at
        base = at["hand"]
        ones = [base + c for c in s.hands[seat]]
        base = at["known"]
        for holder, known in enumerate(s.known_cards[seat]):
            first = base + holder * DECK_SIZE
            while known:  # a card mask, lowest card first
                low = known & -known
                ones.append(first + low.bit_length() - 1)
                known ^= low
        if s.step in SIMULTANEOUS and s.choices[seat] != NO_CARD:
            ones.append(at["my_choice"] + s.choices[seat])
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0

    def write_public(self, out: Tensor, state: State) -> None:
        """The rest of ``fill``'s view, from the fields ``view.view_details`` and
        ``view.public_players`` read: the same for every seat."""
        s = cast(StateData, state)
        at, p = self.at, self.players
        ones = [at["phase"] + _PHASE_AT[s.step], at["step"] + _STEP_AT[s.step]]
        base = at["turn"]
        out[base] = s.turn / s.turns
        out[base + 1] = s.turns / 20
        ones.append(at["abbot"] + s.abbot % p)  # a negative seat counts from the end, as
        ones.append(at["actor"] + s.actor % p)  # ``one_hot`` on the view's slice does
        out[at["deck"]] = len(s.deck) / DECK_SIZE
        hands, scores = s.hands, s.suit_scores
        base = at["hand_sizes"]
        out[base : base + p] = [len(hands[h]) / DECK_SIZE for h in range(p)]
        base = at["suit_scores"]
        out[base : base + p * _SUITS] = [v / 10 for h in range(p) for v in scores[h]]
        base = at["lowest"]
        out[base : base + p] = [min(scores[h]) / 10 for h in range(p)]
        discard = s.discard
        if discard:
            base = at["discard"]
            ones += [base + c for c in discard]
            ones.append(at["discard_top"] + discard[-1])
        base = at["centre"]
        ones += [base + c for c in s.centre]
        self._add(out, at["queue"], s.queue)
        if s.step in SIMULTANEOUS:
            choices = s.choices
            self._add(out, at["chosen"], [t for t in s.queue if choices[t] != NO_CARD])
        if s.done_trading and s.step in TRADING:
            ones.append(at["trade_open"])
            ones.append(at["trader"] + s.trader % p)
            base = at["offers_answered"]
            out[base : base + p] = [n / 3 for n in s.offers_answered]
            base = at["done_trading"]
            out[base : base + p] = s.done_trading
            if s.pending_offer:
                _, giver, target, card, ask = s.pending_offer
                ones.append(at["offer_from"] + giver % p)
                ones.append(at["offer_to"] + target % p)
                ones.append(at["offer_card"] + card)
                ones.append(at["offer_ask"] + _ASK_AT[ask])
        if s.flush_winner != NO_SEAT:
            ones.append(at["flush_winner"] + s.flush_winner % p)
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0  # faster than indexing by the list

    @staticmethod
    def _add(out: Tensor, base: int, seats: list[int]) -> None:
        for seat in seats:  # ``multi_hot`` adds: a seat listed twice counts twice
            out[base + seat] += 1.0
