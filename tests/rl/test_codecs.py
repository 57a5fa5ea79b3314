"""Every legal action of random games has its own tokens and one integer, in a fixed range,
and both read back to the same action; the masks allow exactly the legal actions."""

from __future__ import annotations

import pytest
from tests.rl.helpers import CASES, random_states

import monastic
from monastic.rl import codec
from monastic.rl.codec import Choices

LONGER = {"medieval-monastery": {"turns": 2}}
SEEDS = {"medieval-monastery": range(3), "monasterium": range(2), "monastery": range(2)}


def _completions(choices: Choices, prefix: tuple[int, ...] = ()) -> set[tuple[int, ...]]:
    """Every run of tokens the masks allow from ``prefix`` to a complete action."""
    found = set()
    for token in choices.next_tokens(prefix):
        run = (*prefix, token)
        if choices.is_complete(run):
            assert choices.next_tokens(run) == [], f"{run} is complete and a prefix too"
            found.add(run)
        else:
            found |= _completions(choices, run)
    return found


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_legal_action_round_trips_through_tokens_and_index(
    game_id: str, players: int
) -> None:
    space = codec(game_id, players)
    game = monastic.load_game(game_id)
    decisions = staged = 0
    for seed in SEEDS[game_id]:
        for state in random_states(game_id, players, seed, LONGER.get(game_id)):
            for seat in range(players):
                legal = state.legal_actions(seat)
                choices = space.choices(state, seat)  # raises if two actions share tokens
                assert len(choices) == len(legal)
                if not legal:
                    assert choices.next_tokens() == []
                    continue
                decisions += 1
                indices = set()
                for action in legal:
                    run = space.tokens(action)
                    assert all(0 <= t < space.size for t in run)
                    assert len(run) == 1 + len(space.stages(run[0]))
                    staged += len(run) > 1
                    assert choices.action(run) == action
                    assert space.tokens(game.parse_action(str(action))) == run
                    index = space.index(action)
                    assert 0 <= index < space.flat_size
                    assert space.tokens_of_index(index) == run
                    indices.add(index)
                assert len(indices) == len(legal)
                assert _completions(choices) == set(choices.runs())
                assert space.wait.start not in choices.next_tokens()
    assert decisions > 50
    assert staged > 0


def test_a_token_outside_the_space_is_refused() -> None:
    space = codec("medieval-monastery", 3)
    with pytest.raises(ValueError, match="outside"):
        space.block_of(space.size)
    with pytest.raises(ValueError, match="outside"):
        space.tokens_of_index(space.flat_size)
    with pytest.raises(ValueError, match="cannot start"):
        space.index_of_tokens((space.straight_suit.start,))
    with pytest.raises(ValueError, match="not a medieval-monastery action"):
        space.tokens("play P1")
    with pytest.raises(ValueError, match="takes 2 to 4 players"):
        codec("monastery", 5)


def test_monastery_cells_cover_every_board_the_rules_allow() -> None:
    from monastic.games.monastery.catalogue import ABBEY_CELLS, N_TILES
    from monastic.rl.codec_monastery import CELLS

    cells = set(CELLS)
    assert set(ABBEY_CELLS) <= cells
    # The farthest cell a straight line of every tile reaches, in each direction.
    assert (2 + N_TILES, 0) in cells and (-N_TILES, 1) in cells
    assert (0, 1 + N_TILES) in cells and (2, -N_TILES) in cells
    assert (2 + N_TILES + 1, 0) not in cells
