"""The turn's structure: the Ascetic deal, whose go it is in the Eremitical and Cenobitic
phases (C-3), and Salvation (C-18)."""

from __future__ import annotations

from typing import Final

from monastic.engine import ROUND, Event
from monastic.games.medieval_monastery.catalogue import TABLE
from monastic.games.medieval_monastery.rules.combos import SMALLEST_COMBO
from monastic.games.medieval_monastery.rules.hands import (
    Events,
    clockwise,
    draw,
    empty_hand,
    to_discard,
)
from monastic.games.medieval_monastery.rules.scoring import end_game
from monastic.games.medieval_monastery.state import COMBO, PLAY, StateData

__all__ = ["action_done", "deal", "next_declarer", "next_player"]

_SMALLEST: Final = SMALLEST_COMBO
_HAND_SIZE: Final = TABLE.hand_size


def deal(s: StateData, ev: Events) -> None:
    """Ascetic phase: from the Abbot clockwise, each draws a hand; then the Eremitical phase."""
    if ev is not None:
        ev.append(Event(ROUND, {"round": s.turn, "turns": s.turns, "abbot": s.abbot}))
    for seat in clockwise(s, s.abbot):
        draw(s, seat, _HAND_SIZE, ev)
    s.seats_done = 0
    next_player(s, ev)


def next_player(s: StateData, ev: Events) -> None:
    """The next seat from the Abbot with a card plays (C-3); after all, the Cenobitic phase."""
    while s.seats_done < s.players:
        seat = (s.abbot + s.seats_done) % s.players
        if s.hands[seat]:
            s.step, s.actor = PLAY, seat
            return
        s.seats_done += 1
    s.seats_done = 0
    next_declarer(s, ev)


def action_done(s: StateData, ev: Events) -> None:
    """A played card's action has fully resolved: the next player plays."""
    s.centre = []
    s.queue = []
    s.seats_done += 1
    next_player(s, ev)


def next_declarer(s: StateData, ev: Events) -> None:
    """Cenobitic: the next seat from the Abbot with 2+ cards declares (C-3); then Salvation."""
    while s.seats_done < s.players:
        seat = (s.abbot + s.seats_done) % s.players
        if len(s.hands[seat]) >= _SMALLEST:
            s.step, s.actor = COMBO, seat
            return
        s.seats_done += 1
    salvation(s, ev)


def salvation(s: StateData, ev: Events) -> None:
    """Hands go face up to the discard pile, the cross passes clockwise (C-18)."""
    for seat in clockwise(s, s.abbot):
        to_discard(s, empty_hand(s, seat), seat, "salvation", ev)
    s.abbot = (s.abbot + 1) % s.players
    if ev is not None:
        ev.append(Event("cross", {"abbot": s.abbot}))
    if s.turn >= s.turns:
        end_game(s, ev)
        return
    s.turn += 1
    deal(s, ev)
