"""Random-play speed of our games against two peers, side by side in one run.

    python -m venv .bench && .bench/bin/pip install '.[peers]'
    .bench/bin/python scripts/bench_peers.py [--rounds 5] [--seconds 2]

Each contender runs in a process of its own for ``--seconds`` of random play, one after the
other, and the whole line-up repeats ``--rounds`` times, so a drift of the machine's speed
falls on every contender alike. The figure is decisions per second (a decision: list the
legal actions, pick one uniformly, apply it; chance outcomes of the peers are not counted),
and the table gives each contender's median and its ratio to RLCard's UNO game loop (the
raw ``UnoGame``, without the environment's observation encoding) and to OpenSpiel's C++
hearts. Ours run through ``legal_actions`` and ``apply_quiet``, the path a search takes.
Needs ``rlcard`` and ``open_spiel`` (the ``peers`` extra); a peer that is missing is skipped.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections.abc import Callable
from time import perf_counter

from rich.console import Console
from rich.progress import track
from rich.table import Table

OURS = {
    "medieval-monastery 4p": ("medieval-monastery", 4),
    "monasterium 3p": ("monasterium", 3),
    "monastery 3p": ("monastery", 3),
}
PEERS = ("rlcard uno", "open_spiel hearts")


def _timed(play_one: Callable[[], int], seconds: float) -> dict[str, float]:
    """Play games with ``play_one`` (returning its decisions) for about ``seconds``."""
    for _ in range(3):  # untimed warm-up games
        play_one()
    decisions = games = 0
    start = perf_counter()
    while perf_counter() - start < seconds:
        decisions += play_one()
        games += 1
    elapsed = perf_counter() - start
    return {"decisions_per_second": decisions / elapsed, "games_per_second": games / elapsed}


def _ours(name: str, seconds: float) -> dict[str, float]:
    import random

    import monastic

    game_id, players = OURS[name]
    game = monastic.load_game(game_id)
    pick = random.Random(1).random
    seeds = iter(range(10**9))

    def play_one() -> int:
        state = game.new_game(players, next(seeds))
        decisions = 0
        while not state.is_over():
            acting = state.to_act()
            seat = acting[int(pick() * len(acting))]
            legal = state.legal_actions(seat)
            state.apply_quiet(seat, legal[int(pick() * len(legal))])
            decisions += 1
        return decisions

    return _timed(play_one, seconds)


def _uno(seconds: float) -> dict[str, float]:
    import random

    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame()
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


def _hearts(seconds: float) -> dict[str, float]:
    import random

    import pyspiel

    game = pyspiel.load_game("hearts")
    pick = random.Random(1).random

    def play_one() -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(pick() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(pick() * len(legal))])
                decisions += 1
        return decisions

    return _timed(play_one, seconds)


def _worker(name: str, seconds: float) -> None:
    if name == "rlcard uno":
        figures = _uno(seconds)
    elif name == "open_spiel hearts":
        figures = _hearts(seconds)
    else:
        figures = _ours(name, seconds)
    print(json.dumps(figures))


def _run(name: str, seconds: float) -> float | None:
    done = subprocess.run(
        [sys.executable, __file__, "--worker", name, "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        return None
    return float(json.loads(done.stdout)["decisions_per_second"])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5, help="line-ups to run (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="per contender and round")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.worker, args.seconds)
        return
    contenders = [*OURS, *PEERS]
    runs: dict[str, list[float]] = {name: [] for name in contenders}
    missing: set[str] = set()
    line_ups = [name for _ in range(args.rounds) for name in contenders]
    for name in track(line_ups, description="line-ups", transient=True):
        if name in missing:
            continue
        rate = _run(name, args.seconds)
        if rate is None:
            missing.add(name)
        else:
            runs[name].append(rate)
    medians = {name: statistics.median(rates) for name, rates in runs.items() if rates}
    table = Table(title=f"random play, decisions per second ({args.rounds} rounds, one core)")
    for column in ("contender", "median", "min", "max", "x UNO loop", "x C++ hearts"):
        table.add_column(column, justify="left" if column == "contender" else "right")
    for name in contenders:
        if name not in medians:
            table.add_row(name, "not installed", "", "", "", "")
            continue
        ratios = [
            f"{medians[name] / medians[peer]:.2f}" if peer in medians else "-" for peer in PEERS
        ]
        rates = runs[name]
        table.add_row(
            name, f"{medians[name]:,.0f}", f"{min(rates):,.0f}", f"{max(rates):,.0f}", *ratios
        )
    Console().print(table)


if __name__ == "__main__":
    main()
