"""The hour-disc: applying a decision, then everything automatic until the next one.

Rounds (§1.3), the steps and scorings of Study and Toil hours, the draws, prayer hours (P1-P5)
and Night (N1-N3), and the end of the game when E1-E3 says so.
"""

from __future__ import annotations

from typing import Any, Final

from monastic.engine import ROUND, Event
from monastic.games.monastery.actions import Elect, Imprison, Lay, Return
from monastic.games.monastery.catalogue import COLOURS, INSTANCES, N_MONKS
from monastic.games.monastery.rules import brewhouse, common, election, end, scoring, step
from monastic.games.monastery.state import (
    E_PRAYER,
    IN_ABBEY,
    P_PRISON,
    P_RETURN,
    P_TIE,
    R_START,
    UPRIGHT,
    StateData,
)

__all__ = ["apply", "begin_round", "draw_round"]


def apply(st: StateData, seat: int, action: Any, events: list[Event] | None) -> None:
    """Apply a legal decision and run on to the next one, adding what happened to ``events``
    (None: nobody reads them, as in search and random play, so none is built)."""
    st.decisions += 1
    if st.pending:
        p = st.pending.pop()
        if p[0] == P_TIE:
            assert isinstance(action, Elect)
            election.set_abbot(st, common.seat_of_colour(st, action.colour), p[2], events)
        elif p[0] == P_PRISON:
            assert isinstance(action, Imprison)
            election.imprison(st, action.colour, events)
        else:
            assert isinstance(action, Return)
            common.to_bag(st, seat, action.tile, events)
            if p[2] == R_START and _hand_tiles(st, seat) > 3:
                st.pending.append(p)
        _settle(st, events)
        return
    if st.phase == "step":
        if step.apply(st, seat, action, events):
            _next_step(st, events)
        elif type(action) is Lay:  # E2 follows only a placement (no subclasses: no isinstance)
            end.check_e2(st, action, events)
        return
    if st.phase == "score":
        if scoring.apply(st, seat, action, events):
            _end_scoring(st, seat, events)
            return
        if type(action) is Lay:  # E2 follows only a placement (the Stables')
            end.check_e2(st, action, events)
        _settle(st, events)
        return
    if st.phase == "brew":
        if brewhouse.apply(st, seat, action, events):
            _after_brew(st, events)
        return
    raise ValueError("no decision is due")


def _hand_tiles(st: StateData, seat: int) -> int:
    return sum(1 for t in st.hands[seat] if INSTANCES[t].owner_colour < 0)


def _settle(st: StateData, events: list[Event] | None) -> None:
    """Run everything automatic until a decision is due."""
    while not st.over and not st.pending:
        if st.phase == "score":
            seat = st.turn_order[st.turn]
            if scoring.run_on(st, seat, events):
                _end_scoring(st, seat, events)  # which settles what follows
            return
        if st.phase == "starthand":
            while st.turn < st.n and _hand_tiles(st, st.turn_order[st.turn]) <= 3:
                st.turn += 1
            if st.turn < st.n:
                st.pending.append([P_RETURN, st.turn_order[st.turn], R_START])
                return
            _next_round(st, events)
            continue
        if st.phase == "prayer_after_election":
            draw_round(st, events)
            _next_round(st, events)
            continue
        return


def _order_from(st: StateData, first: int) -> tuple[int, ...]:
    return _ORDERS[st.n][first]


#: per number of players (one a colour at most), per first seat: the seats round the table
_ORDERS: Final = tuple(
    tuple(tuple((first + i) % n for i in range(n)) for first in range(n))
    for n in range(COLOURS + 1)
)


def begin_round(st: StateData, events: list[Event] | None) -> None:
    h = common.hour(st)
    st.turn_order = list(_order_from(st, st.abbot))
    st.turn = 0
    if events is not None:
        events.append(Event(ROUND, {"round": st.round, "hour": h, "abbot": st.abbot}))
    if st.round == 1:
        # M-3 / M-63: only drawing at the first Matins.
        draw_round(st, events, 6 if st.start_hand else 3)
        if st.start_hand:
            st.phase = "starthand"
            _settle(st, events)
        else:
            _next_round(st, events)
        return
    if h in common.PRAYER_HOURS or h == common.NIGHT:
        st.brewers = brewhouse.brewers(st)
        st.kept_monks = []
        st.phase = "brew"
        if not st.brewers:
            _after_brew(st, events)
        return
    st.phase = "step"
    step.begin_step(st, st.turn_order[0])


def _next_round(st: StateData, events: list[Event] | None) -> None:
    if st.ending or st.round >= common.LAST_ROUND:
        end.game_over(st, events)
        return
    st.round += 1
    begin_round(st, events)


def _next_step(st: StateData, events: list[Event] | None) -> None:
    st.turn += 1
    if st.turn < st.n:
        step.begin_step(st, st.turn_order[st.turn])
        return
    st.phase = "score"
    st.turn = 0
    scoring.begin_scoring(st, st.turn_order[0], events)
    _settle(st, events)


def _end_scoring(st: StateData, seat: int, events: list[Event] | None) -> None:
    """S6 of ``seat``'s scoring, then the next scoring or round, run on to a decision."""
    scoring.finish(st, seat, events)
    st.turn += 1
    if st.turn < st.n:
        scoring.begin_scoring(st, st.turn_order[st.turn], events)
        _settle(st, events)
        return
    _next_round(st, events)


def draw_round(st: StateData, events: list[Event] | None, count: int = 0) -> None:
    """P5 / M-4: one tile at a time, round-robin from the Abbot, until done or the bag is empty."""
    if not count:
        count = common.DRAWS[common.hour(st)]
    order = _order_from(st, st.abbot)
    for _ in range(count):
        for s in order:
            if common.draw(st, s, events) < 0:
                return


def _after_brew(st: StateData, events: list[Event] | None) -> None:
    """The Brewhouse is done: Night sends everyone home; a prayer hour elects and draws."""
    location = st.monk_location
    if common.hour(st) == common.NIGHT:
        # N2: everyone else goes home.
        kept = st.kept_monks
        for m in range(N_MONKS):
            if location[m] >= 0 and m not in kept:
                common.to_abbey(st, m)
        st.kept_monks = []
        if events is not None:
            events.append(Event("night", {"round": st.round}))
        st.phase = "night"
        _next_round(st, events)
        return
    # P2: every other praying monk, prisoners included, returns.
    posture = st.monk_posture
    for m in range(N_MONKS):
        if posture[m] != UPRIGHT and location[m] >= 0:
            common.to_abbey(st, m)
    st.kept_monks = []
    counts = []
    for colour in st.seat_colour:  # per seat, its monks in the Abbey, counted in C
        counts.append(common.locations_of(st, colour).count(IN_ABBEY))
    st.phase = "prayer_after_election"
    election.hold(st, counts, E_PRAYER, events)
    _settle(st, events)
