"""The end of the game: final scores, winners and ranks (C-16, C-17), and its event."""

from __future__ import annotations

from typing import Any

from monastic.engine import GAME_OVER, Event, Result, ranks_from_scores
from monastic.games.medieval_monastery.rules.hands import Events
from monastic.games.medieval_monastery.state import NO_SEAT, OVER, StateData

__all__ = ["end_game", "final_result"]


def final_result(s: StateData) -> Result:
    """Each seat's final score is its lowest suit; a 9-card flush wins outright."""
    scores = tuple(float(min(row)) for row in s.suit_scores)
    breakdown: dict[str, Any] = {
        "suits": [row[:] for row in s.suit_scores],
        "flush_winner": None,
    }
    if s.flush_winner != NO_SEAT:  # C-16: the declarer first, the others by score
        others = [seat for seat in range(s.players) if seat != s.flush_winner]
        ranks = [1] * s.players
        for seat in others:
            ranks[seat] = 2 + sum(1 for o in others if scores[o] > scores[seat])
        breakdown["flush_winner"] = s.flush_winner
        return Result(scores, (s.flush_winner,), tuple(ranks), breakdown)
    by_score = ranks_from_scores(scores)  # C-17: ties share the victory
    winners = tuple(seat for seat in range(s.players) if by_score[seat] == 1)
    return Result(scores, winners, by_score, breakdown)


def end_game(s: StateData, ev: Events) -> None:
    """The game is over; everyone hears the final scores and the winners."""
    s.step = OVER
    if ev is not None:
        result = final_result(s)
        data: dict[str, Any] = {"scores": list(result.scores), "winners": list(result.winners)}
        if s.flush_winner != NO_SEAT:
            data["flush_winner"] = s.flush_winner
        ev.append(Event(GAME_OVER, data))
