"""The full-screen interface's keys: help, rules, undo, save and resume, bad answers."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from tests.cli.tui.person import Person, new_app, until_decision
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from monastic.cli.play import _full_screen
from monastic.cli.seats import Seating, seating_from_names
from monastic.cli.session import Session
from monastic.cli.tui.app import PlayApp
from monastic.cli.tui.filtering import exact_choice, matching
from monastic.cli.tui.log_pane import LogPane
from monastic.cli.tui.screens import HandOverScreen, ReadingScreen
from monastic.engine import Match


async def first_decision(pilot: Pilot[str], app: PlayApp) -> None:
    """Close the "how a turn works" page a new game opens with, then wait for seat 0."""
    await pilot.pause()
    await pilot.press("escape")
    await until_decision(pilot, app)


def _message(app: PlayApp) -> str:
    return str(app.query_one("#message", Static).render())


def test_help_rules_and_turn_open_over_the_table_and_close(tmp_path: Path) -> None:
    app = new_app("medieval-monastery", 2, 3, tmp_path, turns=2)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await first_decision(pilot, app)
            for key, words in (("f1", "Keys"), ("f2", "rulebook"), ("f3", "how a turn works")):
                await pilot.press(key)
                assert isinstance(app.screen, ReadingScreen), key
                assert words.lower() in app.screen.heading.lower() + app.screen.markdown.lower()
                await pilot.press("escape")
                assert not isinstance(app.screen, ReadingScreen)
            assert app.awaiting == 0  # the decision waits meanwhile

    asyncio.run(run())


def test_a_wrong_answer_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    app = new_app("medieval-monastery", 2, 3, tmp_path, turns=2)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await first_decision(pilot, app)
            moves = len(app.session.record.moves)
            await pilot.press(*"zzz nonsense", "enter")
            assert len(app.session.record.moves) == moves
            assert "✗" in _message(app)
            assert app.shown == []  # nothing matched the filter either
            await pilot.press("escape")  # clears it: every choice is back
            assert app.shown == app.legal

    asyncio.run(run())


def test_typing_filters_and_any_case_answers(tmp_path: Path) -> None:
    legal = ["move A 1,2 c1", "move 1,-1 A c1", "lay GUEST_HOUSE 1,2 r90", "end"]
    assert matching(legal, "MOVE") == legal[:2]
    assert matching(legal, "gue 1,2") == ["lay GUEST_HOUSE 1,2 r90"]
    assert matching(legal, "") == legal
    assert matching(legal, "xyz") == []
    assert exact_choice(legal, "  LAY guest_house   1,2 R90 ") == "lay GUEST_HOUSE 1,2 r90"
    assert exact_choice(legal, "lay") is None


def test_undo_takes_back_a_decision_the_rule_allows(tmp_path: Path) -> None:
    app = new_app("monastery", 2, 11, tmp_path)
    person = Person(11)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await first_decision(pilot, app)
            await pilot.press("ctrl+z")  # nothing decided yet
            assert "✗" in _message(app)
            while app.session.undo_count(0) == 0:
                await person.decide(pilot, app)
                await until_decision(pilot, app)
                assert not app.finished
            moves = len(app.session.record.moves)
            log = len(app.session.log(0))
            await pilot.press("ctrl+z")
            await until_decision(pilot, app)
            assert len(app.session.record.moves) < moves
            assert len(app.session.log(0)) < log
            assert "Taken back" in _message(app)
            assert app.query_one("#log", LogPane)._lines == app.session.log(0)

    asyncio.run(run())


def test_a_hint_names_the_searchs_choice_and_highlights_it(tmp_path: Path) -> None:
    app = new_app("medieval-monastery", 2, 3, tmp_path, turns=2)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await first_decision(pilot, app)
            moves = len(app.session.record.moves)
            expected = app.session.hint(0, 3)  # the same position gives the same hint
            await pilot.press("f5")
            deadline = asyncio.get_running_loop().time() + 60
            while not _message(app).startswith("Hint:"):
                assert asyncio.get_running_loop().time() < deadline, _message(app)
                await pilot.pause(0.05)
            assert expected[0].action in _message(app)
            assert app.shown[app.query_one("#choices", OptionList).highlighted or 0] == (
                expected[0].action
            )
            assert len(app.session.record.moves) == moves  # a hint plays nothing
            await pilot.press("enter")  # the highlighted hint is one key away
            await until_decision(pilot, app)
            assert app.session.record.moves[moves] == (0, expected[0].action)

    asyncio.run(run())


def test_save_and_quit_then_resume_with_the_whole_log(tmp_path: Path) -> None:
    app = new_app("medieval-monastery", 2, 5, tmp_path, turns=2)
    person = Person(5)

    async def first() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("escape")
            for _ in range(3):
                await until_decision(pilot, app)
                await person.decide(pilot, app)
            await until_decision(pilot, app)
            await pilot.press("ctrl+s")

    asyncio.run(first())
    said = app.return_value or ""
    save = tmp_path / "save.json"
    assert said.startswith(f"Saved to {save}") and "--resume" in said
    log = app.session.log(0)
    match = Match.from_dict(json.loads(save.read_text()))
    assert match.record.moves == app.session.record.moves
    seating = seating_from_names(match.record.names, match.record.players, seed=5)
    again = PlayApp(Session(match, seating), save, show_turn=False)

    async def second() -> None:
        async with again.run_test(size=(120, 40)) as pilot:
            await until_decision(pilot, again)
            assert again.query_one("#log", LogPane)._lines[: len(log)] == log

    asyncio.run(second())


def test_line_mode_when_asked_or_not_at_a_terminal() -> None:
    args = argparse.Namespace(plain=True)
    assert not _full_screen(args)
    # Under pytest standard input is not a terminal: line mode, whatever the flag.
    assert not _full_screen(argparse.Namespace(plain=False))


def test_hot_seat_hides_the_table_until_the_next_person_is_at_the_keyboard(
    tmp_path: Path,
) -> None:
    seating = Seating.build(2, 2, [], seed=8)
    match = Match.new("medieval-monastery", 2, 8, {"turns": 2}, names=seating.names)
    app = PlayApp(Session(match, seating), tmp_path / "save.json", show_turn=False)
    minds = {0: Person(8), 1: Person(9)}

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            handovers = 0
            while handovers < 2:
                await pilot.pause(0.01)
                if isinstance(app.screen, HandOverScreen):
                    assert app.awaiting is None  # nothing of the table to see or choose
                    handovers += 1
                    await pilot.press("enter")
                    await until_decision(pilot, app)
                    assert app.viewer == app.awaiting
                elif app.awaiting is not None:
                    await minds[app.awaiting].decide(pilot, app)

    asyncio.run(run())
