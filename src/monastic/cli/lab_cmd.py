"""``monastic lab GAME``: many bot games, stored as they finish, then a balance report."""

from __future__ import annotations

import argparse
import signal
import sys
from types import FrameType

from rich.console import Console

from monastic.arena.rotated import split_specs
from monastic.cli.common import CliError, game_or_error, parse_options
from monastic.lab.balance_files import write_balance_report
from monastic.lab.run import LabSettings, run_lab
from monastic.lab.runner import RayUnavailable, add_ray_argument, make_backend
from monastic.lab.store import StoreMismatch

__all__ = ["lab_main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monastic lab",
        description="Play many bot games (resumable: the same command continues an"
        " interrupted run), store every result in DIR/results.sqlite, and write a balance"
        " report (DIR/report.html, report.md, PNG plots, seats.csv).",
    )
    parser.add_argument("game", help="game id, e.g. monastery")
    parser.add_argument("--players", type=int, help="seats per game (default: the game's)")
    parser.add_argument("--games", type=int, default=200, help="games in the run (default 200)")
    parser.add_argument(
        "--bots",
        action="append",
        help="comma-separated bot specs, seats rotated (default greedy; may repeat)",
    )
    parser.add_argument("--out", help="output folder (default lab-GAME-Pp)")
    parser.add_argument("--seed", type=int, default=0, help="base seed; game i uses seed+i")
    parser.add_argument("--jobs", type=int, help="worker processes (default: all cores)")
    add_ray_argument(parser)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. turns=3 (may repeat)",
    )
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="play nothing; write the report from the games stored so far",
    )
    parser.add_argument("--no-report", action="store_true", help="play only, write no report")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def _stop(signum: int, frame: FrameType | None) -> None:
    # A terminated run stops like an interrupted one: finished games stay stored.
    raise KeyboardInterrupt


def lab_main(argv: list[str]) -> int:
    """The ``monastic lab`` command; returns the exit status."""
    args = _parser().parse_args(argv)
    signal.signal(signal.SIGTERM, _stop)
    console = Console(stderr=True)
    try:
        game = game_or_error(args.game)
        players = args.players if args.players is not None else game.default_players
        out = args.out or f"lab-{args.game}-{players}p"
        if not args.report_only:
            settings = LabSettings(
                game=args.game,
                players=players,
                bots=tuple(split_specs(args.bots or ["greedy"])),
                games=args.games,
                seed=args.seed,
                options=parse_options(args.option),
            )
            backend = make_backend(args.jobs, args.ray)
            try:
                summary = run_lab(settings, out, backend, progress=not args.quiet, console=console)
            except KeyboardInterrupt:
                console.print(
                    f"lab: interrupted; the finished games are in {out}/results.sqlite;"
                    " run the same command again to go on",
                    markup=False,
                )
                return 130
            console.print(
                f"lab: played {summary.played} games in {summary.seconds:.1f} s"
                f" ({summary.games_per_second:.2f} games/s on {backend.describe()});"
                f" {summary.stored} stored in {out}/results.sqlite",
                markup=False,
            )
        if not args.no_report:
            files = write_balance_report(out)
            console.print(
                f"lab: report of {files.games} games: {files.html} ({files.markdown},"
                f" {len(files.figures)} plots, {files.csv})",
                markup=False,
            )
    except (CliError, ValueError, RuntimeError, StoreMismatch, RayUnavailable) as err:
        print(f"monastic lab: {err}", file=sys.stderr)
        return 2
    return 0
