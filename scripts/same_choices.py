"""Whether two source trees choose alike: the proof of a change that should only be faster.

Runs the same probe on each tree in a process of its own (``PYTHONPATH=TREE``,
``PYTHONHASHSEED=0``) and compares what they print, line by line:

``greedy``: at every decision of seeded 2-4 player games (half random, half greedy), the
game's ``greedy_action`` with a generator seeded by the decision, the generator's next draw
after it, and the ``widen_order`` of the legal actions (where the game has one).

``search``: ISMCTS analyses (``bot.analyse``: each action's visit share and mean reward) of
30 iterations at every 37th decision of seeded greedy games.

``legal``: every decision's legal actions, in their order, of seeded 2-4 player random games
(``random.Random(seed)`` picking, as ``scripts/count_monastery.py`` plays), and each game's
saved final state (a digest of it): the proof of a faster listing or apply.

    python scripts/same_choices.py OLD/src NEW/src --game monastery --probe greedy --games 8
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

GREEDY = r"""
import sys
from monastic import bots, load_game
from monastic.engine import Rng
game = load_game(sys.argv[1])
strategy = game.strategy()
for seed in range(int(sys.argv[2])):
    state = game.new_game(2 + seed % 3, seed)
    driver = bots.make("greedy" if seed % 2 else "random", seed=seed)
    k = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            rng = Rng(seed * 100003 + k)
            choice = strategy.greedy_action(state, seat, rng)
            order = strategy.widen_order(state, seat, legal) if strategy.widen_order else []
            print(seed, k, choice, rng.next64(), [str(a) for a in order])
        state.apply(seat, driver.choose(state, seat))
        k += 1
"""

SEARCH = r"""
import sys
from monastic import bots, load_game
game = load_game(sys.argv[1])
for seed in range(int(sys.argv[2])):
    state = game.new_game(2 + seed % 3, seed)
    driver = bots.make("greedy", seed=seed)
    k = 0
    while not state.is_over():
        seat = state.to_act()[0]
        if k % 37 == 5 and len(state.legal_actions(seat)) > 1:
            bot = bots.make("ismcts:iterations=30", seed=k)
            found = bot.analyse(state, seat)
            print(seed, k, [(str(a), round(v, 12), round(r, 12)) for a, v, r in found])
        state.apply(seat, driver.choose(state, seat))
        k += 1
"""

LEGAL = r"""
import hashlib, random, sys
from monastic import load_game
game = load_game(sys.argv[1])
for seed in range(int(sys.argv[2])):
    state = game.new_game(2 + seed % 3, seed)
    pick = random.Random(seed)
    k = 0
    while acting := state.to_act():
        legal = state.legal_actions(acting[0])
        print(seed, k, [str(a) for a in legal])
        state.apply_quiet(acting[0], pick.choice(legal))
        k += 1
    print(seed, "final", hashlib.sha256(state.to_json().encode()).hexdigest())
"""
PROBES = {"greedy": GREEDY, "search": SEARCH, "legal": LEGAL}


def _probe(tree: str, code: str, game: str, games: int) -> list[str]:
    env = {**os.environ, "PYTHONPATH": tree, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-c", code, game, str(games)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"{tree}: the probe failed\n{done.stderr[-2000:]}")
    return done.stdout.splitlines()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", help="a source tree (the folder holding monastic/)")
    parser.add_argument("new", help="the other source tree")
    parser.add_argument("--game", default="monastery")
    parser.add_argument("--probe", choices=tuple(PROBES), default="greedy")
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args()
    code = PROBES[args.probe]
    old, new = (_probe(tree, code, args.game, args.games) for tree in (args.old, args.new))
    differ = [i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b]
    print(f"{len(old)} and {len(new)} probed decisions")
    if differ or len(old) != len(new):
        at = differ[0] if differ else min(len(old), len(new))
        print(f"different from line {at + 1}:")
        print("  old:", old[at][:300] if at < len(old) else "(none)")
        print("  new:", new[at][:300] if at < len(new) else "(none)")
        return 1
    print("the same")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
