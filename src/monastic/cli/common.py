"""Helpers the subcommands share: loading games and save files, writing files safely."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from monastic.engine import BadOption, Game, Match, game_ids, load_game
from monastic.engine.jsonio import read_json
from monastic.engine.options import option_texts

__all__ = [
    "CliError",
    "available_games",
    "game_or_error",
    "load_match",
    "parse_options",
    "print_json",
    "write_atomic",
]


class CliError(Exception):
    """A problem to report on stderr before exiting with status 2."""


def available_games() -> dict[str, Game | str]:
    """Every registered game id: its ``Game``, or why it cannot be loaded yet."""
    out: dict[str, Game | str] = {}
    for game_id in game_ids():
        try:
            out[game_id] = load_game(game_id)
        except Exception as err:  # a game still being written may fail in any way
            out[game_id] = f"{type(err).__name__}: {err}"
    return out


def game_or_error(game_id: str) -> Game:
    """The game, or a CliError that names the playable ids."""
    games = available_games()
    found = games.get(game_id)
    if isinstance(found, str):
        raise CliError(f"game {game_id!r} is not playable yet ({found})")
    if found is None:
        playable = ", ".join(g for g, v in games.items() if not isinstance(v, str))
        raise CliError(f"unknown game {game_id!r} (playable games: {playable})")
    return found


def parse_options(items: Sequence[str] | None) -> dict[str, Any]:
    """``["turns=3", "variant=team"]`` -> a dict; values stay text (games convert them)."""
    try:
        return dict(option_texts(items))
    except BadOption as err:
        raise CliError(str(err)) from None


def load_match(path: str | Path) -> Match:
    """Load a save file (``Match.to_dict()`` JSON); any problem becomes a CliError."""
    try:
        text = Path(path).read_bytes()
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        return Match.from_dict(read_json(text))
    except ValueError as err:
        raise CliError(f"{path} is not a valid save file: {err}") from None


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` so that readers see the old file or the new one, never half of it."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def print_json(data: Any, *, indent: int | None = None) -> None:
    """One JSON document on stdout."""
    sys.stdout.write(json.dumps(data, indent=indent) + "\n")
