"""Sending rulings S-17..S-30 (§5)."""

from __future__ import annotations

from monasterium_pos import act_position, do, give, mon, put, ready, texts, unlock

from monastic.games.monasterium.catalogue import BOOK, DEST_INDEX, INFLUENCE, ROSARY, SOUP, TOOL
from monastic.games.monasterium.rules.sending import (
    MODE_IGNORE,
    MODE_PATRON,
    MODE_STD,
    cloister_cost,
    legal_dests,
)


def dests(s: object, p: int, novice: str, mode: int = MODE_STD) -> list[str]:
    """Destination names a novice may reach (for compact assertions)."""
    from monastic.games.monasterium.catalogue import DEST_NAMES, NOVICE_INDEX

    return [DEST_NAMES[d] for d in legal_dests(s, p, NOVICE_INDEX[novice], mode)]  # type: ignore[arg-type]


def test_S17_chapel_novice_gives_access_but_chapel_send_needs_messenger() -> None:
    """S-17: access by messenger link or own chapel novice; chapels need access too."""
    s = act_position(3, seat=0)
    s.messenger_space[0] = 4  # no links
    assert dests(s, 0, "I-1") == [] and dests(s, 0, "III-1") == []
    put(s, 0, "BLU-CH", "III-2")
    assert all(d.startswith("BLU") for d in dests(s, 0, "I-1"))
    assert dests(s, 0, "III-1") == ["BLU-CH"]
    s.messenger_space[0] = 1
    assert {d[:3] for d in dests(s, 0, "I-1")} == {"RED", "BLU", "PUR"}


def test_S18_any_slot_any_order() -> None:
    """S-18: a row-II novice may go before row I is empty."""
    s = act_position(3, seat=0, fields={1: 1})
    give(s, 0, soup=3)
    do(s, "take 1x1")
    assert "use std1 II-3" in texts(s) and "use std1 IV-1" not in texts(s)


def test_S19_rows_I_II_any_building_type_good_by_type() -> None:
    """S-19: the row sets 2 or 3 goods, the building type which good."""
    s = act_position(3, seat=0)
    give(s, 0, soup=3, tool=2, book=2)
    assert dests(s, 0, "I-1") == [f"RED-B{i}" for i in range(1, 7)] + [
        "PUR-B1",
        "PUR-B2",
        "PUR-B3",
        "PUR-B4",
        "PUR-B5",
        "PUR-B6",
    ]
    assert dests(s, 0, "II-1") == ["RED-B1", "RED-B3", "RED-B5", "PUR-B2", "PUR-B4", "PUR-B6"]


def test_S20_no_send_without_paying() -> None:
    """S-20: without Influence no building or chapel send; no credit."""
    s = act_position(3, seat=0)
    give(s, 0, influence=0)
    assert dests(s, 0, "I-1") == [] and dests(s, 0, "III-1") == []


def test_S21_cost_steps_ignore_extras() -> None:
    """S-21: cloister cost counts earlier row-IV sends, capped at 3; extras do not count."""
    s = act_position(3, seat=0)
    assert cloister_cost(s, 0) == 1
    unlock(s, 0, "IV-1", "IV-2")
    assert cloister_cost(s, 0) == 3
    unlock(s, 0, "IV-3")
    assert cloister_cost(s, 0) == 3
    put(s, 0, "GRN-K1", "X-IV")
    assert cloister_cost(s, 0) == 3


def test_S22_chapel_capacity_counts_all_players_extras_included() -> None:
    """S-22: a full chapel takes no novice at all, not even a free extra."""
    s = act_position(2, seat=0)
    for p, k in ((1, 3), (0, 1)):
        for _ in range(k):
            s.chapels[mon("RED")][p] += 1
    s.extra_novices[0][0] = 1
    assert "RED-CH" not in dests(s, 0, "X-I") and "RED-CH" not in dests(s, 0, "III-1")
    assert "PUR-CH" in dests(s, 0, "X-I")


def test_S23_cloister_needs_own_adjacent_unblocked_building() -> None:
    """S-23: another player's building novice never helps; blocked buildings never do."""
    s = act_position(3, seat=0)
    put(s, 1, "RED-B1")
    assert dests(s, 0, "IV-1") == []
    put(s, 0, "RED-B2")
    assert dests(s, 0, "IV-1") == ["RED-K1", "RED-K2"]
    two = act_position(2, seat=0)
    put(two, 0, "RED-B4")
    assert dests(two, 0, "IV-1") == ["RED-K3"]  # K4 is blocked (2p)


def test_S24_II1_ignores_only_access_and_may_send_extras() -> None:
    """S-24: II-1 lifts access but not occupancy or costs; send actions may send extras."""
    s = act_position(3, seat=0)
    s.messenger_space[0] = 4
    put(s, 1, "BLU-B2")
    got = dests(s, 0, "I-1", MODE_IGNORE)
    assert "BLU-B2" not in got and "BLU-B1" not in got  # BLU-B1 is a workshop: no Tools
    assert "YEL-B1" in got
    s.extra_novices[0][1] = 1
    s2 = act_position(3, seat=0, fields={1: 1})
    unlock(s2, 0, "II-1")
    s2.extra_novices[0][1] = 1
    s2.messenger_space[0] = 4
    do(s2, "take 1x1")
    assert "use II-1 X-II" in texts(s2) and "use std1 X-II" not in texts(s2)


def test_S25_patron_once_never_below_zero() -> None:
    """S-25: II-4 makes a building send cost 0 Influence, never less."""
    s = act_position(3, seat=0, fields={4: 1})
    unlock(s, 0, "II-4")
    give(s, 0, influence=0)
    profane = ["RED-B1", "RED-B3", "RED-B5", "PUR-B2", "PUR-B4"]  # PUR-B6 holds the II-4 novice
    assert dests(s, 0, "I-1", MODE_PATRON) == profane
    do(s, "take 4x1", "use II-4 I-1", "to RED-B1")
    assert s.goods[0][INFLUENCE] == 0 and s.goods[0][SOUP] == 0


def test_S26_extra_free_send_at_once_or_later_without_II1_exemption() -> None:
    """S-26: the row's extra goes at once for free (normal access), or waits."""
    s = act_position(3, seat=0, fields={1: 1, 4: 1})
    unlock(s, 0, "II-1", "II-2", "II-3", "II-4")
    give(s, 0, soup=3, influence=3)
    s.messenger_space[0] = 4  # no access anywhere: II-1 sends, the free extra cannot follow
    events = do(s, "take 1x1", "use II-1 II-5", "to YEL-B1", "bonus tool")
    assert s.extra_novices[0][1] == 1  # available, the immediate send lapsed for want of access
    assert any(e.kind == "lapse" for e in events)
    later = act_position(3, seat=0, fields={1: 1})
    unlock(later, 0, "II-1", "II-2", "II-3", "II-4", "II-5")
    later.extra_novices[0][1] = 1
    later.messenger_space[0] = 4
    do(later, "take 1x1", "use II-1 X-II", "to GRN-CH")
    assert later.goods[0][INFLUENCE] == 2 and later.extra_novices[0][1] == 2


def test_S26_declining_the_free_send_keeps_it_available() -> None:
    """S-26: a declined immediate send leaves the extra for a later send action."""
    s = act_position(3, seat=0, fields={1: 2})
    unlock(s, 0, "I-1", "I-2", "I-3", "I-4")
    do(s, "take 1x2", "use std1 I-5", "to RED-B1", "bonus tool", "decline")
    assert s.extra_novices[0][0] == 1
    assert "use std1 X-I" in texts(s)


def test_S27_extra_never_unlocks_or_flips() -> None:
    """S-27: an extra to a cloister changes no slot and scores no flip."""
    s = act_position(3, seat=0, fields={1: 1})
    put(s, 0, "RED-B1", "I-1")
    s.extra_novices[0][3] = 1
    before = s.occupied_slots[0]
    do(s, "take 1x1", "use std1 X-IV", "to RED-K1")
    assert s.occupied_slots[0] == before and s.vp[0] == 0 and s.goods[0][ROSARY] == 1


def test_S28_building_reward_vp_first_good_lapses_on_empty_supply() -> None:
    """S-28: VP at once; the Tool lapses when the supply is out (S-36 may decline it too)."""
    s = act_position(3, seat=1, fields={1: 1})
    give(s, 0, tool=20)
    do(s, "take 1x1", "use std1 I-1", "to RED-B1")
    assert s.vp[1] == 1 and s.goods[1][TOOL] == 0
    assert s.current != 1 or not s.tasks


def test_S29_common_room_tile_lapses_alone() -> None:
    """S-29: an empty stack loses only the tile, not the 3 VP."""
    s = act_position(3, seat=0, fields={1: 1})
    give(s, 0, book=2)
    s.tile_stacks[mon("RED")] = 0
    do(s, "take 1x1", "use std1 I-1", "to RED-B4")
    assert s.vp[0] == 3 and s.goods[0][BOOK] == 0 and not s.tasks


def test_S30_window_action_from_any_own_chapel_extras_included() -> None:
    """S-30: III-x tiles come from monasteries where one's chapel novice (even an extra) is."""
    s = act_position(3, seat=0, fields={3: 1})
    unlock(s, 0, "III-3")  # its novice went to PUR-CH
    put(s, 0, "GRN-CH", "X-I")
    do(s, "take 3x1", "use III-3")
    tiles = texts(s)
    assert {t.split()[1] for t in tiles} == {"GRN", "PUR"} and "decline" not in tiles


def test_S30_window_action_not_offered_without_chapel_novice() -> None:
    """§4.2 III: no chapel novice, no window action."""
    s = act_position(3, seat=0, fields={3: 1})
    unlock(s, 0, "III-3")
    s.chapels[mon("PUR")][0] = 0
    s.extra_novices[0][2] = 0
    put(s, 0, "RED-B1")  # keep the novice count whole
    ready(s)
    do(s, "take 3x1")
    assert "use III-3" not in texts(s)
    assert DEST_INDEX["PUR-CH"] == 64
