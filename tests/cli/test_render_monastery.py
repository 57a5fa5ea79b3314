"""The Monastery screen: every view and event of random games renders, and nothing hidden
shows; ``monastic play monastery`` driven through a pseudo-terminal."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
from rich.console import Console

from monastic import load_game
from monastic.bots import RandomBot
from monastic.cli.choices import show_choices
from monastic.cli.render import renderer_for
from monastic.engine import events_for
from monastic.games.monastery import GAME
from monastic.games.monastery.catalogue import INSTANCES
from monastic.games.monastery.rules.hidden import hidden_from
from monastic.games.monastery.words import DESCRIBE, SHORT_TILE_NAMES

RENDERER = renderer_for("monastery")
PROMPT = "Seat 0> "


def rendered(view: dict[str, Any], width: int) -> str:
    out = io.StringIO()
    RENDERER.render_table(view, Console(file=out, width=width, color_system=None))
    return out.getvalue()


def words_of(tile_id: str) -> set[str]:
    """How a tile may be named on the screen: its id and its short name."""
    return {tile_id, SHORT_TILE_NAMES.get(tile_id, tile_id)}


def secret_tiles(state: Any, viewer: int | None) -> set[str]:
    """Names the viewer must not see: other hands and others' uc buildings, unless the same
    kind of tile is known to the viewer some other way (a copy in view, in hand)."""
    secret: set[str] = set()
    for seat in range(state.players):
        if seat != viewer:
            secret |= {INSTANCES[t].id for t in state.hands[seat]}
    secret |= {INSTANCES[i].id for i in state.laid_order if hidden_from(state, i, viewer)}
    known = {INSTANCES[i].id for i in state.laid_order if not hidden_from(state, i, viewer)}
    if viewer is not None:
        known |= {INSTANCES[t].id for t in state.hands[viewer]}
    return secret - known


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_random_games_render_every_view_and_event_without_leaks(players: int, seed: int) -> None:
    state = load_game("monastery").new_game(players, seed=seed)
    bot = RandomBot(seed)
    kinds: set[str] = set()
    step = 0
    while not state.is_over():
        seat = state.to_act()[0]
        events = state.apply(seat, bot.choose(state, seat))
        for viewer in [*range(players), None]:
            for raw in events:
                seen = events_for([raw], viewer)
                if not seen:
                    continue
                kinds.add(str(seen[0]["kind"]))
                if seen[0]["kind"] == "build":  # only when buildings score: else the toil says it
                    assert seen[0]["tiles"], seen
                line = GAME.describe(seen[0], viewer)
                assert line and "{" not in line and "\n" not in line, (seen, line)
                if seen[0].get("seat") == viewer is not None:
                    assert line.startswith("You "), line
                if line and raw.audience is not None and viewer not in raw.audience:
                    # A private event told to someone else: none of its tile names shows.
                    private = json.dumps(raw.data)
                    for tile_id in re.findall(r"[A-Z][A-Z_0-9]{2,}", private):
                        assert tile_id not in line, (raw, line)
                    for name in re.findall(r'"([A-Z][a-z][^"]*)"', private):
                        if name not in json.dumps(seen[0]):
                            assert name not in line, (raw, line)
        if step % 13 == 0 or state.is_over():
            for viewer in [*range(players), None]:
                view = dict(state.view(viewer))
                view["names"] = ["you" if s == viewer else "random" for s in range(players)]
                text = rendered(view, 120 if step % 2 else 80)
                found = set(re.findall(r"[A-Za-z_0-9]+", text))
                for tile_id in secret_tiles(state, viewer):
                    assert not (words_of(tile_id) & found), (viewer, tile_id)
        step += 1
    assert {"round", "lay", "move", "build", "toil", "buy", "flip", "game_over"} <= kinds
    assert kinds <= set(DESCRIBE), kinds - set(DESCRIBE)
    out = io.StringIO()
    result = state.result().to_dict()
    RENDERER.render_breakdown(result, Console(file=out, width=100, color_system=None))
    assert "Testament" in out.getvalue() and "letters" in out.getvalue()


def test_scoring_sentences_name_places_and_points() -> None:
    build = {
        "kind": "build",
        "seat": 1,
        "points": 5,
        "tiles": [["1,3", 4, "Kitchen"], ["0,2", 1, None]],
    }
    assert GAME.describe(build, 0) == (
        "Seat 1 scores: building Kitchen at 1,3: 4, a hidden building at 0,2: 1 = 5"
    )
    pray = {"kind": "pray", "seat": 0, "x": 2, "y": 2, "name": "Chapel", "points": 6}
    assert GAME.describe(pray, 0) == "You score: prayer in Chapel at 2,2: 6"
    toil = {"kind": "toil", "seat": 0, "points": 3, "total": 9, "tiles": [["A", 1, "Abbey"]]}
    assert GAME.describe(toil, 0) == ("You score: study/toil the Abbey: 1 → 9 points to spend")
    nothing = {"kind": "build", "seat": 2, "points": 0, "tiles": []}
    assert GAME.describe(nothing, 0) == "Seat 2 scores nothing for buildings"
    idle = {"kind": "toil", "seat": 2, "points": 0, "total": 0, "tiles": []}
    assert GAME.describe(idle, 0) == "Seat 2 scores nothing"
    draw = {"kind": "draw", "seat": 2}
    assert GAME.describe(draw, 0) == "Seat 2 drew a tile"


def test_the_map_marks_coordinates_edges_and_the_abbey() -> None:
    state = load_game("monastery").new_game(2, seed=1, options={"random_colours": False})
    state.apply(0, "lay PASSAGE_RED -1,0 r90")
    state.apply(0, "move A -1,0/0 c1")
    text = rendered(dict(state.view(1)), 120)
    assert "ABBEY" in text and "Pass R" in text and "2R" in text  # box 2 held by Red
    header = next(line for line in text.splitlines() if re.fullmatch(r"[\s\d-]+", line))
    assert header.split() == ["-2", "-1", "0", "1", "2", "3"]
    assert "Prayer Board" in text and "·" * 9 in text  # an empty track, without colours


def test_listing_finds_placements_by_tile_or_cell() -> None:
    texts = [f"lay PATH_T {x},{y} r{r}" for x in range(-3, 4) for y in (2, 3) for r in (0, 90)]
    texts += ["move A 3,2/0 c1", "end"]
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    show_choices(console, texts, RENDERER.style_action, "3,2")
    listed = out.getvalue()
    assert "lay PATH_T 3,2 r0" in listed and "move A 3,2/0 c1" in listed
    assert "2,2" not in listed
    out.truncate(0)
    show_choices(console, texts, RENDERER.style_action, "lay path_t -3")
    assert "lay PATH_T -3,2 r90" in out.getvalue()


def test_long_lists_summarise_library_swaps_and_keep_placements_short() -> None:
    cells = [f"{row}{col}" for row in "RBGY" for col in range(2, 11)]
    swaps = [f"library {a} {b}" for i, a in enumerate(cells) for b in cells[i + 1 :]]
    lays = [f"lay {t} {x},3 r0" for t in ("PATH_T", "KITCHEN") for x in range(-20, 20)]
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    show_choices(console, [*swaps, "pray 1,2", "purchase"], RENDERER.style_action)
    listed = out.getvalue()
    assert f"library ...: {len(swaps)} choices" in listed and "purchase" in listed
    assert len(listed.splitlines()) < 5
    out.truncate(0)
    out.seek(0)
    show_choices(console, [*lays, "exchange", "end"], RENDERER.style_action)
    listed = out.getvalue()
    assert "lay PATH_T ...: 40 choices" in listed and "lay KITCHEN ...: 40 choices" in listed
    assert "list lay KITCHEN" in listed and " 82  end" in listed


def spawn(args: list[str], env: dict[str, str]) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "monastic.cli.main", "play", "monastery", *args],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(60, 120),
    )


LAY = re.compile(r"(\d+)  (lay [A-Z_0-9]+ -?\d+,-?\d+ r\d+)")


def test_play_a_placement_by_number_and_one_by_text(
    tmp_path: Path, cli_env: dict[str, str]
) -> None:
    save = tmp_path / "game.json"
    args = ["--players", "2", "--seed", "1", "--bots", "random", "--save", str(save)]
    child = spawn(args, cli_env)
    child.expect("Starting Monastery")
    child.expect(PROMPT)
    assert "Prayer Board" in child.before and "Your screen" in child.before
    child.sendline("help")
    child.expect("lay PATH_I 1,2 r0")
    child.expect(PROMPT)
    child.sendline("list lay")
    child.expect(PROMPT)
    number, by_number = LAY.findall(child.before)[0]
    child.sendline(number)
    child.expect("You laid ")
    typed = ""
    for _ in range(40):
        child.expect(PROMPT)
        choices = LAY.findall(child.before)
        if choices:
            typed = choices[-1][1]
            child.sendline(typed)
            child.expect("You laid ")
            child.expect(PROMPT)
            break
        child.sendline("end" if re.search(r"\d+  end\b", child.before) else "1")
    assert typed, "no second placement was offered"
    child.sendline("quit")
    child.expect("Saved to")
    child.expect(pexpect.EOF)
    child.close()
    moves = json.loads(save.read_text())["record"]["moves"]
    mine = [text for seat, text in moves if seat == 0]
    assert mine[0] == by_number and typed in mine


def test_a_map_wider_than_the_terminal_is_cut_not_wrapped() -> None:
    view = dict(load_game("monastery").new_game(2, seed=1).view(0))
    path = {"edges": "-P-P", "finished": True, "category": "path", "colour": "neutral"}
    view["tiles"] = [
        {**path, "x": x, "y": 2, "blessings": 0, "tile": "PATH_I", "value": 1, "built_round": 1}
        for x in range(-12, 14)
    ]
    text = rendered(view, 80)
    assert "the map is cut at the right" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def _first_decision(seed: int, kind: str) -> dict[str, Any]:
    """The view of the seat that must answer the first pending ``kind`` decision of a
    seeded random 4-player game."""
    import random

    state = load_game("monastery").new_game(4, seed=seed)
    pick = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        view = state.view(seat)
        if view.get("decision", {}).get("kind") == kind:
            return view
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    raise AssertionError(f"no {kind} decision in game {seed}")


@pytest.mark.parametrize(
    ("seed", "kind", "shown"),
    [
        (0, "elect", "choose the Abbot among blue, green (elect B / elect G)"),
        (3, "imprison", "into the Prison Cell (imprison R/B/G/Y or none)"),
        (0, "return", "return a tile from hand to the bag after an exchange (return TILE)"),
    ],
)
def test_the_screen_names_a_pending_decision(seed: int, kind: str, shown: str) -> None:
    # M-47 tie-break, M-42 Prison Cell, the exchange's return: play waits on one seat's
    # answer, and the status line says which and how to give it.
    view = _first_decision(seed, kind)
    assert view["pending"]["seat"] == view["viewer"] and view["viewer"] in view["to_act"]
    assert shown.lower() in view["decision"]["prompt"].lower()  # the seat is asked the same
    assert shown in " ".join(rendered(view, 200).split())
