"""Bot seats think in a pool of worker processes, so a search never stalls the event loop.

A worker gets the saved state, the seat and the bot spec, and answers with the action's
text. The bots API is used as it is: a bot sees the state and decides for its seat only from
what that seat may know (``determinize``).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from monastic import bots
from monastic.engine import load_game

__all__ = ["BotPool", "choose", "watch_parent"]


def choose(game_id: str, state_json: str, seat: int, spec: str, seed: int) -> str:
    """The bot's decision for ``seat`` in the saved state (runs inside a worker)."""
    state = load_game(game_id).from_json(state_json)
    return str(bots.make(spec, seed).choose(state, seat))


def watch_parent(parent: int) -> None:
    """Start a thread that ends this worker once the server process is gone: a server
    killed with SIGKILL cannot tell its workers, and they would wait for work forever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="monastic-parent-watch", daemon=True).start()


def _warm() -> int:
    # Importing the games once per worker keeps the first real decision fast.
    from monastic.engine import game_ids

    for game_id in game_ids():
        load_game(game_id)
    return multiprocessing.current_process().pid or 0


class BotPool:
    """A fixed set of worker processes shared by every table of one server."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        # "spawn": the server process runs threads, which a forked child must not inherit.
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=watch_parent,
            initargs=(os.getpid(),),
        )

    async def warm(self) -> list[int]:
        """Start every worker (their process ids), so no table waits for a start-up."""
        loop = asyncio.get_running_loop()
        jobs = [loop.run_in_executor(self._pool, _warm) for _ in range(self.workers)]
        return list(await asyncio.gather(*jobs))

    async def choose(self, game_id: str, state_json: str, seat: int, spec: str, seed: int) -> str:
        """The bot's action text; a pool that lost a worker is replaced and asked again."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            pool = self._pool
            try:
                return await loop.run_in_executor(
                    pool, choose, game_id, state_json, seat, spec, seed
                )
            except BrokenProcessPool:
                if attempt:
                    raise
                if self._pool is pool:  # the first to notice replaces it
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._pool = self._new_pool()
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the workers (a decision under way is finished first)."""
        self._pool.shutdown(wait=True, cancel_futures=True)
