"""Line mode's commands and aids, driven through PlaySession with typed lines: forgiving
text, undo, turn, rules, standings, forced moves with --no-auto and the log after resume."""

from __future__ import annotations

import builtins
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from monastic.cli.play import PlaySession
from monastic.cli.seats import Seating
from monastic.engine import Match

Answer = Callable[[PlaySession, int], str]


def run_session(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    game: str,
    answer: Answer,
    *,
    auto: bool = True,
    match: Match | None = None,
) -> tuple[PlaySession, str]:
    seating = Seating.build(2, 1, ["random"], 3)
    match = match or Match.new(game, 2, 3, names=seating.names)
    out = io.StringIO()
    play = PlaySession(
        match,
        seating,
        Console(file=out, width=120),
        tmp_path / "g.json",
        auto_forced=auto,
        show_turn=True,
    )

    def fake_input(prompt: str = "") -> str:
        return answer(play, int(prompt.split()[1].rstrip(">")))

    monkeypatch.setattr(builtins, "input", fake_input)
    assert play.run() == 0
    return play, out.getvalue()


def test_commands_and_loose_text_in_monastery(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    script = iter(["turn", "standings", "undo", "rules"])
    undone: list[str] = []

    def answer(play: PlaySession, seat: int) -> str:
        step = next(script, None)
        if step is not None:
            return step
        session = play.session
        if session.undo_count(seat) and not undone:
            undone.append(session.record.moves[-1][1])
            return "undo"
        if len(session.record.moves) > 60:
            return "quit"
        text = session.legal_texts(seat)[-1]
        # A move without its cost when only one cost fits; otherwise any case.
        bare = text.rsplit(" ", 1)[0]
        fits = [t for t in session.legal_texts(seat) if t.startswith(bare)]
        return bare if text.startswith("move ") and len(fits) == 1 else text.upper()

    _, out = run_session(monkeypatch, tmp_path, "monastery", answer)
    assert "How a turn works" in out.split("Seat 0")[0]  # before the first decision
    assert "Testament so far" in out and "for 0 letters" in out
    assert "nothing to take back: you have not decided anything yet" in out
    assert "Setting up" in out  # the rulebook, printed (no pager)
    assert undone and f"Took back: {undone[0]}" in out
    assert " read as " in out


def test_no_auto_asks_single_choices_and_auto_plays_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    singles = {"asked": 0}

    def answer(play: PlaySession, seat: int) -> str:
        legal = play.session.legal_texts(seat)
        singles["asked"] += len(legal) == 1
        return "quit" if len(play.session.record.moves) > 150 else "1"

    _, out = run_session(monkeypatch, tmp_path, "monasterium", answer, auto=False)
    assert singles["asked"] > 0 and "was played for you" not in out
    singles["asked"] = 0
    _, out = run_session(monkeypatch, tmp_path, "monasterium", answer)
    assert singles["asked"] == 0 and "was played for you" in out


def test_a_resumed_game_has_its_whole_log(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def answer(play: PlaySession, seat: int) -> str:
        return "quit" if len(play.session.record.moves) > 40 else "1"

    first, _ = run_session(monkeypatch, tmp_path, "medieval-monastery", answer)
    log = first.session.log(0)
    assert len(log) > 20
    match = Match.from_dict(json.loads((tmp_path / "g.json").read_text()))
    lines: list[str] = []

    def look(play: PlaySession, seat: int) -> str:
        if not lines:
            lines.extend(play.session.log(seat))
            return "log"
        return "quit"

    _, out = run_session(monkeypatch, tmp_path, "medieval-monastery", look, match=match)
    assert lines == log
    assert log[0] in out and "Nothing has happened yet" not in out
