"""The card game's choice notes: each combo's note gives the points it really scores per
suit; each discard's note names the best combo the hand keeps."""

from __future__ import annotations

from typing import Any

from monastic.games.medieval_monastery.actions import Combo, Discard
from monastic.games.medieval_monastery.catalogue import card_mask
from monastic.games.medieval_monastery.notes import combo_name, points_text
from monastic.games.medieval_monastery.rules.combo_listing import combo_pairs
from monastic.games.medieval_monastery.rules.combos import combo_points
from notes_helpers import decisions


def test_points_text_groups_equal_points() -> None:
    assert points_text([9, 0, 0, 0, 0, 0, 0, 0]) == "+9 P"
    assert points_text([3, 3, 0, 0, 0, 0, 0, 3]) == "+3 P W M"
    assert points_text([8] * 8) == "+8 every suit"


def test_combo_notes_are_the_points_the_combo_scores() -> None:
    checked = 0
    for seed in (1, 2, 3):
        for state, seat in decisions("medieval-monastery", seed, 3):
            notes = state.choice_notes(seat)
            for action in state.legal_actions(seat):
                if not isinstance(action, Combo):
                    continue
                note = notes[str(action)]
                if note == "wins the game at once":
                    continue
                trial: Any = state.clone()
                before = list(trial.suit_scores[seat])
                trial.apply_unchecked(seat, action)
                gained = [a - b for a, b in zip(trial.suit_scores[seat], before, strict=True)]
                assert note.split(";")[0] == points_text(gained), (str(action), note)
                if min(trial.suit_scores[seat]) > min(before):
                    assert f"lowest {min(before)}→{min(trial.suit_scores[seat])}" in note
                checked += 1
    assert checked > 50


def test_discard_notes_name_the_best_combo_left() -> None:
    checked = 0
    for state, seat in decisions("medieval-monastery", 4, 3):
        notes = state.choice_notes(seat)
        for action in state.legal_actions(seat):
            if not isinstance(action, Discard):
                continue
            rest = [c for c in state.hands[seat] if c not in action.cards]  # type: ignore[attr-defined]
            combos = [combo for combo, _ in combo_pairs(card_mask(rest))]
            note = notes[str(action)]
            if not combos:
                assert note.startswith("keeps no combo")
                continue
            best = max(sum(combo_points(c.kind, c.cards)) for c in combos)
            fitting = [
                f"keeps {combo_name(c)} {points_text(combo_points(c.kind, c.cards))}"
                for c in combos
                if sum(combo_points(c.kind, c.cards)) == best
            ]
            assert note.split(";")[0] in fitting
            all_combos = [c for c, _ in combo_pairs(card_mask(state.hands[seat]))]  # type: ignore[attr-defined]
            dead = not any(set(c.cards) & set(action.cards) for c in all_combos)
            assert note.endswith("; loses none") == dead
            checked += 1
    assert checked > 20
