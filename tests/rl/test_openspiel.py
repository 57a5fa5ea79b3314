"""OpenSpiel's own checks through the adapter: ``random_sim_test`` on every game, and its
``MCTSBot`` and ``ISMCTSBot`` playing games to the end (small budgets: this shows they run
on our games unchanged, not how well they play)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from tests.rl.helpers import needs_common_view, observed

from monastic.rl.openspiel import SHORT_NAMES

SIMS: list[Any] = [
    pytest.param("medieval-monastery", {"players": 2, "turns": 1}, 3, id="medieval-monastery-2"),
    pytest.param("medieval-monastery", {"players": 5, "turns": 1}, 2, id="medieval-monastery-5"),
    pytest.param("monasterium", {"players": 3}, 1, id="monasterium-3"),
    pytest.param("monastery", {"players": 2}, 1, id="monastery-2"),
]
#: Where the bots take over: the card game from its start; the long games for their last
#: tokens of a random game (a full game of rollouts would take minutes).
BOT_GAMES: list[Any] = [
    pytest.param("medieval-monastery", {"players": 3, "turns": 1}, None, id="medieval-monastery"),
    pytest.param("monasterium", {"players": 2}, 40, id="monasterium"),
    pytest.param("monastery", {"players": 2}, 40, id="monastery"),
]


def _game(game_id: str, params: dict[str, Any]) -> pyspiel.Game:
    return pyspiel.load_game(SHORT_NAMES[game_id], params)


@pytest.mark.parametrize(("game_id", "params", "sims"), observed(SIMS))
def test_openspiels_random_simulation_checks_pass(
    game_id: str, params: dict[str, Any], sims: int
) -> None:
    game = _game(game_id, params)
    assert game.get_type().short_name == SHORT_NAMES[game_id]
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def _random_history(game: pyspiel.Game, seed: int) -> list[int]:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return list(state.history())


@pytest.mark.parametrize(("game_id", "params", "last"), BOT_GAMES)
def test_openspiels_mcts_and_ismcts_bots_finish_games(
    game_id: str, params: dict[str, Any], last: int | None
) -> None:
    state = _game(game_id, {**params, "seed": 11}).new_initial_state()
    if last is not None:
        history = _random_history(_game(game_id, {**params, "seed": 11}), seed=3)
        for action in history[:-last]:
            state.apply_action(action)
    game = state.get_game()
    rng = np.random.RandomState(5)
    rollouts = mcts.RandomRolloutEvaluator(1, rng)
    bots = [
        ismcts.ISMCTSBot(game, rollouts, 2.0, 4, random_state=rng)
        if seat == 0
        else mcts.MCTSBot(game, 2.0, 4, rollouts, random_state=rng)
        for seat in range(game.num_players())
    ]
    decisions = 0
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
        decisions += 1
    assert decisions > 10
    assert sum(state.returns()) == pytest.approx(1.0)


@needs_common_view("medieval-monastery")
def test_resampling_keeps_what_the_player_knows_and_redraws_the_rest() -> None:
    game = _game("medieval-monastery", {"players": 3, "turns": 1, "seed": 4})
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(12):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(4)]
    key = state.information_state_string(player)
    assert all(w.information_state_string(player) == key for w in worlds)
    np.testing.assert_array_equal(
        worlds[0].observation_tensor(player), state.observation_tensor(player)
    )
    others = [state.information_state_string(s) for s in range(3) if s != player]
    assert any(
        [w.information_state_string(s) for s in range(3) if s != player] != others for w in worlds
    )
    assert state.table.state.to_json() != worlds[0].table.state.to_json()


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="reward must be one of win, score"):
        _game("monasterium", {"reward": "points"})
    with pytest.raises(ValueError, match="turns"):
        _game("medieval-monastery", {"turns": 99})


def _each_game(card_players: int, monasterium_players: int) -> list[Any]:
    """One short case per game, for the tests that walk a game through OpenSpiel's calls."""
    return observed(
        [
            pytest.param(
                "medieval-monastery",
                {"players": card_players, "turns": 1},
                id="medieval-monastery",
            ),
            pytest.param("monasterium", {"players": monasterium_players}, id="monasterium"),
            pytest.param("monastery", {"players": 2}, id="monastery"),
        ]
    )


@pytest.mark.parametrize(("game_id", "params"), _each_game(4, 3))
def test_the_quick_observation_tensor_is_openspiels_own_and_clones_read_the_same(
    game_id: str, params: dict[str, Any]
) -> None:
    """``observation_tensor`` skips OpenSpiel's new initial state per call, not a float; a
    clone (whose engine state is set up only when read) sees the same, strings included."""
    state = _game(game_id, {**params, "seed": 2}).new_initial_state()
    rng = np.random.default_rng(2)
    for step in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        ours = state.observation_tensor(player)
        assert ours == pyspiel.State.observation_tensor(state, player)
        assert ours == state.observation_tensor()  # the current player's
        if step % 10 == 0:
            copy = state.clone()
            assert copy.history() == state.history()
            assert copy.observation_tensor(player) == ours
            for seat in range(state.num_players()):
                text = state.information_state_string(seat)
                assert copy.information_state_string(seat) == text
                assert state.information_state_string(seat) == text  # kept, not rebuilt wrong
        state.apply_action(int(rng.choice(state.legal_actions())))
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(state.num_players())


@pytest.mark.parametrize(("game_id", "params"), _each_game(3, 2))
def test_the_quick_legal_actions_are_openspiels_own(game_id: str, params: dict[str, Any]) -> None:
    """``legal_actions`` answered in Python is OpenSpiel's C++ path, for the current player
    and every other at every token of a random game and at its end; a fresh list each time;
    a pseudo-player is refused as OpenSpiel refuses it."""
    state = _game(game_id, {**params, "seed": 4}).new_initial_state()
    rng = np.random.default_rng(4)
    players = state.num_players()
    tokens = 0
    while True:
        ours = state.legal_actions()
        assert ours == pyspiel.State.legal_actions(state)
        for player in range(players):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        if state.is_terminal():
            assert ours == []
            break
        ours.append(-1)  # the caller's own list: the next answer is whole
        assert state.legal_actions()[-1] != -1
        with pytest.raises(pyspiel.SpielError):
            state.legal_actions(-1)
        state.apply_action(int(rng.choice(state.legal_actions())))
        tokens += 1
    assert tokens > 20
