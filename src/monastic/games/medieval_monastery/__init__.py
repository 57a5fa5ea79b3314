"""Medieval Monastery: a card game of actions and combos, scored by your weakest suit."""

from monastic.games.medieval_monastery.game import (
    GAME,
    MedievalMonasteryGame,
    MedievalMonasteryState,
)

__all__ = ["GAME", "MedievalMonasteryGame", "MedievalMonasteryState"]
