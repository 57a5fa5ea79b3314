"""Storage on SQLite and PostgreSQL: the migrations, and the version guard on every change."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from server_harness import database, drop_postgres_database, postgres_url

from monastic.server.config import database_url
from monastic.server.models import metadata
from monastic.server.store import SeatRow, Store, TableRow


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    kind = request.param
    if kind == "postgresql" and postgres_url() is None:
        pytest.skip("no test PostgreSQL server")
    url = database(kind, tmp_path)
    made = Store(database_url(url), origin="test")
    made.migrate()
    yield made
    made.close()
    base = postgres_url()
    if kind == "postgresql" and base:
        drop_postgres_database(base, url)


def _row(table_id: str = "t1", humans: int = 2) -> TableRow:
    now = time.time()
    seats = [SeatRow(i, True) for i in range(humans)] + [
        SeatRow(humans, False, "Bot", None, "greedy")
    ]
    return TableRow(
        table_id,
        "medieval-monastery",
        humans + 1,
        {"turns": 1},
        123,
        {},
        "open",
        0,
        now,
        now,
        seats,
    )


def test_migrations_build_exactly_the_models(store: Store) -> None:
    with store.engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), metadata)
    assert differences == []


def test_migrating_twice_changes_nothing(store: Store) -> None:
    store.create_table(_row())
    store.migrate()
    assert store.get_table("t1") is not None


def test_a_move_is_stored_only_against_the_current_version(store: Store) -> None:
    store.create_table(_row())
    first = store.append_move("t1", 0, 0, "play P1", True, "seat", "running", None)
    assert first is not None and first.seq == 1 and first.version == 0
    assert store.append_move("t1", 0, 1, "play P2", True, "seat", "running", None) is None
    second = store.append_move("t1", 1, 1, "play P2", False, "seat", "running", None)
    assert second is not None and second.seq == 2
    loaded = store.load("t1")
    assert loaded is not None
    row, moves = loaded
    assert row.version == 2 and [m.action for m in moves] == ["play P1", "play P2"]
    assert [m.sealed for m in moves] == [True, False]


def test_taken_back_moves_stay_stored_but_leave_the_game(store: Store) -> None:
    store.create_table(_row())
    store.append_move("t1", 0, 0, "play P1", False, "seat", "running", None)
    assert not store.undo_moves("t1", 0, [1], None)  # stale version: nothing happens
    assert store.undo_moves("t1", 1, [1], None)
    loaded = store.load("t1")
    assert loaded is not None and loaded[0].version == 2 and loaded[1] == []
    again = store.append_move("t1", 2, 0, "play P3", False, "seat", "running", None)
    assert again is not None and again.seq == 3  # numbers are never reused


def test_a_seat_is_taken_once_and_the_table_starts_when_full(store: Store) -> None:
    store.create_table(_row())
    assert store.take_seat("t1", 0, "Ann", "a" * 64) == "open"
    assert store.take_seat("t1", 0, "Bob", "b" * 64) is None
    assert store.take_seat("t1", 2, "Bob", "b" * 64) is None  # a bot's seat
    assert store.take_seat("t1", 1, "Bob", "b" * 64) == "running"
    row = store.get_table("t1")
    assert row is not None and row.status == "running"
    assert [s.name for s in row.seats] == ["Ann", "Bob", "Bot"]


def test_chat_lines_come_back_in_order(store: Store) -> None:
    store.create_table(_row())
    ids = [store.add_chat("t1", 0, "Ann", f"line {i}").id for i in range(5)]
    assert [line.text for line in store.chat_since("t1", 0)] == [f"line {i}" for i in range(5)]
    assert [line.id for line in store.chat_since("t1", ids[2])] == ids[3:]
    assert [line.text for line in store.chat_since("t1", 0, limit=2)] == ["line 3", "line 4"]


def test_a_rematch_is_made_once(store: Store) -> None:
    store.create_table(_row())
    first = store.set_rematch("t1", _row("r1"))
    second = store.set_rematch("t1", _row("r2"))
    assert first == second == "r1"
    assert store.get_table("r2") is None
    listed = [row.id for row in store.list_tables(10)]
    assert sorted(listed) == ["r1", "t1"]
