"""The end of a terminal game: scores, ranks, winners (ties as ties) and the breakdown."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from monastic.cli.render import Renderer
from monastic.engine import State

__all__ = ["show_result"]


def show_result(
    state: State, console: Console, renderer: Renderer, label: Callable[[int], str]
) -> None:
    """Print the final result of a finished game."""
    result = state.result()
    table = Table(title="Final result", title_style="bold")
    table.add_column("rank", justify="right")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("")
    for seat in sorted(range(state.players), key=lambda s: (result.ranks[s], s)):
        score = result.scores[seat]
        shown = str(int(score)) if float(score).is_integer() else f"{score:.2f}"
        won = "winner" if seat in result.winners else ""
        table.add_row(
            str(result.ranks[seat]),
            f"Seat {seat}",
            label(seat),
            shown,
            won,
            style="bold" if won else "",
        )
    console.print(table)
    winners = [f"Seat {s} ({label(s)})" for s in result.winners]
    if len(winners) == 1:
        console.print(f"{winners[0]} wins!", style="bold green", markup=False)
    else:
        joined = ", ".join(winners[:-1]) + " and " + winners[-1]
        console.print(f"A tie: {joined} share the victory.", style="bold green", markup=False)
    data = result.to_dict()
    data["names"] = [label(s) for s in range(state.players)]
    renderer.render_breakdown(data, console)
