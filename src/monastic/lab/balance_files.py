"""Writing a stored run's balance report: HTML, Markdown, PNG plots and the raw CSV."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from monastic.lab.balance import balance_report
from monastic.lab.render import to_html, to_markdown, write_figures
from monastic.lab.run import results_path
from monastic.lab.store import ResultStore

__all__ = ["ReportFiles", "write_balance_report"]


@dataclass(frozen=True, slots=True)
class ReportFiles:
    """Where the report went."""

    html: Path
    markdown: Path
    csv: Path
    figures: tuple[Path, ...]
    games: int


def write_balance_report(out_dir: str | Path) -> ReportFiles:
    """Build the report from ``out_dir``'s results file and write it into ``out_dir``."""
    folder = Path(out_dir)
    path = results_path(folder)
    if not path.exists():
        raise ValueError(f"{path} does not exist: run the lab into {folder} first")
    with ResultStore(path) as store:
        settings = store.settings()
        games, seats = store.games(), store.seats()
    report = balance_report(settings, games, seats)
    figures = tuple(write_figures(report, folder))
    html_path = folder / "report.html"
    html_path.write_text(to_html(report), encoding="utf-8")
    md_path = folder / "report.md"
    md_path.write_text(to_markdown(report), encoding="utf-8")
    csv_path = folder / "seats.csv"
    with csv_path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            (
                "game",
                "seat",
                "bot",
                "score",
                "reward",
                "rank",
                "decisions",
                "think_s",
                "moves",
                "ending",
            )
        )
        by_idx = {g.idx: g for g in games}
        for r in seats:
            g = by_idx[r.idx]
            writer.writerow(
                (
                    r.idx,
                    r.seat,
                    r.bot,
                    r.score,
                    r.reward,
                    r.rank,
                    r.decisions,
                    f"{r.think:.6f}",
                    g.moves,
                    g.ending,
                )
            )
    return ReportFiles(html_path, md_path, csv_path, figures, len(games))
