"""The Abbot: elections in prayer hours and at the Abbot's House, tie-breaks, the Prison Cell."""

from __future__ import annotations

from typing import Final

from monastic.engine import Event
from monastic.games.monastery.catalogue import COLOUR_LETTERS, INSTANCES, MONKS_PER_COLOUR
from monastic.games.monastery.rules import occupancy
from monastic.games.monastery.state import IN_ABBEY, P_PRISON, P_TIE, PRISONER, StateData

__all__ = ["hold", "imprison", "set_abbot"]


def hold(st: StateData, counts: list[int], ctx: int, events: list[Event] | None) -> None:
    """M-47 (ctx E_PRAYER: a prayer hour) and M-42 (ctx E_HOUSE: the Abbot's House)."""
    best = max(counts)
    tied = []
    for s in range(st.n):  # a loop, not a comprehension: no call
        if counts[s] == best:
            tied.append(s)
    if events is not None:
        events.append(Event("election", {"counts": counts, "tied": tied}))
    if len(tied) == 1:
        set_abbot(st, tied[0], ctx, events)
        return
    candidates = [s for s in tied if s != st.abbot]
    if len(candidates) == 1:
        set_abbot(st, candidates[0], ctx, events)
        return
    st.pending.append([P_TIE, st.abbot, ctx, *candidates])


def _prison(st: StateData) -> int:
    """The Prison Cell's tile if it may take a prisoner now, else -1."""
    i = _PRISON
    if st.tile_cell[i] < 0 or not st.tile_finished[i] or st.tile_built_round[i] == st.round:
        return -1
    if occupancy.occupancy(st).counts[i] >= 2:
        return -1
    return i


#: the Prison Cell's tile instance
_PRISON: Final = next(i for i, t in enumerate(INSTANCES) if t.symbol == "prison")


def set_abbot(st: StateData, seat: int, ctx: int, events: list[Event] | None) -> None:
    """``seat`` holds the hour-disc; the Prison Cell's decision follows if it may be used."""
    st.abbot = seat
    if events is not None:
        events.append(Event("abbot", {"seat": seat}))
    if _prison(st) >= 0 and IN_ABBEY in st.monk_location:
        st.pending.append([P_PRISON, seat, ctx])


def imprison(st: StateData, colour: int, events: list[Event] | None) -> None:
    """The new Abbot's choice: a monk of ``colour`` from the Abbey to the Prison (-1: none)."""
    if colour < 0:
        return
    cell = _prison(st)
    monks = range(colour * MONKS_PER_COLOUR, (colour + 1) * MONKS_PER_COLOUR)
    m = next(m for m in monks if st.monk_location[m] == IN_ABBEY)
    st.monk_location[m] = cell
    st.monk_posture[m] = PRISONER
    occupancy.entered(st, cell)
    if events is not None:
        events.append(Event("imprison", {"colour": COLOUR_LETTERS[colour]}))
