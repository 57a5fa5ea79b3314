"""The runner: one way to run many independent jobs, on one of three backends.

- ``inline``: in this process, one after the other (no start-up cost; good for tests).
- ``pool``: a local process pool of ``jobs`` workers.
- ``ray``: Ray tasks, on a local Ray started here or on a cluster at an address; Ray is
  the optional extra ``monastic[lab]``.

Every backend yields results as they finish (in any order), and runs the same top-level
function on the same items, so results depend only on the items, never on the backend.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, TypeVar

__all__ = [
    "RAY_INSTALL_HINT",
    "Backend",
    "InlineBackend",
    "PoolBackend",
    "RayBackend",
    "RayUnavailable",
    "add_ray_argument",
    "make_backend",
]

T = TypeVar("T")
R = TypeVar("R")

RAY_INSTALL_HINT = "Ray is not installed; install the lab extra: pip install 'monastic[lab]'"


class RayUnavailable(RuntimeError):
    """Ray was asked for but cannot be imported."""


class Backend(Protocol):
    """Runs ``fn`` on every item and yields the results as they finish."""

    @property
    def name(self) -> str:
        """A short machine name: ``inline``, ``pool`` or ``ray``."""
        ...

    def describe(self) -> str:
        """The backend in a few words, for reports."""
        ...

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """``fn(item)`` for every item, in the order they finish; ``fn`` must be top-level."""
        ...


@dataclass(frozen=True, slots=True)
class InlineBackend:
    """One after the other in this process."""

    name: str = "inline"

    def describe(self) -> str:
        return "in-process"

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        for item in items:
            yield fn(item)


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group: only the parent should act on it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass(frozen=True, slots=True)
class PoolBackend:
    """A local pool of ``jobs`` worker processes."""

    jobs: int
    name: str = "pool"

    def describe(self) -> str:
        return f"process pool of {self.jobs}"

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        if not items:
            return
        workers = max(1, min(self.jobs, len(items)))
        # Spawned, as the server's pools are: a forked worker copies the parent's threads'
        # locks in whatever state they were (it can deadlock) and every open descriptor.
        spawn = multiprocessing.get_context("spawn")
        pool = spawn.Pool(workers, initializer=_ignore_interrupts)
        try:
            yield from pool.imap_unordered(fn, items, chunksize=1)
            pool.close()
        finally:
            # On an interrupt or error nothing is waited for: unfinished games are dropped.
            pool.terminate()
            pool.join()


def import_ray() -> ModuleType:
    """The ``ray`` module, or RayUnavailable with the install hint."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise RayUnavailable(RAY_INSTALL_HINT) from None


@dataclass(frozen=True, slots=True)
class RayBackend:
    """Ray tasks: a local Ray of ``jobs`` CPUs (address None) or the cluster at ``address``.

    A Ray that is already running in this process is used as it is and left running.
    On a cluster the ``monastic`` package is shipped with the tasks (Ray's ``py_modules``);
    its dependencies must be installed on the nodes.
    """

    address: str | None = None
    jobs: int | None = None
    name: str = "ray"

    def describe(self) -> str:
        return f"Ray at {self.address}" if self.address else f"local Ray ({self._cpus()} CPUs)"

    def _cpus(self) -> int:
        return self.jobs or os.cpu_count() or 1

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        ray = import_ray()
        started = False
        if not ray.is_initialized():
            _start_ray(ray, self.address, self._cpus())
            started = True
        try:
            remote = ray.remote(num_cpus=1)(fn)
            window = max(2, 4 * int(ray.cluster_resources().get("CPU", 1)))
            queue = list(items)
            pending: list[Any] = []
            while queue or pending:
                while queue and len(pending) < window:
                    pending.append(remote.remote(queue.pop(0)))
                done, pending = ray.wait(pending, num_returns=1)
                yield ray.get(done[0])
        finally:
            if started:
                ray.shutdown()


def _start_ray(ray: ModuleType, address: str | None, cpus: int) -> None:
    quiet: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    if address is None:
        ray.init(num_cpus=cpus, **quiet)
        return
    import monastic  # the package directory is shipped to the cluster with the tasks

    package = str(Path(monastic.__file__).parent)
    ray.init(address=address, runtime_env={"py_modules": [package]}, **quiet)


def make_backend(jobs: int | None = None, ray: str | None = None) -> Backend:
    """The backend for the command-line choices.

    ``ray`` is None (no Ray), ``"local"`` (a local Ray of ``jobs`` CPUs) or a cluster
    address; otherwise ``jobs`` of 1 runs in-process and more make a process pool
    (None: one worker per core). Asking for Ray without it raises RayUnavailable.
    """
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if ray is not None:
        import_ray()  # fail now, with the install hint, not after the first game
        return RayBackend(None if ray == "local" else ray, jobs)
    count = jobs if jobs is not None else (os.cpu_count() or 1)
    return InlineBackend() if count <= 1 else PoolBackend(count)


def add_ray_argument(parser: argparse.ArgumentParser) -> None:
    """``--ray`` (a local Ray) or ``--ray ADDRESS`` (a cluster), for commands that run games."""
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        metavar="ADDRESS",
        help="run the games on Ray: a local Ray of --jobs CPUs, or the cluster at ADDRESS"
        " (needs the lab extra: pip install 'monastic[lab]')",
    )
