"""A seat's tensor is read from its view alone: identical in every world ``determinize``
draws for that seat, of the fixed shape, finite, and its named slices tile it."""

from __future__ import annotations

import numpy as np
import pytest
from tests.rl.helpers import CASES, needs_common_view, observed, random_states

from monastic.rl import observer

EVERY = 5  # check every 5th state (and the last) of each game


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
