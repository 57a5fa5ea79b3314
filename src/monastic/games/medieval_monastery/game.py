"""Medieval Monastery as an engine ``Game``: the state class that binds the plain data to the
rules, and the game that makes, parses and loads its states. The package makes the one
``GAME`` and hands it the strategy (``__init__``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from monastic.engine import (
    BadOption,
    Decision,
    Event,
    Game,
    GameInfo,
    OptionSpec,
    Result,
    Rng,
    as_rng,
)
from monastic.games.medieval_monastery import notes, view, words
from monastic.games.medieval_monastery.actions import MedievalMonasteryAction, parse_action
from monastic.games.medieval_monastery.catalogue import TABLE
from monastic.games.medieval_monastery.rules import legal, sampling, setup
from monastic.games.medieval_monastery.rules.apply import apply_action
from monastic.games.medieval_monastery.rules.scoring import final_result
from monastic.games.medieval_monastery.state import (
    DEFAULT_TURNS,
    MAX_TURNS,
    OVER,
    StateData,
    upgrade_version_1,
)

__all__ = ["MedievalMonasteryGame", "MedievalMonasteryState"]


class MedievalMonasteryState(StateData):
    """A game of Medieval Monastery in progress."""

    __slots__ = ()

    def to_act(self) -> list[int]:
        return legal.to_act(self)

    def legal_actions(self, seat: int) -> list[MedievalMonasteryAction]:  # type: ignore[override]
        return legal.legal_actions(self, seat)

    def choice_notes(self, seat: int) -> dict[str, str]:
        return notes.choice_notes(self, seat)

    def is_legal(self, seat: int, action: object) -> bool:
        return legal.is_legal(self, seat, action)

    def why_illegal(self, seat: int, action: object) -> str:
        return legal.why_illegal(self, seat, action) or f"{action} is legal"

    def apply_unchecked(self, seat: int, action: object) -> list[Event]:
        ev: list[Event] = []
        apply_action(self, seat, action, ev)
        return ev

    def apply_quiet(self, seat: int, action: object) -> None:
        apply_action(self, seat, action, None)  # a search's every step

    # The view's parts (``view``) ---------------------------------------------------------

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

    def is_over(self) -> bool:
        return self.step == OVER

    def result(self) -> Result:
        if self.step != OVER:
            raise ValueError("the game is not over")
        return final_result(self)

    def clone(self) -> MedievalMonasteryState:
        other = MedievalMonasteryState.__new__(MedievalMonasteryState)
        self.copy_into(other)
        return other

    def determinize(self, seat: int, rng: random.Random | Rng | int) -> MedievalMonasteryState:
        """Resample the deck order, others' hands (keeping what ``seat`` knows) and choices."""
        r = as_rng(rng)
        world = self.clone()
        world.rng = r.spawn()
        sampling.resample_hidden(world, self, seat, r)
        return world


class MedievalMonasteryGame(Game):
    """The card game of actions and combos, scored by the weakest suit."""

    id: ClassVar[str] = "medieval-monastery"
    title: ClassVar[str] = "Medieval Monastery"
    info: ClassVar[GameInfo] = GameInfo(
        min_players=TABLE.min_players,
        max_players=TABLE.max_players,
        chance="sampled",
        information="imperfect",
        simultaneous=True,
        max_decisions=MAX_TURNS * TABLE.max_players * 40,
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("turns", DEFAULT_TURNS, "number of turns", minimum=1, maximum=MAX_TURNS),
        OptionSpec(
            "first_abbot",
            0,
            "seat of the first Abbot; -1 draws it with the seed",
            minimum=setup.RANDOM_ABBOT,
            maximum=TABLE.max_players - 1,
        ),
    )
    default_players: ClassVar[int] = 4
    # Version 2 gave the saved fields names that explain themselves.
    state_version: ClassVar[int] = 2
    upgrades: ClassVar[Mapping[int, Any]] = {1: upgrade_version_1}

    def _new(self, players: int, seed: int, options: Mapping[str, Any]) -> MedievalMonasteryState:
        if options["first_abbot"] >= players:
            raise BadOption(
                f"option 'first_abbot' must be below {players}, not {options['first_abbot']}"
            )
        s = MedievalMonasteryState.__new__(MedievalMonasteryState)
        setup.start(s, players, seed, options)
        return s

    def describe(self, event: Mapping[str, Any], viewer: int | None) -> str:
        return words.describe(event, viewer)

    def parse_action(self, text: str) -> MedievalMonasteryAction:
        return parse_action(text)

    def _from_dict(self, data: Mapping[str, Any]) -> MedievalMonasteryState:
        """Each field's type, range and length (the schema), then what spans fields (every
        card once, known cards in their hands, the decision waited for), then a decision to
        take: ``BadSaveFile`` naming the field otherwise."""
        # Only a load needs the validation library: imported here, a new game never waits.
        from monastic.engine.validation import check_playable
        from monastic.games.medieval_monastery.rules.consistency import check_consistency
        from monastic.games.medieval_monastery.schema import checked_fields

        s = MedievalMonasteryState.from_dict(checked_fields(data))
        check_consistency(s)
        check_playable(s)
        return s
