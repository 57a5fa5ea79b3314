"""search_clock.py: the game's time a search's ``horizon`` reads, counted in dice."""

from __future__ import annotations

import random

import monastic
from monastic.games.monasterium.actions import Place, Reroll, Take
from monastic.games.monasterium.search_clock import clock, span
from monastic.games.monasterium.state import PHASE_ACT, PHASE_PLACE
from monastic.games.monasterium.strategy import STRATEGY

GAME = monastic.load_game("monasterium")


def test_the_strategy_hands_the_clock_to_the_search() -> None:
    assert STRATEGY.clock is clock


def test_the_clock_never_falls_reads_only_public_facts_and_counts_every_die() -> None:
    """Every die placed and every die used (its follow-up choices made) or forfeited moves
    the clock one tick; re-rolls, takes and choices with more to follow leave it; every
    seat's sampled worlds read the same time."""
    for seed in range(15):
        players = 2 + seed % 3
        st = GAME.new_game(players=players, seed=seed)
        r = random.Random(seed)
        last = clock(st)
        assert last == 0
        while not st.is_over():
            (seat,) = st.to_act()
            before = st.round, st.phase
            action = r.choice(st.legal_actions(seat))
            fields = [sum(f) for f in st.dice_fields]
            events = st.apply(seat, action)
            now = clock(st)
            assert now >= last
            if (st.round, st.phase) == before:
                # Within a half a tick is a die placed, or a die whose action is done.
                if isinstance(action, Place):
                    assert now - last == sum(st.dice_fields[action.value]) - fields[action.value]
                elif isinstance(action, Take):  # dice with no action are forfeited, done
                    assert now - last == sum(e.kind == "forfeit" for e in events)
                elif isinstance(action, Reroll) or st.tasks:
                    assert now == last
                else:
                    assert now > last or st.phase == PHASE_PLACE
            last = now
            for viewer in range(players):
                assert clock(st.determinize(viewer, r)) == now
        assert last == 1 << 30


def test_one_span_is_one_round_at_the_same_point() -> None:
    """A round starts ``span`` ticks after the one before, and placing ends before using
    starts, so ``horizon=span`` looks exactly one round ahead."""
    for players in (2, 3, 4):
        st = GAME.new_game(players=players, seed=players)
        ticks = span(players, st.setup.neutral)
        r = random.Random(players)
        while not st.is_over():
            half = ticks * (st.round - 1) + ticks // 2
            if st.phase == PHASE_PLACE:
                assert ticks * (st.round - 1) <= clock(st) < half
            elif st.phase == PHASE_ACT:
                assert half <= clock(st) <= ticks * st.round
            (seat,) = st.to_act()
            round_before = st.round
            st.apply(seat, r.choice(st.legal_actions(seat)))
            if st.round != round_before and not st.is_over():
                assert clock(st) == ticks * (st.round - 1)
