"""Which rule each kind of action calls: tests of the action's class, the commonest first
(combos and trading are two thirds of a random game's decisions)."""

from __future__ import annotations

from typing import Any, Final

from monastic.games.medieval_monastery.actions import (
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
from monastic.games.medieval_monastery.rules import cenobitic, eremitical, study
from monastic.games.medieval_monastery.rules.hands import Events
from monastic.games.medieval_monastery.state import COMBO, MONKS_OUT, StateData

__all__ = ["apply_action"]

# The action classes as constants, so the compiled build compares each with one pointer test
# instead of looking its name up.
_COMBO: Final = Combo
_DONE: Final = Done
_OFFER: Final = Offer
_ACCEPT: Final = Accept
_REJECT: Final = Reject
_PLAY: Final = Play
_GIVE: Final = Give
_BID: Final = Bid
_PICK: Final = Pick
_DISCARD: Final = Discard
_SWAP: Final = Swap


def apply_action(s: StateData, seat: int, action: Any, ev: Events) -> None:
    """Apply a legal ``action`` of ``seat``; a TypeError for anything that is no action of
    this game."""
    kind = type(action)
    if kind is _COMBO:
        cenobitic.declare(s, seat, action.kind, action.cards, ev)
    elif kind is _DONE:
        if s.step == COMBO:
            cenobitic.declarer_done(s, ev)
        else:
            study.trader_done(s, seat, ev)
    elif kind is _OFFER:
        study.make_offer(s, seat, action.target, action.card, action.ask, ev)
    elif kind is _ACCEPT:
        study.answer(s, action.card, ev)
    elif kind is _REJECT:
        study.answer(s, None, ev)
    elif kind is _PLAY:
        eremitical.play(s, seat, action.card, ev)
    elif kind is _GIVE:
        if s.step == MONKS_OUT:
            eremitical.monks_give(s, action.card, ev)
        else:
            eremitical.choose(s, seat, action.card, ev)
    elif kind is _BID:
        eremitical.choose(s, seat, action.card, ev)
    elif kind is _PICK:
        eremitical.pick(s, seat, action.card, ev)
    elif kind is _DISCARD:
        eremitical.prayer_discard(s, seat, action.cards, ev)
    elif kind is _SWAP:
        eremitical.abbey_swap(s, seat, action.target, ev)
    else:
        raise TypeError(f"not a Medieval Monastery action: {action!r}")
