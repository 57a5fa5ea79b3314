"""The monastery state as plain data (lists and ints): fields, copy, save and load.

It knows no rules: those live in ``rules/``, and ``game.MonasteryState`` binds the two.
"""

from __future__ import annotations

from typing import Any, Final, Self

from monastic.engine import Rng, State

__all__ = ["RENAMED_IN_VERSION_2", "StateData", "upgrade_from_version_1"]

# Monk locations (``monk_location``): -3 not in play, -2 on a Prayer Board cross, -1 the
# Abbey, else a tile instance.
OUT: Final = -3
CROSS: Final = -2
IN_ABBEY: Final = -1
# Monk postures (``monk_posture``).
UPRIGHT: Final = 0
PRAYING: Final = 1
PRISONER: Final = 2
# Pending decisions (pending[-1] is answered first): [kind, seat, context, ...].
P_TIE: Final = 1
P_PRISON: Final = 2
P_RETURN: Final = 3
# Return contexts.
R_EXCHANGE: Final = 0
R_WORKSHOP: Final = 1
R_START: Final = 2
# Election contexts.
E_PRAYER: Final = 0
E_HOUSE: Final = 1
# Track spaces (``tracks``).
EMPTY_SPACE: Final = 0
LARGE_LETTER: Final = 1
SMALL_LETTER: Final = 2
# Scoring stages (``scoring_stage``): S2/S3 symbols and prayer, then S5 purchase.
SYMBOLS_STAGE: Final = 0
PURCHASE_STAGE: Final = 1
# End conditions triggered (``ending``): none yet, E1 (the last letter bought), E2 (no placement).
NOT_ENDING: Final = 0
ENDING_E1: Final = 1
ENDING_E2: Final = 2
#: The phases a state may be in (``phase``).
PHASES = ("starthand", "brew", "step", "score", "over", "night", "prayer_after_election")

# The fields by kind: how they are copied, saved and checked on loading.
_LIST_FIELDS = (
    "seat_colour",
    "turn_order",
    "tile_cell",
    "tile_rotation",
    "tile_finished",
    "tile_built_round",
    "tile_laid_by",
    "tile_blessings",
    "bag",
    "monk_location",
    "monk_box",
    "monk_posture",
    "monk_cross_row",
    "board_letters",
    "board_small_side",
    "blessings",
    "locked_blessings",
    "stopped_monks",
    "shiftable_monks",
    "building_monks",
    "used_symbol_tiles",
    "brewers",
    "kept_monks",
    "laid_order",
)
_NESTED_FIELDS = ("tile_box_monks", "hands", "tracks", "pending", "returned_tiles")
_INT_FIELDS = (
    "n",
    "round",
    "abbot",
    "turn",
    "movement_points",
    "laid_this_step",
    "encouraging",
    "scoring_points",
    "prayed",
    "scoring_stage",
    "ending",
    "over",
    "decisions",
)
_BOOL_OPTS = ("team", "simple", "vow_of_silence", "start_hand")


class StateData(State):  # abstract: the rules come with the game's state class
    """The fields of one game of Monastery, with a fast hand-written copy."""

    __slots__ = (
        *_LIST_FIELDS,
        *_NESTED_FIELDS,
        *_INT_FIELDS,
        *_BOOL_OPTS,
        "_layout",
        "_legal_cache",
        "_occupancy",
        "grid",
        "phase",
        "rng",
        "seed",
    )

    # Seats and the hour-disc
    n: int  # players
    seat_colour: list[int]  # seat -> colour (0 red .. 3 yellow)
    round: int  # 1..LAST_ROUND (rules.common)
    abbot: int  # the seat holding the hour-disc
    turn_order: list[int]  # seats in this round's order, the Abbot first
    turn: int  # index into turn_order (in the Brewhouse: into brewers)
    phase: str  # one of PHASES
    # Tiles, per tile instance (catalogue.INSTANCES)
    tile_cell: list[int]  # cell key (geometry.cell_key), -1 if not laid
    tile_rotation: list[int]  # quarter turns clockwise
    tile_finished: list[int]  # 1 finished side up
    tile_built_round: list[int]  # round in which it flipped (0: laid finished or never)
    tile_laid_by: list[int]  # seat who laid it, -1
    tile_blessings: list[int]  # encouragement blessings on it
    tile_box_monks: list[list[int]]  # per box: the monk in it, -1 empty
    laid_order: list[int]  # laid tile instances, first laid first
    grid: dict[int, int]  # cell key -> tile instance (catalogue.ABBEY for the Abbey's cells)
    bag: list[int]
    hands: list[list[int]]  # per seat: tile instances, ascending
    returned_tiles: list[list[int]]  # [seat, tile, mask]: seat put tile back; mask: who drew since
    # Monks: colour * MONKS_PER_COLOUR + 0..4
    monk_location: list[int]  # OUT, CROSS, IN_ABBEY or a tile instance
    monk_box: list[int]  # box on an unfinished tile, -1
    monk_posture: list[int]  # UPRIGHT, PRAYING or PRISONER
    monk_cross_row: list[int]  # the Prayer Board row of the cross it waits on, -1
    # The Prayer Board and the tracks
    board_letters: list[str]  # per board cell: letter, "+" cross, "" empty
    board_small_side: list[int]  # 1: the letter shows its small side (the Library)
    tracks: list[list[int]]  # per colour, per space: 0 empty, 1 large letter, 2 small
    blessings: list[int]  # per seat
    locked_blessings: list[int]  # per seat: received in its own scoring (M-50)
    # The step in progress
    movement_points: int
    laid_this_step: int  # 1 once a tile was laid or exchanged
    encouraging: int  # 1 once the step's player encouraged (M-23)
    stopped_monks: list[int]  # monks that entered a box this step
    shiftable_monks: list[int]  # monks that may still shift box for free (M-18)
    # The scoring in progress
    scoring_points: int
    scoring_stage: int  # 0 symbols and prayer, 1 purchase
    prayed: int  # 1 once the scoring player prayed
    building_monks: list[int]  # the monks building (S1), not free for S2-S4
    used_symbol_tiles: list[int]  # tiles whose symbol was used in this scoring
    # Prayer hours and Night
    brewers: list[int]  # seats that may use the Brewhouse this round, in order
    kept_monks: list[int]  # monks the Brewhouse kept
    # Decisions and the end
    pending: list[list[int]]
    ending: int  # 0, 1 (E1 triggered) or 2 (E2 triggered)
    over: int
    decisions: int  # decisions applied so far
    # Options and chance
    team: bool
    simple: bool
    vow_of_silence: bool
    start_hand: bool
    rng: Rng
    seed: int
    # Not game data, never saved:
    _layout: Any  # rules.layout.Layout of the laid tiles or None; copies share it (immutable)
    _legal_cache: Any  # the legal actions is_legal last listed (game.py); one state's own
    _occupancy: Any  # rules.occupancy.Occupancy of the monks or None; one state's own

    # Data ---------------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy (the layout, which depends only on the laid tiles, is shared).

        Written out field by field: a search copies states all the time."""
        new = type(self).__new__(type(self))  # compiled classes refuse object.__new__
        new.seat_colour = self.seat_colour[:]
        new.turn_order = self.turn_order[:]
        new.tile_cell = self.tile_cell[:]
        new.tile_rotation = self.tile_rotation[:]
        new.tile_finished = self.tile_finished[:]
        new.tile_built_round = self.tile_built_round[:]
        new.tile_laid_by = self.tile_laid_by[:]
        new.tile_blessings = self.tile_blessings[:]
        new.bag = self.bag[:]
        new.monk_location = self.monk_location[:]
        new.monk_box = self.monk_box[:]
        new.monk_posture = self.monk_posture[:]
        new.monk_cross_row = self.monk_cross_row[:]
        new.board_letters = self.board_letters[:]
        new.board_small_side = self.board_small_side[:]
        new.blessings = self.blessings[:]
        new.locked_blessings = self.locked_blessings[:]
        new.stopped_monks = self.stopped_monks[:]
        new.shiftable_monks = self.shiftable_monks[:]
        new.building_monks = self.building_monks[:]
        new.used_symbol_tiles = self.used_symbol_tiles[:]
        new.brewers = self.brewers[:]
        new.kept_monks = self.kept_monks[:]
        new.laid_order = self.laid_order[:]
        new.tile_box_monks = [x[:] for x in self.tile_box_monks]
        new.hands = [x[:] for x in self.hands]
        new.tracks = [x[:] for x in self.tracks]
        new.pending = [x[:] for x in self.pending]
        new.returned_tiles = [x[:] for x in self.returned_tiles]
        new.n = self.n
        new.round = self.round
        new.abbot = self.abbot
        new.turn = self.turn
        new.movement_points = self.movement_points
        new.laid_this_step = self.laid_this_step
        new.encouraging = self.encouraging
        new.scoring_points = self.scoring_points
        new.prayed = self.prayed
        new.scoring_stage = self.scoring_stage
        new.ending = self.ending
        new.over = self.over
        new.decisions = self.decisions
        new.team = self.team
        new.simple = self.simple
        new.vow_of_silence = self.vow_of_silence
        new.start_hand = self.start_hand
        new.grid = self.grid.copy()
        new.phase = self.phase
        new.rng = self.rng.copy()
        new.seed = self.seed
        new._layout = self._layout
        new._legal_cache = None
        new._occupancy = None  # made again when asked: most clones are resampled at once
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
        """Rebuild a state from ``to_dict`` output as given: a load checks it before and
        after (``schema.py``, then ``consistency.py``)."""
        st = cls.__new__(cls)
        for name in _LIST_FIELDS:
            setattr(st, name, list(data[name]))
        for name in _NESTED_FIELDS:
            setattr(st, name, [list(x) for x in data[name]])
        for name in (*_INT_FIELDS, *_BOOL_OPTS):
            setattr(st, name, data[name])
        st.phase = data["phase"]
        st.rng = Rng(data["rng"])
        st.seed = data["seed"]
        st.grid = {k: v for k, v in data["grid"]}
        st._layout = None  # rebuilt when first needed
        st._legal_cache = None
        st._occupancy = None
        return st


#: Version 1 saves used short field names; version 2 spells them out (old -> new).
RENAMED_IN_VERSION_2: dict[str, str] = {
    "colour": "seat_colour",
    "order": "turn_order",
    "tpos": "tile_cell",
    "trot": "tile_rotation",
    "tfin": "tile_finished",
    "tbuilt": "tile_built_round",
    "tlayer": "tile_laid_by",
    "tbless": "tile_blessings",
    "tbox": "tile_box_monks",
    "hand": "hands",
    "mloc": "monk_location",
    "mbox": "monk_box",
    "mstate": "monk_posture",
    "mcross": "monk_cross_row",
    "bchar": "board_letters",
    "bsmall": "board_small_side",
    "track": "tracks",
    "bless": "blessings",
    "locked": "locked_blessings",
    "stopped": "stopped_monks",
    "shiftable": "shiftable_monks",
    "building": "building_monks",
    "used": "used_symbol_tiles",
    "kept": "kept_monks",
    "returned": "returned_tiles",
    "mp": "movement_points",
    "did_lay": "laid_this_step",
    "pts": "scoring_points",
    "sstage": "scoring_stage",
    "silence": "vow_of_silence",
}


def upgrade_from_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 saved state with its fields renamed to version 2's names."""
    clash = sorted(new for old, new in RENAMED_IN_VERSION_2.items() if old in data and new in data)
    if clash:
        raise ValueError(f"a version 1 save must not hold the version 2 fields {clash}")
    return {RENAMED_IN_VERSION_2.get(key, key): value for key, value in data.items()}
