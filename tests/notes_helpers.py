"""Random positions of a game, for the choice-note tests of every game."""

from __future__ import annotations

import random
from collections.abc import Iterator

from monastic.engine import State, load_game


def decisions(game: str, seed: int, players: int | None = None) -> Iterator[tuple[State, int]]:
    """Every decision of one random game, with the seat deciding."""
    state = load_game(game).new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
