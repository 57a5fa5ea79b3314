"""The Study trading window (spec rulings C-20..C-23)."""

from __future__ import annotations

import pytest
from position import hand, table

from monastic import IllegalAction, load_game
from monastic.engine import ActionSyntaxError


def study(players: int = 3, hands: list[str] | None = None):  # type: ignore[no-untyped-def]
    s = table(players, hands=hands or ["S1 P1 P2", "W1 W2", "Z3 O4"])
    s.apply(0, "play S1")
    return s


def test_C20_traders_hold_a_card_and_the_study_player_offers_first() -> None:
    """C-20: traders are players holding a card; from the Study player clockwise."""
    s = study()
    assert s.step == "offer" and s.to_act() == [0]
    offers = [str(a) for a in s.legal_actions(0)]
    assert offers[0] == "done"
    assert "offer 1 P1 for W" in offers and "offer 2 P2 for 4" in offers
    assert len(offers) == 1 + 2 * 2 * 17  # 2 targets x 2 cards x (8 suits + 9 ranks)


def test_C20_fewer_than_two_traders_skips_the_window() -> None:
    """C-20: with fewer than two traders the window is skipped."""
    s = table(3, hands=["S1", "W1", ""])
    s.apply(0, "play S1")
    assert s.step == "play" and s.to_act() == [1]


def test_C20_the_target_accepts_with_a_matching_card_and_the_cards_swap() -> None:
    """C-20: accept with a matching card of one's choice; the two cards swap."""
    s = study(3, ["S1 P1 P2", "W1 W2 Z5", "Z3 O4"])
    s.apply(0, "offer 1 P1 for W")
    assert s.to_act() == [1]
    assert [str(a) for a in s.legal_actions(1)] == ["accept 1 W1", "accept 1 W2", "reject 1"]
    with pytest.raises(IllegalAction, match="does not match"):
        s.apply(1, "accept 1 Z5")
    s.apply(1, "accept 1 W2")
    assert hand(s, 0) == "P2 W2" and hand(s, 1) == "P1 W1 Z5"
    assert s.to_act() == [1]  # C-20: the turn passes to the next trader clockwise


def test_C20_reject_is_always_legal_even_with_a_match() -> None:
    """C-20: reject is always legal, also when holding a match."""
    s = study()
    s.apply(0, "offer 2 P1 for 3")
    assert "reject 1" in [str(a) for a in s.legal_actions(2)]
    s.apply(2, "reject 1")
    assert hand(s, 0) == "P1 P2"


def test_C21_offers_are_one_for_one_and_numbered() -> None:
    """C-21: 1-for-1 only, hand sizes never change; offers numbered 1, 2, ... in the window."""
    s = study()
    sizes = [len(h) for h in s.hands]
    s.apply(0, "offer 1 P1 for W")
    s.apply(1, "accept 1 W1")
    s.apply(1, "offer 2 W2 for O")
    assert s.pending_offer is not None and s.pending_offer[0] == 2
    s.apply(2, "accept 2 O4")
    assert [len(h) for h in s.hands] == sizes
    with pytest.raises(ActionSyntaxError):
        load_game("medieval-monastery").parse_action("offer 1 P1 P2 for W")


def test_C22_a_trader_is_done_after_three_answered_offers_but_still_answers() -> None:
    """C-22: done after 'done' or the 3rd answered offer; a done trader still answers."""
    s = study(2, ["S1 P1 P2 P3", "W1 W2"])
    s.apply(0, "offer 1 P1 for Z")  # 1
    s.apply(1, "reject 1")
    s.apply(1, "offer 0 W1 for A")  # 2
    s.apply(0, "reject 2")
    s.apply(0, "offer 1 P1 for Z")  # 3
    s.apply(1, "reject 3")
    s.apply(1, "done")
    s.apply(0, "offer 1 P2 for Z")  # 4: seat 0's third offer
    s.apply(1, "reject 4")
    assert s.done_trading == [True, True] and s.step == "play"


def test_C22_a_done_trader_still_answers_offers() -> None:
    """C-22: a trader who said done still answers offers made to them."""
    s = study(2, ["S1 P1 P2 P3", "W1 W2"])
    s.apply(0, "done")
    assert s.to_act() == [1]
    s.apply(1, "offer 0 W1 for P")
    assert s.to_act() == [0]
    s.apply(0, "accept 1 P2")
    assert hand(s, 1) == "P2 W2"
    assert s.to_act() == [1]


def test_C22_the_window_closes_when_all_traders_are_done() -> None:
    """C-22: the window closes when all traders are done; the next player then plays."""
    s = study()
    s.apply(0, "done")
    s.apply(1, "done")
    assert s.step == "offer" and s.to_act() == [2]
    s.apply(2, "done")
    assert s.step == "play" and s.to_act() == [1]


def test_C23_the_engine_has_no_clock_and_no_pass_or_timeout_action() -> None:
    """C-23 / C-3: there is no pass or timeout action; a clock enters ordinary moves."""
    game = load_game("medieval-monastery")
    for text in ("pass", "timeout"):
        with pytest.raises(ActionSyntaxError, match="unknown action"):
            game.parse_action(text)
    s = study()
    s.apply(0, "offer 1 P1 for W")
    s.apply(1, "reject 1")  # what a clock would enter: reject K, then done for each
    for seat in (1, 2, 0):
        s.apply(seat, "done")
    assert s.step == "play"


def test_C19_offers_are_public_but_the_accept_card_is_seen_by_the_two_only() -> None:
    """C-19: every offer and answer is public; the accept card only to giver and receiver."""
    s = study()
    offer_events = s.apply(0, "offer 1 P1 for W")
    assert offer_events[0].for_seat(2) is not None and offer_events[0].for_seat(2)["card"] == "P1"
    events = s.apply(1, "accept 1 W2")
    accept = next(e for e in events if e.kind == "accept")
    assert accept.for_seat(0)["card"] == "W2"  # type: ignore[index]
    assert "card" not in accept.for_seat(2)  # type: ignore[operator]
    assert s.view(2)["known"] == {"1": ["P1"]}  # the offered card was named in public
    assert s.view(0)["known"] == {"1": ["P1"]}
    assert s.view(1)["known"] == {"0": ["W2"]}
