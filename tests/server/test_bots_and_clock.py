"""Bot seats think in worker processes (the event loop keeps answering), and Medieval
Monastery's Study trading window runs on the table's real clock (C-23)."""

from __future__ import annotations

import asyncio
import os
import signal
import time

from server_harness import Client, ServerProcess, create_table

import monastic
from monastic.server.botpool import BotPool
from monastic.server.clocks import CLOCKS
from monastic.server.config import database_url
from monastic.server.store import Store


def test_bots_decide_in_other_processes() -> None:
    async def run() -> tuple[list[int], str]:
        pool = BotPool(2)
        try:
            pids = await pool.warm()
            state = monastic.load_game("monasterium").new_game(2, seed=5)
            seat = state.to_act()[0]
            text = await pool.choose("monasterium", state.to_json(), seat, "greedy", 1)
            return pids, text
        finally:
            pool.close()

    pids, text = asyncio.run(run())
    assert os.getpid() not in pids
    state = monastic.load_game("monasterium").new_game(2, seed=5)
    assert text in state.legal_texts(state.to_act()[0])


def test_the_server_answers_while_a_bot_thinks(sqlite_server: ServerProcess) -> None:
    game = monastic.load_game("monasterium")
    first = game.new_game(2, seed=9).to_act()[0]
    seats = ["human", "human"]
    seats[first] = "hard"  # about 1.8 s per decision, in a worker
    with sqlite_server.api() as api:
        made = create_table(api, "monasterium", seats, seed=9, name="Ann")
    client = Client(sqlite_server, made["table"], made["token"])
    client.ready()
    waits = []
    for _ in range(5):
        started = time.perf_counter()
        pong = client.ping()
        waits.append(time.perf_counter() - started)
        assert pong["version"] == 0  # the bot has not moved yet
        time.sleep(0.1)
    assert max(waits) < 0.25, waits
    client.wait(lambda m: m["type"] == "update", timeout=30)  # and then it moves


def _study_seed() -> tuple[int, str]:
    """A seed where the first seat can open a Study window at once, and that action."""
    game = monastic.load_game("medieval-monastery")
    clock = CLOCKS["medieval-monastery"]
    for seed in range(1, 500):
        state = game.new_game(2, seed, {"turns": 1})
        seat = state.to_act()[0]
        for text in state.legal_texts(seat):
            if text.startswith("play S"):
                trial = state.clone()
                trial.apply(seat, text)
                if clock.is_open(trial):
                    return seed, text
    raise AssertionError("no seed opens a Study window at once")


def test_the_study_window_closes_when_its_clock_runs_out(sqlite_server: ServerProcess) -> None:
    seed, study = _study_seed()
    with sqlite_server.api() as api:
        made = create_table(
            api,
            "medieval-monastery",
            ["human", "human"],
            {"turns": 1},
            seed=seed,
            name="Ann",
            settings={"study_clock": 5},
        )
        bob = api.post(f"/api/tables/{made['table']}/join", json={"name": "Bob"}).json()
    ann = Client(sqlite_server, made["table"], made["token"])
    watcher = Client(sqlite_server, made["table"])
    watcher.ready()
    ann.ready()
    ann.move(study)
    opened = ann.wait(lambda m: m["type"] == "update")
    clock = opened["table"]["clock"]
    assert clock is not None and 4 <= clock["seconds_left"] <= 5
    started = time.monotonic()
    # Nobody trades: the server enters the moves when the clock runs out.
    closed = watcher.wait(
        lambda m: m["type"] == "update" and m["table"]["clock"] is None, timeout=20
    )
    waited = time.monotonic() - started
    assert 4 <= waited <= 8, waited
    assert closed["version"] > opened["version"]
    store = Store(database_url(sqlite_server.db))
    loaded = store.load(made["table"])
    store.close()
    assert loaded is not None
    by_clock = [m for m in loaded[1] if m.by == "clock"]
    assert by_clock and all(m.action == "done" or m.action.startswith("reject") for m in by_clock)
    assert bob["seat"] == 1


def test_the_pool_replaces_a_worker_that_died() -> None:
    async def run() -> str:
        pool = BotPool(1)
        try:
            (pid,) = await pool.warm()
            os.kill(pid, signal.SIGKILL)
            await asyncio.sleep(0.5)
            state = monastic.load_game("medieval-monastery").new_game(2, seed=5)
            return await pool.choose("medieval-monastery", state.to_json(), 0, "random", 1)
        finally:
            pool.close()

    text = asyncio.run(run())
    state = monastic.load_game("medieval-monastery").new_game(2, seed=5)
    assert text in state.legal_texts(0)
