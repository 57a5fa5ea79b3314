"""Monasterium (Arve D. Fühler, 2020): the rules engine for 2-4 players."""

from monastic.games.monasterium.game import MonasteriumGame, MonasteriumState
from monastic.games.monasterium.strategy import STRATEGY

#: The game, with the strategy its bots use (the rules never import the strategy).
GAME = MonasteriumGame(STRATEGY)
MonasteriumState.game = GAME

__all__ = ["GAME", "MonasteriumGame", "MonasteriumState"]
