"""A lab run: the games a run asks for, played on a backend and stored as they finish."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from monastic.bots import make
from monastic.bots.ismcts import spec_settings
from monastic.engine import load_game
from monastic.lab.facts import play_lab_game
from monastic.lab.games import GameTask, play_task, seatings
from monastic.lab.runner import Backend
from monastic.lab.store import ResultStore, StoreMismatch

__all__ = ["LabSettings", "RunSummary", "results_path", "run_lab"]

RESULTS_FILE = "results.sqlite"


@dataclass(frozen=True, slots=True)
class LabSettings:
    """What a run plays: game ``i`` has seed ``seed + i`` and the ``i``-th seating."""

    game: str
    players: int
    bots: tuple[str, ...] = ("greedy",)
    games: int = 200
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    def checked(self) -> LabSettings:
        """These settings with the game's full options; ValueError names what is wrong."""
        game = load_game(self.game)
        if not self.bots:
            raise ValueError("the lab needs at least one bot")
        if self.games < 1:
            raise ValueError(f"games must be at least 1, not {self.games}")
        if not game.info.min_players <= self.players <= game.info.max_players:
            raise ValueError(
                f"{self.game} takes {game.info.min_players} to {game.info.max_players}"
                f" players, not {self.players}"
            )
        for spec in self.bots:
            make(spec, seed=0)  # fail early, naming the bad spec
        bots = tuple(spec.strip() for spec in self.bots)
        options = dict(game.options(self.options))
        return LabSettings(self.game, self.players, bots, self.games, self.seed, options)

    def stored(self) -> dict[str, Any]:
        """What must match when a run resumes (not the number of games: that may grow)."""
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "options": dict(self.options),
        }

    def task(self, index: int) -> GameTask:
        """Game ``index`` of the run: seed ``seed + index``, the ``index``-th seating."""
        order = seatings(self.bots, self.players)
        items = tuple(sorted(self.options.items()))
        return GameTask(self.game, index, self.seed + index, order[index % len(order)], items)

    def tasks(self) -> list[GameTask]:
        """Every game of the run, by index."""
        return [self.task(i) for i in range(self.games)]


@dataclass(frozen=True, slots=True)
class RunSummary:
    """What one call of ``run_lab`` did."""

    played: int  # games played by this call
    stored: int  # games in the results file now
    seconds: float  # wall time of this call's games

    @property
    def games_per_second(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


def _repeatable(spec: str) -> bool:
    """Whether a bot plays the same game from the same seed (no time budget)."""
    kind, _, params = spec.partition(":")
    if kind != "ismcts":
        return True
    return spec_settings(params)[0].seconds is None


def _check_same_code(settings: LabSettings, store: ResultStore, done: set[int]) -> None:
    """Refuse to resume a run whose first stored game no longer plays the same.

    Rules or bots changed since the run began would mix two versions of the game in one
    results file; replaying one stored game (bots included) catches that for one game's
    cost. Bots with a time budget never repeat, so their runs are not checked.
    """
    if not done or not all(_repeatable(spec) for spec in settings.bots):
        return
    first = min(done)
    task = settings.tasks()[first] if first < settings.games else None
    if task is None:
        order = seatings(settings.bots, settings.players)
        items = tuple(sorted(settings.options.items()))
        task = GameTask(
            settings.game, first, settings.seed + first, order[first % len(order)], items
        )
    if play_task(task).record != store.record(first):
        raise StoreMismatch(
            f"{store.path}: game {first} no longer plays as it did (the rules or the bots"
            " changed since this run began); start a new run with another --out"
        )


def results_path(out_dir: str | Path) -> Path:
    """The results file of a lab output folder."""
    return Path(out_dir) / RESULTS_FILE


def run_lab(
    settings: LabSettings,
    out_dir: str | Path,
    backend: Backend,
    progress: bool = True,
    console: Console | None = None,
) -> RunSummary:
    """Play the run's games that are not stored yet, storing each as it finishes.

    An interrupt (KeyboardInterrupt) leaves every finished game stored; the same call
    later plays only the rest. Settings that differ from the stored run raise StoreMismatch.
    """
    settings = settings.checked()
    with ResultStore(results_path(out_dir), writer=True) as store:
        store.claim(settings.stored())
        done = store.done()
        _check_same_code(settings, store, done)
        todo = [task for task in settings.tasks() if task.index not in done]
        bar = Progress(
            TextColumn("[progress.description]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=console or Console(stderr=True),
            transient=False,
            disable=not progress,
        )
        label = f"{settings.game} {settings.players}p on {backend.describe()}"
        start = perf_counter()
        played = 0
        with bar:
            task = bar.add_task(
                label,
                total=settings.games,
                completed=len(done & set(range(settings.games))),
                rate="",
            )
            for game in backend.map_unordered(play_lab_game, todo):
                store.add(game)
                played += 1
                elapsed = perf_counter() - start
                bar.update(task, advance=1, rate=f"{played / elapsed:.1f} games/s")
        return RunSummary(played, len(store.done()), perf_counter() - start)
