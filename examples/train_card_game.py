"""Train a small policy for the card game through the PettingZoo API, against random play.

    PYTHONPATH=src python examples/train_card_game.py [--seconds 75] [--out FILE.png]

The policy is a table of preferences, one per (decision kind, token): the decision kind is
read from the observation's ``step`` slice, the legal tokens from its ``action_mask``. It is
trained by REINFORCE (policy gradient with a running-mean baseline) on the ``score`` reward
of 2-player games of ``turns`` turns, the learner's seat alternating, its rival playing
uniformly at random. Every ``--every`` games it is measured against random play on fresh
seeds (greedy, no learning), in wins (ties shared), and the curve is saved as a PNG. One
core, under two minutes.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from monastic.rl import pettingzoo as mpz


class TablePolicy:
    """Softmax over the legal tokens of preferences[kind, token]."""

    def __init__(self, kinds: int, tokens: int, rate: float, seed: int) -> None:
        self.prefs = np.zeros((kinds, tokens))
        self.rate = rate
        self.rng = np.random.default_rng(seed)

    def probabilities(self, kind: int, legal: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        logits = self.prefs[kind, legal]
        weights = np.exp(logits - logits.max())
        return weights / weights.sum()

    def act(self, kind: int, legal: np.ndarray[Any, Any], greedy: bool) -> int:
        p = self.probabilities(kind, legal)
        return int(legal[p.argmax()] if greedy else self.rng.choice(legal, p=p))

    def learn(self, trace: list[tuple[int, np.ndarray[Any, Any], int]], advantage: float) -> None:
        for kind, legal, token in trace:  # the gradient of log softmax: onehot - p
            p = self.probabilities(kind, legal)
            self.prefs[kind, legal] -= self.rate * advantage * p
            self.prefs[kind, token] += self.rate * advantage


def play(
    env: mpz.MonasticAEC, policy: TablePolicy, learner: str, seed: int, greedy: bool
) -> tuple[float, list[tuple[int, np.ndarray[Any, Any], int]]]:
    """One game; returns the learner's reward and its decisions."""
    steps = env.observer.layout["step"]
    pick = random.Random(seed).randrange
    env.reset(seed=seed)
    trace: list[tuple[int, np.ndarray[Any, Any], int]] = []
    reward = 0.0
    for agent in env.agent_iter():
        obs, rew, terminated, truncated, _ = env.last()
        if agent == learner:
            reward = float(rew)
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
        if agent == learner:
            kind = int(obs["observation"][steps].argmax())
            token = policy.act(kind, legal, greedy)
            trace.append((kind, legal, token))
        else:
            token = int(legal[pick(legal.size)])
        env.step(token)
    return reward, trace


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=75.0, help="training time")
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--every", type=int, default=150, help="games between evaluations")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--rate", type=float, default=0.2)
    parser.add_argument("--reward", choices=["win", "score"], default="score", help="to learn from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="examples/learning_curve.png")
    args = parser.parse_args()

    env = mpz.env("medieval-monastery", 2, turns=args.turns, reward=args.reward)
    judge = mpz.env("medieval-monastery", 2, turns=args.turns)  # always measured in wins
    kinds = env.observer.shapes["step"][0]
    policy = TablePolicy(kinds, env.codec.size, args.rate, args.seed)

    def evaluate() -> float:
        total = 0.0
        for g in range(args.eval_games):  # fresh seeds, never trained on
            total += play(judge, policy, f"player_{g % 2}", 10**9 + g, greedy=True)[0]
        return total / args.eval_games

    curve = [(0, evaluate())]
    print(f"games 0: {curve[-1][1]:.1%} of the points against random")
    baseline, games, start = 0.0, 0, time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        reward, trace = play(env, policy, f"player_{games % 2}", args.seed * 10**6 + games, False)
        policy.learn(trace, reward - baseline)
        baseline += 0.02 * (reward - baseline)  # the mean reward so far, roughly
        games += 1
        if games % args.every == 0:
            curve.append((games, evaluate()))
            print(f"games {games}: {curve[-1][1]:.1%} of the points against random")
    elapsed = time.perf_counter() - start
    print(f"trained on {games} games in {elapsed:.0f} s")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    xs, ys = zip(*curve, strict=True)
    ax.plot(xs, ys, marker="o")
    ax.axhline(0.5, color="grey", linestyle="--", label="random against random")
    ax.set_xlabel("training games")
    ax.set_ylabel("share of wins against random")
    ax.set_ylim(0, 1)
    ax.set_title(f"Medieval Monastery, 2 players, {args.turns} turns: tabular REINFORCE")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.out)
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
