"""Monastery as an engine ``Game``: options, new games, parsing, loading, and the state class
that binds the plain data of ``state`` to the rules of ``rules/``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from monastic.engine import Decision, Event, Game, GameInfo, OptionSpec, Result, Rng
from monastic.games.monastery import notes, view, words
from monastic.games.monastery.actions import check_action, parse_action
from monastic.games.monastery.rules import end, hidden, legal, rounds, setup
from monastic.games.monastery.state import StateData, upgrade_from_version_1

__all__ = ["MonasteryGame", "MonasteryState"]


class MonasteryState(StateData):
    """One game of Monastery in progress."""

    __slots__ = ()

    @property
    def players(self) -> int:
        return self.n

    def to_act(self) -> list[int]:
        seat = legal.acting_seat(self)  # ``legal.to_act``, one call fewer
        return [] if seat < 0 else [seat]

    def legal_actions(self, seat: int) -> list[Any]:
        return legal.legal_actions(self, seat)

    def is_legal(self, seat: int, action: Any) -> bool:
        check_action(action)  # an action built by hand: ActionSyntaxError if malformed
        # [fingerprint, the set of legal actions]: checking several actions at one decision
        # (a person's tries, a protocol's) lists them once. Only checked play pays for it:
        # random play and search never ask.
        fingerprint = self._fingerprint(seat)
        cached = self._legal_cache
        if cached is None or cached[0] != fingerprint:
            cached = self._legal_cache = [fingerprint, frozenset(self.legal_actions(seat))]
        return action in cached[1]

    def _fingerprint(self, seat: int) -> tuple[Any, ...]:
        """Cheap identity of the decision point (guards the legal-action cache)."""
        return (
            seat,
            self.decisions,
            self.phase,
            self.turn,
            self.round,
            self.movement_points,
            self.laid_this_step,
            self.encouraging,
            self.scoring_points,
            self.scoring_stage,
            len(self.pending),
            len(self.laid_order),
            tuple(self.monk_location),
            tuple(self.blessings),
            len(self.bag),
        )

    def apply_unchecked(self, seat: int, action: Any) -> list[Event]:
        events: list[Event] = []
        rounds.apply(self, seat, action, events)
        return events

    def apply_quiet(self, seat: int, action: Any) -> None:
        rounds.apply(self, seat, action, None)  # search and random play read no events

    def why_illegal(self, seat: int, action: Any) -> str:
        return legal.why_illegal(self, seat, action)

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
        return bool(self.over)

    def result(self) -> Result:
        return end.result(self)

    def determinize(self, seat: int, rng: random.Random | Rng | int) -> MonasteryState:
        return hidden.determinize(self, seat, rng)


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
    #: Version 2 spelled out the field names of version 1 (``state.RENAMED_IN_VERSION_2``).
    state_version: ClassVar[int] = 2
    upgrades: ClassVar[Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]] = MappingProxyType(
        {1: upgrade_from_version_1}
    )

    def _new(self, players: int, seed: int, options: Mapping[str, Any]) -> MonasteryState:
        st = MonasteryState.__new__(MonasteryState)
        setup.set_up(st, players, seed, options)
        return st

    def describe(self, event: Mapping[str, Any], viewer: int | None) -> str:
        return words.describe(event, viewer)

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def _from_dict(self, data: Mapping[str, Any]) -> MonasteryState:
        """Each field's type, range and length (the schema), then what spans fields (every
        tile, monk and letter once, boxes and monks agreeing), then a decision to take:
        ``BadSaveFile`` naming the field otherwise."""
        # Only a load needs the validation library: imported here, a new game never waits.
        from monastic.engine.validation import check_playable
        from monastic.games.monastery.consistency import check_consistency
        from monastic.games.monastery.schema import checked_fields

        st = MonasteryState.from_dict(checked_fields(data))
        check_consistency(st)
        check_playable(st)
        return st
