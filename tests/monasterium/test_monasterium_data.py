"""Component data against the spec's tables (§1, §2, §4, §6, §7, §8, Appendix A)."""

from __future__ import annotations

import dataclasses

import pytest

from monastic.games.monasterium import catalogue as c


def test_monasteries_and_buildings_match_6_1() -> None:
    """§6.1: building types per monastery and the whole-board totals."""
    expected = {
        "RED": "PWPCPW",
        "GRN": "PCWPWP",
        "BLU": "WPCWPC",
        "YEL": "PWWCPW",
        "PUR": "CPWPCP",
    }
    assert c.MON_IDS == ("RED", "GRN", "BLU", "YEL", "PUR")  # S-54
    assert c.MON_NAMES == ("Rotenfels", "Grünau", "Blauenstein", "Goldbach", "Lilienthal")
    for m, types in enumerate(expected.values()):
        assert "".join(c.BUILDING_TYPE[m * 6 : m * 6 + 6]) == types
    all_types = "".join(c.BUILDING_TYPE)
    assert (all_types.count("P"), all_types.count("W"), all_types.count("C")) == (13, 10, 7)
    two_p = "".join(t for i, t in enumerate(c.BUILDING_TYPE) if i % 6 < 4)
    assert (two_p.count("P"), two_p.count("W"), two_p.count("C")) == (8, 7, 5)


def test_building_goods_and_rewards_5_3() -> None:
    """§5.1/§5.3: Soup/Tool/Book costs; 1 VP + Tool, 2 VP + Book, 3 VP + tile."""
    for b, t in enumerate(c.BUILDING_TYPE):
        good, vp, reward, tile = {
            "P": (c.SOUP, 1, c.TOOL, False),
            "W": (c.TOOL, 2, c.BOOK, False),
            "C": (c.BOOK, 3, -1, True),
        }[t]
        assert (c.BUILDING_GOOD[b], c.BUILDING_VP[b], c.BUILDING_REWARD_GOOD[b]) == (
            good,
            vp,
            reward,
        )
        assert c.BUILDING_TILE[b] is tile


def test_cloister_adjacency_6_3() -> None:
    """§6.3: K1..K6 between neighbouring buildings, inside one monastery."""
    assert c.CLOISTER_ADJ[0] == (0, 1)
    assert c.CLOISTER_ADJ[5] == (5, 0)
    assert c.CLOISTER_ADJ[2 * 6 + 2] == (2 * 6 + 2, 2 * 6 + 3)  # BLU-K3 -> BLU-B3, BLU-B4
    for k, (a, b) in enumerate(c.CLOISTER_ADJ):
        assert a // 6 == b // 6 == k // 6


def test_road_6_4_links_and_bonuses() -> None:
    """§6.4: 20 spaces; links RED {1,2,3} ... PUR {17,18,19,1}; 12 bonus spaces."""
    assert c.ROAD_LEN == 20
    links = {
        m: [sp for sp in range(1, 21) if c.MON_INDEX[m] in c.ROAD_LINKS[sp]] for m in c.MON_IDS
    }
    assert links == {
        "RED": [1, 2, 3],
        "GRN": [5, 6, 7],
        "BLU": [9, 10, 11],
        "YEL": [13, 14, 15],
        "PUR": [1, 17, 18, 19],
    }
    kinds = [c.ROAD_BONUS[sp] for sp in range(1, 21)]
    assert kinds.count("inf_or_ros") == 3 and kinds.count("soup_swap") == 3
    assert kinds.count("any_action") == 2 and kinds.count("window_any") == 2
    assert kinds.count("personal_die") == 2 and kinds.count(None) == 8
    assert [sp for sp in range(1, 21) if c.ROAD_BONUS[sp] == "personal_die"] == [6, 16]
    assert [sp for sp in range(1, 21) if c.ROAD_BONUS[sp] == "window_any"] == [12, 20]
    assert [sp for sp in range(1, 21) if c.ROAD_BONUS[sp] == "any_action"] == [8, 15]
    assert [sp for sp in range(1, 21) if c.ROAD_BONUS[sp] == "inf_or_ros"] == [2, 10, 18]
    assert [sp for sp in range(1, 21) if c.ROAD_BONUS[sp] == "soup_swap"] == [4, 13, 19]


def test_standard_and_slot_actions_4_1_4_2() -> None:
    """§4.1 (S-1): 1 send, 2 Soup, 3 Rosary, 4 Influence, 5 move; §4.2 the 20 slots."""
    std = c.STANDARD
    assert std[0].kind == "send" and not std[0].ignore_access and std[0].discount == 0
    assert (std[1].goods, std[2].goods, std[3].goods) == ((c.SOUP,), (c.ROSARY,), (c.INFLUENCE,))
    assert (std[4].kind, std[4].move_max) == ("move", 1)
    eff = {sid: c.SLOT_EFFECT[i] for i, sid in enumerate(c.SLOT_IDS)}
    assert eff["I-1"].kind == "choose" and eff["I-1"].goods == (c.INFLUENCE, c.ROSARY)
    assert eff["I-2"].goods == (c.TOOL,)
    assert eff["I-3"].goods == (c.ROSARY,) and (eff["I-3"].pay, eff["I-3"].get) == (c.TOOL, c.BOOK)
    assert eff["I-4"].goods == (c.INFLUENCE, c.SOUP)
    assert eff["I-5"].goods == (c.SOUP, c.ROSARY)
    assert eff["II-1"].kind == "send" and eff["II-1"].ignore_access
    assert eff["II-2"].goods == (c.SOUP, c.SOUP, c.TOOL)
    assert eff["II-3"].goods == (c.ROSARY, c.ROSARY, c.INFLUENCE)
    assert eff["II-4"].kind == "send" and eff["II-4"].discount == 1
    assert (eff["II-5"].move_min, eff["II-5"].move_max) == (1, 3)
    assert all(eff[f"III-{k}"].kind == "window" for k in range(1, 6))
    assert all(eff[f"IV-{k}"].kind == "flip" for k in range(1, 6))


def test_window_7_1() -> None:
    """§7.1: row bonuses and VP, column bonuses and VP (38 VP for a full window)."""
    assert c.ROW_VP == (5, 6, 7) and c.COL_VP == (2, 3, 4, 5, 6)
    assert sum(c.ROW_VP) + sum(c.COL_VP) == 38
    assert c.ROW_BONUS[0].kind == "move" and c.ROW_BONUS[0].move_max == 1
    assert c.ROW_BONUS[1].goods == (c.INFLUENCE,) and c.ROW_BONUS[2].goods == (c.ROSARY,)
    assert [b.goods for b in c.COL_BONUS[:4]] == [
        (c.SOUP,),
        (c.TOOL,),
        (c.INFLUENCE, c.SOUP),
        (c.BOOK,),
    ]
    assert c.COL_BONUS[4].kind == "any"


def test_missions_8() -> None:
    """§8.2/§8.3: the 15 cards, VP by year, three different monasteries per card (S-55)."""
    expected_ids = tuple(f"{k}{i}" for k in "ABC" for i in range(1, 6))
    assert expected_ids == c.MISSION_IDS
    a1 = c.MISSION_BY_ID["A1"]
    assert a1.needs == ((0, "CH"), (1, "BU"), (3, "BU")) and a1.vp_by_year == (9, 6, 3)
    b3 = c.MISSION_BY_ID["B3"]
    assert b3.needs == ((2, "CL"), (4, "CL"), (0, "CH")) and b3.vp_by_year == (14, 10, 7)
    for card in c.MISSIONS:
        if card.needs:
            assert len({m for m, _ in card.needs}) == 3
            assert {a for _, a in card.needs} <= {"CH", "BU", "CL"}  # S-56
    cs = {m.id: (m.condition, m.count, m.vp) for m in c.MISSIONS if m.category == "C"}
    assert cs == {
        "C1": ("personal_dice", 3, 7),
        "C2": ("cloister_novices", 6, 10),
        "C3": ("laps", 1, 7),
        "C4": ("window_tiles", 9, 8),
        "C5": ("monasteries_present", 5, 8),
    }


@pytest.mark.parametrize(
    ("n", "neutral", "tiles", "cap", "blocked"),
    [(2, 5, 4, 4, 10), (3, 3, 6, 6, 0), (4, 2, 8, 8, 0)],
)
def test_setup_table_2(n: int, neutral: int, tiles: int, cap: int, blocked: int) -> None:
    """§2/§10: neutral dice, tiles per stack, chapel capacity, 2p blocking."""
    setup = c.PLAYER_SETUP[n]
    assert (setup.neutral, setup.tiles_per_monastery, setup.chapel_cap) == (neutral, tiles, cap)
    assert len(setup.blocked_buildings) == blocked == len(setup.blocked_cloisters)
    assert setup.neutral * n + n == 12  # every count starts with 12 dice


def test_supply_and_start_goods() -> None:
    """§1, Appendix A: limited supply (S-44) and 2 Influence, 2 Soup, 1 Rosary to start."""
    assert c.SUPPLY == (36, 30, 30, 20, 12)
    assert c.START_GOODS == (2, 2, 1, 0, 0)
    assert c.CHAPEL_SPREAD == (0, 1, 3, 6, 10, 15) and c.CLOISTER_CHAPEL_MULT == 2
    assert (c.TOOL_VP, c.BOOK_VP, c.BASIC_DIVISOR, c.MAJORITY_VP) == (1, 2, 2, 5)


def test_data_objects_are_frozen() -> None:
    """Data loads once into frozen objects."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.MISSIONS[0].vp = 99  # type: ignore[misc]
    with pytest.raises(TypeError):
        c.DATA["years"] = 4  # type: ignore[index]
