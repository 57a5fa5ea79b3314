"""Move latency: from a move's arrival to the last broadcast of it being written."""

from __future__ import annotations

import time
from collections import deque
from typing import Any

__all__ = ["Metrics", "Tracker"]


class Metrics:
    """The latencies of the last moves served by one server process."""

    def __init__(self, keep: int = 200_000) -> None:
        self.latencies: deque[float] = deque(maxlen=keep)
        self.moves = 0

    def record(self, seconds: float) -> None:
        self.moves += 1
        self.latencies.append(seconds)

    def reset(self) -> None:
        self.latencies.clear()
        self.moves = 0

    def summary(self) -> dict[str, Any]:
        ordered = sorted(self.latencies)

        def at(share: float) -> float | None:
            if not ordered:
                return None
            return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 3)

        return {"moves": self.moves, "p50_ms": at(0.50), "p99_ms": at(0.99), "max_ms": at(1.0)}


class Tracker:
    """Counts down the connections a move is sent to; records the latency at the last."""

    __slots__ = ("metrics", "remaining", "started")

    def __init__(self, metrics: Metrics, started: float, remaining: int) -> None:
        self.metrics = metrics
        self.started = started
        self.remaining = remaining
        if remaining == 0:
            metrics.record(time.perf_counter() - started)

    def sent(self) -> None:
        self.remaining -= 1
        if self.remaining == 0:
            self.metrics.record(time.perf_counter() - self.started)
