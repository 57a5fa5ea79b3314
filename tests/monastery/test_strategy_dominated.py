"""No dominated choices: over many seeded search decisions, the search never picks a choice
that another legal choice is always at least as good as (checked here from the rules, not
with the strategy's own filter)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from monastic import load_game
from monastic.bots import make
from monastic.games.monastery.actions import (
    Almonry,
    BuyMonk,
    End,
    Exchange,
    Pray,
    Purchase,
    Workshop,
)
from monastic.games.monastery.catalogue import BOARD, BOARD_COLUMNS, TRACK_SPACES
from monastic.games.monastery.heuristic import search_actions
from monastic.games.monastery.state import EMPTY_SPACE


def _letters_left(st: Any) -> int:
    return sum(1 for c in st.board_letters if c not in ("", "+"))


def _free_own_letter(st: Any, seat: int) -> bool:
    """A letter for the seat's own track payable from points without losing a blessing."""
    colour = st.seat_colour[seat]
    full = 0 not in st.tracks[colour]
    prices = BOARD.reduced_price if full else BOARD.full_price
    points = st.scoring_points
    for cell, ch in enumerate(st.board_letters):
        if ch in ("", "+"):
            continue
        price = prices[cell % BOARD_COLUMNS]
        if price > points or BOARD.convert(points - price) != BOARD.convert(points):
            continue
        for s in range(TRACK_SPACES):
            if st.tracks[colour][s] == EMPTY_SPACE and BOARD.tracks[colour][s] == ch:
                return True
    return False


def dominated(st: Any, seat: int, action: Any) -> str:
    """Why ``action`` is dominated here ("" if it is not)."""
    legal = st.legal_actions(seat)
    kinds = {type(a) for a in legal}
    if st.phase == "score" and not st.pending:
        if isinstance(action, Pray | Purchase) and Almonry in kinds:
            return "the Almonry's free blessing was left unused"
        if isinstance(action, Pray | Purchase) and Workshop in kinds:
            return "the Workshop (which may give back its draw) was left unused"
        if isinstance(action, BuyMonk) and action.colour != st.seat_colour[seat]:
            return "bought a rival's monk"
        buying = isinstance(action, End) and st.scoring_stage == 1
        if buying and _letters_left(st) > 1 and _free_own_letter(st, seat):
            return "ended buying while an own letter cost no blessing"
    if st.phase == "step" and not st.pending and isinstance(action, End) and Exchange in kinds:
        return "ended the step without the exchange (which may give back its draw)"
    return ""


def _situations(st: Any, seat: int) -> set[str]:
    """Which of the checks could have fired at this decision."""
    kinds = {type(a) for a in st.legal_actions(seat)}
    out = set()
    if st.phase == "score" and (Almonry in kinds or Workshop in kinds):
        out.add("symbol")
    if st.phase == "score" and BuyMonk in kinds:
        out.add("monk")
    if st.phase == "score" and st.scoring_stage == 1 and _free_own_letter(st, seat):
        out.add("letter")
    if st.phase == "step" and Exchange in kinds:
        out.add("exchange")
    return out


def test_search_makes_no_dominated_choice() -> None:
    """Two search bots play seeded 2-player games; every real decision is checked."""
    game = load_game("monastery")
    seen: Counter[str] = Counter()
    decisions = 0
    for seed in range(2):
        st = game.new_game(2, 4_200 + seed, {})
        bots = [make("ismcts:iterations=30", seed * 10 + s) for s in (0, 1)]
        while not st.is_over():
            (seat,) = st.to_act()
            if len(st.legal_actions(seat)) > 1:
                action = bots[seat].choose(st, seat)
                why = dominated(st, seat, action)
                assert not why, f"seed {seed}, round {st.round}: {action}: {why}"
                seen.update(_situations(st, seat))
                decisions += 1
            else:
                action = st.legal_actions(seat)[0]
            st.apply(seat, action)
    assert decisions > 100
    # the checks had something to check
    assert seen["exchange"] > 10 and seen["letter"] + seen["symbol"] > 3, seen


def test_greedy_makes_no_dominated_choice() -> None:
    """The heuristic (the search's first try at every node) avoids them too, at 2-4 players."""
    game = load_game("monastery")
    seen: Counter[str] = Counter()
    for seed in range(12):
        players = 2 + seed % 3
        st = game.new_game(players, 5_100 + seed, {})
        bots = [make("greedy", seed * 10 + s) for s in range(players)]
        while not st.is_over():
            (seat,) = st.to_act()
            action = bots[seat].choose(st, seat)
            why = dominated(st, seat, action)
            assert not why, f"seed {seed}, round {st.round}: {action}: {why}"
            seen.update(_situations(st, seat))
            st.apply(seat, action)
    assert seen["symbol"] > 3 and seen["monk"] > 10 and seen["exchange"] > 20, seen


def test_search_actions_only_removes_dominated_choices() -> None:
    """What the filter drops is dominated, and it never leaves a decision empty."""
    game = load_game("monastery")
    dropped = 0
    for seed in range(6):
        st = game.new_game(2 + seed % 3, 6_300 + seed, {})
        bots = [make("greedy", seed * 10 + s) for s in range(st.players)]
        while not st.is_over():
            (seat,) = st.to_act()
            legal = st.legal_actions(seat)
            kept = search_actions(st, seat, legal)
            assert kept and set(kept) <= set(legal)
            for a in legal:
                if a not in kept:
                    dropped += 1
                    # a dropped choice is dominated, or it loses to the Almonry's blessing
                    assert (
                        dominated(st, seat, a)
                        or isinstance(a, Almonry | Workshop)
                        or (Almonry in {type(k) for k in kept})
                    ), str(a)
            st.apply(seat, bots[seat].choose(st, seat))
    assert dropped > 50
