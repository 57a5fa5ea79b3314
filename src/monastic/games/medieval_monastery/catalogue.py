"""The 72 cards and the combo table, loaded once from ``data/cards.json`` into frozen values.

A card is an int 0..71: ``suit * 9 + rank - 1``, suits in the order P W S R Z O A M.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from monastic.engine import ActionSyntaxError

__all__ = [
    "CARDS",
    "CARD_TEXTS",
    "COMBOS",
    "DECK_SIZE",
    "RANKS",
    "SUITS",
    "SUIT_ACTIONS",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "Card",
    "CardInfo",
    "ComboRule",
    "card_text",
    "cards_text",
    "parse_card",
    "rank",
    "suit",
]

Card = int


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card of the deck."""

    id: Card
    name: str
    suit: int
    rank: int

    @property
    def text(self) -> str:
        return f"{SUIT_LETTERS[self.suit]}{self.rank}"


@dataclass(frozen=True, slots=True)
class ComboRule:
    """One row of the combo table: card counts allowed, points per count, draws per count."""

    kind: str
    sizes: tuple[int, ...]
    points: MappingProxyType[int, int]
    draws: MappingProxyType[int, int]
    scores: str


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_DATA = _load()
SUIT_LETTERS: str = "".join(s["letter"] for s in _DATA["suits"])
SUIT_NAMES: tuple[str, ...] = tuple(s["name"] for s in _DATA["suits"])
SUITS = range(len(SUIT_LETTERS))
RANKS = range(1, 10)
DECK_SIZE = 72
CARDS: tuple[CardInfo, ...] = tuple(
    CardInfo(
        SUIT_LETTERS.index(c["suit"]) * 9 + c["rank"] - 1,
        c["name"],
        SUIT_LETTERS.index(c["suit"]),
        c["rank"],
    )
    for c in sorted(_DATA["cards"], key=lambda c: (SUIT_LETTERS.index(c["suit"]), c["rank"]))
)
SUIT_ACTIONS: MappingProxyType[str, str] = MappingProxyType(dict(_DATA["suit_actions"]))
COMBOS: MappingProxyType[str, ComboRule] = MappingProxyType(
    {
        kind: ComboRule(
            kind,
            tuple(row["sizes"]),
            MappingProxyType({int(k): v for k, v in row["points"].items()}),
            MappingProxyType({int(k): v for k, v in row["draws"].items()}),
            row["scores"],
        )
        for kind, row in _DATA["combos"].items()
    }
)
del _DATA

#: Each card's text by card number (``CARD_TEXTS[c]``, what ``card_text`` returns).
CARD_TEXTS: tuple[str, ...] = tuple(info.text for info in CARDS)

_BY_TEXT: MappingProxyType[str, Card] = MappingProxyType({t: i for i, t in enumerate(CARD_TEXTS)})


def suit(card: Card) -> int:
    """The suit index 0..7 of a card."""
    return card // 9


def rank(card: Card) -> int:
    """The rank 1..9 of a card."""
    return card % 9 + 1


def card_text(card: Card) -> str:
    """``P7``."""
    return CARD_TEXTS[card]


def cards_text(cards: Any) -> str:
    """Cards in suit order P W S R Z O A M, then rank, one space apart."""
    return " ".join(CARD_TEXTS[c] for c in sorted(cards))


def parse_card(text: str) -> Card:
    """``P7`` -> card; lower case accepted."""
    card = _BY_TEXT.get(text.strip().upper())
    if card is None:
        raise ActionSyntaxError(
            f"{text!r} is not a card (a card is a suit letter {SUIT_LETTERS} and a rank 1-9,"
            " e.g. P7)"
        )
    return card
