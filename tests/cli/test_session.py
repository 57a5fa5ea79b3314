"""The shared session model: whole games, forgiving input, forced moves, undo, standings,
since-your-last-turn, and save/resume with the whole log, for every game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from monastic.cli.seats import Seating
from monastic.cli.session import NoUndo, Session
from monastic.engine import Match

GAMES = ["monastery", "monasterium", "medieval-monastery"]


def new_session(game: str, players: int = 3, seed: int = 1, **kwargs: bool) -> Session:
    seating = Seating.build(players, 1, ["random"], seed)
    match = Match.new(game, players, seed, names=seating.names)
    return Session(match, seating, **kwargs)


def play_out(session: Session, rng: random.Random, undo_rate: float = 0.0) -> dict[str, int]:
    """Play to the end: the person types random legal texts in capitals, sometimes takes a
    decision back, and each take-back must restore the exact state before the decision."""
    counts = {"undo": 0, "forced": 0}
    before: list[str] = []  # the state before each of the person's decisions
    while not session.is_over():
        seat = session.next_seat()
        assert seat is not None
        if session.is_bot(seat):
            session.play_bot(seat)
            continue
        if session.play_forced() is not None:
            counts["forced"] += 1
            continue
        if session.undo_count(seat) and rng.random() < undo_rate:
            session.undo(seat)
            assert session.state.to_json() == before.pop()
            assert len(session.record.moves) == len(session.moves)
            counts["undo"] += 1
            continue
        before.append(session.state.to_json())
        session.submit(seat, rng.choice(session.legal_texts(seat)).upper())
    return counts


@pytest.mark.parametrize("game", GAMES)
def test_whole_game_with_undo_and_forced_moves_then_resume_with_the_whole_log(
    game: str, tmp_path: Path
) -> None:
    session = new_session(game)
    counts = play_out(session, random.Random(3), undo_rate=0.4)
    assert counts["undo"] > 0 and counts["forced"] > 0, counts
    forced = [line for line in session.log(0) if "was played for you" in line]
    # (forced moves after a decision taken back went back with it)
    assert len(forced) == sum(move.by == "forced" for move in session.moves) > 0
    session.save(tmp_path / "g.json")
    resumed = Session.resume(tmp_path / "g.json")
    assert resumed.log(0) == session.log(0)
    assert resumed.record.moves == session.record.moves
    assert resumed.take_unseen(0) == []  # a resumed log counts as shown


@pytest.mark.parametrize("game", GAMES)
def test_no_auto_asks_even_a_single_choice(game: str) -> None:
    session = new_session(game, auto_forced=False)
    rng = random.Random(5)
    asked_single = 0
    while not session.is_over() and asked_single == 0:
        seat = session.next_seat()
        assert seat is not None
        if session.is_bot(seat):
            session.play_bot(seat)
            continue
        assert session.play_forced() is None
        asked_single += session.forced(seat) is not None
        session.submit(seat, rng.choice(session.legal_texts(seat)))
    assert asked_single


def test_a_bot_move_ends_the_take_back_window() -> None:
    session = new_session("medieval-monastery", players=2, seed=4)
    rng = random.Random(1)
    while True:
        seat = session.next_seat()
        assert seat is not None
        if session.is_bot(seat) and any(m.seat == 0 for m in session.moves):
            session.play_bot(seat)
            break
        if session.is_bot(seat):
            session.play_bot(seat)
        else:
            session.submit(seat, rng.choice(session.legal_texts(seat)))
    assert session.undo_count(0) == 0
    moves = list(session.record.moves)
    with pytest.raises(NoUndo, match="Seat 1 has played"):
        session.undo(0)
    assert session.record.moves == moves


@pytest.mark.parametrize("game", GAMES)
def test_since_last_turn_holds_only_the_rivals_lines_of_the_viewer(game: str) -> None:
    session = new_session(game, seed=2)
    rng = random.Random(2)
    checked = 0
    while not session.is_over() and checked < 20:
        seat = session.next_seat()
        assert seat is not None
        if session.is_bot(seat):
            session.play_bot(seat)
            continue
        rivals = session.since_last_turn(0)
        moves = session.moves_since_last_turn(0)
        assert all(move.seat != 0 for move in moves)
        assert [r.seat for r in rivals] == sorted({m.seat for m in moves})
        for rival in rivals:
            want = [
                line
                for m in moves
                if m.seat == rival.seat
                for line in m.lines[0]
                if not line.startswith(("You ", "Your "))
            ]
            assert list(rival.lines) == want
        checked += 1
        session.submit(seat, rng.choice(session.legal_texts(seat)))
    assert checked


@pytest.mark.parametrize("game", GAMES)
def test_the_viewers_standing_at_the_end_is_its_final_score(game: str) -> None:
    session = new_session(game, seed=6)
    play_out(session, random.Random(6))
    mine = session.standings(0)[0]
    assert mine.name == "you"
    assert mine.score == session.state.result().scores[0]
    assert len(session.standings(0)) == session.state.players


def test_unseen_lines_are_told_once() -> None:
    session = new_session("monasterium", seed=3)
    while session.next_seat() is not None and session.is_bot(session.next_seat() or 0):
        session.play_bot(session.next_seat() or 0)
    first = session.take_unseen(0)
    assert session.take_unseen(0) == []
    assert first == session.log(0)
