"""One bot game from a task: the unit of work that every backend of the runner runs.

A task names everything that decides the game (game, seed, bots per seat, options), so a
game played from the same task on any backend, in any process, is the same game.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

from monastic.bots import make
from monastic.engine import Match, Rng

__all__ = ["GameOutcome", "GameTask", "bot_seed", "play_game", "play_task", "seatings"]

_MAX_PERMUTATIONS = 720


@dataclass(frozen=True, slots=True)
class GameTask:
    """What decides one game; ``options`` are (name, value) pairs so a task is hashable."""

    game: str
    index: int
    seed: int
    specs: tuple[str, ...]  # one bot spec per seat
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One finished game: who sat where and how it went."""

    index: int
    seed: int
    specs: tuple[str, ...]  # per seat
    scores: tuple[float, ...]
    rewards: tuple[float, ...]  # 1, 1/k for a k-way shared win, 0
    ranks: tuple[int, ...]
    decisions: tuple[int, ...]
    think: tuple[float, ...]  # seconds spent choosing, per seat (the only non-replayable part)
    record: str  # replayable JSON
    result: dict[str, Any] = field(default_factory=dict)  # Result.to_dict()


def seatings(specs: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seat assignments games cycle through; every spec sits in every seat equally.

    With at least as many listed specs as seats, every ordered choice of listed specs
    (so every pairing meets in every order; a spec listed three times takes three seats,
    e.g. one bot against three greedy ones); with more seats than specs, the specs repeat
    cyclically, rotated by one seat per game.
    """
    k = len(specs)
    if players <= k and math.perm(k, players) <= _MAX_PERMUTATIONS:
        chosen = (tuple(specs[i] for i in p) for p in itertools.permutations(range(k), players))
        return list(dict.fromkeys(chosen))  # a repeated spec makes some orders alike
    return [tuple(specs[(seat + shift) % k] for seat in range(players)) for shift in range(k)]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game with ``game_seed``."""
    return Rng(game_seed * 1_000_003 + seat).next64() >> 1


def play_task(task: GameTask) -> GameOutcome:
    """Play the game a task describes (a top-level function, so every backend can ship it)."""
    return play_game(task.game, task.index, task.seed, task.specs, dict(task.options))


def play_game(
    game_id: str,
    index: int,
    seed: int,
    specs: tuple[str, ...],
    options: Mapping[str, Any] | None = None,
    real_only: bool = False,
) -> GameOutcome:
    """Play one game between bots (one per seat) and return how it went. With
    ``real_only``, ``decisions`` and ``think`` count only decisions with at least two legal
    actions (a forced one is played at once and would dilute the thinking time per move)."""
    players = len(specs)
    bots = [make(spec, seed=bot_seed(seed, seat)) for seat, spec in enumerate(specs)]
    match = Match.new(game_id, players, seed, options, names=list(specs))
    state = match.state
    decisions = [0] * players
    think = [0.0] * players
    while not state.is_over():
        # Simultaneous seats all choose from the same state, then their choices apply.
        picks = []
        for seat in state.to_act():
            counted = not real_only or len(state.legal_actions(seat)) > 1
            start = perf_counter()
            picks.append((seat, bots[seat].choose(state, seat)))
            if counted:
                think[seat] += perf_counter() - start
                decisions[seat] += 1
        for number, (seat, action) in enumerate(picks):
            # A later pick that became stale is asked again on the next pass.
            if number == 0 or (seat in state.to_act() and state.is_legal(seat, action)):
                match.apply(seat, action)
    result = state.result()
    return GameOutcome(
        index=index,
        seed=seed,
        specs=specs,
        scores=tuple(float(s) for s in result.scores),
        rewards=tuple(result.reward(seat) for seat in range(players)),
        ranks=tuple(result.ranks),
        decisions=tuple(decisions),
        think=tuple(think),
        record=match.record.to_json(indent=1),
        result=result.to_dict(),
    )
