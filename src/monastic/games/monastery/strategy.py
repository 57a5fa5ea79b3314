"""What the bots use of Monastery: the evaluation, the greedy heuristic, the search settings.

``evaluate`` is in ``heuristic_value.py``, ``greedy_action`` in ``heuristic.py`` (the first
heuristic, for comparisons, in ``heuristic_classic.py``); measurements in
``docs/monastery/strategy.md``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from monastic.engine import Strategy
from monastic.games.monastery.heuristic import greedy_action, search_actions
from monastic.games.monastery.heuristic_value import evaluate

__all__ = ["ISMCTS_SETTINGS", "STRATEGY", "evaluate", "greedy_action", "search_actions"]

#: The search for this game (``docs/bots.md``). A strong progressive bias keeps the
#: heuristic's choice unless the playouts clearly prefer another; a short cut-off about
#: doubles the iterations a budget buys; playouts follow the heuristic (it is cheap and far
#: better than random moves); a temperature of 0.12 keeps rewards from saturating (at 0.04
#: about half the positions of greedy games gave a reward below 0.03 or above 0.97, at 0.12
#: 5%). Measurements in ``docs/monastery/strategy.md``.
ISMCTS_SETTINGS: dict[str, float] = {"bias": 4.0, "cutoff": 5, "temp": 0.12, "epsilon": 1.0}

#: What the bots use of this game (``Game.strategy`` hands it out).
STRATEGY: Strategy[Any] = Strategy(
    evaluate=evaluate,
    greedy_action=greedy_action,
    search_actions=search_actions,
    search_settings=MappingProxyType(ISMCTS_SETTINGS),
)
