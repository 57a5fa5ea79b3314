"""The results file: SQLite, one row per game and one per seat, written as games finish.

Each game is committed on its own, so an interrupted run loses at most the games still
being played; the run's settings are stored too, and a run reopened with other settings is
refused rather than mixed. Python's own ``sqlite3`` is enough for two tables and no
migrations.
"""

from __future__ import annotations

import fcntl
import json
import sqlite3
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from monastic.lab.facts import LabGame

__all__ = ["GameRow", "ResultStore", "SeatRow", "StoreBusy", "StoreMismatch"]

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    idx INTEGER PRIMARY KEY,
    seed INTEGER NOT NULL,
    players INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    ending TEXT NOT NULL,
    facts TEXT NOT NULL,        -- JSON: the game's own figures
    seconds REAL NOT NULL,      -- wall time, the one column that is not replayable
    record BLOB NOT NULL        -- zlib-compressed record JSON
);
CREATE TABLE IF NOT EXISTS seats (
    idx INTEGER NOT NULL REFERENCES games(idx),
    seat INTEGER NOT NULL,
    bot TEXT NOT NULL,
    score REAL NOT NULL,
    reward REAL NOT NULL,       -- 1, 1/k for a k-way shared win, 0
    rank INTEGER NOT NULL,
    decisions INTEGER NOT NULL,
    think REAL NOT NULL,        -- seconds the bot spent choosing (not replayable)
    kinds TEXT NOT NULL,        -- JSON: action kind -> times taken
    facts TEXT NOT NULL,        -- JSON: the game's own figures for this seat
    PRIMARY KEY (idx, seat)
);
"""


class StoreMismatch(ValueError):
    """The results file holds a run with other settings."""


class StoreBusy(ValueError):
    """Another run is writing the results file."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game as stored (without its record)."""

    idx: int
    seed: int
    players: int
    moves: int
    ending: str
    facts: dict[str, Any]
    seconds: float


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of one game as stored."""

    idx: int
    seat: int
    bot: str
    score: float
    reward: float
    rank: int
    decisions: int
    think: float
    kinds: dict[str, int]
    facts: dict[str, float]


class ResultStore:
    """An open results file; use as a context manager or call ``close``.

    A writer (``writer=True``) holds an exclusive lock on ``<file>.lock`` while open, so two
    runs never play into the same file at once; a second writer gets StoreBusy.
    """

    def __init__(self, path: str | Path, writer: bool = False) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db: sqlite3.Connection | None = None
        self._lock: IO[str] | None = None
        if writer:
            self._lock = open(self.path.with_name(self.path.name + ".lock"), "w")  # noqa: SIM115
            try:
                fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                self._lock.close()
                raise StoreBusy(f"another lab run is writing {self.path}; wait for it") from None
        try:
            self._db = sqlite3.connect(self.path)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as err:
            self.close()
            raise ValueError(f"{self.path} is not a lab results file: {err}") from None

    @property
    def _sql(self) -> sqlite3.Connection:
        if self._db is None:
            raise ValueError(f"{self.path} is closed")
        return self._db

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._db is not None:
            self._sql.close()
            self._db = None
        if self._lock is not None:
            self._lock.close()  # closing the file releases the lock
            self._lock = None

    # Settings -----------------------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        """The stored run settings (empty for a new file)."""
        rows = self._sql.execute("SELECT name, value FROM settings").fetchall()
        return {name: json.loads(value) for name, value in rows}

    def claim(self, settings: Mapping[str, Any]) -> None:
        """Store the run's settings, or check them against the stored ones.

        Raises StoreMismatch naming the first setting that differs.
        """
        wanted = {"schema": SCHEMA_VERSION, **settings}
        stored = self.settings()
        if not stored:
            with self._sql:
                self._sql.executemany(
                    "INSERT INTO settings VALUES (?, ?)",
                    [(k, json.dumps(v)) for k, v in wanted.items()],
                )
            return
        for name in sorted(wanted.keys() | stored.keys()):
            if json.loads(json.dumps(wanted.get(name))) != stored.get(name):
                raise StoreMismatch(
                    f"{self.path} holds a run with {name}={stored.get(name)!r}, not"
                    f" {wanted.get(name)!r}: use another --out or the same settings"
                )

    # Games --------------------------------------------------------------------------------

    def done(self) -> set[int]:
        """The indices of the stored games."""
        return {idx for (idx,) in self._sql.execute("SELECT idx FROM games")}

    def add(self, game: LabGame) -> None:
        """Store one finished game and its seats in one transaction."""
        out = game.outcome
        record = zlib.compress(out.record.encode())
        with self._sql:
            self._sql.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    out.index,
                    out.seed,
                    len(out.specs),
                    game.moves,
                    game.ending,
                    json.dumps(game.facts, sort_keys=True),
                    game.seconds,
                    record,
                ),
            )
            self._sql.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        out.index,
                        seat,
                        out.specs[seat],
                        out.scores[seat],
                        out.rewards[seat],
                        out.ranks[seat],
                        out.decisions[seat],
                        out.think[seat],
                        json.dumps(game.kinds[seat], sort_keys=True),
                        json.dumps(game.seat_facts[seat], sort_keys=True),
                    )
                    for seat in range(len(out.specs))
                ],
            )

    def games(self) -> list[GameRow]:
        """Every stored game, by index."""
        rows = self._sql.execute(
            "SELECT idx, seed, players, moves, ending, facts, seconds FROM games ORDER BY idx"
        )
        return [
            GameRow(idx, seed, players, moves, ending, json.loads(facts), seconds)
            for idx, seed, players, moves, ending, facts, seconds in rows
        ]

    def seats(self) -> list[SeatRow]:
        """Every stored seat row, by game and seat."""
        rows = self._sql.execute("SELECT * FROM seats ORDER BY idx, seat")
        return [
            SeatRow(
                idx, seat, bot, score, reward, rank, decisions, think, json.loads(k), json.loads(f)
            )
            for idx, seat, bot, score, reward, rank, decisions, think, k, f in rows
        ]

    def record(self, idx: int) -> str:
        """The replayable record of game ``idx``; KeyError if it is not stored."""
        row = self._sql.execute("SELECT record FROM games WHERE idx = ?", (idx,)).fetchone()
        if row is None:
            raise KeyError(idx)
        return zlib.decompress(row[0]).decode()

    def records(self) -> Iterator[tuple[int, str]]:
        """Every stored record, by index."""
        for idx, blob in self._sql.execute("SELECT idx, record FROM games ORDER BY idx"):
            yield idx, zlib.decompress(blob).decode()
