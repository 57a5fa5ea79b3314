"""Compact test positions for Medieval Monastery, written as card text like a FEN."""

from __future__ import annotations

from typing import Any

from monastic.games.medieval_monastery import GAME, MedievalMonasteryState
from monastic.games.medieval_monastery.catalogue import parse_card


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def table(
    players: int = 3,
    hands: list[str] | None = None,
    deck: str = "",
    step: str = "play",
    actor: int = 0,
    abbot: int = 0,
    seats_done: int = 0,
    turn: int = 1,
    turns: int = 10,
    suit_scores: list[list[int]] | None = None,
    centre: str = "",
    queue: list[int] | None = None,
    seed: int = 0,
    **fields: Any,
) -> MedievalMonasteryState:
    """A state with these hands; ``deck`` lists cards in the order they will be drawn.

    Every card not placed is on the discard pile (so reshuffles have something to use).
    """
    hands = hands or [""] * players
    held = [cards(h) for h in hands]
    top_first = cards(deck)
    face_up = cards(centre)
    used = {c for h in held for c in h} | set(top_first) | set(face_up)
    data: dict[str, Any] = {
        "players": players,
        "turns": turns,
        "turn": turn,
        "abbot": abbot,
        "step": step,
        "actor": actor,
        "seats_done": seats_done,
        "deck": top_first[::-1],
        "discard": [c for c in range(72) if c not in used],
        "hands": held,
        "suit_scores": suit_scores or [[0] * 8 for _ in range(players)],
        "known_cards": [[[] for _ in range(players)] for _ in range(players)],
        "rng": seed,
        "centre": face_up,
        "queue": queue or [],
        "choices": [-1] * players,
        "offers_answered": [],
        "done_trading": [],
        "trader": 0,
        "pending_offer": None,
        "offer_number": 0,
        "trade_log": [],
        "flush_winner": -1,
    }
    data.update(fields)
    return GAME.from_json({"game": GAME.id, "version": GAME.state_version, "state": data})


def hand(state: MedievalMonasteryState, seat: int) -> str:
    from monastic.games.medieval_monastery.catalogue import cards_text

    return cards_text(state.hands[seat])
