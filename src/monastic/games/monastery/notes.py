"""Monastery's choice notes: what each choice is worth, so a player decides without sums.

In a step, a move with its cost in movement points and what is left, encouragement with the
blessings it uses, and ``end`` with the points it leaves unused. In a scoring, every purchase
with its price split into the points and the blessings that would pay it (points go first;
blessings received in this scoring cannot pay), the reduced price when your track is full,
prayer and ``purchase`` with the points they add, and what ``end`` turns the points left into
(the conversion table). Only what the seat itself may know: its own points and blessings.
"""

from __future__ import annotations

from typing import Any

from monastic.games.monastery.actions import (
    BuyLetter,
    BuyMonk,
    Encourage,
    End,
    Move,
    Pray,
    Purchase,
)
from monastic.games.monastery.catalogue import BOARD, BOARD_COLUMNS, COLOUR_NAMES
from monastic.games.monastery.rules import common, scoring
from monastic.games.monastery.state import EMPTY_SPACE, StateData

__all__ = ["choice_notes", "conversion_text"]


def conversion_text() -> str:
    """The conversion table in one line: ``1-4: 1, 5-9: 2, 10-14: 3, 15+: 4``."""
    rows = sorted((low, got) for low, got in BOARD.conversion if got > 0)
    parts = []
    for index, (low, got) in enumerate(rows):
        high = rows[index + 1][0] - 1 if index + 1 < len(rows) else None
        span = f"{low}+" if high is None else (str(low) if high == low else f"{low}-{high}")
        parts.append(f"{span}: {got}")
    return ", ".join(parts)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _price(st: StateData, seat: int, cost: int) -> str:
    """``costs 3: 2 points + 1 blessing`` (points first, then spendable blessings)."""
    points = min(cost, st.scoring_points)
    blessings = cost - points
    paid = [_plural(points, "point")] if points else []
    if blessings:
        spendable = st.blessings[seat] - st.locked_blessings[seat]
        paid.append(f"{blessings} of your {_plural(spendable, 'blessing')}")
    reduced = ", reduced price" if common.own_track_full(st, seat) else ""
    return f"costs {cost}{reduced}: {' + '.join(paid)}"


def _added_points(st: Any, seat: int, action: Any) -> int | None:
    """The points ``action`` (prayer, or going on to buying) adds to this scoring: the
    scoring rule alone, tried on a copy, so the game does not run on into the next seat's
    scoring; None if it would use chance (nothing is foretold)."""
    trial = st.clone()
    before = (trial.scoring_points, trial.rng.state)
    scoring.apply(trial, seat, action, [])
    if trial.rng.state != before[1]:
        return None
    return int(trial.scoring_points) - int(before[0])


def _scoring(st: Any, seat: int, actions: list[Any]) -> dict[str, str]:
    notes: dict[str, str] = {}
    left = st.scoring_points
    for action in actions:
        if isinstance(action, BuyLetter):
            cost = common.price(st, seat, action.cell)
            own = action.colour in (st.seat_colour[seat], common.partner_colour(st, seat))
            gain = (
                "+3 at the end"
                if own
                else f"small on {COLOUR_NAMES[action.colour]}'s track, +1 blessing (for later)"
            )
            track = st.tracks[st.seat_colour[seat]]
            if action.colour == st.seat_colour[seat] and list(track).count(EMPTY_SPACE) == 1:
                gain += "; fills your track: reduced prices from then on"
            notes[str(action)] = f"{_price(st, seat, cost)}; {gain}"
        elif isinstance(action, BuyMonk):
            cell = action.row * BOARD_COLUMNS + BOARD.cross_col[action.row]
            cost = common.price(st, seat, cell)
            who = COLOUR_NAMES[action.colour]
            notes[str(action)] = f"{_price(st, seat, cost)}; a {who} monk into the Abbey"
        elif isinstance(action, End):
            got = BOARD.convert(left)
            verb = "becomes" if left == 1 else "become"
            kept = st.blessings[seat]
            notes[str(action)] = (
                f"{_plural(left, 'point')} left {verb} {_plural(got, 'blessing')}"
                f" ({conversion_text()}); you keep your {_plural(kept, 'blessing')}"
            )
        elif isinstance(action, Pray | Purchase):
            added = _added_points(st, seat, action)
            if added is not None:
                what = "prayer and work" if isinstance(action, Pray) else "work"
                spendable = st.blessings[seat] - st.locked_blessings[seat]
                notes[str(action)] = (
                    f"+{added} ({what}); then buy with {_plural(left + added, 'point')}"
                    f" + {_plural(spendable, 'blessing')}"
                )
    return notes


def _step(st: StateData, seat: int, actions: list[Any]) -> dict[str, str]:
    notes: dict[str, str] = {}
    points = st.movement_points
    for action in actions:
        if isinstance(action, Move):
            notes[str(action)] = f"{action.cost} of {points} MP, {points - action.cost} left"
        elif isinstance(action, Encourage):
            held = st.blessings[seat]
            notes[str(action)] = f"puts 1 of your {_plural(held, 'blessing')} here"
        elif isinstance(action, End) and points:
            notes[str(action)] = f"{_plural(points, 'movement point')} unused are lost"
    return notes


def choice_notes(st: Any, seat: int) -> dict[str, str]:
    """Notes for ``seat``'s choices now (``State.choice_notes``)."""
    if st.is_over() or seat not in st.to_act():
        return {}
    kind = st.decision(seat).kind
    actions = st.legal_actions(seat)
    if kind == "scoring":
        return _scoring(st, seat, actions)
    if kind == "step":
        return _step(st, seat, actions)
    return {}
