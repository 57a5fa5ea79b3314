"""Server fixtures: one server process per database kind, shared by a test module's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_harness import (
    ServerProcess,
    database,
    drop_postgres_database,
    postgres_url,
    start_server,
)

DB_KINDS = ["sqlite", "postgresql"]


def _need(kind: str) -> None:
    if kind == "postgresql" and postgres_url() is None:
        pytest.skip("no test PostgreSQL server (MONASTIC_TEST_POSTGRES; .ci/run starts one)")


@pytest.fixture(params=DB_KINDS, scope="module")
def db_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    _need(kind)
    return kind


@pytest.fixture(scope="module")
def db_url(db_kind: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = database(db_kind, tmp_path_factory.mktemp("db"))
    yield url
    base = postgres_url()
    if db_kind == "postgresql" and base:
        drop_postgres_database(base, url)


@pytest.fixture(scope="module")
def server(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = start_server(db_url, tmp_path_factory.mktemp("server"))
    yield process
    process.stop()


@pytest.fixture
def fresh_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A database of its own for a test that starts and stops servers (kind, url)."""
    kind = request.param if hasattr(request, "param") else "sqlite"
    _need(kind)
    url = database(kind, tmp_path)
    yield kind, url
    base = postgres_url()
    if kind == "postgresql" and base:
        drop_postgres_database(base, url)


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server on SQLite, for tests whose subject is not the database."""
    folder = tmp_path_factory.mktemp("server")
    process = start_server(database("sqlite", folder), folder)
    yield process
    process.stop()
