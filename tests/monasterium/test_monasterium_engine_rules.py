"""Engine decisions S-D1..S-D13 (docs/monasterium/rules.md) and long bonus chains."""

from __future__ import annotations

from monasterium_pos import act_position, do, give, mon, put, ready, texts, unlock

from monastic.games.monasterium.catalogue import INFLUENCE


def test_SD1_send_is_novice_then_destination() -> None:
    """S-D1: only novices with a legal destination are offered."""
    s = act_position(3, seat=0, fields={1: 1})
    give(s, 0, rosary=0)
    do(s, "take 1x1")
    offered = texts(s)
    assert "use std1 IV-1" not in offered  # no own building: no cloister space
    assert "use std1 I-1" in offered and "use std1 III-1" in offered


def test_SD3_building_good_asked_after_vp() -> None:
    """S-D3: the workshop's Book is a separate choice after the 2 VP."""
    s = act_position(3, seat=0, fields={1: 1})
    give(s, 0, tool=2)
    do(s, "take 1x1", "use std1 I-1", "to RED-B2")
    assert s.vp[0] == 2 and texts(s) == ["bonus book", "decline"]


def test_SD4_nothing_to_choose_lapses_without_asking() -> None:
    """S-D4: Influence/Rosary with both supplies out lapses on its own."""
    s = act_position(3, seat=0, fields={5: 1})
    give(s, 0, influence=36 - 4, rosary=30 - 2)
    events = do(s, "take 5x1", "use std5")
    assert any(e.kind == "lapse" for e in events) and s.current != 0


def test_SD6_joker_column_chosen_with_the_take() -> None:
    """S-D6: take 6>c puts the die on column c at once."""
    s = act_position(3, seat=0, fields={6: 1})
    do(s, "take 6>3")
    assert s.turn_column == 2 and s.dice_left == 1 and texts(s) == ["use std3"]


def test_SD7_chain_window_any_action_send_common_room_tile() -> None:
    """S-D7: a row-III tile's column-5 any action sends to a common room, whose tile
    resolves before the rest; everything ends and the turn passes on."""
    s = act_position(3, seat=0, fields={3: 1})
    unlock(s, 0, "III-3")  # chapel novice in PUR
    s.window[0] = [[1, 2, 3, 0], [], []]
    give(s, 0, book=2)
    s.messenger_space[0] = 2
    do(s, "take 3x1", "use III-3", "tile PUR W-I col")
    assert s.vp[0] == 5  # row W-I full
    do(s, "use std1 I-1", "to RED-B4")
    assert s.vp[0] == 8
    assert all(t.startswith("tile RED") for t in texts(s) if t != "decline")
    do(s, "tile RED W-II row")
    assert s.goods[0][INFLUENCE] == 2 and s.current != 0


def test_SD9_flip_through_any_action_counts_dice_on_that_tile() -> None:
    """S-D9: an any-action sending IV-5 during a take of 5s scores the 5s still on tile 5."""
    s = act_position(3, seat=0, fields={5: 3})
    put(s, 0, "YEL-B1", "I-1")
    s.messenger_space[0] = 14
    do(s, "take 5x3", "use std5")  # 14 -> 15: any action
    do(s, "use std1 IV-5", "to YEL-K1")
    assert s.vp[0] == 2  # two 5s still lie on tile 5


def test_SD10_immediate_extra_send_lapses_if_extra_already_sent() -> None:
    """S-D10: a nested send of the extra first makes the immediate send lapse."""
    s = act_position(3, seat=0, fields={1: 1})
    unlock(s, 0, "I-1", "I-2", "I-3", "I-4")
    s.window[0] = [[1, 2, 3, 4], [], []]
    give(s, 0, book=2)
    s.messenger_space[0] = 2
    do(s, "take 1x1", "use std1 I-5", "to RED-B4")  # row I complete; common room tile first
    do(s, "tile RED W-I col")  # column 5 bonus: any action, before the free send
    assert "use std1 X-I" in texts(s)
    events = do(s, "use std1 X-I", "to RED-CH")
    assert s.extra_novices[0][0] == 2
    assert any(e.kind == "lapse" for e in events)


def test_SD11_missions_two_of_each_category_sorted() -> None:
    """S-D11: missions listed A, A, B, B, C, C, sorted within a category."""
    from monastic.games.monasterium import GAME

    for seed in range(10):
        missions = GAME.new_game(3, seed).missions  # type: ignore[attr-defined]
        assert [m[0] for m in missions] == ["A", "A", "B", "B", "C", "C"]
        assert missions == sorted(missions)


def test_SD5_roll_is_automatic_and_first_decision_is_value_or_reroll() -> None:
    """S-D5: a placement turn opens with the roll already made."""
    s = act_position(3, seat=0)
    s.phase = "place"
    s.rolled_personal = None
    s.held_personal[0] = 1
    s.held_neutral[0] = 3
    ready(s)
    assert s.rolled_personal is not None and len(s.rolled_neutral) == 3
    assert all(t.startswith(("place", "reroll")) for t in texts(s))
    assert mon("PUR") == 4
