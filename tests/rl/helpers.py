"""Short games of every game and player count, for the adapter tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import monastic

#: Options that keep a game short (the card game over one turn).
SHORT: dict[str, dict[str, Any]] = {"medieval-monastery": {"turns": 1}}

CASES = [
    pytest.param(game_id, players, id=f"{game_id}-{players}")
    for game_id in ("medieval-monastery", "monasterium", "monastery")
    for players in range(
        monastic.load_game(game_id).info.min_players,
        monastic.load_game(game_id).info.max_players + 1,
    )
]


def random_states(
    game_id: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> Iterator[monastic.State]:
    """Every state of one random game, the last (over) included."""
    state = monastic.load_game(game_id).new_game(players, seed, options or SHORT.get(game_id))
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_over():
            return
        seat = state.to_act()[0]
        state.apply_quiet(seat, rng.choice(state.legal_actions(seat)))
