"""A person plays a whole game of each game through the full-screen interface.

Every choice is made with keys, typing or the mouse; the record must hold exactly the
choices the person meant, and the game must end on the result screen. Screenshots at 80x24
and 120x40 are compared with the ones in docs/screenshots (MONASTIC_SCREENSHOTS=update
writes them anew).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from tests.cli.tui.person import SCREENSHOTS, Person, new_app, until_decision

from monastic.cli.tui.screens import ReadingScreen, ResultScreen

GAMES = [
    # game, players, seed, options, the decision at which the screenshots are taken
    ("monastery", 2, 11, {}, 12),
    ("monasterium", 2, 12, {}, 20),
    ("medieval-monastery", 2, 13, {"turns": 3}, 4),
]


def _check_screenshot(name: str, svg: str) -> None:
    path = SCREENSHOTS / f"{name}.svg"
    if os.environ.get("MONASTIC_SCREENSHOTS") == "update" or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        return
    assert svg == path.read_text(encoding="utf-8"), (
        f"{path.name} changed: look at the new screen, then keep it with "
        "MONASTIC_SCREENSHOTS=update"
    )


@pytest.mark.parametrize(("game", "players", "seed", "options", "shot_at"), GAMES)
def test_a_person_plays_a_whole_game(
    game: str, players: int, seed: int, options: dict[str, object], shot_at: int, tmp_path: Path
) -> None:
    app = new_app(game, players, seed, tmp_path, **options)
    person = Person(seed)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReadingScreen)  # how a turn works, at the start
            await pilot.press("escape")
            while True:
                await until_decision(pilot, app)
                if app.finished:
                    break
                if len(person.made) == shot_at:
                    _check_screenshot(f"{game}-80x24", app.export_screenshot())
                    await pilot.resize_terminal(120, 40)
                    await pilot.pause()
                    _check_screenshot(f"{game}-120x40", app.export_screenshot())
                    await pilot.resize_terminal(80, 24)
                    await pilot.pause()
                await person.decide(pilot, app)
            await pilot.pause()
            assert isinstance(app.screen, ResultScreen)
            await pilot.press("q")

    asyncio.run(play())
    session = app.session
    assert session.is_over()
    mine = [move for move in session.moves if move.seat == 0]
    assert [move.text for move in mine if move.by == "person"] == person.made
    assert all(move.by in ("person", "forced") for move in mine)
    assert set(person.ways) >= {"arrow keys", "filter", "typed in full"}, person.ways
