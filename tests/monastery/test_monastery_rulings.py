"""One or more tests per ruling M-1..M-64 (named in the test name)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mon_helpers import (
    GAME,
    B,
    G,
    R,
    Y,
    clear_monks,
    empty,
    end,
    give,
    monk,
    new,
    node,
    put,
    rounds,
    scoring,
    start_scoring,
    start_step,
    step,
    texts,
)

from monastic.engine import BadOption, BadSaveFile, IllegalAction
from monastic.games.monastery.catalogue import BOARD, INSTANCES, TYPE_BY_ID, TYPES
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.geometry import can_place, cell_key


def _ev() -> list[Any]:
    return []


# Setup and information ------------------------------------------------------------------


def test_catalogue_totals_3_1() -> None:
    """§3.1: 53 tiles, 49 in the bag, by category, colour, symbols and sums."""
    assert sum(t.copies for t in TYPES) == 53
    bag = [t for t in INSTANCES if t.category != "passage"]
    assert len(bag) == 49
    cats: dict[str, int] = {}
    for t in INSTANCES:
        cats[t.category] = cats.get(t.category, 0) + 1
    assert cats == {
        "building": 23,
        "path": 14,
        "field": 5,
        "garden": 4,
        "livestock": 3,
        "passage": 4,
    }
    cols: dict[str, int] = {}
    for t in INSTANCES:
        cols[t.colour] = cols.get(t.colour, 0) + 1
    assert cols == {"grey": 11, "brown": 18, "dual": 3, "neutral": 21}
    symbols = {t.id for t in TYPES if t.symbol and t.symbol != "prison"}
    assert len(symbols) == 9
    assert sum(t.value for t in bag) == 84
    assert sum(sum(t.boxes) for t in bag) == 112

    def v(pred: Any) -> int:
        return sum(t.value for t in bag if pred(t))

    assert v(lambda t: t.category == "building" and t.colour == "grey") == 27
    assert v(lambda t: t.category == "building" and t.colour == "brown") == 24
    assert v(lambda t: t.colour == "dual") == 6
    assert v(lambda t: t.category == "path") == 14
    assert v(lambda t: t.category == "field") == 5
    assert v(lambda t: t.category == "garden") == 8
    assert v(lambda t: t.livestock) == 0
    passages = [t for t in INSTANCES if t.category == "passage"]
    assert [(t.value, t.boxes) for t in passages] == [(2, (2,))] * 4
    by_cat_colour = {(t.category, t.colour) for t in INSTANCES if t.category != "building"}
    assert by_cat_colour == {
        ("path", "neutral"),
        ("field", "brown"),
        ("garden", "brown"),
        ("livestock", "neutral"),
        ("passage", "neutral"),
    }
    for t in TYPES:
        if t.category == "building":
            assert len(t.boxes) <= t.value <= sum(t.boxes) <= 2 * t.value or t.id == "GARDEROBES"
    assert (
        sum(BOARD.full_price[i % 10] for i in range(40) if BOARD.rows[i // 10][i % 10] != "+")
        == 201
    )
    assert len("".join(BOARD.tracks)) == 36


def test_M1_colours_random_seating_clockwise() -> None:
    """M-1: colours drawn at random; seats keep the order Red, Blue, Green, Yellow."""
    seen = set()
    for seed in range(30):
        st = GAME.new_game(players=2, seed=seed)
        assert st.seat_colour == sorted(st.seat_colour)  # type: ignore[attr-defined]
        seen.add(tuple(st.seat_colour))  # type: ignore[attr-defined]
    assert len(seen) > 2


def test_M2_absent_colours_have_no_letters_but_crosses_hold_monks() -> None:
    """M-2: absent rows stay empty; every cross holds one monk of each in-play colour."""
    st = new(2)
    assert all(st.board_letters[20 + c] in ("", "+") for c in range(10))
    for row in range(4):
        on = sorted(
            m // 5 for m in range(20) if st.monk_location[m] == -2 and st.monk_cross_row[m] == row
        )
        assert on == [R, B]


def test_M3_first_matins_draws_three_each() -> None:
    """M-3: at the first Matins each player draws 3 (plus his passage); no election."""
    st = new(4)
    assert st.round == 2 and st.phase == "step"
    assert [len(h) for h in st.hands] == [4, 4, 4, 4]
    assert len(st.bag) == 49 - 12 and st.abbot == 0


def test_M4_drawing_stops_when_bag_empty() -> None:
    """M-4: round-robin from the Abbot until the bag is empty."""
    st = empty(round_=5)
    st.bag = st.bag[:3]
    st.abbot = 2
    before = [len(h) for h in st.hands]
    rounds.draw_round(st, [])
    got = [len(h) - b for h, b in zip(st.hands, before, strict=True)]
    assert got == [1, 0, 1, 1]  # Green, Yellow, Red; then the bag is empty
    assert not st.bag


def test_M5_uc_building_identity_hidden() -> None:
    """M-5: others see category, colour, boxes and edges of a uc building, not its name or V."""
    st = empty()
    put(st, "CHAPEL", 1, 2, fin=False, layer=0)
    own = next(t for t in st.view(0)["tiles"] if (t["x"], t["y"]) == (1, 2))
    other = next(t for t in st.view(1)["tiles"] if (t["x"], t["y"]) == (1, 2))
    spectator = next(t for t in st.view(None)["tiles"] if (t["x"], t["y"]) == (1, 2))
    assert own["tile"] == "CHAPEL"
    for v in (other, spectator):
        assert "tile" not in v and "value" not in v and "symbol" not in v
        assert v["category"] == "building" and v["colour"] == "grey" and v["boxes"] == [3, 2, 1]
    st.tile_finished[node(st, 1, 2)] = 1
    assert next(t for t in st.view(1)["tiles"] if (t["x"], t["y"]) == (1, 2))["tile"] == "CHAPEL"
    # hands are private; blessing counts are public (M-D15)
    st.blessings[0] = 3
    v = st.view(1)
    assert "hand" not in v["players"][0] and v["players"][0]["blessings"] == 3


def test_M5_lay_event_redacted() -> None:
    """M-5: the lay event names a building only to its layer."""
    st = empty()
    clear_monks(st)
    give(st, 0, "DORMITORY")
    start_step(st, 0)
    events = st.apply(0, "lay DORMITORY 1,2 r0")
    e = next(e for e in events if e.kind == "lay")
    assert e.for_seat(0)["tile"] == "DORMITORY"  # type: ignore[index]
    assert "tile" not in e.for_seat(1)  # type: ignore[operator]


# Laying and exchanging --------------------------------------------------------------------


def test_M6_no_legal_placement_still_moves() -> None:
    """M-6 / WE-8: a brown-only hand on an empty monastery cannot lay but may still act."""
    st = empty()
    clear_monks(st)
    monk(st, R)
    st.hands[0] = []
    give(st, 0, "SMITHY")
    start_step(st, 0)
    t = texts(st, 0)
    assert not any(x.startswith("lay ") for x in t)
    assert "exchange" in t and "end" in t


def test_M7_exchange_draw_then_return() -> None:
    """M-7: exchange draws 1 and returns 1; hand size unchanged; no laying afterwards."""
    st = empty()
    clear_monks(st)
    monk(st, R)
    give(st, 0, "PATH_I")
    start_step(st, 0)
    size = len(st.hands[0])
    st.apply(0, "exchange")
    assert st.to_act() == [0]
    rets = texts(st, 0)
    assert all(x.startswith("return ") for x in rets) and "return PASSAGE_RED" not in rets
    st.apply(0, rets[0])
    assert len(st.hands[0]) == size
    assert not any(x.startswith("lay ") for x in texts(st, 0))


def test_M8_passages_never_in_bag_and_only_owner_lays() -> None:
    """M-8: a passage is never returned, and only its owner can lay it."""
    st = empty()
    give(st, 1, "PATH_I")
    start_step(st, 0)
    assert any(x.startswith("lay PASSAGE_RED") for x in texts(st, 0))
    assert not any("PASSAGE_BLUE" in x for x in texts(st, 0))
    st2 = empty()
    i = next(i for i, t in enumerate(INSTANCES) if t.id == "PASSAGE_BLUE")
    st2.hands[1].remove(i)
    st2.hands[0].append(i)
    start_step(st2, 0)
    assert not any("PASSAGE_BLUE" in x for x in texts(st2, 0))


def test_M9_full_uc_qualifies_at_once() -> None:
    """M-9: a uc tile filled earlier in the step qualifies for L4 at once."""
    st = empty()
    clear_monks(st)
    put(st, "PATH_I", 1, 2)
    put(st, "PATH_I", 1, 3, fin=False)
    m = monk(st, R)
    start_step(st, 0)
    assert not can_place(st, TYPE_BY_ID["DORMITORY"], cell_key(1, 4), 0)
    st.apply(0, "move A 1,3/0 c2")
    assert st.monk_location[m] == node(st, 1, 3)
    assert can_place(st, TYPE_BY_ID["DORMITORY"], cell_key(1, 4), 0)


def test_M10_link_and_qualifier_may_differ() -> None:
    """M-10: L4 by one neighbour, L5 by another; uc-only neighbours are not enough."""
    st = empty()
    put(st, "PATH_L", 3, 2, rot=2)  # edges -,-,P,P : S and W
    put(st, "DORMITORY", 4, 1, rot=0, fin=False)  # N/S path, uc
    # (4,2): touches PATH_L at west (its E side is '-') - qualifies, no link;
    # touches the uc Dormitory at south (P) - link, not qualifying.
    assert can_place(st, TYPE_BY_ID["PATH_I"], cell_key(4, 2), 0)
    st2 = empty()
    put(st2, "DORMITORY", 4, 1, rot=0, fin=False)
    put(st2, "PATH_I", 4, 0, rot=0, fin=False)
    assert not can_place(st2, TYPE_BY_ID["PATH_I"], cell_key(4, 2), 0)


def test_M11_group_limits_count_uc_and_merges() -> None:
    """M-11 / L6: gardens <= 2 counting uc ones; a merge past a limit is illegal."""
    st = empty()
    put(st, "PATH_X", 3, 1)
    put(st, "GARDEN_I", 4, 1, rot=1, fin=True)  # gateways E and W
    assert can_place(st, TYPE_BY_ID["GARDEN_I"], cell_key(5, 1), 1)
    put(st, "GARDEN_I", 5, 1, rot=1, fin=False)
    clear_monks(st)
    monk(st, R, 5, 1, box=0)  # the uc garden is full, so it qualifies (M-9)
    # a third garden linked to the (uc) second one is illegal: Gardens <= 2
    assert not can_place(st, TYPE_BY_ID["GARDEN_1"], cell_key(6, 1), 3)
    assert can_place(st, TYPE_BY_ID["FIELD_I"], cell_key(6, 1), 1)
    st3 = empty()
    put(st3, "PATH_I", 1, 2)
    put(st3, "PATH_I", 1, 3)
    put(st3, "PATH_I", 1, 5)
    put(st3, "PATH_X", 1, 6, fin=False)
    # (1,4) would merge {A,B} and {5,6}: 5 paths
    assert not can_place(st3, TYPE_BY_ID["PATH_I"], cell_key(1, 4), 0)
    assert can_place(st3, TYPE_BY_ID["DORMITORY"], cell_key(1, 4), 0)


def test_M12_livestock_laid_finished_needs_no_link_no_path_facing() -> None:
    """M-12: livestock laid finished, no link needed, no path may face it; 1 blessing per tile."""
    st = empty()
    clear_monks(st)
    give(st, 0, "DOVECOTE")
    start_step(st, 0)
    assert "lay DOVECOTE 0,2 r0" in texts(st, 0)
    assert "lay DOVECOTE 1,2 r0" not in texts(st, 0)
    st.apply(0, "lay DOVECOTE 0,2 r0")
    i = node(st, 0, 2)
    assert st.tile_finished[i] and st.blessings[0] == 1


# Movement -----------------------------------------------------------------------------------


def _corridor(st):  # type: ignore[no-untyped-def]
    put(st, "PATH_I", 1, 2)
    put(st, "PATH_I", 1, 3)
    put(st, "CHAPTER_HOUSE", 1, 4, rot=2)  # P at S and N? CHAPTER_HOUSE PP-P -> r2: -PPP
    put(st, "PATH_X", 1, -1)


def test_M13_mp_counted_at_start_and_lost() -> None:
    """M-13: MP from upright monks at the step start; leftovers are lost."""
    st = empty()
    clear_monks(st)
    _corridor(st)
    monk(st, R)
    monk(st, R, 1, 3, posture=1)
    start_step(st, 0)
    assert st.movement_points == 2
    st.apply(0, "move A 1,2 c1")
    assert st.movement_points == 1
    st.apply(0, "end")
    start_step(st, 0)
    assert st.movement_points == 2


def test_M14_several_legs() -> None:
    """M-14: a monk may move in several legs within the step."""
    st = empty()
    clear_monks(st)
    _corridor(st)
    monk(st, R)
    monk(st, R)
    start_step(st, 0)
    st.apply(0, "move A 1,2 c1")
    assert "move 1,2 1,3 c1" in texts(st, 0)
    st.apply(0, "move 1,2 1,3 c1")
    assert st.movement_points == 2


def test_M15_pass_through_praying_tile_and_no_displacement() -> None:
    """M-15: monks pass through tiles where someone prays; nobody is displaced."""
    st = empty()
    clear_monks(st)
    _corridor(st)
    monk(st, G, 1, 2, posture=1)
    monk(st, R)
    start_step(st, 0)
    assert "move A 1,3 c2" in texts(st, 0)
    st.apply(0, "move A 1,3 c2")
    assert st.monk_location[10] == node(st, 1, 2)


def test_M16_capacity_counts_praying_monks() -> None:
    """M-16: a finished tile accepts a monk only below V monks (praying ones count)."""
    st = empty()
    clear_monks(st)
    _corridor(st)  # paths V1
    monk(st, G, 1, 2, posture=1)
    monk(st, R)
    start_step(st, 0)
    assert "move A 1,2 c1" not in texts(st, 0)
    assert "move A 1,3 c2" in texts(st, 0)


def test_M17_M20_uc_entry_takes_box_and_full_blocks() -> None:
    """M-17 / M-20: entering a uc tile takes a box and stops; once full nobody may end there."""
    st = empty()
    clear_monks(st)
    put(st, "PATH_I", 1, 2)
    put(st, "GARDEROBES", 1, 3, rot=2, fin=False)  # P at S, one box
    m = monk(st, R)
    monk(st, R)
    start_step(st, 0)
    assert "move A 1,3/0 c2" in texts(st, 0)
    st.apply(0, "move A 1,3/0 c2")
    assert st.monk_box[m] == 0 and m in st.stopped_monks
    assert not any(x.startswith("move 1,3") for x in texts(st, 0))
    assert not any("1,3/" in x for x in texts(st, 0) if x.startswith("move A"))
    st.apply(0, "end")
    start_step(st, 0)
    assert not any(x.startswith("move 1,3") for x in texts(st, 0)), "full uc: cannot leave"


def test_M18_free_shift_then_move_on() -> None:
    """M-18: a monk starting on a uc tile that is not full may shift box for 0 MP, then move."""
    st = empty()
    clear_monks(st)
    put(st, "PATH_I", 1, 2)
    put(st, "CHAPEL", 1, 3, fin=False)  # P-P-: N and S
    monk(st, R, 1, 3, box=0)
    start_step(st, 0)
    assert "shift 1,3/0>2" in texts(st, 0)
    st.apply(0, "shift 1,3/0>2")
    assert st.movement_points == 2
    assert "move 1,3/2 1,2 c1" in texts(st, 0)
    assert not any(x.startswith("shift") for x in texts(st, 0))


def test_M19_passage_jump_and_praying_block_and_team() -> None:
    """M-19: jump to one's passage for 1 MP; not if someone prays there; team: partner's too."""
    st = empty(variant="team")
    clear_monks(st)
    put(st, "PATH_X", 1, -1)
    put(st, "PATH_X", 1, -2)
    put(st, "PATH_X", 1, -3)
    put(st, "PASSAGE_RED", 1, -4, layer=0)
    put(st, "PASSAGE_GREEN", 10, 10, layer=2)
    m = monk(st, R)
    start_step(st, 0)
    assert "move A 1,-4 c1" in texts(st, 0)
    assert "move A 10,10 c1" in texts(st, 0)  # partner's passage (team)
    monk(st, B, 1, -4, posture=1)
    st._layout = None
    assert step.reachable(st, 0, 53, 2).get(node(st, 1, -4)) is None
    assert m >= 0


def test_M19_no_partner_jump_outside_team() -> None:
    """M-19: outside the team game only one's own passage."""
    st = empty()
    clear_monks(st)
    put(st, "PASSAGE_GREEN", 10, 10, layer=2)
    monk(st, R)
    start_step(st, 0)
    assert "move A 10,10 c1" not in texts(st, 0)


def test_M21_praying_monks_never_move() -> None:
    """M-21: praying monks and prisoners do not move."""
    st = empty()
    clear_monks(st)
    _corridor(st)
    monk(st, R, 1, 2, posture=1)
    monk(st, R)
    start_step(st, 0)
    assert not any(x.startswith("move 1,2") for x in texts(st, 0))


def test_M22_no_upright_monks_zero_mp_still_lays() -> None:
    """M-22: 0 upright monks: 0 MP, but laying and encouragement stay possible."""
    st = empty()
    clear_monks(st)
    put(st, "PATH_I", 1, 2)
    monk(st, R, 1, 2, posture=1)
    give(st, 0, "PATH_I")
    start_step(st, 0)
    assert st.movement_points == 0
    assert any(x.startswith("lay ") for x in texts(st, 0))


# Encouragement ----------------------------------------------------------------------------


def test_M23_M24_encourage_then_claim() -> None:
    """M-23: blessings go on uc tiles at step end; M-24: the first monk to take a box claims."""
    st = empty()
    clear_monks(st)
    put(st, "PATH_I", 1, 2)
    put(st, "CHAPEL", 1, 3, fin=False)
    monk(st, R)
    monk(st, B)
    st.blessings[0] = 2
    start_step(st, 0)
    st.apply(0, "encourage 1,3")
    assert not any(x.startswith(("move", "lay")) for x in texts(st, 0))
    st.apply(0, "encourage 1,3")
    st.apply(0, "end")
    assert st.blessings[0] == 0 and st.tile_blessings[node(st, 1, 3)] == 2
    start_step(st, 1)
    st.apply(1, "move A 1,3/1 c2")
    assert st.blessings[1] == 2 and st.tile_blessings[node(st, 1, 3)] == 0


def test_M25_blessings_on_flip_return_to_supply() -> None:
    """M-25: blessings still on a tile when it flips go back to the supply."""
    st = empty()
    clear_monks(st)
    i = put(st, "GARDEROBES", 5, 5, fin=False)
    monk(st, R, 5, 5, box=0)
    st.tile_blessings[i] = 1
    start_scoring(st, 0)
    scoring.finish(st, 0, [])
    assert st.tile_finished[i] and st.tile_blessings[i] == 0


# Scoring ------------------------------------------------------------------------------------


def test_M26_symbol_then_pray_not_pray_then_symbol() -> None:
    """M-26: use a symbol then pray on the same tile; after praying the symbol is gone."""
    st = empty()
    clear_monks(st)
    put(st, "ALMONRY", 5, 5)
    monk(st, R, 5, 5)
    start_scoring(st, 0)
    assert "almonry" in texts(st, 0) and "pray 5,5" in texts(st, 0)
    alt = st.clone()
    st.apply(0, "almonry")
    assert "pray 5,5" in texts(st, 0)
    alt.apply(0, "pray 5,5")
    assert "almonry" not in texts(alt, 0)


def test_M27_M28_building_monks_only_build_and_unfull_earn_nothing() -> None:
    """M-27: builders do nothing else; M-28: monks on uc tiles that are not full earn nothing."""
    st = empty(round_=2)
    clear_monks(st)
    put(st, "GARDEROBES", 5, 5, fin=False)
    put(st, "CHAPEL", 6, 6, fin=False)
    monk(st, R, 5, 5, box=0)
    monk(st, R, 6, 6, box=0)
    start_scoring(st, 0)
    assert st.scoring_points == 2 and len(st.building_monks) == 1
    assert scoring.toil_points(st, 0) == 0


def test_M29_group_formula_capped_at_4() -> None:
    """M-29: min(4, u*k); a garden next to a finished garden: 4."""
    st = empty()
    clear_monks(st)
    for y, tid in enumerate(("FIELD_I", "FIELD_I", "FIELD_L")):
        put(st, tid, 10, y)
    put(st, "FIELD_T", 10, 3, fin=False)
    monk(st, R, 10, 3, box=0)
    start_scoring(st, 0)
    assert st.scoring_points == 4


def test_M30_just_finished_tile_blocks_prayer_and_toil() -> None:
    """M-30: a tile built this round cannot be prayed on or toiled on this round."""
    st = empty(round_=2)
    clear_monks(st)
    i = put(st, "GUEST_HOUSE", 5, 5, fin=False)
    monk(st, R, 5, 5, box=0)
    monk(st, R, 5, 5, box=1)
    start_scoring(st, 0)
    scoring.finish(st, 0, [])
    assert st.tile_finished[i] and st.monk_box[0] == -1
    st.turn = 0
    start_scoring(st, 0)
    assert scoring.toil_points(st, 0) == 0
    assert not any(x.startswith("pray") for x in texts(st, 0))


def test_M31_prayer_needs_alone_upright_on_finished() -> None:
    """M-31: not alone -> no prayer; alone -> V points; at most one prayer per scoring."""
    st = empty()
    clear_monks(st)
    put(st, "DORMITORY", 5, 5)
    put(st, "MILL", 7, 7)
    monk(st, R, 5, 5)
    monk(st, B, 5, 5)
    monk(st, R, 7, 7)
    start_scoring(st, 0)
    t = texts(st, 0)
    assert "pray 5,5" not in t and "pray 7,7" in t
    st.apply(0, "pray 7,7")
    assert st.scoring_points == 3 + 1  # Mill V3, plus studying on the Dormitory


def test_M32_abbey_no_prayer_study_point() -> None:
    """M-32: the Abbey gives 1 in Study rounds, nothing in Toil rounds, and no prayer."""
    st = empty(round_=2)
    clear_monks(st)
    monk(st, R)
    start_scoring(st, 0)
    assert scoring.toil_points(st, 0) == 1
    assert not any(x.startswith("pray") for x in texts(st, 0))
    st.round = 3
    assert scoring.toil_points(st, 0) == 0


def test_M33_M34_toil_kinds_and_praying_blocks() -> None:
    """M-33 / M-34: study on grey and dual, toil on brown (Fields) and dual; prayer blocks."""
    st = empty(round_=3)
    clear_monks(st)
    put(st, "FIELD_I", 5, 5)
    put(st, "REFECTORY", 6, 6)
    put(st, "DORMITORY", 7, 7)
    put(st, "PATH_I", 8, 8)
    for xy in ((5, 5), (6, 6), (7, 7), (8, 8)):
        monk(st, R, *xy)
    st.building_monks = []
    assert scoring.toil_points(st, 0) == 2
    st.round = 2
    assert scoring.toil_points(st, 0) == 2  # refectory + dormitory
    monk(st, B, 7, 7, posture=1)
    assert scoring.toil_points(st, 0) == 1


def test_M35_bought_monk_scores_nothing_now() -> None:
    """M-35: purchases do not change points already determined in this scoring."""
    st = empty(round_=2)
    clear_monks(st)
    monk(st, G)
    start_scoring(st, 0)
    st.scoring_stage = 1
    st.scoring_points = 10
    st.apply(0, "monk R R")
    assert st.scoring_points == 9  # the new monk in the Abbey adds no study point


def test_M36_symbol_conditions() -> None:
    """M-36: finished, own upright monk, nobody praying, not the Simple Game."""
    st = empty()
    clear_monks(st)
    put(st, "ALMONRY", 5, 5)
    monk(st, B, 5, 5)
    start_scoring(st, 0)
    assert "almonry" not in texts(st, 0)
    monk(st, R, 5, 5)
    assert "almonry" in texts(st, 0)
    st.monk_posture[5] = 1
    assert "almonry" not in texts(st, 0)


def test_M37_chapel_multi_prayer_one_per_player() -> None:
    """M-37: Chapel pays 6, need not be alone, up to 3 praying, 1 per player; blocks study."""
    st = empty(round_=2)
    clear_monks(st)
    put(st, "CHAPEL", 5, 5)
    monk(st, G, 5, 5, posture=1)
    monk(st, B, 5, 5, posture=1)
    monk(st, R, 5, 5)
    start_scoring(st, 0)
    assert scoring.toil_points(st, 0) == 0
    st.apply(0, "pray 5,5")
    assert st.scoring_points >= 6
    st2 = empty(round_=2, variant="simple")
    clear_monks(st2)
    put(st2, "CHAPEL", 5, 5)
    monk(st2, G, 5, 5, posture=1)
    monk(st2, R, 5, 5)
    start_scoring(st2, 0)
    assert "pray 5,5" not in texts(st2, 0)


def test_M38_scriptorium_and_farm() -> None:
    """M-38: Scriptorium pays 2 in Study, Farm 3 in Toil."""
    st = empty(round_=2)
    clear_monks(st)
    put(st, "SCRIPTORIUM", 5, 5)
    put(st, "FARM", 6, 6)
    monk(st, R, 5, 5)
    monk(st, R, 6, 6)
    assert scoring.toil_points(st, 0) == 2
    st.round = 3
    assert scoring.toil_points(st, 0) == 3


def test_M39_library_swap() -> None:
    """M-39: swap two large letters with different characters; both turn small and reprice."""
    st = empty()
    clear_monks(st)
    put(st, "LIBRARY", 5, 5)
    monk(st, R, 5, 5)
    start_scoring(st, 0)
    assert "library R2 R10" in texts(st, 0)
    assert "library R1 R2" not in texts(st, 0)  # a cross
    assert not any(x == "library B6 B10" for x in texts(st, 0))  # both S
    st.apply(0, "library R2 R10")
    assert (
        st.board_letters[1] == "S"
        and st.board_letters[9] == "L"
        and st.board_small_side[1]
        and st.board_small_side[9]
    )
    st.round += 1
    start_scoring(st, 0)
    assert not any("R2" in x for x in texts(st, 0) if x.startswith("library"))


def test_M40_workshop_draw_and_return() -> None:
    """M-40: draw 1, return 1 (never a passage); not with an empty bag."""
    st = empty()
    clear_monks(st)
    put(st, "WORKSHOP", 5, 5)
    monk(st, R, 5, 5)
    start_scoring(st, 0)
    size = len(st.hands[0])
    st.apply(0, "workshop")
    assert len(st.hands[0]) == size + 1
    assert "return PASSAGE_RED" not in texts(st, 0)
    st.apply(0, texts(st, 0)[0])
    assert len(st.hands[0]) == size
    st.bag = []
    st.used_symbol_tiles = []
    assert "workshop" not in texts(st, 0)


def test_M41_stables_lays_extra_tile() -> None:
    """M-41: the Stables lay a tile in the scoring, uc; livestock so laid give locked blessings."""
    st = empty()
    clear_monks(st)
    put(st, "STABLES", 5, 5)
    monk(st, R, 5, 5)
    give(st, 0, "BEEHIVE")
    start_scoring(st, 0)
    assert "stables BEEHIVE 0,2 r0" in texts(st, 0)
    st.apply(0, "stables BEEHIVE 0,2 r0")
    assert st.blessings[0] == 1 and st.locked_blessings[0] == 1


def test_M42_M48_abbots_house_election_order_unchanged() -> None:
    """M-42 / M-48: Abbey + Abbot's House counts; new Abbot; this round's order unchanged."""
    st = empty()
    clear_monks(st)
    put(st, "ABBOTS_HOUSE", 5, 5)
    monk(st, B, 5, 5)
    monk(st, B, 5, 5)
    monk(st, R)
    st.abbot = 0
    start_scoring(st, 1)
    st.apply(1, "abbotshouse")
    assert st.abbot == 1 and st.turn_order == [0, 1, 2, 3]


def test_M43_prison_after_any_election() -> None:
    """M-43: the elected Abbot may imprison a monk from the Abbey (own too); cell < 2 monks."""
    st = empty(round_=5)
    clear_monks(st)
    put(st, "PRISON_CELL", 5, 5)
    monk(st, R)
    monk(st, R)
    monk(st, B)
    rounds.begin_round(st, [])
    assert texts(st, 0) == ["imprison R", "imprison B", "imprison none"]
    st.apply(0, "imprison R")
    prisoner = [m for m in range(20) if st.monk_posture[m] == 2]
    assert len(prisoner) == 1 and st.monk_location[prisoner[0]] == node(st, 5, 5)


def test_M44_brewhouse_prayer_hour_stands_monks() -> None:
    """M-44: a qualifying player stands chosen praying monks upright where they are."""
    st = empty(round_=5)
    clear_monks(st)
    put(st, "BREWHOUSE", 5, 5)
    put(st, "MILL", 6, 6)
    monk(st, R, 5, 5)
    monk(st, R, 6, 6, posture=1)
    monk(st, B)
    rounds.begin_round(st, [])
    assert st.phase == "brew" and texts(st, 0) == ["stand 6,6", "end"]
    st.apply(0, "stand 6,6")
    st.apply(0, "end")
    assert st.monk_location[1] == node(st, 6, 6) and st.monk_posture[1] == 0


def test_M45_brewhouse_night_keeps_monks() -> None:
    """M-45: at Night a qualifying player keeps chosen monks where they are."""
    st = empty(round_=10)
    clear_monks(st)
    put(st, "BREWHOUSE", 5, 5)
    put(st, "CHAPEL", 6, 6, fin=False)
    monk(st, R, 5, 5)
    m = monk(st, R, 6, 6, box=1)
    o = monk(st, B, 6, 6, box=0)
    rounds.begin_round(st, [])
    assert "keep 6,6/1" in texts(st, 0)
    st.apply(0, "keep 6,6/1")
    st.apply(0, "end")
    assert st.monk_location[m] == node(st, 6, 6) and st.monk_box[m] == 1
    assert st.monk_location[o] == -1 and st.monk_location[0] == -1
    assert st.round in (11, 12)


def test_M46_almonry_locked_blessing() -> None:
    """M-46 / M-50: the Almonry blessing is locked for this scoring."""
    st = empty()
    clear_monks(st)
    put(st, "ALMONRY", 5, 5)
    monk(st, R, 5, 5)
    start_scoring(st, 0)
    st.apply(0, "almonry")
    assert st.blessings[0] == 1 and scoring.budget(st, 0) == st.scoring_points


def test_M47_election_all_tied_at_zero() -> None:
    """M-47: everyone tied at 0: the previous Abbot chooses another player."""
    st = empty(round_=5)
    clear_monks(st)
    put(st, "MILL", 5, 5)
    for c in range(4):
        monk(st, c, 5, 5) if c < 3 else None
    st.abbot = 2
    rounds.begin_round(st, [])
    assert st.to_act() == [2]
    assert texts(st, 2) == ["elect R", "elect B", "elect Y"]
    st.apply(2, "elect Y")
    assert st.abbot == 3


# Purchasing ----------------------------------------------------------------------------------


def test_M49_points_before_blessings() -> None:
    """M-49: points are spent before blessings."""
    st = empty()
    start_scoring(st, 0)
    st.blessings[0] = 5
    st.scoring_stage = 1
    st.scoring_points = 3
    st.apply(0, "buy R5 R4")  # E costs 5
    assert st.scoring_points == 0 and st.blessings[0] == 3


def test_M50_locked_leftover_and_exhaustion() -> None:
    """M-50 / M-51: leftover blessings are locked; exhaustion makes everyone return one."""
    st = empty()
    st.blessings = [1, 10, 9, 0]  # supply 0
    assert common.supply(st) == 0
    ev: list[Any] = []
    common.receive(st, 0, True, ev, "test")
    assert st.blessings == [1, 9, 8, 0]
    st.blessings = [0, 0, 0, 0]
    st.tile_blessings[0] = 20
    common.receive(st, 0, False, ev, "test")
    assert st.blessings == [0, 0, 0, 0]


def test_M51_recipient_returns_locked_first() -> None:
    """M-51 / §4.5: the recipient also returns one (a locked one first): net 0."""
    st = empty()
    st.blessings = [5, 10, 5, 0]
    st.locked_blessings[0] = 2
    common.receive(st, 0, True, [], "x")
    assert st.blessings == [5, 9, 4, 0] and st.locked_blessings[0] == 2


def test_M52_letter_must_match_space() -> None:
    """M-52 / §4.3: a letter only goes on an empty space of the same character."""
    st = empty()
    start_scoring(st, 0)
    st.scoring_stage = 1
    st.scoring_points = 10
    t = [x for x in texts(st, 0) if x.startswith("buy R2 ")]
    assert t == ["buy R2 R1", "buy R2 Y3"]


def test_M53_reduced_price_immediately() -> None:
    """M-53: once the own track is full, the next purchase is at the reduced price."""
    st = empty()
    st.tracks[R] = [1] * 8 + [0]
    start_scoring(st, 0)
    st.scoring_stage = 1
    st.scoring_points = 20
    st.apply(0, "buy R10 R9")  # S at column 10: 10
    assert st.scoring_points == 10
    st.apply(0, "buy B10 B9")  # now reduced: 5
    assert st.scoring_points == 5


def test_M54_cross_monks_any_order() -> None:
    """M-54: monks on crosses may be bought in any order; an emptied cross stays empty."""
    st = empty(players=2)
    start_scoring(st, 0)
    st.scoring_stage = 1
    st.scoring_points = 30
    st.apply(0, "monk B Y")
    assert [x for x in texts(st, 0) if x.startswith("monk") and x.endswith("Y")] == ["monk R Y"]
    st.apply(0, "monk R Y")
    assert not any(x.startswith("monk") and x.endswith("Y") for x in texts(st, 0))


def test_M64_bought_monk_counts_for_later_scorer() -> None:
    """M-64: a monk bought for Blue counts in Blue's later study point."""
    st = empty(round_=2)
    clear_monks(st)
    start_scoring(st, 0)
    st.scoring_stage = 1
    st.scoring_points = 1
    st.apply(0, "monk B R")
    assert st.turn >= 1
    assert scoring.toil_points(st, 1) == 1


# Game end ------------------------------------------------------------------------------------


def test_M55_E1_round_completes() -> None:
    """M-55 / E1: the last letter triggers the end; the round is still played to completion."""
    st = empty(players=2)
    for c in range(40):
        if st.board_letters[c] not in ("", "+"):
            st.board_letters[c] = ""
    st.board_letters[1] = "L"
    st.tracks[R] = [0] + [1] * 8
    start_scoring(st, 0)
    st.scoring_stage = 1
    st.scoring_points = 5
    st.apply(0, "buy R2 R1")
    assert st.ending == 1 and not st.over
    while not st.is_over():
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[-1])
    assert st.round == 2 and st.result().breakdown["end"] == "E1"


def test_M56_E2_no_tile_can_ever_be_laid() -> None:
    """M-56 / E2: empty bag and hands -> the game ends after this round."""
    st = empty(players=2)
    clear_monks(st)
    monk(st, R)
    st.hands = [[], []]
    st.bag = [t for t in st.bag if INSTANCES[t].id == "PATH_I"][:1]
    passages = [i for i, t in enumerate(INSTANCES) if t.owner_colour in (2, 3)]
    assert passages
    st.hands[0] = st.bag[:]
    st.bag = []
    start_step(st, 0)
    assert not end.e2_holds(st)
    st.apply(0, "lay PATH_I 1,2 r0")
    assert st.ending == 2


def test_M57_E3_after_round_20() -> None:
    """M-57 / E3: the game ends after the Night of day 2."""
    st = empty(round_=20)
    rounds.begin_round(st, [])
    assert st.over and st.result().breakdown["end"] == "E3"


def test_M58_testament() -> None:
    """M-58 / §4.6: 3 per large own letter, +1 per blessing, minus unlaid V (passage 2)."""
    st = empty(players=2)
    st.tracks[R] = [1, 1, 2, 0, 0, 0, 0, 0, 0]
    st.blessings[0] = 2
    give(st, 0, "MILL")
    st.over = 1
    assert st.result().breakdown["testament"][0]["total"] == 6 + 2 - 3 - 2


def test_M59_M60_team_tie_break_and_team_score() -> None:
    """M-59 / M-60: team score is the sum; Blue/Yellow beat Red/Green on a tie."""
    st = empty(variant="team")
    st.hands = [[], [], [], []]
    st.bag = list(range(53))
    st.blessings = [2, 1, 0, 1]
    st.over = 1
    res = st.result()
    assert res.scores == (2.0, 2.0, 2.0, 2.0)
    assert res.winners == (1, 3)


def test_M60_partner_track_large_no_blessing() -> None:
    """M-60: a letter on the partner's track goes large and earns no blessing."""
    st = empty(variant="team")
    start_scoring(st, 0)
    st.scoring_stage = 1
    st.scoring_points = 3
    st.apply(0, "buy R3 G6")  # I (Red row col 3) onto Green's I (space 6)
    assert st.tracks[G][5] == 1 and st.blessings[0] == 0


def test_M60_team_needs_four() -> None:
    """M-60: the team game is for 4 players only."""
    with pytest.raises(BadOption):
        GAME.new_game(players=3, options={"variant": "team"})


def test_M61_simple_game_switches_symbols_off() -> None:
    """M-61: no symbols, no Brewhouse, Scriptorium pays 1; the Prison Cell still works."""
    st = empty(round_=2, variant="simple")
    clear_monks(st)
    put(st, "ALMONRY", 5, 5)
    put(st, "SCRIPTORIUM", 6, 6)
    monk(st, R, 5, 5)
    monk(st, R, 6, 6)
    start_scoring(st, 0)
    assert "almonry" not in texts(st, 0)
    assert scoring.toil_points(st, 0) == 2


def test_M62_vow_of_silence_option_in_view() -> None:
    """M-62: the vow of silence changes no rule; the view says when chat is allowed."""
    st = new(2, vow_of_silence=True)
    v = st.view(0)
    assert v["options"]["vow_of_silence"] and v["chat_allowed"] is False
    st.round = 5
    assert st.view(0)["chat_allowed"]


def test_M63_start_hand_draw_6_return_3() -> None:
    """M-63: with the start-hand variant each draws 6 and returns 3, in turn order."""
    st = new(2, start_hand=True)
    assert st.to_act() == [0] and all(len(h) == 7 for h in st.hands)
    for seat in (0, 0, 0, 1, 1, 1):
        assert st.to_act() == [seat]
        st.apply(seat, st.legal_actions(seat)[0])
    assert [len(h) for h in st.hands] == [4, 4] and st.round == 2


def test_illegal_action_leaves_state_unchanged() -> None:
    """apply refuses an unoffered action and changes nothing."""
    st = new(4)
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(0, "lay CHAPEL 50,50 r0")
    with pytest.raises(IllegalAction):
        st.apply(1, "end")
    assert st.to_json() == before


def test_save_load_rejects_broken_state() -> None:
    """from_json validates: a missing tile is a clear error."""
    st = new(4)
    doc = json.loads(st.to_json())
    doc["state"]["bag"] = doc["state"]["bag"][1:]
    with pytest.raises(BadSaveFile, match=r"^state: tile 0 is nowhere"):
        GAME.from_json(json.dumps(doc))
    assert Y == 3


def test_M24_shift_does_not_claim() -> None:
    """M-24: shifting boxes, or already standing there, does not claim the blessings."""
    st = empty()
    clear_monks(st)
    put(st, "PATH_I", 1, 2)
    i = put(st, "CHAPEL", 1, 3, fin=False)
    monk(st, R, 1, 3, box=0)
    st.tile_blessings[i] = 2
    start_step(st, 0)
    st.apply(0, "shift 1,3/0>1")
    assert st.tile_blessings[i] == 2 and st.blessings[0] == 0


def test_M19_jump_onto_uc_passage_must_stop_and_claims() -> None:
    """M-19 / M-24: a jump onto a uc passage that is not full stops there and claims."""
    st = empty()
    clear_monks(st)
    i = put(st, "PASSAGE_RED", 9, 9, fin=False)
    st.tile_blessings[i] = 1
    monk(st, R)
    start_step(st, 0)
    assert texts(st, 0) == ["move A 9,9/0 c1", "end"]  # one box (2)
    st.apply(0, "move A 9,9/0 c1")
    assert st.blessings[0] == 1 and st.monk_box[0] == 0 and 0 in st.stopped_monks


def test_M44_qualification_needs_nobody_praying_on_brewhouse() -> None:
    """M-44: nobody qualifies while a monk prays on the Brewhouse."""
    st = empty(round_=5)
    clear_monks(st)
    put(st, "BREWHOUSE", 5, 5)
    put(st, "MILL", 6, 6)
    monk(st, R, 5, 5)
    monk(st, B, 5, 5, posture=1)
    monk(st, R, 6, 6, posture=1)
    rounds.begin_round(st, [])
    assert st.phase != "brew"
    assert st.monk_location[1] == -1  # Red's praying monk went home (P2)


def test_M56_E2_round_is_completed() -> None:
    """M-56 / §1.6: after E2 the round's remaining steps and scorings are played."""
    st = empty(players=2)
    clear_monks(st)
    monk(st, R)
    st.hands = [[], []]
    st.hands[0] = [t for t in st.bag if INSTANCES[t].id == "PATH_I"][:1]
    st.bag = []
    start_step(st, 0)
    st.apply(0, "lay PATH_I 1,2 r0")
    st.apply(0, "end")
    assert st.to_act() == [1] and st.phase == "step"
    while not st.is_over():
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[-1])
    assert st.round == 2 and st.result().breakdown["end"] == "E2"


def test_M12_livestock_blessings_count_abbey_once() -> None:
    """M-12: one blessing per distinct adjacent tile, livestock and the Abbey included."""
    st = empty()
    clear_monks(st)
    put(st, "PATH_L", -1, 2, rot=1)  # E and S
    put(st, "CARP_POND", 0, 3)
    give(st, 0, "BEEHIVE")
    start_step(st, 0)
    # at (0,2) the corner path's E exit (PATH_L r90 = -PP-) would face the Beehive: illegal
    assert "lay BEEHIVE 0,2 r0" not in texts(st, 0)
    st2 = empty()
    clear_monks(st2)
    put(st2, "FIELD_I", -1, 2, rot=1)  # gateways E and W: a gateway may face livestock
    put(st2, "CARP_POND", 0, 3)
    give(st2, 0, "BEEHIVE")
    start_step(st2, 0)
    st2.apply(0, "lay BEEHIVE 0,2 r0")
    assert st2.blessings[0] == 3  # Abbey, field, carp pond


def test_M42_M43_house_tie_then_prison_then_scoring_resumes() -> None:
    """M-42 / M-43 / M-47: the current Abbot (not scoring) breaks the tie; the winner may
    imprison; then the scorer's scoring goes on."""
    st = empty()
    clear_monks(st)
    put(st, "ABBOTS_HOUSE", 5, 5)
    put(st, "PRISON_CELL", 7, 7)
    put(st, "ALMONRY", 8, 8)
    monk(st, B, 5, 5)
    monk(st, B, 8, 8)
    monk(st, G)
    monk(st, Y)
    st.abbot = 0  # Red: 0 in the Abbey; Blue 1 (house), Green 1, Yellow 1
    start_scoring(st, 1)
    st.apply(1, "abbotshouse")
    assert st.to_act() == [0]
    assert texts(st, 0) == ["elect B", "elect G", "elect Y"]
    st.apply(0, "elect G")
    assert st.abbot == 2 and st.to_act() == [2]
    st.apply(2, "imprison Y")
    assert st.to_act() == [1] and st.phase == "score"
    assert "almonry" in texts(st, 1) and "abbotshouse" not in texts(st, 1)
    assert st.turn_order == [0, 1, 2, 3]  # M-48


def test_hour_disc_timeline_and_draws() -> None:
    """§1.1 / M-4 / M-57: 20 rounds; draws 3, 2, 1 per day; 4 players draw 48 of 49."""
    st = new(4)
    seen: dict[int, str] = {}
    hands: dict[int, int] = {}
    while not st.is_over():
        seen.setdefault(st.round, st.phase)
        hands.setdefault(st.round, len(st.hands[0]))
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        # never lay, never buy: take "end"/"purchase"/"imprison none" when offered
        pick = next((a for a in legal if str(a) in ("end", "purchase", "imprison none")), legal[0])
        st.apply(seat, pick)
    assert st.round == 20 and st.result().breakdown["end"] == "E3"
    study_toil = [r for r in range(2, 21) if (r - 1) % 10 + 1 in (2, 3, 4, 6, 7, 9)]
    assert all(seen[r] == "step" for r in study_toil)
    assert hands[2] == 4 and hands[6] == 6 and hands[9] == 7 and hands[12] == 10
    assert hands[16] == 12 and hands[19] == 13
    assert len(st.bag) == 1


def test_L1_to_L6_reasons_in_why_illegal() -> None:
    """§2.5: an illegal placement is refused with the rule it breaks."""
    st = empty()
    clear_monks(st)
    give(st, 0, "PATH_I")
    give(st, 0, "SMITHY")
    start_step(st, 0)
    cases = {
        "lay PATH_I 1,1 r0": "L1",
        "lay PATH_I 1,2 r90": "L2",
        "lay SMITHY 3,0 r90": "L3",
        "lay PATH_I 9,9 r0": "L4",
    }
    for text, rule in cases.items():
        with pytest.raises(IllegalAction, match=rule):
            st.apply(0, text)
