"""The runner: every backend plays the same games from the same seeds."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from lab_helpers import replayable_rows

from monastic.lab.run import LabSettings, run_lab
from monastic.lab.runner import (
    RAY_INSTALL_HINT,
    Backend,
    InlineBackend,
    PoolBackend,
    RayBackend,
    RayUnavailable,
    make_backend,
)

# Two bots, three seats: seatings rotate, and the games are short (two turns).
SETTINGS = LabSettings(
    "medieval-monastery", 3, ("greedy", "random"), games=20, seed=11, options={"turns": 2}
)
HAS_RAY = importlib.util.find_spec("ray") is not None


def _square(x: int) -> int:
    return x * x


def _start_method(_: int) -> str:
    import multiprocessing

    return multiprocessing.get_start_method()


def test_pool_workers_are_spawned_not_forked() -> None:
    """A forked worker would copy this process's threads' held locks (a deadlock when one was
    taken) and its descriptors (a test runner's pipes, kept open past this process's end)."""
    assert set(PoolBackend(2).map_unordered(_start_method, [1, 2])) == {"spawn"}


def test_every_backend_gives_the_same_rows(tmp_path: Path) -> None:
    backends: list[Backend] = [InlineBackend(), PoolBackend(2)]
    if HAS_RAY:
        backends.append(RayBackend(jobs=2))
    rows = {}
    for backend in backends:
        out = tmp_path / backend.name
        summary = run_lab(SETTINGS, out, backend, progress=False)
        assert summary.played == summary.stored == 20
        rows[backend.name] = replayable_rows(out)
    games, seats = rows["inline"]
    assert len(games) == 20 and len(seats) == 60
    assert len({g[-1] for g in games}) == 20  # twenty different games, not one twenty times
    for name, other in rows.items():
        assert other == rows["inline"], f"{name} played other games"
    if not HAS_RAY:
        pytest.skip("Ray is not installed: only in-process and pool compared")


def test_the_arena_plays_the_same_games_on_every_backend() -> None:
    from monastic.arena.rotated import run_arena

    backends: list[Backend] = [InlineBackend(), PoolBackend(2)]
    if HAS_RAY:
        backends.append(RayBackend(jobs=2))
    seen = {}
    for backend in backends:
        report = run_arena(
            "monasterium", ["greedy", "random"], 6, 2, seed=5, progress=False, backend=backend
        )
        seen[backend.name] = [(o.index, o.specs, o.scores, o.record) for o in report.outcomes]
    assert len({o[3] for o in seen["inline"]}) == 6
    for name, outcomes in seen.items():
        assert outcomes == seen["inline"], f"{name} played other games"
    if not HAS_RAY:
        pytest.skip("Ray is not installed: only in-process and pool compared")


def test_pool_yields_every_result_once() -> None:
    assert sorted(PoolBackend(2).map_unordered(_square, list(range(30)))) == [
        i * i for i in range(30)
    ]
    assert list(PoolBackend(2).map_unordered(_square, [])) == []


def test_make_backend_follows_the_command_line() -> None:
    assert isinstance(make_backend(1), InlineBackend)
    assert make_backend(3) == PoolBackend(3)
    with pytest.raises(ValueError, match="jobs must be at least 1"):
        make_backend(0)


def test_ray_without_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # an import of ray now fails
    with pytest.raises(RayUnavailable, match=r"pip install 'monastic\[lab\]'"):
        make_backend(2, "local")
    assert "monastic[lab]" in RAY_INSTALL_HINT


def test_commands_without_ray_say_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    from monastic.cli.main import main

    monkeypatch.setitem(sys.modules, "ray", None)
    out = tmp_path / "run"
    assert main(["lab", "monastery", "--games", "2", "--ray", "--out", str(out), "--quiet"]) == 2
    assert "pip install 'monastic[lab]'" in capsys.readouterr().err
    assert not (out / "results.sqlite").exists()  # nothing was started
    argv = ["arena", "--game", "monastery", "--bots", "random", "--games", "2", "--ray"]
    assert main([*argv, "--quiet"]) == 2
    assert "pip install 'monastic[lab]'" in capsys.readouterr().out
