"""The random and greedy bots (issue: Bots): legal choices, honesty, spec strings."""

from __future__ import annotations

import random

import pytest

import monastic
from monastic import bots


def test_make_knows_its_bots_and_names_them_on_error() -> None:
    """bots.make(spec, seed) builds a bot; an unknown spec names the known ones."""
    assert bots.make("random", seed=1).name == "random"
    assert bots.make("greedy", seed=1).name == "greedy"
    with pytest.raises(ValueError, match="known bots"):
        bots.make("grandmaster")
    with pytest.raises(ValueError, match="takes no options"):
        bots.make("greedy:fast")


@pytest.mark.parametrize("game_id", monastic.game_ids())
@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_bots_choose_legal_actions(game_id: str, spec: str) -> None:
    """A bot returns one of state.legal_actions(seat), for every game, through the contract."""
    game = monastic.load_game(game_id)
    state = game.new_game(game.default_players, seed=4)
    bot = bots.make(spec, seed=2)
    for _ in range(60):
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = bot.choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_greedy_is_honest_about_hidden_cards() -> None:
    """Bots decide from what their seat may know: scrambling what seat 0 cannot see (another
    world consistent with its information) does not change the greedy bot's choice."""
    game = monastic.load_game("medieval-monastery")
    rng = random.Random(5)
    for seed in range(6):
        state = game.new_game(4, seed)
        for _ in range(rng.randrange(0, 80)):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over():
            continue
        seat = state.to_act()[0]
        scrambled = state.determinize(seat, random.Random(seed + 100))
        assert bots.make("greedy", 9).choose(state, seat) == bots.make("greedy", 9).choose(
            scrambled, seat
        )


def test_greedy_beats_random_at_the_card_game() -> None:
    """Issue 'Bots': greedy raises its lowest suit; against random it wins most games."""
    game = monastic.load_game("medieval-monastery")
    wins = 0.0
    for seed in range(6):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        players = [bots.make(spec, seed) for spec in specs]
        state = game.new_game(2, seed, {"turns": 4})
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, players[seat].choose(state, seat))
        wins += state.result().reward(specs.index("greedy"))
    assert wins >= 5
