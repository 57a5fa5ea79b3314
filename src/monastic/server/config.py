"""Server settings, fixed when the server starts."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["BOT_LEVELS", "ServerConfig", "database_url", "default_sqlite_path"]

#: The bot levels a table may seat, by the name people pick, and the bot spec each plays.
#: A fixed list, so nobody can ask the worker pool for an unbounded search.
BOT_LEVELS = {
    "random": "random",
    "greedy": "greedy",
    "easy": "ismcts:easy",
    "medium": "ismcts:medium",
    "hard": "ismcts:hard",
}


def default_sqlite_path() -> Path:
    """Where the default SQLite file lives: the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "monastic" / "server.sqlite3"


def database_url(given: str | None) -> str:
    """The SQLAlchemy URL for ``--db`` (None: the default SQLite file).

    ``postgresql://`` URLs are served by psycopg 3; a plain path is a SQLite file.
    """
    if not given:
        path = default_sqlite_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    for prefix in ("postgresql://", "postgres://"):
        if given.startswith(prefix):
            return "postgresql+psycopg://" + given[len(prefix) :]
    if "://" not in given:
        return f"sqlite:///{Path(given).resolve()}"
    return given


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """What one server process runs with."""

    db_url: str
    bot_workers: int = 2
    bot_delay: float = 0.4  # seconds a bot waits before moving, so people can follow
    max_message: int = 8192  # bytes a client message may have; longer ones are refused
    max_chat: int = 500  # characters in one chat line
    replace_after: float = 30.0  # seconds a seat must be away before others seat a bot in it
    # A running table that has waited this long on a bot or an expired clock is taken over
    # by any process (the one driving it may have died); the version check keeps it single.
    stalled_after: float = 45.0
    analysis_bot: str = "ismcts:iterations=200"  # the search of "analyse this game"
    rematch_hold: float = 120.0  # seconds a rematch's seats wait for the previous players
    log_lines: int = 400  # log lines in a first message (the rest stays on the server)
    max_tables_listed: int = 200
    allow_seed: bool = False  # let a create request fix the seed (reproducible tests)
