"""The layout kept up to date tile by tile equals one built from scratch, after every decision.

``rules.layout`` keeps the frontier, the facing edges, the movement graph, the groups and the
memos of placements and routes incrementally; these games check each against a fresh
recomputation (and the listings built from it against the reference ``geometry.placements``
and a plain breadth-first search), at every decision of many random games of 2-4 players.
So is ``rules.occupancy``, the monks per node and the open tiles, kept move by move.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from mon_helpers import GAME

from monastic.games.monastery.actions import Encourage, Lay, Move, Shift
from monastic.games.monastery.catalogue import ABBEY, INSTANCES, TYPES
from monastic.games.monastery.game import MonasteryState
from monastic.games.monastery.rules import end, geometry, occupancy, step
from monastic.games.monastery.rules.hidden import hidden_from
from monastic.games.monastery.rules.layout import (
    BOX_SPAN,
    COST_SPAN,
    GROUPED,
    Layout,
    layout,
    made_lay,
    made_move,
    move_code,
)
from monastic.games.monastery.schema import MAX_BOXES, SCHEMAS

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"variant": "team"}),
    (3, {"variant": "simple"}),
]


def check_layout(st: MonasteryState) -> None:
    """The state's layout (kept up to date) against a fresh one and the references."""
    kept = st._layout
    assert kept is not None and kept.laid == len(st.laid_order)
    fresh = Layout.of(st)
    assert kept.frontier == fresh.frontier
    assert kept.cells == fresh.cells
    assert kept.adjacency == fresh.adjacency
    assert kept.groups == fresh.groups
    assert kept.watch_bits == fresh.watch_bits
    # Memos carried over from earlier layouts hold what a fresh layout works out.
    for key, memo in kept.fits.items():
        for ti, rots in memo.items():
            assert rots == fresh.rotations(key, ti), (key, TYPES[ti].id)
    # The listings from it against the from-scratch references: each type alone, and a
    # hand's types listed in one pass, each type's in turn.
    all_types = list(range(len(TYPES)))
    qual = kept.qualified(occupancy.occupancy(st))
    by_type = {ti: geometry.placements(st, [ti]) for ti in all_types}
    for ti in all_types:
        listed = kept.hand_list([ti], False, qual)
        assert [(ti, geometry.cell_key(a.x, a.y), a.rot) for a in listed] == by_type[ti]
        assert all(a.tile == TYPES[ti].id and not a.stables for a in listed)
    assert [entry for ti in all_types for entry in by_type[ti]] == geometry.placements(
        st, all_types
    )
    for types in (all_types, all_types[::3], [ti for ti in all_types if GROUPED[ti]][:2]):
        listed = kept.hand_list(types, True, qual)
        assert [(geometry.cell_key(a.x, a.y), a.rot) for a in listed] == [
            (key, rot) for ti in types for _, key, rot in by_type[ti]
        ]
        assert [a.tile for a in listed] == [TYPES[ti].id for ti in types for _ in by_type[ti]]
        assert all(a.stables for a in listed)
    anywhere = bool(geometry.placements(st, all_types, all_qualify=True, first_only=True))
    assert (kept.placement_of(all_types) is not None) == anywhere
    assert end.e2_holds(st) == (
        not geometry.placements(st, _types_left(st), all_qualify=True, first_only=True)
        if _types_left(st)
        else True
    )
    for seat in range(st.n):
        for m in step.movable(st, seat):
            start = ABBEY if st.monk_location[m] < 0 else st.monk_location[m]
            for budget in (5, 2, 1, 9):  # a search serves smaller budgets, is redone for more
                # the same nodes and costs, in the same (breadth-first) order
                assert list(step.reachable(st, seat, start, budget).items()) == list(
                    _reachable(st, seat, start, budget).items()
                )
    # Each search kept stopped at its budget or met everything: a fresh search agrees.
    for (start, stops, jumps), (order, dist, bound, tiles) in kept.routes_memo.items():
        again = fresh.routes(st, start, stops, jumps, bound)
        assert (order, dist, tiles) == (again[0], again[1], again[3])
        costs = [dist[node] for node in order]
        assert costs == sorted(costs) and all(0 < c <= bound for c in costs)
        # the tiles met, by place (the Abbey is not a tile)
        assert tiles == [node for _, _, node in fresh.places if node in order and node != ABBEY]
    # The places by node, and the moves listed from them against a loop over every place.
    nodes = [node for _, _, node in fresh.places]
    random.Random(len(nodes)).shuffle(nodes)
    assert kept.by_place(nodes) == [node for _, _, node in fresh.places]
    assert [kept.spot_list()[node] for node in nodes] == [(x, y) for x, y, _ in fresh.places]
    assert kept.tiles_by_place() == [node for _, _, node in fresh.places if node != ABBEY]
    assert [kept.encourage_list()[node] for node in kept.tiles_by_place()] == [
        Encourage(x, y) for x, y, node in fresh.places if node != ABBEY
    ]
    for open_, encourages in kept.open_encourages.items():
        assert encourages == [
            Encourage(x, y) for x, y, node in fresh.places if node != ABBEY and open_[node]
        ]
    assert [kept.target_list()[node] for node in nodes] == [
        move_code(-1 if node == ABBEY else st.tile_cell[node], -1, 0) for node in nodes
    ]
    if st.phase == "step" and not st.pending and not st.encouraging:
        seat = st.to_act()[0]
        assert step.move_actions(st, seat) == _moves_over_every_place(st, seat)


def _moves_over_every_place(st: MonasteryState, seat: int) -> list[Any]:
    """The monks' moves (and shifts) from a fresh layout and unbounded searches, every place
    looked at in place order."""
    fresh = Layout.of(st)
    budget = st.movement_points
    counts = [0] * (ABBEY + 1)
    for loc in st.monk_location:
        if loc >= 0:
            counts[loc] += 1
    out: list[Any] = []
    if budget <= 0 and not st.shiftable_monks:
        return out
    for m in step.movable(st, seat):
        start = ABBEY if st.monk_location[m] < 0 else st.monk_location[m]
        sx, sy = (10**6, 10**6) if start == ABBEY else geometry.cell_xy(st.tile_cell[start])
        sbox = st.monk_box[m]
        if budget > 0:
            dist = fresh.routes(st, start, step._stops(st), step._passages(st, seat), 10**9)[1]
            for dx, dy, node in fresh.places:
                cost = dist[node]
                if not 0 < cost <= budget:
                    continue
                if node == ABBEY or st.tile_finished[node]:
                    if node == ABBEY or counts[node] < INSTANCES[node].value:
                        out.append(Move(sx, sy, sbox, dx, dy, -1, cost))
                    continue
                for b, occupant in enumerate(st.tile_box_monks[node]):
                    if occupant == -1:
                        out.append(Move(sx, sy, sbox, dx, dy, b, cost))
        if m in st.shiftable_monks:
            for b, occupant in enumerate(st.tile_box_monks[start]):
                if occupant == -1:
                    out.append(Shift(sx, sy, sbox, b))
    return out


def _types_left(st: MonasteryState) -> list[int]:
    return sorted(
        {INSTANCES[t].index for h in st.hands for t in h} | {INSTANCES[t].index for t in st.bag}
    )


def _reachable(st: MonasteryState, seat: int, start: int, budget: int) -> dict[int, int]:
    """§2.7 from scratch: breadth-first over the links of the laid tiles, bounded."""
    adj = Layout.of(st).adjacency
    jumps = step._passages(st, seat)
    counts = [0] * (ABBEY + 1)
    for loc in st.monk_location:
        if loc >= 0:
            counts[loc] += 1
    dist = {start: 0}
    queue = deque([start])
    out: dict[int, int] = {}
    while queue:
        node = queue.popleft()
        c = dist[node]
        if node != start:
            if node == ABBEY:
                out[node] = c
            elif st.tile_finished[node]:
                if counts[node] < INSTANCES[node].value:
                    out[node] = c
            elif -1 in st.tile_box_monks[node]:
                out[node] = c
                continue
        if c >= budget:
            continue
        for nxt in (*adj[node], *jumps):
            if nxt not in dist:
                dist[nxt] = c + 1
                queue.append(nxt)
    return out


def play_checked(seed: int, players: int, options: dict[str, Any], every: int = 1) -> None:
    st = GAME.new_game(players=players, seed=seed, options=options)
    assert isinstance(st, MonasteryState)
    pick = random.Random(seed)
    decisions = 0
    while not st.is_over():
        seat = st.to_act()[0]
        actions = st.legal_actions(seat)
        layout(st)
        if decisions % every == 0:
            check_layout(st)
            check_occupancy(st)
        st.apply_quiet(seat, pick.choice(actions))
        decisions += 1
    layout(st)
    check_layout(st)
    check_occupancy(st)


def check_occupancy(st: MonasteryState) -> None:
    """The occupancy kept move by move against one counted afresh, and against the rules'
    own words: every monk on its node, open tiles unfinished with a free box."""
    kept = occupancy.occupancy(st)
    fresh = occupancy.made(st)
    assert (kept.counts, kept.open, kept.full) == (fresh.counts, fresh.open, fresh.full)
    for node in range(ABBEY):
        assert kept.counts[node] == st.monk_location.count(node)
        laid, uc = st.tile_cell[node] >= 0, not st.tile_finished[node]
        free = -1 in st.tile_box_monks[node]
        assert kept.open[node] == (1 if laid and uc and free else 0)
        assert kept.full[node] == (1 if laid and uc and not free else 0)
        value = INSTANCES[node].value
        room = laid and not uc and kept.counts[node] < value
        assert kept.room[node] == (1 if room else 0)
    assert kept.fulls == sum(kept.full)
    assert kept.open_key is None or kept.open_key == bytes(kept.open)
    opened = [n for n in st.laid_order if kept.open[n]]
    assert kept.open_bits == sum(occupancy.L4_BIT[n] for n in opened)


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_layout_matches_a_fresh_one_after_every_decision(
    players: int, options: dict[str, Any]
) -> None:
    for seed in range(3):
        play_checked(seed, players, options)


@settings(max_examples=10, deadline=None)
@given(hs.integers(0, 10**9), hs.sampled_from(VARIANTS))
def test_layout_matches_in_more_games(seed: int, variant: tuple[int, dict[str, Any]]) -> None:
    play_checked(seed, *variant, every=3)


def test_a_loaded_save_and_a_clone_get_the_same_layout() -> None:
    st = GAME.new_game(players=4, seed=7)
    pick = random.Random(7)
    for _ in range(150):
        seat = st.to_act()[0]
        st.apply_quiet(seat, pick.choice(st.legal_actions(seat)))
    kept = layout(st)
    loaded = GAME.from_json(st.to_json())
    assert isinstance(loaded, MonasteryState)
    loaded._layout = None
    again = layout(loaded)
    assert (again.frontier, again.cells, again.adjacency, again.groups) == (
        kept.frontier,
        kept.cells,
        kept.adjacency,
        kept.groups,
    )
    assert st.clone()._layout is kept
    # A clone does not carry the occupancy, nor does a save: each counts its own.
    occupancy.occupancy(st)
    assert st.clone()._occupancy is None
    assert "_occupancy" not in st.to_dict()
    check_occupancy(loaded)
    assert loaded.legal_actions(st.to_act()[0]) == st.legal_actions(st.to_act()[0])


def test_a_resampled_world_gets_a_layout_of_its_own() -> None:
    st = GAME.new_game(players=3, seed=3)
    pick = random.Random(3)
    for _ in range(120):
        seat = st.to_act()[0]
        st.apply_quiet(seat, pick.choice(st.legal_actions(seat)))
    layout(st)
    world = st.determinize(0, 5)
    assert isinstance(world, MonasteryState)
    layout(world)
    check_layout(world)
    check_occupancy(world)
    # A search plays on in the world it sampled: the occupancy it counted stays true.
    pick = random.Random(5)
    for _ in range(40):
        if world.is_over():
            break
        seat = world.to_act()[0]
        world.apply_quiet(seat, pick.choice(world.legal_actions(seat)))
        check_occupancy(world)


def test_resampled_worlds_share_a_layout_where_their_laid_tiles_are_alike() -> None:
    """A world whose laid tiles all keep their identity shares the state's layout; one where
    hidden tiles took others gets the layout of those (``Layout.variant``), made once for each
    set of identities and shared by every world that has it."""
    shared = variants = reused = 0
    for seed in range(4):
        st = GAME.new_game(players=2 + seed % 3, seed=seed)
        assert isinstance(st, MonasteryState)
        pick = random.Random(seed)
        while not st.is_over():
            seat = st.to_act()[0]
            actions = st.legal_actions(seat)
            if pick.random() < 0.1:
                kept = layout(st)
                hidden = [i for i in st.laid_order if hidden_from(st, i, seat)]
                by_order: dict[tuple[int, ...], Layout] = {}
                for k in range(8):
                    world = st.determinize(seat, k)
                    assert isinstance(world, MonasteryState)
                    got = layout(world)
                    check_layout(world)
                    if not hidden:
                        assert got is kept
                        shared += 1
                        continue
                    order = tuple(world.laid_order)
                    if order in by_order:
                        assert got is by_order[order]
                        reused += 1
                    else:
                        by_order[order] = got
                        variants += 1
            st.apply_quiet(seat, pick.choice(actions))
    assert shared > 20 and variants > 20 and reused > 20, (shared, variants, reused)


def test_cell_options_with_bit_sets_equal_the_rule_by_rule_reference() -> None:
    for their in itertools.product(range(-1, 3), repeat=4):
        for classes in itertools.product(range(3), repeat=4):
            if any(e < 0 and c for e, c in zip(their, classes, strict=True)):
                continue  # an empty side has no class
            expected = tuple(
                tuple(
                    r
                    for r in geometry.DISTINCT_ROTS[t.index]
                    if geometry._compat(t.index, r, their, classes)
                )
                for t in TYPES
            )
            assert geometry.cell_options(their, classes) == expected, (their, classes)


@settings(max_examples=50, deadline=None)
@given(
    hs.sampled_from(sorted(t.id for t in TYPES)),
    hs.integers(-512, 511),
    hs.integers(-512, 511),
    hs.integers(0, 3),
    hs.booleans(),
    hs.integers(-1, 3),
)
def test_the_actions_made_fast_are_the_values_the_classes_make(
    tile: str, x: int, y: int, rot: int, stables: bool, box: int
) -> None:
    for made, built in (
        (made_lay(tile, x, y, rot, stables), Lay(tile, x, y, rot, stables)),
        (made_move(x, y, box, y, x, -1, rot), Move(x, y, box, y, x, -1, rot)),
    ):
        assert type(made) is type(built)
        assert made == built and hash(made) == hash(built) and str(made) == str(built)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, dataclasses.fields(made)[0].name, 0)


def test_move_codes_are_one_per_destination_box_and_cost() -> None:
    """``MOVES`` finds a listed move by one int: no two destinations, boxes or costs share it,
    up to the most movement points and boxes a loaded save may hold."""
    for schema in SCHEMAS.values():
        bounds = schema.model_fields["movement_points"].metadata
        most = max(b.le for b in bounds if hasattr(b, "le"))
        assert most < COST_SPAN  # a move costs at most the movement points held
    assert BOX_SPAN == MAX_BOXES + 1
    keys = [-1, *(geometry.cell_key(x, y) for x in range(-12, 13) for y in range(-12, 13))]
    codes = [
        move_code(key, box, cost)
        for key in keys
        for box in range(-1, BOX_SPAN - 1)
        for cost in range(COST_SPAN)
    ]
    assert len(set(codes)) == len(codes)
