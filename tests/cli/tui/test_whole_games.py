"""A person plays a whole game of each game through the full-screen interface.

Every choice is made with keys, typing or the mouse; the record must hold exactly the
choices the person meant, and the game must end on the result screen. Screenshots at 80x24
and 120x40 are compared with the ones in docs/screenshots (MONASTIC_SCREENSHOTS=update
writes them anew).
"""

from __future__ import annotations

import asyncio
import html
import os
import re
from pathlib import Path

import pytest
from tests.cli.tui.person import SCREENSHOTS, Person, new_app, until_decision
from textual.pilot import Pilot

from monastic.cli.tui.app import PlayApp
from monastic.cli.tui.drawing import Drawing
from monastic.cli.tui.log_pane import LogPane
from monastic.cli.tui.screens import ReadingScreen, ResultScreen

GAMES = [
    # game, players, seed, options, the decision at which the screenshots are taken
    ("monastery", 2, 11, {}, 12),
    ("monasterium", 2, 12, {}, 20),
    ("medieval-monastery", 2, 13, {"turns": 3}, 4),
]


def screen_text(svg: str) -> list[str]:
    """The characters of a screenshot, row by row (its colours left aside: a scrollbar's
    shade may differ by when the last repaint happened, the words on the screen may not)."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in re.findall(r'<text[^>]* x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(float(y), []).append((float(x), html.unescape(text)))
    return ["".join(t for _, t in sorted(row)).rstrip() for _, row in sorted(rows.items())]


def _check_screenshot(name: str, svg: str) -> None:
    path = SCREENSHOTS / f"{name}.svg"
    if os.environ.get("MONASTIC_SCREENSHOTS") == "update" or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        return
    assert screen_text(svg) == screen_text(path.read_text(encoding="utf-8")), (
        f"{path.name} changed: look at the new screen, then keep it with "
        "MONASTIC_SCREENSHOTS=update"
    )


async def settled(pilot: Pilot[str], app: PlayApp) -> None:
    """Wait until the screen is drawn for its size and the log shows its newest line."""
    log = app.query_one("#log", LogPane)
    for _ in range(400):
        await pilot.pause(0.01)
        panes = [pane for pane in app.query(Drawing) if pane.display]
        drawn = all(pane.drawn_at_width == pane.size.width for pane in panes)
        if drawn and log.lines and log.scroll_y >= log.max_scroll_y:
            return
    raise AssertionError("the screen did not settle")


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
                    await settled(pilot, app)
                    _check_screenshot(f"{game}-80x24", app.export_screenshot())
                    await pilot.resize_terminal(120, 40)
                    await settled(pilot, app)
                    _check_screenshot(f"{game}-120x40", app.export_screenshot())
                    await pilot.resize_terminal(80, 24)
                    await settled(pilot, app)
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
