"""The eight suit actions of the Eremitical phase (seed 004; spec rulings C-1..C-12)."""

from __future__ import annotations

import pytest
from position import cards, hand, table

from monastic import IllegalAction, load_game
from monastic.games.medieval_monastery.catalogue import card_text


def test_C1_seats_go_clockwise_and_orders_give_to_the_right() -> None:
    """C-1: next = seat+1, right = seat-1; Orders gifts go to seat-1."""
    s = table(3, hands=["O1 P1", "W2", "S3"])
    s.apply(0, "play O1")
    assert s.to_act() == [0, 1, 2]
    s.apply(0, "give P1")
    s.apply(2, "give S3")
    s.apply(1, "give W2")
    assert hand(s, 2) == "P1"  # 0's right is 2
    assert hand(s, 0) == "W2"
    assert hand(s, 1) == "S3"


def test_C2_empty_deck_reshuffles_the_discard_pile() -> None:
    """C-2: a draw from an empty deck reshuffles the whole discard pile into a new deck."""
    s = table(2, hands=["P1 P2", "W1"], deck="")
    discard_before = len(s.discard)
    events = s.apply(0, "play P1")
    assert any(e.kind == "reshuffle" for e in events)
    assert len(s.hands[0]) == 3  # P2 + 2 drawn
    assert len(s.deck) + len(s.discard) == discard_before + 1 - 2


def test_C2_draws_yield_fewer_when_deck_and_discard_are_empty() -> None:
    """C-2: with deck and discard both empty a draw yields fewer cards, never an error."""
    others = " ".join(card_text(c) for c in range(72) if c != 9)
    s = table(2, hands=["W1", others], deck="")
    assert not s.discard
    s.apply(0, "play W1")  # the played card is the only discard: Work draws it back
    assert hand(s, 0) == "W1"


def test_C3_empty_hand_is_skipped_but_one_legal_action_is_still_asked() -> None:
    """C-3: a seat with an empty hand is skipped; a seat with one card is still asked."""
    s = table(3, hands=["W1 W2", "", "Z5"], step="play", actor=0)
    s.apply(0, "play W1")  # Work: 0 draws 9 from the deck/discard
    assert s.to_act() == [2]
    assert [str(a) for a in s.legal_actions(2)] == ["play Z5"]


def test_C4_played_card_leaves_the_hand_before_its_action() -> None:
    """C-4: the played card is on the discard pile before its action; Work's hand excludes it."""
    s = table(2, hands=["W5 P1 P2", "S1"], deck="A1 A2 A3 A4 A5 A6 A7 A8 A9")
    events = s.apply(0, "play W5")
    discards = [e for e in events if e.kind == "discard"]
    assert discards[0].data["cards"] == ["P1", "P2"]
    assert s.discard[-3:] == cards("W5 P1 P2")
    assert hand(s, 0) == "A1 A2 A3 A4 A5 A6 A7 A8 A9"  # C-6


def test_C5_prayer_draws_two_then_discards_two_in_one_step() -> None:
    """C-5 / seed 004 Prayer: draw 2, then discard min(2, hand), drawn cards allowed."""
    s = table(2, hands=["P1 W1", "S1"], deck="Z1 Z2")
    s.apply(0, "play P1")
    assert s.step == "discard" and s.to_act() == [0]
    assert len(s.legal_actions(0)) == 3  # 2 of W1 Z1 Z2
    with pytest.raises(IllegalAction, match="exactly 2"):
        s.apply(0, "discard Z1")
    s.apply(0, "discard Z2 Z1")
    assert hand(s, 0) == "W1"


def test_C5_prayer_with_one_card_left_discards_one() -> None:
    """C-5: min(2, hand): one card in hand after drawing means one discard."""
    others = " ".join(card_text(c) for c in range(1, 72))
    s = table(2, hands=["P1", others], deck="")
    s.apply(0, "play P1")  # draws the reshuffled P1, then nothing is left
    assert [str(a) for a in s.legal_actions(0)] == ["discard P1"]


def test_C6_work_discards_the_hand_then_draws_nine() -> None:
    """C-6 / seed 004 Work: discard your hand and draw 9 cards."""
    s = table(2, hands=["W1 P3 P4", "S1"])
    s.apply(0, "play W1")
    assert len(s.hands[0]) == 9
    assert s.to_act() == [1]


def test_C7_rules_reveals_x_cards_and_each_picks_from_the_actor() -> None:
    """C-7 / seed 004 Rules: X = players cards revealed; from the actor clockwise each takes one."""
    s = table(3, hands=["P1", "R4 W1", "S1"], actor=1, abbot=1, deck="A1 A2 A3")
    s.apply(1, "play R4")
    assert sorted(card_text(c) for c in s.centre) == ["A1", "A2", "A3"]
    assert s.to_act() == [1]
    s.apply(1, "pick A2")
    assert s.to_act() == [2]
    s.apply(2, "pick A1")
    assert s.to_act() == [0]
    assert [str(a) for a in s.legal_actions(0)] == ["pick A3"]
    s.apply(0, "pick A3")
    assert hand(s, 0) == "P1 A3"


def test_C7_picking_is_compulsory_even_with_an_empty_hand() -> None:
    """C-7: a player with an empty hand still picks a Rules card."""
    s = table(2, hands=["R1", ""], deck="A1 A2")
    s.apply(0, "play R1")
    s.apply(0, "pick A1")
    assert s.to_act() == [1]
    s.apply(1, "pick A2")
    assert hand(s, 1) == "A2"


def test_C8_saints_draw_reveal_and_highest_bid_wins() -> None:
    """C-8 / seed 004 Saints: all draw 1, a centre card, simultaneous bids, highest rank wins."""
    s = table(3, hands=["Z1 P9", "W3", "S5"], deck="A1 A2 A3 M7")
    s.apply(0, "play Z1")
    assert card_text(s.centre[0]) == "M7"
    assert s.to_act() == [0, 1, 2]
    s.apply(2, "bid S5")
    assert s.to_act() == [0, 1] and hand(s, 2) == "S5 A3"  # C-12: nothing moves yet
    s.apply(0, "bid P9")
    s.apply(1, "bid W3")
    assert "M7" in hand(s, 0)
    assert s.discard[-3:] == cards("P9 W3 S5")


def test_C8_ties_bid_again_among_the_tied_only() -> None:
    """C-8: on a tie for highest, only the tied bid again; suits never break ties."""
    s = table(3, hands=["Z1 P9 P2", "W9 W1", "S5"], deck="A1 A2 A3 M7")
    s.apply(0, "play Z1")
    s.apply(0, "bid P9")
    s.apply(1, "bid W9")
    s.apply(2, "bid S5")
    assert s.to_act() == [0, 1]
    s.apply(0, "bid A1")
    s.apply(1, "bid A2")
    assert "M7" in hand(s, 1)


def test_C8_a_single_bidder_takes_the_centre_card_without_bidding() -> None:
    """C-8: if exactly one eligible (tied) player still holds a card, they take the centre card."""
    s = table(3, hands=["Z1 P9 P2", "W9", "S5"], deck="A1 A2 A3 M7")
    s.apply(0, "play Z1")
    s.apply(0, "bid P9")
    s.apply(1, "bid W9")
    s.apply(2, "bid S5")
    assert hand(s, 1) == "A2"
    s.apply(0, "bid P2")
    s.apply(1, "bid A2")  # tie again on rank 2: 1 has no card left, 0 does
    assert "M7" in hand(s, 0) and s.step == "play"


def test_C9_orders_two_players_exchange_and_a_cardless_player_receives() -> None:
    """C-9: with 2 players the two exchange; a player with no card gives nothing, still receives."""
    s = table(3, hands=["O1 P1", "", "S3"])
    s.apply(0, "play O1")
    assert s.to_act() == [0, 2]
    s.apply(0, "give P1")
    s.apply(2, "give S3")
    assert hand(s, 2) == "P1" and hand(s, 1) == "S3" and hand(s, 0) == ""
    t = table(2, hands=["O1 P1", "S3"])
    t.apply(0, "play O1")
    t.apply(1, "give S3")
    t.apply(0, "give P1")
    assert hand(t, 0) == "S3" and hand(t, 1) == "P1"


def test_C10_monks_gifts_arrive_first_then_the_actor_gives_clockwise() -> None:
    """C-10: others give to the actor at once; then the actor gives one to each, from seat+1."""
    s = table(3, hands=["P5", "M4 W1", "S2"], actor=1, abbot=1)
    s.apply(1, "play M4")
    assert s.to_act() == [0, 2]
    s.apply(0, "give P5")
    s.apply(2, "give S2")
    assert hand(s, 1) == "P5 W1 S2"
    assert s.to_act() == [1] and s.queue == [2, 0]
    s.apply(1, "give P5")  # received cards may be given
    assert hand(s, 2) == "P5"
    s.apply(1, "give S2")
    assert hand(s, 0) == "S2" and s.step == "play"


def test_C10_an_actor_who_runs_out_gives_no_more() -> None:
    """C-10: if the actor runs out, later recipients get none."""
    s = table(3, hands=["M4", "", ""], actor=0)
    s.apply(0, "play M4")  # nobody can give, the actor has nothing
    assert s.step != "monks-out"


def test_C11_abbey_swaps_whole_hands_even_with_an_empty_one() -> None:
    """C-11 / seed 004 Abbey: swap hands with any other player, even one with 0 cards."""
    s = table(3, hands=["A1 P2 P3", "", "S1"])
    s.apply(0, "play A1")
    assert [str(a) for a in s.legal_actions(0)] == ["swap 1", "swap 2"]
    s.apply(0, "swap 1")
    assert hand(s, 0) == "" and hand(s, 1) == "P2 P3"
    assert s.abbot == 0  # only hands swap, never the cross
    assert s.to_act() == [1]  # seat 1 holds cards now, so it plays next


def test_C11_after_a_swap_both_players_know_both_hands() -> None:
    """C-19: after an Abbey swap both players know both hands."""
    s = table(2, hands=["A1 P2 P3", "S1 S2"])
    s.apply(0, "play A1")
    s.apply(0, "swap 1")
    assert s.view(0)["known"] == {"1": ["P2", "P3"]}
    assert s.view(1)["known"] == {"0": ["S1", "S2"]}


def test_C12_a_simultaneous_choice_is_final_and_hidden() -> None:
    """C-12: to_act lists every seat still to choose; a choice is final; nothing is shown."""
    s = table(2, hands=["O1 P1 P2", "S3"])
    s.apply(0, "play O1")
    s.apply(0, "give P1")
    with pytest.raises(IllegalAction, match="not to act"):
        s.apply(0, "give P2")
    assert s.view(1)["my_choice"] is None and s.view(1)["chosen"] == [0]
    theirs = s.view(1)
    assert "P1" not in theirs["hand"] and theirs["known"] == {} and theirs["my_choice"] is None


def test_applying_something_that_is_not_an_action_is_a_type_error() -> None:
    """The unchecked paths name the stray value instead of failing somewhere inside."""
    s = load_game("medieval-monastery").new_game(4, 1)
    for apply in (s.apply_quiet, s.apply_unchecked):
        with pytest.raises(TypeError, match="not a Medieval Monastery action: 'play P1'"):
            apply(0, "play P1")
