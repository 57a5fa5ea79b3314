"""Print one digest of seeded trajectories through every adapter of every game.

Run in separate processes under different ``PYTHONHASHSEED`` values by
``test_hash_seed.py``: the digests must agree, so nothing depends on hashing order.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import gymnasium
import numpy as np
import pyspiel

import monastic.rl.gymnasium
import monastic.rl.openspiel
from monastic.rl import pettingzoo as mpz

GAMES: dict[str, dict[str, Any]] = {
    "medieval-monastery": {"turns": 1},
    "monasterium": {},
    "monastery": {},
}
SEED = 7


def _pick(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def aec(game: str, options: dict[str, Any]) -> list[Any]:
    env = mpz.env(game, 3, **options)
    env.reset(seed=SEED)
    rng = np.random.default_rng(SEED)
    out: list[Any] = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        action = None if terminated or truncated else _pick(obs["action_mask"], rng)
        out.append([agent, action, reward, float(obs["observation"].sum())])
        env.step(action)
    return out


def parallel(game: str, options: dict[str, Any]) -> list[Any]:
    env = mpz.parallel_env(game, 3, **options)
    obs, _ = env.reset(seed=SEED)
    rng = np.random.default_rng(SEED)
    out: list[Any] = []
    while env.agents:
        actions = {a: _pick(obs[a]["action_mask"], rng) for a in env.agents}
        obs, rewards, *_ = env.step(actions)
        out.append([sorted(actions.items()), sorted(rewards.items())])
    return out


def gym(game: str, options: dict[str, Any]) -> list[Any]:
    env = gymnasium.make(monastic.rl.gymnasium.IDS[game], players=3, **options)
    obs, _ = env.reset(seed=SEED)
    rng = np.random.default_rng(SEED)
    out: list[Any] = []
    done = False
    while not done:
        action = _pick(obs["action_mask"], rng)
        obs, reward, done, _, _ = env.step(action)
        out.append([action, float(reward)])
    table = env.unwrapped.table  # type: ignore[attr-defined]
    out.append([[seat, str(action)] for seat, action in table.moves])
    return out


def spiel(game: str, options: dict[str, Any]) -> list[Any]:
    params = {"players": 3, "seed": SEED, **options}
    state = pyspiel.load_game(monastic.rl.openspiel.SHORT_NAMES[game], params).new_initial_state()
    rng = np.random.default_rng(SEED)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return [list(state.history()), state.returns(), state.information_state_string(0)]


def main() -> None:
    chosen = sys.argv[1:] or list(GAMES)
    record = {
        f"{adapter.__name__} {game}": adapter(game, GAMES[game])
        for game in chosen
        for adapter in (aec, parallel, gym, spiel)
    }
    text = json.dumps(record, sort_keys=True)
    sys.stdout.write(hashlib.sha256(text.encode()).hexdigest() + "\n")


if __name__ == "__main__":
    main()
