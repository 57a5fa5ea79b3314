"""Medieval Monastery: a card game of actions and combos, scored by your weakest suit."""

from monastic.games.medieval_monastery.game import GAME, MedievalMonastery, MMState

__all__ = ["GAME", "MMState", "MedievalMonastery"]
