"""Monastery's action space (2 to 4 players).

Cells: a tile is always laid next to a laid one (L1), so after ``k`` tiles every tile lies
within ``k`` steps (Manhattan) of the Abbey. The ``cell`` block holds every cell within
``N_TILES`` (53) steps of the Abbey's cells, the Abbey's own included: every board the rules
can reach fits, and no placement is ever outside it.

One token each: ``exchange``, ``end``, ``workshop``, ``almonry``, ``abbotshouse``,
``purchase``, ``return`` (tile type), ``library`` (cell a x cell b of the Prayer Board),
``buy`` (board cell x colour x space), ``monk`` (colour x row), ``elect`` (colour),
``imprison`` (nobody, then each colour). With stage tokens: ``lay`` (by the Stables or not x
tile type x rotation) then a ``cell``; ``shift`` (box a x box b) then a ``cell``;
``encourage``, ``pray``, ``stand`` then a ``cell``; ``keep`` then a ``cell`` and a ``box``
(``box`` 0 is the tile itself, 1.. the boxes of an unfinished tile), ``keep_abbey``;
``move`` (tile to tile) then ``cell box cell box``, ``move_from_abbey`` then ``cell box``,
``move_to_abbey`` then ``cell box``. A move's cost is the state's (each destination is
offered once, at its cheapest cost).
"""

from __future__ import annotations

from collections.abc import Hashable

from monastic.games.monastery.actions import (
    ABBEY_XY,
    AbbotsHouse,
    Almonry,
    BuyLetter,
    BuyMonk,
    Elect,
    Encourage,
    End,
    Exchange,
    Imprison,
    Keep,
    Lay,
    Library,
    Move,
    Pray,
    Purchase,
    Return,
    Shift,
    Stand,
    Workshop,
)
from monastic.games.monastery.catalogue import (
    ABBEY_CELLS,
    BOARD,
    COLOUR_LETTERS,
    N_TILES,
    TYPE_BY_ID,
    TYPES,
)
from monastic.rl.codec import ActionCodec, Block, Layout, Tokens

__all__ = ["CELLS", "MonasteryCodec"]


def _cells() -> tuple[tuple[int, int], ...]:
    xs = [x for x, _ in ABBEY_CELLS]
    ys = [y for _, y in ABBEY_CELLS]
    found = []
    for x in range(min(xs) - N_TILES, max(xs) + N_TILES + 1):
        for y in range(min(ys) - N_TILES, max(ys) + N_TILES + 1):
            if min(abs(x - ax) + abs(y - ay) for ax, ay in ABBEY_CELLS) <= N_TILES:
                found.append((x, y))
    return tuple(found)


#: Every cell a tile can ever lie on, in (x, y) order.
CELLS = _cells()
_CELL_AT = {cell: i for i, cell in enumerate(CELLS)}
_BOXES = max(len(t.boxes) for t in TYPES)
_COLOURS = len(COLOUR_LETTERS)
_BOARD_CELLS = len(BOARD.rows) * len(BOARD.rows[0])
_SPACES = len(BOARD.tracks[0])
_ROTATIONS = 4
_SINGLE = (Exchange, End, Workshop, Almonry, AbbotsHouse, Purchase)


def _tokens(block: Block) -> range:
    return range(block.start, block.start + block.size)


class MonasteryCodec(ActionCodec):
    game_id = "monastery"

    def __init__(self, players: int) -> None:
        lay = Layout()
        lay.add("wait", 1)
        self.single = {kind: lay.add(kind.__name__.lower(), 1) for kind in _SINGLE}
        self.return_ = lay.add("return", len(TYPES))
        self.library = lay.add("library", _BOARD_CELLS * _BOARD_CELLS)
        self.buy = lay.add("buy", _BOARD_CELLS * _COLOURS * _SPACES)
        self.monk = lay.add("monk", _COLOURS * _COLOURS)
        self.elect = lay.add("elect", _COLOURS)
        self.imprison = lay.add("imprison", _COLOURS + 1)
        self.lay = lay.add("lay", 2 * len(TYPES) * _ROTATIONS)
        self.shift = lay.add("shift", _BOXES * _BOXES)
        self.encourage = lay.add("encourage", 1)
        self.pray = lay.add("pray", 1)
        self.stand = lay.add("stand", 1)
        self.keep = lay.add("keep", 1)
        self.keep_abbey = lay.add("keep_abbey", 1)
        self.move = lay.add("move", 1)
        self.move_from_abbey = lay.add("move_from_abbey", 1)
        self.move_to_abbey = lay.add("move_to_abbey", 1)
        self.cell = lay.add("cell", len(CELLS))
        self.box = lay.add("box", _BOXES + 1)
        place = (self.cell, self.box)
        self._stages: dict[int, tuple[Block, ...]] = {
            **{
                t: (self.cell,)
                for b in (self.lay, self.shift)
                for t in range(b.start, b.start + b.size)
            },
            self.encourage.start: (self.cell,),
            self.pray.start: (self.cell,),
            self.stand.start: (self.cell,),
            self.keep.start: place,
            self.move.start: place + place,
            self.move_from_abbey.start: place,
            self.move_to_abbey.start: place,
        }
        super().__init__(players, lay, (self.cell, self.box))

    def stages(self, head: int) -> tuple[Block, ...]:
        return self._stages.get(head, ())

    def _cell(self, x: int, y: int) -> int:
        at = _CELL_AT.get((x, y))
        if at is None:
            raise ValueError(f"cell {x},{y} is farther from the Abbey than any tile can lie")
        return self.cell.at(at)

    def _place(self, x: int, y: int, box: int) -> Tokens:
        return (self._cell(x, y), self.box.at(box + 1))

    def encode(self, action: Hashable) -> Tokens:
        if isinstance(action, Move):
            src_abbey = (action.sx, action.sy) == ABBEY_XY
            dst_abbey = (action.dx, action.dy) == ABBEY_XY
            src = () if src_abbey else self._place(action.sx, action.sy, action.sbox)
            dst = () if dst_abbey else self._place(action.dx, action.dy, action.dbox)
            if src_abbey and dst_abbey:
                raise ValueError(f"{action}: a monk cannot move from the Abbey to the Abbey")
            if src_abbey:
                return (self.move_from_abbey.start, *dst)
            if dst_abbey:
                return (self.move_to_abbey.start, *src)
            return (self.move.start, *src, *dst)
        if isinstance(action, Lay):
            tile = TYPE_BY_ID[action.tile].index
            head = self.lay.at((int(action.stables) * len(TYPES) + tile) * _ROTATIONS + action.rot)
            return (head, self._cell(action.x, action.y))
        if isinstance(action, _SINGLE):
            return (self.single[type(action)].start,)
        if isinstance(action, Encourage):
            return (self.encourage.start, self._cell(action.x, action.y))
        if isinstance(action, Pray):
            return (self.pray.start, self._cell(action.x, action.y))
        if isinstance(action, Stand):
            return (self.stand.start, self._cell(action.x, action.y))
        if isinstance(action, Shift):
            return (self.shift.at(action.a * _BOXES + action.b), self._cell(action.x, action.y))
        if isinstance(action, Keep):
            if (action.x, action.y) == ABBEY_XY:
                return (self.keep_abbey.start,)
            return (self.keep.start, *self._place(action.x, action.y, action.box))
        if isinstance(action, Return):
            return (self.return_.at(TYPE_BY_ID[action.tile].index),)
        if isinstance(action, BuyLetter):
            return (self.buy.at((action.cell * _COLOURS + action.colour) * _SPACES + action.space),)
        if isinstance(action, BuyMonk):
            return (self.monk.at(action.colour * _COLOURS + action.row),)
        if isinstance(action, Library):
            return (self.library.at(action.a * _BOARD_CELLS + action.b),)
        if isinstance(action, Elect):
            return (self.elect.at(action.colour),)
        if isinstance(action, Imprison):
            return (self.imprison.at(action.colour + 1),)
        raise ValueError(f"{action!r} is not a {self.game_id} action")
