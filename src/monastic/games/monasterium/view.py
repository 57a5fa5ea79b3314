"""Views: Monasterium hides nothing (spec §1), so every seat sees the same facts."""

from __future__ import annotations

from typing import Any

from monastic.games.monasterium.actions import WINDOW_ROWS
from monastic.games.monasterium.catalogue import (
    EXTRA_IDS,
    GOODS,
    MON_IDS,
    ROW_NAMES,
)
from monastic.games.monasterium.rules.legal import decision_name, to_act
from monastic.games.monasterium.state import StateData

EXTRA_STATE = ("locked", "available", "sent")


def _player(s: StateData, p: int) -> dict[str, Any]:
    return {
        "seat": p,
        "vp": s.vp[p],
        "goods": {GOODS[g]: s.goods[p][g] for g in range(5)},
        "personal_dice": s.personal_dice[p],
        "held": {"personal": s.held_personal[p], "neutral": s.held_neutral[p]},
        "reroll_used": s.reroll_used[p],
        "messenger": s.messenger_space[p],
        "laps": s.laps[p],
        "slots": {
            ROW_NAMES[r]: "".join(
                str(c + 1) for c in range(5) if s.occupied_slots[p] >> (5 * r + c) & 1
            )
            for r in range(4)
        },
        "flipped": [c + 1 for c in range(5) if not s.occupied_slots[p] >> (15 + c) & 1],
        "extras": {EXTRA_IDS[r]: EXTRA_STATE[s.extra_novices[p][r]] for r in range(4)},
        "window": {WINDOW_ROWS[r]: [MON_IDS[m] for m in s.window[p][r]] for r in range(3)},
        "missions": list(s.claimed_missions[p]),
    }


def view(s: StateData, seat: int | None) -> dict[str, Any]:
    """The whole public state, JSON-ready."""
    board = {
        MON_IDS[m]: {
            "B": s.buildings[m * 6 : m * 6 + 6],
            "K": s.cloisters[m * 6 : m * 6 + 6],
            "CH": s.chapels[m][:],
            "stack": s.tile_stacks[m],
        }
        for m in range(5)
    }
    return {
        "game": "monasterium",
        "seat": seat,
        "players": s.n,
        "phase": s.phase,
        "round": s.round,
        "year": s.year,
        "start_player": s.start_player,
        "to_act": to_act(s),
        "decision": decision_name(s),
        "rolled": None
        if s.phase != "place" or s.rolled_personal is None
        else {"personal": s.rolled_personal[:], "neutral": s.rolled_neutral[:]},
        "fields": {f"F{f}": s.dice_fields[f][:] for f in range(1, 7)},
        "turn": {"column": s.turn_column + 1, "dice_left": s.dice_left},
        "board": board,
        "supply": {GOODS[g]: s.supply[g] for g in range(5)},
        "missions": list(s.missions),
        "player": [_player(s, p) for p in range(s.n)],
        "final": s.final_breakdown,
    }
