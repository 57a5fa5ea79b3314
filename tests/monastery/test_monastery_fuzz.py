"""Every bad action refused: hand-built actions with fields of the wrong type or out of
range, and malformed texts, raise ``IllegalAction`` or ``ActionSyntaxError`` (never
TypeError, IndexError, ValueError...), change nothing, and say so in a short message; also
when the legal-action cache is warm. Hypothesis with a bounded budget (1,150 examples and
40 fixed cases in the suite; ``MONASTERY_FUZZ_SCALE=N`` multiplies the examples)."""

from __future__ import annotations

import dataclasses
import json
import os
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from mon_helpers import GAME

from monastic.engine import ActionSyntaxError, IllegalAction, State
from monastic.games.monastery import actions
from monastic.games.monastery.actions import ABBEY_XY, Lay, Move, Return, parse_action
from monastic.games.monastery.game import MonasteryState

ACTION_CLASSES = [
    getattr(actions, name)
    for name in actions.__all__
    if isinstance(getattr(actions, name), type) and dataclasses.is_dataclass(getattr(actions, name))
]
MAX_MESSAGE = 400
#: For a long run: ``MONASTERY_FUZZ_SCALE=20`` tries 20 times the suite's examples.
SCALE = int(os.environ.get("MONASTERY_FUZZ_SCALE", "1"))


@cache
def _positions() -> tuple[str, ...]:
    """Saved states of random games at every kind of decision (steps, scorings, returns,
    elections, the Brewhouse), 2 to 4 players."""
    out: dict[str, str] = {}
    for seed in range(6):
        state = GAME.new_game(2 + seed % 3, seed, {"start_hand": seed % 2 == 1})
        assert isinstance(state, MonasteryState)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            pending = state.pending[-1][0] if state.pending else 0
            key = f"{state.phase}-{state.scoring_stage}-{pending}-{state.players}"
            if key not in out or rng.random() < 0.02:
                out[key] = state.to_json()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return tuple(out.values())


_ODD_VALUES = hs.one_of(
    hs.integers(-(10**30), 10**30),
    hs.integers(-3, 60),
    hs.booleans(),
    hs.floats(allow_nan=True, allow_infinity=True),
    hs.sampled_from([0.0, 1.0, 2.0, -1.0]),
    hs.text(max_size=12),
    hs.sampled_from(["PATH_I", "CHAPEL", "PASSAGE_RED", "", "x", "path_i"]),
    hs.none(),
    hs.lists(hs.integers(0, 5), max_size=3),
    hs.tuples(hs.integers(0, 5)),
    hs.dictionaries(hs.text(max_size=2), hs.integers(), max_size=2),
    hs.just(ABBEY_XY[0]),
)


@hs.composite
def _hand_built(draw: hs.DrawFn) -> Any:
    """An action of a Monastery class whose fields are anything at all."""
    cls = draw(hs.sampled_from(ACTION_CLASSES))
    values = {field.name: draw(_ODD_VALUES) for field in dataclasses.fields(cls)}
    return cls(**values)


@hs.composite
def _near_legal(draw: hs.DrawFn, legal: list[Any]) -> Any:
    """A legal action with one field replaced by a value of another type, or out of range
    (an int field gets its float or bool twin: equal, yet no whole number)."""
    action = draw(hs.sampled_from([a for a in legal if dataclasses.fields(a)]))
    field = draw(hs.sampled_from(dataclasses.fields(action)))
    value = getattr(action, field.name)
    odd: list[Any] = [None, [value], 1.5]
    if type(value) is int:
        odd += [float(value), str(value), 10**9, -(10**9)]
        if value in (0, 1):
            odd.append(bool(value))
    elif type(value) is str:
        odd += [value.lower(), 1, True]
    else:  # the stables flag
        odd += [int(value), float(value)]
    return dataclasses.replace(action, **{field.name: draw(hs.sampled_from(odd))})


def _refused_unchanged(state: State, seat: Any, action: Any) -> None:
    """``apply`` either refuses with one of the two errors, leaving the state as it was, or
    (a legal action) applies and leaves a state that saves and loads."""
    before = state.to_json()
    try:
        state.apply(seat, action)
    except (IllegalAction, ActionSyntaxError) as err:
        assert len(str(err)) < MAX_MESSAGE, str(err)[:200]
        assert state.to_json() == before
        return
    GAME.from_json(state.to_json())


@settings(max_examples=200 * SCALE)
@given(hs.data())
def test_hand_built_actions_of_any_fields_are_refused(data: hs.DataObject) -> None:
    positions = _positions()
    state = GAME.from_json(data.draw(hs.sampled_from(positions)))
    seat = state.to_act()[0]
    if data.draw(hs.booleans()):
        state.legal_actions(seat)  # a warm cache: the frozenset lookup must not fail
    _refused_unchanged(state, seat, data.draw(_hand_built()))


@settings(max_examples=200 * SCALE)
@given(hs.data())
def test_legal_actions_with_one_odd_field_are_refused(data: hs.DataObject) -> None:
    """``Lay(rot=1.5)``, ``Lay(rot=True)``, ``Move(dx="x")``: offered actions with one field
    changed are refused, with the legal-action cache warm or cold."""
    state = GAME.from_json(data.draw(hs.sampled_from(_positions())))
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    if not any(dataclasses.fields(a) for a in legal):
        return
    if data.draw(hs.booleans()):
        state._legal_cache = None  # a cold cache: the listing and why_illegal must cope
    action = data.draw(_near_legal(legal))
    before = state.to_json()
    with pytest.raises((IllegalAction, ActionSyntaxError)) as caught:
        state.apply(seat, action)
    assert len(str(caught.value)) < MAX_MESSAGE
    assert state.to_json() == before


@pytest.mark.parametrize(
    "action",
    [
        Lay("PATH_I", 1, 2, 1.5),  # type: ignore[arg-type]
        Lay("PATH_I", 1, 2, True),  # type: ignore[arg-type]
        Lay("PATH_I", 1.0, 2, 0),  # type: ignore[arg-type]
        Lay(["PATH_I"], 1, 2, 0),  # type: ignore[arg-type]
        Lay("PATH_I", 10**9, 2, 0),
        Lay("PATH_I", 1, 2, 7),
        Move(0, 0, -1, "x", 1, -1, 1),  # type: ignore[arg-type]
        Move(*ABBEY_XY, -1, 1, 2, 9, 1),
        Return([1]),  # type: ignore[arg-type]
        Return("NOT_A_TILE"),
        actions.Elect(True),  # type: ignore[arg-type]
        actions.Imprison(7),
        actions.BuyLetter(40, 0, 0),
        actions.BuyMonk(0, -1),
        actions.Library(0, 99),
        actions.Keep(0, 0, 5),
        "lay PATH_I 1,2 r0",
        None,
        [1, 2],
        3,
    ],
)
def test_a_bad_action_is_refused_warm_or_cold(action: Any) -> None:
    for warm in (False, True):
        state = GAME.new_game(3, 7)
        seat = state.to_act()[0]
        if warm:
            state.legal_actions(seat)
        before = state.to_json()
        with pytest.raises((IllegalAction, ActionSyntaxError)):
            if isinstance(action, str):
                state.apply(seat, action + " r0")  # a text that is no action
            else:
                state.apply(seat, action)
        assert state.to_json() == before


def test_a_bool_is_no_seat() -> None:
    state = GAME.new_game(2, 3)
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0]
    with pytest.raises(IllegalAction, match="no seat True"):
        state.apply(True, action)


_TEXT_PARTS = hs.sampled_from(
    [
        "lay", "stables", "move", "shift", "encourage", "end", "library", "buy", "monk",
        "elect", "imprison", "stand", "keep", "return", "pray", "exchange", "purchase",
        "PATH_I", "CHAPEL", "A", "1,2", "-1,0", "1,2/0", "0,0/9", "c1", "c999999",
        "r0", "r90", "r45", "R2", "G10", "Y11", "B0", "R1", "none", ">", "/", ",", "-",
        "\u0663", "\u00b2", "\uff11", "1" * 5000, "9" * 30, " ", "\t", "\n", "\x00",
    ]
)  # fmt: skip


@settings(max_examples=600 * SCALE)
@given(hs.one_of(hs.text(max_size=60), hs.lists(_TEXT_PARTS, max_size=6).map(" ".join)))
def test_every_text_parses_or_is_refused_as_syntax(text: str) -> None:
    """The parser raises only ``ActionSyntaxError``, with a short message, and what it
    accepts reads back from its own canonical text."""
    try:
        action = parse_action(text)
    except ActionSyntaxError as err:
        assert len(str(err)) < MAX_MESSAGE
        return
    assert parse_action(str(action)) == action


@settings(max_examples=150 * SCALE)
@given(hs.data())
def test_texts_applied_to_positions_are_refused_cleanly(data: hs.DataObject) -> None:
    state = GAME.from_json(data.draw(hs.sampled_from(_positions())))
    seat = state.to_act()[0]
    legal = state.legal_texts(seat)
    text = data.draw(
        hs.one_of(
            hs.sampled_from(legal).map(lambda t: t.replace("1", data.draw(_TEXT_PARTS), 1)),
            hs.lists(_TEXT_PARTS, min_size=1, max_size=6).map(" ".join),
        )
    )
    _refused_unchanged(state, seat, text)


def test_a_huge_text_gives_a_short_message() -> None:
    for text in ("lay " + "X" * 10**6, "move A " + "1" * 10**6 + ",2 c1", "\u0663" * 1000):
        with pytest.raises(ActionSyntaxError) as caught:
            parse_action(text)
        assert len(str(caught.value)) < MAX_MESSAGE
        with pytest.raises(ActionSyntaxError):
            GAME.new_game(2, 1).apply(0, text)


def test_the_positions_cover_the_kinds_of_decision() -> None:
    kinds = {
        json.loads(text)["state"]["phase"] for text in _positions()
    }  # steps, scorings and more
    assert {"step", "score"} <= kinds
