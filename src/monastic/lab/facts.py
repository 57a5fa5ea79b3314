"""What one finished bot game says, worked out where it was played (in the worker)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from time import perf_counter
from typing import Any

from monastic.engine import Record
from monastic.lab.effects import ending_of, game_effects
from monastic.lab.games import GameOutcome, GameTask, play_task

__all__ = ["LabGame", "action_kind", "play_lab_game"]


def action_kind(text: str) -> str:
    """An action's kind: the first word of its canonical text (``lay``, ``combo``, ...)."""
    return text.split(maxsplit=1)[0] if text.strip() else "?"


@dataclass(frozen=True, slots=True)
class LabGame:
    """A played game with its facts: what the lab stores as one game row and its seat rows."""

    outcome: GameOutcome
    moves: int
    ending: str
    kinds: tuple[dict[str, int], ...]  # per seat: action kind -> times taken
    facts: dict[str, Any]  # game-level figures (JSON-ready)
    seat_facts: tuple[dict[str, float], ...]
    seconds: float  # wall time of the game (not replayable, never compared)


def play_lab_game(task: GameTask) -> LabGame:
    """Play the task's game and read its facts (top-level, so every backend can run it)."""
    start = perf_counter()
    outcome = play_task(task)
    record = Record.from_data(outcome.record)
    result = outcome.result
    kinds: list[Counter[str]] = [Counter() for _ in range(record.players)]
    for seat, text in record.moves:
        kinds[seat][action_kind(text)] += 1
    facts, seat_facts = game_effects(record, result)
    return LabGame(
        outcome=outcome,
        moves=len(record.moves),
        ending=ending_of(record.game, result),
        kinds=tuple(dict(sorted(k.items())) for k in kinds),
        facts=facts,
        seat_facts=tuple(seat_facts),
        seconds=perf_counter() - start,
    )
