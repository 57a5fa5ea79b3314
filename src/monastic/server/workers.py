"""Worker processes of the server (the bots' and the analyses'), so a search never stalls
the event loop.

The workers are spawned, not forked (the server process runs threads, whose held locks a
forked child would inherit), and each ends once the server process is gone. A worker that
dies (killed, out of memory) breaks its pool for every later call: the first call to
notice replaces the pool and is made once more there.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

__all__ = ["WorkerPool"]

R = TypeVar("R")


def _watch_parent(parent: int) -> None:
    """Start a thread that ends this worker once the server process is gone: a server
    killed with SIGKILL cannot tell its workers, and they would wait for work forever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="monastic-parent-watch", daemon=True).start()


class WorkerPool:
    """``workers`` spawned processes, started on the first call."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _current(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_watch_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def run(self, fn: Callable[..., R], *args: object) -> R:
        """``fn(*args)`` in a worker (``fn`` top-level: the worker imports it); a pool that
        lost a worker is replaced and asked again, once."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            pool = self._current()
            try:
                return await loop.run_in_executor(pool, fn, *args)
            except BrokenProcessPool:
                if self._pool is pool:  # the first to notice replaces it
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._pool = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self, wait: bool = True) -> None:
        """Stop the workers (with ``wait``, a call under way is finished first)."""
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None
