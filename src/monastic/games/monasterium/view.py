"""The view's parts (the engine's ``State.view`` puts them together).

Monasterium hides nothing (spec §1): every seat and a spectator see the same facts, so each
seat's entry in ``players`` holds all of that seat's pieces, and the game's own keys are the
same for every viewer.
"""

from __future__ import annotations

from typing import Any

from monastic.engine import Decision
from monastic.games.monasterium import words
from monastic.games.monasterium.actions import WINDOW_ROWS
from monastic.games.monasterium.catalogue import (
    COLUMNS,
    EXTRA_IDS,
    FIELDS,
    FIRST_FLIP_SLOT,
    GOODS,
    MON_IDS,
    ROW_NAMES,
    SPACES_PER_MONASTERY,
)
from monastic.games.monasterium.rules.legal import decision_name
from monastic.games.monasterium.state import PHASE_PLACE, StateData

#: How an extra novice stands (``state.EXTRA_LOCKED`` ...), by its value.
EXTRA_STATE = ("locked", "available", "sent")


def current_phase(s: StateData) -> str:
    return s.phase


def phase_text(s: StateData) -> str:
    return words.phase_text(s.phase, s.round, s.year, s.n)


def decision(s: StateData, seat: int) -> Decision:
    kind = decision_name(s)
    return Decision(kind, words.prompt(kind, s.dice_left, not s.reroll_used[seat]))


def _player(s: StateData, p: int) -> dict[str, Any]:
    slots = s.occupied_slots[p]
    return {
        "seat": p,
        "vp": s.vp[p],
        "goods": {GOODS[g]: s.goods[p][g] for g in range(len(GOODS))},
        "personal_dice": s.personal_dice[p],
        "held": {"personal": s.held_personal[p], "neutral": s.held_neutral[p]},
        "reroll_used": s.reroll_used[p],
        "messenger": s.messenger_space[p],
        "laps": s.laps[p],
        "slots": {
            name: "".join(str(c + 1) for c in range(COLUMNS) if slots >> (COLUMNS * r + c) & 1)
            for r, name in enumerate(ROW_NAMES)
        },
        "flipped": [c + 1 for c in range(COLUMNS) if not slots >> (FIRST_FLIP_SLOT + c) & 1],
        "extras": {EXTRA_IDS[r]: EXTRA_STATE[state] for r, state in enumerate(s.extra_novices[p])},
        "window": {
            WINDOW_ROWS[r]: [MON_IDS[m] for m in tiles] for r, tiles in enumerate(s.window[p])
        },
        "missions": list(s.claimed_missions[p]),
    }


def public_players(s: StateData) -> list[dict[str, Any]]:
    return [_player(s, p) for p in range(s.n)]


def view_details(s: StateData, seat: int | None) -> dict[str, Any]:
    """The board, dice and missions: the same for every viewer."""
    board = {}
    for m, mid in enumerate(MON_IDS):
        first = m * SPACES_PER_MONASTERY
        spaces = slice(first, first + SPACES_PER_MONASTERY)
        board[mid] = {
            "B": s.buildings[spaces],
            "K": s.cloisters[spaces],
            "CH": s.chapels[m][:],
            "stack": s.tile_stacks[m],
        }
    placing = s.phase == PHASE_PLACE and s.rolled_personal is not None
    return {
        "round": s.round,
        "year": s.year,
        "start_player": s.start_player,
        "pending": decision_name(s),
        "rolled": {"personal": s.rolled_personal[:], "neutral": s.rolled_neutral[:]}
        if placing and s.rolled_personal is not None
        else None,
        "fields": {f"F{f}": s.dice_fields[f][:] for f in range(1, FIELDS + 1)},
        "turn": {"column": s.turn_column + 1, "dice_left": s.dice_left},
        "board": board,
        "supply": {GOODS[g]: s.supply[g] for g in range(len(GOODS))},
        "missions": list(s.missions),
        "final": s.final_breakdown,
    }
