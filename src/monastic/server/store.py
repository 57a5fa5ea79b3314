"""Storage of tables, seats, moves and chat, through SQLAlchemy (SQLite or PostgreSQL).

Every write that changes a game is one transaction guarded by the table's version
(``UPDATE ... WHERE version = :expected``), so two server processes on one database can
never both apply a move to the same version: the second finds the row changed and is told
so. On PostgreSQL the same transaction sends a NOTIFY, delivered to the other processes
when it commits.

The methods are blocking; the server runs them on its own threads (``run``), never on the
event loop.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    create_engine,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)

from monastic.server.models import chat, metadata, moves, seats, tables

__all__ = ["NOTIFY_CHANNEL", "ChatRow", "MoveRow", "SeatRow", "Store", "TableRow"]

NOTIFY_CHANNEL = "monastic_tables"
_MIGRATIONS = Path(__file__).parent / "migrations"
_MIGRATION_LOCK = 7_461_231  # a PostgreSQL advisory lock id: one process migrates at a time

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(slots=True)
class SeatRow:
    seat: int
    human: bool
    name: str | None = None
    token_hash: str | None = None
    bot: str | None = None  # the bot level playing the seat now
    held_for: str | None = None  # a rematch seat kept for the holder of this token hash...
    held_until: float | None = None  # ...until then (epoch seconds)

    @property
    def taken(self) -> bool:
        return not self.human or self.token_hash is not None

    def held(self, now: float) -> bool:
        """Whether the seat still waits for its previous player."""
        return self.held_for is not None and (self.held_until or 0.0) > now

    def free_for(self, now: float, previous: str | None) -> bool:
        """Whether a person holding ``previous`` (a token hash of the game before, or None)
        may take this seat now."""
        return not self.taken and (not self.held(now) or previous == self.held_for)


@dataclass(slots=True)
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    settings: dict[str, Any]
    status: str
    version: int
    created_at: float
    updated_at: float
    seats: list[SeatRow] = field(default_factory=list)
    rematch_of: str | None = None
    rematch: str | None = None
    clock_deadline: float | None = None


@dataclass(frozen=True, slots=True)
class MoveRow:
    seq: int
    version: int
    seat: int
    action: str
    sealed: bool
    by: str
    at: float


@dataclass(frozen=True, slots=True)
class ChatRow:
    id: int
    seat: int | None
    name: str
    text: str
    at: float

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "name": self.name, "text": self.text}


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers work beside the writer; NORMAL sync survives a killed process (the
    # log is in the file system), which is the durability the server promises.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The database of one server process (a SQLite file or a PostgreSQL database)."""

    def __init__(self, url: str, origin: str = "") -> None:
        self.url = url
        self.origin = origin  # names this process in its notifications
        self.is_postgres = url.startswith("postgresql")
        if self.is_postgres:
            self.engine: Engine = create_engine(url, pool_size=8, max_overflow=4)
        else:
            self.engine = create_engine(url, connect_args={"check_same_thread": False})
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._autocommit = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        # SQLite takes one writer at a time: one thread keeps its writes in order without
        # lock waits; PostgreSQL gets a few.
        self._threads = ThreadPoolExecutor(
            max_workers=6 if self.is_postgres else 1, thread_name_prefix="monastic-db"
        )

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a blocking method on the store's threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, lambda: fn(*args, **kwargs))

    def close(self) -> None:
        self._threads.shutdown(wait=True)
        self.engine.dispose()

    # Schema ----------------------------------------------------------------------------

    def migrate(self) -> None:
        """Bring the schema to the newest migration (one process at a time on PostgreSQL)."""
        config = Config()
        config.set_main_option("script_location", str(_MIGRATIONS))
        with self.engine.begin() as conn:
            if self.is_postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _MIGRATION_LOCK})
            config.attributes["connection"] = conn
            command.upgrade(config, "head")

    def reset(self) -> None:
        """Drop every table (tests only)."""
        with self.engine.begin() as conn:
            metadata.drop_all(conn)
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))

    # Tables ----------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables).values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    options=row.options,
                    seed=str(row.seed),
                    settings=row.settings,
                    status=row.status,
                    version=row.version,
                    created_at=row.created_at,
                    updated_at=row.updated_at,
                    rematch_of=row.rematch_of,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "human": s.human,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "bot": s.bot,
                        "held_for": s.held_for,
                        "held_until": s.held_until,
                    }
                    for s in row.seats
                ],
            )
            self._notify(conn, row.id, row.version, "table")

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            found = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if found is None:
                return None
            row = _table_row(found)
            row.seats = self._seats(conn, table_id)
            return row

    def load(self, table_id: str) -> tuple[TableRow, list[MoveRow]] | None:
        """A table and its moves as of one version (read again if a move landed between)."""
        for _ in range(20):
            row = self.get_table(table_id)
            if row is None:
                return None
            found = self.live_moves(table_id)
            with self.engine.connect() as conn:
                version = conn.scalar(select(tables.c.version).where(tables.c.id == table_id))
            if version == row.version:
                return row, found
        raise RuntimeError(f"table {table_id} keeps changing while it is read")

    def list_tables(self, limit: int) -> list[TableRow]:
        """The newest tables first, each with its seats."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(tables).order_by(tables.c.updated_at.desc()).limit(limit)
            ).mappings()
            rows = [_table_row(m) for m in found]
            if not rows:
                return rows
            by_id = {row.id: row for row in rows}
            for m in conn.execute(
                select(seats).where(seats.c.table_id.in_(by_id)).order_by(seats.c.seat)
            ).mappings():
                by_id[m["table_id"]].seats.append(_seat_row(m))
            return rows

    def running_ids(self) -> list[str]:
        """Tables still being played (to resume their bots and clocks on start)."""
        with self.engine.connect() as conn:
            return list(conn.scalars(select(tables.c.id).where(tables.c.status == "running")))

    def stalled_ids(self, before: float, now: float) -> list[tuple[str, int]]:
        """Running tables (id, version) unchanged since ``before`` that may wait on a
        machine: a table with a bot seat, or whose clock has run out. The process that drove
        them may have died."""
        with self.engine.connect() as conn:
            has_bot = (
                select(seats.c.table_id)
                .where(seats.c.table_id == tables.c.id, seats.c.bot.is_not(None))
                .exists()
            )
            query = select(tables.c.id, tables.c.version).where(
                tables.c.status == "running",
                tables.c.updated_at < before,
                or_(has_bot, tables.c.clock_deadline < now),
            )
            return [(row.id, row.version) for row in conn.execute(query)]

    def _seats(self, conn: Connection, table_id: str) -> list[SeatRow]:
        found = conn.execute(
            select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        ).mappings()
        return [_seat_row(m) for m in found]

    # Seats -----------------------------------------------------------------------------

    def take_seat(
        self, table_id: str, seat: int, name: str, token_hash: str, previous: str | None = None
    ) -> str | None:
        """Give a free person's seat to ``name``; the table starts when none is left free.
        A rematch seat held for its previous player goes only to the holder of ``previous``
        (that player's old token hash) until the hold ends.

        Returns the table's status afterwards, or None if the seat was not free.
        """
        open_to_all = or_(seats.c.held_for.is_(None), seats.c.held_until <= time.time())
        allowed = (
            open_to_all if previous is None else or_(open_to_all, seats.c.held_for == previous)
        )
        with self.engine.begin() as conn:
            done = conn.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.human.is_(True),
                    seats.c.token_hash.is_(None),
                    allowed,
                )
                .values(name=name, token_hash=token_hash)
            )
            if done.rowcount != 1:
                return None
            free = conn.scalar(
                select(func.count())
                .select_from(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.human.is_(True),
                    seats.c.token_hash.is_(None),
                )
            )
            status = "open" if free else "running"
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.status == "open")
                .values(status=status, updated_at=time.time())
            )
            self._notify(conn, table_id, None, "seat")
            return status

    def set_bot(self, table_id: str, seat: int, bot: str | None) -> None:
        """Seat a bot of level ``bot`` in a person's seat, or hand it back (None)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(bot=bot)
            )
            self._notify(conn, table_id, None, "seat")

    def set_rematch(self, table_id: str, rematch: TableRow) -> str:
        """Create ``rematch`` as the rematch of a table unless it has one; return its id."""
        with self.engine.begin() as conn:
            current = conn.scalar(select(tables.c.rematch).where(tables.c.id == table_id))
            if current:
                return str(current)
            done = conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.rematch.is_(None))
                .values(rematch=rematch.id)
            )
            if done.rowcount != 1:  # another process made it first
                return str(conn.scalar(select(tables.c.rematch).where(tables.c.id == table_id)))
        self.create_table(rematch)
        with self.engine.begin() as conn:
            self._notify(conn, table_id, None, "seat")
        return rematch.id

    # Moves -----------------------------------------------------------------------------

    def live_moves(self, table_id: str) -> list[MoveRow]:
        """The moves not taken back, in order."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(moves)
                .where(moves.c.table_id == table_id, moves.c.undone.is_(False))
                .order_by(moves.c.seq)
            ).mappings()
            return [_move_row(m) for m in found]

    def append_move(
        self,
        table_id: str,
        expected_version: int,
        seat: int,
        action: str,
        sealed: bool,
        by: str,
        status: str,
        clock_deadline: float | None,
    ) -> MoveRow | None:
        """Store a move made against ``expected_version``; None if the table moved on."""
        now = time.time()
        if self.is_postgres:
            return self._append_move_postgres(
                table_id, expected_version, seat, action, sealed, by, status, clock_deadline, now
            )
        with self.engine.begin() as conn:
            done = conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.version == expected_version)
                .values(
                    version=expected_version + 1,
                    status=status,
                    updated_at=now,
                    clock_deadline=clock_deadline,
                )
            )
            if done.rowcount != 1:
                return None
            # The version a move leads to numbers it: versions only grow, so numbers are
            # unique and in order, with gaps where moves were taken back.
            seq = expected_version + 1
            row = MoveRow(seq, expected_version, seat, action, sealed, by, now)
            conn.execute(
                insert(moves).values(
                    table_id=table_id,
                    seq=seq,
                    version=expected_version,
                    seat=seat,
                    action=action,
                    sealed=sealed,
                    undone=False,
                    by=by,
                    at=now,
                )
            )
            self._notify(conn, table_id, expected_version + 1, "move")
            return row

    def _append_move_postgres(
        self,
        table_id: str,
        expected_version: int,
        seat: int,
        action: str,
        sealed: bool,
        by: str,
        status: str,
        clock_deadline: float | None,
        now: float,
    ) -> MoveRow | None:
        # The same guarded change as below in one statement, so one round trip: the
        # version check, the move, and the notification, committed together.
        seq = expected_version + 1
        payload = self._payload(table_id, seq, "move")
        params = {
            "table": table_id,
            "expected": expected_version,
            "next": seq,
            "status": status,
            "now": now,
            "deadline": clock_deadline,
            "seat": seat,
            "action": action,
            "sealed": sealed,
            "by": by,
            "channel": NOTIFY_CHANNEL,
            "payload": payload,
        }
        with self._autocommit.connect() as conn:
            stored = conn.execute(_APPEND_POSTGRES, params).first()
        if stored is None:
            return None
        return MoveRow(seq, expected_version, seat, action, sealed, by, now)

    def undo_moves(
        self, table_id: str, expected_version: int, seqs: list[int], clock_deadline: float | None
    ) -> bool:
        """Mark moves as taken back (they stay stored); False if the table moved on."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.version == expected_version)
                .values(
                    version=expected_version + 1,
                    updated_at=time.time(),
                    clock_deadline=clock_deadline,
                )
            )
            if done.rowcount != 1:
                return False
            conn.execute(
                update(moves)
                .where(moves.c.table_id == table_id, moves.c.seq.in_(seqs))
                .values(undone=True)
            )
            self._notify(conn, table_id, expected_version + 1, "undo")
            return True

    # Chat ------------------------------------------------------------------------------

    def add_chat(self, table_id: str, seat: int | None, name: str, line: str) -> ChatRow:
        now = time.time()
        with self.engine.begin() as conn:
            new_id: int = conn.execute(
                insert(chat)
                .values(table_id=table_id, seat=seat, name=name, text=line, at=now)
                .returning(chat.c.id)
            ).scalar_one()
            self._notify(conn, table_id, None, "chat", new_id)
            return ChatRow(int(new_id), seat, name, line, now)

    def chat_since(self, table_id: str, after_id: int, limit: int = 100) -> list[ChatRow]:
        """Chat lines of a table with an id above ``after_id``, oldest first (the last
        ``limit`` of them)."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(chat)
                .where(chat.c.table_id == table_id, chat.c.id > after_id)
                .order_by(chat.c.id.desc())
                .limit(limit)
            ).mappings()
            rows = [ChatRow(m["id"], m["seat"], m["name"], m["text"], m["at"]) for m in found]
            return rows[::-1]

    # Notifications ---------------------------------------------------------------------

    def _payload(self, table_id: str, version: int | None, kind: str, ref: int = 0) -> str:
        return json.dumps(
            {"t": table_id, "v": version, "k": kind, "o": self.origin, "r": ref},
            separators=(",", ":"),
        )

    def _notify(
        self, conn: Connection, table_id: str, version: int | None, kind: str, ref: int = 0
    ) -> None:
        if not self.is_postgres:
            return
        payload = self._payload(table_id, version, kind, ref)
        conn.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {
                "channel": NOTIFY_CHANNEL,
                "payload": payload,
            },
        )


_APPEND_POSTGRES = text(
    """
    WITH up AS (
        UPDATE tables
        SET version = :next, status = :status, updated_at = :now, clock_deadline = :deadline
        WHERE id = :table AND version = :expected
        RETURNING id
    ), ins AS (
        INSERT INTO moves (table_id, seq, version, seat, action, sealed, undone, "by", at)
        SELECT id, :next, :expected, :seat, :action, :sealed, false, :by, :now FROM up
        RETURNING seq
    )
    SELECT pg_notify(:channel, :payload) FROM ins
    """
)


def _table_row(m: Any) -> TableRow:
    return TableRow(
        id=m["id"],
        game=m["game"],
        players=m["players"],
        options=dict(m["options"]),
        seed=int(m["seed"]),
        settings=dict(m["settings"]),
        status=m["status"],
        version=m["version"],
        created_at=m["created_at"],
        updated_at=m["updated_at"],
        rematch_of=m["rematch_of"],
        rematch=m["rematch"],
        clock_deadline=m["clock_deadline"],
    )


def _seat_row(m: Any) -> SeatRow:
    return SeatRow(
        m["seat"],
        bool(m["human"]),
        m["name"],
        m["token_hash"],
        m["bot"],
        m["held_for"],
        m["held_until"],
    )


def _move_row(m: Any) -> MoveRow:
    return MoveRow(
        m["seq"], m["version"], m["seat"], m["action"], bool(m["sealed"]), m["by"], m["at"]
    )
