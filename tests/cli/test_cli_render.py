"""Renderers: every event of random games reads as a sentence; tables draw for every view."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from monastic import load_game
from monastic.bots import RandomBot
from monastic.cli.render import generic, renderer_for
from monastic.engine import events_for
from monastic.games.medieval_monastery import GAME


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=110, color_system=None), out


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_render_for_every_seat_and_spectators(players: int) -> None:
    renderer = renderer_for("medieval-monastery")
    state = load_game("medieval-monastery").new_game(players, seed=players)
    bot = RandomBot(7)
    kinds: set[str] = set()
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        events = state.apply(seat, bot.choose(state, seat))
        for viewer in [*range(players), None]:
            for event in events_for(events, viewer):
                kinds.add(event["kind"])
                line = GAME.describe(event, viewer)
                assert line is None or (line and "{" not in line), (event, line)
        if steps % 5 == 0:
            out_console, out = console()
            view = state.view(seat)
            renderer.render_table({**view, "names": ["bot"] * players}, out_console)
            assert "Turn" in out.getvalue() and "Your hand" in out.getvalue()
        steps += 1
    assert {"play", "draw", "discard", "round", "game_over"} <= kinds
    out_console, out = console()
    renderer.render_breakdown(state.result().to_dict(), out_console)
    assert "Suit scores" in out.getvalue()


def test_sentences_name_the_viewer_you() -> None:
    gift = {"kind": "gift", "from": 3, "to": 0, "card": "O4"}
    assert GAME.describe(gift, 0) == "Seat 3 gave you O4"
    assert GAME.describe({"kind": "gift", "from": 3, "to": 1}, 0) == "Seat 3 gave a card to seat 1"
    assert (
        GAME.describe({"kind": "play", "seat": 2, "card": "Z7"}, 0) == "Seat 2 played Z7 (Saints)"
    )
    combo = {
        "kind": "combo",
        "combo": "flush",
        "seat": 1,
        "cards": ["P4", "P1"],
        "points": [4, 0, 0, 0, 0, 0, 0, 0],
    }
    assert GAME.describe(combo, 0) == "Seat 1 declared a 2-card flush, P1 P4: +4 P"


def test_help_text_has_suit_actions_and_combos() -> None:
    text = renderer_for("medieval-monastery").help_text()
    assert "Prayer" in text and "Monks" in text
    assert "flush" in text and "straight" in text and "9-card flush" in text


def test_games_without_a_renderer_get_the_generic_one() -> None:
    renderer = renderer_for("no-such-game")
    assert renderer.render_table is generic.render_table
    out_console, out = console()
    renderer.render_table({"viewer": 0, "board": [1, 2], "names": ["you"]}, out_console)
    seats, _, rest = out.getvalue().partition("\n")
    assert seats == "Seats: 0 you"
    assert json.loads(rest) == {"viewer": 0, "board": [1, 2]}


def test_compact_json_folds_what_fits_on_a_line() -> None:
    data = {"a": [1, 2, 3], "b": {"c": "x" * 30, "d": list(range(20))}}
    text = generic.compact_json(data, width=40)
    assert json.loads(text) == data
    assert '"a": [1, 2, 3]' in text
    assert '"d": [\n' in text  # too long for one line, so one item a line
