"""Cenobitic combos, Salvation and the end of the game (seed 004; rulings C-13..C-18)."""

from __future__ import annotations

import pytest
from position import cards, hand, table

from monastic import IllegalAction, load_game
from monastic.games.medieval_monastery.rules.combos import combo_draws, combo_points, is_combo


def cenobitic(players: int = 2, hands: list[str] | None = None, **kw):  # type: ignore[no-untyped-def]
    return table(players, hands=hands, step="combo", actor=kw.pop("actor", 0), **kw)


@pytest.mark.parametrize(
    ("n", "points", "draws"),
    [(2, 4, 0), (3, 9, 0), (4, 16, 0), (5, 25, 0), (6, 36, 1), (7, 49, 2), (8, 64, 3)],
)
def test_seed004_flush_table(n: int, points: int, draws: int) -> None:
    """Seed 004: N-card flush earns N*N in that suit; 6, 7, 8 cards draw 1, 2, 3."""
    flush = cards(" ".join(f"A{r}" for r in range(1, n + 1)))
    assert is_combo("flush", flush)
    assert combo_points("flush", flush) == [0, 0, 0, 0, 0, 0, points, 0]
    assert combo_draws("flush", n) == draws


@pytest.mark.parametrize(
    ("n", "points"), [(2, 3), (3, 5), (4, 7), (5, 9), (6, 11), (7, 13), (8, 15)]
)
def test_seed004_of_a_kind_scores_in_each_suit_present(n: int, points: int) -> None:
    """Seed 004 (and the spec's typo fix): N of a kind earns 2N-1 in each suit present."""
    kind = cards(" ".join(f"{s}4" for s in "PWSRZOAM"[:n]))
    assert is_combo("kind", kind)
    assert combo_points("kind", kind) == [points] * n + [0] * (8 - n)


@pytest.mark.parametrize(("n", "draws"), [(3, 0), (4, 0), (5, 0), (6, 0), (7, 1), (8, 2), (9, 3)])
def test_seed004_straight_scores_n_in_each_suit_present(n: int, draws: int) -> None:
    """Seed 004: an N-card straight earns N in each suit present; 7, 8, 9 draw 1, 2, 3."""
    straight = cards(" ".join(f"P{r}" if r % 2 else f"W{r}" for r in range(1, n + 1)))
    assert is_combo("straight", straight)
    assert combo_points("straight", straight) == [n, n, 0, 0, 0, 0, 0, 0]
    assert combo_draws("straight", n) == draws


def test_seed004_one_of_each_suit_scores_8_everywhere() -> None:
    """Seed 004: one of each of the 8 suits gains 8 points in each suit."""
    eight = cards("P1 W5 S2 R3 Z4 O6 A7 M8")
    assert is_combo("suits", eight)
    assert combo_points("suits", eight) == [8] * 8


def test_C13_only_the_listed_combos_score() -> None:
    """C-13: straights have distinct consecutive ranks and no wrap; suits is exactly 8 cards."""
    assert not is_combo("straight", cards("P8 P9 W1"))  # no wrap 9-1
    assert not is_combo("straight", cards("P1 W2"))  # at least 3
    assert not is_combo("straight", cards("P1 W2 S2"))
    assert not is_combo("kind", cards("P1 W2"))
    assert not is_combo("flush", cards("P1"))
    assert not is_combo("suits", cards("P1 W5 S2 R3 Z4 O6 A7"))
    assert not is_combo("flush", cards("P1 W1"))


def test_C14_a_set_scores_only_as_the_named_type() -> None:
    """C-14: P1 P2 P3 as flush scores 9 in P; as straight 3 in P."""
    s = cenobitic(hands=["P1 P2 P3", "W1"])
    offered = {str(a) for a in s.legal_actions(0)}
    assert {"combo flush P1 P2 P3", "combo straight P1 P2 P3", "done"} <= offered
    t = s.clone()
    s.apply(0, "combo flush P1 P2 P3")
    t.apply(0, "combo straight P3 P1 P2")
    assert s.suit_scores[0][0] == 9 and t.suit_scores[0][0] == 3


def test_C14_a_long_flush_may_be_split() -> None:
    """C-14: any type may be declared again; a long flush may be split into shorter ones."""
    s = cenobitic(hands=["P1 P2 P3 P4", "W1"])
    s.apply(0, "combo flush P1 P2")
    s.apply(0, "combo flush P3 P4")
    assert s.suit_scores[0][0] == 8


def test_C15_combo_cards_go_to_the_discard_then_score_then_draw() -> None:
    """C-15: a combo's cards are discarded, then it scores, then it draws; drawn cards may combo."""
    s = cenobitic(hands=["O1 O2 O3 O4 O5 O6 P1", "W1"], deck="P2")
    events = s.apply(0, "combo flush O1 O2 O3 O4 O5 O6")
    assert [e.kind for e in events][:2] == ["combo", "draw"]
    assert s.discard[-6:] == cards("O1 O2 O3 O4 O5 O6")
    assert s.suit_scores[0][5] == 36 and hand(s, 0) == "P1 P2"
    s.apply(0, "combo flush P1 P2")
    assert s.suit_scores[0][0] == 4


def test_C13_a_straight_is_one_action_whatever_order_its_cards_are_named_in() -> None:
    """C-13: a straight's cards go by rank inside the action, its text and the discard pile
    (C-15, C-19) go by suit; any spelling parses to the offered action."""
    s = cenobitic(hands=["W1 P2 S3 Z5 Z7", "W9"])
    offered = [a for a in s.legal_actions(0) if str(a) == "combo straight P2 W1 S3"]
    assert len(offered) == 1 and offered[0].cards == tuple(cards("W1 P2 S3"))
    game = load_game("medieval-monastery")
    for text in ("combo straight P2 W1 S3", "combo straight S3 W1 P2", "combo straight w1 p2 s3"):
        assert game.parse_action(text) == offered[0]
    s.apply(0, "combo straight S3 P2 W1")
    assert s.discard[-3:] == sorted(cards("W1 P2 S3")) and hand(s, 0) == "Z5 Z7"


def test_C15_a_card_can_be_in_only_one_combo() -> None:
    """C-15 (seed 004 Cenobitic): a declared combo's cards leave the hand."""
    s = cenobitic(hands=["P1 P2 W2 S2", "W1"])
    s.apply(0, "combo flush P1 P2")
    with pytest.raises(IllegalAction, match="do not hold P2"):
        s.apply(0, "combo kind P2 W2")


def test_C3_cenobitic_skips_hands_of_fewer_than_two_cards() -> None:
    """C-3: in Cenobitic a seat with fewer than 2 cards is skipped; after a combo too."""
    s = cenobitic(3, hands=["P1 P2", "W1", "S1 S2 S3"])
    s.apply(0, "combo flush P1 P2")
    assert s.to_act() == [2]


def test_C16_the_nine_card_flush_wins_at_once() -> None:
    """C-16: declaring all 9 cards of a suit wins at once; no later declarations or Salvation."""
    s = cenobitic(
        3,
        hands=["M1 M2 M3 M4 M5 M6 M7 M8 M9", "P1 P2", "W1 W2"],
        suit_scores=[[1] * 8, [50] * 8, [3] * 8],
    )
    s.apply(0, "combo flush M1 M2 M3 M4 M5 M6 M7 M8 M9")
    assert s.is_over() and s.to_act() == []
    r = s.result()
    assert r.winners == (0,) and r.ranks == (1, 2, 3)
    assert r.scores == (1.0, 50.0, 3.0)
    assert hand(s, 1) == "P1 P2"  # no Salvation


def test_C16_holding_a_nine_card_flush_outside_cenobitic_wins_nothing() -> None:
    """C-16: the flush counts only when declared in Cenobitic."""
    s = table(2, hands=["M1 M2 M3 M4 M5 M6 M7 M8 M9", "P1"])
    assert not s.is_over()
    assert all(str(a).startswith("play") for a in s.legal_actions(0))


def test_C17_final_score_is_the_lowest_suit_and_ranks_count_higher_scores() -> None:
    """C-17: final score = lowest suit (0 while any suit is 0); rank = 1 + players higher."""
    s = cenobitic(
        3,
        hands=["P1 P2", "", ""],
        turn=10,
        turns=10,
        suit_scores=[[5, 9, 9, 9, 9, 9, 9, 9], [7, 4, 6, 6, 6, 6, 6, 6], [0] + [99] * 7],
    )
    s.apply(0, "done")
    r = s.result()
    assert r.scores == (5.0, 4.0, 0.0) and r.winners == (0,) and r.ranks == (1, 2, 3)


def test_C17_everyone_at_zero_all_win() -> None:
    """C-17: all on the top score win, all of them if everyone has 0."""
    s = cenobitic(2, hands=["P1 P2", ""], turn=1, turns=1)
    s.apply(0, "done")
    assert s.result().winners == (0, 1)


def test_C17_C18_the_last_salvation_ends_the_game_with_shared_victory() -> None:
    """C-17/C-18: after the last turn's Salvation the game ends; a tie lists every winner."""
    s = cenobitic(
        3,
        hands=["P1 P2", "", ""],
        turn=10,
        turns=10,
        abbot=0,
        suit_scores=[[5, 9, 9, 9, 9, 9, 9, 9], [7, 5, 6, 6, 6, 6, 6, 6], [0] + [99] * 7],
    )
    s.apply(0, "done")
    assert s.is_over()
    r = s.result()
    assert r.scores == (5.0, 5.0, 0.0)
    assert r.winners == (0, 1) and r.ranks == (1, 1, 3)
    assert s.abbot == 1  # C-18: the cross passes also in the last turn
    assert not any(s.hands)


def test_C18_salvation_discards_hands_passes_the_cross_and_deals_again() -> None:
    """C-18 / seed 004: every hand is discarded, the cross passes clockwise, 10 cards each."""
    s = cenobitic(3, hands=["P1 P2 P3", "W1", "S1"], abbot=0, turn=3)
    events = s.apply(0, "done")
    assert s.turn == 4 and s.abbot == 1
    assert [len(h) for h in s.hands] == [10, 10, 10]
    salvation = [e.data["seat"] for e in events if e.kind == "discard"]
    assert salvation == [0, 1, 2]
    assert s.to_act() == [1]  # the new Abbot plays first


def test_turns_option_sets_the_game_length() -> None:
    """Spec 'Players and length': 10 turns by default; option turns 1..20."""
    game = load_game("medieval-monastery")
    assert game.new_game(4, 1).turns == 10  # type: ignore[attr-defined]
    assert game.new_game(4, 1, {"turns": 1}).turns == 1  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="turns"):
        game.new_game(4, 1, {"turns": 21})


def test_C2_two_to_six_players_and_each_draws_ten() -> None:
    """Spec: 2 to 6 players (6 x 10 fits the deck); the Abbot draws first (C-1)."""
    game = load_game("medieval-monastery")
    for players in range(2, 7):
        s = game.new_game(players, 7)
        assert [len(h) for h in s.hands] == [10] * players  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="2 to 6"):
        game.new_game(7, 1)


def test_first_abbot_option() -> None:
    """Spec: the first Abbot is seat 0 by default, or random with the seed (first_abbot=-1)."""
    game = load_game("medieval-monastery")
    assert game.new_game(3, 1).abbot == 0  # type: ignore[attr-defined]
    assert {game.new_game(3, seed, {"first_abbot": -1}).abbot for seed in range(30)} == {0, 1, 2}  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="first_abbot"):
        game.new_game(3, 1, {"first_abbot": 4})
