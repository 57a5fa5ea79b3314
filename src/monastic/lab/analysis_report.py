"""The analysis report: HTML (summary, marks, the win-chance plot, every position) and the
rich tables the terminal shows."""

from __future__ import annotations

import html
from collections.abc import Callable

from rich.table import Table

from monastic.engine import load_game
from monastic.lab import plots
from monastic.lab.analysis import MARKS, DecisionAnalysis, GameAnalysis
from monastic.lab.render import to_html
from monastic.lab.report_model import Figure, Report, Section, TableData

__all__ = [
    "PositionText",
    "analysis_html",
    "decision_table",
    "json_position",
    "summary_table",
    "win_chance_figure",
]

_STYLES = {"blunder": "bold red", "mistake": "dark_orange", "inaccuracy": "yellow"}


def _seat_name(analysis: GameAnalysis, seat: int) -> str:
    name = analysis.names[seat] if seat < len(analysis.names) else ""
    return f"seat {seat}" + (f" ({name})" if name else "")


def _value(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def win_chance_figure(analysis: GameAnalysis) -> Figure:
    """Each analysed seat's estimated result with best play, decision by decision."""
    series = {}
    for seat in analysis.seats:
        mine = [d for d in analysis.decisions if d.seat == seat]
        series[_seat_name(analysis, seat)] = (
            [d.ply + 1 for d in mine],
            [d.best_value for d in mine],
        )
    png = plots.lines(
        series,
        "Estimated chance to win (the search's expected result)",
        "move number",
        "expected result",
        ylim=(-0.02, 1.02),
    )
    return Figure(f"{analysis.game}-analysis-win-chance.png", "Estimated chance to win", png)


def _thresholds() -> str:
    return ", ".join(
        f"{mark} from a loss of {threshold:.2f}" for threshold, mark in reversed(MARKS)
    )


def _summary_rows(analysis: GameAnalysis) -> list[tuple[str, ...]]:
    rows = []
    for summary in analysis.summaries():
        rows.append(
            (
                _seat_name(analysis, summary.seat),
                str(summary.decisions),
                f"{summary.accuracy:.0%}",
                f"{summary.mean_loss:.3f}",
                *(str(summary.marks[m]) for _, m in MARKS),
            )
        )
    return rows


def summary_table(analysis: GameAnalysis) -> Table:
    """Per player: decisions, accuracy, mean loss and marks (rich)."""
    table = Table(title=f"{load_game(analysis.game).title}: analysis by {analysis.spec}")
    for name in ("player", "decisions", "accuracy", "mean loss", *(m for _, m in MARKS)):
        table.add_column(name, justify="left" if name == "player" else "right")
    for row in _summary_rows(analysis):
        table.add_row(*row)
    return table


def decision_table(analysis: GameAnalysis, marked_only: bool = False) -> Table:
    """Every analysed decision (or only the marked ones), rich."""
    table = Table(title="Decisions" + (" with a mark" if marked_only else ""))
    for name in ("move", "seat", "played", "estimate", "best", "estimate", "loss", "mark"):
        table.add_column(name, justify="right" if name in ("move", "estimate", "loss") else "left")
    for d in analysis.decisions:
        if marked_only and d.mark is None:
            continue
        style = _STYLES.get(d.mark or "", "")
        table.add_row(
            str(d.ply + 1),
            str(d.seat),
            d.played,
            _value(d.played_value),
            "=" if d.best == d.played else d.best,
            _value(d.best_value),
            _value(d.loss),
            d.mark or "",
            style=style,
        )
    return table


#: How a position is shown: the deciding seat's view as text.
PositionText = Callable[[DecisionAnalysis, GameAnalysis], str]


def json_position(d: DecisionAnalysis, analysis: GameAnalysis) -> str:
    """The seat's view as indented JSON (what every game has)."""
    return d.position_text()


def _position_html(d: DecisionAnalysis, analysis: GameAnalysis, text: PositionText) -> str:
    candidates = "".join(
        f"<tr><td>{html.escape(c.action)}</td><td>{c.share:.1%}</td><td>{c.value:.3f}</td></tr>"
        for c in d.candidates[:12]
    )
    mark = f" - <strong>{d.mark}</strong>" if d.mark else ""
    return (
        f"<details id='move-{d.ply + 1}'><summary>Move {d.ply + 1}, "
        f"{html.escape(_seat_name(analysis, d.seat))}: played {html.escape(d.played)}{mark}"
        f"</summary><table><thead><tr><th>candidate</th><th>visits</th><th>estimate</th></tr>"
        f"</thead><tbody>{candidates}</tbody></table>"
        f"<p class='note'>{d.legal} legal moves. The position as this seat saw it"
        f" (its view):</p><pre>{html.escape(text(d, analysis))}</pre></details>"
    )


def analysis_html(analysis: GameAnalysis, position: PositionText = json_position) -> str:
    """The whole report as one HTML page (plot embedded, one link per position, each
    position shown by ``position``)."""
    title = f"{load_game(analysis.game).title}: analysis of every decision"
    result = ""
    if analysis.result is not None:
        scores = ", ".join(
            f"{_seat_name(analysis, s)} {score:g}"
            for s, score in enumerate(analysis.result["scores"])
        )
        result = f" Final scores: {scores}."
    lead = [
        f"{analysis.moves} moves; {len(analysis.decisions)} decisions of"
        f" {', '.join(_seat_name(analysis, s) for s in analysis.seats)} analysed by"
        f" {analysis.spec} (seed {analysis.seed}).{result}",
        "Each estimate is the search's expected result for the deciding seat (1 = a sure win),"
        " from worlds sampled from what that seat knew at the time. The loss is the best"
        f" estimate minus the estimate of the move played; marks: {_thresholds()}."
        " Accuracy is the share of decisions without a mark.",
    ]
    report = Report(title, lead)
    summary = Section("Summary per player")
    headers = ("player", "decisions", "accuracy", "mean loss", *(m for _, m in MARKS))
    summary.tables.append(TableData("Accuracy and marks", headers, tuple(_summary_rows(analysis))))
    worst_rows = []
    for s in analysis.summaries():
        for d in s.worst:
            worst_rows.append(
                (
                    _seat_name(analysis, d.seat),
                    f"move {d.ply + 1}",
                    d.mark or "",
                    d.played,
                    d.best,
                    f"{d.loss or 0.0:.3f}",
                    f"{d.best} would have kept an expected result of {d.best_value:.2f}"
                    f" instead of {_value(d.played_value)}",
                )
            )
    if worst_rows:
        summary.tables.append(
            TableData(
                "The biggest mistakes and the better move",
                ("player", "where", "mark", "played", "better", "loss", "in words"),
                tuple(worst_rows),
            )
        )
    summary.figures.append(win_chance_figure(analysis))
    report.sections.append(summary)
    rows = []
    for d in analysis.decisions:
        rows.append(
            (
                str(d.ply + 1),
                _seat_name(analysis, d.seat),
                d.phase,
                d.played,
                _value(d.played_value),
                "=" if d.best == d.played else d.best,
                _value(d.best_value),
                _value(d.loss),
                d.mark or "",
            )
        )
    table = TableData(
        "Every decision",
        ("move", "seat", "phase", "played", "estimate", "best", "estimate", "loss", "mark"),
        tuple(rows),
        "Open a position below by its move number.",
    )
    positions = "<h2>Positions</h2>" + "".join(
        _position_html(d, analysis, position) for d in analysis.decisions
    )
    report.sections.append(Section("Decisions", [], [table]))
    page = to_html(report, extra=positions)
    # Each move number in the table links to its position.
    for d in analysis.decisions:
        move = d.ply + 1
        link = f"<td class='n'><a href='#move-{move}'>{move}</a></td>"
        page = page.replace(
            f"<tr><td class='n'>{move}</td>", f"<tr class='{d.mark or ''}'>{link}", 1
        )
    return page
