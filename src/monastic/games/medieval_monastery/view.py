"""What each seat may see (C-19): its own hand and every public fact, nothing else."""

from __future__ import annotations

from typing import Any

from monastic.games.medieval_monastery.catalogue import SUIT_LETTERS, card_text
from monastic.games.medieval_monastery.legal import to_act
from monastic.games.medieval_monastery.state import (
    COMBO,
    OVER,
    SIMULTANEOUS,
    StateData,
    mask_cards,
)

__all__ = ["phase_of", "view"]


def phase_of(s: StateData) -> str:
    """The phase name of the current step."""
    if s.step == OVER:
        return "over"
    return "cenobitic" if s.step == COMBO else "eremitical"


def _texts(cards: list[int]) -> list[str]:
    return [card_text(c) for c in sorted(cards)]


def view(s: StateData, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view for ``seat`` (None: a spectator)."""
    out: dict[str, Any] = {
        "game": "medieval-monastery",
        "viewer": seat,
        "players": s.n,
        "turn": s.turn,
        "turns": s.turns,
        "abbot": s.abbot,
        "phase": phase_of(s),
        "step": s.step,
        "actor": s.actor,
        "to_act": to_act(s),
        "deck": len(s.deck),
        "discard": [card_text(c) for c in s.discard],
        "hand_sizes": [len(hand) for hand in s.hands],
        "hand": _texts(s.hands[seat]) if seat is not None else None,
        "known": (
            {str(h): _texts(mask_cards(s.known[seat][h])) for h in range(s.n) if s.known[seat][h]}
            if seat is not None
            else {}
        ),
        "suits": SUIT_LETTERS,
        "scores": [row[:] for row in s.scores],
        "lowest": [min(row) for row in s.scores],
        "zone": [card_text(c) for c in s.zone],
        "queue": s.queue[:],
        "chosen": [],
        "my_choice": None,
        "trade": None,
        "winner": s.winner if s.winner >= 0 else None,
    }
    if s.step in SIMULTANEOUS:
        out["chosen"] = [t for t in s.queue if s.choice[t] >= 0]
        if seat is not None and s.choice[seat] >= 0:
            out["my_choice"] = card_text(s.choice[seat])
    if s.trade_done and s.step in ("offer", "answer"):
        out["trade"] = {
            "turn": s.trade_turn,
            "offers_made": s.trade_offers[:],
            "done": s.trade_done[:],
            "pending": (
                dict(
                    zip(
                        ("number", "from", "to", "card", "ask"),
                        (*s.offer[:3], card_text(s.offer[3]), s.offer[4]),
                        strict=True,
                    )
                )
                if s.offer
                else None
            ),
            "log": [
                {"number": n, "from": f, "to": t, "card": card_text(c), "ask": a, "answer": r}
                for n, f, t, c, a, r in s.trade_log
            ],
        }
    return out
