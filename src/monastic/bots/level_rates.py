"""How many search iterations the time-budgeted levels reach, measured in CPU time.

``python -m monastic.bots.level_rates --game monasterium --players 2`` plays greedy games,
and at every ``--every``-th real decision (at least two legal actions) runs the search for a
fixed number of iterations, timing it with the process's CPU clock. Iterations per CPU second
times a level's seconds is what that level reaches on an idle core: on a shared, loaded
machine wall time would measure the other processes too, CPU time much less so (caches and
memory bandwidth are still shared, so a loaded machine reads somewhat slow).
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from monastic.bots import make
from monastic.bots.ismcts import LEVELS, ISMCTSBot
from monastic.engine import load_game

__all__ = ["RateFigures", "measure_rate"]


@dataclass(frozen=True, slots=True)
class RateFigures:
    """Iterations per CPU second over the sampled decisions of one game and player count."""

    game: str
    players: int
    decisions: int
    iterations: int
    cpu_seconds: float
    per_decision: tuple[float, ...]  # iterations per CPU second at each sampled decision

    @property
    def rate(self) -> float:
        return self.iterations / self.cpu_seconds if self.cpu_seconds else 0.0

    def level_iterations(self, level: str) -> int:
        """What ``level``'s time budget reaches at this rate."""
        seconds = LEVELS[level].seconds
        assert seconds is not None
        return round(self.rate * seconds)


def measure_rate(
    game_id: str,
    players: int,
    games: int = 2,
    every: int = 4,
    iterations: int = 300,
    seed: int = 0,
    settings: str = "",
) -> RateFigures:
    """Search ``iterations`` at every ``every``-th real decision of ``games`` greedy games,
    with the game's own search settings changed by ``settings`` (``"horizon=8,temp=0.1"``)."""
    game = load_game(game_id)
    extra = f",{settings}" if settings else ""
    search = make(f"ismcts:iterations={iterations}{extra}", seed=seed)
    assert isinstance(search, ISMCTSBot)
    done = 0
    cpu = 0.0
    rates: list[float] = []
    real = 0
    for number in range(games):
        state = game.new_game(players, seed + number)
        bots = [make("greedy", seed=seed + number * 10 + s) for s in range(players)]
        while not state.is_over():
            seat = state.to_act()[0]
            if len(state.legal_actions(seat)) > 1:
                real += 1
                if real % every == 0:
                    start = time.process_time()
                    search.choose(state, seat)
                    spent = time.process_time() - start
                    if search.last_iterations:
                        done += search.last_iterations
                        cpu += spent
                        rates.append(search.last_iterations / spent if spent else 0.0)
            state.apply(seat, bots[seat].choose(state, seat))
    return RateFigures(game_id, players, len(rates), done, cpu, tuple(rates))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m monastic.bots.level_rates")
    parser.add_argument("--game", action="append", required=True)
    parser.add_argument("--players", type=int, action="append", required=True)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument(
        "--settings", default="", help="search settings to change, as in a bot spec: horizon=8"
    )
    args = parser.parse_args(argv)
    print(
        "game | players | sampled decisions | iterations / CPU s (median per decision)"
        " | medium | hard"
    )
    for game_id in args.game:
        for players in args.players:
            fig = measure_rate(
                game_id, players, args.games, args.every, args.iterations, settings=args.settings
            )
            median = statistics.median(fig.per_decision) if fig.per_decision else 0.0
            print(
                f"{game_id} | {players} | {fig.decisions} | {fig.rate:,.0f} ({median:,.0f})"
                f" | {fig.level_iterations('medium'):,} | {fig.level_iterations('hard'):,}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
