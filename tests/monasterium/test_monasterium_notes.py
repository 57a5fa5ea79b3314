"""Monasterium's choice notes: what a choice does at once to the seat's goods and points,
as applying it shows; a choice that rolls dice has no note."""

from __future__ import annotations

from typing import Any

from monastic.games.monasterium.notes import effect_text
from notes_helpers import decisions


def test_effect_text_in_words() -> None:
    before = {"vp": 2, "goods": {"tool": 2, "soup": 1}, "messenger": 1}
    after = {"vp": 5, "goods": {"tool": 0, "soup": 2}, "messenger": 2}
    assert effect_text(before, after) == "costs 2 tool, +1 soup, +3 VP, messenger +1"
    assert effect_text(before, before) == ""


def test_notes_are_what_applying_the_choice_does() -> None:
    noted = 0
    for seed in (1, 2):
        for state, seat in decisions("monasterium", seed, 3):
            notes = state.choice_notes(seat)
            before = state.public_players()[seat]
            for action in state.legal_actions(seat):
                trial: Any = state.clone()
                rolled = trial.rng.state
                trial.apply_unchecked(seat, action)
                if trial.rng.state != rolled:
                    assert str(action) not in notes
                    continue
                effect = effect_text(before, trial.public_players()[seat])
                assert notes.get(str(action), "") == effect
                noted += bool(effect)
    assert noted > 50
