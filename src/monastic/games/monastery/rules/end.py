"""The end of the game: the E2 test (§1.6, M-56), the last event and the Testament (§4.6)."""

from __future__ import annotations

from typing import Any, Final

from monastic.engine import GAME_OVER, Event, Result
from monastic.games.monastery.actions import Lay
from monastic.games.monastery.catalogue import COLOUR_LETTERS, INSTANCES, TYPES
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.geometry import INST_TYPE
from monastic.games.monastery.rules.layout import layout
from monastic.games.monastery.state import (
    ENDING_E1,
    ENDING_E2,
    LARGE_LETTER,
    NOT_ENDING,
    StateData,
)

__all__ = ["check_e2", "e2_holds", "game_over", "result", "testament"]


def check_e2(st: StateData, action: Any, events: list[Event] | None) -> None:
    """E2 after every placement (§1.6, M-56)."""
    if not isinstance(action, Lay) or st.ending:
        return
    if e2_holds(st):
        st.ending = ENDING_E2
        if events is not None:
            events.append(Event("game_end_triggered", {"rule": "E2"}))


def e2_holds(st: StateData) -> bool:
    """No type in the bag or a hand fits anywhere. The placement the last test found is
    tried first: a placement elsewhere mostly leaves it open. Then the hands' types: one of
    them mostly fits, and the bag, several times larger, is then not looked at."""
    lay = layout(st)
    key, ti = lay.e2_witness
    if key in lay.cells and _in_play(st, ti) and lay.rotations(key, ti):
        return False
    held: set[int] = set()
    for hand in st.hands:
        held.update(map(INST_TYPE.__getitem__, hand))
    found = lay.placement_of(ti for ti in _E2_ORDER if ti in held)
    if found is None:
        bagged = set(map(INST_TYPE.__getitem__, st.bag))
        found = lay.placement_of(ti for ti in _E2_ORDER if ti in bagged and ti not in held)
        if found is None:
            return True
    lay.e2_witness = found
    return False


def _in_play(st: StateData, ti: int) -> bool:
    """A tile of type ``ti`` is in a hand or the bag: the type's few tiles are looked for,
    each in C, rather than the type of every tile held (the hands first: they are short)."""
    tiles = _INSTANCES_OF[ti]
    for hand in st.hands:
        for i in tiles:
            if i in hand:
                return True
    for i in tiles:  # noqa: SIM110 - a loop is cheaper than any() over a generator
        if i in st.bag:
            return True
    return False


#: per tile type, its tile instances
_INSTANCES_OF: Final = tuple(
    tuple(i for i, t in enumerate(INSTANCES) if t.index == ti) for ti in range(len(TYPES))
)


#: cheap types first: livestock and one-gateway tiles are the easiest to place
_E2_ORDER: Final = tuple(
    sorted(range(len(TYPES)), key=lambda ti: (TYPES[ti].category != "livestock", ti))
)


def game_over(st: StateData, events: list[Event] | None) -> None:
    st.over = 1
    st.phase = "over"
    st.pending = []
    if events is not None:
        final = result(st)
        events.append(
            Event(GAME_OVER, {"scores": list(final.scores), "winners": list(final.winners)})
        )


def testament(st: StateData, seat: int) -> dict[str, int]:
    """§4.6 / M-58."""
    letters = sum(1 for v in st.tracks[st.seat_colour[seat]] if v == LARGE_LETTER)
    penalty = sum(INSTANCES[t].value for t in st.hands[seat])
    return {
        "letters": 3 * letters,
        "blessings": st.blessings[seat],
        "unlaid": -penalty,
        "total": 3 * letters + st.blessings[seat] - penalty,
    }


def result(st: StateData) -> Result:
    if not st.over:
        raise ValueError("the game is not over")
    parts = [testament(st, s) for s in range(st.n)]
    own = [p["total"] for p in parts]
    if st.team:
        scores = [
            own[s] + own[common.seat_of_colour(st, (st.seat_colour[s] + 2) % 4)]
            for s in range(st.n)
        ]
        # M-59: the team holding the lowest tied row wins.
        keys = [
            (scores[s], max(st.seat_colour[s], (st.seat_colour[s] + 2) % 4)) for s in range(st.n)
        ]
    else:
        scores = own
        keys = [(scores[s], st.seat_colour[s]) for s in range(st.n)]
    best = max(keys)
    winners = tuple(s for s in range(st.n) if keys[s] == best)
    ranks = tuple(1 + sum(1 for o in keys if o > k) for k in keys)
    return Result(
        scores=tuple(float(x) for x in scores),
        winners=winners,
        ranks=ranks,
        breakdown={
            "testament": parts,
            "colours": [COLOUR_LETTERS[c] for c in st.seat_colour],
            "end": {NOT_ENDING: "E3", ENDING_E1: "E1", ENDING_E2: "E2"}[st.ending],
            "round": st.round,
        },
    )
