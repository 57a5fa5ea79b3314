"""Finished games, step by step, from any seat's view (or a spectator's).

Only finished games are replayed: an unfinished game's past would show what its seats may
not know yet. Positions are rebuilt from the stored moves and kept every few steps, so
stepping through a long game does not replay it from the start each time.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from monastic.engine import Event, State, load_game
from monastic.server.store import MoveRow, TableRow
from monastic.server.surface import common_view, log_lines

__all__ = ["Replays"]

EVERY = 16  # keep a position every this many steps


@dataclass
class _Game:
    row: TableRow
    moves: list[MoveRow]
    kept: dict[int, State] = field(default_factory=dict)
    events: list[list[Event]] = field(default_factory=list)


class Replays:
    """A few finished games kept ready for stepping."""

    def __init__(self, keep: int = 8) -> None:
        self._games: OrderedDict[str, _Game] = OrderedDict()
        self._keep = keep

    def _prepare(self, row: TableRow, moves: list[MoveRow]) -> _Game:
        cached = self._games.get(row.id)
        if cached is not None:
            self._games.move_to_end(row.id)
            return cached
        game = load_game(row.game)
        state = game.new_game(row.players, row.seed, row.options)
        prepared = _Game(row, moves)
        prepared.kept[0] = state.clone()
        for index, move in enumerate(moves, start=1):
            prepared.events.append(state.apply(move.seat, move.action))
            if index % EVERY == 0:
                prepared.kept[index] = state.clone()
        self._games[row.id] = prepared
        while len(self._games) > self._keep:
            self._games.popitem(last=False)
        return prepared

    def step(
        self, row: TableRow, moves: list[MoveRow], step: int, seat: int | None
    ) -> dict[str, Any]:
        """The view of ``seat`` after ``step`` moves and the log up to there."""
        prepared = self._prepare(row, moves)
        step = max(0, min(step, len(moves)))
        base = step - step % EVERY
        state = prepared.kept[base].clone()
        for move in moves[base:step]:
            state.apply(move.seat, move.action)
        game = state.game
        log: list[str] = []
        for events in prepared.events[:step]:
            log.extend(log_lines(game, events, seat))
        latest = log_lines(game, prepared.events[step - 1], seat) if step else []
        return {
            "table": row.id,
            "game": row.game,
            "step": step,
            "steps": len(moves),
            "seat": seat,
            "view": common_view(state, seat),
            "log": log[-400:],
            "latest": latest,
        }
