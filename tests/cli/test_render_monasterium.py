"""The Monasterium terminal screen: every view and event of random games renders, the
sentences name what happened, and a game can be played through a pseudo-terminal."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
from rich.console import Console

from monastic import load_game
from monastic.bots import RandomBot
from monastic.cli.choices import show_choices
from monastic.cli.render import monasterium as screen
from monastic.cli.render import renderer_for
from monastic.engine import events_for
from monastic.games.monasterium import GAME, MonasteriumState
from monastic.games.monasterium.words import DESCRIBE

RENDERER = renderer_for("monasterium")
PROMPT = "Seat 0> "
GAMES = ((2, 11), (3, 12), (4, 13))


def rendered(view: dict[str, Any], width: int) -> str:
    out = io.StringIO()
    RENDERER.render_table(view, Console(file=out, width=width, color_system=None))
    return out.getvalue()


def random_game(players: int, seed: int) -> list[tuple[Any, list[dict[str, Any]]]]:
    """(state after each decision, the events it made) for one random game."""
    game = load_game("monasterium")
    state = game.new_game(players, seed, {})
    bot = RandomBot(seed=seed)
    steps = []
    while not state.is_over():
        seat = state.to_act()[0]
        events = state.apply(seat, bot.choose(state, seat))
        steps.append((state.clone(), events_for(events, seat)))
    return steps


@pytest.fixture(scope="module")
def games() -> dict[tuple[int, int], list[tuple[Any, list[dict[str, Any]]]]]:
    return {(players, seed): random_game(players, seed) for players, seed in GAMES}


def test_every_event_has_a_sentence(games: dict[Any, Any]) -> None:
    kinds: set[str] = set()
    for steps in games.values():
        for _, events in steps:
            for event in events:
                kinds.add(event["kind"])
                for viewer in (None, 0, 1):
                    line = GAME.describe(event, viewer)
                    assert line and "{" not in line, (event, line)
                    if event.get("seat") == viewer is not None:
                        assert line.startswith("You "), line
    assert kinds <= set(DESCRIBE), kinds - set(DESCRIBE)
    assert {"roll", "place", "take", "use", "send", "move", "game_over"} <= kinds


def test_views_render_at_120_and_80_columns(games: dict[Any, Any]) -> None:
    for (players, _), steps in games.items():
        # Every 20th position, and the last, for each viewer and a spectator.
        for index, (state, _) in enumerate(steps):
            if index % 20 and index != len(steps) - 1:
                continue
            viewer = index % (players + 1)
            view = dict(state.view(None if viewer == players else viewer))
            view["names"] = ["greedy"] * players
            wide, narrow = rendered(view, 120), rendered(view, 80)
            for text in (wide, narrow):
                assert "Rotenfels" in text and "Road" in text and "F6 joker" in text
                assert all(len(line) <= 120 for line in text.splitlines())
            assert max(len(line) for line in narrow.splitlines()) <= 80
            assert f"Year {state.view(None)['year']}/3" in wide


def test_final_screen_and_breakdown(games: dict[Any, Any]) -> None:
    state = games[(3, 12)][-1][0]
    view = dict(state.view(0))
    text = rendered(view, 120)
    assert "Final scoring" in text and "The game is over" in text
    result = state.result().to_dict()
    result["names"] = ["you", "greedy", "greedy"]
    out = io.StringIO()
    RENDERER.render_breakdown(result, Console(file=out, width=100, color_system=None))
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Score = in play + majority")
    for seat, line in enumerate(lines[1:]):
        row = result["breakdown"]["players"][seat]
        parts = [row[k] for k in ("before", "majority", "chapel_spread", "cloister_chapel")]
        assert sum(parts) + row["goods"] == row["total"]
        assert f"= {row['total']}" in line
        assert str(int(result["scores"][seat])) == str(row["total"])
    # The split of the VP scored during play adds up to what the engine counted.
    table = text[text.index("Final scoring") :].splitlines()[2:5]
    for seat, line in enumerate(table):
        numbers = [int(n) for n in re.findall(r"\b\d+\b", line)[-9:]]
        row = view["final"]["players"][seat]
        assert sum(numbers[:4]) == row["before"] and numbers[2] == row["missions"], line
        assert min(numbers) >= 0, line


def test_breakdown_missions_are_the_mission_events(games: dict[Any, Any]) -> None:
    for (players, _), steps in games.items():
        scored = [0] * players
        for _, events in steps:
            for event in events:
                if event["kind"] == "mission":
                    scored[event["seat"]] += event["vp"]
        final = steps[-1][0].result().breakdown["players"]
        assert [row["missions"] for row in final] == scored


def test_a_save_without_mission_vp_still_loads() -> None:
    state = load_game("monasterium").new_game(3, 1, {})
    assert isinstance(state, MonasteriumState)
    data = state.to_dict()
    del data["mission_vp"]
    assert MonasteriumState.from_dict(data).mission_vp == [0, 0, 0]


def test_log_sentences_say_what_happened() -> None:
    send = {
        "kind": "send",
        "seat": 1,
        "novice": "I-2",
        "to": "RED-B4",
        "paid": {"influence": 1, "book": 2},
        "vp": 3,
    }
    assert GAME.describe(send, 1) == (
        "You sent novice I-2 to RED-B4 (common room), paying 1 Influence, 2 Book: +3 VP"
    )
    use = {"kind": "use", "seat": 0, "action": "use II-4 III-3"}
    assert GAME.describe(use, 1) == (
        "Seat 0 used II-4 (send a novice paying 1 Influence less) for novice III-3"
    )
    mission = {"kind": "mission", "seat": 2, "mission": "A3", "vp": 6}
    assert GAME.describe(mission, None) == "Seat 2 fulfilled mission A3 Prime: +6 VP"
    move = {"kind": "move", "seat": 0, "steps": 3, "to": 6}
    assert GAME.describe(move, 0) == ("You moved the messenger 3 spaces to 6 (GRN, personal die)")


def test_help_and_action_styles() -> None:
    text = RENDERER.help_text()
    for needle in ("take 4x2", "tile PUR W-III col", "II    move 1-3 spaces", "chapel spread"):
        assert needle in text
    assert str(RENDERER.style_action("to RED-B4")) == "to RED-B4 common rm"
    assert str(RENDERER.style_action("take 6>3")) == "take 6>3"


def test_long_choice_lists_are_summarised() -> None:
    # A 2-player placement with every re-roll subset: over 80 choices.
    texts = [f"place {v}" for v in range(1, 7)]
    texts += [f"reroll P4 N{a} N{b} N{c}" for a in range(1, 7) for b in range(1, 7) for c in "123"]
    out = io.StringIO()
    show_choices(Console(file=out, width=120, color_system=None), texts, screen.style_action)
    listed = out.getvalue()
    assert "  1  place 1" in listed and "choices, e.g." in listed
    assert len(listed.splitlines()) < 20


def test_spectating_bots_to_the_end(cli_env: dict[str, str]) -> None:
    args = ["play", "monasterium", "--humans", "0", "--players", "2", "--seed", "3"]
    done = subprocess.run(
        [sys.executable, "-m", "monastic.cli.main", *args],
        env=cli_env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    out = done.stdout
    assert "Final scoring" in out and "Final result" in out and "Score = in play" in out
    log = [line for line in out.splitlines() if line.startswith("· ")]
    assert len(log) > 200
    # Every line is a sentence of this renderer, none the generic "kind key=value".
    assert not [line for line in log if "=" in line or "{" in line]


def spawn(args: list[str], env: dict[str, str]) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "monastic.cli.main", "play", "monasterium", *args],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(60, 120),
    )


ACTION_WORDS = "place|take|use|to|bonus|tile|reroll|keep|decline"
CHOICE = re.compile(rf"(\d+)  ((?:{ACTION_WORDS})[^\r\n]*?)(?=\s{{3,}}|\r|$)")


def test_play_by_number_and_by_text(tmp_path: Path, cli_env: dict[str, str]) -> None:
    save = tmp_path / "game.json"
    child = spawn(["--players", "2", "--seed", "1", "--no-auto", "--save", str(save)], cli_env)
    child.expect("Starting Monasterium")
    child.expect(PROMPT)
    assert "Rotenfels" in child.before and "You to place dice" in child.before
    child.sendline("help")
    child.expect("tile PUR W-III col")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    typed = []
    for _ in range(6):
        choices = CHOICE.findall(child.before)
        assert choices, child.before
        text = choices[-1][1].strip()
        if text.startswith("to "):  # drop the shown kind of place ("to RED-B1 profane")
            text = " ".join(text.split()[:2])
        child.sendline(text)
        typed.append(text)
        child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Saved to")
    child.expect(pexpect.EOF)
    child.close()
    moves = json.loads(save.read_text())["record"]["moves"]
    mine = [text for seat, text in moves if seat == 0]
    assert len(mine) >= 7 and mine[1:7] == typed
