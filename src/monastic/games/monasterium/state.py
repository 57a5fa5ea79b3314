"""The Monasterium state as plain data: ints, lists and tuples, with a fast hand-checked copy.

The rules that change these fields live in ``rules/``; ``game.py`` binds the two into the
engine's ``State``. Nothing here knows a rule.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from monastic.engine import Rng
from monastic.games.monasterium.catalogue import PLAYER_SETUP, YEARS, Setup

__all__ = [
    "PHASES",
    "PHASE_ACT",
    "PHASE_OVER",
    "PHASE_PLACE",
    "StateData",
]

PHASE_PLACE = "place"
PHASE_ACT = "act"
PHASE_OVER = "over"
PHASES = (PHASE_PLACE, PHASE_ACT, PHASE_OVER)

# Pending task kinds (tuples of ints on ``tasks``; the top of the stack resolves first).
K_ROAD = 0  # (K_ROAD, space, space, ...): road bonuses still to resolve, in order
K_BONUS = 1  # (K_BONUS, space): the bonus of one road space
K_ANY = 2  # (K_ANY,): an "any action" bonus
K_TILE = 3  # (K_TILE, source): window tile; source -1 any stack, -2 own chapel (must), m this one
K_EXTRA = 4  # (K_EXTRA, row): the free send of a row's extra novice
K_DEST = 5  # (K_DEST, mode, novice): choose the destination of a send (mode 0 std, 1 II-1, 2 II-4)
K_PDIE = 6  # (K_PDIE, face): re-roll or keep a newly gained personal die
K_GOOD = 7  # (K_GOOD, good): take (or decline) a building's Tool or Book reward
#: The machine names of the task kinds (in views and events).
TASK_NAMES = {
    K_ROAD: "road",
    K_BONUS: "road_bonus",
    K_ANY: "any_action",
    K_TILE: "window_tile",
    K_EXTRA: "extra_send",
    K_DEST: "destination",
    K_PDIE: "new_die",
    K_GOOD: "building_good",
}

Task = tuple[int, ...]
Tasks = list[Task]


class StateData:
    """The whole truth of one Monasterium game, as fields."""

    __slots__ = (
        "_legal",
        "bcount",
        "buildings",
        "chapels",
        "claimed",
        "cloisters",
        "current",
        "dice_left",
        "extras",
        "fields",
        "final",
        "goods",
        "held_neutral",
        "held_personal",
        "kcount",
        "laps",
        "mission_vp",
        "missions",
        "n",
        "personal",
        "phase",
        "pos",
        "rerolled",
        "rng",
        "rolled_neutral",
        "rolled_personal",
        "round",
        "setup",
        "slots",
        "stacks",
        "start",
        "supply",
        "tasks",
        "turn_col",
        "used",
        "vp",
        "window",
    )

    n: int
    setup: Setup
    rng: Rng
    phase: str
    round: int
    start: int
    current: int
    held_personal: list[int]
    held_neutral: list[int]
    rolled_personal: list[int] | None
    rolled_neutral: list[int]
    fields: list[list[int]]
    personal: list[int]
    rerolled: list[bool]
    goods: list[list[int]]
    supply: list[int]
    vp: list[int]
    slots: list[int]
    extras: list[list[int]]
    pos: list[int]
    laps: list[int]
    window: list[list[list[int]]]
    stacks: list[int]
    buildings: list[int]
    cloisters: list[int]
    chapels: list[list[int]]
    bcount: list[list[int]]
    kcount: list[list[int]]
    missions: list[str]
    claimed: list[list[str]]
    mission_vp: list[int]  # VP each seat scored from missions (for the final breakdown)
    turn_col: int
    dice_left: int
    used: int
    tasks: Tasks
    final: dict[str, Any] | None
    _legal: list[Any] | None

    def __init__(self, players: int) -> None:
        self.n = players
        self.setup = PLAYER_SETUP[players]
        self._legal = None
        self.final = None

    @property
    def year(self) -> int:
        """The hourglass: 1..3 (stays on 3 after the last round, S-60)."""
        return min(YEARS, (self.round - 1) // self.n + 1)

    # Copies ------------------------------------------------------------------------------

    def copy_into(self, c: StateData) -> None:
        """Make ``c`` (a bare instance) an independent copy of this state."""
        c.n = self.n
        c.setup = self.setup
        c.rng = self.rng.copy()
        c.phase = self.phase
        c.round = self.round
        c.start = self.start
        c.current = self.current
        c.held_personal = self.held_personal[:]
        c.held_neutral = self.held_neutral[:]
        c.rolled_personal = None if self.rolled_personal is None else self.rolled_personal[:]
        c.rolled_neutral = self.rolled_neutral[:]
        c.fields = [f[:] for f in self.fields]
        c.personal = self.personal[:]
        c.rerolled = self.rerolled[:]
        c.goods = [g[:] for g in self.goods]
        c.supply = self.supply[:]
        c.vp = self.vp[:]
        c.slots = self.slots[:]
        c.extras = [e[:] for e in self.extras]
        c.pos = self.pos[:]
        c.laps = self.laps[:]
        c.window = [[r[:] for r in w] for w in self.window]
        c.stacks = self.stacks[:]
        c.buildings = self.buildings[:]
        c.cloisters = self.cloisters[:]
        c.chapels = [ch[:] for ch in self.chapels]
        c.bcount = [b[:] for b in self.bcount]
        c.kcount = [k[:] for k in self.kcount]
        c.missions = self.missions[:]
        c.claimed = [cl[:] for cl in self.claimed]
        c.mission_vp = self.mission_vp[:]
        c.turn_col = self.turn_col
        c.dice_left = self.dice_left
        c.used = self.used
        c.tasks = self.tasks[:]
        c.final = None if self.final is None else dict(self.final)
        c._legal = self._legal  # never changed in place, so the copy may share it

    # Saving ------------------------------------------------------------------------------

    #: The saved fields, besides ``players`` and ``rng``.
    SAVED: ClassVar[tuple[str, ...]] = (
        "phase",
        "round",
        "start",
        "current",
        "held_personal",
        "held_neutral",
        "rolled_personal",
        "rolled_neutral",
        "fields",
        "personal",
        "rerolled",
        "goods",
        "supply",
        "vp",
        "slots",
        "extras",
        "pos",
        "laps",
        "window",
        "stacks",
        "buildings",
        "cloisters",
        "chapels",
        "bcount",
        "kcount",
        "missions",
        "claimed",
        "mission_vp",
        "turn_col",
        "dice_left",
        "used",
        "tasks",
        "final",
    )

    def to_dict(self) -> dict[str, Any]:
        """The fields as JSON-ready data (tasks as lists)."""
        out: dict[str, Any] = {"players": self.n, "rng": self.rng.state}
        for name in self.SAVED:
            value = getattr(self, name)
            if name == "tasks":
                value = [list(t) for t in value]
            out[name] = copy.deepcopy(value)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The fields of ``to_dict`` output, unchecked (the rules check them: ``game.py``)."""
        players = data["players"]
        if players not in PLAYER_SETUP:
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        s = cls(int(players))
        s.rng = Rng(int(data["rng"]))
        for name in cls.SAVED:
            if name == "mission_vp" and name not in data:
                # Saves from before this field: missions already scored are not split out.
                s.mission_vp = [0] * s.n
                continue
            setattr(s, name, copy.deepcopy(data[name]))
        s.tasks = [tuple(int(x) for x in t) for t in data["tasks"]]
        return s
