"""How the evaluation's lead moves with each kind of decision, along greedy games.

For every decision of ``--games`` greedy games, the change of the deciding seat's estimate
(``Strategy.evaluate``) minus the mean change of the others', by kind of decision (the
action's class; a pending follow-up choice by its task). A well-calibrated evaluation would
change by about 0 on average; a kind that gains on average means a line cut off just after
it flatters the seat that made it, so lines a search compares should stop at the same point
of the turn order (a ``horizon`` on the game's clock), not wherever a count of decisions or
dice lands.

    python scripts/evaluation_tempo.py --game monasterium --players 2 --games 8 --seed 5000
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from monastic.bots import make
from monastic.engine import load_game
from monastic.games.monasterium.state import TASK_NAMES


def _kind(state: object, action: object) -> str:
    """The action's class; in Monasterium a pending follow-up choice by its task's name."""
    tasks = getattr(state, "tasks", None)
    if tasks:
        return f"choice: {TASK_NAMES[tasks[-1][0]]}"
    return type(action).__name__


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args(argv)
    game = load_game(args.game)
    strategy = game.strategy()
    if strategy is None or strategy.evaluate is None:
        parser.error(f"{args.game} has no evaluation")
    evaluate = strategy.evaluate
    changes: dict[str, list[float]] = defaultdict(list)
    for number in range(args.games):
        state = game.new_game(args.players, args.seed + number)
        bots = [make("greedy", seed=number * 10 + s) for s in range(args.players)]
        while not state.is_over():
            seat = state.to_act()[0]
            action = bots[seat].choose(state, seat)
            kind = _kind(state, action)
            before = evaluate(state)
            state.apply(seat, action)
            after = evaluate(state)
            moved = [a - b for a, b in zip(after, before, strict=True)]
            others = [m for s, m in enumerate(moved) if s != seat]
            changes[kind].append(moved[seat] - statistics.fmean(others))
    print("decision | count | mean lead change | sd")
    for kind, values in sorted(changes.items()):
        print(
            f"{kind} | {len(values)} | {statistics.fmean(values):+.2f}"
            f" | {statistics.pstdev(values):.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
