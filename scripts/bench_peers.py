"""Our games and search against two peers, side by side in one run, on one or more builds.

    python -m venv --system-site-packages .bench && .bench/bin/pip install '.[peers]'
    .bench/bin/python scripts/bench_peers.py [--rounds 5] [--seconds 2] \\
        [--build pure=/path/to/python --build compiled=/path/to/other/python]

Every figure comes from a process of its own running for ``--seconds``, one after the other,
and the whole line-up repeats ``--rounds`` times, so a drift of the machine's speed falls on
every contender alike; the tables give medians. ``--build NAME=PYTHON`` runs our side under
that interpreter (each names the build it imports: ``monastic.build_info``), so one run
compares a compiled and a pure build too; the peers run under this interpreter.

- Random play, decisions per second (a decision: list the legal actions, pick one
  uniformly, apply it; the peers' chance outcomes are not counted): our games through
  ``legal_actions`` and ``apply_quiet`` (the search's path), RLCard's UNO game loop (the raw
  ``UnoGame``, without the environment's encoding) and OpenSpiel's C++ hearts; 4 players.
- Clones and determinizations per second, on states kept from random games (every 7th):
  ``clone()`` and ``determinize(seat, rng)``; for hearts ``clone()`` and
  ``resample_from_infostate(player, sampler)``.
- ISMCTS iterations per second on the same card-game positions (4 players): ours with random
  playouts to the end (``cutoff`` beyond any game, ``epsilon=0``, ``bias=0``) and OpenSpiel's
  Python ``ISMCTSBot`` through our OpenSpiel adapter (``monastic.rl.openspiel``), both under
  the same build.

Needs ``rlcard`` and ``open_spiel`` (the ``peers`` extra); a peer that is missing is skipped.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from time import perf_counter
from typing import Any

from rich.console import Console
from rich.progress import track
from rich.table import Table

PLAYERS = 4
GAMES = ("medieval-monastery", "monasterium", "monastery")
CARD = "medieval-monastery"
HERE = Path(__file__).resolve().parent


def _timed(step: Callable[[], int], seconds: float, warmup: int = 3) -> float:
    """Run ``step`` (returning how many units it did) for about ``seconds``; units/s."""
    for _ in range(warmup):
        step()
    done = 0
    start = perf_counter()
    while perf_counter() - start < seconds:
        done += step()
    return done / (perf_counter() - start)


# Ours ------------------------------------------------------------------------------------


def _our_games(game_id: str) -> tuple[Any, Callable[[], Any], Callable[[], float]]:
    import monastic

    game = monastic.load_game(game_id)
    pick = random.Random(1).random
    seeds = iter(range(10**9))
    return game, lambda: game.new_game(PLAYERS, next(seeds)), pick


def _our_random(game_id: str, seconds: float) -> float:
    _game, new, pick = _our_games(game_id)

    def play_one() -> int:
        state = new()
        decisions = 0
        while not state.is_over():
            acting = state.to_act()
            seat = acting[int(pick() * len(acting))]
            legal = state.legal_actions(seat)
            state.apply_quiet(seat, legal[int(pick() * len(legal))])
            decisions += 1
        return decisions

    return _timed(play_one, seconds)


def _our_samples(game_id: str) -> list[Any]:
    _game, new, pick = _our_games(game_id)
    samples: list[Any] = []
    while len(samples) < 300:
        state = new()
        step = 0
        while not state.is_over():
            acting = state.to_act()
            seat = acting[int(pick() * len(acting))]
            legal = state.legal_actions(seat)
            if step % 7 == 0:
                samples.append(state.clone())
            state.apply_quiet(seat, legal[int(pick() * len(legal))])
            step += 1
    return samples


def _our_clone(game_id: str, seconds: float) -> float:
    samples = _our_samples(game_id)

    def clone_all() -> int:
        for state in samples:
            state.clone()
        return len(samples)

    return _timed(clone_all, seconds, warmup=1)


def _our_determinize(game_id: str, seconds: float) -> float:
    from monastic.engine import Rng

    samples = _our_samples(game_id)
    rng = Rng(7)

    def resample_all() -> int:
        for state in samples:
            state.determinize(state.to_act()[0], rng)
        return len(samples)

    return _timed(resample_all, seconds, warmup=1)


def _positions() -> list[Any]:
    sys.path.insert(0, str(HERE))
    from bench_rl import positions

    return positions(PLAYERS, 3, seed=PLAYERS)


def _our_ismcts(seconds: float) -> float:
    from monastic import bots

    rates = []
    for i, state in enumerate(_positions()):
        bot = bots.make(f"ismcts:time={seconds / 3},cutoff=100000,epsilon=0,bias=0", i)
        bot.choose(state, state.to_act()[0])
        rates.append(bot.last_iterations / bot.last_seconds)
    return statistics.median(rates)


def _openspiel_ismcts(seconds: float) -> float:
    sys.path.insert(0, str(HERE))
    from bench_rl import TimedISMCTS

    from monastic.rl.openspiel import wrap

    rates = []
    for i, state in enumerate(_positions()):
        spiel = wrap(state)
        bot = TimedISMCTS(spiel.get_game(), seconds / 3, i)
        start = perf_counter()
        bot.step(spiel)
        rates.append(bot.last_iterations / (perf_counter() - start))
    return statistics.median(rates)


# Peers -----------------------------------------------------------------------------------


def _uno(seconds: float) -> float:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=PLAYERS)
    game.np_random = np.random.RandomState(0)
    pick = random.Random(1).random

    def play_one() -> int:
        game.init_game()
        decisions = 0
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[int(pick() * len(legal))])
            decisions += 1
        return decisions

    return _timed(play_one, seconds)


def _hearts_play(state: Any, pick: Callable[[], float], keep: list[Any] | None = None) -> int:
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(pick() * len(outcomes))][0])
            continue
        if keep is not None and decisions % 7 == 0:
            keep.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[int(pick() * len(legal))])
        decisions += 1
    return decisions


def _hearts(seconds: float) -> float:
    import pyspiel

    game = pyspiel.load_game("hearts")
    pick = random.Random(1).random
    return _timed(lambda: _hearts_play(game.new_initial_state(), pick), seconds)


def _hearts_samples() -> list[Any]:
    import pyspiel

    game = pyspiel.load_game("hearts")
    pick = random.Random(1).random
    samples: list[Any] = []
    while len(samples) < 300:
        _hearts_play(game.new_initial_state(), pick, samples)
    return samples


def _hearts_clone(seconds: float) -> float:
    samples = _hearts_samples()

    def clone_all() -> int:
        for state in samples:
            state.clone()
        return len(samples)

    return _timed(clone_all, seconds, warmup=1)


def _hearts_resample(seconds: float) -> float:
    import pyspiel

    samples = _hearts_samples()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)

    def resample_all() -> int:
        for state in samples:
            state.resample_from_infostate(state.current_player(), sampler)
        return len(samples)

    return _timed(resample_all, seconds, warmup=1)


# The line-up -----------------------------------------------------------------------------

MEASURES = {
    "random": "random play, decisions per second",
    "clone": "clones per second",
    "determinize": "determinizations per second",
    "ismcts": "ISMCTS iterations per second, card game positions",
}
#: (measure, subject) of the peers, run once per round under this interpreter.
PEERS = {
    ("random", "rlcard uno"): _uno,
    ("random", "open_spiel hearts (C++)"): _hearts,
    ("clone", "open_spiel hearts (C++)"): _hearts_clone,
    ("determinize", "open_spiel hearts (C++)"): _hearts_resample,
}
OURS_ISMCTS = "ours"
THEIRS_ISMCTS = "open_spiel ISMCTSBot (Python)"


def _work(measure: str, subject: str, seconds: float) -> float:
    for (peer_measure, name), run in PEERS.items():
        if (peer_measure, name) == (measure, subject):
            return run(seconds)
    if measure == "ismcts":
        return _our_ismcts(seconds) if subject == OURS_ISMCTS else _openspiel_ismcts(seconds)
    runs = {"random": _our_random, "clone": _our_clone, "determinize": _our_determinize}
    return runs[measure](subject, seconds)


def _worker(measure: str, subject: str, seconds: float) -> None:
    from monastic.build_info import build_name

    print(json.dumps({"rate": _work(measure, subject, seconds), "build": build_name()}))


def _run(python: str, measure: str, subject: str, seconds: float) -> tuple[float, str] | None:
    done = subprocess.run(
        [python, __file__, "--worker", measure, subject, "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        print(f"{measure} {subject} under {python}: {done.stderr.strip()[-300:]}", file=sys.stderr)
        return None
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return float(figures["rate"]), str(figures["build"])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5, help="line-ups to run (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="per contender and round")
    parser.add_argument(
        "--build",
        action="append",
        default=[],
        metavar="NAME=PYTHON",
        help="run our side under this interpreter (repeatable; default: this one)",
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=GAMES,
        help="only this game's rows of our side (repeatable; default: every game)",
    )
    parser.add_argument(
        "--measure",
        action="append",
        choices=list(MEASURES),
        help="only this measure (repeatable; default: every one)",
    )
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(*args.worker, args.seconds)
        return
    builds = dict(item.split("=", 1) for item in args.build) or {"this": sys.executable}
    games = tuple(args.game or GAMES)
    measures = {m: MEASURES[m] for m in args.measure or MEASURES}
    line_up: list[tuple[str, str, str, str]] = []  # (measure, subject, build, python)
    for measure in measures:
        for subject in games if measure != "ismcts" else (OURS_ISMCTS, THEIRS_ISMCTS):
            line_up += [(measure, subject, name, python) for name, python in builds.items()]
        line_up += [(m, s, "peer", sys.executable) for (m, s) in PEERS if m == measure]
    runs: dict[tuple[str, str, str], list[float]] = {}
    seen_builds: dict[str, str] = {}
    missing: set[tuple[str, str, str]] = set()
    rounds = [entry for _ in range(args.rounds) for entry in line_up]
    for measure, subject, build, python in track(rounds, description="line-ups", transient=True):
        key = (measure, subject, build)
        if key in missing:
            continue
        figure = _run(python, measure, subject, args.seconds)
        if figure is None:
            missing.add(key)
            continue
        runs.setdefault(key, []).append(figure[0])
        if build != "peer":
            seen_builds[build] = figure[1]
    medians = {key: statistics.median(rates) for key, rates in runs.items()}
    _print(medians, list(builds), seen_builds, args, games, measures)


def _print(
    medians: dict[tuple[str, str, str], float],
    builds: list[str],
    seen: dict[str, str],
    args: argparse.Namespace,
    games: tuple[str, ...],
    measures: dict[str, str],
) -> None:
    console = Console()
    console.print(
        f"{args.rounds} rounds of {args.seconds} s per figure, one core; builds: "
        + ", ".join(f"{name} = {seen.get(name, '?')}" for name in builds)
    )
    for measure, title in measures.items():
        peers = [s for (m, s) in PEERS if m == measure]
        table = Table(title=title)
        table.add_column("contender")
        for name in builds:
            table.add_column(name, justify="right")
        if len(builds) == 2:
            table.add_column(f"{builds[0]} / {builds[1]}", justify="right")
        references = peers if measure != "ismcts" else [THEIRS_ISMCTS]
        for reference in references:
            table.add_column(f"x {reference}", justify="right")
        subjects = games if measure != "ismcts" else (OURS_ISMCTS, THEIRS_ISMCTS)
        for subject in subjects:
            rates = [medians.get((measure, subject, name)) for name in builds]
            row = [subject, *(f"{r:,.0f}" if r else "-" for r in rates)]
            if len(builds) == 2:
                row.append(f"{rates[0] / rates[1]:.2f}" if rates[0] and rates[1] else "-")
            for reference in references:
                ratios = []
                for name in builds:
                    ours = medians.get((measure, subject, name))
                    key = (measure, reference, "peer" if measure != "ismcts" else name)
                    theirs = medians.get(key)
                    ratios.append(f"{ours / theirs:.2f}" if ours and theirs else "-")
                row.append(" / ".join(ratios))
            table.add_row(*row)
        for peer in peers:
            rate = medians.get((measure, peer, "peer"))
            table.add_row(peer, *([f"{rate:,.0f}" if rate else "not installed"] * len(builds)))
        console.print(table)


if __name__ == "__main__":
    main()
