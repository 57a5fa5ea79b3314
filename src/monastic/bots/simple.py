"""Bots that need no search: random play and each game's greedy heuristic."""

from __future__ import annotations

from collections.abc import Callable

from monastic.engine import Action, Rng, State

__all__ = ["GreedyBot", "RandomBot"]


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
            strategy = state.game.strategy()
            if strategy is None:
                raise ValueError(f"{state.game.title} has no heuristic, so no greedy bot")
            heuristic = self._heuristics[game_id] = strategy.greedy_action
        world = state.determinize(seat, self.rng.spawn())
        return heuristic(world, seat, self.rng)
