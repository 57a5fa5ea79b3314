"""Mutations of a saved state, as an attacker or a broken disk would make them, and the
verdict of loading each one. Nothing here knows a game: any state's JSON data will do.

A mutation changes one place (a path of keys and indices from the state's root): a wrong
type, a value out of range, a value moved to another seat, an item duplicated, a field or
item missing, a list too long or too short, an unknown field. ``judge`` loads the mutated
save and then either expects a ``BadSaveFile`` that names a field, or plays on.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from monastic.engine import BadSaveFile, Game, State, events_for

Path = tuple[str | int, ...]

KINDS = ("type", "range", "moved", "duplicate", "missing", "too_long", "too_short", "extra")
WRONG_TYPES: tuple[Any, ...] = ("x", "", 1.5, 1.0, True, False, None, [], {}, [0], {"a": 1})
FIELD_NAME = re.compile(r"^(state(?:\.\w+|\[-?\d+\])*): ")


def where(path: Path) -> str:
    """``("goods", 2, 1)`` -> ``state.goods[2][1]`` (as the load errors write it)."""
    return "state" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def places(data: Any, path: Path = ()) -> Iterator[Path]:
    """Every value below the root, containers and leaves."""
    if isinstance(data, dict):
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return
    for key, value in items:
        yield (*path, key)
        yield from places(value, (*path, key))


def _get(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


@dataclass(frozen=True)
class Mutation:
    """One change at ``path``; ``pick`` chooses among the variants of ``kind``."""

    path: Path
    kind: str
    pick: int

    def at_the_place(self, state: dict[str, Any]) -> bool:
        """Whether a refusal must name this place (or one on its branch): a value of another
        JSON type, an unknown field, a missing field. (Other changes may break a sum that
        an error names by another of its fields.)"""
        if self.kind == "extra":
            return True
        if self.kind == "missing":
            return isinstance(_get(state, self.path[:-1]), dict)
        if self.kind == "type":
            value = _get(state, self.path)
            return _json_type(value) != _json_type(self._wrong_type(value))
        return False

    def _wrong_type(self, value: Any) -> Any:
        choices = [w for w in WRONG_TYPES if not _same(w, value)]
        return copy.deepcopy(choices[self.pick % len(choices)])

    def apply(self, state: dict[str, Any], players: int) -> dict[str, Any] | None:
        """A changed deep copy of ``state``, or None if the kind does not fit the place."""
        data = copy.deepcopy(state)
        parent = _get(data, self.path[:-1])
        key = self.path[-1]
        value = parent[key]
        if self.kind == "type":
            parent[key] = self._wrong_type(value)
        elif self.kind == "range":
            if type(value) is int:
                parent[key] = [value + 1, value - 1, -1, 10**9, -(10**9), value * 7 + 3, 2**200][
                    self.pick % 7
                ]
            elif isinstance(value, str):
                parent[key] = ["", "Z9", value + value, value.lower(), "x" * 10_000][self.pick % 5]
            else:
                return None
        elif self.kind == "moved":
            if isinstance(parent, list) and len(parent) == players and players > 1:
                other = (key + 1 + self.pick % (players - 1)) % players  # type: ignore[operator]
                parent[key], parent[other] = parent[other], parent[key]
            elif type(value) is int and 0 <= value < players:
                parent[key] = (value + 1 + self.pick % (players - 1)) % players
            else:
                return None
        elif self.kind == "duplicate":
            if not isinstance(parent, list) or len(parent) < 2:
                return None
            other = (key + 1 + self.pick % (len(parent) - 1)) % len(parent)  # type: ignore[operator]
            if self.pick % 2:
                parent[key] = copy.deepcopy(parent[other])
            else:
                parent.insert(key, copy.deepcopy(value))  # type: ignore[arg-type]
        elif self.kind == "missing":
            del parent[key]
        elif self.kind in ("too_long", "too_short"):
            if not isinstance(value, list):
                return None
            if self.kind == "too_short":
                if not value:
                    return None
                value.pop(self.pick % len(value))
            else:
                filler = copy.deepcopy(value[-1]) if value and self.pick % 2 else 0
                value.extend([filler] * (1 + self.pick % 3))
        elif self.kind == "extra":
            if not isinstance(value, dict):
                return None
            value["unknown"] = self.pick
        if data == state and json.dumps(data) == json.dumps(state):
            return None  # nothing changed (e.g. a swap of equal values)
        return data


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _json_type(value: Any) -> str:
    return "null" if value is None else type(value).__name__


@dataclass
class Verdict:
    """What loading one mutated save gave."""

    outcome: str  # "refused", "played", "unchanged" (the kind did not fit) or "crash"
    detail: str = ""


#: Monasterium's one field a save may leave out (read as zeros).
MAY_LEAVE_OUT = ("mission_vp",)


def judge(
    game: Game,
    saved: dict[str, Any],
    mutation: Mutation,
    moves: int = 200,
    seed: int = 0,
    *,
    players_key: str = "players",
    may_leave_out: tuple[str, ...] = (),
    any_seat: bool = False,
) -> Verdict:
    """Load the mutated save: a ``BadSaveFile`` naming a field, or a state that saves as it
    was loaded and plays ``moves`` random moves (views and events too) without an error.

    Every game's mutation test calls this: ``players_key`` names the state's player count,
    ``may_leave_out`` the fields a save may omit (read as defaults), and ``any_seat`` plays
    a random one of the seats to act (a game that asks several at once) instead of the
    first."""
    state = saved["state"]
    changed = mutation.apply(state, state[players_key])
    if changed is None:
        return Verdict("unchanged")
    try:
        # As data, not text: a number too long for the JSON reader still meets the schema.
        loaded = game.from_json({**saved, "state": changed})
    except BadSaveFile as err:
        named = FIELD_NAME.match(str(err))
        if named is None:
            return Verdict("crash", f"refused without naming a field: {err}")
        if len(str(err)) > 300:
            return Verdict("crash", f"an error of {len(str(err))} characters")
        if mutation.at_the_place(state):
            here, there = where(mutation.path), named.group(1)
            if not (here.startswith(there) or there.startswith(here)):
                return Verdict("crash", f"{mutation}: refused at {there}, not {here}: {err}")
        return Verdict("refused", str(err))
    except Exception as err:  # the point of the test: any other error is a crash
        return Verdict("crash", f"load raised {type(err).__name__}: {err}")
    try:
        outcome = _play_on(game, loaded, changed, moves, seed, may_leave_out, any_seat)
    except Exception as err:
        return Verdict("crash", f"{mutation} loaded, then {type(err).__name__}: {err}")
    if outcome.outcome == "crash":
        outcome.detail = f"{mutation}: {outcome.detail}"
    return outcome


def _play_on(
    game: Game,
    loaded: State,
    changed: dict[str, Any],
    moves: int,
    seed: int,
    may_leave_out: tuple[str, ...],
    any_seat: bool,
) -> Verdict:
    saved = json.loads(loaded.to_json())["state"]
    for name in may_leave_out:
        if name not in changed:
            saved.pop(name, None)
    if saved != changed:
        return Verdict("crash", "loaded, but saves differently from what was loaded")
    if game.from_json(loaded.to_json()).to_json() != loaded.to_json():
        return Verdict("crash", "to_json does not round-trip")
    rng = random.Random(seed)
    for step in range(moves):
        if loaded.is_over():
            loaded.result().to_dict()
            break
        seat = rng.choice(loaded.to_act()) if any_seat else loaded.to_act()[0]
        legal = loaded.legal_actions(seat)
        if not legal:
            return Verdict("crash", f"seat {seat} to act without a legal action")
        events = loaded.apply(seat, rng.choice(legal))
        if step % 25 == 0:
            json.dumps(loaded.view(seat))
            json.dumps(loaded.view(None))
            for event in events_for(events, seat):
                game.describe(event, seat)
    game.from_json(loaded.to_json())  # where play led is a valid state too
    return Verdict("played")
