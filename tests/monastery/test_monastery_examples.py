"""The worked examples WE-1..WE-10 of the spec and the rulebook's examples."""

from __future__ import annotations

from mon_helpers import (
    B,
    G,
    R,
    Y,
    clear_monks,
    empty,
    give,
    monk,
    node,
    put,
    rounds,
    scoring,
    start_scoring,
    start_step,
    step,
    texts,
)

from monastic.games.monastery.actions import ABBEY_XY
from monastic.games.monastery.catalogue import BOARD, TYPE_BY_ID
from monastic.games.monastery.rules import common, occupancy
from monastic.games.monastery.rules.geometry import can_place, cell_key


def _finish(st, seat):  # type: ignore[no-untyped-def]
    events: list = []
    scoring.finish(st, seat, events)
    st.turn += 1
    return events


def test_WE1_kitchen_3_plus_1_vs_2() -> None:
    """WE-1 / rulebook: Red on boxes 3 and 1 scores 4, Green on 2 scores 2; flips after Green."""
    st = empty()
    clear_monks(st)
    k = put(st, "KITCHEN", 5, 5, fin=False)
    monk(st, R, 5, 5, box=0)
    monk(st, G, 5, 5, box=1)
    monk(st, R, 5, 5, box=2)
    start_scoring(st, 0)
    assert st.scoring_points == 4
    _finish(st, 0)
    assert not st.tile_finished[k], "Green still has to score it (M-30)"
    start_scoring(st, 2)
    assert st.scoring_points == 2
    _finish(st, 2)
    assert st.tile_finished[k]
    from monastic.games.monastery.rules.geometry import is_full

    assert is_full(st, k)


def test_WE2_workshop_3_and_symbol_next_round() -> None:
    """WE-2: two Red monks fill the Workshop: 3 points, flips at Red's end, symbol next round."""
    st = empty(round_=3)
    clear_monks(st)
    w = put(st, "WORKSHOP", 5, 5, fin=False)
    monk(st, R, 5, 5, box=0)
    monk(st, R, 5, 5, box=1)
    start_scoring(st, 0)
    assert st.scoring_points == 3
    _finish(st, 0)
    assert st.tile_finished[w] and st.tile_built_round[w] == 3
    start_scoring(st, 0)
    assert "workshop" not in texts(st, 0)
    st.round = 4
    start_scoring(st, 0)
    assert "workshop" in texts(st, 0)


def _paths(st):  # type: ignore[no-untyped-def]
    a = put(st, "PATH_I", 1, 2)
    b = put(st, "PATH_I", 1, 3)
    c = put(st, "PATH_I", 1, 4, fin=False)
    d = put(st, "PATH_T", 1, 5, fin=False)
    return a, b, c, d


def test_WE3_paths_A_to_D_1_then_4() -> None:
    """WE-3 / M-29: D built while C is uc scores 1; C built next round scores 4."""
    st = empty()
    clear_monks(st)
    _a, _b, c, d = _paths(st)
    monk(st, R, 1, 5, box=0)
    start_scoring(st, 0)
    assert st.scoring_points == 1
    _finish(st, 0)
    assert st.tile_finished[d]
    st.round += 1
    monk(st, R, 1, 4, box=0)
    start_scoring(st, 0)
    assert st.scoring_points == 4
    _finish(st, 0)
    assert st.tile_finished[c]


def test_WE3_paths_same_round_two_builders() -> None:
    """WE-3 variant / M-30: C by Red (3) flips, then D by Blue scores 4."""
    st = empty()
    clear_monks(st)
    _paths(st)
    monk(st, R, 1, 4, box=0)
    monk(st, B, 1, 5, box=0)
    start_scoring(st, 0)
    assert st.scoring_points == 3
    _finish(st, 0)
    start_scoring(st, 1)
    assert st.scoring_points == 4


def test_WE3_paths_one_builder_both() -> None:
    """WE-3 / M-30: one player builds C and D: both scored before either flips, 3 + 1."""
    st = empty()
    clear_monks(st)
    _paths(st)
    monk(st, R, 1, 4, box=0)
    monk(st, R, 1, 5, box=0)
    pts, _monks, detail = scoring.build_points(st, 0)
    assert sorted(p for _, p in detail) == [1, 3]
    assert pts == 4


def test_WE3_fifth_path_illegal() -> None:
    """WE-3 / L6 / M-11: a fifth path linked to a group of four is illegal."""
    st = empty()
    _paths(st)
    t = TYPE_BY_ID["PATH_I"]
    assert not can_place(st, t, cell_key(1, 6), 0)
    # a Field is not a Path: it may attach through its gateway
    assert can_place(st, TYPE_BY_ID["FIELD_I"], cell_key(1, 6), 0) is False  # touches uc only
    st.tile_finished[node(st, 1, 5)] = 1
    occupancy.forget(st)  # edited by hand
    assert can_place(st, TYPE_BY_ID["FIELD_I"], cell_key(1, 6), 0)


def test_WE3_field_C_scores_3_and_gardens() -> None:
    """WE-3 / M-29: Field C next to finished A-B scores 3; Garden 4 next to one, 2 alone."""
    st = empty()
    clear_monks(st)
    put(st, "FIELD_I", 10, 10)
    put(st, "FIELD_I", 10, 11)
    put(st, "FIELD_L", 10, 12, fin=False)
    monk(st, R, 10, 12, box=0)
    put(st, "GARDEN_1", 20, 20)
    put(st, "GARDEN_I", 20, 21, fin=False)
    monk(st, B, 20, 21, box=0)
    put(st, "GARDEN_I", 30, 30, fin=False)
    monk(st, G, 30, 30, box=0)
    start_scoring(st, 0)
    assert st.scoring_points == 3
    start_scoring(st, 1)
    assert st.scoring_points == 4
    start_scoring(st, 2)
    assert st.scoring_points == 2


def test_WE4_beehive_next_to_two_tiles() -> None:
    """WE-4 / M-12: the Beehive beside the Abbey and a path gives 2 spendable blessings."""
    st = empty()
    clear_monks(st)
    monk(st, R)
    give(st, 0, "PATH_I")
    give(st, 0, "BEEHIVE")
    start_step(st, 0)
    assert "lay BEEHIVE 1,2 r0" not in texts(st, 0), "the Abbey's path would face none"
    st.apply(0, "lay PATH_I 1,2 r0")
    st.laid_this_step = 0
    assert "lay BEEHIVE 0,2 r0" in texts(st, 0)
    st.apply(0, "lay BEEHIVE 0,2 r0")
    assert st.blessings[0] == 2 and st.locked_blessings[0] == 0


def test_WE5_conversion_table() -> None:
    """WE-5 / §4.5: leftover points to blessings."""
    table = {0: 0, 3: 1, 4: 1, 5: 2, 9: 2, 10: 3, 14: 3, 15: 4, 23: 4}
    for pts, got in table.items():
        assert BOARD.convert(pts) == got


def test_WE5_movement_points_and_abbey_crossing() -> None:
    """WE-5 / M-13: 4 upright monks: 8 MP; 3 upright + 2 praying: 6 MP; (-1,0)->A->(3,1) in 2."""
    st = empty()
    clear_monks(st)
    put(st, "PATH_X", -1, 0)
    put(st, "PATH_X", 3, 1)
    put(st, "CLOISTER", -1, 1)
    put(st, "CHAPTER_HOUSE", 3, 0)
    for _ in range(4):
        monk(st, R)
    start_step(st, 0)
    assert st.movement_points == 8
    clear_monks(st)
    for _ in range(3):
        monk(st, R)
    monk(st, R, -1, 1, posture=1)
    monk(st, R, 3, 0, posture=1)
    start_step(st, 0)
    assert st.movement_points == 6
    clear_monks(st)
    m = monk(st, R, -1, 0)
    start_step(st, 0)
    dist = step.reachable(st, 0, st.monk_location[m], 8)
    assert dist[node(st, 3, 1)] == 2
    assert "move -1,0 3,1 c2" in texts(st, 0)


def test_WE6_purchase_and_reduced_price() -> None:
    """WE-6 / §4.3-4.4: 3 + 2 + 2 = 7, leftover 0; B on Green's track: small + 1 blessing."""
    st = empty()
    start_scoring(st, 0)
    st.scoring_stage = 1
    st.scoring_points = 7
    st.apply(0, "monk R B")
    st.apply(0, "buy R2 R1")
    assert st.tracks[R][0] == 1
    alt = st.clone()
    st.apply(0, "buy G2 R3")
    # budget 0: the scoring ends by itself with no leftover (0 blessings)
    assert st.tracks[R][2] == 1 and st.blessings[0] == 0 and st.turn == 1
    alt.apply(0, "buy G2 G2")
    assert alt.tracks[G][1] == 2 and alt.blessings[0] == 1  # locked, so the scoring ended
    # reduced price for Yellow once its own track is full
    st.tracks[Y] = [1] * 9
    assert common.price(st, 3, 2 * 10 + 5) == 3
    assert common.price(st, 3, 0 * 10 + 9) == 5
    assert common.price(st, 3, 1 * 10 + 0) == 1


def _we7():  # type: ignore[no-untyped-def]
    st = empty(round_=2)
    clear_monks(st)
    put(st, "LIBRARY", 10, 0, fin=False)
    put(st, "SCRIPTORIUM", 11, 0)
    put(st, "CHAPEL", 12, 0)
    put(st, "ALMONRY", 13, 0)
    monk(st, R, 10, 0, box=0)
    monk(st, B, 10, 0, box=1)
    monk(st, R, 11, 0)
    monk(st, R)
    monk(st, R, 12, 0)
    monk(st, G, 12, 0, posture=1)
    monk(st, R, 13, 0)
    st.blessings[0] = 3
    return st


def test_WE7_full_study_scoring() -> None:
    """WE-7: build 2, Almonry, pray on the Almonry 2, study 3: 7; E+I for 8; ends with 3."""
    st = _we7()
    start_scoring(st, 0)
    assert st.scoring_points == 2
    st.apply(0, "almonry")
    assert st.locked_blessings[0] == 1 and st.blessings[0] == 4
    st.apply(0, "pray 13,0")
    assert st.scoring_points == 7 and st.scoring_stage == 1
    st.apply(0, "buy R5 R4")
    st.apply(0, "buy R3 R2")
    assert st.scoring_points == 0 and st.blessings[0] == 3
    st.apply(0, "end")
    assert st.blessings[0] == 3


def test_WE7_alternatives() -> None:
    """WE-7: praying R2 gives 6; praying R4 in the Chapel beside Green gives 12 (M-37)."""
    st = _we7()
    start_scoring(st, 0)
    alt = st.clone()
    st.apply(0, "pray 11,0")
    assert st.scoring_points == 6
    alt.apply(0, "pray 12,0")
    assert alt.scoring_points == 12


def test_WE8_opening_placements() -> None:
    """WE-8: Smithy never; Dormitory (1,2) r0 and (3,0) r90; never at (0,2); PATH_L (1,-1)."""
    st = empty()
    t = TYPE_BY_ID
    assert not any(can_place(st, t["SMITHY"], k, r) for k in _ring() for r in range(4))
    assert can_place(st, t["DORMITORY"], cell_key(1, 2), 0)
    assert can_place(st, t["DORMITORY"], cell_key(3, 0), 1)
    assert not any(can_place(st, t["DORMITORY"], cell_key(0, 2), r) for r in range(4))
    assert can_place(st, t["PATH_L"], cell_key(1, -1), 0)
    assert can_place(st, t["PASSAGE_RED"], cell_key(1, 2), 0)


def _ring() -> list[int]:
    out = []
    for x in range(-1, 4):
        for y in range(-1, 3):
            if not (0 <= x <= 2 and 0 <= y <= 1):
                out.append(cell_key(x, y))
    return out


def test_WE9_election_tie_and_prison() -> None:
    """WE-9 / M-47 / M-43: Blue must choose Red; Red imprisons Blue; draws 2 each from Red."""
    st = empty(round_=5)
    clear_monks(st)
    put(st, "PRISON_CELL", 20, 20)
    monk(st, Y, 20, 20)
    for c, k in ((R, 2), (B, 2), (G, 1)):
        for _ in range(k):
            monk(st, c)
    st.abbot = 1
    hands = [len(h) for h in st.hands]
    events: list = []
    rounds.begin_round(st, events)
    assert st.abbot == 0
    assert st.to_act() == [0]
    assert "imprison B" in texts(st, 0)
    st.apply(0, "imprison B")
    prison = node(st, 20, 20)
    assert sum(1 for m in range(20) if st.monk_location[m] == prison) == 2
    assert [len(h) for h in st.hands] == [k + 2 for k in hands]
    assert st.round == 6
    # at Vespers the prisoner returns upright to the Abbey
    st.round = 8
    rounds.begin_round(st, [])
    assert all(st.monk_location[m] != prison for m in range(5, 10))


def test_WE10_testament_and_tie() -> None:
    """WE-10 / M-58 / M-59: Green 21 + 4 - 6 = 19; Blue also 19; Green wins (lower row)."""
    st = empty()
    st.hands = [[] for _ in range(4)]
    st.tracks[G] = [1] * 7 + [2, 2]
    st.blessings = [0, 19 - 0, 4, 0]
    for tid in ("GRANARY", "DOVECOTE", "PASSAGE_GREEN"):
        from monastic.games.monastery.catalogue import INSTANCES

        i = next(i for i, x in enumerate(INSTANCES) if x.id == tid)
        st.bag = [b for b in st.bag if b != i]
        st.hands[2].append(i)
    st.bag = [b for b in st.bag if b not in st.hands[2]]
    st.blessings[1] = 19
    st.over = 1
    res = st.result()
    assert res.breakdown["testament"][2]["total"] == 19
    assert res.scores[1] == 19 and res.winners == (2,)


def test_rulebook_two_upright_monks_give_4_mp() -> None:
    """Rulebook / M-13: movement points are twice the upright monks (2 upright: 4 MP)."""
    st = empty()
    clear_monks(st)
    monk(st, R)
    monk(st, R)
    start_step(st, 0)
    assert st.movement_points == 4


def test_rulebook_blessings_table_edges() -> None:
    """Rulebook blessings table: 1-4:1, 5-9:2, 10-14:3, 15+:4."""
    assert [BOARD.convert(p) for p in (1, 4, 5, 9, 10, 14, 15, 40)] == [1, 1, 2, 2, 3, 3, 4, 4]


def test_abbey_xy_text() -> None:
    assert ABBEY_XY[0] > 1000
