"""Reading a results file back as comparable rows (wall times left out: they never repeat)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from monastic.lab.run import results_path
from monastic.lab.store import ResultStore


def replayable_rows(out_dir: Path) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Game rows (with their records) and seat rows, without the timing columns."""
    with ResultStore(results_path(out_dir)) as store:
        games = [
            (g.idx, g.seed, g.players, g.moves, g.ending, g.facts, store.record(g.idx))
            for g in store.games()
        ]
        seats = [
            (s.idx, s.seat, s.bot, s.score, s.reward, s.rank, s.decisions, s.kinds, s.facts)
            for s in store.seats()
        ]
    return games, seats
