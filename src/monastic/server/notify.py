"""Changes made by other server processes, heard through PostgreSQL LISTEN/NOTIFY.

Every stored change on PostgreSQL sends a notification in its own transaction (see
``store.Store._notify``), delivered when it commits. Each process listens on one
connection of its own and hands the notifications of other processes to the hub.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable

import psycopg
from sqlalchemy.engine import make_url

from monastic.server.store import NOTIFY_CHANNEL

__all__ = ["Listener"]

log = logging.getLogger("monastic.server")

Handler = Callable[[str, str, int], Awaitable[None]]


def _conninfo(sqlalchemy_url: str) -> str:
    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Listener:
    """Listens for the notifications of other processes until stopped."""

    def __init__(
        self,
        sqlalchemy_url: str,
        origin: str,
        handler: Handler,
        reconnected: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self._conninfo = _conninfo(sqlalchemy_url)
        self._origin = origin
        self._handler = handler
        self._reconnected = reconnected  # catches up on what was missed while away
        self._task: asyncio.Task[None] | None = None
        self._listened = False
        self.ready = asyncio.Event()

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    if self.ready.is_set() is False and self._listened and self._reconnected:
                        await self._reconnected()
                    self._listened = True
                    self.ready.set()
                    async for note in conn.notifies():
                        await self._dispatch(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lost the notification connection; listening again in 1 s")
                self.ready.clear()
                await asyncio.sleep(1.0)

    async def _dispatch(self, payload: str) -> None:
        try:
            data = json.loads(payload)
            if data.get("o") == self._origin:
                return
            table, kind, ref = str(data["t"]), str(data["k"]), int(data.get("r") or 0)
        except (ValueError, KeyError, TypeError):
            log.warning("ignored a malformed notification %r", payload[:80])
            return
        try:
            await self._handler(table, kind, ref)
        except Exception:
            log.exception("could not take in a change of table %s", table)
