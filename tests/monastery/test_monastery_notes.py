"""Monastery's choice notes: every price is what the purchase takes from the budget, split
into points and blessings; ``end`` converts as its note says; a move costs what it says."""

from __future__ import annotations

import re
from typing import Any

from monastic.games.monastery.actions import BuyLetter, BuyMonk, End, Move
from monastic.games.monastery.notes import conversion_text
from monastic.games.monastery.rules import scoring
from monastic.games.monastery.state import LARGE_LETTER
from notes_helpers import decisions


def test_conversion_table_from_the_data() -> None:
    assert conversion_text() == "1-4: 1, 5-9: 2, 10-14: 3, 15+: 4"


def test_prices_moves_and_the_end_of_a_scoring_are_as_the_notes_say() -> None:
    checked = {"buy": 0, "end": 0, "move": 0}
    for seed in (1, 2):
        for state, seat in decisions("monastery", seed, 3):
            notes = state.choice_notes(seat)
            for action in state.legal_actions(seat):
                note = notes.get(str(action))
                trial: Any = state.clone()
                points, held = trial.scoring_points, trial.blessings[seat]
                mp = trial.movement_points
                if isinstance(action, BuyLetter | BuyMonk):
                    assert note is not None
                    cost = int(re.match(r"costs (\d+)", note).group(1))  # type: ignore[union-attr]
                    from_points = re.search(r"(\d+) points?", note.split(":")[1])
                    from_blessings = re.search(r"(\d+) of your", note)
                    scoring.apply(trial, seat, action, [])  # this purchase alone
                    spent_points = points - trial.scoring_points
                    assert spent_points == (int(from_points.group(1)) if from_points else 0), note
                    spent = spent_points + held - trial.blessings[seat]
                    if isinstance(action, BuyLetter) and "+1 blessing" in note:
                        spent += 1  # the blessing a letter on another track gives
                    assert spent == cost, (note, spent)
                    assert (cost - spent_points) == (
                        int(from_blessings.group(1)) if from_blessings else 0
                    )
                    checked["buy"] += 1
                elif isinstance(action, End) and state.decision(seat).kind == "scoring":
                    assert note is not None
                    want = int(re.search(r"become[s]? (\d+) blessing", note).group(1))  # type: ignore[union-attr]
                    assert note.startswith(f"{points} point")
                    if sum(trial.blessings) + sum(trial.tile_blessings) + want <= 20:
                        scoring.finish(trial, seat, [])  # the conversion alone
                        assert trial.blessings[seat] - held == want, note
                        checked["end"] += 1
                elif isinstance(action, Move):
                    assert note == f"{action.cost} of {mp} MP, {mp - action.cost} left"
                    checked["move"] += 1
    assert min(checked.values()) > 5, checked


def test_a_letter_that_fills_your_track_says_the_reduced_price_follows() -> None:
    for state, seat in decisions("monastery", 3, 2):
        st: Any = state
        own = st.seat_colour[seat]
        buys = [a for a in state.legal_actions(seat) if isinstance(a, BuyLetter)]
        mine = [a for a in buys if a.colour == own]
        if not mine:
            continue
        almost = state.clone()
        track = almost.tracks[own]  # type: ignore[attr-defined]
        for space in range(len(track)):
            if space != mine[0].space:
                track[space] = LARGE_LETTER
        notes = almost.choice_notes(seat)
        assert "fills your track: reduced prices" in notes[str(mine[0])]
        assert not any("fills" in notes.get(str(a), "") for a in buys if a.colour != own)
        assert "fills" not in state.choice_notes(seat)[str(mine[0])]
        return
    raise AssertionError("no purchase of a letter for one's own track")


def test_phase_words_count_points_and_refusals_name_the_colour() -> None:
    import monastic
    from monastic.games.monastery.words import scoring_text

    assert scoring_text(1, "symbols", False) == "1 point · symbols or prayer"
    assert scoring_text(3, "buy", True) == "3 points · buying · prayed"
    state = monastic.load_game("monastery").new_game(2, 1)
    seat = state.to_act()[0]
    try:
        state.apply(seat, "purchase")
    except monastic.IllegalAction as refusal:
        colour = state.view(seat)["players"][seat]["colour"]
        assert f"not legal for {colour.capitalize()} in a step" in str(refusal)
    else:
        raise AssertionError("a purchase in a step was accepted")
