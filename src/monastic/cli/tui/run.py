"""Start the full-screen interface for ``monastic play`` and report how it ended."""

from __future__ import annotations

from pathlib import Path

from monastic.cli.seats import Seating
from monastic.cli.tui.app import PlayApp
from monastic.cli.tui.game_loop import GameLoop
from monastic.engine import Match

__all__ = ["run_full_screen"]


def run_full_screen(
    match: Match,
    seating: Seating,
    save_path: Path,
    *,
    resumed: bool,
    delay: float = 0.0,
    save_at_end: bool = False,
) -> int:
    """Play ``match`` full-screen; what the game ended with stays on the terminal."""
    loop = GameLoop(match, seating, save_path)
    if resumed:
        loop.replay_log()
    app = PlayApp(loop, delay=delay, show_turn=not resumed, save_at_end=save_at_end)
    said = app.run()
    if said:
        print(said)
    if loop.is_over():
        result = loop.match.state.result()
        winners = ", ".join(f"Seat {s} ({loop.label(s, None)})" for s in result.winners)
        scores = ", ".join(str(score) for score in result.scores)
        print(f"{loop.title}: the game is over. Scores by seat: {scores}. Won: {winners}.")
    return 0
