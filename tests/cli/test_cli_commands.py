"""``monastic games``, ``--version``, ``bench`` and the ``arena`` hand-over."""

from __future__ import annotations

import sys

import pytest

import monastic
from monastic.cli.bench import bench_random
from monastic.cli.main import main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    shown = capsys.readouterr().out.strip()
    # The build follows the version: "(pure Python)" or "(compiled, mypyc)".
    assert shown.startswith(f"monastic {monastic.__version__} (") and shown.endswith(")")


def test_games_lists_ids_titles_and_player_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for game_id in monastic.game_ids():
        assert game_id in out
    assert "Medieval Monastery" in out and "2-6" in out


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "play" in capsys.readouterr().out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play"]) == 2
    assert main(["bench", "medieval-monastery", "--games", "x"]) == 2


def test_bench_reports_games_decisions_clone_and_legal_actions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "medieval-monastery", "--games", "2", "--players", "2"]) == 0
    out = capsys.readouterr().out
    for measure in ("random games", "decisions", "clone()", "legal_actions()"):
        assert measure in out


def test_bench_warm_up_games_are_untimed_and_leave_the_timed_games_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = monastic.load_game("medieval-monastery")
    cold = bench_random(game, 3, 3, seed=5)
    warm = bench_random(game, 3, 3, seed=5, warmup=2)
    assert (warm.games, warm.decisions) == (cold.games, cold.decisions)
    assert [s.to_json() for s in warm.samples] == [s.to_json() for s in cold.samples]
    assert main(["bench", "medieval-monastery", "--games", "1", "--warmup", "-1"]) == 2
    assert "--warmup" in capsys.readouterr().err


def test_bench_reports_search_iterations(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "medieval-monastery", "--games", "2", "--bot", "ismcts:iterations=20"]
    assert main(argv) == 0
    assert "iterations/s" in capsys.readouterr().out


def test_bench_rejects_unknown_games_and_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "chess", "--games", "2"]) == 2
    assert main(["bench", "medieval-monastery", "--games", "2", "--bot", "oracle"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_arena_is_handed_its_own_arguments(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[list[str]] = []

    class FakeArena:
        @staticmethod
        def arena_main(argv: list[str]) -> int:
            seen.append(argv)
            return 0

    monkeypatch.setitem(sys.modules, "monastic.arena.rotated", FakeArena)
    assert main(["arena", "--game", "medieval-monastery", "--games", "2"]) == 0
    assert seen == [["--game", "medieval-monastery", "--games", "2"]]


def test_arena_missing_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "monastic.arena.rotated", None)
    assert main(["arena", "--games", "2"]) == 2
    assert "arena is not available" in capsys.readouterr().err
