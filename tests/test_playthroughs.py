"""Golden playthroughs (style.md habit 8): replay each stored game and diff it line by line.

After an intended rule change: ``python scripts/regenerate_playthroughs.py``.
"""

from __future__ import annotations

import difflib
import pathlib

import pytest

import monastic
from monastic.engine.playthrough import parse_playthrough, write_playthrough

FOLDER = pathlib.Path(__file__).parent / "playthroughs"
FILES = sorted(FOLDER.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays_identically(path: pathlib.Path) -> None:
    """Every view, legal action list, event and the result match the stored text."""
    stored = path.read_text()
    info = parse_playthrough(stored)
    replayed = write_playthrough(
        info["game"],
        info["players"],
        info["seed"],
        info["options"],
        info["moves"],
        info["max_steps"],
    )
    if replayed != stored:
        diff = difflib.unified_diff(
            stored.splitlines(), replayed.splitlines(), "stored", "replayed", lineterm="", n=1
        )
        pytest.fail("playthrough differs:\n" + "\n".join(list(diff)[:40]))


@pytest.mark.parametrize("game_id", monastic.game_ids())
def test_every_game_has_playthroughs(game_id: str) -> None:
    """A game without golden playthroughs fails (OpenSpiel's test_all_games_tested)."""
    counts = {p.name.split("-")[-2] for p in FILES if p.name.startswith(game_id + "-")}
    assert counts, f"no playthrough for {game_id}: run scripts/regenerate_playthroughs.py"


def test_a_fresh_walk_is_deterministic() -> None:
    """The same seed writes the same playthrough."""
    a = write_playthrough("medieval-monastery", 2, 9, {"turns": 1})
    assert a == write_playthrough("medieval-monastery", 2, 9, {"turns": 1})
