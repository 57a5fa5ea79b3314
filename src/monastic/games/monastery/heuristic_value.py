"""Monastery's evaluation: the expected final score of every seat (for bots and the search).

Per seat: the testament now (3 per own large letter, 1 per blessing, minus the V of the
tiles in hand) plus a rough value of the scorings still to come, most of the hand penalty
back while there is time to lay those tiles, and during a seat's own scoring the points
not yet spent.
"""

from __future__ import annotations

from typing import Any

from monastic.games.monastery.catalogue import INSTANCES
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.end import result, testament
from monastic.games.monastery.state import EMPTY_SPACE, IN_ABBEY, UPRIGHT, StateData

__all__ = ["POINT_VALUE", "evaluate", "scorings_left"]

#: Roughly what one point earned in a scoring is worth at the end (letters cost ~5.5 for 3).
POINT_VALUE = 0.55


def scorings_left(st: StateData) -> int:
    """Study and toil rounds from the current one to the last."""
    if st.over:
        return 0
    left = 0
    for r in range(st.round, common.LAST_ROUND + 1):
        h = (r - 1) % common.HOURS_PER_DAY + 1
        if h in common.STUDY_HOURS or h in common.TOIL_HOURS:
            left += 1
    return left


def evaluate(state: Any) -> list[float]:
    """Expected final score per seat: testament now plus a rough value of future scorings."""
    st: StateData = state
    if st.over:
        return list(result(st).scores)
    left = scorings_left(st)
    own = []
    for s in range(st.n):
        t = testament(st, s)["total"]
        upright = sum(
            1
            for m in common.seat_monks(st, s)
            if st.monk_location[m] >= IN_ABBEY and st.monk_posture[m] == UPRIGHT
        )
        letters_free = sum(1 for v in st.tracks[st.seat_colour[s]] if v == EMPTY_SPACE)
        future = min(left * (1.0 + 0.8 * upright) * POINT_VALUE, 3.0 * letters_free + 5)
        # tiles in hand will mostly be laid: count back most of the penalty
        hand_back = 0.7 * sum(INSTANCES[i].value for i in st.hands[s]) * min(1.0, left / 6)
        # points of the scoring in progress are about to become letters or blessings
        pending = (
            st.scoring_points * POINT_VALUE
            if st.phase == "score" and st.turn_order[st.turn] == s
            else 0.0
        )
        own.append(t + future + hand_back + pending)
    if st.team:
        return [
            own[s] + own[common.seat_of_colour(st, (st.seat_colour[s] + 2) % 4)]
            for s in range(st.n)
        ]
    return own
