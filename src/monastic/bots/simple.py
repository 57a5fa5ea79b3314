"""Bots that need no search: random play and each game's greedy heuristic."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from monastic.engine import Action, Rng, State

__all__ = ["GreedyBot", "RandomBot", "game_strategy"]


class RandomBot:
    """Picks uniformly among the legal actions; works for every game through the contract."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        """A uniformly random legal action."""
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        return self.rng.choice(actions)


def game_strategy(game_id: str) -> Any:
    """The ``strategy`` module of a game (its evaluation and heuristics)."""
    package = game_id.replace("-", "_")
    return importlib.import_module(f"monastic.games.{package}.strategy")


class GreedyBot:
    """Plays the game's own heuristic on a determinized copy, so it never reads hidden truth."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"
        self.rng = Rng(seed)
        self._heuristics: dict[str, Callable[[State, int, Rng], Action]] = {}

    def choose(self, state: State, seat: int) -> Action:
        """The heuristic's choice, made on a world sampled from the seat's information."""
        game_id = state.game.id
        heuristic = self._heuristics.get(game_id)
        if heuristic is None:
            heuristic = self._heuristics[game_id] = game_strategy(game_id).greedy_action
        world = state.determinize(seat, self.rng.spawn())
        return heuristic(world, seat, self.rng)
