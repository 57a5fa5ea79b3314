"""Short games of every game and player count, for the adapter tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import monastic


def has_common_view(game_id: str) -> bool:
    """Whether the game's view has the common shape (``docs/engine.md``) the observers read."""
    state = monastic.load_game(game_id).new_game(None, 1)
    return "viewer" in state.view(0) and "phase_text" in state.view(0)


def needs_common_view(game_id: str) -> pytest.MarkDecorator:
    """Skip a test of observations while its game's view is still in its old shape."""
    return pytest.mark.skipif(
        not has_common_view(game_id), reason=f"{game_id}'s view is not yet in the common shape"
    )


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


def observed(cases: list[Any]) -> list[Any]:
    """``cases`` (params whose first value is a game id), each skipped while its game's view
    is not yet in the common shape."""
    return [
        pytest.param(*case.values, id=case.id, marks=needs_common_view(case.values[0]))
        for case in cases
    ]
