"""Save files of terminal games: where they go and how they are written."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from monastic.cli.common import CliError, write_atomic
from monastic.engine import Match

__all__ = ["default_save_path", "save_match"]


def default_save_path(game_id: str) -> Path:
    """``~/.monastic/saves/<game>-<UTC timestamp>.json``."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return Path.home() / ".monastic" / "saves" / f"{game_id}-{stamp}.json"


def save_match(match: Match, path: Path) -> None:
    """Write the save file (``Match.to_dict()`` JSON) atomically."""
    try:
        write_atomic(path, json.dumps(match.to_dict()))
    except OSError as err:
        raise CliError(f"cannot save to {path}: {err.strerror or err}") from None
