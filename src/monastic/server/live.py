"""One table held in memory: its stored rows, the state rebuilt from its moves, and the
messages each seat is sent.

The state is always the replay of the stored moves (never a cached copy that could drift),
so a restarted server, another server process and this one agree by construction.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from monastic.engine import Event, Game, State, events_for, load_game
from monastic.engine.undo import Step, undoable
from monastic.server.clocks import CLOCKS, Clock
from monastic.server.store import ChatRow, MoveRow, TableRow
from monastic.server.surface import chat_open, common_view, log_lines

if TYPE_CHECKING:
    from monastic.server.connection import Connection

__all__ = ["LiveTable", "Played"]


@dataclass(frozen=True, slots=True)
class Played:
    """A move as the table keeps it: the stored row and the events it gave."""

    row: MoveRow
    events: list[Event]


class LiveTable:
    """The authority over one table inside one server process."""

    def __init__(self, row: TableRow, moves: list[MoveRow], chat: list[ChatRow]) -> None:
        self.row = row
        self.game: Game = load_game(row.game)
        self.clock: Clock | None = CLOCKS.get(row.game)
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.chat: list[ChatRow] = list(chat)
        self.away_since: dict[int, float] = {}
        self.loaded_at = time.time()
        self.bot_task: asyncio.Task[None] | None = None
        self.clock_task: asyncio.Task[None] | None = None
        self.state: State = self.game.new_game(row.players, row.seed, row.options)
        self.played: list[Played] = []
        self._logs: dict[int | None, list[str]] = {}
        self._views: dict[int | None, dict[str, Any]] = {}
        self.rebuild(moves, row.version)

    # The game ---------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return self.row.version

    def fresh_state(self) -> State:
        return self.game.new_game(self.row.players, self.row.seed, self.row.options)

    def rebuild(self, moves: list[MoveRow], version: int) -> None:
        """Replay ``moves`` from the start (load, take-back, or catching up)."""
        state = self.fresh_state()
        played = []
        for move in moves:
            played.append(Played(move, state.apply(move.seat, move.action)))
        self.state = state
        self.played = played
        self.row.version = version
        self._logs.clear()
        self._views.clear()

    def advance(self, state: State, played: Played, version: int) -> None:
        """Take a stored move: ``state`` is the position after it."""
        self.state = state
        self.played.append(played)
        self.row.version = version
        self._views.clear()
        for viewer, lines in self._logs.items():
            lines.extend(log_lines(self.game, played.events, viewer))

    def steps(self) -> list[Step]:
        return [Step(p.row.seat, p.row.sealed) for p in self.played]

    def undo_count(self, seat: int | None) -> int:
        if seat is None or self.row.status != "running":
            return 0
        # Only the latest moves can matter; the rule stops at the first other or sealed one.
        tail = []
        for played in reversed(self.played):
            tail.append(Step(played.row.seat, played.row.sealed))
            if played.row.seat != seat or played.row.sealed:
                break
        return undoable(tail[::-1], seat, self.state.is_over())

    # What a seat is sent ---------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat not in self._views:
            self._views[seat] = common_view(self.state, seat)
        return self._views[seat]

    def log(self, seat: int | None) -> list[str]:
        if seat not in self._logs:
            lines: list[str] = []
            for played in self.played:
                lines.extend(log_lines(self.game, played.events, seat))
            self._logs[seat] = lines
        return self._logs[seat]

    def chat_open(self) -> bool:
        return chat_open(self.view(None))

    def clock_info(self) -> dict[str, Any] | None:
        if self.clock is None or self.row.clock_deadline is None:
            return None
        left = max(0.0, self.row.clock_deadline - time.time())
        return {"label": self.clock.label, "seconds_left": round(left, 1)}

    def public(self) -> dict[str, Any]:
        """The table as anyone may see it (no seed, no tokens)."""
        row = self.row
        connected = {conn.seat for conn in self.conns if conn.seat is not None}
        now = time.time()
        return {
            "id": row.id,
            "game": row.game,
            "title": self.game.title,
            "players": row.players,
            "options": row.options,
            "settings": row.settings,
            "status": row.status,
            "version": row.version,
            "moves": len(self.played),
            "rematch": row.rematch,
            "rematch_of": row.rematch_of,
            "chat_open": self.chat_open(),
            "clock": self.clock_info(),
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "human": s.human,
                    "taken": s.taken,
                    "bot": s.bot,
                    "held": not s.taken and s.held(now),  # kept for its previous player
                    "connected": s.seat in connected,
                }
                for s in row.seats
            ],
        }

    def snapshot(self, seat: int | None, log_lines_max: int) -> dict[str, Any]:
        """Everything a connection of ``seat`` needs to draw the table from nothing."""
        return {
            "type": "snapshot",
            "you": seat,
            "version": self.version,
            "table": self.public(),
            "view": self.view(seat),
            "log": self.log(seat)[-log_lines_max:],
            "undo": self.undo_count(seat),
            "chat": [line.to_dict() for line in self.chat[-50:]],
        }

    def update(
        self, seat: int | None, played: Played, public: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """What a connection of ``seat`` hears of one move (``public``: the table's public
        part, when the caller has it already)."""
        return {
            "type": "update",
            "version": self.version,
            "view": self.view(seat),
            "events": events_for(played.events, seat),
            "log": log_lines(self.game, played.events, seat),
            "undo": self.undo_count(seat),
            "table": self.public() if public is None else public,
        }
