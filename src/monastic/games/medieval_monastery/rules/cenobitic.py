"""Cenobitic phase: declaring combos (C-13..C-16)."""

from __future__ import annotations

from typing import Final

from monastic.engine import Event
from monastic.games.medieval_monastery.rules.combos import (
    SMALLEST_COMBO,
    add_points,
    combo_draws,
    combo_points,
    is_winning_flush,
)
from monastic.games.medieval_monastery.rules.hands import Events, draw, lose_cards, texts
from monastic.games.medieval_monastery.rules.scoring import end_game
from monastic.games.medieval_monastery.rules.turn import next_declarer
from monastic.games.medieval_monastery.state import StateData

__all__ = ["declare", "declarer_done"]

_SMALLEST: Final = SMALLEST_COMBO


def declare(s: StateData, seat: int, kind: str, cards: tuple[int, ...], ev: Events) -> None:
    """C-15: cards to the discard pile, then score, then draw."""
    cards = tuple(sorted(cards))  # in card order, however the action lists them
    lose_cards(s, seat, cards)
    s.discard += cards
    add_points(s.suit_scores[seat], kind, cards)
    if ev is not None:
        points = combo_points(kind, cards)
        ev.append(
            Event("combo", {"seat": seat, "combo": kind, "cards": texts(cards), "points": points})
        )
    if is_winning_flush(kind, cards):  # C-16
        s.flush_winner = seat
        end_game(s, ev)
        return
    extra = combo_draws(kind, len(cards))
    if extra:
        draw(s, seat, extra, ev)
    if len(s.hands[seat]) < _SMALLEST:
        s.seats_done += 1
        next_declarer(s, ev)


def declarer_done(s: StateData, ev: Events) -> None:
    s.seats_done += 1
    next_declarer(s, ev)
