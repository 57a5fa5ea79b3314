"""Compact position builders for the Monastery tests."""

from __future__ import annotations

import random
from typing import Any

import monastic
from monastic.games.monastery.catalogue import INSTANCES, TYPE_BY_ID
from monastic.games.monastery.game import MonasteryState
from monastic.games.monastery.rules import common, end, occupancy, rounds, scoring, step
from monastic.games.monastery.rules.geometry import cell_key

GAME = monastic.load_game("monastery")
R, B, G, Y = 0, 1, 2, 3


def new(players: int = 4, seed: int = 1, **options: Any) -> MonasteryState:
    options.setdefault("random_colours", False)
    st = GAME.new_game(players=players, seed=seed, options=options)
    assert isinstance(st, MonasteryState)
    return st


def empty(players: int = 4, round_: int = 2, **options: Any) -> MonasteryState:
    """A game at the given round's first step with empty hands (all tiles in the bag)."""
    st = new(players, **options)
    for s in range(st.n):
        for t in list(st.hands[s]):
            if INSTANCES[t].owner_colour < 0:
                st.hands[s].remove(t)
                st.bag.append(t)
    st.bag.sort()
    st.round = round_
    st.phase = "step"
    st.turn_order = list(range(st.n))
    st.turn = 0
    step.begin_step(st, 0)
    return st


def take(st: MonasteryState, tile_id: str) -> int:
    """An instance of ``tile_id`` that is not laid, removed from the bag/hands."""
    for i, t in enumerate(INSTANCES):
        if t.id == tile_id and st.tile_cell[i] < 0:
            if i in st.bag:
                st.bag.remove(i)
                return i
            for h in st.hands:
                if i in h:
                    h.remove(i)
                    return i
    raise AssertionError(f"no free {tile_id}")


def give(st: MonasteryState, seat: int, tile_id: str) -> int:
    i = take(st, tile_id)
    st.hands[seat].append(i)
    st.hands[seat].sort()
    return i


def put(
    st: MonasteryState, tile_id: str, x: int, y: int, rot: int = 0, fin: bool = True, layer: int = 0
) -> int:
    """Lay a tile directly (no legality check)."""
    i = take(st, tile_id)
    key = cell_key(x, y)
    st.tile_cell[i] = key
    st.tile_rotation[i] = rot
    st.tile_finished[i] = 1 if fin else 0
    st.tile_laid_by[i] = layer
    st.grid[key] = i
    st.laid_order.append(i)
    st._layout = None
    occupancy.forget(st)
    return i


def node(st: MonasteryState, x: int, y: int) -> int:
    return st.grid[cell_key(x, y)]


def monk(
    st: MonasteryState,
    colour: int,
    x: int | None = None,
    y: int | None = None,
    box: int = -1,
    posture: int = 0,
) -> int:
    """Move a free monk of ``colour`` (from the Abbey, else from a cross) to a place."""
    cands = [m for m in range(colour * 5, colour * 5 + 5) if st.monk_location[m] == -2]
    if x is not None:
        cands += [m for m in range(colour * 5, colour * 5 + 5) if st.monk_location[m] == -1]
    m = cands[0]
    occupancy.forget(st)
    st.monk_cross_row[m] = -1
    st.monk_posture[m] = posture
    if x is None or y is None:
        st.monk_location[m] = -1
        st.monk_box[m] = -1
        return m
    n = node(st, x, y)
    st.monk_location[m] = n
    st.monk_box[m] = box
    if box >= 0:
        st.tile_box_monks[n][box] = m
    return m


def clear_monks(st: MonasteryState) -> None:
    """Put every in-play monk on a cross (nobody in the monastery)."""
    for m in range(20):
        if st.monk_location[m] != -3:
            st.monk_location[m] = -2
            st.monk_cross_row[m] = (m % 5) % 4
            st.monk_box[m] = -1
            st.monk_posture[m] = 0
    for b in st.tile_box_monks:
        b[:] = [-1] * len(b)
    occupancy.forget(st)


def start_step(st: MonasteryState, seat: int) -> None:
    st.phase = "step"
    st.turn = st.turn_order.index(seat)
    st.pending = []
    step.begin_step(st, seat)


def start_scoring(st: MonasteryState, seat: int) -> list[Any]:
    st.phase = "score"
    st.turn = st.turn_order.index(seat)
    events: list[Any] = []
    scoring.begin_scoring(st, seat, events)
    return events


def texts(st: MonasteryState, seat: int) -> list[str]:
    return [str(a) for a in st.legal_actions(seat)]


def random_game(seed: int, players: int = 4, **options: Any) -> tuple[MonasteryState, list[Any]]:
    """Play a random game; returns the final state and the moves."""
    st = GAME.new_game(players=players, seed=seed, options=options)
    assert isinstance(st, MonasteryState)
    r = random.Random(seed)
    moves = []
    while not st.is_over():
        seat = st.to_act()[0]
        a = r.choice(st.legal_actions(seat))
        moves.append((seat, str(a)))
        st.apply(seat, a)
    return st, moves


__all__ = ["GAME", "TYPE_BY_ID", "B", "G", "R", "Y", "common", "end", "rounds", "scoring", "step"]
