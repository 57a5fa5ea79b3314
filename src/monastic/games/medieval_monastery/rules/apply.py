"""Which rule each kind of action calls: one lookup instead of a chain of type tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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

__all__ = ["RULES", "Rule", "not_an_action"]

#: A rule: the state, the acting seat, the action and where its events go.
Rule = Callable[[StateData, int, Any, Events], None]


def _done(s: StateData, seat: int, action: Any, ev: Events) -> None:
    if s.step == COMBO:
        cenobitic.declarer_done(s, ev)
    else:
        study.trader_done(s, seat, ev)


def _give(s: StateData, seat: int, action: Any, ev: Events) -> None:
    if s.step == MONKS_OUT:
        eremitical.monks_give(s, action.card, ev)
    else:
        eremitical.choose(s, seat, action.card, ev)


def not_an_action(s: StateData, seat: int, action: Any, ev: Events) -> None:
    """The rule of anything that is no action of this game."""
    raise TypeError(f"not a Medieval Monastery action: {action!r}")


RULES: dict[type, Rule] = {
    Play: lambda s, seat, a, ev: eremitical.play(s, seat, a.card, ev),
    Combo: lambda s, seat, a, ev: cenobitic.declare(s, seat, a.kind, a.cards, ev),
    Done: _done,
    Offer: lambda s, seat, a, ev: study.make_offer(s, seat, a.target, a.card, a.ask, ev),
    Accept: lambda s, seat, a, ev: study.answer(s, a.card, ev),
    Reject: lambda s, seat, a, ev: study.answer(s, None, ev),
    Give: _give,
    Bid: lambda s, seat, a, ev: eremitical.choose(s, seat, a.card, ev),
    Pick: lambda s, seat, a, ev: eremitical.pick(s, seat, a.card, ev),
    Discard: lambda s, seat, a, ev: eremitical.prayer_discard(s, seat, a.cards, ev),
    Swap: lambda s, seat, a, ev: eremitical.abbey_swap(s, seat, a.target, ev),
}
