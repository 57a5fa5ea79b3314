"""The arena: seatings, statistics and a small run that writes replayable records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import monastic
from monastic.arena.rotated import arena_main, elo_ratings, run_arena, seatings, split_specs, wilson

GAME = "medieval-monastery"
needs_game = pytest.mark.skipif(GAME not in monastic.game_ids(), reason="game not installed")


def test_every_spec_sits_in_every_seat_equally() -> None:
    for specs, players in ((["a", "b"], 2), (["a", "b", "c"], 2), (["a", "b"], 4), (["a"], 3)):
        order = seatings(specs, players)
        for seat in range(players):
            counts = [sum(1 for row in order if row[seat] == spec) for spec in specs]
            assert len(set(counts)) == 1, (specs, players, order)


def test_a_spec_listed_three_times_takes_three_seats() -> None:
    """One search bot against three greedy ones, in each seat in turn (issue: fair share)."""
    order = seatings(["ismcts", "greedy", "greedy", "greedy"], 4)
    assert all(row.count("ismcts") == 1 for row in order)
    assert sorted(row.index("ismcts") for row in order) == [0, 1, 2, 3]


def test_wilson_interval() -> None:
    low, high = wilson(20, 40)
    assert low < 0.5 < high
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(7.5, 10) == pytest.approx(wilson(7.5, 10))  # fractional wins are fine


def test_elo_orders_bots_by_results() -> None:
    wins = {("a", "b"): 8.0, ("b", "a"): 2.0, ("b", "c"): 7.0, ("c", "b"): 3.0}
    ratings = elo_ratings(["a", "b", "c"], wins)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500.0)
    assert elo_ratings(["a", "b"], {("a", "b"): 5.0})["a"] < 1500 + 800  # stays finite


def test_bot_lists_keep_ismcts_settings_together() -> None:
    assert split_specs(["ismcts:medium,cutoff=20,greedy", "random"]) == [
        "ismcts:medium,cutoff=20",
        "greedy",
        "random",
    ]


@needs_game
def test_small_arena_writes_replayable_records(tmp_path: Path) -> None:
    specs = ["ismcts:iterations=10,cutoff=8", "random"]
    report = run_arena(
        GAME, specs, 2, 2, jobs=1, seed=40, out_dir=str(tmp_path), options={"turns": 1}
    )
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 2
    for outcome, path in zip(report.outcomes, files, strict=True):
        record = json.loads(path.read_text())
        assert record["seed"] == outcome.seed and record["names"] == list(outcome.specs)
        state = monastic.replay(path.read_text())
        assert state.is_over() and list(state.result().scores) == list(outcome.scores)
    assert [b.seats for b in report.bots] == [2, 2]
    assert sum(b.wins for b in report.bots) == pytest.approx(2.0)
    again = run_arena(
        GAME, specs, 2, 2, jobs=2, seed=40, out_dir=None, progress=False, options={"turns": 1}
    )
    assert [o.record for o in again.outcomes] == [o.record for o in report.outcomes]


@needs_game
def test_arena_command(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", GAME, "--bots", "random,random", "--games", "2", "--players", "3"]
    assert arena_main([*argv, "--jobs", "1", "--quiet", "--option", "turns=1"]) == 0
    assert "random" in capsys.readouterr().out
    assert arena_main(["--game", GAME, "--bots", "nobody", "--games", "1"]) == 2
    assert "unknown bot" in capsys.readouterr().out
