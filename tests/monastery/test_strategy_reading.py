"""The Monastery heuristic's per-decision reading (``heuristic._Reading``) against plain
recounting: what it works out once per decision (monks per place, the value of a place, the
seat's monks' spots, how a laid tile would be entered, the letters the seat and its rivals
need) must be what counting again gives."""

from __future__ import annotations

import random
from typing import Any

import pytest

from monastic import load_game
from monastic.bots import make
from monastic.games.monastery.actions import ABBEY_XY
from monastic.games.monastery.catalogue import ABBEY, N_MONKS
from monastic.games.monastery.heuristic import _place_value, _Reading, letter_need, monk_reach
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.geometry import OFF, cell_xy, node_edge
from monastic.games.monastery.rules.layout import layout
from monastic.games.monastery.state import IN_ABBEY, UPRIGHT


def _states(games: int) -> list[tuple[Any, int]]:
    """Decision points of seeded 2-4 player games, half random, half greedy."""
    game = load_game("monastery")
    found = []
    for seed in range(games):
        st = game.new_game(2 + seed % 3, seed)
        driver = make("greedy" if seed % 2 else "random", seed=seed)
        pick = random.Random(seed)
        while not st.is_over():
            seat = st.to_act()[0]
            if pick.random() < 0.2:
                found.append((st.clone(), seat))
            st.apply(seat, driver.choose(st, seat))
    return found


STATES = _states(6)


def _plain_place_value(st: Any, seat: int, node: int, leaving: bool) -> float:
    """``_place_value`` with its counts made by looping over the monks, as written first."""
    location, posture = st.monk_location, st.monk_posture
    if node == ABBEY:
        mine = sum(1 for m in common.seat_monks(st, seat) if location[m] == IN_ABBEY)
        return _place_value(st, node, leaving, mine, 0, False)
    mine = sum(1 for m in common.seat_monks(st, seat) if location[m] == node)
    there = sum(1 for m in range(N_MONKS) if location[m] == node)
    praying = any(location[m] == node and posture[m] != UPRIGHT for m in range(N_MONKS))
    return _place_value(st, node, leaving, mine, there, praying)


@pytest.mark.parametrize("index", range(0, len(STATES), max(1, len(STATES) // 60)))
def test_a_reading_counts_as_recounting_does(index: int) -> None:
    st, seat = STATES[index]
    for who in range(st.n):
        reading = _Reading(st, who)
        for node in [ABBEY, *st.laid_order]:
            for leaving in (False, True):
                assert reading.place_value(node, leaving) == _plain_place_value(
                    st, who, node, leaving
                ), (node, leaving)
        spots = []
        for m in common.seat_monks(st, who):
            if st.monk_location[m] >= IN_ABBEY and st.monk_posture[m] == UPRIGHT:
                x, y = common.xy_of_node(st, common.node_of(st, m))
                spots.append((1, 0) if (x, y) == ABBEY_XY else (x, y))
        assert reading.spots() == spots
        assert reading.need() == letter_need(st, st.seat_colour[who])
        rivals = [
            s
            for s in range(st.n)
            if s != who and st.seat_colour[s] != common.partner_colour(st, who)
        ]
        assert reading.rival_needs() == [letter_need(st, st.seat_colour[s]) for s in rivals]
    reach = monk_reach(st, seat)
    reading = _Reading(st, seat)
    spots = reading.spots()
    for key in layout(st).frontier:
        x, y = cell_xy(key)
        assert reading.distance(key, x, y) == min([6, *(abs(x - a) + abs(y - b) for a, b in spots)])
        for d, entry in enumerate(reading.entries(key, reach)):
            node = st.grid.get(key + OFF[d])
            enters = (
                node is not None
                and node in reach[0]
                and bool(node_edge(st, node, key, (d + 2) % 4))
            )
            assert entry == (reach[0][node] + 1 if enters else 99)


def test_a_reading_serves_one_reach_at_a_time() -> None:
    """Entries worked out for one ``monk_reach`` are not handed out for another."""
    st, seat = next((s, t) for s, t in STATES if s.phase == "step" and s.movement_points > 0)
    reading = _Reading(st, seat)
    key = layout(st).frontier[0]
    reading.entries(key, monk_reach(st, seat))
    nowhere: tuple[dict[int, int], int] = ({}, 0)
    assert reading.entries(key, nowhere) == (99, 99, 99, 99)
