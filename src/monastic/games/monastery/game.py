"""The Monastery game object: options, new games, action parsing, loading."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from monastic.engine import Game, GameInfo, OptionSpec, Strategy
from monastic.games.monastery.actions import parse_action
from monastic.games.monastery.state import MonasteryState

__all__ = ["GAME", "MonasteryGame"]


class MonasteryGame(Game):
    """The game object: options, new games, action parsing, loading."""

    id: ClassVar[str] = "monastery"
    title: ClassVar[str] = "Monastery"
    info: ClassVar[GameInfo] = GameInfo(
        min_players=2,
        max_players=4,
        chance="sampled",
        information="imperfect",
        simultaneous=False,
        max_decisions=20000,
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "variant",
            "standard",
            "standard, team (4 players, M-60) or simple (M-61)",
            choices=("standard", "team", "simple"),
        ),
        OptionSpec("vow_of_silence", False, "table chat only in prayer hours (M-62)"),
        OptionSpec("start_hand", False, "draw 6 and return 3 at the first Matins (M-63)"),
        OptionSpec("random_colours", True, "colours drawn at random (M-1); off: Red, Blue, ..."),
    )
    default_players: ClassVar[int] = 4

    def _new(self, players: int, seed: int, options: Mapping[str, Any]) -> MonasteryState:
        from monastic.games.monastery.flow import new_state

        return new_state(players, seed, options)

    def strategy(self) -> Strategy[Any]:
        # The strategy reads the rules, so it is imported when a bot first asks.
        from monastic.games.monastery.strategy import STRATEGY

        return STRATEGY

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def _from_dict(self, data: Mapping[str, Any]) -> MonasteryState:
        return MonasteryState.from_dict(data)


GAME = MonasteryGame()
MonasteryState.game = GAME
