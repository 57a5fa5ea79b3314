"""The balance report: what thousands of stored games say about seats, scores and rules."""

from __future__ import annotations

import itertools
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from monastic.engine import load_game
from monastic.lab import plots
from monastic.lab.report_model import Figure, Report, Section, TableData
from monastic.lab.stats import mean_interval, point_biserial, wilson
from monastic.lab.store import GameRow, SeatRow

__all__ = ["balance_report", "raw_table"]


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{x:.1%}"


def _num(x: float, digits: int = 2) -> str:
    return "n/a" if math.isnan(x) else f"{x:.{digits}f}"


def _ci(low: float, high: float, pct: bool = True) -> str:
    return f"{_pct(low)}-{_pct(high)}" if pct else f"{_num(low)}-{_num(high)}"


class _Context:
    """The rows of one run and the names its figures get."""

    def __init__(self, game: str, players: int, games: list[GameRow], seats: list[SeatRow]):
        self.game = game
        self.players = players
        self.games = games
        self.seats = seats
        self.by_game: dict[int, list[SeatRow]] = defaultdict(list)
        for row in seats:
            self.by_game[row.idx].append(row)
        self.bots = list(dict.fromkeys(row.bot for row in seats))

    def figure(self, stem: str, title: str, png: bytes) -> Figure:
        return Figure(f"{self.game}-{self.players}p-{stem}.png", title, png)


# The common sections -----------------------------------------------------------------------


def _seat_section(ctx: _Context) -> Section:
    fair = 1.0 / ctx.players
    rows = []
    rates, intervals, means, mean_cis = [], [], [], []
    for seat in range(ctx.players):
        mine = [r for r in ctx.seats if r.seat == seat]
        wins = sum(r.reward for r in mine)
        low, high = wilson(wins, len(mine))
        mean, mlow, mhigh = mean_interval([r.score for r in mine])
        rank = statistics.fmean(r.rank for r in mine) if mine else math.nan
        rates.append(wins / len(mine) if mine else math.nan)
        intervals.append((low, high))
        means.append(mean)
        mean_cis.append((mlow, mhigh))
        rows.append(
            (
                f"seat {seat}",
                str(len(mine)),
                f"{wins:g}",
                _pct(rates[-1]),
                _ci(low, high),
                _num(mean),
                _ci(mlow, mhigh, pct=False),
                _num(rank),
            )
        )
    table = TableData(
        "Win rate and mean score by seat position",
        ("seat", "games", "wins", "win rate", "95% CI", "mean score", "95% CI", "mean rank"),
        tuple(rows),
        f"A fair seat wins {fair:.1%}; shared wins count 1/k. Win intervals are Wilson's,"
        " score intervals the normal approximation. Seats are numbered from 0, as everywhere"
        " in monastic.",
    )
    labels = [f"seat {s}" for s in range(ctx.players)]
    figures = [
        ctx.figure(
            "seats",
            "Win rate by seat with 95% intervals (dashed: a fair share)",
            plots.bars(labels, rates, "Win rate by seat", "win rate", intervals, fair),
        ),
        ctx.figure(
            "seat-scores",
            "Mean final score by seat with 95% intervals",
            plots.bars(labels, means, "Mean score by seat", "score", mean_cis),
        ),
    ]
    outside = [
        labels[s] for s in range(ctx.players) if not intervals[s][0] <= fair <= intervals[s][1]
    ]
    verdict = (
        f"The fair share lies outside the interval of {', '.join(outside)}."
        if outside
        else "Every seat's interval holds the fair share: no seat advantage shows at this sample."
    )
    return Section("Seat advantage", [verdict], [table], figures)


def _bot_section(ctx: _Context) -> Section | None:
    if len(ctx.bots) < 2:
        return None
    rows = []
    for bot in ctx.bots:
        mine = [r for r in ctx.seats if r.bot == bot]
        wins = sum(r.reward for r in mine)
        low, high = wilson(wins, len(mine))
        mean, mlow, mhigh = mean_interval([r.score for r in mine])
        rows.append(
            (
                bot,
                str(len(mine)),
                _pct(wins / len(mine)),
                _ci(low, high),
                _num(mean),
                _ci(mlow, mhigh, pct=False),
            )
        )
    by_bot = TableData(
        "Win rate by bot",
        ("bot", "seats", "win rate", "95% CI", "mean score", "95% CI"),
        tuple(rows),
    )
    ahead: defaultdict[tuple[str, str], float] = defaultdict(float)
    met: Counter[tuple[str, str]] = Counter()
    for game_rows in ctx.by_game.values():
        for first, second in itertools.permutations(game_rows, 2):
            if first.bot == second.bot:
                continue
            key = (first.bot, second.bot)
            met[key] += 1
            ahead[key] += (
                1.0 if first.rank < second.rank else 0.5 if first.rank == second.rank else 0.0
            )
    cells: list[tuple[str, ...]] = []
    for a in ctx.bots:
        cells.append(
            (
                a,
                *(
                    "-"
                    if a == b or met[a, b] == 0
                    else f"{ahead[a, b] / met[a, b]:.0%} of {met[a, b]}"
                    for b in ctx.bots
                ),
            )
        )
    dominance = TableData(
        "Strategy dominance: how often the row bot finished ahead of the column bot",
        ("bot", *ctx.bots),
        tuple(cells),
        "Over every game where both sat; a tie counts half. Above 50% the row bot dominates.",
    )
    return Section("Bots and strategy dominance", [], [by_bot, dominance])


def _score_section(ctx: _Context) -> Section:
    series = {f"seat {s}": [r.score for r in ctx.seats if r.seat == s] for s in range(ctx.players)}
    winners = [max(rows, key=lambda r: r.score).score for rows in ctx.by_game.values()]
    margins = []
    for rows in ctx.by_game.values():
        ordered = sorted((r.score for r in rows), reverse=True)
        margins.append(ordered[0] - ordered[1])
    everything = [r.score for r in ctx.seats]
    rows_ = [
        (
            name,
            _num(min(v), 0),
            _num(_quantile(v, 0.25), 1),
            _num(statistics.median(v), 1),
            _num(_quantile(v, 0.75), 1),
            _num(max(v), 0),
            _num(statistics.pstdev(v)),
        )
        for name, v in [
            ("all seats", everything),
            ("the winner", winners),
            ("winning margin", margins),
        ]
        if v
    ]
    table = TableData(
        "Final scores", ("scores of", "min", "25%", "median", "75%", "max", "sd"), tuple(rows_)
    )
    ties = sum(1 for rows in ctx.by_game.values() if sum(1 for r in rows if r.rank == 1) > 1)
    text = [
        f"{ties} of {len(ctx.games)} games ({ties / len(ctx.games):.1%}) ended in a shared win."
    ]
    figure = ctx.figure(
        "scores",
        "Final score distribution by seat",
        plots.histograms(series, "Final scores", "score"),
    )
    return Section("Score distributions", text, [table], [figure])


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return math.nan
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _length_section(ctx: _Context) -> Section:
    moves = [g.moves for g in ctx.games]
    rows = [
        (
            "decisions (all seats)",
            _num(min(moves), 0),
            _num(statistics.median(moves), 0),
            _num(statistics.fmean(moves), 1),
            _num(max(moves), 0),
        )
    ]
    rounds = [g.facts["rounds"] for g in ctx.games if isinstance(g.facts.get("rounds"), int)]
    if rounds:
        rows.append(
            (
                "rounds",
                _num(min(rounds), 0),
                _num(statistics.median(rounds), 0),
                _num(statistics.fmean(rounds), 1),
                _num(max(rounds), 0),
            )
        )
    seconds = [g.seconds for g in ctx.games]
    rows.append(
        (
            "seconds of play",
            _num(min(seconds), 3),
            _num(statistics.median(seconds), 3),
            _num(statistics.fmean(seconds), 3),
            _num(max(seconds), 3),
        )
    )
    table = TableData(
        "Game length",
        ("measure", "min", "median", "mean", "max"),
        tuple(rows),
        "Seconds are wall time of one game in one worker, bots included.",
    )
    figure = ctx.figure(
        "length",
        "Game length in decisions",
        plots.histograms({"games": [float(m) for m in moves]}, "Game length", "decisions"),
    )
    return Section("Game length", [], [table], [figure])


def _ending_section(ctx: _Context) -> Section:
    counts = Counter(g.ending for g in ctx.games)
    n = len(ctx.games)
    rows = []
    for ending, count in counts.most_common():
        low, high = wilson(count, n)
        lengths = [g.moves for g in ctx.games if g.ending == ending]
        rows.append(
            (
                ending,
                str(count),
                _pct(count / n),
                _ci(low, high),
                _num(statistics.fmean(lengths), 1),
            )
        )
    table = TableData(
        "How games end",
        ("end condition", "games", "share", "95% CI", "mean decisions"),
        tuple(rows),
    )
    return Section("How games end", [], [table])


def _kinds_section(ctx: _Context) -> Section:
    totals: Counter[str] = Counter()
    for row in ctx.seats:
        totals.update(row.kinds)
    n = len(ctx.games)
    all_decisions = sum(totals.values()) or 1
    won: Counter[str] = Counter()
    winners = [r for r in ctx.seats if r.rank == 1]
    for row in winners:
        won.update(row.kinds)
    rows = []
    for kind, count in totals.most_common():
        rows.append(
            (
                kind,
                _num(count / n, 1),
                _pct(count / all_decisions),
                _num(won[kind] / max(1, len(winners)), 2),
                _num(count / max(1, len(ctx.seats)), 2),
            )
        )
    table = TableData(
        "Action kinds (the first word of the action text)",
        ("kind", "per game", "share", "per winner", "per seat"),
        tuple(rows),
        "Per winner and per seat are means over seats of one game; a kind a winner takes more"
        " often than the average seat goes with winning.",
    )
    kinds = [k for k, _ in totals.most_common()]
    figure = ctx.figure(
        "kinds",
        "Decisions per game by action kind",
        plots.bars(
            kinds,
            [totals[k] / n for k in kinds],
            "Action kinds",
            "decisions per game",
            horizontal=True,
        ),
    )
    return Section("How often each action kind is taken", [], [table], [figure])


# The games' own figures --------------------------------------------------------------------


def _split_by(
    rows: list[SeatRow], test: Callable[[SeatRow], bool]
) -> tuple[list[SeatRow], list[SeatRow]]:
    return [r for r in rows if test(r)], [r for r in rows if not test(r)]


def _group_row(label: str, rows: list[SeatRow], extra: str | None = None) -> tuple[str, ...]:
    wins = sum(r.reward for r in rows)
    low, high = wilson(wins, len(rows))
    mean = statistics.fmean(r.score for r in rows) if rows else math.nan
    cells: tuple[str, ...] = (
        label,
        str(len(rows)),
        _pct(wins / len(rows)) if rows else "n/a",
        _ci(low, high),
        _num(mean),
    )
    if extra is not None:
        cells += (
            _num(statistics.fmean(r.facts.get(extra, 0.0) for r in rows), 1) if rows else "n/a",
        )
    return cells


_GROUP_HEADERS = ("seats", "count", "win rate", "95% CI", "mean score")


def _components(
    ctx: _Context, prefix: str, title: str, labels: dict[str, str] | None = None
) -> TableData | None:
    """Per-seat figures whose names start with ``prefix`` (or the keys of ``labels``)."""
    found = {k for r in ctx.seats for k in r.facts}
    keys = (
        [k for k in labels if k in found]
        if labels
        else sorted(k for k in found if k.startswith(prefix))
    )
    if not keys:
        return None
    winners, others = _split_by(ctx.seats, lambda r: r.rank == 1)
    rows = []
    for key in keys:
        values = [r.facts.get(key, 0.0) for r in ctx.seats]
        rewards = [r.reward for r in ctx.seats]
        rows.append(
            (
                labels[key] if labels else key.removeprefix(prefix),
                _num(statistics.fmean(r.facts.get(key, 0.0) for r in winners))
                if winners
                else "n/a",
                _num(statistics.fmean(r.facts.get(key, 0.0) for r in others)) if others else "n/a",
                _num(point_biserial(values, rewards)),
            )
        )
    return TableData(
        title,
        ("part", "winners' mean", "others' mean", "correlation with winning"),
        tuple(rows),
        "The correlation is Pearson's between the part and the seat's win share (1, 1/k or 0).",
    )


def _add_by_bot(section: Section, ctx: _Context, labels: dict[str, str]) -> None:
    """With several bots: the mean of each figure per bot (how each style plays)."""
    found = {k for r in ctx.seats for k in r.facts}
    keys = [k for k in labels if k in found]
    if len(ctx.bots) < 2 or not keys:
        return
    rows = []
    for bot in ctx.bots:
        mine = [r for r in ctx.seats if r.bot == bot]
        digits = [
            2 if all(float(r.facts.get(k, 0.0)).is_integer() for r in mine) else 3 for k in keys
        ]
        rows.append(
            (
                bot,
                *(
                    _num(statistics.fmean(r.facts.get(k, 0.0) for r in mine), d)
                    for k, d in zip(keys, digits, strict=True)
                ),
            )
        )
    section.tables.append(
        TableData(
            "How each bot plays (means per seat and game)",
            ("bot", *(labels[k] for k in keys)),
            tuple(rows),
        )
    )


def _monastery_effects(ctx: _Context) -> Section:
    section = Section("The game's own figures: endings and the letter-denial move")
    e2 = sum(1 for g in ctx.games if g.ending.startswith("E2"))
    low, high = wilson(e2, len(ctx.games))
    section.paragraphs.append(
        f"The end by 'no tile can be laid' (E2) fired in {e2} of {len(ctx.games)} games"
        f" ({_pct(e2 / len(ctx.games))}, 95% CI {_ci(low, high)})."
    )
    rows = [r for r in ctx.seats if "denials" in r.facts]
    if rows:
        deniers, others = _split_by(rows, lambda r: r.facts["denials"] > 0)
        total = sum(r.facts["denials"] for r in rows)
        letters = sum(r.facts.get("letters", 0.0) for r in rows) or 1.0
        section.paragraphs.append(
            f"A letter bought onto another player's track (small side, one locked blessing) was"
            f" {total / letters:.1%} of {letters:.0f} letters bought; {len(deniers)} of"
            f" {len(rows)} seats did it at least once."
        )
        section.tables.append(
            TableData(
                "The letter-denial move",
                _GROUP_HEADERS,
                (_group_row("denied at least once", deniers), _group_row("never denied", others)),
            )
        )
    table = _components(ctx, "testament_", "Testament parts: winners against the others")
    if table is not None:
        section.tables.append(table)
    _add_by_bot(section, ctx, {"letters": "letters bought", "denials": "letters onto other tracks"})
    return section


def _monasterium_effects(ctx: _Context) -> Section:
    section = Section("The game's own figures: one monastery against many")
    section.paragraphs.append(
        "Concentration is measured from the send destinations (`to <MON>-...`): how many"
        " monasteries a seat sent novices to, and the share of its sends that went to its"
        " favourite one. Majorities and cloister x chapel reward concentration; the chapel"
        " spread rewards spreading."
    )
    groups = defaultdict(list)
    for row in ctx.seats:
        if "monasteries" in row.facts:
            groups[int(row.facts["monasteries"])].append(row)
    if groups:
        headers = (*_GROUP_HEADERS, "mean sends")
        section.tables.append(
            TableData(
                "By number of monasteries sent to",
                headers,
                tuple(_group_row(f"{k} monasteries", groups[k], "sends") for k in sorted(groups)),
            )
        )
        shares = [r for r in ctx.seats if r.facts.get("sends", 0) > 0]
        bands = [(0.0, 0.3), (0.3, 0.4), (0.4, 0.5), (0.5, 1.01)]
        section.tables.append(
            TableData(
                "By the share of sends to the favourite monastery",
                headers,
                tuple(
                    _group_row(
                        f"{lo:.0%} to {min(hi, 1.0):.0%}",
                        [r for r in shares if lo <= r.facts["top_share"] < hi],
                        "sends",
                    )
                    for lo, hi in bands
                ),
                "A seat that sends more novices reaches more monasteries, so compare the mean"
                " sends too: the next table holds the number of sends fixed.",
            )
        )
        # Concentration at a fixed number of sends: the median split of the favourite's share.
        by_sends: dict[int, list[SeatRow]] = defaultdict(list)
        for row in shares:
            by_sends[int(row.facts["sends"])].append(row)
        rows_ = []
        for sends in sorted(by_sends):
            group = by_sends[sends]
            if len(group) < 40:
                continue
            cut = statistics.median(r.facts["top_share"] for r in group)
            focused = [r for r in group if r.facts["top_share"] > cut]
            spread = [r for r in group if r.facts["top_share"] <= cut]
            rows_.append(
                (
                    str(sends),
                    *_group_row("spread (share <= median)", spread)[1:4],
                    *_group_row("focused", focused)[1:4],
                )
            )
        if rows_:
            section.tables.append(
                TableData(
                    "Focused against spread at the same number of sends",
                    (
                        "sends",
                        "spread seats",
                        "win rate",
                        "95% CI",
                        "focused seats",
                        "win rate",
                        "95% CI",
                    ),
                    tuple(rows_),
                    "Seats with the same number of sends (40 or more of them), split at the median"
                    " share of the favourite monastery (a seat at the median counts as spread).",
                )
            )
        rewards = [r.reward for r in shares]
        section.paragraphs.append(
            "Correlation of the favourite's share with winning:"
            f" {_num(point_biserial([r.facts['top_share'] for r in shares], rewards))}."
        )
    table = _components(ctx, "vp_", "Final scoring parts (VP): winners against the others")
    if table is not None:
        section.tables.append(table)
        keys = [row[0] for row in table.rows]
        winners, others = _split_by(ctx.seats, lambda r: r.rank == 1)
        values = (
            [
                statistics.fmean(r.facts.get(f"vp_{k}", 0.0) for r in winners)
                - statistics.fmean(r.facts.get(f"vp_{k}", 0.0) for r in others)
                for k in keys
            ]
            if winners and others
            else []
        )
        if values:
            section.figures.append(
                ctx.figure(
                    "vp-parts",
                    "Winners' mean VP minus the others', per scoring part",
                    plots.bars(
                        keys,
                        values,
                        "Where winners score more",
                        "VP (winners - others)",
                        horizontal=True,
                    ),
                )
            )
    _add_by_bot(
        section,
        ctx,
        {
            "sends": "sends",
            "monasteries": "monasteries sent to",
            "top_share": "share to the favourite",
            "vp_cloister_chapel": "cloister x chapel VP",
            "vp_chapel_spread": "chapel spread VP",
        },
    )
    return section


def _medieval_effects(ctx: _Context) -> Section:
    section = Section("The game's own figures: combos by frequency and value")
    stats: dict[str, list[tuple[float | None, float | None]]] = defaultdict(list)
    for game in ctx.games:
        for _seat, name, points, lowest in game.facts.get("combos", []):
            stats[name].append((points, lowest))
    n = len(ctx.games)
    total = sum(len(v) for v in stats.values()) or 1
    rows = []
    for name, values in sorted(stats.items(), key=lambda kv: -len(kv[1])):
        points = [p for p, _ in values if p is not None]
        lowest = [low for _, low in values if low is not None]
        rows.append(
            (
                name,
                _num(len(values) / n, 2),
                _pct(len(values) / total),
                _num(statistics.fmean(points), 1) if points else "n/a",
                _num(statistics.fmean(lowest), 2) if lowest else "n/a",
                _pct(sum(1 for x in lowest if x > 0) / len(lowest)) if lowest else "n/a",
            )
        )
    section.tables.append(
        TableData(
            "Combos declared (kind and number of cards)",
            (
                "combo",
                "per game",
                "share",
                "mean points",
                "mean gain of the lowest suit",
                "raised the lowest suit",
            ),
            tuple(rows),
            "Points are the sum over the eight suits; the final score is the lowest suit (C-17),"
            " so the lowest suit's gain is what a combo is worth at the end.",
        )
    )
    if rows:
        top = rows[:20]
        section.figures.append(
            ctx.figure(
                "combos",
                "Combos declared per game (the 20 most frequent)",
                plots.bars(
                    [r[0] for r in top],
                    [float(r[1]) for r in top],
                    "Combos per game",
                    "declared per game",
                    horizontal=True,
                ),
            )
        )
    table = _components(
        ctx,
        "",
        "Combos per seat: winners against the others",
        {"combos": "combos declared", "combo_points": "combo points (all suits)"},
    )
    if table is not None:
        section.tables.append(table)
    _add_by_bot(section, ctx, {"combos": "combos declared", "combo_points": "combo points"})
    return section


_EFFECTS: dict[str, Callable[[_Context], Section]] = {
    "monastery": _monastery_effects,
    "monasterium": _monasterium_effects,
    "medieval-monastery": _medieval_effects,
}


def raw_table(seats: list[SeatRow]) -> TableData:
    """Every stored seat row, for the report's raw table."""
    return TableData(
        "Raw results: one row per game and seat",
        ("game", "seat", "bot", "score", "reward", "rank", "decisions", "ms per decision"),
        tuple(
            (
                str(r.idx),
                str(r.seat),
                r.bot,
                f"{r.score:g}",
                f"{r.reward:g}",
                str(r.rank),
                str(r.decisions),
                f"{1000 * r.think / r.decisions:.1f}" if r.decisions else "0",
            )
            for r in seats
        ),
    )


def balance_report(settings: dict[str, Any], games: list[GameRow], seats: list[SeatRow]) -> Report:
    """The balance report of one stored run (``settings`` as the results file holds them)."""
    game_id = str(settings["game"])
    players = int(settings["players"])
    if not games:
        raise ValueError("the results file holds no finished game yet")
    ctx = _Context(game_id, players, games, seats)
    title = f"{load_game(game_id).title}: balance at {players} players"
    options = ", ".join(f"{k}={v}" for k, v in sorted(settings.get("options", {}).items()))
    lead = [
        f"{len(games)} games, bots {', '.join(settings['bots'])} (seats rotated), seeds"
        f" {settings['seed']} to {settings['seed'] + max(g.idx for g in games)}"
        + (f", options {options}" if options else "")
        + "."
    ]
    report = Report(title, lead)
    report.sections.append(_seat_section(ctx))
    bot_section = _bot_section(ctx)
    if bot_section is not None:
        report.sections.append(bot_section)
    else:
        report.sections.append(
            Section(
                "Strategy dominance",
                [
                    "Only one bot played, so there is no dominance table. Run the lab with several"
                    " bot specs (e.g. search settings as styles: `--bots ismcts:iterations=100,"
                    "rivals=0.9,ismcts:iterations=100`) to get one. The greedy heuristics take no"
                    " weights, so the styles the bot interface can vary are the search's settings."
                ],
            )
        )
    report.sections += [
        _score_section(ctx),
        _length_section(ctx),
        _ending_section(ctx),
        _kinds_section(ctx),
    ]
    effects = _EFFECTS.get(game_id)
    if effects is not None:
        report.sections.append(effects(ctx))
    report.raw = raw_table(seats)
    return report
