"""Compact test positions for Medieval Monastery, written as card text like a FEN."""

from __future__ import annotations

from typing import Any

from monastic.games.medieval_monastery import GAME, MMState
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
    index: int = 0,
    turn: int = 1,
    turns: int = 10,
    scores: list[list[int]] | None = None,
    zone: str = "",
    queue: list[int] | None = None,
    seed: int = 0,
    **fields: Any,
) -> MMState:
    """A state with these hands; ``deck`` lists cards in the order they will be drawn.

    Every card not placed is on the discard pile (so reshuffles have something to use).
    """
    hands = hands or [""] * players
    held = [cards(h) for h in hands]
    top_first = cards(deck)
    centre = cards(zone)
    used = {c for h in held for c in h} | set(top_first) | set(centre)
    data: dict[str, Any] = {
        "players": players,
        "turns": turns,
        "turn": turn,
        "abbot": abbot,
        "step": step,
        "actor": actor,
        "index": index,
        "deck": top_first[::-1],
        "discard": [c for c in range(72) if c not in used],
        "hands": held,
        "scores": scores or [[0] * 8 for _ in range(players)],
        "known": [[[] for _ in range(players)] for _ in range(players)],
        "rng": seed,
        "zone": centre,
        "queue": queue or [],
        "choice": [-1] * players,
        "trade_offers": [],
        "trade_done": [],
        "trade_turn": 0,
        "offer": None,
        "offer_no": 0,
        "trade_log": [],
        "winner": -1,
    }
    data.update(fields)
    return GAME.from_json({"game": GAME.id, "version": GAME.state_version, "state": data})


def hand(state: MMState, seat: int) -> str:
    from monastic.games.medieval_monastery.catalogue import cards_text

    return cards_text(state.hands[seat])
