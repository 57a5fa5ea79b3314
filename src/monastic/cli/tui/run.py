"""Start the full-screen interface for ``monastic play`` and report how it ended."""

from __future__ import annotations

from pathlib import Path

from monastic.cli.seats import Seating
from monastic.cli.session import Session
from monastic.cli.tui.app import PlayApp
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
    auto_forced: bool = True,
) -> int:
    """Play ``match`` full-screen (a resumed one with its whole log); what the game ended
    with stays on the terminal afterwards."""
    session = Session(match, seating, auto_forced=auto_forced)
    app = PlayApp(session, save_path, delay=delay, show_turn=not resumed, save_at_end=save_at_end)
    said = app.run()
    if said:
        print(said)
    if session.is_over():
        result = session.state.result()
        winners = ", ".join(f"Seat {s} ({session.label(s, None)})" for s in result.winners)
        scores = ", ".join(f"{score:g}" for score in result.scores)
        print(f"{session.game.title} is over. Scores by seat: {scores}. Won: {winners}.")
    return 0
