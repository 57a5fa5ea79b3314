"""``monastic engine``: new, moves, apply, view, result, to-act and replay over a save file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from monastic.cli.main import main
from monastic.engine import Match


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def new_game(capsys: pytest.CaptureFixture[str], path: Path, seed: int = 5) -> None:
    status, out, _ = run(
        capsys,
        "engine",
        "new",
        "medieval-monastery",
        "--players",
        "2",
        "--seed",
        str(seed),
        "-o",
        str(path),
        "--option",
        "turns=1",
    )
    assert status == 0
    assert out.strip() == str(path)


def test_a_whole_game_round_trips_through_the_protocol(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    new_game(capsys, path)
    saved = json.loads(path.read_text())
    assert saved["record"]["options"]["turns"] == 1
    decisions = 0
    while True:
        status, out, _ = run(capsys, "engine", "to-act", str(path))
        acting = json.loads(out)
        status, out, _ = run(capsys, "engine", "moves", str(path))
        assert status == 0
        if not acting:
            assert out == ""  # over: nothing to list
            break
        moves = out.splitlines()
        assert moves, "a seat to act always has a legal action"
        seat = acting[0]
        status, out, err = run(capsys, "engine", "apply", str(path), str(seat), moves[-1])
        assert status == 0, err
        events = [json.loads(line) for line in out.splitlines()]
        assert all("kind" in event for event in events)
        decisions += 1
        assert decisions < 500
    status, out, _ = run(capsys, "engine", "result", str(path))
    result = json.loads(out)
    assert status == 0 and set(result) >= {"scores", "winners", "ranks", "breakdown"}
    status, out, _ = run(capsys, "engine", "replay", str(path))
    replayed = json.loads(out)
    assert replayed["over"] is True and replayed["result"] == result
    # A bare record replays the same as the save file that holds it.
    record = tmp_path / "record.json"
    record.write_text(json.dumps(json.loads(path.read_text())["record"]))
    status, out, _ = run(capsys, "engine", "replay", str(record))
    assert json.loads(out)["result"] == result
    assert len(Match.from_dict(json.loads(path.read_text())).record.moves) == decisions


def test_views_hide_hands_from_other_seats_and_spectators(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    new_game(capsys, path)
    _, out, _ = run(capsys, "engine", "view", str(path), "--seat", "1")
    assert json.loads(out)["viewer"] == 1 and json.loads(out)["hand"]
    _, out, _ = run(capsys, "engine", "view", str(path))
    assert json.loads(out)["viewer"] is None and json.loads(out)["hand"] is None
    _, out, _ = run(capsys, "engine", "moves", str(path), "--seat", "1")
    assert out == ""  # seat 1 is not to act


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        ("0", "play Q1", "is not a card"),
        ("1", "play P1", "not to act"),
        ("0", "fly away", "unknown action"),
        ("7", "play P1", "no seat 7"),
        ("x", "play P1", "a seat is a number (0 to 1), not 'x'"),
        ("-1", "play P1", "a seat is a number"),
    ],
)
def test_a_bad_action_exits_2_and_leaves_the_file_byte_identical(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seat: str, action: str, message: str
) -> None:
    path = tmp_path / "game.json"
    new_game(capsys, path)
    before = path.read_bytes()
    status, out, err = run(capsys, "engine", "apply", str(path), seat, action)
    assert status == 2
    assert out == ""
    assert message in err and err.startswith("monastic engine apply:")
    assert path.read_bytes() == before


def test_an_illegal_but_wellformed_action_names_the_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    new_game(capsys, path)
    hand = json.loads(run(capsys, "engine", "view", str(path), "--seat", "0")[1])["hand"]
    missing = next(f"P{r}" for r in range(1, 10) if f"P{r}" not in hand)
    before = path.read_bytes()
    status, _, err = run(capsys, "engine", "apply", str(path), "0", f"play {missing}")
    assert status == 2 and missing in err
    assert path.read_bytes() == before


def test_errors_for_missing_files_unknown_games_bad_options_and_unfinished_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(capsys, "engine", "moves", str(tmp_path / "none.json"))[0] == 2
    status, _, err = run(capsys, "engine", "new", "chess", "-o", str(tmp_path / "x.json"))
    assert status == 2 and "unknown game 'chess'" in err
    status, _, err = run(
        capsys,
        "engine",
        "new",
        "medieval-monastery",
        "--option",
        "turns=99",
        "-o",
        str(tmp_path / "x.json"),
    )
    assert status == 2 and "turns" in err
    assert not (tmp_path / "x.json").exists()
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    status, _, err = run(capsys, "engine", "view", str(broken))
    assert status == 2 and "not valid JSON" in err
    path = tmp_path / "game.json"
    new_game(capsys, path)
    status, _, err = run(capsys, "engine", "result", str(path))
    assert status == 2 and "not over" in err


def test_new_never_overwrites_a_save_file_unless_forced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    new_game(capsys, path, seed=5)
    before = path.read_bytes()
    status, _, err = run(capsys, "engine", "new", "medieval-monastery", "-o", str(path))
    assert status == 2 and "already exists" in err and "--force" in err
    assert path.read_bytes() == before
    status, _, _ = run(
        capsys, "engine", "new", "medieval-monastery", "--seed", "6", "-o", str(path), "--force"
    )
    assert status == 0 and path.read_bytes() != before
    monkeypatch.chdir(tmp_path)  # the default name is protected the same way
    assert run(capsys, "engine", "new", "medieval-monastery", "--seed", "7")[0] == 0
    status, _, err = run(capsys, "engine", "new", "medieval-monastery", "--seed", "7")
    assert status == 2 and "medieval-monastery-7.json already exists" in err


def test_the_protocol_works_from_a_real_process(tmp_path: Path, cli_env: dict[str, str]) -> None:
    def engine(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "monastic.cli", "engine", *argv],
            env=cli_env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    path = tmp_path / "game.json"
    assert (
        engine(
            "new", "medieval-monastery", "--players", "3", "--seed", "2", "-o", str(path)
        ).returncode
        == 0
    )
    first = engine("moves", str(path)).stdout.splitlines()[0]
    applied = engine("apply", str(path), "0", first)
    assert applied.returncode == 0
    assert json.loads(applied.stdout.splitlines()[0])["kind"] == "play"
    before = path.read_bytes()
    bad = engine("apply", str(path), "0", first)  # that card has left the hand
    assert bad.returncode == 2 and bad.stderr.strip() and bad.stdout == ""
    assert path.read_bytes() == before
