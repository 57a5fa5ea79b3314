"""Monasterium (Arve D. Fühler, 2020): the rules engine for 2-4 players."""

from monastic.games.monasterium.game import MonasteriumGame, new_state
from monastic.games.monasterium.state import MonasteriumState

GAME = MonasteriumGame()
MonasteriumState.game = GAME

__all__ = ["GAME", "MonasteriumGame", "MonasteriumState", "new_state"]
