"""The command line of the scripts that fit a game's evaluation on self-play.

Each script (``scripts/fit_<game>_evaluation.py``) knows how to play and fit one player count;
this reads the common options (games per count, which counts, worker processes), fits each
count asked for and writes the game's file with ``engine.fitted.write_fitted``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from monastic.engine.fitted import write_fitted

__all__ = ["fit_command"]

#: fit one player count: (players, games, worker processes) -> that count's entry
Fit = Callable[[int, int, int], Mapping[str, Any]]


def fit_command(
    doc: str, out: Path, about: str, features: tuple[str, ...], first_seed: int, fit: Fit
) -> None:
    """Parse the command line, fit the player counts asked for (2, 3 and 4 by default) and
    write ``out``, keeping the counts not refitted."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=1500, help="games per player count")
    parser.add_argument("--players", type=int, action="append", help="only this count")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    fitted = {n: fit(n, args.games, args.jobs) for n in args.players or (2, 3, 4)}
    write_fitted(out, about, features, args.games, first_seed, fitted)
    print(f"wrote {out}")
