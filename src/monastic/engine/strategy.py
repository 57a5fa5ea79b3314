"""What a game offers bots besides its rules: an evaluation and a heuristic player.

A game declares its strategy with ``Game.strategy()``; bots never look for modules by name.
A game without one returns None: the search then plays random playouts to the end, and the
greedy bot says the game has no heuristic.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Generic, TypeVar

from monastic.engine.rng import Rng

__all__ = ["Strategy", "frozen_levels"]

S = TypeVar("S")  # the game's State class
Action = Hashable


@dataclass(frozen=True, slots=True)
class Strategy(Generic[S]):
    """A game's evaluation, heuristic and search settings.

    - ``evaluate(state)``: the expected final score of every seat, from the truth of a
      (determinized) world; the search scores its cut-off positions with it.
    - ``greedy_action(state, seat, rng)``: the heuristic's choice, one of the legal actions.
    - ``search_actions(state, seat, legal)``: the non-empty part of ``legal`` that a search
      considers at this decision (e.g. without dominated choices); playouts see all.
      None: the search considers every legal action.
    - ``widen_order(state, seat, legal)``: ``legal`` best first, by the heuristic's own
      ranking: the order in which progressive widening opens a large decision's actions.
      None: after the heuristic's choice, widening opens them in random order.
    - ``clock(state)``: a count that grows with the game's time and never falls (turns
      taken, say): a search with a ``horizon`` stops its playouts that far ahead on it, so
      every line is scored at the same point of the game, whatever number of decisions it
      took to get there. None: playouts are measured in decisions only.
    - ``search_settings``: the game's own values for ``SearchConfig`` fields.
    - ``level_settings``: per level (``"hard"``), values that replace ``search_settings``'
      for that level only.
    """

    evaluate: Callable[[S], list[float]]
    greedy_action: Callable[[S, int, Rng], Action]
    search_actions: Callable[[S, int, list[Action]], list[Action]] | None = None
    widen_order: Callable[[S, int, list[Action]], list[Action]] | None = None
    clock: Callable[[S], int] | None = None
    search_settings: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    level_settings: Mapping[str, Mapping[str, float]] = field(
        default_factory=lambda: MappingProxyType({})
    )


def frozen_levels(levels: Mapping[str, Mapping[str, float]]) -> Mapping[str, Mapping[str, float]]:
    """A game's per-level search settings, read-only at both depths (``level_settings``)."""
    return MappingProxyType({level: MappingProxyType(dict(s)) for level, s in levels.items()})
