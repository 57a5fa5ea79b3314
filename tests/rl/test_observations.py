"""A seat's tensor is read from its view alone: identical in every world ``determinize``
draws for that seat, of the fixed shape, finite, and its named slices tile it; the tensor
written straight from the state is the view's, bit for bit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest
from tests.rl.helpers import CASES, needs_common_view, observed, random_states

import monastic
from monastic.rl import observer
from monastic.rl.observation import Features, Observer, Tensor, as_floats
from monastic.rl.table import Table

CARD = "medieval-monastery"
LONGER = {CARD: {"turns": 4}}  # enough turns for a staged straight in the card game

EVERY = 5  # check every 5th state (and the last) of each game
STATES = 300  # states per game and player count that the fast tensor is checked on


@pytest.mark.parametrize(("game_id", "players"), observed(CASES))
def test_a_seats_tensor_is_the_same_in_its_determinized_worlds(game_id: str, players: int) -> None:
    look = observer(game_id, players)
    states = list(random_states(game_id, players, seed=players))
    differ = 0
    for step, state in enumerate(states):
        if step % EVERY and step != len(states) - 1:
            continue
        for seat in range(players):
            tensor = look.encode(state.view(seat))
            assert tensor.shape == (look.size,) and tensor.dtype == np.float32
            assert np.isfinite(tensor).all()
            for k in range(2):
                world = state.determinize(seat, 1000 * step + k)
                np.testing.assert_array_equal(look.encode(world.view(seat)), tensor)
                np.testing.assert_array_equal(look.observe(world, seat), tensor)
                differ += world.to_json() != state.to_json()
    info = states[0].game.info.information
    assert differ > 0 or info == "perfect"  # the worlds really were other worlds


@pytest.mark.parametrize(
    "game_id",
    observed([pytest.param(g, id=g) for g in ("medieval-monastery", "monasterium", "monastery")]),
)
def test_named_slices_tile_the_tensor(game_id: str) -> None:
    look = observer(game_id, 3)
    covered = np.zeros(look.size, dtype=int)
    for where in look.layout.values():
        covered[where] += 1
    assert (covered == 1).all()
    state = next(random_states(game_id, 3, seed=1))
    named = look.named(look.encode(state.view(0)))
    assert named["viewer"].tolist() == [1.0, 0.0, 0.0]
    assert set(named) == set(look.layout)


@needs_common_view("medieval-monastery")
def test_a_spectator_view_or_another_game_is_refused() -> None:
    state = next(random_states("medieval-monastery", 2, seed=1))
    with pytest.raises(ValueError, match="not a seat's medieval-monastery view"):
        observer("medieval-monastery", 2).encode(state.view(None))
    with pytest.raises(ValueError, match="not a seat's monasterium view"):
        observer("monasterium", 2).encode(state.view(0))


@pytest.mark.parametrize(("game_id", "players"), observed(CASES))
def test_the_tensor_written_from_the_state_is_the_views_bit_for_bit(
    game_id: str, players: int
) -> None:
    """``observe`` (straight from the state's fields) against ``encode`` of the view, the
    reference, for every seat of every state of random games, with and without tokens
    entered of a staged action."""
    look = observer(game_id, players)
    staged = sorted(look.codec.staged_heads)
    compared, seed = 0, players
    while compared < STATES:  # whole random games until enough states are seen
        seed += 1
        for step, state in enumerate(random_states(game_id, players, seed=seed)):
            entered = () if step % 7 else (staged[step % len(staged)],)
            for seat in range(players):
                fast = look.observe(state, seat, entered)
                reference = look.encode(state.view(seat), entered)
                assert fast.dtype == reference.dtype == np.float32
                if not np.array_equal(fast.view(np.uint32), reference.view(np.uint32)):
                    named = look.named(fast)
                    wrong = [
                        name
                        for name, part in look.named(reference).items()
                        if not np.array_equal(part, named[name])
                    ]
                    pytest.fail(f"seed {seed}, state {step}, seat {seat}: {wrong} differ")
            compared += 1


def test_observe_refuses_another_game_or_seat() -> None:
    state = next(random_states("monasterium", 2, seed=1))
    with pytest.raises(ValueError, match="monasterium state for a 2-player medieval-monastery"):
        observer("medieval-monastery", 2).observe(state, 0)
    with pytest.raises(ValueError, match="3-player monasterium observer"):
        observer("monasterium", 3).observe(state, 0)
    with pytest.raises(ValueError, match="there is no seat 2"):
        observer("monasterium", 2).observe(state, 2)


class _Counting(Observer):
    """An observer that counts how often a state is written: the game's own observer lays
    out the features and writes them."""

    def __init__(self, look: Observer) -> None:
        self.look = look
        self.game_id = look.game_id  # type: ignore[misc]  # the one game it observes
        self.writes = 0
        super().__init__(look.codec)

    def declare(self, features: Features) -> None:
        self.look.declare(features)

    def fill(self, parts: dict[str, Any], view: Mapping[str, Any]) -> None:
        self.look.fill(parts, view)

    def write(self, out: Tensor, state: monastic.State, seat: int) -> None:
        self.writes += 1
        self.look.write(out, state, seat)


@pytest.mark.parametrize(
    ("game_id", "players"),
    observed([pytest.param("monastery", 2, id="monastery"), pytest.param(CARD, 3, id=CARD)]),
)
def test_a_table_writes_each_moment_once_and_its_tensors_are_the_views(
    game_id: str, players: int
) -> None:
    """Through every token of a random game: the table's tensor of each seat is the view's
    (the entered tokens included), asking twice writes nothing more, and the tokens of a
    staged action write no state again."""
    look = observer(game_id, players)
    counting = _Counting(look)
    state = monastic.load_game(game_id).new_game(players, 5, LONGER.get(game_id))
    table = Table(look.codec, state)
    rng = np.random.default_rng(5)
    moments = staged = 0
    while not table.is_over():
        seat = table.current()
        assert seat is not None
        before = counting.writes
        for _ in range(2):
            for s in range(players):
                tensor = table.tensor(counting, s)
                reference = look.encode(state.view(s), table.prefix_of(s))
                assert np.array_equal(tensor.view(np.uint32), reference.view(np.uint32))
            tensor[:] = -1.0  # the caller's own copy: changing it changes nothing kept
        writes = counting.writes - before
        assert writes == (0 if table.prefix else players)
        staged += bool(table.prefix)
        moments += 1
        table.play(seat, int(rng.choice(table.legal_tokens(seat))))
    assert staged > 0 and moments > 20


@pytest.mark.parametrize(("game_id", "players"), observed(CASES))
def test_the_tensors_of_all_seats_at_once_are_each_seats_own(game_id: str, players: int) -> None:
    """``observe_seats`` (the public features written once, copied to every seat) and the
    table's ``tensors`` give each seat exactly ``observe``'s tensor, bit for bit."""
    look = observer(game_id, players)
    seats = list(range(players))
    for step, state in enumerate(random_states(game_id, players, seed=7 + players)):
        alone = [look.observe(state, seat).view(np.uint32) for seat in seats]
        together = look.observe_seats(state, seats[::-1])[::-1]
        assert all(
            np.array_equal(a, t.view(np.uint32)) for a, t in zip(alone, together, strict=True)
        )
        if step % 5 == 0:
            table = Table(look.codec, state.clone())
            from_table = table.tensors(look, seats)
            assert all(
                np.array_equal(a, t.view(np.uint32)) for a, t in zip(alone, from_table, strict=True)
            )
            from_table[0][:] = -1.0  # fresh arrays: what the table keeps is unchanged
            assert np.array_equal(table.tensor(look, 0).view(np.uint32), alone[0])


def test_as_floats_is_tolist_down_to_the_sign_of_zero() -> None:
    look = observer("monastery", 2)
    for state in random_states("monastery", 2, seed=3):
        tensor = look.observe(state, 0)
        tensor[::97] = -0.0  # a negative zero keeps its sign, as tolist's does
        floats = as_floats(tensor)
        assert floats == tensor.tolist() and all(type(f) is float for f in floats)
        assert np.array_equal(np.array(floats, np.float32).view(np.uint32), tensor.view(np.uint32))
    assert as_floats(np.zeros(0, np.float32)) == []
