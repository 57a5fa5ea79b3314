"""What a game's own search settings make of a bot spec (``ismcts.game_tuned``)."""

from __future__ import annotations

import dataclasses
from typing import Any

from monastic.bots.ismcts import game_tuned, spec_settings
from monastic.bots.ismcts_search import SearchConfig
from monastic.engine import Strategy


def tuned(strategy: Strategy[Any], spec: str) -> SearchConfig:
    """The search ``ismcts:<spec>`` runs in the game of ``strategy``."""
    config, fixed = spec_settings(spec)
    return game_tuned(config, strategy, fixed)


def plays_as(strategy: Strategy[Any], level_spec: str, plain_spec: str) -> bool:
    """Whether a level at a fixed budget (``hard,iterations=5000``) is the search of
    ``plain_spec`` (its settings written out, as an arena played them), the level's name
    aside."""
    level = dataclasses.replace(tuned(strategy, level_spec), level="medium")
    return level == tuned(strategy, plain_spec)
