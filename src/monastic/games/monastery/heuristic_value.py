"""Monastery's evaluation: the expected final score of every seat (for bots and the search).

Per seat: the testament now (3 per own large letter, 1 per blessing, minus the V of the
tiles in hand) plus a rough value of the scorings still to come, most of the hand penalty
back while there is time to lay those tiles, and during a seat's own scoring the points
not yet spent.
"""

from __future__ import annotations

from typing import Any, Final

from monastic.games.monastery.catalogue import BOARD, INSTANCES, MONKS_PER_COLOUR
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.end import result, testament
from monastic.games.monastery.state import EMPTY_SPACE, IN_ABBEY, UPRIGHT, StateData

__all__ = [
    "POINT_VALUE",
    "SPEND_VALUE",
    "evaluate",
    "held_on_unfinished",
    "scorings_left",
]

#: Roughly what one point earned in a scoring is worth at the end (letters cost ~5.5 for 3).
POINT_VALUE = 0.55
#: What a point of the scoring in progress is worth while letters remain to buy with it.
SPEND_VALUE = 0.45


def held_on_unfinished(st: StateData, seat: int) -> tuple[int, int, int]:
    """What ``seat``'s monks hold on unfinished tiles, in one pass: their box points on fully
    occupied tiles (paid at S1), their box points on tiles still filling, and the
    encouragement blessings lying on the tiles where they work."""
    full = filling = blessings = 0
    colour = st.seat_colour[seat]
    for i in st.laid_order:
        if st.tile_finished[i]:
            continue
        boxes = st.tile_box_monks[i]
        t = INSTANCES[i]
        points = 0
        mine = False
        for b, m in enumerate(boxes):
            if m >= 0 and m // MONKS_PER_COLOUR == colour:
                points += t.boxes[b] if not t.group else 1
                mine = True
        if not mine:
            continue
        if -1 in boxes:
            filling += points
        else:
            full += points
        blessings += st.tile_blessings[i]
    return full, filling, blessings


def scorings_left(st: StateData) -> int:
    """Study and toil rounds from the current one to the last."""
    if st.over or st.round > common.LAST_ROUND:
        return 0
    return _SCORINGS_FROM[st.round]


def _is_scoring_round(r: int) -> bool:
    h = (r - 1) % common.HOURS_PER_DAY + 1
    return h in common.STUDY_HOURS or h in common.TOIL_HOURS


#: per round number (0 to the last), the study and toil rounds from it to the last
_SCORINGS_FROM: Final = tuple(
    sum(1 for r in range(first, common.LAST_ROUND + 1) if _is_scoring_round(r))
    for first in range(common.LAST_ROUND + 1)
)


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
        # points of the scoring in progress are about to become letters or blessings: at
        # least the blessings they convert to, more while letters are there to buy
        pending = 0.0
        if st.phase == "score" and st.turn_order[st.turn] == s:
            p = st.scoring_points
            pending = max(float(BOARD.convert(p)), SPEND_VALUE * p * (letters_free > 0))
        # monks filling a tile build it at the coming scoring: its points are nearly sure
        # (a seat whose scoring this round has begun has them already)
        to_score = st.phase == "step" or (st.phase == "score" and s in st.turn_order[st.turn + 1 :])
        building = held_on_unfinished(st, s)[0] * POINT_VALUE if to_score else 0.0
        own.append(t + future + hand_back + pending + building)
    if st.team:
        return [
            own[s] + own[common.seat_of_colour(st, (st.seat_colour[s] + 2) % 4)]
            for s in range(st.n)
        ]
    return own
