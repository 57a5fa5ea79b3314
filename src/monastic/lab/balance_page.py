"""A game's balance page (``docs/<game>/balance.md``) from one or more lab runs.

``python -m monastic.lab.balance_page docs/monastery/balance.md RUN_DIR...`` writes the
page and its PNG plots beside it: a summary of seat advantage over every run, then each
run's report. The notes between ``<!-- notes -->`` and ``<!-- /notes -->`` in an existing
page are kept, so a page regenerated with more games keeps what was written about it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from monastic.engine import load_game
from monastic.lab.balance import balance_report
from monastic.lab.render import to_markdown, write_figures
from monastic.lab.report_model import Figure
from monastic.lab.run import results_path
from monastic.lab.stats import wilson
from monastic.lab.store import GameRow, ResultStore, SeatRow

__all__ = ["write_balance_page"]

_NOTES = re.compile(r"<!-- notes -->\n(.*?)<!-- /notes -->", re.S)


def _summary_row(settings: dict[str, Any], seats: list[SeatRow]) -> str:
    players = int(settings["players"])
    cells = []
    for seat in range(players):
        mine = [r for r in seats if r.seat == seat]
        wins = sum(r.reward for r in mine)
        low, high = wilson(wins, len(mine))
        cells.append(f"{wins / len(mine):.1%} ({low:.1%}-{high:.1%})")
    cells += [""] * (6 - players)
    games = len({r.idx for r in seats})
    bots = ", ".join(str(b) for b in settings["bots"])
    return f"| {players} | {bots} | {games} | " + " | ".join(cells) + " |"


def write_balance_page(page: str | Path, runs: Sequence[str | Path]) -> Path:
    """Write the page for the runs (all of one game) and their plots beside it."""
    target = Path(page)
    notes = ""
    if target.exists():
        found = _NOTES.search(target.read_text(encoding="utf-8"))
        notes = found.group(1) if found else ""
    loaded: list[tuple[dict[str, Any], list[GameRow], list[SeatRow]]] = []
    for run in runs:
        path = results_path(run)
        if not path.exists():
            raise ValueError(f"{path} does not exist")
        with ResultStore(path) as store:
            loaded.append((store.settings(), store.games(), store.seats()))
    games = {str(settings["game"]) for settings, _, _ in loaded}
    if len(games) != 1:
        raise ValueError(f"the runs are of several games: {', '.join(sorted(games))}")
    game = load_game(games.pop())
    lines = [
        f"# {game.title}: balance",
        "",
        "Figures from bot games played by the lab (`docs/lab.md`); regenerate this page with"
        f" `python -m monastic.lab.balance_page docs/{game.id}/balance.md RUN_DIR...`.",
        "",
        "<!-- notes -->",
        notes.rstrip("\n") + "\n" if notes.strip() else "(notes on what the figures mean)\n",
        "<!-- /notes -->",
        "",
        "## Seat advantage over all runs",
        "",
        "Win rate per seat (95% Wilson interval); a fair seat wins 1/players.",
        "",
        "| players | bots | games | seat 0 | seat 1 | seat 2 | seat 3 | seat 4 | seat 5 |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for settings, _, seats in loaded:
        lines.append(_summary_row(settings, seats))
    lines.append("")
    for settings, game_rows, seats in loaded:
        report = balance_report(settings, game_rows, seats)
        bots = "-".join(str(b) for b in settings["bots"])
        if bots != "greedy":
            # Runs of the same player count but other bots need figure names of their own.
            tag = re.sub(r"[^a-z0-9]+", "-", bots.lower()).strip("-")
            for section in report.sections:
                section.figures = [
                    Figure(f.name.replace(".png", f"-{tag}.png"), f.title, f.png)
                    for f in section.figures
                ]
        report.title = f"{settings['players']} players, {', '.join(settings['bots'])}"
        write_figures(report, target.parent)
        lines += [to_markdown(report, level=2), ""]
    target.write_text("\n".join(lines), encoding="utf-8")
    return target


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print("usage: python -m monastic.lab.balance_page PAGE.md RUN_DIR...", file=sys.stderr)
        raise SystemExit(2)
    print(write_balance_page(sys.argv[1], sys.argv[2:]))
