"""Monastery (Ragnar Brothers, 2008): tile laying, monks walking, building and praying."""

from monastic.games.monastery.game import GAME, MonasteryGame, MonasteryState

__all__ = ["GAME", "MonasteryGame", "MonasteryState"]
