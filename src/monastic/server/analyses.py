"""Post-game analysis of finished tables ("analyse this game").

The analysis is the lab's (``monastic.lab.analysis``): every decision judged by the search
from what its seat knew then. It is slow, so it runs in a worker process of its own (started
on first use, so the bots of running tables never wait for it), once per table, and the page
is kept in memory; asking again while it runs waits for the same work. It is deterministic,
so a page lost with a restart is made again the same.
Only finished games are analysed: their hidden parts are no secret any more.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor

from monastic.engine import Record
from monastic.server.store import MoveRow, TableRow

__all__ = ["Analyses", "analysis_page", "record_of"]


def record_of(row: TableRow, moves: list[MoveRow]) -> Record:
    """The match record of a stored table (its seat names as the players saw them)."""
    names = [seat.name or f"Seat {seat.seat}" for seat in row.seats]
    return Record(
        row.game,
        row.players,
        row.seed,
        dict(row.options),
        [(m.seat, m.action) for m in moves],
        names,
    )


def analysis_page(record_json: str, spec: str, seed: int) -> str:
    """The analysis report of a record as one HTML page (run in a worker process)."""
    from monastic.lab.analysis import analyse_record
    from monastic.lab.analysis_report import analysis_html

    record = Record.from_data(record_json)
    return analysis_html(analyse_record(record, spec=spec, seed=seed))


class Analyses:
    """Finished analyses by table, and the ones under way."""

    def __init__(self, spec: str, keep: int = 16) -> None:
        self.spec = spec
        self._pool: ProcessPoolExecutor | None = None
        self._keep = keep
        self._done: OrderedDict[str, str] = OrderedDict()
        self._running: dict[str, asyncio.Task[str]] = {}

    def ready(self, table_id: str) -> str | None:
        """The page, if the table's analysis is done."""
        page = self._done.get(table_id)
        if page is not None:
            self._done.move_to_end(table_id)
        return page

    def running(self, table_id: str) -> bool:
        return table_id in self._running

    def start(self, table_id: str, record: Record) -> asyncio.Task[str]:
        """Start the table's analysis unless it runs already; the task gives the page."""
        task = self._running.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._analyse(table_id, record))
            self._running[table_id] = task
        return task

    async def _analyse(self, table_id: str, record: Record) -> str:
        if self._pool is None:
            # "spawn": the server process runs threads, which a forked child must not inherit.
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        try:
            page = await loop.run_in_executor(
                self._pool, analysis_page, record.to_json(), self.spec, 0
            )
        finally:
            self._running.pop(table_id, None)
        self._done[table_id] = page
        while len(self._done) > self._keep:
            self._done.popitem(last=False)
        return page

    def close(self) -> None:
        for task in list(self._running.values()):
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
