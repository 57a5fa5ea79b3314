"""Post-game analysis of finished tables ("analyse this game").

The analysis is the lab's (``monastic.lab.analysis``): every decision judged by the search
from what its seat knew then. It is slow, so it runs in a worker process of its own (started
on first use, so the bots of running tables never wait for it), once per table, and the page
is kept in memory; asking again while it runs waits for the same work. It is deterministic,
so a page lost with a restart is made again the same.
Only finished games are analysed: their hidden parts are no secret any more.

A worker that dies (killed, out of memory) breaks its pool: the pool is replaced and the
analysis tried once more; if it fails again, the next request for the page hears why, once,
and the one after starts afresh.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool

from monastic.engine import Record
from monastic.server.store import MoveRow, TableRow
from monastic.server.workers import WorkerPool

__all__ = ["Analyses", "analysis_page", "record_of"]

_log = logging.getLogger("monastic.server")


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
    """Finished analyses by table, and the ones under way.

    ``work`` makes a page from (record JSON, spec, seed) in the worker process; it must be a
    top-level function (or a ``functools.partial`` of one), as the worker imports it.
    """

    def __init__(
        self, spec: str, keep: int = 16, work: Callable[[str, str, int], str] = analysis_page
    ) -> None:
        self.spec = spec
        self._work = work
        self._worker = WorkerPool(1)  # started on the first analysis
        self._keep = keep
        self._done: OrderedDict[str, str] = OrderedDict()
        self._running: dict[str, asyncio.Task[str | None]] = {}
        self._failed: dict[str, str] = {}

    def ready(self, table_id: str) -> str | None:
        """The page, if the table's analysis is done."""
        page = self._done.get(table_id)
        if page is not None:
            self._done.move_to_end(table_id)
        return page

    def running(self, table_id: str) -> bool:
        return table_id in self._running

    def failure(self, table_id: str) -> str | None:
        """Why the table's last analysis failed, told once (asking again starts it anew)."""
        return self._failed.pop(table_id, None)

    def start(self, table_id: str, record: Record) -> asyncio.Task[str | None]:
        """Start the table's analysis unless it runs already; the task gives the page, or
        None when it failed (``failure`` says why)."""
        task = self._running.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._analyse(table_id, record))
            self._running[table_id] = task
        return task

    async def _analyse(self, table_id: str, record: Record) -> str | None:
        try:
            page = await self._worker.run(self._work, record.to_json(), self.spec, 0)
        except BrokenProcessPool:
            _log.exception("the analysis of table %s lost its worker twice", table_id)
            self._failed[table_id] = "the process working on it stopped before the end, twice"
            return None
        except Exception:
            _log.exception("the analysis of table %s failed", table_id)
            self._failed[table_id] = "it raised an error (the server's log has it)"
            return None
        finally:
            self._running.pop(table_id, None)
        self._done[table_id] = page
        while len(self._done) > self._keep:
            self._done.popitem(last=False)
        return page

    def close(self) -> None:
        for task in list(self._running.values()):
            task.cancel()
        self._worker.close(wait=False)
