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

from dataclasses import dataclass

from monastic.engine import ActionSyntaxError
from monastic.games.monasterium.catalogue import (
    DEST_INDEX,
    DEST_NAMES,
    GOOD_INDEX,
    GOODS,
    MON_IDS,
    MON_INDEX,
    NOVICE_IDS,
    NOVICE_INDEX,
    SLOT_EFFECT,
    SLOT_IDS,
    SLOT_INDEX,
)

__all__ = [
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


def source_name(src: int) -> str:
    """``std1``..``std5`` or a slot id."""
    return f"std{src - STANDARD0 + 1}" if src >= STANDARD0 else SLOT_IDS[src]


@dataclass(frozen=True, slots=True)
class Place:
    """Place all rolled dice showing ``value`` on field F<value>."""

    value: int

    def __str__(self) -> str:
        return f"place {self.value}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Re-roll these dice (faces, sorted) with the re-roll tile."""

    personal: tuple[int, ...]
    neutral: tuple[int, ...]

    def __str__(self) -> str:
        parts = [f"P{v}" for v in self.personal] + [f"N{v}" for v in self.neutral]
        return "reroll " + " ".join(parts)


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

    def __str__(self) -> str:
        return f"to {DEST_NAMES[self.dest]}"


@dataclass(frozen=True, slots=True)
class Tile:
    """Take a window tile of ``mon`` into window row ``row`` (0..2), choosing ``bonus``."""

    mon: int
    row: int
    bonus: int  # 0 row bonus, 1 column bonus, 2 none

    def __str__(self) -> str:
        return f"tile {MON_IDS[self.mon]} {WINDOW_ROWS[self.row]} {TILE_BONUS[self.bonus]}"


@dataclass(frozen=True, slots=True)
class Bonus:
    """A choice of a road bonus (index into ``BONUS_CHOICES``)."""

    choice: int

    def __str__(self) -> str:
        return f"bonus {BONUS_CHOICES[self.choice]}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Decline an optional reward or bonus."""

    def __str__(self) -> str:
        return "decline"


Action = Place | Reroll | Keep | Take | Use | To | Tile | Bonus | Decline

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


# Prebuilt values (legal-move generation hands these out instead of building new ones).
PLACES = tuple(Place(v) for v in range(7))
TAKES = {(f, k, c): Take(f, k, c) for f in range(1, 6) for k in range(1, 4) for c in (f,)}
TAKES.update({(6, 1, c): Take(6, 1, c) for c in range(1, 6)})
USES = tuple(tuple(Use(src, arg) for arg in range(24)) for src in range(25))
TOS = tuple(To(d) for d in range(len(DEST_NAMES)))
TILES = tuple(tuple(tuple(Tile(m, r, b) for b in range(3)) for r in range(3)) for m in range(5))
BONUSES = tuple(Bonus(i) for i in range(len(BONUS_CHOICES)))


def _fail(text: str, why: str) -> ActionSyntaxError:
    return ActionSyntaxError(f"{text!r} is not a monasterium action: {why}")


def _int(text: str, word: str, lo: int, hi: int) -> int:
    if not word.isdigit() or not lo <= int(word) <= hi:
        raise _fail(text, f"expected a number {lo}..{hi}, got {word!r}")
    return int(word)


def _parse_use(text: str, words: list[str]) -> Use:
    if len(words) < 2:
        raise _fail(text, "'use' needs a source (std1..std5 or a slot id such as II-4)")
    name = words[1]
    if name.startswith("std") and name[3:] in ("1", "2", "3", "4", "5"):
        src = STANDARD0 + int(name[3:]) - 1
    elif name in SLOT_INDEX and SLOT_INDEX[name] < 15:
        src = SLOT_INDEX[name]
    else:
        raise _fail(text, f"unknown action source {name!r} (std1..std5, I-1..III-5)")
    kind = _use_kind(src)
    rest = words[2:]
    if kind == "send":
        if len(rest) != 1 or rest[0] not in NOVICE_INDEX:
            raise _fail(text, f"{name} sends a novice: name it (I-1..IV-5 or X-I..X-IV)")
        return USES[src][NOVICE_INDEX[rest[0]]]
    if kind == "choose":
        if len(rest) != 1 or rest[0] not in GOOD_INDEX:
            raise _fail(text, f"{name} needs the good to take")
        return USES[src][GOOD_INDEX[rest[0]]]
    if kind == "swap":
        if rest not in ([], ["swap"]):
            raise _fail(text, f"{name} takes nothing or 'swap'")
        return USES[src][1 if rest else 0]
    if kind == "steps":
        if len(rest) != 1:
            raise _fail(text, f"{name} needs the number of spaces (1..3)")
        return USES[src][_int(text, rest[0], 1, 3)]
    if rest:
        raise _fail(text, f"{name} takes no argument")
    return USES[src][0]


def parse_action(text: str) -> Action:
    """Text to action; raises ActionSyntaxError naming what is wrong."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action must be text, not {type(text).__name__}")
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
                raise _fail(text, f"dice are written P<face> or N<face>, not {w!r}")
            (pers if w[0] == "P" else neut).append(int(w[1]))
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
            raise _fail(text, f"unknown space {words[1]!r} (e.g. RED-B1, BLU-K3, PUR-CH)")
        return TOS[DEST_INDEX[words[1]]]
    if head == "tile" and len(words) == 4:
        mon, row, bonus = words[1:]
        if mon not in MON_INDEX:
            raise _fail(text, f"unknown monastery {mon!r} ({', '.join(MON_IDS)})")
        if row not in WINDOW_ROWS:
            raise _fail(text, f"unknown window row {row!r} (W-I, W-II, W-III)")
        if bonus not in TILE_BONUS:
            raise _fail(text, f"the bonus is row, col or none, not {bonus!r}")
        return TILES[MON_INDEX[mon]][WINDOW_ROWS.index(row)][TILE_BONUS.index(bonus)]
    if head == "bonus" and len(words) == 2:
        if words[1] not in BONUS_CHOICES:
            raise _fail(text, f"unknown bonus {words[1]!r} ({', '.join(BONUS_CHOICES)})")
        return BONUSES[BONUS_CHOICES.index(words[1])]
    raise _fail(text, "unknown form (place, reroll, keep, take, use, to, tile, bonus, decline)")
