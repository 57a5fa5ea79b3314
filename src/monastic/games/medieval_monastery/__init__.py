"""Medieval Monastery: a card game of actions and combos, scored by your weakest suit."""

from monastic.games.medieval_monastery.game import MedievalMonasteryGame, MedievalMonasteryState
from monastic.games.medieval_monastery.strategy import STRATEGY

#: The game, with the strategy its bots use (the rules never import the strategy).
GAME = MedievalMonasteryGame(STRATEGY)
MedievalMonasteryState.game = GAME

__all__ = ["GAME", "MedievalMonasteryGame", "MedievalMonasteryState"]
