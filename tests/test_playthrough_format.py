"""The compact playthroughs agree move for move with the full-text ones they replaced.

Until commit ``385d90c`` the golden playthroughs stored every view, legal list and event in
full (20 MB). The compact files keep the same games: this test reads the old files from the
repository's history and checks, step by step, the seat to act, the action taken, the legal
actions (by the same digest) and the final scores, winners and ranks.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess

import pytest

from monastic.engine.playthrough import legal_digest, parse_playthrough

FULL_TEXT_COMMIT = "385d90c"
FOLDER = pathlib.Path(__file__).parent / "playthroughs"
ROOT = FOLDER.parent.parent
FILES = sorted(FOLDER.glob("*.txt"))


def _old_text(name: str) -> str:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs the repository's history (git) to read the full-text files")
    shown = subprocess.run(
        ["git", "show", f"{FULL_TEXT_COMMIT}:tests/playthroughs/{name}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if shown.returncode != 0:
        pytest.skip(f"commit {FULL_TEXT_COMMIT} is not in this clone's history")
    return shown.stdout


def _old_steps(text: str) -> tuple[list[tuple[list[int], int, str, str]], dict[str, object]]:
    """(to_act, seat, action, legal digest) per step, and the result, of a full-text file."""
    steps = []
    acting: list[int] = []
    legal: list[str] = []
    result: dict[str, object] = {}
    for line in text.splitlines():
        if line.startswith("to_act: "):
            acting, legal = json.loads(line[8:]), []
        elif line.startswith("legal "):
            legal.append(line)
        elif line.startswith("action: "):
            seat, _, action = line[8:].partition(" ")
            steps.append((acting, int(seat), action, legal_digest(legal)))
        elif line.startswith("result: {"):
            result = json.loads(line[8:])
    return steps, result


def _new_steps(text: str) -> list[tuple[list[int], int, str, str]]:
    steps = []
    for line in text.splitlines():
        if line[:1].isdigit():
            move, _, digests = line.partition(" | L ")
            _step, acting, rest = move.split(" ", 2)
            seat, _, action = rest.partition(" ")
            steps.append((json.loads(acting), int(seat), action, digests.partition(" | ")[0]))
    return steps


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_compact_playthrough_is_the_same_game_as_the_full_text_one(path: pathlib.Path) -> None:
    old, old_result = _old_steps(_old_text(path.name))
    new_text = path.read_text()
    new = _new_steps(new_text)
    assert len(new) == len(old)
    for step, (was, now) in enumerate(zip(old, new, strict=True)):
        assert now == was, f"step {step} differs"
    result_line = new_text.rstrip("\n").rsplit("\n", 1)[-1]
    result = json.loads(result_line.removeprefix("result: "))
    for key in ("scores", "winners", "ranks"):
        assert result[key] == old_result[key]
    assert parse_playthrough(new_text)["moves"] == [(s, a) for _, s, a, _ in old]
