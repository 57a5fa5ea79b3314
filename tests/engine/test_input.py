"""Forgiving input (engine.input.resolve): any case, a Monastery move without its cost, a
unique start of an action's text; and clear errors with near matches, the state unchanged."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from monastic.engine import State, load_game
from monastic.engine.input import Unresolved, resolve

GAMES = ["monastery", "monasterium", "medieval-monastery"]


def positions(game: str, seed: int, count: int = 60) -> Iterator[tuple[State, int]]:
    """``count`` decisions of a random game, with the seat to decide."""
    state = load_game(game).new_game(None, seed)
    rng = random.Random(seed)
    for _ in range(count):
        if state.is_over():
            return
        seat = state.to_act()[0]
        yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def scramble_case(text: str, rng: random.Random) -> str:
    return "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in text)


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_text_in_any_case_and_spacing_is_that_action(game: str) -> None:
    rng = random.Random(1)
    for state, seat in positions(game, 11):
        for action in state.legal_actions(seat):
            text = "  " + scramble_case(str(action), rng).replace(" ", "   ") + " "
            assert resolve(state, seat, text) == action, text


@pytest.mark.parametrize("game", GAMES)
def test_the_shortest_unique_start_of_a_text_is_that_action(game: str) -> None:
    resolved = 0
    for state, seat in positions(game, 12):
        actions = state.legal_actions(seat)
        texts = [str(a) for a in actions]
        for action, text in zip(actions, texts, strict=True):
            for cut in range(1, len(text)):
                start = text[:cut].rstrip()
                if not start or start in texts:
                    continue
                fitting = [t for t in texts if t.startswith(start) or t == start]
                if len(fitting) == 1:
                    assert resolve(state, seat, start) == action, (start, text)
                    resolved += 1
                    break
    assert resolved > 20


def test_a_monastery_move_without_its_cost_when_only_one_cost_fits() -> None:
    without_cost = 0
    ambiguous = 0
    for state, seat in positions("monastery", 2, 300):
        texts = state.legal_texts(seat)
        moves = [t for t in texts if t.startswith("move ")]
        for text in moves:
            bare = text.rsplit(" ", 1)[0]
            costs = [t for t in texts if t.rsplit(" ", 1)[0] == bare and t.startswith("move ")]
            if len(costs) == 1 and not any(t != text and t.startswith(bare) for t in texts):
                assert str(resolve(state, seat, bare.upper())) == text
                without_cost += 1
            elif len(costs) > 1:
                with pytest.raises(Unresolved, match="type more") as err:
                    resolve(state, seat, bare)
                assert set(err.value.near) <= set(texts)
                ambiguous += 1
    assert without_cost > 10


@pytest.mark.parametrize("game", GAMES)
def test_wrong_text_is_refused_with_near_matches_and_nothing_changes(game: str) -> None:
    for state, seat in positions(game, 13, 20):
        before = state.to_json()
        texts = state.legal_texts(seat)
        near_miss = texts[0][:-1] + ("#" if texts[0][-1] != "#" else "%")
        for bad in ("dance", "", "zzz 99", near_miss, "x" * 300):
            if bad in texts:
                continue
            with pytest.raises(Unresolved) as err:
                resolve(state, seat, bad)
            assert str(err.value)
            assert set(err.value.near) <= set(texts)
        assert state.to_json() == before


def test_a_seat_that_does_not_decide_is_told_so() -> None:
    state = load_game("monasterium").new_game(2, 1)
    other = 1 - state.to_act()[0]
    with pytest.raises(Unresolved, match="not your turn"):
        resolve(state, other, "place 1")
