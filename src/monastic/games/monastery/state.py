"""The monastery state as plain data (lists and ints): fields, copy, save and load.

It knows no rules: those live in ``rules/``, and ``game.MonasteryState`` binds the two.
"""

from __future__ import annotations

from typing import Any, Self

from monastic.engine import Rng
from monastic.games.monastery.catalogue import INSTANCES, N_TILES

__all__ = ["StateData"]

# Monk locations (mloc): -3 not in play, -2 on a Prayer Board cross, -1 the Abbey,
# 0..52 a tile instance.
OUT, CROSS, IN_ABBEY = -3, -2, -1
# Monk postures (mstate).
UPRIGHT, PRAYING, PRISONER = 0, 1, 2
# Pending decisions (pending[-1] is answered first): [kind, seat, context, ...].
P_TIE, P_PRISON, P_RETURN = 1, 2, 3
# Return contexts.
R_EXCHANGE, R_WORKSHOP, R_START = 0, 1, 2
# Election contexts.
E_PRAYER, E_HOUSE = 0, 1

_LIST_FIELDS = (
    "colour",
    "order",
    "tpos",
    "trot",
    "tfin",
    "tbuilt",
    "tlayer",
    "tbless",
    "bag",
    "mloc",
    "mbox",
    "mstate",
    "mcross",
    "bchar",
    "bsmall",
    "bless",
    "locked",
    "stopped",
    "shiftable",
    "building",
    "used",
    "brewers",
    "kept",
    "laid_order",
)
_NESTED_FIELDS = ("tbox", "hand", "track", "pending", "returned")
_INT_FIELDS = (
    "n",
    "round",
    "abbot",
    "turn",
    "mp",
    "did_lay",
    "encouraging",
    "pts",
    "prayed",
    "sstage",
    "ending",
    "over",
    "decisions",
)
_BOOL_OPTS = ("team", "simple", "silence", "start_hand")


class StateData:
    """The fields of one game of Monastery, with a fast hand-written copy."""

    __slots__ = (
        *_LIST_FIELDS,
        *_NESTED_FIELDS,
        *_INT_FIELDS,
        *_BOOL_OPTS,
        "_adj",
        "_pcache",
        "_lcache",
        "grid",
        "phase",
        "rng",
        "seed",
    )

    # typed fields
    colour: list[int]  # seat -> colour (0 red .. 3 yellow)
    order: list[int]  # seats in this round's order, the Abbot first
    tpos: list[int]  # tile instance -> cell key, -1 if not laid
    trot: list[int]
    tfin: list[int]  # 1 finished side up
    tbuilt: list[int]  # round in which it flipped (0: laid finished or never)
    tlayer: list[int]  # seat who laid it, -1
    tbless: list[int]  # encouragement blessings on it
    tbox: list[list[int]]  # per instance: monk index per box, -1 empty
    bag: list[int]
    hand: list[list[int]]
    mloc: list[int]
    mbox: list[int]
    mstate: list[int]
    mcross: list[int]
    bchar: list[str]  # 40 board cells: letter, "+" cross, "" empty
    bsmall: list[int]
    track: list[list[int]]  # per colour: 0 empty, 1 large, 2 small
    bless: list[int]
    locked: list[int]
    stopped: list[int]
    shiftable: list[int]
    building: list[int]
    used: list[int]
    brewers: list[int]
    kept: list[int]
    laid_order: list[int]
    pending: list[list[int]]
    returned: list[list[int]]  # [seat, tile, mask]: seat put tile back; mask: who drew since
    grid: dict[int, int]
    phase: str
    rng: Rng
    seed: int
    n: int
    round: int
    abbot: int
    turn: int
    mp: int
    did_lay: int
    encouraging: int
    pts: int
    prayed: int
    sstage: int
    ending: int
    over: int
    decisions: int
    team: bool
    simple: bool
    silence: bool
    start_hand: bool
    _adj: dict[int, list[int]] | None
    _pcache: tuple[Any, list[tuple[int, int, int]]] | None
    _lcache: tuple[Any, frozenset[Any]] | None

    # Data ---------------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy (the caches that depend only on the tiles are shared)."""
        new = object.__new__(type(self))
        for name in _LIST_FIELDS:
            setattr(new, name, getattr(self, name)[:])
        new.tbox = [b[:] for b in self.tbox]
        new.hand = [h[:] for h in self.hand]
        new.track = [t[:] for t in self.track]
        new.pending = [p[:] for p in self.pending]
        new.returned = [e[:] for e in self.returned]
        for name in _INT_FIELDS:
            setattr(new, name, getattr(self, name))
        for name in _BOOL_OPTS:
            setattr(new, name, getattr(self, name))
        new.grid = dict(self.grid)
        new.phase = self.phase
        new.rng = self.rng.copy()
        new.seed = self.seed
        new._adj = self._adj
        new._pcache = self._pcache
        new._lcache = None
        return new

    def to_dict(self) -> dict[str, Any]:
        """Every field as JSON-ready data (the saved state)."""
        out: dict[str, Any] = {}
        for name in (*_LIST_FIELDS, *_NESTED_FIELDS):
            v = getattr(self, name)
            out[name] = [x[:] for x in v] if name in _NESTED_FIELDS else v[:]
        for name in (*_INT_FIELDS, *_BOOL_OPTS):
            out[name] = getattr(self, name)
        out["phase"] = self.phase
        out["rng"] = self.rng.state
        out["seed"] = self.seed
        out["grid"] = sorted([k, v] for k, v in self.grid.items())
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild a state from ``to_dict`` output; ValueError names what is wrong."""
        st = object.__new__(cls)
        for name in _LIST_FIELDS:
            v = data[name]
            if not isinstance(v, list):
                raise ValueError(f"field {name!r} must be a list")
            setattr(st, name, list(v))
        for name in _NESTED_FIELDS:
            v = data[name]
            if not isinstance(v, list) or not all(isinstance(x, list) for x in v):
                raise ValueError(f"field {name!r} must be a list of lists")
            setattr(st, name, [list(x) for x in v])
        for name in _INT_FIELDS:
            v = data[name]
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"field {name!r} must be a whole number")
            setattr(st, name, v)
        for name in _BOOL_OPTS:
            v = data[name]
            if not isinstance(v, bool):
                raise ValueError(f"field {name!r} must be true or false")
            setattr(st, name, v)
        st.phase = str(data["phase"])
        st.rng = Rng(int(data["rng"]))
        st.seed = int(data["seed"])
        st.grid = {int(k): int(v) for k, v in data["grid"]}
        st._adj = None
        st._pcache = None
        st._lcache = None
        _validate(st)
        return st


def _validate(st: StateData) -> None:
    """Raise ValueError if the loaded data is inconsistent."""
    if not 2 <= st.n <= 4 or len(st.colour) != st.n:
        raise ValueError("player count and colours disagree")
    if len(st.tpos) != N_TILES or len(st.tbox) != N_TILES or len(st.mloc) != 20:
        raise ValueError("wrong number of tiles or monks")
    seen = sorted(
        st.bag + [t for h in st.hand for t in h] + [i for i in range(N_TILES) if st.tpos[i] >= 0]
    )
    removed = [
        i
        for i in range(N_TILES)
        if INSTANCES[i].owner_colour >= 0 and INSTANCES[i].owner_colour not in st.colour
    ]
    if sorted(seen + removed) != list(range(N_TILES)):
        raise ValueError("tiles are not all accounted for exactly once")
    if len(st.hand) != st.n or len(st.bless) != st.n:
        raise ValueError("per-seat lists have the wrong length")
    if sum(st.bless) + sum(st.tbless) > 20 or min(st.bless + st.tbless) < 0:
        raise ValueError("blessing counts are impossible")
    if len(st.bchar) != 40 or len(st.bsmall) != 40 or [len(t) for t in st.track] != [9] * 4:
        raise ValueError("the Prayer Board or the tracks have the wrong shape")
    for m in range(20):
        loc, box = st.mloc[m], st.mbox[m]
        if not -3 <= loc < N_TILES or (loc >= 0 and st.tpos[loc] < 0):
            raise ValueError(f"monk {m} stands on a tile that is not laid")
        if box >= 0 and (loc < 0 or st.tbox[loc][box] != m):
            raise ValueError(f"monk {m} and the boxes of its tile disagree")
    for entry in st.returned:
        if len(entry) != 3 or not 0 <= entry[0] < st.n or not 0 <= entry[1] < N_TILES:
            raise ValueError("a 'returned' entry must be [seat, tile, mask]")
    if st.phase not in (
        "starthand",
        "brew",
        "step",
        "score",
        "over",
        "night",
        "prayer_after_election",
    ):
        raise ValueError(f"unknown phase {st.phase!r}")
