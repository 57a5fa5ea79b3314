"""Saves of an earlier save format still load, and the game goes on exactly as it would have.

``saves/`` holds saves written by the code of state version 1 (before the state's fields
were renamed): a state (``State.to_json``) and a match (``Match.to_dict``) for each of a
3-player game 60 random moves in, a 4-player game 150 moves in, and a finished 2-player
game. Each loaded state must equal its record's replay, list the same legal actions, and
continue with the same 50 random moves to the same states.
"""

from __future__ import annotations

import json
import pathlib
import random

import pytest

import monastic
from monastic.engine import Match, Record
from monastic.games.monasterium import GAME

SAVES = pathlib.Path(__file__).parent / "saves"
NAMES = ("midgame_3p", "midgame_4p", "finished_2p")


def _old(name: str, kind: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((SAVES / f"{name}.{kind}.json").read_text())
    return data


@pytest.mark.parametrize("name", NAMES)
def test_an_old_save_continues_like_its_replayed_record(name: str) -> None:
    saved = _old(name, "state")
    assert saved["version"] == 1 < GAME.state_version
    loaded = GAME.from_json(saved)
    match = _old(name, "match")
    replayed = monastic.replay(Record.from_data(match["record"]))
    assert match["state"] == saved
    assert loaded.to_dict() == replayed.to_dict()
    assert loaded.is_over() is replayed.is_over()
    if loaded.is_over():
        assert loaded.result() == replayed.result()
    rng = random.Random(name)
    for _ in range(50):
        if loaded.is_over():
            break
        seat = loaded.to_act()[0]
        legal = loaded.legal_texts(seat)
        assert legal == replayed.legal_texts(seat)
        text = rng.choice(legal)
        assert [e.kind for e in loaded.apply(seat, text)] == [
            e.kind for e in replayed.apply(seat, text)
        ]
        assert loaded.to_dict() == replayed.to_dict()


def test_an_old_save_keeps_every_field_under_its_new_name() -> None:
    saved = _old("midgame_4p", "state")
    old_state = saved["state"]
    assert isinstance(old_state, dict)
    new_state = GAME.from_json(saved).to_dict()
    assert len(new_state) == len(old_state)
    assert sorted(map(json.dumps, new_state.values())) == sorted(
        map(json.dumps, old_state.values())
    )
    assert "messenger_space" in new_state and "pos" not in new_state


@pytest.mark.parametrize("name", NAMES)
def test_an_old_match_save_loads_whole(name: str) -> None:
    """A match save of version 1 (record plus state) loads as one and matches its replay."""
    match = Match.from_dict(_old(name, "match"))
    replayed = monastic.replay(Record.from_data(_old(name, "match")["record"]))
    assert match.state.to_dict() == replayed.to_dict()
