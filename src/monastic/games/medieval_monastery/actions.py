"""Actions of Medieval Monastery: small frozen values with one canonical text each.

>>> parse_action("offer 2 P1 for w")
Offer(target=2, card=0, ask='W')
>>> str(parse_action("combo kind W4 P4"))
'combo kind P4 W4'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from monastic.engine import ActionSyntaxError
from monastic.games.medieval_monastery.catalogue import (
    ALL_CARDS,
    COMBOS,
    DECK_SIZE,
    RANK_COUNT,
    RANKS,
    SUIT_LETTERS,
    SUITS,
    TABLE,
    Card,
    card_mask,
    card_text,
    cards_text,
    parse_card,
    rank,
)

__all__ = [
    "ASKS",
    "DONE",
    "Accept",
    "Bid",
    "Combo",
    "Discard",
    "Done",
    "Give",
    "MedievalMonasteryAction",
    "Offer",
    "Pick",
    "Play",
    "Reject",
    "Swap",
    "parse_action",
]

#: What an offer may ask for: a suit letter or a rank digit.
ASKS: tuple[str, ...] = (*SUIT_LETTERS, *(str(r) for r in RANKS))


# Actions are frozen values. Those built afresh while listing (answers, combos: a hand lists
# dozens at every declaration) are named tuples, which build four times faster than frozen
# dataclasses (their shapes differ, so no two kinds ever compare equal); the others are
# interned below.


@dataclass(frozen=True, slots=True)
class Play:
    """Eremitical phase: play a card and resolve its suit's action."""

    card: Card

    def __str__(self) -> str:
        return f"play {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Prayer: discard min(2, hand) cards in one step (C-5)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"discard {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class Offer:
    """Study: give ``card`` to ``target`` for one of their cards of suit or rank ``ask`` (C-20)."""

    target: int
    card: Card
    ask: str

    def __str__(self) -> str:
        return f"offer {self.target} {card_text(self.card)} for {self.ask}"


@dataclass(frozen=True, slots=True)
class Done:
    """End trading (Study) or declaring combos (Cenobitic)."""

    def __str__(self) -> str:
        return "done"


class Accept(NamedTuple):
    """Answer offer ``number`` with a matching card of one's own (the two cards swap)."""

    number: int
    card: Card

    def __str__(self) -> str:
        return f"accept {self.number} {card_text(self.card)}"


class Reject(NamedTuple):
    """Refuse offer ``number`` (always legal)."""

    number: int

    def __str__(self) -> str:
        return f"reject {self.number}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Rules: take one revealed card."""

    card: Card

    def __str__(self) -> str:
        return f"pick {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Bid:
    """Saints: bid one card, revealed with all others at once."""

    card: Card

    def __str__(self) -> str:
        return f"bid {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Give:
    """Orders and Monks: give a card (the recipient follows from the state)."""

    card: Card

    def __str__(self) -> str:
        return f"give {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Abbey: swap whole hands with ``target``."""

    target: int

    def __str__(self) -> str:
        return f"swap {self.target}"


class Combo(NamedTuple):
    """Cenobitic: declare a combo of the named kind; ``cards`` are sorted (a straight's by
    rank: P2 W1 S3 is ``(W1, P2, S3)``); its text lists them in suit order."""

    kind: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"combo {self.kind} {cards_text(self.cards)}"


MedievalMonasteryAction = (
    Play | Discard | Offer | Done | Accept | Reject | Pick | Bid | Give | Swap | Combo
)

DONE = Done()

# Interned actions, so generating legal actions allocates nothing on the hot path.
PLAY = tuple(Play(c) for c in ALL_CARDS)
PICK = tuple(Pick(c) for c in ALL_CARDS)
BID = tuple(Bid(c) for c in ALL_CARDS)
GIVE = tuple(Give(c) for c in ALL_CARDS)
DISCARD_ONE = tuple(Discard((c,)) for c in ALL_CARDS)
DISCARD_TWO = {pair: Discard(pair) for pair in combinations(ALL_CARDS, 2)}
SWAP = tuple(Swap(t) for t in range(TABLE.max_players))


def _suit_cards(suit: int) -> range:
    return range(suit * RANK_COUNT, (suit + 1) * RANK_COUNT)


def _rank_cards(rank_index: int) -> range:  # rank_index: the rank - 1
    return range(rank_index, DECK_SIZE, RANK_COUNT)


# Every flush and every N of a kind a hand can hold (6,239 values) with its card mask, by
# its sorted cards.
FLUSH: dict[tuple[int, ...], tuple[Combo, int]] = {
    cards: (Combo("flush", cards), card_mask(cards))
    for suit in SUITS
    for n in COMBOS["flush"].sizes
    for cards in combinations(_suit_cards(suit), n)
}
KIND: dict[tuple[int, ...], tuple[Combo, int]] = {
    cards: (Combo("kind", cards), card_mask(cards))
    for rank_index in range(RANK_COUNT)
    for n in COMBOS["kind"].sizes
    for cards in combinations(_rank_cards(rank_index), n)
}
# Every 3-card straight (3,584 values; the commonest combo) with its card mask, by its cards
# in rank order (as ``itertools.product`` yields them from a hand's rank columns, and as a
# straight lists them).
SHORTEST_STRAIGHT = COMBOS["straight"].sizes[0]
if SHORTEST_STRAIGHT != 3:
    raise ValueError("the combo listing builds straights from 3-card ones")
STRAIGHT3: dict[tuple[int, ...], tuple[Combo, int]] = {
    (a, b, c): (Combo("straight", (a, b, c)), card_mask((a, b, c)))
    for low in range(RANK_COUNT - 2)
    for a in _rank_cards(low)
    for b in _rank_cards(low + 1)
    for c in _rank_cards(low + 2)
}
OFFER = tuple(
    tuple(tuple(Offer(target, card, ask) for ask in ASKS) for card in ALL_CARDS)
    for target in range(TABLE.max_players)
)


def _number(token: str, what: str, text: str) -> int:
    if not token.isdigit():
        raise ActionSyntaxError(f"{text!r}: {what} must be a number, not {token!r}")
    return int(token)


def _cards(tokens: list[str], text: str) -> tuple[Card, ...]:
    cards = tuple(sorted(parse_card(t) for t in tokens))
    if len(set(cards)) != len(cards):
        raise ActionSyntaxError(f"{text!r}: a card is named twice")
    return cards


_ONE_CARD: dict[str, type[Play | Pick | Bid | Give]] = {
    "play": Play,
    "pick": Pick,
    "bid": Bid,
    "give": Give,
}


def parse_action(text: str) -> MedievalMonasteryAction:
    """Parse an action's text (any card order, any case); raise ActionSyntaxError if malformed."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, not {type(text).__name__}")
    tokens = text.split()
    if not tokens:
        raise ActionSyntaxError("empty action")
    word, args = tokens[0].lower(), tokens[1:]
    if word in _ONE_CARD:
        if len(args) != 1:
            raise ActionSyntaxError(f"{text!r}: '{word}' takes one card, e.g. '{word} P7'")
        return _ONE_CARD[word](parse_card(args[0]))
    if word == "done":
        if args:
            raise ActionSyntaxError(f"{text!r}: 'done' takes nothing after it")
        return DONE
    if word == "discard":
        if not 1 <= len(args) <= 2:
            raise ActionSyntaxError(f"{text!r}: 'discard' takes one or two cards")
        return Discard(_cards(args, text))
    if word == "swap":
        if len(args) != 1:
            raise ActionSyntaxError(f"{text!r}: 'swap' takes a seat number, e.g. 'swap 2'")
        return Swap(_number(args[0], "the seat", text))
    if word == "reject":
        if len(args) != 1:
            raise ActionSyntaxError(f"{text!r}: 'reject' takes an offer number, e.g. 'reject 3'")
        return Reject(_number(args[0], "the offer number", text))
    if word == "accept":
        if len(args) != 2:
            raise ActionSyntaxError(f"{text!r}: 'accept' takes an offer number and a card")
        return Accept(_number(args[0], "the offer number", text), parse_card(args[1]))
    if word == "offer":
        if len(args) != 4 or args[2].lower() != "for":
            raise ActionSyntaxError(
                f"{text!r}: an offer reads 'offer SEAT CARD for SUIT-OR-RANK',"
                " e.g. 'offer 2 P1 for W'"
            )
        ask = args[3].upper()
        if ask not in ASKS:
            raise ActionSyntaxError(
                f"{text!r}: ask for a suit letter {SUIT_LETTERS} or a rank {RANKS[0]}-{RANKS[-1]}"
            )
        return Offer(_number(args[0], "the seat", text), parse_card(args[1]), ask)
    if word == "combo":
        if len(args) < 3 or args[0].lower() not in COMBOS:
            kinds = ", ".join(COMBOS)
            raise ActionSyntaxError(
                f"{text!r}: a combo reads 'combo KIND CARDS...' with KIND one of {kinds}"
            )
        kind = args[0].lower()
        cards = _cards(args[1:], text)
        if kind == "straight":  # a straight's cards go by rank, as it is listed
            cards = tuple(sorted(cards, key=rank))
        return Combo(kind, cards)
    known = "play, discard, offer, done, accept, reject, pick, bid, give, swap, combo"
    raise ActionSyntaxError(f"{text!r}: unknown action {word!r} (actions: {known})")
