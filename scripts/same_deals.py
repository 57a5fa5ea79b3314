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

from monastic.arena.deal_stats import Estimate, t_interval
from monastic.arena.paired import finished_deals

#: per deal seed: (score difference, win share) of the compared bot, averaged over seatings
DealFigures = dict[int, tuple[float, float]]


def deal_figures(folders: list[str]) -> tuple[str, DealFigures]:
    """The compared bot's spec and its figures per finished deal, over ``folders``."""
    subject = ""
    figures: DealFigures = {}
    for folder in folders:
        try:
            run, deals = finished_deals(folder)
        except ValueError as err:
            raise SystemExit(str(err)) from None
        first = run["seatings"][0][0]
        if subject and first != subject:
            raise SystemExit(f"{folder} compares {first!r}, not {subject!r}")
        subject = first
        for games in deals:
            scores, wins = [], []
            for game in games:
                mine = [i for i, spec in enumerate(game.specs) if spec == subject]
                others = [i for i in range(len(game.specs)) if i not in mine]
                rest = sum(game.scores[i] for i in others) / len(others)
                for seat in mine:
                    scores.append(game.scores[seat] - rest)
                    wins.append(game.rewards[seat])  # a win shared by k counts 1/k
            figures[games[0].seed] = (sum(scores) / len(scores), sum(wins) / len(wins))
    return subject, figures


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
