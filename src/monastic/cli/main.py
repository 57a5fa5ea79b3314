"""The ``monastic`` command line: parse the arguments and hand over to a subcommand."""

from __future__ import annotations

import argparse
import os
import sys

from rich.console import Console
from rich.table import Table

import monastic
from monastic import build_info
from monastic.cli.bench import add_bench_parser, run_bench
from monastic.cli.common import CliError, available_games
from monastic.cli.engine_cmd import add_engine_parser, run_engine
from monastic.cli.play import add_play_parser, run_play
from monastic.cli.rules_cmd import add_rules_parser, run_rules
from monastic.cli.server_cmds import add_server_parsers, run_server_command

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monastic",
        description="Three monastery-themed tabletop games: play, script, bench, arena.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"monastic {monastic.__version__} ({build_info.build_name()})",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_play_parser(sub)
    add_rules_parser(sub)
    add_engine_parser(sub)
    add_bench_parser(sub)
    add_server_parsers(sub)
    sub.add_parser("arena", help="bot tournaments (see 'monastic arena --help')", add_help=False)
    sub.add_parser(
        "lab", help="balance runs of many bot games (see 'monastic lab --help')", add_help=False
    )
    sub.add_parser(
        "analyse",
        help="post-game analysis of every decision (see 'monastic analyse --help')",
        add_help=False,
    )
    sub.add_parser("games", help="list the games with their titles and player counts")
    return parser


def _games() -> int:
    table = Table(title="monastic games")
    table.add_column("id", style="bold")
    table.add_column("title")
    table.add_column("players", justify="center")
    table.add_column("options")
    for game_id, game in available_games().items():
        if isinstance(game, str):
            table.add_row(game_id, "[dim](not playable yet)[/dim]", "", "")
            continue
        info = game.info
        options = ", ".join(f"{spec.name}={spec.default}" for spec in game.option_specs)
        table.add_row(game_id, game.title, f"{info.min_players}-{info.max_players}", options)
    Console().print(table)
    return 0


def _arena(argv: list[str]) -> int:
    try:
        from monastic.arena.rotated import arena_main
    except ImportError as err:
        print(f"monastic arena: the arena is not available ({err})", file=sys.stderr)
        return 2
    return arena_main(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status (2 for errors the user can fix)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "arena":  # the arena parses its own arguments
        return _arena(argv[1:])
    if argv and argv[0] == "lab":  # so do the lab and the analysis
        from monastic.cli.lab_cmd import lab_main

        return lab_main(argv[1:])
    if argv and argv[0] == "analyse":
        from monastic.cli.analyse_cmd import analyse_main

        return analyse_main(argv[1:])
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version and usage errors
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        return _run(parser, args)
    except BrokenPipeError:
        # The reader went away (``monastic engine moves g.json | head -1``): end quietly, and
        # point stdout at nothing so the interpreter's own flush at exit cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        if args.command == "games":
            return _games()
        if args.command == "engine":
            return run_engine(args)
        if args.command == "bench":
            return run_bench(args)
        if args.command == "play":
            return run_play(args)
        if args.command in ("serve", "bench-server"):
            return run_server_command(args)
        if args.command == "rules":
            return run_rules(args)
    except (CliError, ValueError) as err:
        # ValueError covers IllegalAction, ActionSyntaxError, BadOption and BadSaveFile.
        name = f"monastic {args.command}" + (
            f" {args.engine_command}" if args.command == "engine" else ""
        )
        print(f"{name}: {err}", file=sys.stderr)
        return 2
    parser.print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
