"""The 72 cards, the combo table and the table's counts, loaded once from ``data/cards.json``
into frozen values.

A card is an int 0..71: ``suit * RANK_COUNT + rank - 1``, suits in the order P W S R Z O A M.
A set of cards is often a mask: bit ``c`` set for card ``c`` (copies and set operations cost
next to nothing).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from monastic.engine import ActionSyntaxError
from monastic.engine.jsonio import excerpt

__all__ = [
    "ALL_CARDS",
    "CARDS",
    "CARD_TEXTS",
    "COMBOS",
    "DECK_SIZE",
    "RANKS",
    "RANK_COUNT",
    "RANK_OF",
    "SUITS",
    "SUIT_ACTIONS",
    "SUIT_COUNT",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "SUIT_OF",
    "TABLE",
    "Card",
    "CardInfo",
    "ComboRule",
    "TableCounts",
    "card_mask",
    "card_text",
    "cards_text",
    "mask_cards",
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
    """One row of the combo table: card counts allowed, points per count, draws per count,
    and the size that wins the game at once (the 9-card flush), if any."""

    kind: str
    sizes: tuple[int, ...]
    points: MappingProxyType[int, int]
    draws: MappingProxyType[int, int]
    scores: str
    wins_at: int | None


@dataclass(frozen=True, slots=True)
class TableCounts:
    """The counts the rules use: seats, the deal, and what the suit actions draw."""

    min_players: int
    max_players: int
    hand_size: int  # cards each seat draws at the start of a turn
    prayer_draw: int
    prayer_discard: int  # at most this many (C-5: min(2, hand))
    work_draw: int
    saints_draw: int  # cards every seat draws before the bidding
    saints_centre: int  # cards revealed to bid for
    offers_per_trader: int  # answered offers after which a trader is done (C-22)


def _load() -> dict[str, Any]:
    package = resources.files("monastic.games.medieval_monastery")  # compiled: no __package__
    text = package.joinpath("data/cards.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_DATA = _load()
TABLE = TableCounts(**_DATA["table"])
SUIT_LETTERS: str = "".join(s["letter"] for s in _DATA["suits"])
SUIT_NAMES: tuple[str, ...] = tuple(s["name"] for s in _DATA["suits"])
SUIT_COUNT = len(SUIT_LETTERS)
RANK_COUNT: int = max(c["rank"] for c in _DATA["cards"])
SUITS = range(SUIT_COUNT)
RANKS = range(1, RANK_COUNT + 1)
CARDS: tuple[CardInfo, ...] = tuple(
    CardInfo(
        SUIT_LETTERS.index(c["suit"]) * RANK_COUNT + c["rank"] - 1,
        c["name"],
        SUIT_LETTERS.index(c["suit"]),
        c["rank"],
    )
    for c in sorted(_DATA["cards"], key=lambda c: (SUIT_LETTERS.index(c["suit"]), c["rank"]))
)
DECK_SIZE = len(CARDS)
if [info.id for info in CARDS] != list(range(SUIT_COUNT * RANK_COUNT)):
    raise ValueError("data/cards.json must hold each rank of each suit exactly once")
ALL_CARDS = range(DECK_SIZE)
SUIT_ACTIONS: MappingProxyType[str, str] = MappingProxyType(dict(_DATA["suit_actions"]))
COMBOS: MappingProxyType[str, ComboRule] = MappingProxyType(
    {
        kind: ComboRule(
            kind,
            tuple(row["sizes"]),
            MappingProxyType({int(k): v for k, v in row["points"].items()}),
            MappingProxyType({int(k): v for k, v in row["draws"].items()}),
            row["scores"],
            row.get("wins_at"),
        )
        for kind, row in _DATA["combos"].items()
    }
)
del _DATA

#: Each card's text by card number (``CARD_TEXTS[c]``, what ``card_text`` returns).
CARD_TEXTS: tuple[str, ...] = tuple(info.text for info in CARDS)
#: Each card's suit index and rank by card number, for loops that ask often.
SUIT_OF: tuple[int, ...] = tuple(info.suit for info in CARDS)
RANK_OF: tuple[int, ...] = tuple(info.rank for info in CARDS)

_BY_TEXT: MappingProxyType[str, Card] = MappingProxyType({t: i for i, t in enumerate(CARD_TEXTS)})


def suit(card: Card) -> int:
    """The suit index 0..7 of a card."""
    return card // RANK_COUNT


def rank(card: Card) -> int:
    """The rank 1..9 of a card."""
    return card % RANK_COUNT + 1


def card_text(card: Card) -> str:
    """``P7``."""
    return CARD_TEXTS[card]


def cards_text(cards: Any) -> str:
    """Cards in suit order P W S R Z O A M, then rank, one space apart."""
    return " ".join(CARD_TEXTS[c] for c in sorted(cards))


def card_mask(cards: Iterable[int]) -> int:
    """A set of cards as a mask of ``DECK_SIZE`` bits."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def mask_cards(mask: int) -> list[int]:
    """The cards of a mask, ascending."""
    return [card for card in ALL_CARDS if mask >> card & 1]


def parse_card(text: str) -> Card:
    """``P7`` -> card; lower case accepted."""
    card = _BY_TEXT.get(text.strip().upper())
    if card is None:
        raise ActionSyntaxError(
            f"{excerpt(text)} is not a card (a card is a suit letter {SUIT_LETTERS} and a rank"
            f" {RANKS[0]}-{RANKS[-1]}, e.g. P7)"
        )
    return card
