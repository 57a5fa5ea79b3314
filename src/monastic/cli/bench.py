"""``monastic bench``: how fast a game's rules run on one core, and how fast a bot searches.

Random play goes through ``legal_actions`` and ``apply_quiet`` (the path search uses),
so games per second and decisions per second bound what a bot can do. ``clone`` and
``legal_actions`` are timed again on states sampled from those games.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from time import perf_counter

from rich.console import Console
from rich.table import Table

from monastic.cli.common import CliError, game_or_error
from monastic.engine import Game, State

__all__ = ["BenchFigures", "add_bench_parser", "bench_bot", "bench_random", "run_bench"]

_SAMPLE_EVERY = 7  # keep every 7th state of the random games for the clone/legal timings
_MAX_SAMPLES = 400
_BOT_DECISIONS = 6  # decisions a searching bot makes for its figure


@dataclass(slots=True)
class BenchFigures:
    """What a random-play run measured."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    samples: list[State] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0


def add_bench_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``monastic bench``."""
    bench = sub.add_parser(
        "bench",
        help="rules speed on one core (random games, clone, legal_actions), or a bot's speed",
    )
    bench.add_argument("game", help="game id, e.g. medieval-monastery")
    bench.add_argument("--games", type=int, default=50, help="random games to play (default 50)")
    bench.add_argument("--players", type=int, help="seats (default: the game's)")
    bench.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    bench.add_argument(
        "--warmup",
        type=int,
        default=5,
        help="untimed games played first, to fill caches (default 5)",
    )
    bench.add_argument("--bot", help="also time this bot, e.g. ismcts:medium or greedy")


def bench_random(game: Game, games: int, players: int, seed: int, warmup: int = 0) -> BenchFigures:
    """Play ``warmup`` untimed games, then ``games`` timed uniformly random games; keep some
    states of the timed games as samples (replayed off the clock).

    The warm-up games (seeds after the timed ones) fill the rules' caches of pure functions
    and the interpreter's own, so the figure is the steady rate a long search sees.
    """
    figures = BenchFigures()
    # Picking a move is the player's work, not the rules': the stdlib's generator does it
    # cheaply (each game's own chance still comes from its seeded ``Rng``).
    warm_pick = random.Random(~seed).random  # the timed games are the same with or without
    for index in range(warmup):
        _play_out(game.new_game(players, seed + games + index), warm_pick, None)
    pick = random.Random(seed ^ 0x5EED).random
    for index in range(games):
        state = game.new_game(players, seed + index)
        start = perf_counter()
        figures.decisions += _play_out(state, pick, None)
        figures.seconds += perf_counter() - start
        figures.games += 1
    pick = random.Random(seed ^ 0x5EED).random  # the same games again, sampled
    for index in range(games):
        if len(figures.samples) >= _MAX_SAMPLES:
            break
        _play_out(game.new_game(players, seed + index), pick, figures.samples)
    return figures


def _play_out(state: State, pick: Callable[[], float], samples: list[State] | None) -> int:
    """Play uniformly random actions to the end; return the number of decisions. With
    ``samples``, keep a copy of every ``_SAMPLE_EVERY``-th state until it holds enough."""
    decisions = 0
    while acting := state.to_act():
        seat = acting[0]
        actions = state.legal_actions(seat)
        state.apply_quiet(seat, actions[int(pick() * len(actions))])
        decisions += 1
        if samples is not None and decisions % _SAMPLE_EVERY == 0 and len(samples) < _MAX_SAMPLES:
            samples.append(state.clone())
    return decisions


def _clone_rate(work: list[State], minimum: float = 0.2) -> float:
    """``clone()`` calls per second over the sampled states."""
    calls, elapsed = 0, 0.0
    while work and elapsed < minimum:
        start = perf_counter()
        for state in work:
            state.clone()
        elapsed += perf_counter() - start
        calls += len(work)
    return calls / elapsed if elapsed else 0.0


def _legal_rate(work: list[State], minimum: float = 0.2) -> float:
    """``legal_actions`` calls per second (every acting seat) over the sampled states.

    Each round lists the actions of fresh copies (copied off the clock), so a game that
    caches its legal actions inside a state is timed on the first, uncached call.
    """
    calls, elapsed = 0, 0.0
    while work and elapsed < minimum:
        copies = [state.clone() for state in work]
        start = perf_counter()
        for state in copies:
            for seat in state.to_act():
                state.legal_actions(seat)
                calls += 1
        elapsed += perf_counter() - start
    return calls / elapsed if elapsed else 0.0


def bench_bot(game: Game, spec: str, players: int, seed: int, samples: list[State]) -> list[str]:
    """Lines describing the bot's speed on a few sampled positions."""
    from monastic.bots import make

    bot = make(spec, seed)
    iterations, seconds, decisions = 0, 0.0, 0
    has_counters = True
    chosen = [s for s in samples if s.to_act() and len(s.legal_actions(s.to_act()[0])) > 1]
    chosen = chosen[:: max(1, len(chosen) // _BOT_DECISIONS)][:_BOT_DECISIONS]
    start = perf_counter()
    for state in chosen:
        bot.choose(state, state.to_act()[0])
        decisions += 1
        if hasattr(bot, "last_iterations") and hasattr(bot, "last_seconds"):
            iterations += int(bot.last_iterations)
            seconds += float(bot.last_seconds)
        else:
            has_counters = False
    total = perf_counter() - start
    lines = [
        f"{spec}: {decisions} decisions in {total:.2f} s"
        f" ({decisions / total if total else 0:.1f} decisions/s)"
    ]
    if spec.startswith("ismcts"):
        if has_counters and seconds > 0:
            lines.append(
                f"{spec}: {iterations / seconds:,.0f} iterations/s"
                f" ({iterations} iterations in {seconds:.2f} s of search)"
            )
        else:
            lines.append(f"{spec}: the bot does not report last_iterations/last_seconds yet")
    return lines


def run_bench(args: argparse.Namespace) -> int:
    """The ``monastic bench`` command."""
    game = game_or_error(args.game)
    players = args.players if args.players is not None else game.default_players
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.warmup < 0:
        raise CliError("--warmup must be 0 or more")
    console = Console()
    figures = bench_random(game, args.games, players, args.seed, args.warmup)
    table = Table(
        title=f"{game.id}, {players} players, {figures.games} random games"
        f" (after {args.warmup} untimed), one core"
    )
    table.add_column("measure")
    table.add_column("per second", justify="right")
    table.add_column("note", style="dim")
    table.add_row(
        "random games",
        f"{figures.games_per_second:,.1f}",
        f"{figures.decisions / figures.games:.0f} decisions per game",
    )
    table.add_row(
        "decisions", f"{figures.decisions_per_second:,.0f}", "legal_actions + apply_quiet"
    )
    table.add_row(
        "clone()",
        f"{_clone_rate(figures.samples):,.0f}",
        f"over {len(figures.samples)} sampled states",
    )
    table.add_row(
        "legal_actions()",
        f"{_legal_rate(figures.samples):,.0f}",
        "per acting seat, uncached, on sampled states",
    )
    console.print(table)
    if args.bot:
        try:
            lines = bench_bot(game, args.bot, players, args.seed, figures.samples)
        except ImportError as err:
            raise CliError(f"bot {args.bot!r} cannot play {game.id} yet ({err})") from None
        for line in lines:
            console.print(line, markup=False)
    return 0
