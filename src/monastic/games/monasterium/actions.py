"""Monasterium actions: small frozen values with one canonical text each.

Text forms (see ``docs/monasterium/notation.md``)::

    place 4                 put all rolled dice showing 4 on field F4
    reroll P4 N1 N1         re-roll tile: roll these just-rolled dice again (P personal, N neutral)
    keep                    keep a newly gained personal die as rolled
    take 4x2                take two dice from F4
    take 6>3                take one joker from F6 and put it on column 3
    use std1 I-2            standard action of column 1 (send) with the novice of slot I-2
    use I-1 rosary          slot action with a choice; also ``use II-5 3``, ``use I-3 swap``
    to RED-B1               destination of the send being made
    tile RED W-I row        window tile from RED into row W-I, taking the row bonus (row|col|none)
    bonus influence         a bonus: influence, rosary, soup, soup>tool, tool>book, die, vp
                            (road), tool, book (building reward)
    decline                 decline an optional reward or bonus
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType

from monastic.engine import ActionSyntaxError
from monastic.engine.jsonio import excerpt
from monastic.engine.state import MAX_ACTION_TEXT
from monastic.games.monasterium.catalogue import (
    COLUMNS,
    DEST_INDEX,
    DEST_NAMES,
    DIE_FACES,
    FIRST_FLIP_SLOT,
    GOOD_INDEX,
    GOODS,
    MON_IDS,
    MON_INDEX,
    MONASTERIES,
    NOVICE_IDS,
    NOVICE_INDEX,
    PERSONAL_MAX,
    PLAYER_SETUP,
    SLOT_EFFECT,
    SLOT_IDS,
    SLOT_INDEX,
)

__all__ = [
    "ACTION_TYPES",
    "BONUS_CHOICES",
    "DECLINE",
    "KEEP",
    "TILE_BONUS",
    "Action",
    "Bonus",
    "Decline",
    "Keep",
    "Place",
    "Reroll",
    "Take",
    "Tile",
    "To",
    "Use",
    "parse_action",
    "rules_reroll",
    "source_name",
]

#: Use sources 0..19 are slots, 20..24 the standard actions of columns 1..5.
STANDARD0 = 20
WINDOW_ROWS = ("W-I", "W-II", "W-III")
TILE_BONUS = ("row", "col", "none")
ROW_BONUS_CHOICE, COLUMN_BONUS_CHOICE, NO_BONUS_CHOICE = range(len(TILE_BONUS))
BONUS_CHOICES = (
    "influence",
    "rosary",
    "soup",
    "soup>tool",
    "tool>book",
    "die",
    "vp",
    "tool",
    "book",
)
#: Indices into ``BONUS_CHOICES``.
(
    BONUS_INFLUENCE,
    BONUS_ROSARY,
    BONUS_SOUP,
    BONUS_SOUP_TO_TOOL,
    BONUS_TOOL_TO_BOOK,
    BONUS_DIE,
    BONUS_VP,
    BONUS_TOOL,
    BONUS_BOOK,
) = range(len(BONUS_CHOICES))


#: The sources a ``Use`` may name: the slots of rows I-III and the standard actions.
SOURCES = (*range(FIRST_FLIP_SLOT), *range(STANDARD0, STANDARD0 + COLUMNS))
#: The most dice of each kind one placement roll holds (a re-roll names some of them).
MAX_NEUTRAL = max(setup.neutral for setup in PLAYER_SETUP.values())
#: The largest take of one field (§3.2).
MAX_COUNT = 3
JOKER_FIELD = DIE_FACES


def _refuse(action: object, why: str) -> ActionSyntaxError:
    return ActionSyntaxError(f"{excerpt(action, 60)} is not a monasterium action: {why}")


def _check_whole(action: object, name: str, value: object, lo: int, hi: int) -> None:
    """A field of an action built by hand: a whole number in range (a bool is none)."""
    if type(value) is not int or not lo <= value <= hi:
        raise _refuse(action, f"{name} must be a whole number {lo}..{hi}, not {excerpt(value)}")


def _check_faces(action: object, name: str, faces: object, most: int) -> None:
    if type(faces) is not tuple or len(faces) > most:
        raise _refuse(action, f"{name} must be a tuple of at most {most} faces")
    for face in faces:
        _check_whole(action, f"a face of {name}", face, 1, DIE_FACES)
    if list(faces) != sorted(faces):
        raise _refuse(action, f"{name} must be sorted")


def source_name(src: int) -> str:
    """``std1``..``std5`` or a slot id."""
    return f"std{src - STANDARD0 + 1}" if src >= STANDARD0 else SLOT_IDS[src]


@dataclass(frozen=True, slots=True)
class Place:
    """Place all rolled dice showing ``value`` on field F<value>."""

    value: int

    def __post_init__(self) -> None:
        _check_whole(self, "value", self.value, 1, DIE_FACES)

    def __str__(self) -> str:
        return f"place {self.value}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Re-roll these dice (faces, sorted) with the re-roll tile."""

    personal: tuple[int, ...]
    neutral: tuple[int, ...]

    def __post_init__(self) -> None:
        _check_faces(self, "personal", self.personal, PERSONAL_MAX)
        _check_faces(self, "neutral", self.neutral, MAX_NEUTRAL)
        if not self.personal and not self.neutral:
            raise _refuse(self, "a re-roll names at least one die")

    def __str__(self) -> str:
        parts = [f"P{v}" for v in self.personal] + [f"N{v}" for v in self.neutral]
        return "reroll " + " ".join(parts)


def rules_reroll(personal: tuple[int, ...], neutral: tuple[int, ...]) -> Reroll:
    """A ``Reroll`` the rules build from sorted dice they hold, without the checks a re-roll
    built by hand goes through (the legal listing makes thousands of them)."""
    action = object.__new__(Reroll)
    object.__setattr__(action, "personal", personal)
    object.__setattr__(action, "neutral", neutral)
    return action


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep a newly gained personal die as rolled."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Take:
    """Take ``count`` dice from field F<field>; a joker goes to ``column`` (1..5)."""

    field: int
    count: int
    column: int

    def __post_init__(self) -> None:
        _check_whole(self, "field", self.field, 1, JOKER_FIELD)
        _check_whole(self, "count", self.count, 1, MAX_COUNT)
        _check_whole(self, "column", self.column, 1, COLUMNS)
        if self.field == JOKER_FIELD and self.count != 1:
            raise _refuse(self, "a joker is taken one at a time")
        if self.field != JOKER_FIELD and self.column != self.field:
            raise _refuse(self, "dice of F1-F5 go to the column of their field")

    def __str__(self) -> str:
        if self.field == 6:
            return f"take 6>{self.column}"
        return f"take {self.field}x{self.count}"


@dataclass(frozen=True, slots=True)
class Use:
    """Carry out one action: ``src`` (slot 0..19 or 20+column) and its argument.

    ``arg`` is a novice index for sends, a good index for I-1, 1 for I-3 with the exchange,
    the step count for II-5, else 0.
    """

    src: int
    arg: int

    def __post_init__(self) -> None:
        if type(self.src) is not int or self.src not in SOURCES:
            raise _refuse(
                self,
                f"src must be a slot 0..14 or a standard action 20..24, not {excerpt(self.src)}",
            )
        if type(self.arg) is not int or self.arg not in use_args(self.src):
            raise _refuse(self, f"{source_name(self.src)} takes no argument {excerpt(self.arg)}")

    def __str__(self) -> str:
        name = source_name(self.src)
        kind = _use_kind(self.src)
        if kind == "send":
            return f"use {name} {NOVICE_IDS[self.arg]}"
        if kind == "choose":
            return f"use {name} {GOODS[self.arg]}"
        if kind == "swap":
            return f"use {name} swap" if self.arg else f"use {name}"
        if kind == "steps":
            return f"use {name} {self.arg}"
        return f"use {name}"


@dataclass(frozen=True, slots=True)
class To:
    """The destination of the send in progress."""

    dest: int

    def __post_init__(self) -> None:
        _check_whole(self, "dest", self.dest, 0, len(DEST_NAMES) - 1)

    def __str__(self) -> str:
        return f"to {DEST_NAMES[self.dest]}"


@dataclass(frozen=True, slots=True)
class Tile:
    """Take a window tile of ``mon`` into window row ``row`` (0..2), choosing ``bonus``."""

    mon: int
    row: int
    bonus: int  # 0 row bonus, 1 column bonus, 2 none

    def __post_init__(self) -> None:
        _check_whole(self, "mon", self.mon, 0, MONASTERIES - 1)
        _check_whole(self, "row", self.row, 0, len(WINDOW_ROWS) - 1)
        _check_whole(self, "bonus", self.bonus, 0, len(TILE_BONUS) - 1)

    def __str__(self) -> str:
        return f"tile {MON_IDS[self.mon]} {WINDOW_ROWS[self.row]} {TILE_BONUS[self.bonus]}"


@dataclass(frozen=True, slots=True)
class Bonus:
    """A choice of a road bonus (index into ``BONUS_CHOICES``)."""

    choice: int

    def __post_init__(self) -> None:
        _check_whole(self, "choice", self.choice, 0, len(BONUS_CHOICES) - 1)

    def __str__(self) -> str:
        return f"bonus {BONUS_CHOICES[self.choice]}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Decline an optional reward or bonus."""

    def __str__(self) -> str:
        return "decline"


Action = Place | Reroll | Keep | Take | Use | To | Tile | Bonus | Decline
ACTION_TYPES = (Place, Reroll, Keep, Take, Use, To, Tile, Bonus, Decline)

DECLINE = Decline()
KEEP = Keep()


def _use_kind(src: int) -> str:
    if src >= STANDARD0:
        return "send" if src == STANDARD0 else "plain"
    eff = SLOT_EFFECT[src]
    if eff.kind == "send":
        return "send"
    if eff.kind == "choose":
        return "choose"
    if eff.kind == "take" and eff.pay >= 0:
        return "swap"
    if eff.kind == "move" and eff.move_max > 1:
        return "steps"
    return "plain"


def use_args(src: int) -> range | tuple[int, ...]:
    """The arguments a use of ``src`` may carry (see ``Use``)."""
    kind = _use_kind(src)
    if kind == "send":
        return range(len(NOVICE_IDS))
    if kind == "choose":
        return SLOT_EFFECT[src].goods
    if kind == "swap":
        return (0, 1)
    if kind == "steps":
        eff = SLOT_EFFECT[src]
        return range(eff.move_min, eff.move_max + 1)
    return (0,)


# Prebuilt values (legal-move generation hands these out instead of building new ones).
PLACES = MappingProxyType({v: Place(v) for v in range(1, DIE_FACES + 1)})
TAKES = {(f, k, c): Take(f, k, c) for f in range(1, 6) for k in range(1, 4) for c in (f,)}
TAKES.update({(6, 1, c): Take(6, 1, c) for c in range(1, 6)})
#: ``USES[src][arg]``: None where ``src`` takes no such argument (or is no source).
USES = tuple(
    tuple(
        Use(src, arg) if src in SOURCES and arg in use_args(src) else None
        for arg in range(len(NOVICE_IDS))
    )
    for src in range(STANDARD0 + COLUMNS)
)
TOS = tuple(To(d) for d in range(len(DEST_NAMES)))
TILES = tuple(tuple(tuple(Tile(m, r, b) for b in range(3)) for r in range(3)) for m in range(5))
BONUSES = tuple(Bonus(i) for i in range(len(BONUS_CHOICES)))


#: An action text: printable ASCII words between spaces, tabs or line ends.
_PLAIN_TEXT = re.compile(r"[ -~\t\r\n]*")


def _fail(text: str, why: str) -> ActionSyntaxError:
    return ActionSyntaxError(f"{excerpt(text)} is not a monasterium action: {why}")


def _int(text: str, word: str, lo: int, hi: int) -> int:
    # ASCII digits only: "٣" and "²" are digits to str.isdigit, and a long run of digits
    # is no number of this game.
    if not (word.isascii() and word.isdigit() and len(word) <= 2) or not lo <= int(word) <= hi:
        raise _fail(text, f"expected a number {lo}..{hi}, got {excerpt(word)}")
    return int(word)


def _use(src: int, arg: int) -> Use:
    use = USES[src][arg]
    assert use is not None, "the parser names only arguments the source takes"
    return use


def _parse_use(text: str, words: list[str]) -> Use:
    if len(words) < 2:
        raise _fail(text, "'use' needs a source (std1..std5 or a slot id such as II-4)")
    name = words[1]
    if name.startswith("std") and name[3:] in ("1", "2", "3", "4", "5"):
        src = STANDARD0 + int(name[3:]) - 1
    elif name in SLOT_INDEX and SLOT_INDEX[name] < 15:
        src = SLOT_INDEX[name]
    else:
        raise _fail(text, f"unknown action source {excerpt(name)} (std1..std5, I-1..III-5)")
    kind = _use_kind(src)
    rest = words[2:]
    if kind == "send":
        if len(rest) != 1 or rest[0] not in NOVICE_INDEX:
            raise _fail(text, f"{name} sends a novice: name it (I-1..IV-5 or X-I..X-IV)")
        return _use(src, NOVICE_INDEX[rest[0]])
    if kind == "choose":
        goods = SLOT_EFFECT[src].goods
        if len(rest) != 1 or GOOD_INDEX.get(rest[0]) not in goods:
            raise _fail(text, f"{name} takes one of {', '.join(GOODS[g] for g in goods)}")
        return _use(src, GOOD_INDEX[rest[0]])
    if kind == "swap":
        if rest not in ([], ["swap"]):
            raise _fail(text, f"{name} takes nothing or 'swap'")
        return _use(src, 1 if rest else 0)
    if kind == "steps":
        steps = use_args(src)
        if len(rest) != 1:
            raise _fail(text, f"{name} needs the number of spaces ({steps[0]}..{steps[-1]})")
        return _use(src, _int(text, rest[0], steps[0], steps[-1]))
    if rest:
        raise _fail(text, f"{name} takes no argument")
    return _use(src, 0)


def parse_action(text: str) -> Action:
    """Text to action; raises ActionSyntaxError naming what is wrong."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action must be text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise _fail(text, f"{len(text)} characters is too long")
    if not _PLAIN_TEXT.fullmatch(text):
        raise _fail(text, "an action is printable ASCII words (no control characters)")
    words = text.split()
    if not words:
        raise _fail(text, "empty text")
    head = words[0]
    if head == "place" and len(words) == 2:
        return PLACES[_int(text, words[1], 1, 6)]
    if head == "reroll" and len(words) >= 2:
        pers: list[int] = []
        neut: list[int] = []
        for w in words[1:]:
            if len(w) != 2 or w[0] not in "PN" or w[1] not in "123456":
                raise _fail(text, f"dice are written P<face> or N<face>, not {excerpt(w)}")
            (pers if w[0] == "P" else neut).append(int(w[1]))
        if len(pers) > PERSONAL_MAX or len(neut) > MAX_NEUTRAL:
            raise _fail(text, f"a roll has at most {PERSONAL_MAX} P and {MAX_NEUTRAL} N dice")
        return Reroll(tuple(sorted(pers)), tuple(sorted(neut)))
    if head == "keep" and len(words) == 1:
        return KEEP
    if head == "decline" and len(words) == 1:
        return DECLINE
    if head == "take" and len(words) == 2:
        w = words[1]
        if len(w) == 3 and w[0] in "12345" and w[1] == "x" and w[2] in "123":
            return TAKES[(int(w[0]), int(w[2]), int(w[0]))]
        if len(w) == 3 and w[0] == "6" and w[1] == ">" and w[2] in "12345":
            return TAKES[(6, 1, int(w[2]))]
        raise _fail(text, "write 'take <field 1-5>x<1-3>' or 'take 6><column 1-5>'")
    if head == "use":
        return _parse_use(text, words)
    if head == "to" and len(words) == 2:
        if words[1] not in DEST_INDEX:
            raise _fail(text, f"unknown space {excerpt(words[1])} (e.g. RED-B1, BLU-K3, PUR-CH)")
        return TOS[DEST_INDEX[words[1]]]
    if head == "tile" and len(words) == 4:
        mon, row, bonus = words[1:]
        if mon not in MON_INDEX:
            raise _fail(text, f"unknown monastery {excerpt(mon)} ({', '.join(MON_IDS)})")
        if row not in WINDOW_ROWS:
            raise _fail(text, f"unknown window row {excerpt(row)} (W-I, W-II, W-III)")
        if bonus not in TILE_BONUS:
            raise _fail(text, f"the bonus is row, col or none, not {excerpt(bonus)}")
        return TILES[MON_INDEX[mon]][WINDOW_ROWS.index(row)][TILE_BONUS.index(bonus)]
    if head == "bonus" and len(words) == 2:
        if words[1] not in BONUS_CHOICES:
            raise _fail(text, f"unknown bonus {excerpt(words[1])} ({', '.join(BONUS_CHOICES)})")
        return BONUSES[BONUS_CHOICES.index(words[1])]
    raise _fail(text, "unknown form (place, reroll, keep, take, use, to, tile, bonus, decline)")
