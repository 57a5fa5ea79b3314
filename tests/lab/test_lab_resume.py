"""Lab runs are stored as games finish, survive an interrupt, and resume where they stopped."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lab_helpers import replayable_rows

from monastic.cli.main import main
from monastic.lab.run import LabSettings, results_path, run_lab
from monastic.lab.runner import InlineBackend
from monastic.lab.store import StoreMismatch

SRC = Path(__file__).resolve().parents[2] / "src"
# Short games (two turns), many of them: the interrupt lands well inside the run.
GAME = ["medieval-monastery", "--players", "2", "--seed", "5", "--option", "turns=2"]
GAME += ["--jobs", "1", "--no-report"]
TOTAL = 150


def _stored(out: Path) -> int:
    path = results_path(out)
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(path) as db:
            return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.OperationalError:  # the schema is still being made
        return 0


def _lab(out: Path, games: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-m", "monastic.cli", "lab", *GAME, "--games", str(games)]
    return subprocess.Popen(
        [*command, "--out", str(out), "--quiet"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def test_an_interrupted_run_resumes_to_the_same_games(tmp_path: Path) -> None:
    out = tmp_path / "run"
    process = _lab(out, TOTAL)
    deadline = time.monotonic() + 60
    while _stored(out) < 3 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    # SIGTERM stops a run as Ctrl-C does (the command maps one onto the other), and no shell
    # ignores it for a background job as it does SIGINT.
    process.terminate()
    _, err = process.communicate(timeout=60)
    stopped_at = _stored(out)
    assert process.returncode == 130, err.decode()
    assert "run the same command again" in err.decode()
    assert 3 <= stopped_at < TOTAL

    resumed = _lab(out, TOTAL)
    _, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err.decode()
    assert f"played {TOTAL - stopped_at} games" in err.decode()

    straight = tmp_path / "straight"
    settings = LabSettings(
        "medieval-monastery", 2, ("greedy",), games=TOTAL, seed=5, options={"turns": 2}
    )
    run_lab(settings, straight, InlineBackend(), progress=False)
    assert replayable_rows(out) == replayable_rows(straight)


def test_a_run_grows_and_refuses_other_settings(tmp_path: Path) -> None:
    settings = LabSettings("medieval-monastery", 2, ("greedy",), games=3, options={"turns": 1})
    assert run_lab(settings, tmp_path, InlineBackend(), progress=False).played == 3
    more = LabSettings("medieval-monastery", 2, ("greedy",), games=5, options={"turns": 1})
    summary = run_lab(more, tmp_path, InlineBackend(), progress=False)
    assert (summary.played, summary.stored) == (2, 5)
    other = LabSettings("medieval-monastery", 2, ("random",), games=5, options={"turns": 1})
    with pytest.raises(StoreMismatch, match="bots"):
        run_lab(other, tmp_path, InlineBackend(), progress=False)


def test_lab_command_writes_the_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mm"
    argv = [
        "lab",
        "medieval-monastery",
        "--players",
        "3",
        "--games",
        "6",
        "--jobs",
        "1",
        "--bots",
        "greedy,random",
        "--option",
        "turns=2",
        "--out",
        str(out),
        "--quiet",
    ]
    assert main(argv) == 0
    html = (out / "report.html").read_text()
    for heading in (
        "Seat advantage",
        "Strategy dominance",
        "Score distributions",
        "Game length",
        "How games end",
        "Action kinds",
        "Combos declared",
        "How each bot plays",
        "Raw results",
    ):
        assert heading in html, heading
    assert "data:image/png;base64," in html
    markdown = (out / "report.md").read_text()
    assert "medieval-monastery-3p-seats.png" in markdown
    assert (out / "medieval-monastery-3p-seats.png").read_bytes().startswith(b"\x89PNG")
    assert len((out / "seats.csv").read_text().splitlines()) == 1 + 6 * 3


def test_lab_command_errors_are_clear(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "chess", "--out", str(tmp_path)]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert main(["lab", "monastery", "--players", "9", "--out", str(tmp_path)]) == 2
    assert "takes 2 to 4 players" in capsys.readouterr().err
    assert main(["lab", "monastery", "--report-only", "--out", str(tmp_path / "none")]) == 2
    assert "run the lab into" in capsys.readouterr().err


def test_two_runs_never_write_one_file(tmp_path: Path) -> None:
    from monastic.lab.store import ResultStore, StoreBusy

    path = results_path(tmp_path)
    with ResultStore(path, writer=True):
        with pytest.raises(StoreBusy, match="another lab run is writing"):
            ResultStore(path, writer=True)
        with ResultStore(path) as reader:  # reading while a run writes is fine
            assert reader.done() == set()
    with ResultStore(path, writer=True):  # the lock went with the first writer
        pass


def test_a_run_played_by_other_code_is_not_resumed(tmp_path: Path) -> None:
    import zlib

    settings = LabSettings("medieval-monastery", 2, ("greedy",), games=2, options={"turns": 1})
    run_lab(settings, tmp_path, InlineBackend(), progress=False)
    # Pretend the first game was played by other rules: its record has one move less.
    with sqlite3.connect(results_path(tmp_path)) as db:
        (blob,) = db.execute("SELECT record FROM games WHERE idx = 0").fetchone()
        record = json.loads(zlib.decompress(blob))
        record["moves"].pop()
        changed = zlib.compress(json.dumps(record, indent=1).encode())
        db.execute("UPDATE games SET record = ? WHERE idx = 0", (changed,))
    more = LabSettings("medieval-monastery", 2, ("greedy",), games=3, options={"turns": 1})
    with pytest.raises(StoreMismatch, match="game 0 no longer plays as it did"):
        run_lab(more, tmp_path, InlineBackend(), progress=False)
