"""Monasterium (Arve D. Fühler, 2020): the rules engine for 2-4 players."""

from monastic.games.monasterium.game import GAME, MonasteriumGame, MonasteriumState

__all__ = ["GAME", "MonasteriumGame", "MonasteriumState"]
