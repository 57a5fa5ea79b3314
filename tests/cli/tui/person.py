"""A person at the full-screen interface, driven through Textual's test pilot.

They decide what to play as a seeded greedy bot would, then make that choice the ways a
person does: with the arrow keys, by typing a few letters to filter the list, by typing
the whole action (in lower case), or by clicking it with the mouse.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from textual import events
from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from monastic.bots import make
from monastic.cli.seats import Seating
from monastic.cli.session import Session
from monastic.cli.tui.app import PlayApp
from monastic.cli.tui.filtering import matching
from monastic.engine import Match

SCREENSHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"


def new_app(
    game: str, players: int, seed: int, tmp: Path, bots: str = "greedy", **options: object
) -> PlayApp:
    """Seat 0 a person, the other seats seeded bots."""
    seating = Seating.build(players, 1, bots.split(","), seed=seed)
    match = Match.new(game, players, seed, dict(options), names=seating.names)
    return PlayApp(Session(match, seating), tmp / "save.json")


async def until_decision(pilot: Pilot[str], app: PlayApp, timeout: float = 20.0) -> None:
    """Wait while bots think: until the person must decide or the game is over."""
    deadline = time.monotonic() + timeout
    while app.awaiting is None and not app.finished:
        assert time.monotonic() < deadline, "the interface never asked for a decision"
        await pilot.pause(0.01)


async def keys(
    pilot: Pilot[str], *names: str, until: Callable[[], bool], timeout: float = 20.0
) -> None:
    """Press keys in a quick run, as a person types, then wait until ``until()`` holds.

    They go through the terminal driver as ``Pilot.press`` sends them, without its pause
    after every key (which would make a whole game take minutes, and which, on a busy
    machine, can end before the keys have had their effect).
    """
    driver = pilot.app._driver
    assert driver is not None
    for name in names:
        char = name if len(name) == 1 else None
        key = _character_to_key(name) if char is not None and not name.isalnum() else name
        driver.send_message(events.Key(key, char))
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, f"keys {names} had no effect"
        await pilot.pause(0.005)


def _filter_for(legal: list[str], target: str) -> str:
    """The fewest typed letters that bring ``target`` near the top of the list."""
    words = target.lower().split()
    tries = [" ".join(words[: n + 1]) for n in range(len(words))]
    tries += [" ".join(words[n:]) for n in range(len(words) - 1, 0, -1)]
    tries += [word[:k] for word in words for k in range(2, len(word) + 1)]
    for typed in sorted(set(tries), key=len):
        shown = matching(legal, typed)
        if target in shown and shown.index(target) <= 2:
            return typed
    return target.lower()


async def _row_on_screen(pilot: Pilot[str], app: PlayApp, index: int) -> int | None:
    """The row of the list where choice ``index`` starts, if it is in sight (a choice with a
    long note takes two rows)."""
    await pilot.pause()
    options = app.query_one(OptionList)
    row = options._index_to_line[index] - round(options.scroll_y)
    return row if 0 <= row < options.scrollable_content_region.height else None


@dataclass
class Person:
    """Plays seat 0; ``made`` is every choice they meant, to compare with the record."""

    seed: int
    made: list[str] = field(default_factory=list)
    ways: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.mind = make("greedy", self.seed)

    async def decide(self, pilot: Pilot[str], app: PlayApp) -> None:
        seat = app.awaiting
        assert seat is not None
        legal = list(app.shown)
        target = str(self.mind.choose(app.session.state, seat))
        assert target in legal
        index = legal.index(target)
        number = len(self.made)
        before = len(app.session.record.moves)

        def played() -> bool:
            return len(app.session.record.moves) > before

        def filtered(typed: str) -> Callable[[], bool]:
            return lambda: app.query_one(Input).value == typed and app.shown == matching(
                legal, typed
            )

        if number in (5, 25, 45):
            way = "typed in full"
            await keys(pilot, *target.lower(), until=filtered(target.lower()))
            await keys(pilot, "enter", until=played)
        elif number % 13 == 7 and (row := await _row_on_screen(pilot, app, index)) is not None:
            way = "mouse"
            await pilot.click(OptionList, offset=(2, row))
            await keys(pilot, until=played)
        elif index <= 3:
            way = "arrow keys"
            await keys(pilot, *["down"] * index, "enter", until=played)
        else:
            way = "filter"
            typed = _filter_for(legal, target)
            await keys(pilot, *typed, until=filtered(typed))
            shown = list(app.shown)
            assert target in shown, (typed, shown[:5])
            await keys(pilot, *["down"] * shown.index(target), "enter", until=played)
        moves = app.session.record.moves
        assert moves[before] == (seat, target), (way, target, moves[before])
        self.made.append(target)
        self.ways[way] = self.ways.get(way, 0) + 1
