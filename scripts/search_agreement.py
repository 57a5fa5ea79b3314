"""Does a bigger search choose differently, and does it choose the same way twice?

At every ``--every``-th real decision of greedy games, two searches of the small budget and
two of the large one (seeds 1 and 2) choose, and the script prints how often

- the two small searches agree (``small-small``),
- the two large searches agree (``large-large``),
- a small and a large search agree (``small-large``).

If the large search agrees with itself more often than the small one does, more iterations
settle the choice; if it then also departs from the small search and still does not win more
games (an arena says), the limit is what the search believes (its evaluation, its model of the
rivals, its horizon), not its noise.

    python scripts/search_agreement.py --game monastery --small 300 --large 2700
    python scripts/search_agreement.py --game monastery --small 145 --large 1305 \
        --large-settings halving=8     # settings for the large search alone
"""

from __future__ import annotations

import argparse

from monastic.bots import make
from monastic.engine import load_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--small", type=int, required=True, help="iterations of the small search")
    parser.add_argument("--large", type=int, required=True, help="iterations of the large search")
    parser.add_argument("--settings", default="", help="more ismcts settings, e.g. rivals=1")
    parser.add_argument("--large-settings", default="", help="settings of the large search alone")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args(argv)
    specs = [
        f"ismcts:iterations={budget}" + "".join(f",{more}" for more in (args.settings, own) if more)
        for budget, own in ((args.small, ""), (args.large, args.large_settings))
    ]
    game = load_game(args.game)
    counts = {"small-small": 0, "large-large": 0, "small-large": 0}
    positions = 0
    for number in range(args.games):
        state = game.new_game(args.players, args.seed + number)
        greedy = [make("greedy", seed=number * 10 + s) for s in range(args.players)]
        real = 0
        while not state.is_over():
            seat = state.to_act()[0]
            if len(state.legal_actions(seat)) > 1:
                real += 1
                if real % args.every == 0:
                    small, large = (
                        [make(spec, seed=s).choose(state, seat) for s in (1, 2)] for spec in specs
                    )
                    positions += 1
                    counts["small-small"] += small[0] == small[1]
                    counts["large-large"] += large[0] == large[1]
                    counts["small-large"] += small[0] == large[0]
                    shares = ", ".join(f"{k} {v / positions:.2f}" for k, v in counts.items())
                    print(f"{positions} positions: {shares}", flush=True)
            state.apply(seat, greedy[seat].choose(state, seat))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
