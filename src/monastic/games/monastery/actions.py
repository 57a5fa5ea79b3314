"""Actions: small frozen values with one canonical text each, and the parser.

Places are written ``x,y`` for a tile cell, ``x,y/b`` for box ``b`` (0-based) of an
under-construction tile, and ``A`` for the Abbey. Colours are ``R``, ``B``, ``G``, ``Y``.
Prayer Board cells are a row colour and a column 1-10 (``R2``); track spaces are a colour
and a space 1-9 (``B5``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from monastic.engine import ActionSyntaxError
from monastic.engine.jsonio import excerpt
from monastic.games.monastery.catalogue import (
    BOARD_CELLS,
    BOARD_ROWS,
    COLOUR_LETTERS,
    COLOURS,
    INSTANCES,
    TRACK_SPACES,
    TYPE_BY_ID,
)

__all__ = [
    "ABBEY_XY",
    "AbbotsHouse",
    "Almonry",
    "BuyLetter",
    "BuyMonk",
    "Elect",
    "Encourage",
    "End",
    "Exchange",
    "Imprison",
    "Keep",
    "Lay",
    "Library",
    "MAction",
    "Move",
    "Pray",
    "Purchase",
    "Return",
    "Shift",
    "Stand",
    "Workshop",
    "check_action",
    "parse_action",
]

#: The coordinates standing for the Abbey in actions.
ABBEY_XY = (10**6, 10**6)


def _place(x: int, y: int, box: int = -1) -> str:
    if (x, y) == ABBEY_XY:
        return "A"
    return f"{x},{y}" if box < 0 else f"{x},{y}/{box}"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay a tile from hand (``stables``: by the Stables symbol in a scoring, M-41)."""

    tile: str
    x: int
    y: int
    rot: int  # quarter turns clockwise
    stables: bool = False

    def __str__(self) -> str:
        verb = "stables" if self.stables else "lay"
        return f"{verb} {self.tile} {self.x},{self.y} r{self.rot * 90}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Draw a tile instead of laying (M-7); a Return follows."""

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True, slots=True)
class Return:
    """Return a tile to the bag (after an exchange, the Workshop, or the start hand)."""

    tile: str

    def __str__(self) -> str:
        return f"return {self.tile}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move one monk from a place to a destination for ``cost`` movement points."""

    sx: int
    sy: int
    sbox: int
    dx: int
    dy: int
    dbox: int
    cost: int

    def __str__(self) -> str:
        src = _place(self.sx, self.sy, self.sbox)
        return f"move {src} {_place(self.dx, self.dy, self.dbox)} c{self.cost}"


@dataclass(frozen=True, slots=True)
class Shift:
    """Shift a monk to another empty box of the same tile for free (M-18)."""

    x: int
    y: int
    a: int
    b: int

    def __str__(self) -> str:
        return f"shift {self.x},{self.y}/{self.a}>{self.b}"


@dataclass(frozen=True, slots=True)
class Encourage:
    """Place one blessing on an under-construction tile (M-23)."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"encourage {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class End:
    """End the step, the scoring, or the Brewhouse choices."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Library:
    """Swap two large letters on the Prayer Board (M-39); cells are row*10+col (0-based)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"library {_cell(self.a)} {_cell(self.b)}"


@dataclass(frozen=True, slots=True)
class Workshop:
    """Draw a tile, then return one (M-40)."""

    def __str__(self) -> str:
        return "workshop"


@dataclass(frozen=True, slots=True)
class Almonry:
    """Take one locked blessing (M-46)."""

    def __str__(self) -> str:
        return "almonry"


@dataclass(frozen=True, slots=True)
class AbbotsHouse:
    """Call an immediate election (M-42)."""

    def __str__(self) -> str:
        return "abbotshouse"


@dataclass(frozen=True, slots=True)
class Pray:
    """Lay one upright monk on this tile to prayer (M-31)."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"pray {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Purchase:
    """Finish symbols and prayer; score toil/study and go on to buying (S4, S5)."""

    def __str__(self) -> str:
        return "purchase"


@dataclass(frozen=True, slots=True)
class BuyLetter:
    """Buy the letter at board cell ``cell`` and place it on track ``colour``, space ``space``."""

    cell: int  # row*10 + col, 0-based
    colour: int
    space: int  # 0-based

    def __str__(self) -> str:
        return f"buy {_cell(self.cell)} {COLOUR_LETTERS[self.colour]}{self.space + 1}"


@dataclass(frozen=True, slots=True)
class BuyMonk:
    """Buy the monk of ``colour`` from the cross of ``row``."""

    colour: int
    row: int

    def __str__(self) -> str:
        return f"monk {COLOUR_LETTERS[self.colour]} {COLOUR_LETTERS[self.row]}"


@dataclass(frozen=True, slots=True)
class Elect:
    """Break an election tie in favour of ``colour`` (M-47)."""

    colour: int

    def __str__(self) -> str:
        return f"elect {COLOUR_LETTERS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Imprison:
    """Put a monk of ``colour`` from the Abbey into the Prison Cell, or nobody (-1) (M-43)."""

    colour: int

    def __str__(self) -> str:
        if self.colour < 0:
            return "imprison none"
        return f"imprison {COLOUR_LETTERS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Stand:
    """Brewhouse at a prayer hour: stand the praying monk on this tile upright (M-44)."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"stand {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Keep:
    """Brewhouse at Night: keep one monk at this place (M-45)."""

    x: int
    y: int
    box: int

    def __str__(self) -> str:
        return f"keep {_place(self.x, self.y, self.box)}"


MAction = (
    Lay
    | Exchange
    | Return
    | Move
    | Shift
    | Encourage
    | End
    | Library
    | Workshop
    | Almonry
    | AbbotsHouse
    | Pray
    | Purchase
    | BuyLetter
    | BuyMonk
    | Elect
    | Imprison
    | Stand
    | Keep
)


# Checking an action built by hand ------------------------------------------------------------
# The rules build their actions right and the legal listing makes thousands of them, so the
# classes check nothing; ``check_action`` runs once per ``apply`` on what came from outside.

#: Cells lie at x and y from -512 to 511 (``geometry.cell_key``).
COORDINATE_LIMIT = 512
_BOXES = max(len(t.boxes) for t in INSTANCES)
_MOST_COST = 100  # far above any movement points


def _refuse(action: object, why: str) -> ActionSyntaxError:
    return ActionSyntaxError(f"{excerpt(action, 60)} is not a monastery action: {why}")


def _whole(action: object, name: str, lo: int, hi: int) -> None:
    value = getattr(action, name)
    if type(value) is not int or not lo <= value <= hi:
        raise _refuse(action, f"{name} must be a whole number {lo}..{hi}, not {excerpt(value)}")


def _xy(action: object, x: str, y: str, abbey: bool = False) -> None:
    """A cell's coordinates (or, for a place, the Abbey's)."""
    pair = (getattr(action, x), getattr(action, y))
    if abbey and pair == ABBEY_XY and type(pair[0]) is int and type(pair[1]) is int:
        return
    for name in (x, y):
        _whole(action, name, -COORDINATE_LIMIT, COORDINATE_LIMIT - 1)


def _tile_id(action: object, name: str) -> None:
    value = getattr(action, name)
    if type(value) is not str or value not in TYPE_BY_ID:
        raise _refuse(action, f"{name} must be a tile id such as PATH_I, not {excerpt(value)}")


def _check_lay(a: Any) -> None:
    _tile_id(a, "tile")
    _xy(a, "x", "y")
    _whole(a, "rot", 0, 3)
    if type(a.stables) is not bool:
        raise _refuse(a, f"stables must be true or false, not {excerpt(a.stables)}")


def _check_move(a: Any) -> None:
    _xy(a, "sx", "sy", abbey=True)
    _xy(a, "dx", "dy", abbey=True)
    _whole(a, "sbox", -1, _BOXES - 1)
    _whole(a, "dbox", -1, _BOXES - 1)
    _whole(a, "cost", 0, _MOST_COST)


def _check_shift(a: Any) -> None:
    _xy(a, "x", "y")
    _whole(a, "a", 0, _BOXES - 1)
    _whole(a, "b", 0, _BOXES - 1)


def _check_keep(a: Any) -> None:
    _xy(a, "x", "y", abbey=True)
    _whole(a, "box", -1, _BOXES - 1)


def _check_cells(a: Any) -> None:
    _whole(a, "a", 0, BOARD_CELLS - 1)
    _whole(a, "b", 0, BOARD_CELLS - 1)


def _check_letter(a: Any) -> None:
    _whole(a, "cell", 0, BOARD_CELLS - 1)
    _whole(a, "colour", 0, COLOURS - 1)
    _whole(a, "space", 0, TRACK_SPACES - 1)


def _check_monk(a: Any) -> None:
    _whole(a, "colour", 0, COLOURS - 1)
    _whole(a, "row", 0, BOARD_ROWS - 1)


def _nothing(a: Any) -> None:
    del a  # no fields


_CHECKS: dict[type, Callable[[Any], None]] = {
    Lay: _check_lay,
    Exchange: _nothing,
    Return: lambda a: _tile_id(a, "tile"),
    Move: _check_move,
    Shift: _check_shift,
    Encourage: lambda a: _xy(a, "x", "y"),
    End: _nothing,
    Library: _check_cells,
    Workshop: _nothing,
    Almonry: _nothing,
    AbbotsHouse: _nothing,
    Pray: lambda a: _xy(a, "x", "y"),
    Purchase: _nothing,
    BuyLetter: _check_letter,
    BuyMonk: _check_monk,
    Elect: lambda a: _whole(a, "colour", 0, COLOURS - 1),
    Imprison: lambda a: _whole(a, "colour", -1, COLOURS - 1),
    Stand: lambda a: _xy(a, "x", "y"),
    Keep: _check_keep,
}


def check_action(action: object) -> None:
    """Raise ``ActionSyntaxError`` unless ``action`` is a Monastery action whose fields have
    their types and ranges (a bool is no number, ``1.0`` no whole number, a list no tile)."""
    check = _CHECKS.get(type(action))
    if check is None:
        raise ActionSyntaxError(f"{excerpt(action, 60)} is not a monastery action")
    check(action)


def _cell(cell: int) -> str:
    return f"{COLOUR_LETTERS[cell // 10]}{cell % 10 + 1}"


# ASCII digits only, and few of them: no text reaches int() that it would refuse.
_N = r"[0-9]{1,6}"
_XY = rf"(-?{_N}),(-?{_N})"
_PLACE = rf"(A|-?{_N},-?{_N}(?:/{_N})?)"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"(lay|stables) ([A-Z_0-9]{{1,40}}) {_XY} r(0|90|180|270)"), "lay"),
    (re.compile(r"exchange"), "exchange"),
    (re.compile(r"return ([A-Z_0-9]{1,40})"), "return"),
    (re.compile(rf"move {_PLACE} {_PLACE} c({_N})"), "move"),
    (re.compile(rf"shift {_XY}/({_N})>({_N})"), "shift"),
    (re.compile(rf"encourage {_XY}"), "encourage"),
    (re.compile(r"end"), "end"),
    (re.compile(rf"library ([RBGY])({_N}) ([RBGY])({_N})"), "library"),
    (re.compile(r"workshop"), "workshop"),
    (re.compile(r"almonry"), "almonry"),
    (re.compile(r"abbotshouse"), "abbotshouse"),
    (re.compile(rf"pray {_XY}"), "pray"),
    (re.compile(r"purchase"), "purchase"),
    (re.compile(rf"buy ([RBGY])({_N}) ([RBGY])({_N})"), "buy"),
    (re.compile(r"monk ([RBGY]) ([RBGY])"), "monk"),
    (re.compile(r"elect ([RBGY])"), "elect"),
    (re.compile(r"imprison ([RBGY]|none)"), "imprison"),
    (re.compile(rf"stand {_XY}"), "stand"),
    (re.compile(rf"keep {_PLACE}"), "keep"),
]


def _parse_place(text: str) -> tuple[int, int, int]:
    if text == "A":
        return ABBEY_XY[0], ABBEY_XY[1], -1
    box = -1
    if "/" in text:
        text, b = text.split("/")
        box = int(b)
    x, y = text.split(",")
    return int(x), int(y), box


def _board_cell(row: str, col: str, text: str) -> int:
    c = int(col)
    if not 1 <= c <= 10:
        raise ActionSyntaxError(f"{excerpt(text)}: board columns are 1-10, not {c}")
    return COLOUR_LETTERS.index(row) * 10 + c - 1


def _tile(tid: str, text: str) -> str:
    if tid not in TYPE_BY_ID:
        raise ActionSyntaxError(f"{excerpt(text)}: unknown tile {excerpt(tid)}")
    return tid


def parse_action(text: str) -> MAction:
    """Parse one canonical action text; raises ActionSyntaxError naming what is wrong."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action must be text, not {excerpt(text)}")
    t = " ".join(text.split())
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(t)
        if m is None:
            continue
        g = m.groups()
        if kind == "lay":
            return Lay(_tile(g[1], t), int(g[2]), int(g[3]), int(g[4]) // 90, g[0] == "stables")
        if kind == "exchange":
            return Exchange()
        if kind == "return":
            return Return(_tile(g[0], t))
        if kind == "move":
            s, d = _parse_place(g[0]), _parse_place(g[1])
            return Move(s[0], s[1], s[2], d[0], d[1], d[2], int(g[2]))
        if kind == "shift":
            return Shift(int(g[0]), int(g[1]), int(g[2]), int(g[3]))
        if kind == "encourage":
            return Encourage(int(g[0]), int(g[1]))
        if kind == "end":
            return End()
        if kind == "library":
            return Library(_board_cell(g[0], g[1], t), _board_cell(g[2], g[3], t))
        if kind == "workshop":
            return Workshop()
        if kind == "almonry":
            return Almonry()
        if kind == "abbotshouse":
            return AbbotsHouse()
        if kind == "pray":
            return Pray(int(g[0]), int(g[1]))
        if kind == "purchase":
            return Purchase()
        if kind == "buy":
            space = int(g[3])
            if not 1 <= space <= 9:
                raise ActionSyntaxError(f"{excerpt(t)}: track spaces are 1-9, not {space}")
            return BuyLetter(_board_cell(g[0], g[1], t), COLOUR_LETTERS.index(g[2]), space - 1)
        if kind == "monk":
            return BuyMonk(COLOUR_LETTERS.index(g[0]), COLOUR_LETTERS.index(g[1]))
        if kind == "elect":
            return Elect(COLOUR_LETTERS.index(g[0]))
        if kind == "imprison":
            return Imprison(-1 if g[0] == "none" else COLOUR_LETTERS.index(g[0]))
        if kind == "stand":
            return Stand(int(g[0]), int(g[1]))
        if kind == "keep":
            p = _parse_place(g[0])
            return Keep(p[0], p[1], p[2])
    raise ActionSyntaxError(
        f"{excerpt(text)} is not a monastery action (try e.g. 'lay PATH_I 1,2 r0', 'move A 1,2 c1',"
        " 'end', 'purchase', 'buy R2 R1', 'monk R B')"
    )
