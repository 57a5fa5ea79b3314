"""Gymnasium's ``check_env`` on the single-agent environments of every game (the other
seats played by our bots), and whole games through ``gymnasium.make``."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from tests.rl.helpers import SHORT, needs_common_view, observed

from monastic.rl.gymnasium import IDS, MonasticGym


@pytest.mark.parametrize("game_id", observed([pytest.param(g, id=g) for g in sorted(IDS)]))
def test_check_env_passes(game_id: str) -> None:
    env = MonasticGym(game_id, 2, opponents="random", **SHORT.get(game_id, {}))
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game_id", observed([pytest.param(g, id=g) for g in sorted(IDS)]))
def test_a_registered_id_plays_a_whole_game_against_greedy(game_id: str) -> None:
    env = gymnasium.make(IDS[game_id], players=3, seat=1, **SHORT.get(game_id, {}))
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    done, steps, reward = False, 0, 0.0
    while not done:
        assert 1 in info["to_act"]
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        steps += 1
    assert steps > 3 and 0.0 <= float(reward) <= 1.0


@needs_common_view("medieval-monastery")
def test_the_same_seed_gives_the_same_game() -> None:
    def play(seed: int) -> list[int]:
        env = MonasticGym("medieval-monastery", 3, opponents="greedy", turns=1)
        obs, _ = env.reset(seed=seed)
        taken, done = [], False
        while not done:
            taken.append(int(np.flatnonzero(obs["action_mask"])[0]))
            obs, _, done, _, _ = env.step(taken[-1])
        assert env.table is not None
        return [hash(str(action)) for _, action in env.table.moves]

    assert play(7) == play(7)
    assert play(7) != play(8)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        MonasticGym("monasterium", 2, opponents="grandmaster")
    with pytest.raises(ValueError, match="one bot spec per other seat"):
        MonasticGym("monasterium", 3, opponents=["random"])
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1"):
        MonasticGym("monasterium", 2, seat=2)


@needs_common_view("monasterium")
def test_an_unmasked_illegal_action_ends_the_episode_or_raises() -> None:
    from monastic.engine import IllegalAction

    env = MonasticGym("monasterium", 2, opponents="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    assert env.table is not None
    before = env.table.state.to_json()
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)
    assert env.table.state.to_json() == before
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(illegal)
    strict = MonasticGym("monasterium", 2, opponents="random", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction, match="not legal"):
        strict.step(illegal)
