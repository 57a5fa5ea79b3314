"""What each seat may see (C-19): every public fact, its own hand, nothing else.

The bodies of the five parts the engine's ``State.view`` puts together. ``players`` holds
what everyone sees of a seat (hand size, suit scores); the viewer's own hand, what it knows
of other hands and its secret choice are game keys of its view alone.
"""

from __future__ import annotations

from typing import Any

from monastic.engine import Decision
from monastic.games.medieval_monastery import words
from monastic.games.medieval_monastery.catalogue import CARD_TEXTS, SUIT_LETTERS, mask_cards
from monastic.games.medieval_monastery.state import (
    COMBO,
    NO_CARD,
    NO_SEAT,
    OVER,
    SIMULTANEOUS,
    STEP_KINDS,
    TRADING,
    PendingOffer,
    StateData,
)

__all__ = ["current_phase", "decision", "phase_text", "public_players", "view_details"]


def current_phase(s: StateData) -> str:
    """``eremitical``, ``cenobitic`` or ``over``."""
    if s.step == OVER:
        return "over"
    return "cenobitic" if s.step == COMBO else "eremitical"


def phase_text(s: StateData) -> str:
    return words.phase_text(current_phase(s), s.turn, s.turns)


def decision(s: StateData, seat: int) -> Decision:
    kind = STEP_KINDS[s.step]
    return Decision(kind, words.decision_prompt(view_details(s, seat), seat, s.players))


def public_players(s: StateData) -> list[dict[str, Any]]:
    return [
        {
            "seat": seat,
            "hand_size": len(s.hands[seat]),
            "suit_scores": s.suit_scores[seat][:],
            "lowest": min(s.suit_scores[seat]),
        }
        for seat in range(s.players)
    ]


def _texts(cards: list[int]) -> list[str]:
    return [CARD_TEXTS[c] for c in sorted(cards)]


def _offer_view(offer: PendingOffer) -> dict[str, Any]:
    number, giver, target, card, ask = offer
    return {"number": number, "from": giver, "to": target, "card": CARD_TEXTS[card], "ask": ask}


def view_details(s: StateData, seat: int | None) -> dict[str, Any]:
    """The game's own keys of ``view(seat)`` (docs/medieval-monastery/json.md)."""
    details: dict[str, Any] = {
        "turn": s.turn,
        "turns": s.turns,
        "abbot": s.abbot,
        "step": STEP_KINDS[s.step],
        "actor": s.actor,
        "deck": len(s.deck),
        "discard": [CARD_TEXTS[c] for c in s.discard],
        "suits": SUIT_LETTERS,
        "centre": [CARD_TEXTS[c] for c in s.centre],
        "queue": s.queue[:],
        "chosen": [],
        "trade": None,
        "flush_winner": s.flush_winner if s.flush_winner != NO_SEAT else None,
        "hand": _texts(s.hands[seat]) if seat is not None else None,
        "known": (
            {
                str(holder): _texts(mask_cards(s.known_cards[seat][holder]))
                for holder in range(s.players)
                if s.known_cards[seat][holder]
            }
            if seat is not None
            else {}
        ),
        "my_choice": None,
    }
    if s.step in SIMULTANEOUS:
        details["chosen"] = [t for t in s.queue if s.choices[t] != NO_CARD]
        if seat is not None and s.choices[seat] != NO_CARD:
            details["my_choice"] = CARD_TEXTS[s.choices[seat]]
    if s.done_trading and s.step in TRADING:
        details["trade"] = {
            "trader": s.trader,
            "offers_answered": s.offers_answered[:],
            "done": s.done_trading[:],
            "pending": _offer_view(s.pending_offer) if s.pending_offer else None,
            "log": [
                {**_offer_view((number, giver, target, card, ask)), "answer": answer}
                for number, giver, target, card, ask, answer in s.trade_log
            ],
        }
    return details
