"""Real-time limits a live table puts on a game whose rules leave them to the table.

Medieval Monastery's Study trading window (C-23): a live table sets a clock (180 s unless
the table says otherwise). When it runs out the server enters ``reject K`` for a pending
offer, then ``done`` for each trader in turn until the window closes. These are ordinary
recorded moves, so replays need no clock. The window is recognised by its actions in the
game's notation (``offer ...``, ``accept K CARD``, ``reject K``), which the server already
shows to the players as their choices.
"""

from __future__ import annotations

from dataclasses import dataclass

from monastic.engine import State

__all__ = ["CLOCKS", "Clock"]


@dataclass(frozen=True, slots=True)
class Clock:
    """A clock on one kind of decision window of one game."""

    setting: str  # the table setting that holds its length in seconds
    label: str  # what the clock times, for people
    default: int
    minimum: int
    maximum: int
    opens_with: tuple[str, ...]  # action words that show the window is open
    expiry: tuple[str, ...]  # the action words entered for a seat when time is up, in order

    def is_open(self, state: State) -> bool:
        """Whether the window is open: a seat to act may make one of its actions."""
        if state.is_over():
            return False
        return any(
            text.split(" ", 1)[0] in self.opens_with
            for seat in state.to_act()
            for text in state.legal_texts(seat)
        )

    def expiry_move(self, state: State) -> tuple[int, str] | None:
        """The move the server enters for a seat once time is up (None: window closed)."""
        if not self.is_open(state):
            return None
        for word in self.expiry:
            for seat in state.to_act():
                for text in state.legal_texts(seat):
                    if text.split(" ", 1)[0] == word:
                        return seat, text
        return None


CLOCKS: dict[str, Clock] = {
    "medieval-monastery": Clock(
        setting="study_clock",
        label="Study trading window",
        default=180,
        minimum=5,
        maximum=3600,
        opens_with=("offer", "accept", "reject"),
        expiry=("reject", "done"),
    )
}
