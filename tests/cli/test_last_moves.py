"""The rivals' last moves marked on the maps: Monastery's cells, Monasterium's novices."""

from __future__ import annotations

import io
import random

from rich.console import Console

from monastic.cli.render import renderer_for
from monastic.cli.render.monasterium_board import marked_spots
from monastic.cli.render.monastery_map import LAST_MOVE, marked_cells
from monastic.cli.seats import Seating
from monastic.cli.session import Session
from monastic.engine import Match


def session_at_my_turn(game: str, turns: int, seed: int) -> Session:
    """A game against greedy bots, at the person's decision after ``turns`` of theirs."""
    seating = Seating.build(3, 1, ["greedy"], seed)
    session = Session(Match.new(game, 3, seed, names=seating.names), seating)
    rng = random.Random(seed)
    done = 0
    while True:
        seat = session.next_seat()
        assert seat is not None
        if session.is_bot(seat):
            session.play_bot(seat)
        elif session.play_forced() is None:
            if session.moves and session.moves[-1].seat != seat:
                done += 1
                if done > turns:
                    return session
            session.submit(seat, rng.choice(session.legal_texts(seat)))


def screen(game: str, view: dict[str, object]) -> str:
    out = io.StringIO()
    renderer_for(game).render_table(view, Console(file=out, width=120, color_system=None))
    return out.getvalue()


def test_monastery_marks_the_cells_rivals_changed_since_your_last_turn() -> None:
    session = session_at_my_turn("monastery", 3, 1)
    view = session.view(0)
    moves = view["last_moves"]
    assert moves and all(move["seat"] != 0 for move in moves)
    cells = marked_cells(view)
    laid = [m["action"].split()[2] for m in moves if m["action"].startswith("lay ")]
    for place in laid:
        x, y = (int(v) for v in place.split(","))
        assert (x, y) in cells
    text = screen("monastery", view)
    map_part = text.split("P/G path/gateway")[0]
    assert map_part.count(LAST_MOVE) == len(cells)
    view["last_moves"] = []
    assert LAST_MOVE not in screen("monastery", view).split("P/G path/gateway")[0]


def test_monasterium_marks_the_novices_rivals_sent() -> None:
    view = {"last_moves": [{"seat": 1, "action": "to RED-B3"}, {"seat": 2, "action": "place 4"}]}
    assert marked_spots(view) == {"RED-B3"}
    for turns in range(2, 12):
        session = session_at_my_turn("monasterium", turns, 2)
        view = session.view(0)
        if marked_spots(view):
            break
    else:
        raise AssertionError("no rival sent a novice")
    assert "Shown reversed: novices sent since your last turn" in screen("monasterium", view)
