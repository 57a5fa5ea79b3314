"""The engine's save validation: schemas that name the field, conservation, a decision."""

from __future__ import annotations

from typing import Any

import pytest

from monastic.engine import BadSaveFile
from monastic.engine.validation import (
    FLAG,
    check_playable,
    conserve,
    distinct,
    exactly_once,
    fixed,
    items,
    nullable,
    one_of,
    schema,
    tagged,
    validate,
    where,
    whole,
)
from monastic.games.monasterium import GAME, MonasteriumState


def _kind(value: Any) -> str | None:
    if isinstance(value, list) and value and type(value[0]) is int:
        return {0: "move", 1: "pay"}.get(value[0])
    return None


SAVE = schema(
    "Toy",
    optional=("note",),
    seat=whole(0, 2),
    flag=FLAG,
    phase=one_of("play", "over"),
    good=one_of(3, 4),
    hands=items(items(whole(0, 9), at_most=3), 2),
    roll=nullable(items(whole(1, 6), at_most=2)),
    tasks=items(
        tagged(
            _kind,
            {
                "move": fixed(one_of(0), whole(1, 20), rest=whole(1, 20), at_most=3),
                "pay": fixed(one_of(1), whole(0, 4)),
            },
            "must be a task [kind, ...]",
        ),
        at_most=4,
    ),
    note=items(whole(0, 1), 1),
)
GOOD: dict[str, Any] = {
    "seat": 1,
    "flag": False,
    "phase": "play",
    "good": 4,
    "hands": [[1, 2], []],
    "roll": None,
    "tasks": [[0, 5, 6], [1, 3]],
}


def test_a_good_save_reads_as_plain_data_with_fixed_lists_as_tuples() -> None:
    checked = validate(SAVE, GOOD)
    assert checked == {**GOOD, "tasks": [(0, 5, 6), (1, 3)], "note": None}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seat": True}, "state.seat: must be a whole number, not True"),
        ({"seat": 1.0}, "state.seat: must be a whole number, not 1.0"),
        ({"seat": "1"}, "state.seat: must be a whole number, not '1'"),
        ({"seat": 3}, "state.seat: must be at most 2, not 3"),
        ({"seat": -1}, "state.seat: must be at least 0, not -1"),
        ({"seat": 10**80}, "state.seat: must be at most 2, not 1000000000"),
        ({"flag": 0}, "state.flag: must be true or false, not 0"),
        ({"phase": "lunch"}, "state.phase: must be 'play' or 'over', not 'lunch'"),
        ({"good": 3.0}, "state.good: must be a whole number, not 3.0"),
        ({"good": 5}, "state.good: must be 3 or 4, not 5"),
        ({"hands": [[1]]}, "state.hands: must have at least 2 items, not 1"),
        ({"hands": [[1, 2, 3, 4], []]}, "state.hands[0]: must have at most 3 items, not 4"),
        ({"hands": [[1], {}]}, "state.hands[1]: must be a list, not an object"),
        ({"roll": [7]}, "state.roll[0]: must be at most 6, not 7"),
        ({"tasks": [[0, 5], [2]]}, "state.tasks[1]: must be a task [kind, ...], not a list of 1"),
        ({"tasks": [[0, 21]]}, "state.tasks[0][1]: must be at most 20, not 21 (in a move)"),
        ({"tasks": [[1, 3, 3]]}, "state.tasks[0]: must have at most 2 items, not 3 (in a pay)"),
        ({"tasks": [[0, 1, 2, 3]]}, "state.tasks[0]: must have at most 3 items, not 4"),
        ({"extra": 1}, "state.extra: is not a field of this save"),
        ({"note": [0, 0]}, "state.note: must have at most 1 items, not 2"),
    ],
)
def test_each_problem_names_its_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(BadSaveFile) as caught:
        validate(SAVE, {**GOOD, **change})
    assert str(caught.value).startswith(message)


def test_a_missing_field_and_a_count_of_more_problems() -> None:
    data = {key: value for key, value in GOOD.items() if key != "phase"}
    with pytest.raises(BadSaveFile, match=r"^state\.phase: is missing$"):
        validate(SAVE, data)
    with pytest.raises(BadSaveFile, match=r"^state\.seat: .* \(and 1 more problems\)$"):
        validate(SAVE, {**GOOD, "seat": 9, "flag": None})
    with pytest.raises(BadSaveFile, match=r"^state: must be an object, not a list of 0$"):
        validate(SAVE, [])


def test_where_writes_paths_as_the_errors_do() -> None:
    assert where(("goods", 2, 1)) == "state.goods[2][1]"
    assert where((), "record") == "record"


def test_conserve_counts_a_fixed_supply() -> None:
    conserve("soup tokens", 5, [(("supply", 1), 3), (("goods", 0, 1), 2)])
    with pytest.raises(BadSaveFile, match=r"^state\.goods\[0\]\[1\]: soup tokens: a count below 0"):
        conserve("soup tokens", 5, [(("supply", 1), 6), (("goods", 0, 1), -1)])
    with pytest.raises(BadSaveFile) as caught:
        conserve("soup tokens", 5, [(("supply", 1), 4), (("goods", 0, 1), 0), (("goods", 1, 1), 2)])
    assert str(caught.value) == (
        "state.supply[1]: soup tokens add up to 6 (supply[1] 4, goods[1][1] 2);"
        " the game has 5, each exactly once"
    )


def test_exactly_once_finds_a_card_twice_a_stranger_and_a_missing_one() -> None:
    deck = ["A", "B", "C"]
    exactly_once("card", deck, [(("hand", 0), ["A"]), (("deck",), ["C", "B"])])
    with pytest.raises(BadSaveFile, match=r"^state\.deck\[1\]: card 'A' is also at state\.hand"):
        exactly_once("card", deck, [(("hand", 0), ["A"]), (("deck",), ["C", "A", "B"])])
    with pytest.raises(BadSaveFile, match=r"^state\.deck\[0\]: 'Z' is no card of this game"):
        exactly_once("card", deck, [(("deck",), ["Z"])])
    with pytest.raises(BadSaveFile, match=r"^state: card 'B' is nowhere \(1 missing in all\)"):
        exactly_once("card", deck, [(("deck",), ["A", "C"])])


def test_distinct() -> None:
    distinct(("missions",), ["A1", "B2"], "mission")
    with pytest.raises(BadSaveFile, match=r"^state\.missions\[2\]: mission 'A1' is there twice"):
        distinct(("missions",), ["A1", "B2", "A1"], "mission")


def test_check_playable_wants_a_seat_with_a_legal_action() -> None:
    state = GAME.new_game(2, 1)
    assert isinstance(state, MonasteriumState)
    check_playable(state)
    state.phase, state.rolled_personal, state.legal_cache = "act", None, None
    state.dice_fields = [[0, 0, 0] for _ in range(7)]  # nobody has a die to take
    with pytest.raises(BadSaveFile, match="is to act but has no legal action"):
        check_playable(state)
