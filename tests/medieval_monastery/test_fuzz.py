"""Every bad input refused: hand-built action objects, things that are no action, seats that
are no seat and action texts never raise anything but ``IllegalAction`` or
``ActionSyntaxError``, and a refused input changes nothing (also on states whose combo list
is warm).

Each test's budget is small in the suite; ``MEDIEVAL_MONASTERY_FUZZ=N`` multiplies it for a
long run, and ``-s`` prints how many inputs of each kind were tried::

    MEDIEVAL_MONASTERY_FUZZ=40 PYTHONPATH=src python -m pytest -s -n 0 \\
        tests/medieval_monastery/test_fuzz.py
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monastic.engine import ActionSyntaxError, IllegalAction
from monastic.games.medieval_monastery import GAME, MedievalMonasteryState
from monastic.games.medieval_monastery.actions import (
    Accept,
    Bid,
    Combo,
    Discard,
    Give,
    MedievalMonasteryAction,
    Offer,
    Pick,
    Play,
    Reject,
    Swap,
    parse_action,
)

SCALE = int(os.environ.get("MEDIEVAL_MONASTERY_FUZZ", "1"))
REFUSED = (IllegalAction, ActionSyntaxError)
ACTION_TYPES = (Play, Discard, Offer, Accept, Reject, Pick, Bid, Give, Swap, Combo)


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
    """Saves of random games of every size at every kind of decision."""
    out: list[str] = []
    for seed in range(10):
        state = GAME.new_game(2 + seed % 5, seed)
        assert isinstance(state, MedievalMonasteryState)
        rng = random.Random(seed)
        seen: set[str] = set()
        step = 0
        while not state.is_over():
            if step % 37 == 0 or state.step not in seen:
                seen.add(state.step)
                out.append(state.to_json())
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
        out.append(state.to_json())
    return tuple(out)


def _warm(index: int) -> MedievalMonasteryState:
    """A state whose seats to act have listed their actions (a declarer's combo list is
    kept: the path a server hits)."""
    state = GAME.from_json(_states()[index % len(_states())])
    assert isinstance(state, MedievalMonasteryState)
    for seat in state.to_act():
        state.legal_actions(seat)
    return state


def _refused_unchanged(state: MedievalMonasteryState, seat: Any, action: Any) -> str:
    """Apply; a refusal must be one of the engine's errors, short, and change nothing."""
    before = state.to_json()
    try:
        state.apply(seat, action)
    except REFUSED as err:
        assert len(str(err)) < 400, "an error quotes only an excerpt of the input"
        assert state.to_json() == before
        return "refused"
    GAME.from_json(state.to_json())  # an accepted action leaves a valid state
    return "applied"


# Action objects ---------------------------------------------------------------------------

CARDISH = st.one_of(st.integers(-3, 75), st.sampled_from([0, 1, 71]))
PLAUSIBLE = st.one_of(
    CARDISH,
    st.sampled_from(["flush", "kind", "straight", "suits", "W", "9", "P"]),
    st.lists(st.integers(0, 71), min_size=1, max_size=9, unique=True).map(tuple),
)
ODD = st.one_of(
    PLAUSIBLE,
    PLAUSIBLE,
    PLAUSIBLE,
    st.integers(min_value=-(2**70), max_value=2**70),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.none(),
    st.lists(st.integers(0, 71), max_size=3),
    st.tuples(CARDISH, CARDISH),
    st.tuples(st.booleans()),
    st.lists(CARDISH, max_size=9).map(tuple),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)
FIELDS: dict[type, int] = {
    Play: 1,
    Discard: 1,
    Offer: 3,
    Accept: 2,
    Reject: 1,
    Pick: 1,
    Bid: 1,
    Give: 1,
    Swap: 1,
    Combo: 2,
}


@st.composite
def hand_built(draw: st.DrawFn) -> Any:
    cls = draw(st.sampled_from(sorted(FIELDS, key=lambda c: c.__name__)))
    return cls, [draw(ODD) for _ in range(FIELDS[cls])]


@budget(300)
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
        tried["action objects refused when built"] += 1
        return
    # Built: a well-formed action, with one canonical text that reads back (card order aside).
    assert str(parse_action(str(action))) == str(action)
    hash(action)
    state = _warm(index)
    for seat in range(state.players):
        tried[f"action objects {_refused_unchanged(state.clone(), seat, action)}"] += 1


@pytest.mark.parametrize(
    "build",
    [
        lambda: Play(""),
        lambda: Play(99),
        lambda: Play(True),
        lambda: Play(-1),
        lambda: Play([1]),  # type: ignore[arg-type]
        lambda: Play(1.0),  # type: ignore[arg-type]
        lambda: Give(72),
        lambda: Bid(None),  # type: ignore[arg-type]
        lambda: Pick("P1"),  # type: ignore[arg-type]
        lambda: Discard([1, 2]),  # type: ignore[arg-type]
        lambda: Discard((1, 1)),
        lambda: Discard((1, 2, 3)),
        lambda: Offer(1, 2, "Q"),
        lambda: Offer(True, 2, "W"),
        lambda: Offer(9, 2, "W"),
        lambda: Accept(0, 3),
        lambda: Accept(1, True),
        lambda: Reject(10**100),
        lambda: Swap(1.5),  # type: ignore[arg-type]
        lambda: Combo("flush", [1, 2]),  # type: ignore[arg-type]
        lambda: Combo("pair", (1, 2)),
        lambda: Combo("flush", tuple(range(12))),
    ],
)
def test_a_field_of_the_wrong_type_or_range_is_refused_when_built(build: Any) -> None:
    with pytest.raises(ActionSyntaxError, match="is not a medieval-monastery action"):
        build()


NOT_ACTIONS = st.one_of(
    ODD.filter(lambda x: not isinstance(x, str)),  # a text is read as an action
    st.lists(st.integers(), max_size=2),
    st.builds(object),
    st.just(Play),
    st.binary(max_size=4),
    st.tuples(st.integers(0, 3), st.integers(0, 71)),  # the shape of an Accept
)


@budget(150)
@given(thing=NOT_ACTIONS, seat=st.one_of(st.integers(-3, 7), ODD), index=st.integers(0, 10_000))
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


def test_a_bool_is_no_seat_and_no_card() -> None:
    state = _warm(0)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(True, legal[0])
    with pytest.raises(ActionSyntaxError):
        state.apply(seat, Play(True))


def test_a_warm_combo_list_does_not_accept_what_it_never_listed() -> None:
    """A declarer's combo list is kept between calls; an action it never listed (another
    kind's combo, a list for cards) is refused by the checks, not by the list."""
    for index in range(len(_states())):
        state = _warm(index)
        if state.step != "combo":
            continue
        seat = state.actor
        held = sorted(state.hands[seat])
        with pytest.raises(REFUSED):
            state.apply(seat, Combo("suits", tuple(held[:2])))  # "suits" takes 8 cards
        with pytest.raises(REFUSED):
            state.apply(seat, ("flush", tuple(held[:2])))
        with pytest.raises(REFUSED):
            state.apply(seat, [held])
        return
    pytest.fail("no saved state at a combo declaration")


# Action texts -----------------------------------------------------------------------------

WORDS = [
    "play", "discard", "offer", "done", "accept", "reject", "pick", "bid", "give", "swap",
    "combo", "for", "flush", "kind", "straight", "suits", "P1", "W9", "m5", "Z0", "Q3", "P10",
    "1", "2", "5", "0", "7", "99", "٣", "²", "Ⅳ", "ſ3", "P٣", "W", "w", "9" * 400, "9" * 5000,
    "\x00", "\x1c", "\x1f", "\x7f", "\x85", "\u2028", "\t", "\n", "é", "",
]  # fmt: skip


VERBS = ["play", "pick", "bid", "give", "discard", "swap", "reject", "accept", "done", "combo"]
NEAR = ["P1", "W9", "m5", "Z3", "R7", "O2", "A4", "M8", "S6", "1", "2", "3", "flush", "kind"]


@st.composite
def action_text(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return draw(st.text(max_size=30))
    if kind == 1:  # close to an action: a verb and a few plausible tokens
        verb = draw(st.sampled_from(VERBS))
        return " ".join([verb, *draw(st.lists(st.sampled_from(NEAR), max_size=3))])
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
    glue = draw(st.sampled_from([" ", "  ", "\t", "\x1c", "\xa0", ""]))
    return glue.join(words)


@budget(400)
@given(text=action_text(), index=st.integers(0, 10_000))
def test_every_text_parses_or_is_a_syntax_error(text: str, index: int, tried: Counter[str]) -> None:
    tried["action texts"] += 1
    try:
        action = GAME.parse_action(text)
    except ActionSyntaxError as err:
        assert len(str(err)) < 400 and "\n" not in str(err)
    else:
        assert isinstance(action, (*ACTION_TYPES, type(GAME.parse_action("done"))))
        assert str(GAME.parse_action(str(action))) == str(action)
        tried["action texts parsed"] += 1
    state = _warm(index)
    for seat in state.to_act() or [0]:
        tried[f"action texts {_refused_unchanged(state, seat, text)}"] += 1


@budget(200)
@given(index=st.integers(0, 10_000), pick=st.integers(0, 10_000), edit=st.integers(0, 5))
def test_an_edited_legal_text_is_legal_or_refused(
    index: int, pick: int, edit: int, tried: Counter[str]
) -> None:
    """Near misses: a legal text with a token dropped, doubled, swapped, or a number off."""
    state = _warm(index)
    if not state.to_act():
        return
    seat = state.to_act()[pick % len(state.to_act())]
    texts = state.legal_texts(seat)
    tokens = texts[pick % len(texts)].split()
    where = pick % len(tokens)
    if edit == 0:
        del tokens[where]
    elif edit == 1:
        tokens.insert(where, tokens[where])
    elif edit == 2:
        tokens.reverse()
    elif edit == 3:
        tokens[where] = tokens[where] + "0"
    elif edit == 4:
        tokens[where] = tokens[where].swapcase()
    else:
        tokens.append("P1")
    tried["edited legal texts"] += 1
    _refused_unchanged(state, seat, " ".join(tokens))


@pytest.mark.parametrize(
    "text",
    [
        "swap ٣",
        "swap ²",
        "swap " + "9" * 5000,
        "reject " + "9" * 5000,
        "accept 99999 P1",
        "play\x1cP1",
        "play P1\x00",
        "play ſ3",
        "play " + "P" * 1_000_000,
        "x" * 1_000_000,
    ],
)
def test_digits_letters_and_spaces_that_are_not_plain_are_refused(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as caught:
        parse_action(text)
    assert len(str(caught.value)) < 300


def test_the_actions_of_the_listing_are_those_the_checks_build() -> None:
    """The listing builds its actions without the checks; each equals its checked twin."""
    for index in range(0, len(_states()), 3):
        state = _warm(index)
        for seat in state.to_act():
            for action in state.legal_actions(seat)[:60]:
                twin: MedievalMonasteryAction = parse_action(str(action))
                assert type(twin) is type(action)
                assert str(twin) == str(action)
