"""The stored shape: tables, their seats, their moves and their chat (SQLAlchemy Core).

The migrations in ``migrations/versions`` create exactly this; a test compares the two.
A table's game is its record (game, players, seed, options) plus its moves: the state is
always rebuilt by replaying the moves that were not taken back, so nothing but the record
is trusted.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

__all__ = ["chat", "metadata", "moves", "seats", "tables"]

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(24), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", String(40), nullable=False),  # decimal: seeds have up to 128 bits
    Column("settings", JSON, nullable=False),  # the table's own settings (the Study clock)
    Column("status", String(12), nullable=False),  # open, running, finished
    Column("version", Integer, nullable=False),  # +1 for every move and every take-back
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("rematch_of", String(24), nullable=True),
    Column("rematch", String(24), nullable=True),
    Column("clock_deadline", Float, nullable=True),  # when a running clock expires (epoch s)
)
Index("ix_tables_status", tables.c.status, tables.c.updated_at)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(24), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("human", Boolean, nullable=False),  # a person's seat (else a bot's from the start)
    Column("name", String(40), nullable=True),
    Column("token_hash", String(64), nullable=True),  # sha256 of the secret; never the secret
    Column("bot", String(16), nullable=True),  # the bot level playing it now, if any
    # A rematch's seat waits for the previous game's player (sha256 of that seat's token)
    # until held_until (epoch seconds); after that anyone may take it.
    Column("held_for", String(64), nullable=True),
    Column("held_until", Float, nullable=True),
)

moves = Table(
    "moves",
    metadata,
    Column("table_id", String(24), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("version", Integer, nullable=False),  # the table version it was made against
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("sealed", Boolean, nullable=False),  # ends the take-back window (engine.undo)
    Column("undone", Boolean, nullable=False),
    Column("by", String(8), nullable=False),  # seat, bot or clock
    Column("at", Float, nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(24), ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=True),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)
