"""Choice notes of every game: only for legal texts, in a player's words, and the same in
every world the seat cannot tell from the true one (they tell nothing hidden)."""

from __future__ import annotations

import re

import pytest

from monastic.engine import Rng
from notes_helpers import decisions

GAMES = ["monastery", "monasterium", "medieval-monastery"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 21])
def test_notes_are_for_legal_choices_and_tell_nothing_hidden(game: str, seed: int) -> None:
    noted = 0
    sampler = Rng(5)
    for state, seat in decisions(game, seed, 3):
        notes = state.choice_notes(seat)
        assert set(notes) <= set(state.legal_texts(seat))
        assert state.view(seat)["decision"]["notes"] == notes
        for text in notes.values():
            assert text and len(text) < 120, text
            assert not re.search(r"[a-z]+_[a-z]+|\{|=", text), text  # no machine names
        noted += bool(notes)
        if notes:  # a world the seat cannot tell from this one gives the same notes
            world = state.determinize(seat, sampler.next64())
            assert world.choice_notes(seat) == notes
        for other in range(state.players):
            if other not in state.to_act():
                assert state.choice_notes(other) == {}
    assert noted > 10
