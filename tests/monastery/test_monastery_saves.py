"""Saves of the previous state format (version 1, short field names) still load and play on.

The files in ``saves/`` were written by the code before the fields were renamed: two games
part way and one finished, each as a saved state and as a Match save (record plus state).
"""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from mon_helpers import GAME

from monastic.engine import BadSaveFile, Match, Record, State, replay
from monastic.games.monastery.state import RENAMED_IN_VERSION_2, StateData

SAVES = pathlib.Path(__file__).parent / "saves"
NAMES = sorted(p.name.removesuffix(".state.json") for p in SAVES.glob("*.state.json"))


def _load(name: str, kind: str) -> dict:
    return json.loads((SAVES / f"{name}.{kind}.json").read_text())


def _walk(state: State, seed: int, moves: int) -> list[tuple[list[str], str]]:
    """The legal texts and the saved state at each of the next ``moves`` random moves."""
    rng = random.Random(seed)
    out = []
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_act()[0]
        texts = state.legal_texts(seat)
        out.append((texts, state.to_json()))
        state.apply(seat, rng.choice(texts))
    out.append(([], state.to_json()))
    return out


def test_the_saves_are_of_the_previous_version() -> None:
    assert NAMES, "no saves found"
    assert GAME.state_version == 2
    for name in NAMES:
        assert _load(name, "state")["version"] == 1
        assert _load(name, "match")["state"]["version"] == 1


@pytest.mark.parametrize("name", NAMES)
def test_a_version_1_state_loads_as_its_record_replays(name: str) -> None:
    saved = _load(name, "state")
    match = _load(name, "match")
    loaded = GAME.from_json(saved)
    from_match = GAME.from_json(match["state"])
    replayed = replay(Record.from_data(match["record"]))
    assert loaded.to_json() == replayed.to_json() == from_match.to_json()
    assert json.loads(loaded.to_json())["version"] == 2
    # Every old field is kept under its new name, with the same value.
    renamed = {RENAMED_IN_VERSION_2.get(k, k): v for k, v in saved["state"].items()}
    assert json.loads(loaded.to_json())["state"] == renamed
    for seat in range(loaded.players):
        assert loaded.legal_texts(seat) == replayed.legal_texts(seat)
    assert loaded.is_over() == replayed.is_over()
    if loaded.is_over():
        assert loaded.result().to_dict() == replayed.result().to_dict()


@pytest.mark.parametrize("name", NAMES)
def test_a_loaded_version_1_state_plays_on_like_its_record(name: str) -> None:
    loaded = GAME.from_json(_load(name, "state"))
    replayed = replay(Record.from_data(_load(name, "match")["record"]))
    assert _walk(loaded, 5, 50) == _walk(replayed, 5, 50)


def test_a_version_1_save_may_not_hold_new_names_too() -> None:
    doc = _load(NAMES[0], "state")
    doc["state"]["monk_location"] = doc["state"]["mloc"]
    with pytest.raises(BadSaveFile, match="monk_location"):
        GAME.from_json(doc)


def test_a_version_1_save_with_a_missing_field_is_refused_by_name() -> None:
    doc = _load(NAMES[0], "state")
    del doc["state"]["tpos"]
    with pytest.raises(BadSaveFile, match="tile_cell"):
        GAME.from_json(doc)


def test_a_new_save_round_trips() -> None:
    state = GAME.new_game(3, seed=4)
    for _ in range(40):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    again = GAME.from_json(state.to_json())
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize("name", NAMES)
def test_a_version_1_match_save_loads(name: str) -> None:
    match = Match.from_dict(_load(name, "match"))
    assert match.state.to_json() == GAME.from_json(_load(name, "state")).to_json()


def test_a_clone_sets_every_field_and_shares_nothing_mutable() -> None:
    state = GAME.from_json(_load(NAMES[0], "state"))
    copy = state.clone()
    shared = {"_layout"}  # a pure function of the laid tiles
    assert copy._legal_cache is None  # one state's own listing, never copied
    for name in StateData.__slots__:
        if name == "_legal_cache":
            continue
        assert hasattr(copy, name), name
        value = getattr(state, name)
        if isinstance(value, list | dict) and name not in shared:
            assert getattr(copy, name) is not value, name
            assert getattr(copy, name) == value, name
        if isinstance(value, list) and value and isinstance(value[0], list):
            assert all(a is not b for a, b in zip(getattr(copy, name), value, strict=True)), name
    assert copy.to_json() == state.to_json()
