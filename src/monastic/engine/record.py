"""Match records: game id, options, seed, players and moves, replayable bit for bit."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from monastic.engine.errors import BadSaveFile
from monastic.engine.events import Event
from monastic.engine.jsonio import excerpt, read_json
from monastic.engine.registry import load_game
from monastic.engine.rng import SEED_LIMIT
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
        if isinstance(data, str | bytes):
            data = read_json(data, "record")
        if not isinstance(data, Mapping):
            raise BadSaveFile("record must be a JSON object")
        for key in ("game", "players", "seed"):
            if key not in data:
                raise BadSaveFile(f"record has no field {key!r}")
        game, players, seed = data["game"], data["players"], data["seed"]
        if not isinstance(game, str):
            raise BadSaveFile(f"record field 'game' must be a game id, not {excerpt(game)}")
        if not _whole(players) or not 1 <= players <= 64:
            raise BadSaveFile(
                f"record field 'players' must be a seat count, not {excerpt(players)}"
            )
        if not _whole(seed) or not 0 <= seed < SEED_LIMIT:
            raise BadSaveFile(f"record field 'seed' must be 0 to 2**128 - 1, not {excerpt(seed)}")
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise BadSaveFile(f"record field 'options' must be an object, not {excerpt(options)}")
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise BadSaveFile(f"record field 'moves' must be a list, not {excerpt(moves)}")
        for index, move in enumerate(moves):
            if not (
                isinstance(move, list | tuple)
                and len(move) == 2
                and _whole(move[0])
                and isinstance(move[1], str)
            ):
                raise BadSaveFile(
                    f"record move {index + 1} must be [seat, action text], not {excerpt(move)}"
                )
        names = data.get("names") or []
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise BadSaveFile(f"record field 'names' must be a list of texts, not {excerpt(names)}")
        return cls(
            game=game,
            players=players,
            seed=seed,
            options=dict(options),
            moves=[(seat, text) for seat, text in moves],
            names=list(names),
        )


def _whole(value: object) -> TypeGuard[int]:
    """A JSON whole number (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


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
                    raise BadSaveFile(
                        f"record move {index + 1} ({seat} {excerpt(text)}): {err}"
                    ) from None
        self.state = state

    @classmethod
    def from_record(cls, record: Record) -> Match:
        """Replay a loaded record; an unknown game or bad option is a ``BadSaveFile`` too."""
        try:
            return cls(record)
        except BadSaveFile:
            raise
        except ValueError as err:
            raise BadSaveFile(f"record cannot be replayed: {err}") from None

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
            action = self.game.read_action(action)
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
        match = cls.from_record(record)
        if "state" in data:
            saved = data["state"]
            if not isinstance(saved, Mapping):
                raise BadSaveFile("save file field 'state' must be a saved state object")
            # A save of an earlier state version is compared after its upgrade.
            if match.game.from_json(saved).to_json() != match.state.to_json():
                raise BadSaveFile("save file state does not match its record")
        return match


def replay(record: Record | str | bytes | Mapping[str, Any]) -> State:
    """Replay a record (object, dict or JSON) to its final state."""
    if not isinstance(record, Record):
        record = Record.from_data(record)
    return Match.from_record(record).state
