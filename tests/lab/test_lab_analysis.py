"""Post-game analysis: a known blunder is marked, and the analysis repeats exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monastic import bots
from monastic.cli.main import main
from monastic.engine import Match, State, load_game
from monastic.lab.analysis import analyse_decision, analyse_record, analysis_spec, mark_for

SPEC = "ismcts:iterations=300"


def _lowest(state: State) -> list[int]:
    """Each seat's lowest suit score (its final score), from the public view."""
    return [int(player["lowest"]) for player in state.view(None)["players"]]


def _weakest_suit_combo(state: State, seat: int) -> str | None:
    """A legal combo that lifts the seat's lowest suit above the rival's score, if any."""
    lowest = _lowest(state)
    if lowest[seat] > lowest[1 - seat]:
        return None
    for text in state.legal_texts(seat):
        if text.startswith("combo"):
            after = state.clone()
            after.apply(seat, text)
            if _lowest(after)[seat] > lowest[1 - seat]:
                return text
    return None


def _game_with_a_thrown_away_declaration() -> tuple[Match, int, int]:
    """A two-turn card game of greedy bots in which one seat ends its last declarations
    with ``done`` while a combo in its weakest suit would have won: (match, ply, seat)."""
    for seed in range(40):
        match = Match.new("medieval-monastery", 2, seed, {"turns": 2})
        players = [bots.make("greedy", seed=seed * 7 + s) for s in range(2)]
        blunder: tuple[int, int] | None = None
        state = match.state
        while not state.is_over():
            seat = state.to_act()[0]
            if (
                blunder is None
                and state.view(seat)["turn"] == 2
                and "done" in state.legal_texts(seat)
                and _weakest_suit_combo(state, seat) is not None
            ):
                blunder = (len(match.record.moves), seat)
                match.apply(seat, "done")
                continue
            match.apply(seat, players[seat].choose(state, seat))
        if blunder is not None:
            return match, *blunder
    raise AssertionError("no game offered the blunder")


def test_marks_follow_the_documented_thresholds() -> None:
    assert [mark_for(x) for x in (None, 0.0, 0.049, 0.05, 0.1, 0.199, 0.2, 0.9)] == [
        None,
        None,
        None,
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_levels_become_iteration_budgets() -> None:
    assert analysis_spec("ismcts:hard") == "ismcts:hard,iterations=3000"
    assert analysis_spec("ismcts") == "ismcts:iterations=1000"
    assert analysis_spec("ismcts:iterations=50,cutoff=4") == "ismcts:iterations=50,cutoff=4"
    with pytest.raises(ValueError, match="time budget"):
        analysis_spec("ismcts:time=0.1")
    with pytest.raises(ValueError, match="search bot"):
        analysis_spec("greedy")


def test_throwing_away_the_weakest_suit_is_a_blunder(tmp_path: Path) -> None:
    match, ply, seat = _game_with_a_thrown_away_declaration()
    analysis = analyse_record(match.record, [seat], SPEC, seed=3)
    decision = next(d for d in analysis.decisions if d.ply == ply)
    assert decision.played == "done"
    assert decision.mark == "blunder", decision
    assert decision.best.startswith("combo")
    assert decision.view["viewer"] == seat  # judged from the seat's own view
    assert all(d.seat == seat for d in analysis.decisions)
    # The same seed and budget give the same analysis, whichever seats are analysed.
    again = analyse_record(match.record, None, SPEC, seed=3)
    assert [d for d in again.decisions if d.seat == seat] == analysis.decisions


def test_the_best_move_loses_nothing() -> None:
    game = load_game("medieval-monastery")
    state = game.new_game(2, 5, {"turns": 1})
    seat = state.to_act()[0]
    first = analyse_decision(state, seat, state.legal_texts(seat)[0], SPEC, seed=1)
    best = analyse_decision(state, seat, first.best, SPEC, seed=1)
    assert best.loss == 0.0 and best.mark is None
    assert best.candidates == first.candidates
    assert {c.action for c in first.candidates} == set(state.legal_texts(seat))


def test_analyse_command_writes_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match, ply, seat = _game_with_a_thrown_away_declaration()
    save = tmp_path / "game.json"
    save.write_text(json.dumps(match.to_dict()))
    out = tmp_path / "report.html"
    argv = ["analyse", str(save), "--seat", str(seat), "--bot", SPEC, "--out", str(out)]
    assert main([*argv, "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "blunder" in printed and "accuracy" in printed
    page = out.read_text()
    assert f"id='move-{ply + 1}'" in page and f"href='#move-{ply + 1}'" in page
    assert "data:image/png;base64," in page
    assert "Your hand" in page  # positions are drawn as the terminal game draws them
    assert main(["analyse", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["analyse", str(save), "--seat", "5", "--quiet"]) == 2
    assert "there is no seat 5" in capsys.readouterr().err
