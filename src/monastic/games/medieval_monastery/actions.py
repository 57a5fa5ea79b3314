"""Actions of Medieval Monastery: small frozen values with one canonical text each.

>>> parse_action("offer 2 P1 for w")
Offer(target=2, card=0, ask='W')
>>> str(parse_action("combo kind W4 P4"))
'combo kind P4 W4'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from monastic.engine import ActionSyntaxError
from monastic.engine.jsonio import excerpt
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
#: Offer numbers run far below this (3 answered offers a trader and window): a bound that
#: keeps absurd numbers out of actions and their error texts.
MAX_OFFER_NUMBER = 9999
_COMBO_SIZES = range(
    min(min(rule.sizes) for rule in COMBOS.values()),
    max(max(rule.sizes) for rule in COMBOS.values()) + 1,
)


# An action built by hand (not parsed, not listed by the rules) is checked when it is made,
# so every action the rules meet has fields of the right type and range; the rules' own
# listing builds its actions without the checks (interned, or with ``tuple.__new__``).


def _refuse(action: object, why: str) -> ActionSyntaxError:
    return ActionSyntaxError(f"{excerpt(action, 60)} is not a medieval-monastery action: {why}")


def _whole(action: object, name: str, value: object, lo: int, hi: int) -> None:
    """A whole number from ``lo`` to ``hi`` (a bool is none)."""
    if type(value) is not int or not lo <= value <= hi:
        raise _refuse(action, f"{name} must be a whole number {lo}..{hi}, not {excerpt(value)}")


def _card(action: object, value: object) -> None:
    _whole(action, "a card", value, 0, DECK_SIZE - 1)


def _card_set(action: object, cards: object, sizes: range) -> None:
    """A tuple of distinct cards, as many as ``sizes`` allows."""
    if type(cards) is not tuple or len(cards) not in sizes:
        raise _refuse(action, f"cards must be a tuple of {sizes[0]} to {sizes[-1]} cards")
    for card in cards:
        _card(action, card)
    if len(set(cards)) != len(cards):
        raise _refuse(action, "a card is named twice")


# Actions are frozen values. Those built afresh while listing (answers, combos: a hand lists
# dozens at every declaration) are named tuples, which build four times faster than frozen
# dataclasses (their shapes differ, so no two kinds ever compare equal); the others are
# interned below.


@dataclass(frozen=True, slots=True)
class Play:
    """Eremitical phase: play a card and resolve its suit's action."""

    card: Card

    def __post_init__(self) -> None:
        _card(self, self.card)

    def __str__(self) -> str:
        return f"play {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Prayer: discard min(2, hand) cards in one step (C-5)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _card_set(self, self.cards, range(1, TABLE.prayer_discard + 1))

    def __str__(self) -> str:
        return f"discard {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class Offer:
    """Study: give ``card`` to ``target`` for one of their cards of suit or rank ``ask`` (C-20)."""

    target: int
    card: Card
    ask: str

    def __post_init__(self) -> None:
        _whole(self, "the target seat", self.target, 0, TABLE.max_players - 1)
        _card(self, self.card)
        if type(self.ask) is not str or self.ask not in ASKS:
            raise _refuse(self, f"the ask must be one of {' '.join(ASKS)}, not {excerpt(self.ask)}")

    def __str__(self) -> str:
        return f"offer {self.target} {card_text(self.card)} for {self.ask}"


@dataclass(frozen=True, slots=True)
class Done:
    """End trading (Study) or declaring combos (Cenobitic)."""

    def __str__(self) -> str:
        return "done"


class _AcceptFields(NamedTuple):
    number: int
    card: Card


class Accept(_AcceptFields):
    """Answer offer ``number`` with a matching card of one's own (the two cards swap)."""

    __slots__ = ()

    def __new__(cls, number: int, card: Card) -> Accept:
        action = tuple.__new__(cls, (number, card))
        _whole(action, "the offer number", number, 1, MAX_OFFER_NUMBER)
        _card(action, card)
        return action

    def __str__(self) -> str:
        return f"accept {self.number} {card_text(self.card)}"


class _RejectFields(NamedTuple):
    number: int


class Reject(_RejectFields):
    """Refuse offer ``number`` (always legal)."""

    __slots__ = ()

    def __new__(cls, number: int) -> Reject:
        action = tuple.__new__(cls, (number,))
        _whole(action, "the offer number", number, 1, MAX_OFFER_NUMBER)
        return action

    def __str__(self) -> str:
        return f"reject {self.number}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Rules: take one revealed card."""

    card: Card

    def __post_init__(self) -> None:
        _card(self, self.card)

    def __str__(self) -> str:
        return f"pick {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Bid:
    """Saints: bid one card, revealed with all others at once."""

    card: Card

    def __post_init__(self) -> None:
        _card(self, self.card)

    def __str__(self) -> str:
        return f"bid {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Give:
    """Orders and Monks: give a card (the recipient follows from the state)."""

    card: Card

    def __post_init__(self) -> None:
        _card(self, self.card)

    def __str__(self) -> str:
        return f"give {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Abbey: swap whole hands with ``target``."""

    target: int

    def __post_init__(self) -> None:
        _whole(self, "the seat", self.target, 0, TABLE.max_players - 1)

    def __str__(self) -> str:
        return f"swap {self.target}"


class _ComboFields(NamedTuple):
    kind: str
    cards: tuple[Card, ...]


class Combo(_ComboFields):
    """Cenobitic: declare a combo of the named kind; ``cards`` are sorted (a straight's by
    rank: P2 W1 S3 is ``(W1, P2, S3)``); its text lists them in suit order."""

    __slots__ = ()

    def __new__(cls, kind: str, cards: tuple[Card, ...]) -> Combo:
        action = tuple.__new__(cls, (kind, cards))
        if type(kind) is not str or kind not in COMBOS:
            raise _refuse(action, f"the kind must be one of {', '.join(COMBOS)}")
        _card_set(action, cards, _COMBO_SIZES)
        return action

    def __str__(self) -> str:
        return f"combo {self.kind} {cards_text(self.cards)}"


MedievalMonasteryAction = (
    Play | Discard | Offer | Done | Accept | Reject | Pick | Bid | Give | Swap | Combo
)

DONE = Done()
_new = tuple.__new__  # a named tuple action without its checks


def _trusted(kind: type[Any], *values: Any) -> Any:
    """An action of a frozen dataclass built without its checks: for the interned tables,
    whose values are right by construction."""
    action = object.__new__(kind)
    for name, value in zip(kind.__dataclass_fields__, values, strict=True):
        object.__setattr__(action, name, value)
    return action


# Interned actions, so generating legal actions allocates nothing on the hot path.
PLAY: tuple[Play, ...] = tuple(_trusted(Play, c) for c in ALL_CARDS)
PICK: tuple[Pick, ...] = tuple(_trusted(Pick, c) for c in ALL_CARDS)
BID: tuple[Bid, ...] = tuple(_trusted(Bid, c) for c in ALL_CARDS)
GIVE: tuple[Give, ...] = tuple(_trusted(Give, c) for c in ALL_CARDS)
DISCARD_ONE: tuple[Discard, ...] = tuple(_trusted(Discard, (c,)) for c in ALL_CARDS)
DISCARD_TWO: dict[tuple[int, ...], Discard] = {
    pair: _trusted(Discard, pair) for pair in combinations(ALL_CARDS, 2)
}
SWAP: tuple[Swap, ...] = tuple(_trusted(Swap, t) for t in range(TABLE.max_players))


def _suit_cards(suit: int) -> range:
    return range(suit * RANK_COUNT, (suit + 1) * RANK_COUNT)


def _rank_cards(rank_index: int) -> range:  # rank_index: the rank - 1
    return range(rank_index, DECK_SIZE, RANK_COUNT)


# Every flush and every N of a kind a hand can hold (6,239 values) with its card mask, by
# its sorted cards.
FLUSH: dict[tuple[int, ...], tuple[Combo, int]] = {
    cards: (_new(Combo, ("flush", cards)), card_mask(cards))
    for suit in SUITS
    for n in COMBOS["flush"].sizes
    for cards in combinations(_suit_cards(suit), n)
}
KIND: dict[tuple[int, ...], tuple[Combo, int]] = {
    cards: (_new(Combo, ("kind", cards)), card_mask(cards))
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
    (a, b, c): (_new(Combo, ("straight", (a, b, c))), card_mask((a, b, c)))
    for low in range(RANK_COUNT - 2)
    for a in _rank_cards(low)
    for b in _rank_cards(low + 1)
    for c in _rank_cards(low + 2)
}
OFFER: tuple[tuple[tuple[Offer, ...], ...], ...] = tuple(
    tuple(tuple(_trusted(Offer, target, card, ask) for ask in ASKS) for card in ALL_CARDS)
    for target in range(TABLE.max_players)
)


def _number(token: str, what: str, text: str, high: int) -> int:
    # ASCII digits only (``str.isdigit`` takes others that ``int`` refuses), and few of them.
    if not (token.isascii() and token.isdigit()):
        raise ActionSyntaxError(f"{excerpt(text)}: {what} must be a number, not {excerpt(token)}")
    if len(token) > len(str(high)) or int(token) > high:
        raise ActionSyntaxError(
            f"{excerpt(text)}: {what} must be at most {high}, not {excerpt(token)}"
        )
    return int(token)


def _cards(tokens: list[str], text: str) -> tuple[Card, ...]:
    cards = tuple(sorted(parse_card(t) for t in tokens))
    if len(set(cards)) != len(cards):
        raise ActionSyntaxError(f"{excerpt(text)}: a card is named twice")
    return cards


_SPACES = str.maketrans("\t\r\n", "   ")  # the white space an action text may hold

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
    if not text.isascii() or not text.translate(_SPACES).isprintable():
        # Plain ASCII only: no look-alike letters or digits, no control characters.
        raise ActionSyntaxError(
            f"{excerpt(text)} is not an action: only letters, digits and spaces may be in one"
        )
    tokens = text.split()
    if not tokens:
        raise ActionSyntaxError("empty action")
    word, args = tokens[0].lower(), tokens[1:]
    if word in _ONE_CARD:
        if len(args) != 1:
            raise ActionSyntaxError(f"{excerpt(text)}: '{word}' takes one card, e.g. '{word} P7'")
        return _ONE_CARD[word](parse_card(args[0]))
    if word == "done":
        if args:
            raise ActionSyntaxError(f"{excerpt(text)}: 'done' takes nothing after it")
        return DONE
    if word == "discard":
        if not 1 <= len(args) <= 2:
            raise ActionSyntaxError(f"{excerpt(text)}: 'discard' takes one or two cards")
        return Discard(_cards(args, text))
    if word == "swap":
        if len(args) != 1:
            raise ActionSyntaxError(f"{excerpt(text)}: 'swap' takes a seat number, e.g. 'swap 2'")
        return Swap(_number(args[0], "the seat", text, TABLE.max_players - 1))
    if word == "reject":
        if len(args) != 1:
            raise ActionSyntaxError(
                f"{excerpt(text)}: 'reject' takes an offer number, e.g. 'reject 3'"
            )
        return Reject(_number(args[0], "the offer number", text, MAX_OFFER_NUMBER))
    if word == "accept":
        if len(args) != 2:
            raise ActionSyntaxError(f"{excerpt(text)}: 'accept' takes an offer number and a card")
        return Accept(
            _number(args[0], "the offer number", text, MAX_OFFER_NUMBER), parse_card(args[1])
        )
    if word == "offer":
        if len(args) != 4 or args[2].lower() != "for":
            raise ActionSyntaxError(
                f"{excerpt(text)}: an offer reads 'offer SEAT CARD for SUIT-OR-RANK',"
                " e.g. 'offer 2 P1 for W'"
            )
        ask = args[3].upper()
        if ask not in ASKS:
            raise ActionSyntaxError(
                f"{excerpt(text)}: ask for a suit letter {SUIT_LETTERS}"
                f" or a rank {RANKS[0]}-{RANKS[-1]}"
            )
        return Offer(
            _number(args[0], "the seat", text, TABLE.max_players - 1), parse_card(args[1]), ask
        )
    if word == "combo":
        if len(args) < 3 or args[0].lower() not in COMBOS:
            kinds = ", ".join(COMBOS)
            raise ActionSyntaxError(
                f"{excerpt(text)}: a combo reads 'combo KIND CARDS...' with KIND one of {kinds}"
            )
        kind = args[0].lower()
        cards = _cards(args[1:], text)
        if kind == "straight":  # a straight's cards go by rank, as it is listed
            cards = tuple(sorted(cards, key=rank))
        return Combo(kind, cards)
    known = "play, discard, offer, done, accept, reject, pick, bid, give, swap, combo"
    raise ActionSyntaxError(f"{excerpt(text)}: unknown action {excerpt(word)} (actions: {known})")
