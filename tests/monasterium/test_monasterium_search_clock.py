"""search_clock.py: the game's time a search's ``horizon`` reads, in half-rounds."""

from __future__ import annotations

import random

import monastic
from monastic.games.monasterium.search_clock import clock
from monastic.games.monasterium.state import PHASE_ACT
from monastic.games.monasterium.strategy import STRATEGY

GAME = monastic.load_game("monasterium")


def test_the_strategy_hands_the_clock_to_the_search() -> None:
    assert STRATEGY.clock is clock


def test_the_clock_counts_halves_of_rounds_and_reads_only_public_facts() -> None:
    """It moves only where the dice have all been placed or all been used, by one half a
    time, and every seat's sampled worlds read the same time."""
    for seed in range(15):
        players = 2 + seed % 3
        st = GAME.new_game(players=players, seed=seed)
        r = random.Random(seed)
        last = clock(st)
        assert last == 0
        while not st.is_over():
            (seat,) = st.to_act()
            phase = st.phase
            st.apply(seat, r.choice(st.legal_actions(seat)))
            now = clock(st)
            if st.is_over():
                break
            assert now == 2 * (st.round - 1) + (st.phase == PHASE_ACT)
            assert now - last == (st.phase != phase)
            last = now
            for viewer in range(players):
                assert clock(st.determinize(viewer, r)) == now
        assert clock(st) == 1 << 30 and last == 2 * 3 * players - 1
