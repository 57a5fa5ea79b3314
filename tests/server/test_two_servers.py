"""Two server processes on one PostgreSQL database serve the same tables: a move made
through one reaches the WebSocket clients of the other (LISTEN/NOTIFY), both ways, and a
move both accept for the same version is stored only once."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_harness import (
    QUICK,
    Client,
    ServerProcess,
    create_table,
    database,
    drop_postgres_database,
    free_port,
    join,
    play_out,
    postgres_url,
    start_servers,
)

import monastic


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    base = postgres_url()
    if base is None:
        pytest.skip("no test PostgreSQL server (MONASTIC_TEST_POSTGRES; .ci/run starts one)")
    db = database("postgresql", tmp_path)
    first, second = start_servers(db, tmp_path, 2)
    yield first, second
    first.stop()
    second.stop()
    drop_postgres_database(base, db)


def test_moves_through_one_server_reach_the_clients_of_the_other(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    one, two = two_servers
    with one.api() as api:
        made = create_table(api, "monastery", ["human", "greedy", "human"], seed=31, name="Ann")
    with two.api() as api:
        bob = join(api, made["table"], "Bob")
    ann = Client(one, made["table"], made["token"])
    bob_client = Client(two, made["table"], bob["token"])
    watcher = Client(two, made["table"])
    play_out([ann, bob_client, watcher], timeout=180)
    assert ann.view["over"] and bob_client.view["over"] and watcher.view["over"]
    # Every version reached the watcher on the second server, in order, with no gap.
    versions = [m["version"] for m in watcher.messages if m["type"] == "update"]
    assert versions == sorted(versions)
    assert ann.view["result"] == bob_client.view["result"] == watcher.view["result"]
    with one.api() as api:
        table = api.get(f"/api/tables/{made['table']}").json()["table"]
    assert table["status"] == "finished"


def test_a_chat_line_and_a_seat_change_cross_to_the_other_server(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    one, two = two_servers
    with one.api() as api:
        made = create_table(api, "monasterium", ["human", "human"], seed=32, name="Ann")
    watcher = Client(two, made["table"])
    watcher.ready()
    with one.api() as api:
        join(api, made["table"], "Bob")
    seated = watcher.wait(lambda m: m["type"] == "table" and m["table"]["status"] == "running")
    assert seated["table"]["seats"][1]["name"] == "Bob"
    ann = Client(one, made["table"], made["token"])
    ann.ready()
    ann.send({"type": "chat", "text": "Benedicite"})
    line = watcher.wait(lambda m: m["type"] == "chat")["line"]
    assert line["text"] == "Benedicite" and line["name"] == "Ann"


def test_one_version_takes_one_move_across_servers(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    one, two = two_servers
    game = monastic.load_game("monasterium")
    first_seat = game.new_game(2, seed=33).to_act()[0]
    with one.api() as api:
        made = create_table(api, "monasterium", ["human", "human"], seed=33, name="Ann")
        other = join(api, made["table"], "Bob")
    token = made["token"] if first_seat == 0 else other["token"]
    first = Client(one, made["table"], token)
    second = Client(two, made["table"], token)  # the same seat, through the other server
    for client in (first, second):
        client.ready()
    actions = first.view["decision"]["actions"]
    first.move(actions[0], 0)
    second.move(actions[-1], 0)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for client in (first, second):
            client.poll()
        if first.version == second.version == 1 and first.errors + second.errors:
            break
        time.sleep(0.01)
    assert first.version == second.version == 1
    assert [e["code"] for e in first.errors + second.errors] == ["stale"]
    assert first.view == second.view
    with two.api() as api:
        assert api.get(f"/api/tables/{made['table']}").json()["table"]["moves"] == 1


def test_a_dead_servers_bot_table_is_taken_over_by_the_other(tmp_path: Path) -> None:
    """Server one drives an all-bot table and is killed mid-game; server two's watchdog sees
    the table stall and finishes it, with every version stored once."""
    base = postgres_url()
    if base is None:
        pytest.skip("no test PostgreSQL server (MONASTIC_TEST_POSTGRES; .ci/run starts one)")
    db = database("postgresql", tmp_path)
    slow = ["--bot-workers", "1", "--bot-delay", "0.3", "--stalled-after", "600"]
    one = ServerProcess(db, free_port(), slow, log_path=tmp_path / "one.log").start()
    two = ServerProcess(db, free_port(), [*QUICK, "--stalled-after", "1.5"])
    two.log_path = tmp_path / "two.log"
    two.start()
    try:
        with one.api() as api:
            made = create_table(api, "monasterium", ["greedy", "greedy"], seed=34)
        watcher = Client(two, made["table"])
        watcher.ready()
        watcher.wait(lambda m: m["type"] == "update" and m["version"] >= 3)
        one.kill()
        watcher.wait(lambda m: m["type"] == "update" and m["view"]["over"], timeout=180)
        with two.api() as api:
            table = api.get(f"/api/tables/{made['table']}").json()["table"]
        assert table["status"] == "finished"
        assert "took over stalled table" in two.log()
        versions = [m["version"] for m in watcher.messages if m["type"] == "update"]
        assert versions == list(range(versions[0], versions[-1] + 1))
    finally:
        one.stop()
        two.stop()
        drop_postgres_database(base, db)
