"""Saves of the previous state format (version 1, the old field names) still load and play on.

The files in ``saves/`` were written by the code before the fields were renamed: three games
part way (at a combo, a trade answer and a secret Monks choice) and one finished, each as a
saved state and as a Match save (record plus state). Their ``known`` field was rewritten
by what its record gives under C-D6 (a card given privately: others forget), since a
Match save's state must match its record's replay.
"""

from __future__ import annotations

import json
import pathlib
import random
from typing import Any

import pytest

from monastic.engine import BadSaveFile, Match, Record, State, replay
from monastic.games.medieval_monastery import GAME
from monastic.games.medieval_monastery.state import RENAMED_IN_VERSION_2

SAVES = pathlib.Path(__file__).parent / "saves"
NAMES = sorted(p.name.removesuffix(".state.json") for p in SAVES.glob("*.state.json"))


def _load(name: str, kind: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAVES / f"{name}.{kind}.json").read_text())
    return data


def _walk(state: State, seed: int, moves: int) -> list[tuple[int, list[str], str]]:
    """Who acts, the legal texts and the saved state at each of the next random moves."""
    rng = random.Random(seed)
    out = []
    for _ in range(moves):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        texts = state.legal_texts(seat)
        out.append((seat, texts, state.to_json()))
        state.apply(seat, rng.choice(texts))
    out.append((-1, [], state.to_json()))
    return out


def test_the_saves_are_of_the_previous_version() -> None:
    assert len(NAMES) == 4
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
    walked = _walk(loaded, 5, 50)
    assert walked == _walk(replayed, 5, 50)
    assert loaded.is_over() or len(walked) > 1  # the game went on from the save


def test_a_version_1_save_may_not_hold_new_names_too() -> None:
    doc = _load(NAMES[0], "state")
    doc["state"]["centre"] = doc["state"]["zone"]
    with pytest.raises(BadSaveFile, match="centre"):
        GAME.from_json(doc)


def test_a_version_1_save_with_a_missing_field_is_refused_by_name() -> None:
    doc = _load(NAMES[0], "state")
    del doc["state"]["offer_no"]
    with pytest.raises(BadSaveFile, match="offer_number"):
        GAME.from_json(doc)


def test_a_new_save_round_trips() -> None:
    state = GAME.new_game(3, seed=4)
    for _ in range(40):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    again = GAME.from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert json.loads(state.to_json())["version"] == 2


@pytest.mark.parametrize("name", NAMES)
def test_a_version_1_match_save_loads(name: str) -> None:
    match = Match.from_dict(_load(name, "match"))
    assert match.state.to_json() == GAME.from_json(_load(name, "state")).to_json()
