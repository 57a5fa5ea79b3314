"""Monasterium as an engine ``Game``: the state class that binds the data to the rules,
setup, parsing, saving and loading."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from monastic.engine import Decision, Event, Game, GameInfo, Result, Rng, as_rng
from monastic.games.monasterium import notes, view, words
from monastic.games.monasterium.actions import Action, parse_action
from monastic.games.monasterium.rules import flow, legal, scoring
from monastic.games.monasterium.rules.setup import set_up
from monastic.games.monasterium.state import PHASE_OVER, StateData, upgrade_from_version_1

__all__ = ["MonasteriumGame", "MonasteriumState"]


class MonasteriumState(StateData):
    """A game of Monasterium in progress."""

    __slots__ = ()

    @property
    def players(self) -> int:
        return self.n

    def to_act(self) -> list[int]:
        return legal.to_act(self)

    def legal_actions(self, seat: int) -> list[Any]:
        return legal.legal_actions(self, seat)

    def is_legal(self, seat: int, action: Any) -> bool:
        return legal.is_legal(self, seat, action)

    def why_illegal(self, seat: int, action: Any) -> str:
        return legal.why_illegal(self, seat, action)

    def apply_unchecked(self, seat: int, action: Any) -> list[Event]:
        return flow.apply_action(self, seat, action)

    def apply_quiet(self, seat: int, action: Any) -> None:
        # The events are cheap named tuples: building them costs less than a second path,
        # so the quiet apply is the same function (its list of events is dropped).
        flow.apply_action(self, seat, action)

    # The view's parts (``State.view`` puts them together).
    def current_phase(self) -> str:
        return view.current_phase(self)

    def phase_text(self) -> str:
        return view.phase_text(self)

    def decision(self, seat: int) -> Decision:
        return view.decision(self, seat)

    def public_players(self) -> list[dict[str, Any]]:
        return view.public_players(self)

    def view_details(self, seat: int | None) -> dict[str, Any]:
        return view.view_details(self, seat)

    def choice_notes(self, seat: int) -> dict[str, str]:
        return notes.choice_notes(self, seat)

    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    def result(self) -> Result:
        return scoring.result(self)

    def clone(self) -> MonasteriumState:
        c = MonasteriumState.__new__(MonasteriumState)
        self.copy_into(c)
        return c

    def determinize(self, seat: int, rng: random.Random | Rng | int) -> MonasteriumState:
        """Nothing is hidden in Monasterium but the future rolls: reseed the generator."""
        c = self.clone()
        c.rng = as_rng(rng)
        return c


class MonasteriumGame(Game):
    """Monasterium: dice drafting, novices, a messenger road, windows and missions."""

    id: ClassVar[str] = "monasterium"
    title: ClassVar[str] = "Monasterium"
    info: ClassVar[GameInfo] = GameInfo(
        min_players=2,
        max_players=4,
        chance="sampled",
        information="perfect",
        simultaneous=False,
        max_decisions=5000,
    )
    default_players: ClassVar[int] = 3
    # Version 2 gave the state's fields names that explain themselves.
    state_version: ClassVar[int] = 2
    upgrades: ClassVar[Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]] = MappingProxyType(
        {1: upgrade_from_version_1}
    )

    def _new(self, players: int, seed: int, options: Mapping[str, Any]) -> MonasteriumState:
        s = MonasteriumState(players)
        set_up(s, seed)
        return s

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def describe(self, event: Mapping[str, Any], viewer: int | None) -> str:
        return words.describe(event, viewer)

    def _from_dict(self, data: Mapping[str, Any]) -> MonasteriumState:
        """Each field's type, range and length (the schema), then what spans fields
        (conservation, the board's counts), then a decision to take: ``BadSaveFile``
        naming the field otherwise."""
        # Only a load needs the validation library: imported here, a new game never waits.
        from monastic.engine.validation import check_playable
        from monastic.games.monasterium.rules.consistency import check_consistency
        from monastic.games.monasterium.schema import checked_fields

        s = MonasteriumState.from_dict(checked_fields(data), fresh=True)
        check_consistency(s)
        check_playable(s)
        return s
