"""The registry of games, filled from the games that declare themselves.

The engine names no game. A game is a package under ``monastic.games`` whose ``__init__``
exports ``GAME`` (an instance of a ``Game`` subclass), or any installed package that offers
one through the ``monastic.games`` entry-point group. Packages are found once, imported on
first use.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from types import MappingProxyType

from monastic.engine.state import Game

__all__ = ["game_ids", "load_game"]

_BUILT_IN = "monastic.games"
_ENTRY_POINTS = "monastic.games"


def _id_of(package: str) -> str:
    return package.rsplit(".", 1)[-1].replace("_", "-")


@cache
def _built_in() -> MappingProxyType[str, str]:
    """Game id -> the module of each game package under ``monastic.games``."""
    games = importlib.import_module(_BUILT_IN)
    return MappingProxyType(
        {
            _id_of(module.name): module.name
            for module in pkgutil.iter_modules(games.__path__, _BUILT_IN + ".")
            if module.ispkg
        }
    )


@cache
def _declared() -> MappingProxyType[str, str]:
    """Game id -> ``module`` or ``module:attribute`` that holds its ``Game``, the installed
    packages' entry points included (read only when asked: the metadata machinery is a
    heavy import that a process playing a built-in game does without)."""
    from importlib.metadata import entry_points

    found = dict(_built_in())
    for point in entry_points(group=_ENTRY_POINTS):
        found.setdefault(point.name, point.value)
    return MappingProxyType(found)


@cache
def _load(game_id: str) -> Game | None:
    where = _built_in().get(game_id) or _declared()[game_id]
    module, _, attribute = where.partition(":")
    game = getattr(importlib.import_module(module), attribute or "GAME", None)
    if not isinstance(game, Game):
        return None  # a package being written may exist before it declares its game
    if game.id != game_id:
        raise RuntimeError(f"{module} declares game {game.id!r}, registered as {game_id!r}")
    return game


def game_ids() -> list[str]:
    """The ids of every game this installation can play, sorted."""
    return sorted(game_id for game_id in _declared() if _load(game_id) is not None)


def load_game(game_id: str) -> Game:
    """The game with this id; raises ValueError naming the known ids."""
    known = isinstance(game_id, str) and (game_id in _built_in() or game_id in _declared())
    game = _load(game_id) if known else None
    if game is None:
        raise ValueError(f"unknown game {game_id!r} (known games: {', '.join(game_ids())})")
    return game
