"""Dice, placement and action-turn rulings: S-1..S-16, S-40..S-45, S-51..S-53, S-58."""

from __future__ import annotations

import pytest
from monasterium_pos import act_position, dice, do, give, new, put, ready, texts, unlock

from monastic import IllegalAction
from monastic.games.monasterium import GAME
from monastic.games.monasterium.catalogue import INFLUENCE, ROSARY, SOUP, TOOL


def test_S1_columns_2_soup_3_rosary_4_influence_5_move() -> None:
    """S-1: the standard actions by column."""
    s = act_position(3, seat=0, fields={2: 1, 3: 1, 4: 1, 5: 1})
    do(s, "take 3x1", "use std3")
    assert s.goods[0][ROSARY] == 2
    s2 = act_position(3, seat=0, fields={4: 1})
    do(s2, "take 4x1", "use std4")
    assert s2.goods[0][INFLUENCE] == 3
    s3 = act_position(3, seat=0, fields={2: 1})
    do(s3, "take 2x1", "use std2")
    assert s3.goods[0][SOUP] == 3
    s4 = act_position(3, seat=0, fields={5: 1})
    do(s4, "take 5x1", "use std5")
    assert s4.messenger_space[0] == 2


@pytest.mark.parametrize("n", [2, 3, 4])
def test_S2_three_years_of_P_rounds(n: int) -> None:
    """S-2: 3 years of P rounds; year = ceil(round / P)."""
    s = new(n)
    s.round = n + 1
    assert s.year == 2
    s.round = 3 * n
    assert s.year == 3


def test_S3_place_all_dice_of_one_value_no_pass() -> None:
    """S-3: only values shown; all dice of the value go together; no pass action."""
    s = new(2)
    p = s.current
    s.rolled_personal, s.rolled_neutral = [3], [3, 3, 5, 6, 6]
    s.legal_cache = None
    places = [t for t in texts(s) if t.startswith("place")]
    assert places == ["place 3", "place 5", "place 6"]
    assert not any(t in ("pass", "decline") for t in texts(s))
    do(s, "place 3")
    assert s.dice_fields[3][0] == 2 and s.dice_fields[3][1 + p] == 1
    assert s.held_personal[p] == 0 and s.held_neutral[p] == 3


def test_S4_reroll_once_per_round_subset_of_just_rolled() -> None:
    """S-4: re-roll any non-empty subset once; then only placing is left this round."""
    s = new(3)
    s.rolled_personal, s.rolled_neutral = [2], [4, 4, 6]
    s.legal_cache = None
    rerolls = [t for t in texts(s) if t.startswith("reroll")]
    assert "reroll P2 N4 N4 N6" in rerolls and "reroll N4" in rerolls
    assert len(rerolls) == 2 * 3 * 2 - 1
    with pytest.raises(IllegalAction):
        s.apply(s.current, "reroll N5")
    dice(s, 1)
    do(s, "reroll N6")
    assert s.rolled_neutral == [1, 4, 4]
    assert not any(t.startswith("reroll") for t in texts(s))


def test_S4_reroll_tile_works_for_a_gained_die_only_if_unused() -> None:
    """S-4: a gained personal die may use the tile only if it is still unused."""
    s = act_position(3, seat=1, fields={5: 1})
    s.messenger_space[1] = 5
    s.reroll_used[1] = True
    dice(s, 4)
    do(s, "take 5x1", "use std5", "bonus die")
    assert s.dice_fields[4][2] == 1  # placed at once, no re-roll offered


def test_S5_player_without_dice_is_skipped_in_placement() -> None:
    """S-5: placement goes on with those who still hold dice."""
    s = new(3)
    p = s.current
    nxt = (p + 1) % 3
    s.held_personal[nxt] = s.held_neutral[nxt] = 0
    s.rolled_personal, s.rolled_neutral = [1], [1, 1, 1]
    s.legal_cache = None
    do(s, "place 1")
    assert s.current == (p + 2) % 3


def test_S6_must_take_and_a_die_with_no_action_is_forfeited() -> None:
    """S-6: no pass in the action phase; taking a die nothing can use forfeits it."""
    s = act_position(3, seat=0, fields={1: 1})
    give(s, 0, influence=0, rosary=0)
    assert texts(s) == ["take 1x1"]
    events = do(s, "take 1x1")
    assert any(e.kind == "forfeit" for e in events)
    assert s.current != 0 or s.phase != "act"


def test_S7_own_personal_dice_first() -> None:
    """S-7: takes include min(k, own personal) personal dice; own personal 6 first."""
    s = act_position(3, seat=0, fields={2: (2, {0: 2})})
    do(s, "take 2x1")
    assert s.dice_fields[2] == [2, 1, 0, 0]
    s = act_position(3, seat=0, fields={6: (1, {0: 1})})
    do(s, "take 6>4")
    assert s.dice_fields[6] == [1, 0, 0, 0]


def test_S8_field_with_only_other_personal_dice_is_not_takeable() -> None:
    """S-8: another player's personal die is never takeable."""
    s = act_position(3, seat=0, fields={3: (0, {1: 2}), 2: 1})
    assert texts(s) == ["take 2x1"]


def test_S9_phase_ends_when_fields_empty_and_gained_die_brings_owner_back() -> None:
    """S-9: players without takeable dice are skipped; a gained die re-enters its owner."""
    s = act_position(3, seat=0, fields={4: 1, 5: 1})
    s.messenger_space[0] = 5
    dice(s, 3)
    s.reroll_used[0] = True
    do(s, "take 5x1", "use std5", "bonus die")
    assert s.dice_fields[3][1] == 1
    assert s.current == 1
    do(s, "take 4x1", "use std4")
    assert s.current == 0  # seat 2 has nothing takeable; seat 0 has its new die
    do(s, "take 3x1", "use std3")
    assert s.phase == "place" and s.round == 2


def test_S10_or_choice_and_optional_part() -> None:
    """S-10: an 'or' picks a branch the supply can give; I-3's swap is optional."""
    s = act_position(3, seat=0, fields={1: 1, 3: 2})
    unlock(s, 0, "I-1", "I-3")
    give(s, 0, influence=36 - 4, tool=1)
    do(s, "take 1x1")
    assert "use I-1 rosary" in texts(s) and "use I-1 influence" not in texts(s)
    s2 = act_position(3, seat=0, fields={3: 1})
    unlock(s2, 0, "I-3")
    give(s2, 0, tool=1)
    do(s2, "take 3x1")
    assert texts(s2) == ["use std3", "use I-3", "use I-3 swap"]
    give(s2, 0, rosary=30 - 2)
    assert texts(s2) == ["use I-3 swap"]  # only the swap part can be carried out


def test_S11_die_used_up_before_its_action() -> None:
    """S-11: the die that sends the row-IV novice does not count for the flip."""
    s = act_position(3, seat=0, fields={1: 1})
    put(s, 0, "RED-B1", "I-1")
    do(s, "take 1x1", "use std1 IV-1", "to RED-K1")
    assert s.vp[0] == 0


def test_S12_row_II_III_once_per_turn_including_any_action() -> None:
    """S-12: a row-II slot used by a die is not offered by the any-action bonus."""
    s = act_position(3, seat=0, fields={5: 2})
    unlock(s, 0, "II-5")
    s.messenger_space[0] = 6
    do(s, "take 5x2", "use II-5 2")
    assert s.messenger_space[0] == 8
    assert not any(t.startswith("use II-5") for t in texts(s))
    assert "use std5" in texts(s)
    do(s, "decline")
    assert texts(s) == ["use std5"]


def test_S13_forfeited_die_keeps_its_flip_point() -> None:
    """S-13: +1 VP per die put on a flipped tile stays even if the die is forfeited."""
    s = act_position(3, seat=0, fields={1: 1})
    unlock(s, 0, "IV-1")
    give(s, 0, influence=0, rosary=0)
    events = do(s, "take 1x1")
    assert s.vp[0] == 1 and any(e.kind == "forfeit" for e in events)


def test_S14_joker_only_to_columns_with_a_performable_action() -> None:
    """S-14: a joker may not go to a column where nothing can be done."""
    s = act_position(3, seat=0, fields={6: 1})
    give(s, 0, influence=0, rosary=0)
    assert "take 6>1" not in texts(s) and "take 6>5" in texts(s)


def test_S15_any_action_scores_no_flip_point() -> None:
    """S-15: an any-action used for column 4 (flipped) scores nothing."""
    s = act_position(3, seat=0, fields={5: 1})
    unlock(s, 0, "IV-4")
    s.messenger_space[0] = 7
    do(s, "take 5x1", "use std5", "use std4")
    assert s.vp[0] == 0 and s.goods[0][INFLUENCE] == 3


def test_S16_slot_unlocked_this_turn_serves_later_dice() -> None:
    """S-16: I-2 unlocked by die 1 is offered to die 2... of column 1 via I-1 here."""
    s = act_position(3, seat=0, fields={1: 2})
    do(s, "take 1x2", "use std1 I-1", "to RED-B1", "bonus tool")
    assert "use I-1 influence" in texts(s)


def test_S40_dice_return_as_quotas_and_gained_die_kept() -> None:
    """S-40: at round end every seat gets its quota and all its personal dice back."""
    s = act_position(3, seat=0, fields={5: 1})
    s.personal_dice[0] = 2
    s.messenger_space[0] = 2
    do(s, "take 5x1", "use std5")
    assert s.phase == "place"
    assert s.held_neutral == [3, 3, 3] and s.held_personal == [2, 1, 1]


def test_S41_S42_S43_start_player_rotates_and_begins_both_phases() -> None:
    """S-41..S-43: the chalice passes clockwise every round; the start player begins."""
    s = new(3, seed=5)
    first = s.start_player
    assert s.current == first
    s2 = act_position(3, seat=first, fields={5: 1})
    s2.start_player = first
    s2.messenger_space[first] = 2
    do(s2, "take 5x1", "use std5")
    assert s2.start_player == (first + 1) % 3 and s2.current == s2.start_player
    s3 = act_position(3, seat=0, fields={5: 1}, round=3)
    s3.start_player = 2
    s3.messenger_space[0] = 2
    do(s3, "take 5x1", "use std5")
    assert s3.round == 4 and s3.year == 2 and s3.start_player == 0


def test_S44_goods_limited_take_lapses() -> None:
    """S-44: a take from an empty supply lapses; II-2 takes what is left."""
    s = act_position(3, seat=0, fields={2: 1})
    unlock(s, 0, "II-2")
    give(s, 0, soup=30 - 4 - 1)
    do(s, "take 2x1", "use II-2")
    assert s.goods[0][SOUP] == 26 and s.goods[0][TOOL] == 1 and s.supply[SOUP] == 0


def test_S45_personal_dice_capped_at_3() -> None:
    """S-45: with 3 personal dice, the personal-die space gives only 5 VP."""
    s = act_position(3, seat=0, fields={5: 1}, missions=("A1", "A2", "B1", "B2", "C2", "C3"))
    s.personal_dice[0] = 3
    s.messenger_space[0] = 15
    do(s, "take 5x1", "use std5")
    assert s.personal_dice[0] == 3 and s.vp[0] == 5


def test_S51_dice_are_owner_and_face() -> None:
    """S-51: re-roll texts name dice by kind and face; neutral dice are interchangeable."""
    a = GAME.parse_action("reroll N4 P2 N4")
    assert str(a) == "reroll P2 N4 N4"


def test_S52_decision_order() -> None:
    """S-52: field + count, then per die the action, then the novice's destination."""
    s = act_position(3, seat=0, fields={1: 1})
    assert all(t.startswith("take") for t in texts(s))
    do(s, "take 1x1")
    assert all(t.startswith("use") for t in texts(s))
    do(s, "use std1 I-1")
    assert all(t.startswith("to ") for t in texts(s))


def test_S53_terminal_state_has_no_actions() -> None:
    """S-53: after the last round the game is over and nobody acts."""
    s = act_position(2, seat=0, fields={5: 1}, round=6)
    s.messenger_space[0] = 2
    do(s, "take 5x1", "use std5")
    assert s.is_over() and s.to_act() == [] and s.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        s.apply(0, "take 5x1")


def test_S58_nobody_is_eliminated() -> None:
    """S-58: a seat with nothing to pay for still takes dice and acts every round."""
    s = act_position(3, seat=0, fields={4: 3})
    give(s, 0, influence=0, soup=0, rosary=0)
    ready(s)
    assert texts(s) == ["take 4x1", "take 4x2", "take 4x3"]
