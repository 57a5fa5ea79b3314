"""Bot seats think in a pool of worker processes, so a search never stalls the event loop.

A worker gets the saved state, the seat and the bot spec, and answers with the action's
text. The bots API is used as it is: a bot sees the state and decides for its seat only from
what that seat may know (``determinize``).
"""

from __future__ import annotations

import asyncio
import multiprocessing

from monastic import bots
from monastic.engine import load_game
from monastic.server.workers import WorkerPool

__all__ = ["BotPool", "choose"]


def choose(game_id: str, state_json: str, seat: int, spec: str, seed: int) -> str:
    """The bot's decision for ``seat`` in the saved state (runs inside a worker)."""
    state = load_game(game_id).from_json(state_json)
    return str(bots.make(spec, seed).choose(state, seat))


def _warm() -> int:
    # Importing the games once per worker keeps the first real decision fast.
    from monastic.engine import game_ids

    for game_id in game_ids():
        load_game(game_id)
    return multiprocessing.current_process().pid or 0


class BotPool:
    """A fixed set of worker processes shared by every table of one server."""

    def __init__(self, workers: int) -> None:
        self._workers = WorkerPool(workers)

    async def warm(self) -> list[int]:
        """Start every worker (their process ids), so no table waits for a start-up."""
        starts = (self._workers.run(_warm) for _ in range(self._workers.workers))
        return list(await asyncio.gather(*starts))

    async def choose(self, game_id: str, state_json: str, seat: int, spec: str, seed: int) -> str:
        """The bot's action text; a pool that lost a worker is replaced and asked again."""
        return await self._workers.run(choose, game_id, state_json, seat, spec, seed)

    def close(self) -> None:
        """Stop the workers (a decision under way is finished first)."""
        self._workers.close(wait=True)
