"""``monastic analyse FILE``: the search's verdict on every decision of a finished game."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from monastic.cli.common import CliError, write_atomic
from monastic.cli.render import renderer_for
from monastic.engine import Record
from monastic.engine.jsonio import read_json
from monastic.lab.analysis import (
    DEFAULT_SPEC,
    LEVEL_ITERATIONS,
    MARKS,
    DecisionAnalysis,
    GameAnalysis,
    analyse_record,
)
from monastic.lab.analysis_report import (
    analysis_html,
    decision_table,
    json_position,
    summary_table,
)

__all__ = ["analyse_main", "read_record"]


def read_record(path: str | Path) -> Record:
    """A record from a save file (``Match.to_dict()``) or a record file; CliError if neither."""
    try:
        text = Path(path).read_bytes()
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        data = read_json(text, "save file or record")
        if isinstance(data, dict) and isinstance(data.get("record"), dict):
            data = data["record"]  # a save file: the record plus the state
        return Record.from_data(data)
    except ValueError as err:  # BadSaveFile included
        raise CliError(f"{path} is not a save file or record: {err}") from None


def terminal_position(d: DecisionAnalysis, analysis: GameAnalysis) -> str:
    """The position as the terminal game draws it for that seat (JSON if that fails)."""
    view = {**d.view, "names": list(analysis.names)}
    console = Console(record=True, width=130, file=io.StringIO(), color_system=None)
    try:
        renderer_for(analysis.game).render_table(view, console)
    except Exception:  # a renderer behind a changed view must not lose the report
        return json_position(d, analysis)
    return console.export_text()


def _parser() -> argparse.ArgumentParser:
    marks = ", ".join(f"{m} >= {t:.2f}" for t, m in reversed(MARKS))
    levels = ", ".join(f"{k} = {v}" for k, v in LEVEL_ITERATIONS.items())
    parser = argparse.ArgumentParser(
        prog="monastic analyse",
        description="Judge every decision of a finished (or unfinished) game with the search,"
        f" from what the deciding seat knew. Marks by the loss in expected result: {marks}.",
    )
    parser.add_argument("file", help="a save file or a match record (JSON)")
    parser.add_argument(
        "--seat",
        type=int,
        action="append",
        help="a seat to analyse, from 0 (may repeat; default all)",
    )
    parser.add_argument(
        "--bot",
        default=DEFAULT_SPEC,
        help=f"the search (default {DEFAULT_SPEC}); levels become iteration"
        f" budgets ({levels}) so an analysis repeats",
    )
    parser.add_argument("--seed", type=int, default=0, help="the analysis seed (default 0)")
    parser.add_argument("--out", help="write the HTML report here (e.g. report.html)")
    parser.add_argument("--all", action="store_true", help="list every decision, not only marks")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def analyse_main(argv: list[str]) -> int:
    """The ``monastic analyse`` command; returns the exit status."""
    args = _parser().parse_args(argv)
    console = Console() if sys.stdout.isatty() else Console(width=140)
    try:
        record = read_record(args.file)
        seats = args.seat or None
        bar = Progress(
            TextColumn("analysing"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
            disable=args.quiet,
        )
        task = bar.add_task("analyse", total=None)
        with bar:

            def advance(_decision: object, total: int) -> None:
                bar.update(task, total=total, advance=1)

            analysis = analyse_record(record, seats, args.bot, args.seed, on_decision=advance)
        console.print(decision_table(analysis, marked_only=not args.all))
        console.print(summary_table(analysis))
        if args.out:
            write_atomic(args.out, analysis_html(analysis, terminal_position))
            console.print(f"report: {args.out}", markup=False)
    except (CliError, ValueError) as err:
        print(f"monastic analyse: {err}", file=sys.stderr)
        return 2
    return 0
