"""The information-set Monte Carlo tree search bot, for every game of the engine contract.

>>> from monastic import bots
>>> bots.make("ismcts:iterations=200,cutoff=10", seed=1).name
'ismcts:iterations=200,cutoff=10'

Spec strings (the text after ``ismcts:``) are comma-separated items: a level (``easy``,
``medium``, ``hard``) and/or ``key=value`` settings. A budget setting (``iterations``,
``time``) replaces the level's budget; other settings refine it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from monastic.bots.ismcts_search import Node, Search, SearchConfig
from monastic.engine import Action, Rng, State, Strategy

__all__ = ["LEVELS", "ISMCTSBot", "from_spec", "game_tuned", "parse_spec", "spec_settings"]

#: Levels are wall-time budgets per decision (one core). ``hard`` is nine medium-sized
#: trees pooled: one tree nine times larger played below medium in Monasterium and
#: Monastery, the pooled trees did not (docs/bots.md). A game's own settings may say
#: otherwise (``Strategy.level_settings``): Monasterium's ``hard`` is one tree again since
#: its playouts run past each new node, the card game's one tree with its rival played by
#: the heuristic, Monastery's one tree whose root is decided by sequential halving.
LEVELS: dict[str, SearchConfig] = {
    "easy": SearchConfig(seconds=0.03, level="easy"),
    "medium": SearchConfig(seconds=0.2, level="medium"),
    "hard": SearchConfig(seconds=1.8, trees=9, level="hard"),
}

_BUDGET = {"iterations", "time"}


def _positive_int(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise ValueError
    return value


def _non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise ValueError
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0 or value == float("inf"):
        raise ValueError
    return value


def _non_negative_float(text: str) -> float:
    value = float(text)
    if not value >= 0 or value == float("inf"):
        raise ValueError
    return value


def _probability(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise ValueError
    return value


def _share(text: str) -> float:
    value = float(text)
    if not 0.0 <= value < 1.0:  # at 1 the searcher's own choices would learn nothing
        raise ValueError
    return value


# setting -> (config field, parser, what a good value is)
_SETTINGS: dict[str, tuple[str, Callable[[str], Any], str]] = {
    "iterations": ("iterations", _positive_int, "a positive whole number"),
    "time": ("seconds", _positive_float, "a positive number of seconds"),
    "cutoff": ("cutoff", _positive_int, "a positive whole number of decisions"),
    "beyond": ("beyond", _non_negative_int, "a whole number >= 0 of decisions"),
    "c": ("c", _non_negative_float, "a number >= 0"),
    "epsilon": ("epsilon", _probability, "a probability between 0 and 1"),
    "widen": ("widen", _non_negative_int, "a whole number >= 0"),
    "widen_k": ("widen_k", _positive_float, "a positive number"),
    "widen_alpha": ("widen_alpha", _probability, "a number between 0 and 1"),
    "temp": ("temp", _positive_float, "a positive number"),
    "bias": ("bias", _non_negative_float, "a number >= 0"),
    "rivals": ("rivals", _probability, "a probability between 0 and 1"),
    "blind": ("blind", _share, "a share >= 0 and below 1"),
    "trees": ("trees", _positive_int, "a positive whole number"),
    "halving": ("halving", _non_negative_int, "a whole number >= 0 of root candidates"),
    "horizon": ("horizon", _non_negative_int, "a whole number >= 0 of the game's clock"),
}


def parse_spec(params: str) -> SearchConfig:
    """The search settings for ``params`` (``""`` is ``medium``); ValueError names the fault."""
    return spec_settings(params)[0]


def spec_settings(params: str) -> tuple[SearchConfig, frozenset[str]]:
    """The settings for ``params`` and the names of the fields it set explicitly."""
    items = [item.strip() for item in params.split(",")] if params.strip() else []
    level = "medium"
    changes: dict[str, Any] = {}
    budget_given = False
    for item in items:
        if not item:
            raise ValueError(f"ismcts spec {params!r} has an empty item")
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq:
            if key not in LEVELS:
                raise ValueError(
                    f"unknown ismcts level {key!r} (levels: {', '.join(LEVELS)};"
                    f" settings: {', '.join(f'{k}=...' for k in _SETTINGS)})"
                )
            level = key
            continue
        if key not in _SETTINGS:
            raise ValueError(f"unknown ismcts setting {key!r} (settings: {', '.join(_SETTINGS)})")
        field, parse, what = _SETTINGS[key]
        budget_given |= key in _BUDGET
        try:
            changes[field] = parse(value.strip())
        except ValueError:
            raise ValueError(f"ismcts setting {key} must be {what}, not {value!r}") from None
    config = LEVELS[level]
    if budget_given:
        # An explicit budget replaces the level's: iterations alone means no time limit.
        config = dataclasses.replace(config, iterations=None, seconds=None)
    return dataclasses.replace(config, **changes), frozenset(changes)


def game_tuned(
    config: SearchConfig, strategy: Strategy[Any] | None, fixed: frozenset[str]
) -> SearchConfig:
    """``config`` with the game's own search settings (``Strategy.search_settings``, e.g.
    ``{"cutoff": 8}``, and over them its ``level_settings`` for ``config.level``) for every
    field not in ``fixed``; budgets never change.
    """
    settings: dict[str, float] = {}
    if strategy is not None:
        settings.update(strategy.search_settings)
        settings.update(strategy.level_settings.get(config.level, {}))
    changes = {}
    for key, value in settings.items():
        if key in _SETTINGS and key not in _BUDGET:
            field, parse, what = _SETTINGS[key]
            if field not in fixed:
                try:
                    # Compiled, a whole number in a dict[str, float] is a float: "5.0" is 5.
                    changes[field] = parse(str(value).removesuffix(".0"))
                except ValueError:
                    raise ValueError(
                        f"search setting {key} must be {what}, not {value!r}"
                    ) from None
    return dataclasses.replace(config, **changes)


def from_spec(params: str, seed: int) -> ISMCTSBot:
    """The bot for ``ismcts:<params>`` (what ``monastic.bots.make`` calls)."""
    config, fixed = spec_settings(params)
    name = f"ismcts:{params.strip()}" if params.strip() else "ismcts:medium"
    return ISMCTSBot(seed, config, name=name, fixed=fixed)


class ISMCTSBot:
    """Searches worlds sampled from its seat's information; never reads hidden truth.

    ``last_iterations`` and ``last_seconds`` tell how much the last search did. With
    ``fixed`` given, the game's own ``search_settings`` refine every other field of
    ``config``; without it, ``config`` is used as it is.
    """

    def __init__(
        self,
        seed: int = 0,
        config: SearchConfig | None = None,
        *,
        name: str = "ismcts",
        strategy: Strategy[Any] | None = None,
        fixed: frozenset[str] | None = None,
    ) -> None:
        self.name = name
        self.config = config if config is not None else LEVELS["medium"]
        self.rng = Rng(seed)
        self.last_iterations = 0
        self.last_seconds = 0.0
        self._strategy = strategy
        self._fixed = fixed
        self._searches: dict[str, Search] = {}

    def choose(self, state: State, seat: int) -> Action:
        """The most visited action for ``seat`` (one of ``state.legal_actions(seat)``)."""
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        rng = self.rng.spawn()
        if len(legal) > 1:
            # Only the game's candidates (no dominated choice) may be chosen.
            legal = self._search(state).candidates(state, seat, legal)
        if len(legal) == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return legal[0]
        roots = self._roots(state, seat, rng)
        stats = _root_stats(roots, seat, legal)
        chosen = [root.chosen for root in roots if root.chosen is not None]
        if chosen:  # the searches decided themselves (halving): the most trees' choice
            votes = {action: chosen.count(action) for action in chosen}
            return max(stats, key=lambda s: (votes.get(s[0], 0), s[1], s[2]))[0]
        return max(stats, key=lambda s: (s[1], s[2]))[0]

    def analyse(self, state: State, seat: int) -> list[tuple[Action, float, float]]:
        """Every legal action with its visit share and mean reward, most visited first.

        The root considers every legal action, dominated ones too, so an analysis can judge
        any choice; ``choose`` considers only the game's candidates."""
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        rng = self.rng.spawn()
        stats = _root_stats(self._roots(state, seat, rng, narrow_root=False), seat, legal)
        return sorted(stats, key=lambda s: (-s[1], -s[2]))

    def _roots(self, state: State, seat: int, rng: Rng, narrow_root: bool = True) -> list[Node]:
        """The roots of the ``trees`` searches for ``seat``, one after the other."""
        search = self._search(state)
        trees = search.config.trees
        roots = []
        self.last_iterations, self.last_seconds = 0, 0.0
        for _ in range(trees):
            root, iterations, seconds = search.run(state, seat, rng, narrow_root, trees)
            roots.append(root)
            self.last_iterations += iterations
            self.last_seconds += seconds
        return roots

    def _search(self, state: State) -> Search:
        game_id = state.game.id
        search = self._searches.get(game_id)
        if search is None:
            strategy = self._strategy if self._strategy is not None else state.game.strategy()
            config = self.config
            if self._fixed is not None:
                config = game_tuned(config, strategy, self._fixed)
            search = self._searches[game_id] = Search(config, strategy)
        return search


def _root_stats(
    roots: list[Node], seat: int, legal: list[Action]
) -> list[tuple[Action, float, float]]:
    """Each legal action's visit share and mean reward for ``seat``, over every tree."""
    visits: dict[Action, int] = {}
    rewards: dict[Action, float] = {}
    for root in roots:
        for action, edge in root.table(seat).items():
            visits[action] = visits.get(action, 0) + edge.n
            rewards[action] = rewards.get(action, 0.0) + edge.w
    total = sum(visits.values()) or 1
    stats = []
    for action in legal:
        n = visits.get(action, 0)
        stats.append((action, n / total, rewards[action] / n) if n else (action, 0.0, 0.0))
    return stats
