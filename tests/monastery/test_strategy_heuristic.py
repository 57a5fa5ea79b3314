"""The Monastery greedy heuristic: its symbol, purchase and step choices, and its strength."""

from __future__ import annotations

from mon_helpers import R, clear_monks, empty, monk, put, start_scoring, start_step

from monastic import load_game
from monastic.bots import make
from monastic.engine import Rng
from monastic.games.monastery.actions import Lay, Library, Move
from monastic.games.monastery.catalogue import BOARD, BOARD_COLUMNS
from monastic.games.monastery.heuristic import (
    _lay_value,
    _move_value,
    greedy_action,
    monk_reach,
    widen_order,
)
from monastic.games.monastery.heuristic_classic import classic_greedy_action
from monastic.lab.games import bot_seed


def _scoring_with_monk_on(tile: str, round_: int = 2) -> object:
    st = empty(players=2, round_=round_)
    clear_monks(st)
    put(st, tile, 1, 2)
    monk(st, R, 1, 2)
    start_scoring(st, 0)
    return st


def test_greedy_takes_the_almonry_blessing_before_praying() -> None:
    st = _scoring_with_monk_on("ALMONRY")
    legal = [str(a) for a in st.legal_actions(0)]  # type: ignore[attr-defined]
    assert "almonry" in legal and "pray 1,2" in legal
    assert str(greedy_action(st, 0, Rng(1))) == "almonry"


def test_greedy_uses_the_workshop() -> None:
    st = _scoring_with_monk_on("WORKSHOP", round_=3)
    assert str(greedy_action(st, 0, Rng(1))) == "workshop"


def test_greedy_swaps_letters_with_the_library_when_it_pays() -> None:
    """Red (LIBERANOS) swaps a dear letter it needs into a cheap column, and the cheap
    letter goes to the dear column."""
    st = _scoring_with_monk_on("LIBRARY")
    a = greedy_action(st, 0, Rng(1))
    assert isinstance(a, Library)
    red = set(BOARD.tracks[st.seat_colour[0]])  # type: ignore[attr-defined]
    cols = {c: c % BOARD_COLUMNS for c in (a.a, a.b)}
    dear, cheap = max(cols, key=cols.get), min(cols, key=cols.get)  # type: ignore[arg-type]
    assert st.board_letters[dear] in red  # type: ignore[attr-defined]
    assert cols[dear] - cols[cheap] >= 5


def test_greedy_prays_on_the_chapel_when_it_pays() -> None:
    """In round 4 the monk is freed by the prayer hour next round: 6 points for nothing."""
    st = _scoring_with_monk_on("CHAPEL", round_=4)
    assert str(greedy_action(st, 0, Rng(1))) == "pray 1,2"


def test_greedy_denies_a_letter_only_the_rival_needs() -> None:
    """Two players: a cheap letter that fits only the rival's track is worth a blessing and
    the space it blocks, so with spare points greedy buys it."""
    st = empty(players=2, round_=19)  # a monk would hardly pay back now
    start_scoring(st, 0)
    st.scoring_stage = 1
    own = st.seat_colour[0]
    rival = st.seat_colour[1]
    # fill the own track's spaces so that no own letter is wanted
    st.tracks[own] = [1] * 9
    st.scoring_points = 4
    a = greedy_action(st, 0, Rng(1))
    text = str(a)
    assert text.startswith("buy"), text
    letter_cell = a.cell  # type: ignore[attr-defined]
    assert st.board_letters[letter_cell] in set(BOARD.tracks[rival])
    assert a.colour == rival  # type: ignore[attr-defined]
    assert letter_cell % BOARD_COLUMNS <= 3


def test_greedy_exchanges_rather_than_ending_a_step() -> None:
    st = empty(players=2)
    clear_monks(st)
    monk(st, R)
    from mon_helpers import give

    st.hands[0] = []
    give(st, 0, "GRANARY")  # brown: cannot touch the grey Abbey, so it cannot be laid
    start_step(st, 0)
    legal = [str(a) for a in st.legal_actions(0)]
    assert not any(t.startswith("lay GRANARY") for t in legal)
    assert str(greedy_action(st, 0, Rng(1))) == "exchange"


def _paired_wins(deals: int, seed: int) -> float:
    """Wins of the new heuristic over the first one, each deal played with seats swapped."""
    from monastic import load_game

    game = load_game("monastery")
    wins = 0.0
    for i in range(deals):
        for new_seat in (0, 1):
            st = game.new_game(2, seed + i, {})
            rngs = [Rng(bot_seed(seed + i, s)) for s in (0, 1)]
            while not st.is_over():
                (seat,) = st.to_act()
                world = st.determinize(seat, rngs[seat].spawn())
                policy = greedy_action if seat == new_seat else classic_greedy_action
                st.apply(seat, policy(world, seat, rngs[seat]))
            wins += st.result().reward(new_seat)
    return wins


def test_new_greedy_beats_the_first_heuristic_in_paired_games() -> None:
    """8 deals, both seatings: the current heuristic wins at least 12 of 16."""
    assert _paired_wins(8, 31_000) >= 12


def test_greedy_bot_plays_whole_games() -> None:
    from monastic import load_game

    st = load_game("monastery").new_game(3, 5, {})
    bots = [make("greedy", s) for s in range(3)]
    while not st.is_over():
        (seat,) = st.to_act()
        st.apply(seat, bots[seat].choose(st, seat))
    assert len(st.result().scores) == 3


def test_widening_order_puts_the_best_of_every_kind_first() -> None:
    """``widen_order`` reorders the legal actions: the best lay and the best move by the
    heuristic's values lead, with every kind of action among the first few."""
    game = load_game("monastery")
    bots = [make("greedy", 1), make("greedy", 2)]
    checked = 0
    st = game.new_game(2, 4242)
    while not st.is_over():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        if len(legal) > 24:
            order = widen_order(st, seat, legal)
            assert sorted(map(str, order)) == sorted(map(str, legal))
            kinds = {type(a) for a in legal}
            assert {type(a) for a in order[: len(kinds)]} == kinds
            reach = monk_reach(st, seat) if st.phase == "step" else None  # type: ignore[attr-defined]
            lays = [a for a in order if isinstance(a, Lay)]
            moves = [a for a in order if isinstance(a, Move)]
            if lays:
                values = [_lay_value(st, seat, a, reach) for a in lays]  # type: ignore[arg-type]
                assert values == sorted(values, reverse=True)
            if moves:
                values = [_move_value(st, seat, a) for a in moves]  # type: ignore[arg-type]
                assert values == sorted(values, reverse=True)
            checked += 1
        st.apply(seat, bots[seat].choose(st, seat))
    assert checked > 20
