"""Monastery (Ragnar Brothers, 2008): tile laying, monks walking, building and praying."""

from monastic.games.monastery.game import MonasteryGame, MonasteryState
from monastic.games.monastery.strategy import STRATEGY

#: The game, with the strategy its bots use (the rules never import the strategy).
GAME = MonasteryGame(STRATEGY)
MonasteryState.game = GAME

__all__ = ["GAME", "MonasteryGame", "MonasteryState"]
