"""monastic: three monastery-themed tabletop games, with bots, for players and researchers.

>>> import monastic
>>> "medieval-monastery" in monastic.game_ids()
True
"""

from monastic import build_info

build_info.check()  # before any compiled module runs: refuse one older than its source

from monastic.engine import (  # noqa: E402
    ActionSyntaxError,
    BadOption,
    BadSaveFile,
    Event,
    Game,
    IllegalAction,
    Match,
    Record,
    Result,
    State,
    game_ids,
    load_game,
    replay,
)

__all__ = [
    "ActionSyntaxError",
    "BadOption",
    "BadSaveFile",
    "Event",
    "Game",
    "IllegalAction",
    "Match",
    "Record",
    "Result",
    "State",
    "game_ids",
    "load_game",
    "replay",
]
__version__ = "0.1.0"
