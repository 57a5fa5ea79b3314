"""Are the search's departures from the heuristic worth anything? Read from arena records.

    PYTHONPATH=src python scripts/monastery_search_deviations.py runs/confirm \
        --bot ismcts:iterations=100 [--sample 60] [--rollouts 8] [--seed 1]

Replays every 2-player Monastery game in the folder (``monastic arena --out``). At each real
decision of ``--bot`` it asks the heuristic for its choice on 5 worlds sampled from that
seat's information; a decision whose move none of them chose is a departure. For a random
sample of departures, both moves (the search's and the heuristic's most frequent one) are
played out to the end by the heuristic for both seats, ``--rollouts`` times each on the same
sampled worlds and draws, and the search's move is credited with the difference of the
seat's final margin. Printed: departures per real decision, and the mean gain by phase.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from monastic.engine import Rng, load_game
from monastic.games.monastery.heuristic import greedy_action

WORLDS = 5


def _departures(folder: Path, bot: str) -> tuple[int, list[tuple[Any, int, Any, Any]]]:
    game = load_game("monastery")
    decisions = 0
    found: list[tuple[Any, int, Any, Any]] = []
    for path in sorted(folder.glob("deal-*.json")):
        record = json.loads(path.read_text())
        if bot not in record["names"] or record["players"] != 2:
            continue
        me = record["names"].index(bot)
        state: Any = game.new_game(2, record["seed"], record["options"])
        for seat, text in record["moves"]:
            if seat == me and len(state.legal_actions(seat)) > 1:
                decisions += 1
                rng = Rng(decisions)
                picks = Counter(
                    str(greedy_action(state.determinize(seat, rng.spawn()), seat, rng))
                    for _ in range(WORLDS)
                )
                if text not in picks:
                    heuristic = game.parse_action(picks.most_common(1)[0][0])
                    found.append((state.clone(), seat, game.parse_action(text), heuristic))
            state.apply(seat, text)
    return decisions, found


def _margin_after(state: Any, seat: int, action: Any, seed: int) -> float:
    rng = Rng(seed)
    world = state.determinize(seat, rng.spawn())
    world.apply_quiet(seat, action)
    while not world.is_over():
        acting = world.to_act()[0]
        world.apply_quiet(acting, greedy_action(world, acting, rng))
    scores = world.result().scores
    return float(scores[seat] - scores[1 - seat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--bot", required=True, help="the searching bot's spec in the records")
    parser.add_argument("--sample", type=int, default=60)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    decisions, found = _departures(args.folder, args.bot)
    print(f"{len(found)} departures from the heuristic in {decisions} real decisions")
    sample = random.Random(args.seed).sample(found, min(args.sample, len(found)))
    gains: dict[str, list[float]] = defaultdict(list)
    for state, seat, search_move, heuristic_move in sample:
        diffs = [
            _margin_after(state, seat, search_move, 1000 + k)
            - _margin_after(state, seat, heuristic_move, 1000 + k)
            for k in range(args.rollouts)
        ]
        part = f"{state.phase}, rounds {'1-10' if state.round <= 10 else '11-20'}"
        gains[part].append(statistics.mean(diffs))
    every = [g for part in gains.values() for g in part]
    for part, values in sorted(gains.items()):
        print(f"{part}: {len(values)} departures, mean gain {statistics.mean(values):+.2f}")
    if len(every) > 1:
        spread = statistics.stdev(every) / len(every) ** 0.5
        mean = statistics.mean(every)
        print(f"all: {len(every)} departures, mean gain {mean:+.2f} +- {spread:.2f}")


if __name__ == "__main__":
    main()
