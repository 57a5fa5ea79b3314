"""Hostile save files and records are refused with BadSaveFile naming the fault (issue:
"every save checked"), and the command line answers them with one line and exit status 2."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import monastic
from monastic.cli.main import main
from monastic.engine import BadSaveFile, Match, Record
from monastic.engine.jsonio import MAX_DEPTH, read_json

GOOD_RECORD = {"game": "medieval-monastery", "players": 2, "seed": 1, "moves": []}
HOSTILE = {
    "null": "null",
    "a list": "[]",
    "infinity": '{"seed": Infinity}',
    "nan": '{"game": "medieval-monastery", "players": 2, "seed": NaN}',
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "a 5000-digit number": '{"game": "medieval-monastery", "players": 2, "seed": 1'
    + "0" * 5000
    + "}",
    "a huge float": '{"game": "medieval-monastery", "players": 2, "seed": 1e999}',
    "a bool for players": '{"game": "medieval-monastery", "players": true, "seed": 1}',
    "a float seat": json.dumps({**GOOD_RECORD, "moves": [[0.5, "done"]]}),
    "a negative seed": '{"game": "medieval-monastery", "players": 2, "seed": -5}',
    "a 129-bit seed": json.dumps({**GOOD_RECORD, "seed": 1 << 128}),
    "an unknown game": json.dumps({**GOOD_RECORD, "game": "chess"}),
    "a bad option": json.dumps({**GOOD_RECORD, "options": {"turns": "many"}}),
    "a megabyte action": json.dumps({**GOOD_RECORD, "moves": [[0, "x" * 1_000_000]]}),
    "not UTF-8": b'{"game": "\xff"}',
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_record_is_refused_as_a_bad_save_file(name: str) -> None:
    with pytest.raises(BadSaveFile) as caught:
        monastic.replay(HOSTILE[name])
    assert len(str(caught.value)) < 300, "an error quotes only an excerpt of the input"


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_state_is_refused_as_a_bad_save_file(name: str) -> None:
    game = monastic.load_game("medieval-monastery")
    with pytest.raises(BadSaveFile):
        game.from_json(HOSTILE[name])
    with pytest.raises(BadSaveFile):
        Match.from_dict({"record": HOSTILE[name]})


@pytest.mark.parametrize("name", list(HOSTILE))
@pytest.mark.parametrize("command", ["replay", "view"])
def test_the_command_line_answers_a_hostile_file_in_one_line(
    name: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    data = HOSTILE[name]
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    assert main(["engine", command, str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and str(path) in err and "Traceback" not in err


def test_nesting_at_the_limit_still_reads() -> None:
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(BadSaveFile, match="nests deeper"):
        read_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


def test_brackets_inside_strings_are_not_nesting() -> None:
    assert read_json(json.dumps(["[" * 500, '"\\[{'])) == ["[" * 500, '"\\[{']


@settings(max_examples=300)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_bytes_load_or_are_refused_as_bad_save_files(data: bytes | str) -> None:
    with contextlib.suppress(BadSaveFile):
        Record.from_data(data)
