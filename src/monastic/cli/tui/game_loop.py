"""The game behind the full-screen interface: whose turn it is, moves, logs and saving.

It holds a ``Match`` (which checks and records every move) and the seating, and keeps one
log per person in the game's own words (``Game.describe``), each with only what that person
may see. The interface asks it what to show and hands it the moves; it never draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monastic.cli.saves import save_match
from monastic.cli.seats import SafeBot, Seating
from monastic.engine import Action, Event, Match, events_for

__all__ = ["GameLoop", "Turn"]


@dataclass(frozen=True, slots=True)
class Turn:
    """The seat to act next, and its bot (None: a person decides)."""

    seat: int
    bot: SafeBot | None


class GameLoop:
    """One game played through the interface."""

    def __init__(
        self, match: Match, seating: Seating, save_path: Path, *, play_forced: bool = True
    ) -> None:
        self.match = match
        self.seating = seating
        self.save_path = save_path
        self.play_forced = play_forced
        # Each person has a log; with only bots at the table, a spectator (None) has one.
        self.viewers: list[int | None] = list(seating.humans) or [None]
        self.logs: dict[int | None, list[str]] = {v: [] for v in self.viewers}

    @property
    def game_id(self) -> str:
        return self.match.game.id

    @property
    def title(self) -> str:
        return self.match.game.title

    def replay_log(self) -> None:
        """Rebuild everyone's log of a resumed game from its record."""
        record = self.match.record
        state = self.match.game.new_game(record.players, record.seed, record.options)
        for seat, text in record.moves:
            self._log(state.apply(seat, text))

    # Turns -----------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.match.state.is_over()

    def next_turn(self) -> Turn | None:
        """Who acts now (bots first, so a person sees who has already chosen); None at the
        end of the game."""
        state = self.match.state
        if state.is_over():
            return None
        acting = state.to_act()
        bots = [seat for seat in acting if seat in self.seating.bots]
        seat = bots[0] if bots else acting[0]
        return Turn(seat, self.seating.bots.get(seat))

    def legal(self, seat: int) -> list[str]:
        return self.match.state.legal_texts(seat)

    def apply(self, seat: int, action: Action | str) -> None:
        """Apply a move (``IllegalAction``/``ActionSyntaxError`` leave the game unchanged)."""
        self._log(self.match.apply(seat, action))

    def apply_forced(self, seat: int) -> bool:
        """Play a person's only legal move for them (if that option is on), with a log line."""
        legal = self.legal(seat)
        if not self.play_forced or len(legal) != 1:
            return False
        self.apply(seat, legal[0])
        if seat in self.logs:
            self.logs[seat].append(f"(Your only choice, played for you: {legal[0]})")
        return True

    def _log(self, events: list[Event]) -> None:
        for viewer in self.viewers:
            for event in events_for(events, viewer):
                self.logs[viewer].append(self.match.game.describe(event, viewer))

    # What a person sees ------------------------------------------------------------------

    def label(self, seat: int, viewer: int | None) -> str:
        return self.seating.label(seat, viewer)

    def view(self, viewer: int | None) -> dict[str, Any]:
        """The view of ``viewer`` with each seat's label (``you``, ``greedy``) as ``names``."""
        view = dict(self.match.state.view(viewer))
        view["names"] = [self.label(s, viewer) for s in range(self.match.state.players)]
        return view

    def save(self) -> Path:
        save_match(self.match, self.save_path)
        return self.save_path
