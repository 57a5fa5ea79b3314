"""Random legal play shared by the contract tests and the per-game property tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from monastic.engine import Match, State


def random_walk(
    game_id: str, players: int, seed: int, max_steps: int = 10_000, options: dict | None = None
) -> Iterator[tuple[Match, int, object]]:
    """Yield (match, seat, action) before each random legal move, then apply it."""
    match = Match.new(game_id, players, seed, options)
    rng = random.Random(seed)
    for _ in range(max_steps):
        state = match.state
        if state.is_over():
            return
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        yield match, seat, action
        match.apply(seat, action)


def play_out(state: State, seed: int, max_steps: int = 100_000) -> State:
    """Play random legal moves until the game ends (or the step cap)."""
    rng = random.Random(seed)
    for _ in range(max_steps):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))
    return state
