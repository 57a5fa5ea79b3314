"""Every bad input refused: fuzzed action objects, action texts, saves and engine-protocol
input never raise anything but the engine's own errors, and a refused input changes
nothing.

Each test's budget is small in the suite; ``MONASTERIUM_FUZZ=N`` multiplies it for a long
run, and ``-s`` prints how many inputs of each kind were tried::

    MONASTERIUM_FUZZ=40 PYTHONPATH=src python -m pytest -s -n 0 \\
        tests/monasterium/test_monasterium_fuzz.py
"""

from __future__ import annotations

import io
import json
import os
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from monastic.cli.engine_stdio import EngineSession, serve_stdio
from monastic.cli.main import main
from monastic.engine import ActionSyntaxError, IllegalAction, Match
from monastic.games.monasterium import GAME, MonasteriumState
from monastic.games.monasterium.actions import (
    ACTION_TYPES,
    Bonus,
    Place,
    Reroll,
    Take,
    Tile,
    To,
    Use,
    parse_action,
)
from save_mutations import KINDS, MAY_LEAVE_OUT, Mutation, judge, places

SCALE = int(os.environ.get("MONASTERIUM_FUZZ", "1"))
REFUSED = (IllegalAction, ActionSyntaxError)


@pytest.fixture(scope="module")
def tried() -> Iterator[Counter[str]]:
    """Inputs tried per kind in this module (printed at its end with -s)."""
    counts: Counter[str] = Counter()
    yield counts
    print("\ninputs tried: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


def budget(examples: int) -> Any:
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


@cache
def _states() -> tuple[str, ...]:
    """Saves of random games at every kind of decision (placement, takes, uses, tasks)."""
    out: list[str] = []
    seen: set[str] = set()
    for seed in range(12):
        state = GAME.new_game(2 + seed % 3, seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_over():
            assert isinstance(state, MonasteriumState)
            kind = state.view(None)["pending"]
            if step % 11 == 0 or kind not in seen:
                seen.add(kind)
                out.append(state.to_json())
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
        out.append(state.to_json())
    return tuple(out)


def _warm(index: int) -> MonasteriumState:
    """A state whose legal-action cache is filled (the path a server hits)."""
    state = GAME.from_json(_states()[index % len(_states())])
    assert isinstance(state, MonasteriumState)
    for seat in state.to_act():
        state.legal_actions(seat)
    return state


def _refused_unchanged(state: MonasteriumState, seat: Any, action: Any) -> str:
    """Apply; a refusal must be one of the engine's errors, short, and change nothing."""
    before = state.to_json()
    try:
        state.apply(seat, action)
    except REFUSED as err:
        assert len(str(err)) < 600, "an error quotes only an excerpt of the input"
        assert state.to_json() == before
        return "refused"
    GAME.from_json(state.to_json())  # an accepted action leaves a valid state
    return "applied"


# Action objects ---------------------------------------------------------------------------

ODD = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-2, max_value=70),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.none(),
    st.lists(st.integers(0, 6), max_size=3),
    st.tuples(st.integers(0, 7)),
    st.tuples(st.booleans(), st.integers(1, 6)),
    st.tuples(st.floats(1, 6)),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)
FIELDS: dict[type, int] = {Place: 1, Reroll: 2, Take: 3, Use: 2, To: 1, Tile: 3, Bonus: 1}


@st.composite
def hand_built(draw: st.DrawFn) -> Any:
    cls = draw(st.sampled_from(sorted(FIELDS, key=lambda c: c.__name__)))
    return cls, [draw(ODD) for _ in range(FIELDS[cls])]


@budget(200)
@given(built=hand_built(), index=st.integers(0, 10_000))
def test_a_hand_built_action_is_well_formed_or_refused(
    built: Any, index: int, tried: Counter[str]
) -> None:
    cls, args = built
    tried["action objects"] += 1
    try:
        action = cls(*args)
    except ActionSyntaxError as err:
        assert len(str(err)) < 300
        return
    # Built: a well-formed action, with one canonical text that reads back as itself.
    assert parse_action(str(action)) == action
    hash(action)
    state = _warm(index)
    for seat in range(state.players):
        _refused_unchanged(state.clone(), seat, action)


NOT_ACTIONS = st.one_of(
    ODD.filter(lambda x: not isinstance(x, str)),  # a text is read as an action
    st.lists(st.integers(), max_size=2),
    st.builds(object),
    st.just(Place),
    st.binary(max_size=4),
)


@budget(100)
@given(thing=NOT_ACTIONS, seat=st.one_of(st.integers(-3, 6), ODD), index=st.integers(0, 10_000))
def test_apply_refuses_what_is_no_action_and_what_is_no_seat(
    thing: Any, seat: Any, index: int, tried: Counter[str]
) -> None:
    tried["non-actions and seats"] += 1
    state = _warm(index)
    assert not isinstance(thing, ACTION_TYPES)
    tries = [thing]
    if state.to_act() and not (type(seat) is int and 0 <= seat < state.players):
        tries.append(state.legal_actions(state.to_act()[0])[0])  # a legal action, no seat
    for action in tries:
        before = state.to_json()
        with pytest.raises(REFUSED):
            state.apply(seat, action)
        assert state.to_json() == before


def test_a_bool_is_no_seat_and_no_value() -> None:
    state = _warm(0)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(bool(seat) if seat in (0, 1) else True, legal[0])
    for bad in (lambda: Place(True), lambda: To(dest=1.0), lambda: Use(20, True)):
        with pytest.raises(ActionSyntaxError):
            bad()
    with pytest.raises(ActionSyntaxError):
        Reroll([1], ())  # a list: unhashable, never an action's field


# Action texts -----------------------------------------------------------------------------

WORDS = [
    "place", "reroll", "keep", "take", "use", "to", "tile", "bonus", "decline",
    "1", "4", "6", "0", "7", "99", "٣", "²", "4x2", "6>3", "1x9", "P4", "N1", "P7", "std1",
    "std9", "I-1", "II-5", "IV-2", "X-III", "RED", "PUR-CH", "RED-B1", "BLU-K9", "W-I",
    "W-IV", "row", "col", "none", "soup>tool", "rosary", "swap", "tool", "9" * 400,
    "\x00", "\x1f", "\x85", "\u2028", "\t", "\n", "é", "Ⅳ", "",
]  # fmt: skip


@st.composite
def action_text(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return draw(st.text(max_size=30))
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5))
    glue = draw(st.sampled_from([" ", "  ", "\t", "\x1c", "\xa0", ""]))
    return glue.join(words)


@budget(250)
@given(text=action_text(), index=st.integers(0, 10_000))
def test_every_text_parses_or_is_a_syntax_error(text: str, index: int, tried: Counter[str]) -> None:
    tried["action texts"] += 1
    try:
        action = GAME.parse_action(text)
    except ActionSyntaxError as err:
        assert len(str(err)) < 300 and "\n" not in str(err)
    else:
        assert isinstance(action, ACTION_TYPES)
        assert GAME.parse_action(str(action)) == action
    state = _warm(index)
    for seat in state.to_act() or [0]:
        _refused_unchanged(state, seat, text)


@pytest.mark.parametrize(
    "text",
    ["place ٣", "place ²", "place " + "9" * 5000, "place\x1c3", "place 3\x00", "take 4x2\x85"],
)
def test_digits_and_spaces_that_are_not_ascii_are_refused(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as caught:
        GAME.parse_action(text)
    assert len(str(caught.value)) < 200


# Saves --------------------------------------------------------------------------------------


@budget(100)
@given(data=st.data())
def test_a_fuzzed_save_is_refused_naming_a_field_or_plays_on(
    data: st.DataObject, tried: Counter[str]
) -> None:
    texts = _states()
    saved = json.loads(texts[data.draw(st.integers(0, len(texts) - 1))])
    state = saved["state"]
    path = data.draw(st.sampled_from(list(places(state))))
    mutation = Mutation(path, data.draw(st.sampled_from(KINDS)), data.draw(st.integers(0, 1 << 30)))
    assume(mutation.apply(state, state["players"]) is not None)  # the kind fits the place
    verdict = judge(
        GAME,
        saved,
        mutation,
        moves=100,
        seed=data.draw(st.integers(0, 99)),
        may_leave_out=MAY_LEAVE_OUT,
    )
    tried[f"saves {verdict.outcome}"] += 1
    assert verdict.outcome != "crash", verdict.detail


# The engine protocol ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def save_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    match = Match.new("monasterium", 3, 7)
    rng = random.Random(7)
    for _ in range(40):
        seat = match.state.to_act()[0]
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    path = tmp_path_factory.mktemp("fuzz") / "game.json"
    path.write_text(json.dumps(match.to_dict()))
    return path


@budget(30)
@given(text=action_text(), seat=st.sampled_from(["0", "1", "2", "3", "-1", "x", "٣", "1" * 50]))
def test_engine_apply_answers_any_text_in_one_line(
    text: str,
    seat: str,
    save_file: Path,
    capsys: pytest.CaptureFixture[str],
    tried: Counter[str],
) -> None:
    tried["engine apply"] += 1
    before = save_file.read_bytes()
    try:
        status = main(["engine", "apply", str(save_file), seat, text])
    finally:
        out, err = capsys.readouterr()
    assert "Traceback" not in err
    if status == 0:
        Match.from_dict(json.loads(save_file.read_text()))  # the new save loads
        save_file.write_bytes(before)  # the next example starts from the same game
    else:
        assert status == 2 and out == "" and len(err) < 700
        # One line, or argparse's usage line and its error for a seat that is no number.
        assert err.count("\n") == 1 or (err.startswith("usage:") and err.count("\n") == 2)
        assert save_file.read_bytes() == before


LINES = st.one_of(
    st.text(max_size=40),
    st.builds(lambda t: f"apply 0 {t}", action_text()),
    st.builds(lambda s, t: f"apply {s} {t}", st.text(max_size=4), action_text()),
    st.sampled_from(["moves", "view", "view 1", "view 9", "to-act", "result", "record", "help"]),
    st.builds(lambda t: f"new monasterium {t}", st.text(max_size=20)),
)


@budget(40)
@given(lines=st.lists(LINES, min_size=1, max_size=8))
def test_engine_stdio_answers_every_line_with_one_json_line(
    lines: list[str], tried: Counter[str]
) -> None:
    tried["engine --stdio lines"] += len(lines)
    session = EngineSession()
    assert session.answer("new monasterium players=2 seed=3")["ok"]
    for line in lines:
        answer = session.answer(line)
        assert isinstance(answer["ok"], bool)
        if not answer["ok"]:
            assert len(answer["error"]) < 700
        assert "\n" not in json.dumps(answer)
    out = io.StringIO()
    serve_stdio(io.StringIO("new monasterium\n" + "\n".join(lines) + "\n"), out)
    assert all(json.loads(line)["ok"] in (True, False) for line in out.getvalue().splitlines())
