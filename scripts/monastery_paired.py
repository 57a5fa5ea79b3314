"""Paired Monastery games between two bots: every deal is played twice, seats swapped.

    PYTHONPATH=src python scripts/monastery_paired.py --a ismcts:iterations=200 --b greedy \
        --deals 40 --seed 900000 [--players 2] [--out runs/x.jsonl]
    PYTHONPATH=src python scripts/monastery_paired.py --report runs/x.jsonl runs/y.jsonl

Deal ``i`` uses game seed ``seed + i``; in its first game bot A sits in seat 0, in the
second in seat 1 (with more players A takes one seat and B the others, A's seat moving
through all of them). The same game seed gives the same colours and the same bag, so much
of the luck of the deal falls on both bots alike. Besides the bots of ``monastic.bots.make``
the spec ``greedy:classic`` is Monastery's first heuristic
(``games/monastery/heuristic_classic.py``), for comparisons with the current one.

Printed: A's win rate over games with its 95% Wilson interval, the paired win share
(A's mean reward per deal, averaged over deals, with a normal 95% interval over deals),
the mean score difference per deal with its interval, and ms per real decision (decisions
with a single legal action are not counted). Each finished deal is appended to ``--out``
as a JSON line, so an interrupted run keeps what it played.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from time import perf_counter

from monastic.bots import Bot, make
from monastic.engine import Action, Rng, State, load_game
from monastic.games.monastery.heuristic_classic import classic_greedy_action
from monastic.lab.games import bot_seed
from monastic.lab.stats import mean_interval, wilson

CLASSIC = "greedy:classic"


class ClassicGreedyBot:
    """Monastery's first heuristic, on a determinized copy as the ``greedy`` bot does."""

    def __init__(self, seed: int = 0) -> None:
        self.name = CLASSIC
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        world = state.determinize(seat, self.rng.spawn())
        action: Action = classic_greedy_action(world, seat, self.rng)
        return action


def build(spec: str, seed: int) -> Bot:
    """A bot for ``spec``: ``greedy:classic`` here, anything else through ``make``."""
    if spec == CLASSIC:
        return ClassicGreedyBot(seed)
    return make(spec, seed)


def play(game_id: str, seed: int, specs: list[str]) -> dict[str, object]:
    """One game; its scores, rewards, and per seat the real decisions and time spent."""
    game = load_game(game_id)
    state = game.new_game(len(specs), seed, {})
    bots = [build(spec, bot_seed(seed, seat)) for seat, spec in enumerate(specs)]
    decisions = [0] * len(specs)
    think = [0.0] * len(specs)
    while not state.is_over():
        seat = state.to_act()[0]
        real = len(state.legal_actions(seat)) > 1
        start = perf_counter()
        action = bots[seat].choose(state, seat)
        if real:
            think[seat] += perf_counter() - start
            decisions[seat] += 1
        state.apply(seat, action)
    result = state.result()
    return {
        "scores": [float(s) for s in result.scores],
        "rewards": [result.reward(s) for s in range(len(specs))],
        "decisions": decisions,
        "think": think,
    }


def report(files: list[Path]) -> None:
    """The pooled figures of the deals finished in ``--out`` files (runs split by seeds)."""
    deals = [json.loads(line) for f in files for line in f.read_text().splitlines() if line]
    rewards = [r for d in deals for r in d["rewards_a"]]
    wins, games = sum(rewards), len(rewards)
    shares = [sum(d["rewards_a"]) / len(d["rewards_a"]) for d in deals]
    margins = [sum(d["diff_a"]) / len(d["diff_a"]) for d in deals]
    lo, hi = wilson(wins, games)
    m, mlo, mhi = mean_interval(shares)
    d, dlo, dhi = mean_interval(margins)
    seeds = sorted(d["seed"] for d in deals)
    print(f"{len(deals)} deals, {games} games, seeds {seeds[0]}..{seeds[-1]} (not all between)")
    print(f"A wins {wins:g}/{games} = {wins / games:.1%} (95% Wilson {lo:.1%}-{hi:.1%})")
    print(f"paired share per deal {m:.1%} (95% {mlo:.1%}-{mhi:.1%})")
    print(f"score margin of A per game {d:+.2f} (95% {dlo:+.2f} to {dhi:+.2f})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", type=Path, nargs="+", help="pool finished --out files")
    parser.add_argument("--game", default="monastery")
    parser.add_argument("--a", help="spec of bot A")
    parser.add_argument("--b", help="spec of bot B")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=900_000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    if args.report:
        report(args.report)
        return 0
    if not args.a or not args.b:
        parser.error("--a and --b are required (or --report FILE ...)")
    if args.deals <= 0 or not 2 <= args.players <= 4:
        parser.error("--deals must be positive and --players 2 to 4")
    pair_share: list[float] = []
    pair_diff: list[float] = []
    wins = 0.0
    games = 0
    score_a = score_b = 0.0
    ms_a = [0.0, 0]
    ms_b = [0.0, 0]
    for i in range(args.deals):
        seed = args.seed + i
        rewards: list[float] = []
        diffs: list[float] = []
        for a_seat in range(args.players):
            specs = [args.b] * args.players
            specs[a_seat] = args.a
            out = play(args.game, seed, specs)
            sc: list[float] = out["scores"]  # type: ignore[assignment]
            rw: list[float] = out["rewards"]  # type: ignore[assignment]
            dc: list[int] = out["decisions"]  # type: ignore[assignment]
            th: list[float] = out["think"]  # type: ignore[assignment]
            others = [s for s in range(args.players) if s != a_seat]
            rewards.append(rw[a_seat])
            best_other = max(sc[s] for s in others)
            diffs.append(sc[a_seat] - best_other)
            score_a += sc[a_seat]
            score_b += sum(sc[s] for s in others) / len(others)
            ms_a[0] += th[a_seat]
            ms_a[1] += dc[a_seat]
            for s in others:
                ms_b[0] += th[s]
                ms_b[1] += dc[s]
            wins += rw[a_seat]
            games += 1
        share = sum(rewards) / len(rewards)
        pair_share.append(share)
        pair_diff.append(sum(diffs) / len(diffs))
        line = {"deal": i, "seed": seed, "rewards_a": rewards, "diff_a": diffs}
        if args.out is not None:
            with args.out.open("a") as f:
                f.write(json.dumps(line) + "\n")
        print(
            f"deal {i + 1}/{args.deals} seed {seed}: A rewards {rewards} diff {diffs}", flush=True
        )
    lo, hi = wilson(wins, games)
    m, mlo, mhi = mean_interval(pair_share)
    d, dlo, dhi = mean_interval(pair_diff)
    print(
        f"\nA = {args.a}\nB = {args.b}\n{args.players} players, {args.deals} deals x "
        f"{args.players} seatings = {games} games, seeds {args.seed}..{args.seed + args.deals - 1}"
    )
    print(f"A wins {wins:g}/{games} = {wins / games:.1%} (95% Wilson {lo:.1%}-{hi:.1%})")
    print(f"paired share per deal {m:.1%} (95% {mlo:.1%}-{mhi:.1%})")
    swept = sum(1 for s in pair_share if s == 1)
    split = sum(1 for s in pair_share if 0 < s < 1)
    lost = len(pair_share) - swept - split
    print(f"deals won by A in every seating {swept}, split {split}, lost {lost}")
    print(f"score margin of A per game {d:+.2f} (95% {dlo:+.2f} to {dhi:+.2f})")
    print(f"mean score A {score_a / games:.2f}, B {score_b / games:.2f}")
    print(
        f"ms per real decision A {1000 * ms_a[0] / max(1, ms_a[1]):.1f}, "
        f"B {1000 * ms_b[0] / max(1, ms_b[1]):.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
