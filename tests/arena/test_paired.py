"""Paired games: seatings, exactness of the seat swap, and intervals that resample deals."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

import monastic
from monastic.arena.deal_stats import bradley_terry_elo, ratio_estimate, resamples, t_interval
from monastic.arena.games import play_arena_task
from monastic.arena.paired import deal_seatings, paired_report, report_from_folders, run_paired
from monastic.arena.rotated import arena_main
from monastic.bots.level_rates import measure_rate
from monastic.lab.games import GameOutcome, GameTask
from monastic.lab.stats import wilson

CARDS = "medieval-monastery"
SHORT = {"turns": 1}  # one round of the card game: a few dozen decisions


def test_two_players_play_each_deal_both_ways() -> None:
    assert deal_seatings(["a", "b"], 2) == [("a", "b"), ("b", "a")]


def test_four_players_rotate_every_listed_bot_through_every_seat() -> None:
    order = deal_seatings(["a", "b", "b", "b"], 4)
    assert len(order) == 4
    assert sorted(row.index("a") for row in order) == [0, 1, 2, 3]
    # A shorter listing repeats; alike rotations are played once.
    assert deal_seatings(["a", "b"], 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    with pytest.raises(ValueError, match="at most 2 bots"):
        deal_seatings(["a", "b", "c"], 2)


def test_deals_share_their_seed_and_start() -> None:
    report = run_paired(CARDS, ["greedy", "random"], 3, 2, jobs=1, progress=False, options=SHORT)
    assert len(report.outcomes) == 6
    game = monastic.load_game(CARDS)
    for deal in range(3):
        first, second = report.outcomes[2 * deal : 2 * deal + 2]
        assert first.seed == second.seed == deal
        assert first.specs == tuple(reversed(second.specs))
        starts = {json.loads(o.record)["seed"] for o in (first, second)}
        assert starts == {deal}
    assert game.new_game(2, 0, SHORT).to_json() == game.new_game(2, 0, SHORT).to_json()


def test_a_bot_against_itself_differs_by_exactly_zero() -> None:
    """Bot seeds follow the seat, so both seatings of a deal are the same game."""
    same = ["ismcts:iterations=6,cutoff=4", "ismcts:medium,iterations=6,cutoff=4"]
    report = run_paired(CARDS, same, 4, 2, jobs=1, progress=False, options=SHORT)
    pair = report.pair(*same)
    assert pair.score_diff.value == pair.score_diff.low == pair.score_diff.high == 0.0
    assert pair.win_diff.value == 0.0 and (pair.deals_won, pair.deals_lost) == (0, 0)
    for deal in range(4):
        first, second = report.outcomes[2 * deal : 2 * deal + 2]
        assert json.loads(first.record)["moves"] == json.loads(second.record)["moves"]
    # Listed once under one spelling, the bot plays each deal once.
    assert deal_seatings(["greedy", "greedy"], 2) == [("greedy", "greedy")]


def test_swapping_the_listing_negates_every_paired_figure_exactly() -> None:
    specs = ["ismcts:iterations=8,cutoff=4", "greedy"]
    forward = run_paired(CARDS, specs, 5, 2, jobs=1, progress=False, options=SHORT)
    backward = run_paired(CARDS, specs[::-1], 5, 2, jobs=1, progress=False, options=SHORT)
    ab, ba = forward.pairs[0], backward.pairs[0]
    assert (ab.a, ab.b) == (ba.b, ba.a)
    assert ab.score_diff.value == pytest.approx(-ba.score_diff.value)
    assert ab.win_diff.value == pytest.approx(-ba.win_diff.value)
    assert ab.ahead.value == pytest.approx(1.0 - ba.ahead.value)
    assert (ab.deals_won, ab.deals_lost) == (ba.deals_lost, ba.deals_won)


def test_a_strong_bot_against_random_is_clearly_ahead() -> None:
    report = run_paired(CARDS, ["greedy", "random"], 8, 2, jobs=1, progress=False, options=SHORT)
    pair = report.pair("greedy", "random")
    assert pair.score_diff.low > 0 and pair.win_diff.low > 0 and pair.ahead.low > 0.5
    assert report.bot("greedy").elo.low > report.bot("random").elo.high


def _outcome(index: int, specs: tuple[str, ...], scores: list[float]) -> GameOutcome:
    """A finished game's figures (sole winner: the highest score; ranks by score)."""
    ranks = tuple(1 + sum(1 for t in scores if t > s) for s in scores)
    top = max(scores)
    winners = [s == top for s in scores]
    rewards = tuple(1.0 / sum(winners) if w else 0.0 for w in winners)
    zero = (0,) * len(specs)
    return GameOutcome(
        index, index, specs, tuple(scores), rewards, ranks, zero, (0.0,) * len(specs), ""
    )


def _equal_bots(deals: int, copies: int, seed: int) -> list[GameOutcome]:
    """Two equally strong bots at two players; each deal's two games repeated ``copies`` times."""
    rng = random.Random(seed)
    order = [("a", "b"), ("b", "a")]
    outcomes = []
    for deal in range(deals):
        luck = rng.gauss(0, 10)  # the deal favours seat 0 in both seatings
        games = [[luck + rng.gauss(30, 5), rng.gauss(30, 5)] for _ in order]
        for k in range(len(order) * copies):
            index = deal * len(order) * copies + k
            outcomes.append(_outcome(index, order[k % 2], games[k % 2]))
    return outcomes


def test_equal_bots_get_an_interval_around_zero() -> None:
    report = paired_report("x", 2, 1, [("a", "b"), ("b", "a")], _equal_bots(60, 1, 3))
    pair = report.pair("a", "b")
    assert pair.score_diff.contains(0.0) and pair.win_diff.contains(0.0)
    assert pair.score_diff.high - pair.score_diff.low > 0.5  # a real interval, not a point
    assert report.bot("a").elo.contains(1500.0)


def test_copies_of_a_game_within_a_deal_do_not_narrow_the_interval() -> None:
    """Intervals resample deals: games of one deal are one unit, not independent trials."""
    order = [("a", "b"), ("b", "a")]
    once = paired_report("x", 2, 1, order, _equal_bots(40, 1, 5))
    thrice = paired_report("x", 2, 1, order * 3, _equal_bots(40, 3, 5))
    for spec in ("a", "b"):
        assert thrice.bot(spec).win_rate == once.bot(spec).win_rate
        # Elo differs only by the one virtual draw per pair, now among three times the games.
        assert thrice.bot(spec).elo.value == pytest.approx(once.bot(spec).elo.value, abs=1.0)
    three, one = thrice.pair("a", "b").score_diff, once.pair("a", "b").score_diff
    assert (three.low, three.high) == pytest.approx((one.low, one.high))
    assert thrice.bot("a").seats == 3 * once.bot("a").seats


def test_four_player_comparisons_are_clustered_by_game() -> None:
    """One bot against three copies: three comparisons a game, one unit per deal."""
    rng = random.Random(11)
    order = deal_seatings(["a", "b", "b", "b"], 4)
    outcomes = []
    for deal in range(30):
        for k, specs in enumerate(order):
            scores = [rng.gauss(30, 5) + (4.0 if s == "a" else 0.0) for s in specs]
            outcomes.append(_outcome(deal * 4 + k, specs, scores))
    report = paired_report("x", 4, 1, order, outcomes)
    pair = report.pair("a", "b")
    assert pair.deals == 30 and report.bot("a").seats == 120 and report.bot("b").seats == 360
    assert pair.score_diff.low > 0
    # Per game the three comparisons of a move together; a per-comparison Wilson interval
    # over 360 trials would be narrower than the deal bootstrap's.
    width = pair.ahead.high - pair.ahead.low
    p = pair.ahead.value
    assert width > 2 * 1.96 * (p * (1 - p) / 360) ** 0.5


def test_bootstrap_and_t_agree_on_a_plain_mean() -> None:
    rng = random.Random(2)
    values = [rng.gauss(1.0, 2.0) for _ in range(200)]
    boot = ratio_estimate(values, [1.0] * 200, resamples(200, 2000, 9))
    t = t_interval(values)
    assert boot.value == pytest.approx(t.value)
    assert boot.low == pytest.approx(t.low, abs=0.08) and boot.high == pytest.approx(
        t.high, abs=0.08
    )
    assert t.low < 1.0 < t.high


def test_bradley_terry_matches_the_two_bot_closed_form() -> None:
    ratings = bradley_terry_elo(["a", "b"], {("a", "b"): 30.0, ("b", "a"): 10.0})
    # With the virtual draw: 30.5 to 10.5.
    expected = 400 * math.log10(30.5 / 10.5)
    assert ratings["a"] - ratings["b"] == pytest.approx(expected, abs=1e-6)


def test_real_decisions_only_are_counted_and_timed() -> None:
    task = GameTask(CARDS, 0, 4, ("greedy", "random"), tuple(SHORT.items()))
    outcome = play_arena_task(task)
    game = monastic.load_game(CARDS)
    state = game.new_game(2, 4, SHORT)
    real = [0, 0]
    forced = 0
    for seat, text in json.loads(outcome.record)["moves"]:
        if len(state.legal_actions(seat)) > 1:
            real[seat] += 1
        else:
            forced += 1
        state.apply(seat, text)
    assert tuple(real) == outcome.decisions
    assert forced > 0  # the card game has forced moves, so the count is a real check


def test_paired_command_writes_records_and_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = tmp_path / "summary.json"
    argv = ["--game", CARDS, "--bots", "greedy,random", "--games", "2", "--players", "2"]
    argv += ["--paired", "--jobs", "1", "--quiet", "--option", "turns=1"]
    assert arena_main([*argv, "--out", str(tmp_path), "--summary", str(summary)]) == 0
    out = capsys.readouterr().out
    assert "2 deals x 2 seatings = 4 paired games" in out
    assert len(list(tmp_path.glob("deal-*.json"))) == 4
    data = json.loads(summary.read_text())
    assert data["deals"] == 2 and data["pairs"][0]["a"] == "greedy"
    # A run's folder reads back, whole deals only (a run stopped early loses only its last).
    assert arena_main(["--report", str(tmp_path)]) == 0
    assert "2 deals x 2 seatings = 4 paired games" in capsys.readouterr().out
    results = tmp_path / "paired-results.jsonl"
    results.write_text("".join(results.read_text().splitlines(keepends=True)[:3]))
    assert arena_main(["--report", str(tmp_path)]) == 0
    assert "1 deals x 2 seatings = 2 paired games" in capsys.readouterr().out
    assert arena_main(["--report", str(tmp_path / "nowhere")]) == 2
    assert "holds no paired run" in capsys.readouterr().out
    bad = ["--game", CARDS, "--bots", "greedy,random,random", "--games", "1", "--paired"]
    assert arena_main([*bad, "--players", "2", "--quiet"]) == 2
    assert "at most 2 bots" in capsys.readouterr().out


def test_a_run_into_its_own_folder_continues_it(tmp_path: Path) -> None:
    """A stopped run is resumed where it stopped (its finished games are not played
    again) and may be given more deals; the figures equal those of one unbroken run."""
    specs = ["greedy", "random"]
    whole = run_paired(CARDS, specs, 4, 2, jobs=1, progress=False, options=SHORT)
    folder = tmp_path / "run"
    run_paired(CARDS, specs, 3, 2, jobs=1, progress=False, options=SHORT, out_dir=str(folder))
    results = folder / "paired-results.jsonl"
    results.write_text("".join(results.read_text().splitlines(keepends=True)[:3]))  # stopped
    resumed = run_paired(
        CARDS, specs, 4, 2, jobs=1, progress=False, options=SHORT, out_dir=str(folder)
    )
    assert resumed.continued == 3
    assert "3 of them from before" in resumed.title()
    assert [o.scores for o in resumed.outcomes] == [o.scores for o in whole.outcomes]
    assert resumed.pair(*specs).score_diff == whole.pair(*specs).score_diff
    assert len(results.read_text().splitlines()) == 8
    assert len(list(folder.glob("deal-*.json"))) == 8
    with pytest.raises(ValueError, match=r"holds another paired run \(another seed\)"):
        run_paired(
            CARDS, specs, 4, 2, jobs=1, seed=9, progress=False, options=SHORT, out_dir=str(folder)
        )
    results.write_text("{not json\n")
    with pytest.raises(ValueError, match=r"paired-results\.jsonl is damaged"):
        run_paired(CARDS, specs, 4, 2, jobs=1, progress=False, options=SHORT, out_dir=str(folder))


def test_level_rates_turn_cpu_time_into_level_iterations() -> None:
    figures = measure_rate(CARDS, 2, games=1, every=25, iterations=10)
    assert figures.decisions >= 2 and figures.iterations == 10 * figures.decisions
    assert figures.rate > 0
    assert figures.level_iterations("hard") == pytest.approx(
        9 * figures.level_iterations("medium"), abs=5
    )


def test_level_rates_measure_changed_settings_too() -> None:
    """``settings`` reach the search's spec, so a bad one is refused by name."""
    figures = measure_rate("monasterium", 2, games=1, every=40, iterations=5, settings="horizon=1")
    assert figures.iterations == 5 * figures.decisions > 0
    with pytest.raises(ValueError, match="temp"):
        measure_rate(CARDS, 2, games=1, every=25, iterations=5, settings="temp=-1")


def test_deals_all_alike_still_get_an_honest_interval() -> None:
    """Four deals all won: the bootstrap cannot vary, so each deal counts as one trial."""
    order = [("a", "b"), ("b", "a")]
    outcomes = [
        _outcome(d * 2 + k, specs, [40.0, 30.0] if specs[0] == "a" else [30.0, 40.0])
        for d in range(4)
        for k, specs in enumerate(order)
    ]
    report = paired_report("x", 2, 1, order, outcomes)
    wins = report.bot("a").win_rate
    assert wins.value == 1.0 and (wins.low, wins.high) == pytest.approx(wilson(4, 4))
    assert report.pair("a", "b").ahead.low == pytest.approx(wilson(4, 4)[0])


def test_runs_of_different_seeds_pool_as_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two runs side by side (deals 0-1 and 2-3) read as the unbroken run of deals 0-3;
    runs of other bots, or holding the same deal, are refused, naming the folder."""
    specs = ["greedy", "random"]
    whole = run_paired(CARDS, specs, 4, 2, jobs=1, progress=False, options=SHORT)
    low, high = str(tmp_path / "low"), str(tmp_path / "high")
    run_paired(CARDS, specs, 2, 2, jobs=1, progress=False, options=SHORT, out_dir=low)
    run_paired(CARDS, specs, 2, 2, jobs=1, seed=2, progress=False, options=SHORT, out_dir=high)
    pooled = report_from_folders([low, high])
    assert [o.scores for o in pooled.outcomes] == [o.scores for o in whole.outcomes]
    assert pooled.pair(*specs) == whole.pair(*specs)
    assert pooled.bot("greedy").win_rate == whole.bot("greedy").win_rate
    assert "2 runs pooled, seeds 0, 2" in pooled.title()
    assert pooled.to_dict()["seeds"] == [0, 2]
    assert arena_main(["--report", low, high]) == 0
    assert "4 deals x 2 seatings = 8 paired games" in capsys.readouterr().out
    with pytest.raises(ValueError, match=r"both hold the deal of seed 0"):
        report_from_folders([low, high, low])
    other = str(tmp_path / "other")
    run_paired(
        CARDS,
        ["random", "greedy"],
        1,
        2,
        jobs=1,
        seed=7,
        progress=False,
        options=SHORT,
        out_dir=other,
    )
    with pytest.raises(ValueError, match=r"other holds a run of another seatings"):
        report_from_folders([low, other])
    assert arena_main(["--report", low, other]) == 2
    assert "only runs of the same bots in the same game pool" in capsys.readouterr().out
