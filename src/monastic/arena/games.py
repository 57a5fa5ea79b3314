"""One arena game from a task, timing only real decisions.

A decision with a single legal action is forced: every bot plays it at once, so counting
it would dilute the thinking time per move with free moves. The arena's games count and
time only decisions with at least two legal actions. Bot seeds follow the seat (the lab's
``bot_seed``), so a game from the same task is the same game in the arena and the lab.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from monastic.bots import make
from monastic.engine import Game
from monastic.lab.games import GameOutcome, GameTask, play_game
from monastic.lab.runner import Backend

__all__ = ["check_line_up", "play_arena_task", "play_tasks"]


def check_line_up(game: Game, bot_specs: Sequence[str], players: int) -> None:
    """Refuse, naming the problem, a player count the game does not take or a bad spec."""
    if not bot_specs:
        raise ValueError("the arena needs at least one bot")
    info = game.info
    if not info.min_players <= players <= info.max_players:
        raise ValueError(
            f"{game.id} takes {info.min_players} to {info.max_players} players, not {players}"
        )
    for spec in bot_specs:
        make(spec, seed=0)  # fail early, naming the bad spec


def play_tasks(
    backend: Backend,
    tasks: list[GameTask],
    title: str,
    progress: bool,
    keep: Callable[[GameOutcome], None],
) -> list[GameOutcome]:
    """Play ``tasks`` on ``backend`` under a progress bar, handing each outcome to ``keep``
    as it finishes (so an interrupted run keeps what it played); sorted by task index."""
    outcomes: list[GameOutcome] = []
    bar = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    bar_task = bar.add_task(title, total=len(tasks))
    if progress:
        bar.start()
    try:
        for outcome in backend.map_unordered(play_arena_task, tasks):
            outcomes.append(outcome)
            keep(outcome)
            bar.advance(bar_task)
    finally:
        bar.stop()
    return sorted(outcomes, key=lambda o: o.index)


def play_arena_task(task: GameTask) -> GameOutcome:
    """Play the task's game; ``decisions`` and ``think`` count real decisions only."""
    return play_game(task.game, task.index, task.seed, task.specs, dict(task.options), True)
