"""Instruction-count probes of Monastery's rules, to be run under callgrind.

Wall clocks lie on a shared machine; instruction counts do not. Run for example::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/ms.out \\
        python scripts/count_monastery.py games 5

Modes:

``games N`` plays one warm-up game, then N uniformly random 4-player games (``legal_actions``
then ``apply_quiet``, moves picked by ``random.Random(seed)``) and prints the decisions. The
cost of N games is this run's total minus the total of ``games 0`` (the warm-up alone).

``legal LOW HIGH [GAMES] [greedy]`` and ``clone LOW HIGH [GAMES] [greedy]`` play GAMES games
(default 5; random ones, or the greedy bot's, whose boards grow to about 48 tiles where random
play lays about 25) and collect only the cost of ``legal_actions`` (or of ``clone``) at the
decisions taken with LOW..HIGH tiles laid, before anything else looks at that decision. Those
calls go through ``functools.reduce``, so run them with ``--collect-atstart=no
--toggle-collect=functools_reduce`` and divide the total by the calls printed.
"""

from __future__ import annotations

import random
import sys
from functools import reduce
from typing import Any

from monastic import load_game
from monastic.bots import make

PLAYERS = 4
WARMUP_SEED = 10_000


def _play(
    game: Any, seed: int, probe: str, low: int, high: int, greedy: bool = False
) -> tuple[int, int]:
    """One game; returns (decisions, probed calls)."""
    state = game.new_game(PLAYERS, seed)
    pick = random.Random(seed)
    bot = make("greedy", seed) if greedy else None
    decisions = probes = 0
    while acting := state.to_act():
        seat = acting[0]
        probing = probe != "none" and low <= len(state.laid_order) <= high
        if probing and probe == "clone":
            reduce(lambda _, s: s.clone(), [state], None)
            probes += 1
        if probing and probe == "legal":
            actions = reduce(lambda _, s: s.legal_actions(seat), [state], None)
            probes += 1
        else:
            actions = state.legal_actions(seat)
        state.apply_quiet(seat, bot.choose(state, seat) if bot else pick.choice(actions))
        decisions += 1
    return decisions, probes


def main(argv: list[str]) -> None:
    game = load_game("monastery")
    mode = argv[0]
    _play(game, WARMUP_SEED, "none", 0, 0)
    if mode == "games":
        total = sum(_play(game, seed, "none", 0, 0)[0] for seed in range(int(argv[1])))
        print(f"decisions {total}")
        return
    low, high = int(argv[1]), int(argv[2])
    games = int(argv[3]) if len(argv) > 3 else 5
    greedy = "greedy" in argv[4:]
    calls = decisions = 0
    for seed in range(games):
        d, p = _play(game, seed, mode, low, high, greedy)
        decisions += d
        calls += p
    print(f"decisions {decisions} calls {calls}")


if __name__ == "__main__":
    main(sys.argv[1:])
