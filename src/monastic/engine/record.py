"""Match records: game id, options, seed, players and moves, replayable bit for bit."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from monastic.engine.errors import BadSaveFile
from monastic.engine.events import Event
from monastic.engine.registry import load_game
from monastic.engine.state import Action, State

__all__ = ["Match", "Record", "replay"]

RECORD_VERSION = 1


@dataclass(slots=True)
class Record:
    """Everything needed to replay a game: moves are ``(seat, action text)``."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "record": RECORD_VERSION,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "names": list(self.names),
            "moves": [[seat, text] for seat, text in self.moves],
        }

    def to_json(self, indent: int | None = None) -> str:
        """JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_data(cls, data: str | bytes | Mapping[str, Any]) -> Record:
        """Read a record from JSON text or a dict; raises BadSaveFile naming what is wrong."""
        if not isinstance(data, Mapping):
            try:
                data = json.loads(data)
            except (json.JSONDecodeError, UnicodeDecodeError) as err:
                raise BadSaveFile(f"record is not valid JSON: {err}") from None
        if not isinstance(data, Mapping):
            raise BadSaveFile("record must be a JSON object")
        try:
            moves = [(int(seat), str(text)) for seat, text in data.get("moves", [])]
            record = cls(
                game=str(data["game"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                moves=moves,
                names=[str(n) for n in data.get("names") or []],
            )
        except KeyError as err:
            raise BadSaveFile(f"record has no field {err}") from None
        except (TypeError, ValueError) as err:
            raise BadSaveFile(f"record is malformed: {err}") from None
        return record


class Match:
    """A state together with the record that reproduces it."""

    def __init__(self, record: Record, state: State | None = None) -> None:
        self.record = record
        self.game = load_game(record.game)
        if state is None:
            state = self.game.new_game(record.players, record.seed, record.options)
            for index, (seat, text) in enumerate(record.moves):
                try:
                    state.apply(seat, text)
                except ValueError as err:
                    raise BadSaveFile(f"record move {index + 1} ({seat} {text!r}): {err}") from None
        self.state = state

    @classmethod
    def new(
        cls,
        game: str,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        names: list[str] | None = None,
    ) -> Match:
        """Start a new match (options are validated and stored in full)."""
        full = dict(load_game(game).options(options))
        return cls(Record(game, players, seed, full, [], list(names or [])))

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Apply a checked action and record it."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        events = self.state.apply(seat, action)
        self.record.moves.append((seat, str(action)))
        return events

    def to_dict(self) -> dict[str, Any]:
        """A save file: the record plus the current state (for a quick, checked load)."""
        return {"record": self.record.to_dict(), "state": json.loads(self.state.to_json())}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Match:
        """Load a save file; the record is replayed and must match the saved state."""
        if not isinstance(data, Mapping) or "record" not in data:
            raise BadSaveFile("save file has no 'record'")
        record = Record.from_data(data["record"])
        match = cls(record)
        if "state" in data and json.loads(match.state.to_json()) != data["state"]:
            raise BadSaveFile("save file state does not match its record")
        return match


def replay(record: Record | str | bytes | Mapping[str, Any]) -> State:
    """Replay a record (object, dict or JSON) to its final state."""
    if not isinstance(record, Record):
        record = Record.from_data(record)
    return Match(record).state
