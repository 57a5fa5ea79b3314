"""Bots: ``make(spec, seed)`` builds one from a spec string such as ``"greedy"``.

>>> from monastic import bots
>>> bots.make("random", seed=1).name
'random'
"""

from __future__ import annotations

import importlib
import importlib.util

from monastic.bots.base import Bot
from monastic.bots.simple import GreedyBot, RandomBot

__all__ = ["Bot", "GreedyBot", "RandomBot", "bot_names", "make"]

_SIMPLE: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def bot_names() -> list[str]:
    """The bot kinds that ``make`` knows."""
    names = sorted(_SIMPLE)
    if importlib.util.find_spec("monastic.bots.ismcts") is not None:
        names.append("ismcts")
    return names


def make(spec: str, seed: int = 0) -> Bot:
    """Build a bot from its spec (``random``, ``greedy``, ``ismcts:medium``, ...).

    Raises ValueError naming the known bots for an unknown spec.
    """
    kind, _, params = spec.strip().partition(":")
    if kind in _SIMPLE:
        if params:
            raise ValueError(f"bot {kind!r} takes no options (got {params!r})")
        return _SIMPLE[kind](seed)
    if kind == "ismcts" and "ismcts" in bot_names():
        module = importlib.import_module("monastic.bots.ismcts")
        bot: Bot = module.from_spec(params, seed)
        return bot
    raise ValueError(f"unknown bot {spec!r} (known bots: {', '.join(bot_names())})")
