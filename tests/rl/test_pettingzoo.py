"""PettingZoo's own checks on every game: ``api_test`` and ``seed_test`` on the AEC
environments, ``parallel_api_test`` on the Parallel ones.

``max_cycles_test`` does not apply: it samples actions without their masks and expects every
agent to act once per cycle, which holds for PettingZoo's real-time environments but not
for turn-based games (its own classic board and card games do not run it either).
Truncation by ``max_cycles`` is checked below instead.

PettingZoo exempts its own action-masking environments by name from two advisory warnings
(a dict observation and its space); the same exemption is made here, every other warning
still fails the test.
"""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from tests.rl.helpers import SHORT, needs_common_view, observed

from monastic.rl import pettingzoo as mpz

ADVISORY = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]
GAMES = observed(
    [
        pytest.param("medieval-monastery", 3, id="medieval-monastery-3"),
        pytest.param("medieval-monastery", 6, id="medieval-monastery-6"),
        pytest.param("monasterium", 2, id="monasterium-2"),
        pytest.param("monastery", 2, id="monastery-2"),
        pytest.param("monastery", 4, id="monastery-4"),
    ]
)


def _opts(game_id: str) -> dict[str, object]:
    return dict(SHORT.get(game_id, {}))


@pytest.mark.filterwarnings(*ADVISORY)
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_pettingzoo_api_and_seed_tests_pass(game_id: str, players: int) -> None:
    api_test(mpz.env(game_id, players, **_opts(game_id)), num_cycles=2000)
    seed_test(lambda **_: mpz.env(game_id, players, **_opts(game_id)), num_cycles=200)


@pytest.mark.filterwarnings(*ADVISORY)
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_pettingzoo_parallel_api_test_passes(game_id: str, players: int) -> None:
    parallel_api_test(mpz.parallel_env(game_id, players, **_opts(game_id)), num_cycles=2000)


@needs_common_view("medieval-monastery")
def test_the_parallel_card_game_asks_simultaneous_choices_in_one_step() -> None:
    env = mpz.parallel_env("medieval-monastery", 4, turns=2)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    together = 0
    while env.agents:
        acting = [a for a in env.agents if not obs[a]["action_mask"][0]]
        together = max(together, len(acting))
        actions = {
            agent: int(rng.choice(np.flatnonzero(obs[agent]["action_mask"])))
            for agent in env.agents
        }
        obs, rewards, *_ = env.step(actions)
    assert together >= 2
    assert sum(rewards.values()) == pytest.approx(1.0)


@needs_common_view("monasterium")
def test_max_cycles_truncates_and_rewards_come_at_the_end() -> None:
    env = mpz.env("monasterium", 2, max_cycles=5)
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        assert reward == 0.0
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5


@needs_common_view("medieval-monastery")
def test_score_rewards_add_up_to_zero_and_bad_arguments_are_refused() -> None:
    env = mpz.env("medieval-monastery", 3, reward="score", turns=1)
    env.reset(seed=2)
    total = 0.0
    for _agent in env.agent_iter():
        obs, reward, terminated, _, _ = env.last()
        total += reward
        env.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[-1]))
    assert total == pytest.approx(0.0)
    with pytest.raises(ValueError, match="reward must be one of win, score"):
        mpz.env("monasterium", 2, reward="points")
    with pytest.raises(ValueError, match="turns"):
        mpz.env("medieval-monastery", 2, turns=0)


@needs_common_view("medieval-monastery")
def test_an_illegal_token_is_refused_and_changes_nothing() -> None:
    from monastic.engine import IllegalAction

    env = mpz.env("medieval-monastery", 2, turns=1)
    env.reset(seed=4)
    obs = env.observe(env.agent_selection)
    before = env.unwrapped.table.state.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="not legal"):
        env.step(illegal)
    assert env.unwrapped.table.state.to_json() == before


@needs_common_view("monasterium")
def test_render_is_text() -> None:
    env = mpz.env("monasterium", 2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "Monasterium" in text and "to act: [" in text
