"""Road, window, mission and scoring rulings: S-31..S-39, S-46..S-50, S-54..S-57, S-59, S-60."""

from __future__ import annotations

import pytest
from monasterium_pos import act_position, dice, do, give, mon, new, put, ready, texts, unlock

from monastic.games.monasterium import GAME
from monastic.games.monasterium.catalogue import BOOK, INFLUENCE, ROSARY, SOUP, TOOL
from monastic.games.monasterium.rules.scoring import final_scoring, majority


def test_S31_move_resolves_before_bonuses_in_order() -> None:
    """S-31: 1 -> 4 with II-5: bonuses of 2 then 4, access from the final space."""
    s = act_position(3, seat=0, fields={5: 1})
    unlock(s, 0, "II-5")
    do(s, "take 5x1", "use II-5 3")
    assert s.messenger_space[0] == 4
    assert texts(s) == ["bonus influence", "bonus rosary", "decline"]  # space 2 first
    do(s, "bonus rosary")
    assert texts(s)[0] == "bonus soup"  # then space 4
    do(s, "bonus soup")
    assert s.goods[0][ROSARY] == 2 and s.goods[0][SOUP] == 3


def test_S32_bonuses_repeat_every_lap() -> None:
    """S-32: passing space 2 again gives its bonus again."""
    s = act_position(3, seat=0, fields={5: 2})
    s.laps[0] = 3
    s.messenger_space[0] = 1
    do(s, "take 5x2", "use std5", "bonus influence", "use std5")
    assert s.goods[0][INFLUENCE] == 3 and s.messenger_space[0] == 3


def test_S33_road_is_the_same_for_every_player_count() -> None:
    """S-33: the road tables do not depend on the player count."""
    for n in (2, 3, 4):
        s = act_position(n, seat=0, fields={5: 1})
        do(s, "take 5x1", "use std5")
        assert texts(s) == ["bonus influence", "bonus rosary", "decline"]


def test_S34_moves_are_forward_and_chosen_before_moving() -> None:
    """S-34: II-5 offers 1, 2 or 3 spaces; never 0 or backwards."""
    s = act_position(3, seat=0, fields={5: 1})
    unlock(s, 0, "II-5")
    do(s, "take 5x1")
    assert texts(s) == ["use std5", "use II-5 1", "use II-5 2", "use II-5 3"]
    with pytest.raises(ValueError):
        GAME.parse_action("use II-5 0")


def test_S35_tile_only_with_a_legal_placement() -> None:
    """S-35: a window bonus with no legal placement lapses; nothing is stored."""
    s = act_position(3, seat=0, fields={5: 1})
    s.messenger_space[0] = 11
    s.tile_stacks = [0, 0, 0, 0, 0]
    events = do(s, "take 5x1", "use std5")
    assert any(e.kind == "lapse" for e in events) and s.window[0] == [[], [], []]


def test_S36_rewards_may_be_declined_die_actions_may_not() -> None:
    """S-36: road, window, common-room and building rewards offer decline; die actions don't."""
    s = act_position(3, seat=0, fields={1: 1})
    do(s, "take 1x1")
    assert "decline" not in texts(s)
    do(s, "use std1 I-1", "to RED-B1")
    assert texts(s) == ["bonus tool", "decline"]
    do(s, "decline")
    assert s.goods[0][TOOL] == 0 and s.vp[0] == 1  # VP always scored


def test_S37_filling_row_and_column_at_once() -> None:
    """S-37: one chosen bonus plus both completion VPs."""
    s = act_position(3, seat=0)
    s.window[0] = [[0, 1, 2, 3], [1, 2, 3, 4, 0], [2, 3, 4, 0, 1]]
    s.tile_stacks = [8, 8, 8, 8, 8]
    s.tasks = [(3, -1)]
    ready(s)
    assert "tile PUR W-I row" in texts(s)
    do(s, "tile PUR W-I row")
    assert s.vp[0] == 5 + 6 and s.messenger_space[0] == 2  # row 5 VP + column 6 VP, bonus move 1


def test_S38_missions_claimed_at_once_at_current_year() -> None:
    """S-38: a B card in year 3 pays 7."""
    s = act_position(3, seat=0, fields={1: 1}, missions=("A1", "A2", "B1", "B2", "C2", "C3"))
    s.round = 7
    put(s, 0, "RED-K1", "IV-3")
    put(s, 0, "GRN-K1", "IV-4")
    put(s, 0, "BLU-B6", "I-2")
    s.messenger_space[0] = 9
    do(s, "take 1x1", "use std1 III-1", "to BLU-CH")
    assert s.claimed_missions[0] == ["B1"] and s.vp[0] == 7


def test_S39_each_player_claims_a_card_once_others_do_not_block() -> None:
    """S-39: two players both claim C3; the same player never twice."""
    s = act_position(3, seat=0, fields={5: 2}, missions=("A1", "A2", "B1", "B2", "C2", "C3"))
    s.claimed_missions[1] = ["C3"]
    s.messenger_space[0] = 20
    do(s, "take 5x2", "use std5")
    assert s.claimed_missions[0] == ["C3"] and s.vp[0] == 7
    s.laps[0] = 1
    from monastic.games.monasterium.rules.missions import check_missions

    check_missions(s, 0, [])
    assert s.vp[0] == 7


def test_S46_majority_exact() -> None:
    """S-46: RED tie 0/1 -> 5 each; GRN only seat 2 -> 5; empty monasteries pay nobody."""
    s = new(3)
    s.building_counts[0][0] = s.building_counts[1][0] = 1
    s.chapels[1][2] = 1
    assert majority(s) == [5, 5, 5]


def test_S47_cloister_times_chapel_doubled_per_monastery() -> None:
    """S-47: (cloister x chapel) x 2 per monastery, summed."""
    s = new(2)
    s.missions = []
    s.cloister_counts[0][0], s.chapels[0][0] = 2, 3
    s.cloister_counts[0][1], s.chapels[1][0] = 1, 0
    final_scoring(s, [])
    assert (
        s.final_breakdown is not None and s.final_breakdown["players"][0]["cloister_chapel"] == 12
    )


def test_S48_leftover_goods() -> None:
    """S-48: Tools 1, Books 2, (Soup + Influence + Rosary) // 2 over the combined total."""
    s = new(2)
    s.missions = []
    s.goods[0] = [1, 1, 1, 2, 1]
    final_scoring(s, [])
    assert s.final_breakdown is not None and s.final_breakdown["players"][0]["goods"] == 2 + 2 + 1


def test_S49_ties_share_victory() -> None:
    """S-49: equal top scores both win."""
    s = new(2)
    s.missions = []
    final_scoring(s, [])
    s.phase = "over"
    assert s.result().winners == (0, 1)


def test_S50_scores_never_decrease_in_play() -> None:
    """S-50: over a random game every seat's VP only grows."""
    import random

    s = new(4, seed=3)
    r = random.Random(3)
    last = s.vp[:]
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply_unchecked(seat, r.choice(s.legal_actions(seat)))
        assert all(a >= b for a, b in zip(s.vp, last, strict=True))
        last = s.vp[:]


def test_S54_ids() -> None:
    """S-54: space, slot and mission ids in texts."""
    assert str(GAME.parse_action("to BLU-K3")) == "to BLU-K3"
    assert str(GAME.parse_action("use std1 IV-5")) == "use std1 IV-5"
    assert str(GAME.parse_action("to PUR-CH")) == "to PUR-CH"
    with pytest.raises(ValueError):
        GAME.parse_action("to ORA-B1")


def test_S55_one_novice_counts_for_several_cards() -> None:
    """S-55: a RED chapel novice counts for A1 and B3 at once."""
    s = act_position(3, seat=0, fields={1: 1}, missions=("A1", "A2", "B3", "B2", "C2", "C3"))
    put(s, 0, "GRN-B6", "I-2")
    put(s, 0, "YEL-B6", "I-3")
    put(s, 0, "BLU-K1", "IV-3")
    put(s, 0, "PUR-K1", "IV-4")
    do(s, "take 1x1", "use std1 III-1", "to RED-CH")
    assert sorted(s.claimed_missions[0]) == ["A1", "B3"] and s.vp[0] == 9 + 14


def test_S56_BU_counts_any_building() -> None:
    """S-56: a common room counts as a building for A cards."""
    s = act_position(3, seat=0, fields={1: 1}, missions=("A5", "A2", "B1", "B2", "C2", "C3"))
    put(s, 0, "PUR-CH", "III-1")
    put(s, 0, "BLU-B3", "I-2")
    give(s, 0, book=2)
    do(s, "take 1x1", "use std1 I-1", "to RED-B4")
    assert s.claimed_missions[0] == ["A5"]


def test_S57_undrawn_missions_play_no_part() -> None:
    """S-57: 2 A, 2 B, 2 C in play; others never score."""
    s = new(4, seed=11)
    assert [m[0] for m in s.missions] == ["A", "A", "B", "B", "C", "C"]
    left = [m for m in ("C1", "C2", "C3", "C4", "C5") if m not in s.missions]
    s2 = act_position(3, seat=0, fields={5: 1}, missions=tuple(s.missions))
    s2.laps[0] = 5
    s2.personal_dice[0] = 3
    s2.messenger_space[0] = 2
    do(s2, "take 5x1", "use std5")
    assert all(m not in s2.claimed_missions[0] for m in left)


def test_S59_nested_move_resolves_before_outer_bonuses() -> None:
    """S-59: 7 -> 10 enters 8 (any action) and 10; the any-action move resolves first."""
    s = act_position(3, seat=0, fields={5: 1})
    unlock(s, 0, "II-5")
    s.messenger_space[0] = 7
    do(s, "take 5x1", "use II-5 3")
    assert s.messenger_space[0] == 10
    do(s, "use std5")  # the any action of space 8 moves 10 -> 11
    assert s.messenger_space[0] == 11
    # Space 11 has no bonus; the outer move's space 10 still resolves.
    assert texts(s) == ["bonus influence", "bonus rosary", "decline"]


def test_S60_final_check_pays_year_3_and_idle_extras_score_nothing() -> None:
    """S-60: a mission met only at the final check pays its year-3 VP."""
    s = new(2)
    s.missions = ["A1", "A2", "B1", "B2", "C1", "C2"]
    s.round = 6
    s.chapels[0][0] = 1
    s.building_counts[0][1] = 1
    s.building_counts[0][3] = 1
    s.extra_novices[0][0] = 1
    final_scoring(s, [])
    assert "A1" in s.claimed_missions[0]
    assert s.final_breakdown is not None and s.final_breakdown["players"][0]["before"] == 3


def test_window_bonus_column_5_any_action() -> None:
    """§7.1: column 5's bonus is an any action (which may be declined)."""
    s = act_position(3, seat=0)
    s.window[0] = [[0, 1, 2, 3], [], []]
    s.tasks = [(3, -1)]
    ready(s)
    do(s, "tile PUR W-I col")
    assert s.vp[0] == 5
    assert "use std4" in texts(s) and "decline" in texts(s)
    do(s, "use std4")
    assert s.goods[0][INFLUENCE] == 3


def test_soup_swap_options() -> None:
    """§6.4 Soup/swap: take Soup, Soup for Tool, Tool for Book."""
    s = act_position(3, seat=0, fields={5: 1})
    give(s, 0, tool=1)
    s.messenger_space[0] = 3
    do(s, "take 5x1", "use std5")
    assert texts(s) == ["bonus soup", "bonus soup>tool", "bonus tool>book", "decline"]
    do(s, "bonus soup>tool")
    assert s.goods[0][SOUP] == 1 and s.goods[0][TOOL] == 2 and s.goods[0][BOOK] == 0


def test_personal_die_vp_alternative() -> None:
    """§6.4: the personal-die bonus may be taken as 5 VP instead."""
    s = act_position(3, seat=0, fields={5: 1})
    s.messenger_space[0] = 5
    dice(s)
    do(s, "take 5x1", "use std5", "bonus vp")
    assert s.vp[0] == 5 and s.personal_dice[0] == 1
    assert mon("RED") == 0
