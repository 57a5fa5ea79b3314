"""One WebSocket connection: its seat (None: a spectator) and an ordered outbox.

Messages are queued and written by the connection's own task, so a slow client never
holds up a table's broadcast, and each client hears the table's messages in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from starlette.websockets import WebSocket

from monastic.server.metrics import Tracker

__all__ = ["Connection"]

MAX_OUTBOX = 2000  # messages waiting for a client that stopped reading; then it is dropped


class Connection:
    """A client of one table."""

    def __init__(self, websocket: WebSocket, seat: int | None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.opened = time.time()
        self._outbox: asyncio.Queue[tuple[str, Tracker | None] | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())
        self.closed = False

    def send(self, message: dict[str, Any], tracker: Tracker | None = None) -> None:
        if self.closed:
            if tracker is not None:
                tracker.sent()
            return
        if self._outbox.qsize() >= MAX_OUTBOX:
            self.closed = True
            self._outbox.put_nowait(None)
            if tracker is not None:
                tracker.sent()
            return
        self._outbox.put_nowait((json.dumps(message, separators=(",", ":")), tracker))

    async def _write(self) -> None:
        while True:
            item = await self._outbox.get()
            if item is None:
                break
            text, tracker = item
            try:
                if not self.closed:
                    await self.websocket.send_text(text)
            except Exception:  # the client went away; the reader side cleans up
                self.closed = True
            finally:
                if tracker is not None:
                    tracker.sent()
        with contextlib.suppress(Exception):
            await self.websocket.close()

    async def close(self) -> None:
        """Stop writing (after what is queued) and wait for the writer."""
        self._outbox.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer, timeout=2)
        self.closed = True
