"""Monastery's fitted evaluation: the search's estimate of every seat's final score.

A linear model fitted on greedy self-play (``data/evaluation.json``, written by
``scripts/fit_monastery_evaluation.py``): each feature of ``position_features`` weighed by a
quadratic in the share of the game left, one set of weights per player count. The features
are the parts of the hand-written estimate (``heuristic_value.evaluate``, which the greedy
heuristic keeps using) taken apart, so the fit sets what each is worth and when, plus what
a seat's monks hold now. Exact (the final score) once the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from monastic.engine.fitted import Terms, quadratic_terms, read_fitted
from monastic.games.monastery.catalogue import BOARD, INSTANCES, MONKS_PER_COLOUR
from monastic.games.monastery.heuristic_value import (
    POINT_VALUE,
    SPEND_VALUE,
    held_on_unfinished,
    scorings_left,
)
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.end import result
from monastic.games.monastery.state import (
    CROSS,
    EMPTY_SPACE,
    IN_ABBEY,
    LARGE_LETTER,
    OUT,
    SMALL_LETTER,
    UPRIGHT,
    StateData,
)

__all__ = [
    "FEATURES",
    "WEIGHTS",
    "EvaluationWeights",
    "estimate",
    "evaluate",
    "moment",
    "position_features",
    "share_left",
]

#: The features of ``position_features``, in order (the data file names them too).
FEATURES = (
    "letter_points",
    "blessings",
    "hand_value",
    "hand_back",
    "letters_free",
    "small_letters_held",
    "upright_monks",
    "lying_monks",
    "monks_out",
    "monks_in_abbey",
    "monks_on_finished",
    "future",
    "scorings_times_upright",
    "pending",
    "full_tile_points",
    "partial_box_points",
    "encouraged_blessings",
    "work_next",
    "tiles_in_hand",
    "turn_place",
    "one",
)


@dataclass(frozen=True, slots=True)
class EvaluationWeights:
    """One player count's weights. A seat's value is its features less the mean of every
    seat's, weighed by ``relative``, plus that mean weighed by ``level``; ``(a, b, c)``
    weighs a feature by a + b*left + c*left**2, ``left`` the share of the rounds to play."""

    relative: Terms
    level: Terms


def _load() -> MappingProxyType[int, EvaluationWeights]:
    entries = read_fitted("monastic.games.monastery", FEATURES)
    return MappingProxyType(
        {
            n: EvaluationWeights(
                quadratic_terms(entry, "relative", len(FEATURES)),
                quadratic_terms(entry, "level", len(FEATURES)),
            )
            for n, entry in entries.items()
        }
    )


WEIGHTS = _load()


def share_left(round_: int) -> float:
    """The share of the game's rounds still to play, this one included (1 at the start)."""
    return (common.LAST_ROUND - round_ + 1) / common.LAST_ROUND


#: what every seat's features read of the position alike (``moment``): the study and toil
#: rounds left, and whether the next of them is a study hour, or a toil hour
Moment = tuple[int, bool, bool]


def moment(st: StateData) -> Moment:
    """The part of ``position_features`` that is the same for every seat, worked out once."""
    left = scorings_left(st)
    for r in range(st.round, common.LAST_ROUND + 1):
        h = (r - 1) % common.HOURS_PER_DAY + 1
        if h in common.STUDY_HOURS or h in common.TOIL_HOURS:
            return left, h in common.STUDY_HOURS, h in common.TOIL_HOURS
    return left, False, False


def position_features(st: StateData, seat: int, now: Moment) -> list[float]:
    """What the fitted evaluation weighs for ``seat``, in the order of ``FEATURES``."""
    left_scorings, study, toil = now
    colour = st.seat_colour[seat]
    track = st.tracks[colour]
    letters = track.count(LARGE_LETTER)
    free = track.count(EMPTY_SPACE)
    hand_value = sum(INSTANCES[i].value for i in st.hands[seat])
    upright = lying = out = in_abbey = on_finished = work = 0
    for m in range(colour * MONKS_PER_COLOUR, (colour + 1) * MONKS_PER_COLOUR):
        loc = st.monk_location[m]
        if loc == OUT:
            out += 1
            continue
        if loc == CROSS or st.monk_posture[m] != UPRIGHT:  # waiting on a cross, or lying
            lying += 1
            continue
        upright += 1
        if loc == IN_ABBEY:
            in_abbey += 1
            work += study
        elif st.tile_finished[loc]:
            on_finished += 1
            kind = INSTANCES[loc].colour
            work += kind == "dual" or (study and kind == "grey") or (toil and kind == "brown")
    future = min(left_scorings * (1.0 + 0.8 * upright) * POINT_VALUE, 3.0 * free + 5)
    pending = 0.0
    if st.phase == "score" and st.turn_order[st.turn] == seat:
        p = st.scoring_points
        pending = max(float(BOARD.convert(p)), SPEND_VALUE * p * (free > 0))
    to_score = st.phase == "step" or (st.phase == "score" and seat in st.turn_order[st.turn + 1 :])
    full, filling, encouraged = held_on_unfinished(st, seat)
    return [
        3.0 * letters,
        float(st.blessings[seat]),
        float(hand_value),
        hand_value * min(1.0, left_scorings / 6),
        float(free),
        float(track.count(SMALL_LETTER)),
        float(upright),
        float(lying),
        float(out),
        float(in_abbey),
        float(on_finished),
        future,
        float(left_scorings * upright),
        pending,
        float(full) if to_score else 0.0,
        float(filling),
        float(encouraged),
        float(work),
        float(len(st.hands[seat])),
        st.turn_order.index(seat) / st.n,
        1.0,
    ]


def _coefficients(n: int, round_: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    left = share_left(round_)
    w = WEIGHTS[n]
    return (
        tuple(a + b * left + c * left * left for a, b, c in w.relative),
        tuple(a + b * left + c * left * left for a, b, c in w.level),
    )


#: the weights per player count and round (1..LAST_ROUND), worked out once
_COEFFICIENTS = MappingProxyType(
    {n: tuple(_coefficients(n, r) for r in range(1, common.LAST_ROUND + 1)) for n in WEIGHTS}
)


def evaluate(state: Any) -> list[float]:
    """Estimated final score per seat (team games: the team's, as the rules score it)."""
    st: StateData = state
    if st.over:
        return list(result(st).scores)
    relative, level = _COEFFICIENTS[st.n][min(st.round, common.LAST_ROUND) - 1]
    return estimate(st, relative, level)


def estimate(st: StateData, relative: tuple[float, ...], level: tuple[float, ...]) -> list[float]:
    """Every seat's value under the given weights of ``FEATURES`` (``EvaluationWeights``)."""
    now = moment(st)
    rows = [position_features(st, s, now) for s in range(st.n)]
    mean = [sum(column) / st.n for column in zip(*rows, strict=True)]
    base = sum(m * c for m, c in zip(mean, level, strict=True))
    own = [
        base + sum((x - m) * c for x, m, c in zip(row, mean, relative, strict=True)) for row in rows
    ]
    if st.team:
        return [
            own[s] + own[common.seat_of_colour(st, (st.seat_colour[s] + 2) % 4)]
            for s in range(st.n)
        ]
    return own
