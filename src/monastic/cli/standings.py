"""Running standings: each seat's score so far, read from what a viewer may see.

The games count differently, so each has its own reading of the view: Monastery's testament
so far (3 per large letter on the track; blessings and the tiles behind the screen only for
the viewer's own seat, since others' are hidden), the card game's suit scores and their
lowest (the score that counts), Monasterium's points. A game without one gives none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["TITLES", "Standing", "standings_for"]


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's standing: a score so far (None if it cannot be told) and how it is made."""

    seat: int
    name: str  # the seat's label for the viewer ("you", "greedy", ...)
    score: int | None
    detail: str  # a few words: "9 for 3 letters + 2 blessings - 1 in hand"
    #: False when part of the score is hidden from the viewer (then ``score`` counts only
    #: what the viewer may see, as ``detail`` says).
    complete: bool = True


def _monastery(view: dict[str, Any], seat: int) -> tuple[int | None, str]:
    from monastic.games.monastery.catalogue import TYPE_BY_ID

    player = view["players"][seat]
    large = sum(1 for letter in str(player["track"]) if letter.isupper())
    letters = f"{3 * large} for {large} letter{'s' * (large != 1)}"
    screen = view.get("screen")
    if view.get("over") and view.get("result"):
        return int(view["result"]["scores"][seat]), "the final testament"
    if seat != view.get("viewer") or not isinstance(screen, dict):
        return 3 * large, f"{letters}, the rest hidden"
    blessings = int(screen.get("blessings", 0))
    penalty = sum(TYPE_BY_ID[tile].value for tile in screen.get("hand", []) if tile in TYPE_BY_ID)
    total = 3 * large + blessings - penalty
    return (
        total,
        f"{letters} + {blessings} blessing{'s' * (blessings != 1)} - {penalty} in hand",
    )


def _card_game(view: dict[str, Any], seat: int) -> tuple[int | None, str]:
    player = view["players"][seat]
    scores = [int(x) for x in player["suit_scores"]]
    suits = list(str(view.get("suits", "")))
    if len(suits) != len(scores):
        suits = [str(i + 1) for i in range(len(scores))]
    low = min(scores)
    weakest = [suit for suit, score in zip(suits, scores, strict=True) if score == low]
    return low, f"lowest suit {'/'.join(weakest)}; " + " ".join(
        f"{suit} {score}" for suit, score in zip(suits, scores, strict=True)
    )


def _monasterium(view: dict[str, Any], seat: int) -> tuple[int | None, str]:
    player = view["players"][seat]
    return int(player["vp"]), "points"


#: What the standings of each game are called.
TITLES: dict[str, str] = {
    "monastery": "Testament so far",
    "medieval-monastery": "Lowest suit so far",
    "monasterium": "Points so far",
}

_READERS: dict[str, Callable[[dict[str, Any], int], tuple[int | None, str]]] = {
    "monastery": _monastery,
    "medieval-monastery": _card_game,
    "monasterium": _monasterium,
}


def standings_for(view: dict[str, Any]) -> list[Standing]:
    """The standings a view shows, in seat order (empty for a game without a reader)."""
    reader = _READERS.get(str(view.get("game")))
    if reader is None:
        return []
    names = view.get("names") or []
    out = []
    for seat in range(len(view["players"])):
        score, detail = reader(view, seat)
        name = str(names[seat]) if seat < len(names) else f"Seat {seat}"
        out.append(Standing(seat, name, score, detail, not detail.endswith("hidden")))
    return out
