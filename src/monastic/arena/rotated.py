"""The arena: seat-rotated matches between bots, in parallel, with win rates and ratings.

``monastic arena --game medieval-monastery --bots ismcts:medium,greedy --games 40`` plays 40
games (through the lab's runner: in-process, a process pool with ``--jobs``, or Ray with
``--ray``), every bot sitting in every seat equally often, and prints a table of win rates
(shared wins count fractionally) with 95% Wilson intervals, mean scores and Elo-style
ratings fitted to all pairwise results (Bradley-Terry). Game ``i`` uses seed ``seed + i``
and bot seeds derived from it, so a run is reproducible (up to time-budgeted bots).

``--paired`` plays every deal once per seat rotation instead (``monastic.arena.paired``):
``--games`` then counts deals, and every interval resamples deals, so the luck of the deal
cancels and the games of a deal are not taken as independent. Thinking time per move is
counted over real decisions only (at least two legal actions).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter
from typing import Any

from rich.console import Console
from rich.table import Table

from monastic.arena.deal_stats import bradley_terry_elo
from monastic.arena.games import check_line_up, play_tasks
from monastic.arena.paired import PairedReport, report_from_folders, run_paired
from monastic.bots import bot_names
from monastic.engine import load_game
from monastic.engine.options import option_texts
from monastic.lab.games import GameOutcome, GameTask, play_game, seatings
from monastic.lab.runner import Backend, RayUnavailable, add_ray_argument, make_backend
from monastic.lab.stats import wilson

__all__ = [
    "ArenaReport",
    "BotStats",
    "GameOutcome",
    "PairedReport",
    "arena_main",
    "elo_ratings",
    "play_game",
    "run_arena",
    "run_paired",
    "seatings",
    "split_specs",
    "wilson",
]


@dataclass(slots=True)
class BotStats:
    """One bot's totals over the run (a bot in two seats of a game counts twice)."""

    spec: str
    seats: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    decisions: int = 0
    think: float = 0.0
    elo: float = 1500.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.seats if self.seats else 0.0

    @property
    def ms_per_decision(self) -> float:
        return 1000.0 * self.think / self.decisions if self.decisions else 0.0


@dataclass(slots=True)
class ArenaReport:
    """The outcome of a run; ``table()`` renders it."""

    game: str
    players: int
    seed: int
    bots: list[BotStats]
    outcomes: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0
    out_dir: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data (no game records)."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "games": len(self.outcomes),
            "seconds": self.seconds,
            "bots": [
                {
                    "spec": b.spec,
                    "seats": b.seats,
                    "wins": b.wins,
                    "win_rate": b.win_rate,
                    "interval": list(b.interval),
                    "mean_score": b.mean_score,
                    "elo": b.elo,
                    "real_decisions": b.decisions,
                    "ms_per_decision": b.ms_per_decision,
                }
                for b in self.bots
            ],
        }

    def table(self) -> Table:
        """A rich table, best rating first."""
        title = (
            f"{self.game}, {self.players} players, {len(self.outcomes)} games,"
            f" seed {self.seed} ({self.seconds:.1f} s)"
        )
        table = Table(title=title)
        for name in ("bot", "seats", "wins", "win rate", "95% CI", "mean score", "Elo", "ms/move"):
            table.add_column(name, justify="left" if name == "bot" else "right")
        for bot in sorted(self.bots, key=lambda b: -b.elo):
            low, high = bot.interval
            table.add_row(
                bot.spec,
                str(bot.seats),
                f"{bot.wins:g}",
                f"{bot.win_rate:.1%}",
                f"{low:.1%}-{high:.1%}",
                f"{bot.mean_score:.2f}",
                f"{bot.elo:.0f}",
                f"{bot.ms_per_decision:.1f}",
            )
        return table


def elo_ratings(
    names: Sequence[str], wins: dict[tuple[str, str], float], iterations: int = 1000
) -> dict[str, float]:
    """Bradley-Terry strengths as Elo points (mean 1500) from pairwise win counts.

    ``wins[a, b]`` is how often ``a`` finished ahead of ``b`` (ties count half). Every pair
    that met also gets one virtual drawn game, so a bot that never lost stays finite.
    """
    return bradley_terry_elo(names, wins, iterations)


def run_arena(
    game_id: str,
    bot_specs: list[str],
    games: int,
    players: int,
    jobs: int | None = None,
    seed: int = 0,
    out_dir: str | None = None,
    progress: bool = True,
    options: Mapping[str, Any] | None = None,
    backend: Backend | None = None,
) -> ArenaReport:
    """Play ``games`` seat-rotated games and total the results; records go to ``out_dir``.

    ``options`` are game options (e.g. ``{"turns": 3}``); bad ones raise ValueError.
    The games run on ``backend`` (default: in-process for ``jobs`` 1, else a process pool
    of ``jobs`` workers, all cores when None); every backend plays the same games.
    """
    game = load_game(game_id)
    options = dict(game.options(options))
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    check_line_up(game, bot_specs, players)
    listed = [s.strip() for s in bot_specs]
    specs = list(dict.fromkeys(listed))  # one line of results per distinct bot
    order = seatings(listed, players)
    items = tuple(sorted(options.items()))
    tasks = [GameTask(game_id, i, seed + i, order[i % len(order)], items) for i in range(games)]
    folder = Path(out_dir) if out_dir else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    if backend is None:
        backend = make_backend(1 if games <= 1 else jobs)

    def keep(outcome: GameOutcome) -> None:
        if folder is not None:
            (folder / f"game-{outcome.index + 1:04d}.json").write_text(outcome.record + "\n")

    start = perf_counter()
    outcomes = play_tasks(backend, tasks, f"{game_id} arena", progress, keep)
    bots = _totals(specs, outcomes)
    return ArenaReport(game_id, players, seed, bots, outcomes, perf_counter() - start, out_dir)


def _totals(specs: list[str], outcomes: list[GameOutcome]) -> list[BotStats]:
    stats = {spec: BotStats(spec) for spec in specs}
    pairwise: dict[tuple[str, str], float] = {}
    for outcome in outcomes:
        for seat, spec in enumerate(outcome.specs):
            bot = stats[spec]
            bot.seats += 1
            bot.wins += outcome.rewards[seat]
            bot.score_sum += outcome.scores[seat]
            bot.decisions += outcome.decisions[seat]
            bot.think += outcome.think[seat]
        for i, j in itertools.combinations(range(len(outcome.specs)), 2):
            a, b = outcome.specs[i], outcome.specs[j]
            if a == b:
                continue
            ri, rj = outcome.ranks[i], outcome.ranks[j]
            score = 1.0 if ri < rj else 0.5 if ri == rj else 0.0
            pairwise[a, b] = pairwise.get((a, b), 0.0) + score
            pairwise[b, a] = pairwise.get((b, a), 0.0) + 1.0 - score
    for spec, rating in elo_ratings(specs, pairwise).items():
        stats[spec].elo = rating
    return list(stats.values())


def split_specs(texts: Sequence[str]) -> list[str]:
    """Bot specs from comma-separated lists; ``key=value`` items join the spec before them.

    ``["ismcts:medium,cutoff=20,greedy"]`` -> ``["ismcts:medium,cutoff=20", "greedy"]``.
    """
    kinds = set(bot_names())
    specs: list[str] = []
    for text in texts:
        for item in (part.strip() for part in text.split(",")):
            if not item:
                continue
            kind = item.partition(":")[0]
            if specs and kind not in kinds and ":" in specs[-1]:
                specs[-1] += "," + item
            else:
                specs.append(item)
    return specs


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monastic arena", description="Play bots against each other, seat-rotated."
    )
    parser.add_argument("--game", help="game id, e.g. medieval-monastery")
    parser.add_argument(
        "--report",
        metavar="DIR",
        nargs="+",
        help="print the figures of the deals a paired run (--paired --out DIR) finished so"
        " far; several folders of runs of the same bots and game from different seeds pool",
    )
    parser.add_argument(
        "--bots",
        action="append",
        help="comma-separated bot specs, e.g. ismcts:medium,greedy,random (may repeat)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=20,
        help="number of games (default 20); with --paired, the number of deals",
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="play every deal once per seat rotation; intervals resample deals",
    )
    parser.add_argument("--players", type=int, help="seats per game (default: the game's)")
    parser.add_argument("--jobs", type=int, help="worker processes (default: all cores)")
    add_ray_argument(parser)
    parser.add_argument("--seed", type=int, default=0, help="base seed; game i uses seed+i")
    parser.add_argument("--out", help="folder for the game records (JSON, replayable)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. turns=3 (may repeat)",
    )
    parser.add_argument("--summary", help="also write the figures as JSON to this file")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def arena_main(argv: list[str]) -> int:
    """The ``monastic arena`` command; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    console = Console() if sys.stdout.isatty() else Console(width=160)
    if args.report:
        try:
            finished = report_from_folders(args.report)
        except ValueError as err:
            console.print(f"arena: {err}", style="red", markup=False)
            return 2
        for table in finished.tables():
            console.print(table)
        return 0
    if not args.game or not args.bots:
        parser.error("--game and --bots are required (or --report DIR)")
    try:
        options = option_texts(args.option)
        players = args.players if args.players is not None else load_game(args.game).default_players
        run = run_paired if args.paired else run_arena
        report = run(
            args.game,
            split_specs(args.bots),
            args.games,
            players,
            jobs=args.jobs,
            seed=args.seed,
            out_dir=args.out,
            progress=not args.quiet,
            options=options,
            backend=make_backend(args.jobs, args.ray) if args.ray else None,
        )
    except (ValueError, RayUnavailable) as err:
        console.print(f"arena: {err}", style="red", markup=False)
        return 2
    for table in report.tables() if isinstance(report, PairedReport) else [report.table()]:
        console.print(table)
    if args.summary:
        Path(args.summary).write_text(json.dumps(report.to_dict(), indent=1) + "\n")
    if args.out:
        pattern = "deal-*.json" if args.paired else "game-*.json"
        console.print(f"records: {args.out}/{pattern}")
    return 0
