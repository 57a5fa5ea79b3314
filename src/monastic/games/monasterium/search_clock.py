"""The game's time for the search's ``horizon`` (``Strategy.clock``), in half-rounds.

Each round has two halves: the dice are placed, then they are taken and used. The clock
counts the halves begun, so ``horizon=1`` cuts every line off where the current half ends
(all dice placed; or every die used and the next round's first roll made), ``horizon=2``
where the half after it ends. Every line of one search so stops at the same point of the
game, with every seat's dice of that half placed or used: a finer clock (dice placed and
used) stopped lines in the middle of one seat's turn or another's, depending on how many
dice each took, and the evaluation favours the seat that has just moved
(docs/monasterium/strategy.md). Everything it reads (round, phase) is public.
"""

from __future__ import annotations

from typing import Any

from monastic.games.monasterium.state import PHASE_ACT, PHASE_OVER, StateData

__all__ = ["clock"]


def clock(state: Any) -> int:
    """Half-rounds begun: 0 while the first round's dice are placed; never falls."""
    s: StateData = state
    if s.phase == PHASE_OVER:
        return 1 << 30
    return 2 * (s.round - 1) + (s.phase == PHASE_ACT)
