"""Paired games: every deal is played once per seat rotation, so the deal's luck cancels.

A deal is a game seed: the same cards, tiles and dice stream. With bots ``A,B`` at two
players, deal ``d`` is played as ``(A, B)`` and as ``(B, A)``; at four players the listing
fills the seats (``A,B,B,B``; a shorter listing repeats: ``A,B`` -> ``A,B,A,B``) and every
rotation of it is played, so every listed bot sits in every seat once per deal. Bot seeds
follow the seat, so a bot against itself plays the same game in every rotation and its
paired difference is exactly zero.

Every figure is computed per deal and its 95% interval comes from resampling deals
(``deal_stats``): the games of a deal, and the comparisons of a bot with its three rivals
in one game, are never taken as independent.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter
from typing import Any

from rich.table import Table

from monastic.arena.deal_stats import (
    RESAMPLES,
    Estimate,
    bradley_terry_elo,
    percentile,
    rate_estimate,
    ratio_estimate,
    resamples,
    t_interval,
)
from monastic.arena.games import check_line_up, play_tasks
from monastic.engine import load_game
from monastic.lab.games import GameOutcome, GameTask
from monastic.lab.runner import Backend, make_backend

__all__ = [
    "RESULTS_FILE",
    "RUN_FILE",
    "PairStats",
    "PairedBot",
    "PairedReport",
    "deal_seatings",
    "finished_deals",
    "paired_report",
    "report_from_folders",
    "run_paired",
]

#: What a paired run writes into its ``out_dir`` besides the records: its settings, and one
#: line of figures per finished game (so a long run can be read while it goes).
RUN_FILE = "paired-run.json"
RESULTS_FILE = "paired-results.jsonl"


def deal_seatings(specs: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seatings one deal is played in: every rotation of the listing over the seats.

    A listing shorter than the seats repeats cyclically; rotations that seat the same bots
    alike are played once. Raises ValueError for a listing longer than the seats.
    """
    listed = [s.strip() for s in specs]
    if not listed:
        raise ValueError("paired games need at least one bot")
    if len(listed) > players:
        raise ValueError(
            f"paired games seat every listed bot in every game: list at most {players} bots"
            f" for {players} players, not {len(listed)}"
        )
    slots = [listed[seat % len(listed)] for seat in range(players)]
    rotations = (
        tuple(slots[(seat + shift) % players] for seat in range(players))
        for shift in range(players)
    )
    return list(dict.fromkeys(rotations))


@dataclass(frozen=True, slots=True)
class PairedBot:
    """One bot's results over all deals (a bot in two seats of a game counts twice)."""

    spec: str
    seats: int
    win_rate: Estimate  # wins (a win shared by k counts 1/k) per seat played
    mean_score: Estimate
    elo: Estimate
    decisions: int  # real decisions (at least two legal actions)
    think: float  # seconds over those decisions

    @property
    def ms_per_decision(self) -> float:
        return 1000.0 * self.think / self.decisions if self.decisions else 0.0


@dataclass(frozen=True, slots=True)
class PairStats:
    """``a`` against ``b`` per deal: differences of per-seat means, and who finished ahead."""

    a: str
    b: str
    deals: int
    score_diff: Estimate  # mean over deals of (a's mean score - b's), bootstrap interval
    score_diff_t: Estimate  # the same with Student's t over deals
    win_diff: Estimate  # a's win rate minus b's, per deal
    ahead: Estimate  # share of (a seat, b seat) comparisons a finished ahead (ties half)
    deals_won: int  # deals where a's total score beat b's (per seat)
    deals_lost: int


@dataclass(slots=True)
class PairedReport:
    """The outcome of a paired run; ``tables()`` renders it."""

    game: str
    players: int
    seed: int
    deals: int
    seatings: list[tuple[str, ...]]
    bots: list[PairedBot]
    pairs: list[PairStats]
    outcomes: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0
    out_dir: str | None = None
    continued: int = 0  # games kept from an earlier run into the same folder
    seeds: tuple[int, ...] = ()  # the base seeds of the runs pooled (``report_from_folders``)

    def bot(self, spec: str) -> PairedBot:
        for bot in self.bots:
            if bot.spec == spec:
                return bot
        raise KeyError(spec)

    def pair(self, a: str, b: str) -> PairStats:
        for pair in self.pairs:
            if (pair.a, pair.b) == (a, b):
                return pair
        raise KeyError((a, b))

    def title(self) -> str:
        kept = f", {self.continued} of them from before" if self.continued else ""
        return (
            f"{self.game}, {self.players} players, {self.deals} deals x"
            f" {len(self.seatings)} seatings = {len(self.outcomes)} paired games{kept},"
            f" {self._seed_text()} ({self.seconds:.1f} s)"
        )

    def _seed_text(self) -> str:
        if len(self.seeds) > 1:
            return f"{len(self.seeds)} runs pooled, seeds {', '.join(map(str, self.seeds))}"
        return f"seed {self.seed}"

    def tables(self) -> list[Table]:
        """Per bot, then per pair of bots; intervals are 95%, resampling deals."""
        bots = Table(title=self.title())
        for name in ("bot", "seats", "win rate", "95% CI", "mean score", "Elo", "Elo 95% CI"):
            bots.add_column(name, justify="left" if name == "bot" else "right")
        bots.add_column("ms/move", justify="right")
        bots.add_column("real moves", justify="right")
        for bot in sorted(self.bots, key=lambda b: -b.elo.value):
            bots.add_row(
                bot.spec,
                str(bot.seats),
                f"{bot.win_rate.value:.1%}",
                f"{bot.win_rate.low:.1%}-{bot.win_rate.high:.1%}",
                f"{bot.mean_score.value:.2f}",
                f"{bot.elo.value:.0f}",
                f"{bot.elo.low:.0f}-{bot.elo.high:.0f}",
                f"{bot.ms_per_decision:.1f}",
                str(bot.decisions),
            )
        pairs = Table(title="paired differences per deal (a minus b)")
        for name in ("a", "b", "deals", "score diff", "95% CI", "win-rate diff", "95% CI"):
            pairs.add_column(name, justify="left" if name in ("a", "b") else "right")
        for name in ("a ahead", "95% CI", "deals +/-"):
            pairs.add_column(name, justify="right")
        for pair in self.pairs:
            pairs.add_row(
                pair.a,
                pair.b,
                str(pair.deals),
                f"{pair.score_diff.value:+.2f}",
                f"{pair.score_diff.low:+.2f} to {pair.score_diff.high:+.2f}",
                f"{pair.win_diff.value:+.1%}",
                f"{pair.win_diff.low:+.1%} to {pair.win_diff.high:+.1%}",
                f"{pair.ahead.value:.1%}",
                f"{pair.ahead.low:.1%}-{pair.ahead.high:.1%}",
                f"{pair.deals_won}/{pair.deals_lost}",
            )
        return [bots, pairs]

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data (no game records)."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "seeds": list(self.seeds) if self.seeds else [self.seed],
            "deals": self.deals,
            "games": len(self.outcomes),
            "seatings": [list(s) for s in self.seatings],
            "seconds": self.seconds,
            "bots": [
                {
                    "spec": b.spec,
                    "seats": b.seats,
                    "win_rate": b.win_rate.to_dict(),
                    "mean_score": b.mean_score.to_dict(),
                    "elo": b.elo.to_dict(),
                    "real_decisions": b.decisions,
                    "ms_per_decision": b.ms_per_decision,
                }
                for b in self.bots
            ],
            "pairs": [
                {
                    "a": p.a,
                    "b": p.b,
                    "deals": p.deals,
                    "score_diff": p.score_diff.to_dict(),
                    "score_diff_t": p.score_diff_t.to_dict(),
                    "win_diff": p.win_diff.to_dict(),
                    "ahead": p.ahead.to_dict(),
                    "deals_won": p.deals_won,
                    "deals_lost": p.deals_lost,
                }
                for p in self.pairs
            ],
        }


def run_paired(
    game_id: str,
    bot_specs: list[str],
    deals: int,
    players: int,
    jobs: int | None = None,
    seed: int = 0,
    out_dir: str | None = None,
    progress: bool = True,
    options: Mapping[str, Any] | None = None,
    backend: Backend | None = None,
    resample_count: int = RESAMPLES,
) -> PairedReport:
    """Play ``deals`` deals (deal ``d`` uses seed ``seed + d``), each in every seating.

    ``bot_specs`` lists at most ``players`` bots (see ``deal_seatings``); ``options`` are
    game options. Records go to ``out_dir`` as ``deal-0001-1.json`` (deal, seating). A
    folder that holds the same run (game, players, seed, seatings, options) is continued:
    its finished games are kept and not played again, so a long run can be stopped and
    resumed, or given more deals; a folder holding another run is refused.
    """
    game = load_game(game_id)
    options = dict(game.options(options))
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")
    check_line_up(game, bot_specs, players)
    order = deal_seatings(bot_specs, players)
    items = tuple(sorted(options.items()))
    tasks = [
        GameTask(game_id, deal * len(order) + k, seed + deal, seating, items)
        for deal in range(deals)
        for k, seating in enumerate(order)
    ]
    folder = Path(out_dir) if out_dir else None
    done: dict[int, GameOutcome] = {}
    if folder is not None:
        run = {"game": game_id, "players": players, "seed": seed, "deals": deals}
        run |= {"seatings": [list(s) for s in order], "options": options}
        done = _continued(folder, json.loads(json.dumps(run)))
        done = {i: o for i, o in done.items() if i < len(tasks)}
        folder.mkdir(parents=True, exist_ok=True)
        (folder / RUN_FILE).write_text(json.dumps(run, indent=1) + "\n")
        if not done:
            (folder / RESULTS_FILE).write_text("")
        tasks = [t for t in tasks if t.index not in done]
    if backend is None:
        backend = make_backend(1 if len(tasks) <= 1 else jobs)

    def keep(outcome: GameOutcome) -> None:
        if folder is not None:
            deal, k = divmod(outcome.index, len(order))
            (folder / f"deal-{deal + 1:04d}-{k + 1}.json").write_text(outcome.record + "\n")
            with (folder / RESULTS_FILE).open("a") as results:
                results.write(json.dumps(_outcome_line(outcome)) + "\n")

    start = perf_counter()
    played = play_tasks(backend, tasks, f"{game_id} paired arena", progress, keep) if tasks else []
    outcomes = sorted([*done.values(), *played], key=lambda o: o.index)
    report = paired_report(game_id, players, seed, order, outcomes, resample_count=resample_count)
    report.seconds = perf_counter() - start
    report.out_dir = out_dir
    report.continued = len(done)
    return report


def _continued(folder: Path, run: dict[str, Any]) -> dict[int, GameOutcome]:
    """The finished games of the same run in ``folder`` (none for a new folder)."""
    try:
        before = json.loads((folder / RUN_FILE).read_text())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as err:
        raise ValueError(f"{folder} holds an unreadable {RUN_FILE} ({err})") from None
    differ = [k for k in run if k != "deals" and before.get(k) != run[k]]
    if differ:
        raise ValueError(
            f"{folder} holds another paired run (another {', '.join(differ)}):"
            " choose another --out folder"
        )
    try:
        return _read_outcomes(folder)
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise ValueError(f"{folder}/{RESULTS_FILE} is damaged ({err})") from None


def _read_outcomes(folder: Path) -> dict[int, GameOutcome]:
    """The games listed in the run's results file, by task index (records not read)."""
    by_index = {}
    for line in (folder / RESULTS_FILE).read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            by_index[row["index"]] = GameOutcome(
                index=row["index"],
                seed=row["seed"],
                specs=tuple(row["specs"]),
                scores=tuple(row["scores"]),
                rewards=tuple(row["rewards"]),
                ranks=tuple(row["ranks"]),
                decisions=tuple(row["decisions"]),
                think=tuple(row["think"]),
                record="",
            )
    return by_index


def _outcome_line(outcome: GameOutcome) -> dict[str, Any]:
    return {
        "index": outcome.index,
        "seed": outcome.seed,
        "specs": list(outcome.specs),
        "scores": list(outcome.scores),
        "rewards": list(outcome.rewards),
        "ranks": list(outcome.ranks),
        "decisions": list(outcome.decisions),
        "think": list(outcome.think),
    }


def report_from_folders(out_dirs: Sequence[str], resample_count: int = RESAMPLES) -> PairedReport:
    """The figures of the whole deals finished so far in the folders of paired runs (a run
    still going, or one stopped early: its unfinished deals are left out). Several runs of
    the same game, players, seatings and options (say two run side by side from different
    seeds) pool as one run's: their deals in the order the folders are given.

    Raises ValueError naming the folder that holds no run, another run, or a deal (a game
    seed) that an earlier folder already holds: the same deal counted twice would narrow
    the intervals with no new evidence."""
    if not out_dirs:
        raise ValueError("name at least one folder of a paired run")
    first: dict[str, Any] = {}
    seeds: list[int] = []
    outcomes: list[GameOutcome] = []
    found: dict[int, str] = {}  # game seed -> the folder holding that deal
    for out_dir in out_dirs:
        run, deals = finished_deals(out_dir)
        if not first:
            first = run
        differ = [k for k in ("game", "players", "seatings", "options") if run[k] != first[k]]
        if differ:
            raise ValueError(
                f"{out_dir} holds a run of another {', '.join(differ)} than {out_dirs[0]}:"
                " only runs of the same bots in the same game pool"
            )
        for deal in deals:
            got = found.get(deal[0].seed)
            if got is not None:
                raise ValueError(
                    f"{out_dir} and {got} both hold the deal of seed {deal[0].seed}:"
                    " pool runs of different seeds"
                )
            found[deal[0].seed] = out_dir
            outcomes.extend(deal)
        seeds.append(run["seed"])
    order = [tuple(s) for s in first["seatings"]]
    report = paired_report(
        first["game"], first["players"], seeds[0], order, outcomes, resample_count=resample_count
    )
    report.seeds = tuple(seeds)
    return report


def finished_deals(out_dir: str) -> tuple[dict[str, Any], list[list[GameOutcome]]]:
    """A paired run's settings and its whole deals so far, each its games in seating order."""
    folder = Path(out_dir)
    try:
        run = json.loads((folder / RUN_FILE).read_text())
        by_index = _read_outcomes(folder)
        per_deal = len(run["seatings"])
        deals = [
            [by_index[d * per_deal + k] for k in range(per_deal)]
            for d in range(run["deals"])
            if all(d * per_deal + k in by_index for k in range(per_deal))
        ]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise ValueError(f"{out_dir} holds no paired run ({err})") from None
    if not deals:
        raise ValueError(f"{out_dir}: no deal is finished yet")
    return run, deals


@dataclass(slots=True)
class _Deal:
    """One deal's totals per bot and per ordered pair of bots."""

    seats: dict[str, float] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    score: dict[str, float] = field(default_factory=dict)
    ahead: dict[tuple[str, str], float] = field(default_factory=dict)
    met: dict[tuple[str, str], float] = field(default_factory=dict)


def paired_report(
    game_id: str,
    players: int,
    seed: int,
    order: list[tuple[str, ...]],
    outcomes: Sequence[GameOutcome],
    resample_count: int = RESAMPLES,
) -> PairedReport:
    """The figures of finished paired games (``outcomes`` in task order, whole deals)."""
    per_deal = len(order)
    if not outcomes or len(outcomes) % per_deal:
        raise ValueError(f"paired games come in whole deals of {per_deal} games")
    specs = list(dict.fromkeys(spec for seating in order for spec in seating))
    deals: list[_Deal] = []
    decisions = dict.fromkeys(specs, 0)
    think = dict.fromkeys(specs, 0.0)
    for start in range(0, len(outcomes), per_deal):
        deal = _Deal()
        for outcome in outcomes[start : start + per_deal]:
            _add_game(deal, outcome, decisions, think)
        deals.append(deal)
    draws = resamples(len(deals), resample_count, seed)
    elos = _elo_estimates(specs, deals, draws)

    bots = []
    for spec in specs:
        seats = [d.seats.get(spec, 0.0) for d in deals]
        bots.append(
            PairedBot(
                spec=spec,
                seats=int(sum(seats)),
                win_rate=rate_estimate([d.wins.get(spec, 0.0) for d in deals], seats, draws),
                mean_score=ratio_estimate([d.score.get(spec, 0.0) for d in deals], seats, draws),
                elo=elos[spec],
                decisions=decisions[spec],
                think=think[spec],
            )
        )
    pairs = [_pair(a, b, deals, draws) for a, b in itertools.combinations(specs, 2)]
    return PairedReport(game_id, players, seed, len(deals), order, bots, pairs, list(outcomes))


def _add_game(
    deal: _Deal, outcome: GameOutcome, decisions: dict[str, int], think: dict[str, float]
) -> None:
    for seat, spec in enumerate(outcome.specs):
        deal.seats[spec] = deal.seats.get(spec, 0.0) + 1.0
        deal.wins[spec] = deal.wins.get(spec, 0.0) + outcome.rewards[seat]
        deal.score[spec] = deal.score.get(spec, 0.0) + outcome.scores[seat]
        decisions[spec] += outcome.decisions[seat]
        think[spec] += outcome.think[seat]
    for i, j in itertools.permutations(range(len(outcome.specs)), 2):
        a, b = outcome.specs[i], outcome.specs[j]
        if a == b:
            continue
        ri, rj = outcome.ranks[i], outcome.ranks[j]
        deal.ahead[a, b] = deal.ahead.get((a, b), 0.0) + (
            1.0 if ri < rj else 0.5 if ri == rj else 0.0
        )
        deal.met[a, b] = deal.met.get((a, b), 0.0) + 1.0


def _per_seat(totals: dict[str, float], seats: dict[str, float], spec: str) -> float:
    return totals.get(spec, 0.0) / seats[spec]


def _pair(a: str, b: str, deals: list[_Deal], draws: list[list[int]]) -> PairStats:
    score_diffs = [_per_seat(d.score, d.seats, a) - _per_seat(d.score, d.seats, b) for d in deals]
    win_diffs = [_per_seat(d.wins, d.seats, a) - _per_seat(d.wins, d.seats, b) for d in deals]
    ones = [1.0] * len(deals)
    return PairStats(
        a=a,
        b=b,
        deals=len(deals),
        score_diff=ratio_estimate(score_diffs, ones, draws),
        score_diff_t=t_interval(score_diffs),
        win_diff=ratio_estimate(win_diffs, ones, draws),
        ahead=rate_estimate(
            [d.ahead.get((a, b), 0.0) for d in deals],
            [d.met.get((a, b), 0.0) for d in deals],
            draws,
        ),
        deals_won=sum(1 for x in score_diffs if x > 0),
        deals_lost=sum(1 for x in score_diffs if x < 0),
    )


def _elo_estimates(
    specs: list[str], deals: list[_Deal], draws: list[list[int]]
) -> dict[str, Estimate]:
    def fit(indices: Sequence[int]) -> dict[str, float]:
        wins: dict[tuple[str, str], float] = {}
        for i in indices:
            for pair, count in deals[i].ahead.items():
                wins[pair] = wins.get(pair, 0.0) + count
        return bradley_terry_elo(specs, wins)

    point = fit(range(len(deals)))
    if len(specs) < 2:
        return {spec: Estimate(point[spec], point[spec], point[spec]) for spec in specs}
    replicates = [fit(draw) for draw in draws]
    return {
        spec: Estimate(
            point[spec],
            percentile([r[spec] for r in replicates], 0.025),
            percentile([r[spec] for r in replicates], 0.975),
        )
        for spec in specs
    }
