"""The Monasterium state as plain data: ints, lists and tuples, with a fast hand-checked copy.

The rules that change these fields live in ``rules/``; ``game.py`` binds the two into the
engine's ``State``. Nothing here knows a rule.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Self

from monastic.engine import Rng, State
from monastic.games.monasterium.catalogue import PLAYER_SETUP, YEARS, Setup

__all__ = [
    "PHASES",
    "PHASE_ACT",
    "PHASE_OVER",
    "PHASE_PLACE",
    "StateData",
    "upgrade_from_version_1",
]

PHASE_PLACE = "place"
PHASE_ACT = "act"
PHASE_OVER = "over"
PHASES = (PHASE_PLACE, PHASE_ACT, PHASE_OVER)

# What lies on a building or cloister space: a seat, or one of these.
EMPTY = -1
BLOCKED = -2  # out of play with 2 players (§10)

# An extra novice (one per row, ``extra_novices``): locked until its row is empty.
EXTRA_LOCKED, EXTRA_AVAILABLE, EXTRA_SENT = 0, 1, 2

# Where a window tile may come from (``TASK_TILE``), besides one monastery's stack.
TILE_FROM_ANY = -1
TILE_FROM_OWN_CHAPEL = -2  # a monastery whose chapel holds the seat's novice: the tile is a must

# Pending task kinds: tuples of ints on ``tasks``, the kind first; the top resolves first.
#   (TASK_ROAD, space, space, ...)  road bonuses still to resolve, in order
#   (TASK_ROAD_BONUS, space)        the bonus of one road space
#   (TASK_ANY_ACTION,)              an "any action" bonus
#   (TASK_TILE, source)             a window tile from TILE_FROM_ANY, TILE_FROM_OWN_CHAPEL
#                                   (a must) or one monastery's stack
#   (TASK_EXTRA_SEND, row)          the free send of a row's extra novice
#   (TASK_DESTINATION, mode, novice) where a send goes (mode: standard, II-1, II-4)
#   (TASK_NEW_DIE, face)            re-roll or keep a newly gained personal die
#   (TASK_BUILDING_GOOD, good)      take (or decline) a building's Tool or Book reward
TASK_ROAD = 0
TASK_ROAD_BONUS = 1
TASK_ANY_ACTION = 2
TASK_TILE = 3
TASK_EXTRA_SEND = 4
TASK_DESTINATION = 5
TASK_NEW_DIE = 6
TASK_BUILDING_GOOD = 7
#: The machine names of the task kinds (in views and events).
TASK_NAMES = {
    TASK_ROAD: "road",
    TASK_ROAD_BONUS: "road_bonus",
    TASK_ANY_ACTION: "any_action",
    TASK_TILE: "window_tile",
    TASK_EXTRA_SEND: "extra_send",
    TASK_DESTINATION: "destination",
    TASK_NEW_DIE: "new_die",
    TASK_BUILDING_GOOD: "building_good",
}

Task = tuple[int, ...]
Tasks = list[Task]


class StateData(State):  # abstract: the rules come with the game's state class
    """The whole truth of one Monasterium game, as fields."""

    __slots__ = (
        "building_counts",
        "buildings",
        "chapels",
        "claimed_missions",
        "cloister_counts",
        "cloisters",
        "current",
        "dice_fields",
        "dice_left",
        "extra_novices",
        "final_breakdown",
        "goods",
        "held_neutral",
        "held_personal",
        "laps",
        "legal_cache",
        "messenger_space",
        "mission_vp",
        "missions",
        "n",
        "occupied_slots",
        "personal_dice",
        "phase",
        "reroll_used",
        "rng",
        "rolled_neutral",
        "rolled_personal",
        "round",
        "setup",
        "start_player",
        "supply",
        "tasks",
        "tile_stacks",
        "turn_column",
        "used_slots",
        "vp",
        "window",
    )

    n: int  # players
    setup: Setup  # the player count's numbers (neutral dice, chapel capacity...)
    rng: Rng
    phase: str  # PHASES
    round: int  # 1..YEARS * n
    start_player: int
    current: int  # the seat to decide
    held_personal: list[int]  # per seat: dice still to roll and place this round
    held_neutral: list[int]
    rolled_personal: list[int] | None  # the placing seat's roll (None: not rolled yet)
    rolled_neutral: list[int]
    dice_fields: list[list[int]]  # [field 1..6][0 neutral, 1 + seat personal]: dice on it
    personal_dice: list[int]  # per seat: personal dice owned
    reroll_used: list[bool]  # per seat: the re-roll tile used this round
    goods: list[list[int]]  # [seat][good]
    supply: list[int]  # [good]
    vp: list[int]
    occupied_slots: list[int]  # per seat: bit row * COLUMNS + column set = a novice on it
    extra_novices: list[list[int]]  # [seat][row]: EXTRA_LOCKED, EXTRA_AVAILABLE, EXTRA_SENT
    messenger_space: list[int]  # per seat: the road space 1..ROAD_LEN of its messenger
    laps: list[int]
    window: list[list[list[int]]]  # [seat][window row]: monasteries of its tiles, left first
    tile_stacks: list[int]  # [monastery]: window tiles left
    buildings: list[int]  # [building]: a seat, EMPTY or BLOCKED
    cloisters: list[int]  # [cloister space]: a seat, EMPTY or BLOCKED
    chapels: list[list[int]]  # [monastery][seat]: novices in its chapel
    building_counts: list[list[int]]  # [seat][monastery]: buildings holding its novices
    cloister_counts: list[list[int]]  # [seat][monastery]: cloister spaces holding them
    missions: list[str]  # the six in play
    claimed_missions: list[list[str]]  # per seat
    mission_vp: list[int]  # VP each seat scored from missions (for the final breakdown)
    turn_column: int  # 0..4: the column of the dice taken this turn; -1 none
    dice_left: int  # dice of this turn still to use
    used_slots: int  # bits of the row II and III slots used this turn
    tasks: Tasks  # pending decisions, a stack
    final_breakdown: dict[str, Any] | None  # once over: {"players": [rows of final scoring]}
    legal_cache: list[Any] | None  # the decision's actions, once listed (not saved)

    def __init__(self, players: int) -> None:
        self.n = players
        self.setup = PLAYER_SETUP[players]
        self.legal_cache = None
        self.final_breakdown = None

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
        c.start_player = self.start_player
        c.current = self.current
        c.held_personal = self.held_personal[:]
        c.held_neutral = self.held_neutral[:]
        c.rolled_personal = None if self.rolled_personal is None else self.rolled_personal[:]
        c.rolled_neutral = self.rolled_neutral[:]
        c.dice_fields = [f[:] for f in self.dice_fields]
        c.personal_dice = self.personal_dice[:]
        c.reroll_used = self.reroll_used[:]
        c.goods = [g[:] for g in self.goods]
        c.supply = self.supply[:]
        c.vp = self.vp[:]
        c.occupied_slots = self.occupied_slots[:]
        c.extra_novices = [e[:] for e in self.extra_novices]
        c.messenger_space = self.messenger_space[:]
        c.laps = self.laps[:]
        c.window = [[r[:] for r in w] for w in self.window]
        c.tile_stacks = self.tile_stacks[:]
        c.buildings = self.buildings[:]
        c.cloisters = self.cloisters[:]
        c.chapels = [ch[:] for ch in self.chapels]
        c.building_counts = [b[:] for b in self.building_counts]
        c.cloister_counts = [k[:] for k in self.cloister_counts]
        c.missions = self.missions[:]
        c.claimed_missions = [cl[:] for cl in self.claimed_missions]
        c.mission_vp = self.mission_vp[:]
        c.turn_column = self.turn_column
        c.dice_left = self.dice_left
        c.used_slots = self.used_slots
        c.tasks = self.tasks[:]
        c.final_breakdown = None if self.final_breakdown is None else dict(self.final_breakdown)
        c.legal_cache = self.legal_cache  # never changed in place, so the copy may share it

    # Saving ------------------------------------------------------------------------------

    #: The saved fields, besides ``players`` and ``rng``.
    SAVED: ClassVar[tuple[str, ...]] = (
        "phase",
        "round",
        "start_player",
        "current",
        "held_personal",
        "held_neutral",
        "rolled_personal",
        "rolled_neutral",
        "dice_fields",
        "personal_dice",
        "reroll_used",
        "goods",
        "supply",
        "vp",
        "occupied_slots",
        "extra_novices",
        "messenger_space",
        "laps",
        "window",
        "tile_stacks",
        "buildings",
        "cloisters",
        "chapels",
        "building_counts",
        "cloister_counts",
        "missions",
        "claimed_missions",
        "mission_vp",
        "turn_column",
        "dice_left",
        "used_slots",
        "tasks",
        "final_breakdown",
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
    def from_dict(cls, data: Mapping[str, Any], *, fresh: bool = False) -> Self:
        """The fields of ``to_dict`` output as given: a load checks them before and after
        (``schema.py``, then ``rules/consistency.py``). ``fresh``: the data is a new copy
        nobody else holds (the schema's output), taken without copying it again."""
        players = data["players"]
        if players not in PLAYER_SETUP:
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        s = cls(int(players))
        s.rng = Rng(int(data["rng"]))
        for name in cls.SAVED:
            if name == "mission_vp" and data.get(name) is None:
                # Saves from before this field: missions already scored are not split out.
                s.mission_vp = [0] * s.n
                continue
            setattr(s, name, data[name] if fresh else copy.deepcopy(data[name]))
        s.tasks = [tuple(int(x) for x in t) for t in data["tasks"]]
        return s


#: The saved fields renamed in save version 2 (old -> new name).
RENAMED_IN_VERSION_2 = MappingProxyType(
    {
        "start": "start_player",
        "fields": "dice_fields",
        "personal": "personal_dice",
        "rerolled": "reroll_used",
        "slots": "occupied_slots",
        "extras": "extra_novices",
        "pos": "messenger_space",
        "stacks": "tile_stacks",
        "bcount": "building_counts",
        "kcount": "cloister_counts",
        "claimed": "claimed_missions",
        "turn_col": "turn_column",
        "used": "used_slots",
        "final": "final_breakdown",
    }
)


def upgrade_from_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A saved state of version 1 with its fields under the names of version 2."""
    return {RENAMED_IN_VERSION_2.get(key, key): value for key, value in data.items()}
