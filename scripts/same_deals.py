"""Two settings of a bot compared on the same deals, from the folders of paired arena runs.

Each side is one or more folders of ``monastic arena --paired --out DIR`` runs whose first
listed bot is the one compared (the others are its opponents, the same on both sides). For
every deal both sides finished (the same game seed), the script takes that bot's score
minus its opponents' mean and its win share (a win shared by k counts 1/k), each averaged
over the deal's seatings, and prints both sides' means and the difference a minus b per
deal with Student's t 95% interval: the luck of the deals falls on both sides alike.

    python scripts/same_deals.py --a mo2-one mo2-one-b --b mo2-nine mo2-nine-b
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from monastic.arena.deal_stats import Estimate, t_interval
from monastic.arena.paired import RESULTS_FILE, RUN_FILE

#: per deal seed: (score difference, win share) of the compared bot, averaged over seatings
DealFigures = dict[int, tuple[float, float]]


def deal_figures(folders: list[str]) -> tuple[str, DealFigures]:
    """The compared bot's spec and its figures per finished deal, over ``folders``."""
    subject = ""
    games: dict[int, list[tuple[float, float]]] = defaultdict(list)
    seatings = 0
    for folder in folders:
        run = json.loads((Path(folder) / RUN_FILE).read_text())
        first = run["seatings"][0][0]
        if subject and first != subject:
            raise SystemExit(f"{folder} compares {first!r}, not {subject!r}")
        subject, seatings = first, len(run["seatings"])
        for line in (Path(folder) / RESULTS_FILE).read_text().splitlines():
            game = json.loads(line)
            mine = [i for i, spec in enumerate(game["specs"]) if spec == subject]
            others = [i for i in range(len(game["specs"])) if i not in mine]
            scores, ranks = game["scores"], game["ranks"]
            for seat in mine:
                rest = sum(scores[i] for i in others) / len(others)
                winners = ranks.count(1)
                games[game["seed"]].append((scores[seat] - rest, (ranks[seat] == 1) / winners))
    finished = {}
    for seed, figures in games.items():
        if len(figures) >= seatings:  # a deal half played counts on neither side
            finished[seed] = (
                sum(f[0] for f in figures) / len(figures),
                sum(f[1] for f in figures) / len(figures),
            )
    return subject, finished


def _show(estimate: Estimate, percent: bool = False) -> str:
    if percent:
        return f"{estimate.value:+.1%} ({estimate.low:+.1%} to {estimate.high:+.1%})"
    return f"{estimate.value:+.2f} ({estimate.low:+.2f} to {estimate.high:+.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", nargs="+", required=True, help="folders of side a")
    parser.add_argument("--b", nargs="+", required=True, help="folders of side b")
    args = parser.parse_args(argv)
    (name_a, a), (name_b, b) = deal_figures(args.a), deal_figures(args.b)
    common = sorted(set(a) & set(b))
    if not common:
        raise SystemExit("the two sides finished no deal in common")
    print(f"{len(common)} deals both sides finished")
    for name, side in ((name_a, a), (name_b, b)):
        scores = t_interval([side[s][0] for s in common])
        wins = t_interval([side[s][1] for s in common])
        print(f"{name}: score difference a deal {_show(scores)}, win share {wins.value:.1%}")
    scores = t_interval([a[s][0] - b[s][0] for s in common])
    wins = t_interval([a[s][1] - b[s][1] for s in common])
    print(f"a minus b, per deal: score difference {_show(scores)}, win share {_show(wins, True)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
