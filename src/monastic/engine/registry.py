"""The registry of games: ids to the modules that define them, imported on first use."""

from __future__ import annotations

import importlib
import importlib.util
from types import MappingProxyType

from monastic.engine.state import Game

__all__ = ["game_ids", "load_game"]

_MODULES = MappingProxyType(
    {
        "medieval-monastery": "monastic.games.medieval_monastery",
        "monastery": "monastic.games.monastery",
        "monasterium": "monastic.games.monasterium",
    }
)


def _available(game_id: str) -> bool:
    """Whether the game's package is installed and defines ``GAME`` (a package being
    written may exist without it)."""
    spec = importlib.util.find_spec(_MODULES[game_id])
    if spec is None or spec.origin is None:
        return False
    return hasattr(importlib.import_module(_MODULES[game_id]), "GAME")


def game_ids() -> list[str]:
    """The ids of every game this installation can play, sorted."""
    return sorted(game_id for game_id in _MODULES if _available(game_id))


def load_game(game_id: str) -> Game:
    """The game with this id; raises ValueError naming the known ids."""
    if not isinstance(game_id, str) or game_id not in _MODULES or not _available(game_id):
        raise ValueError(f"unknown game {game_id!r} (known games: {', '.join(game_ids())})")
    game: Game = importlib.import_module(_MODULES[game_id]).GAME
    return game
