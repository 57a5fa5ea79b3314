"""``monastic engine --stdio``: a whole session in one process, one JSON answer per line."""

from __future__ import annotations

import io
import json
import os
import pathlib
import subprocess
import sys

import pytest

from monastic.cli.engine_stdio import MAX_LINE, EngineSession, serve_stdio

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = [
    ("medieval-monastery", 3, ["turns=1"]),
    ("monastery", 2, []),
    ("monasterium", 2, []),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_the_example_client_plays_a_whole_game(game: str, players: int, options: list[str]) -> None:
    command = [sys.executable, str(ROOT / "examples" / "engine_client.py"), game]
    command += ["--players", str(players), "--seed", "3"]
    for option in options:
        command += ["--option", option]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    summary = json.loads(done.stdout)
    assert summary["moves"] > 10
    assert len(summary["scores"]) == players and summary["winners"]


def session_lines(*lines: str) -> list[dict[str, object]]:
    out = io.StringIO()
    serve_stdio(io.StringIO("".join(line + "\n" for line in lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_bad_commands_get_an_error_and_change_nothing() -> None:
    session = EngineSession()
    assert session.answer("moves") == {
        "ok": False,
        "error": "no game yet: start one with 'new GAME' or 'load FILE'",
    }
    assert session.answer("new medieval-monastery players=2 seed=5 turns=1")["ok"]
    before = session.answer("record")
    for bad in (
        "",
        "fly away",
        'apply 0 "unclosed',
        "apply 9 play P3",
        "apply 1 play P3",
        "apply 0 play ZZ",
        "apply 0 " + "x" * 5000,
        "apply -1 play P3",
        "apply ٣ play P3",
        "new chess",
        "new medieval-monastery players=two",
        "new medieval-monastery seed=" + "9" * 100,
        "new medieval-monastery turns=-3",
        "view 7",
        "result",
        "load /nonexistent/save.json",
    ):
        answer = session.answer(bad)
        assert answer["ok"] is False and isinstance(answer["error"], str), bad
        assert len(answer["error"]) < 300, bad
        assert session.answer("record") == before, bad
    assert session.answer("apply 0 play P3")["ok"]


def test_one_answer_per_line_and_quit_ends_the_session() -> None:
    answers = session_lines("help", "x" * (MAX_LINE + 10), "to-act", "quit", "help")
    assert [a["ok"] for a in answers] == [True, False, False]
    assert "over" in str(answers[1]["error"])


def test_save_and_load_continue_the_same_game(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "g.json"
    first = session_lines(
        "new monasterium players=2 seed=4", "moves", f"save {path}", "view 0", "moves"
    )
    assert all(a["ok"] for a in first)
    again = session_lines(f"load {path}", "view 0", "moves")
    assert again[1]["view"] == first[3]["view"] and again[2] == first[4]


def test_a_closed_pipe_ends_the_command_quietly(tmp_path: pathlib.Path) -> None:
    """``monastic engine moves g.json | head -1``: no BrokenPipeError traceback."""
    path = tmp_path / "g.json"
    subprocess.run(
        [sys.executable, "-m", "monastic.cli", "engine", "new", "monastery", "-o", str(path)],
        check=True,
        capture_output=True,
    )
    gone, write_end = os.pipe()
    os.close(gone)  # the reader is gone before a line is written
    try:
        done = subprocess.run(
            [sys.executable, "-m", "monastic.cli", "engine", "moves", str(path)],
            stdout=write_end,
            capture_output=False,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 0
    assert done.stderr == b""
