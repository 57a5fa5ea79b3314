"""A new game: options, colours, tiles, monks and the Prayer Board (M-1 to M-4, M-60, M-63)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monastic.engine import BadOption, Event, Rng
from monastic.games.monastery.catalogue import (
    BOARD,
    BOARD_CELLS,
    BOARD_COLUMNS,
    BOARD_ROWS,
    COLOURS,
    INSTANCES,
    MONKS_PER_COLOUR,
    N_MONKS,
    N_TILES,
    TRACK_SPACES,
)
from monastic.games.monastery.rules.geometry import cell_key
from monastic.games.monastery.rules.rounds import begin_round
from monastic.games.monastery.state import (
    CROSS,
    EMPTY_SPACE,
    IN_ABBEY,
    NOT_ENDING,
    OUT,
    SYMBOLS_STAGE,
    UPRIGHT,
    StateData,
)

__all__ = ["set_up"]


def set_up(st: StateData, players: int, seed: int, options: Mapping[str, Any]) -> None:
    """Fill the blank ``st`` with a new game and play on to the first decision."""
    rng = Rng(seed)
    st.n = players
    st.seed = seed
    st.team = options.get("variant") == "team"
    st.simple = options.get("variant") == "simple" or bool(options.get("simple", False))
    st.vow_of_silence = bool(options.get("vow_of_silence", False))
    st.start_hand = bool(options.get("start_hand", False))
    if st.team and players != 4:
        raise BadOption("the team game needs exactly 4 players (M-60)")
    # M-1: colours at random; seats stay in clockwise order Red, Blue, Green, Yellow.
    if options.get("random_colours", True) and players < COLOURS:
        colours = list(range(COLOURS))
        rng.shuffle(colours)
        chosen = sorted(colours[:players])
    else:
        chosen = list(range(players))
    st.seat_colour = chosen
    st.rng = rng
    st.round = 1
    st.abbot = 0  # the in-play colour whose row is highest sits first
    st.turn_order = list(range(players))
    st.turn = 0
    st.phase = "step"
    st.pending = []
    st.returned_tiles = []
    st.tile_cell = [-1] * N_TILES
    st.tile_rotation = [0] * N_TILES
    st.tile_finished = [0] * N_TILES
    st.tile_built_round = [0] * N_TILES
    st.tile_laid_by = [-1] * N_TILES
    st.tile_blessings = [0] * N_TILES
    st.tile_box_monks = [[-1] * len(t.boxes) for t in INSTANCES]
    st.grid = {cell_key(x, y): N_TILES for x in range(3) for y in range(2)}
    st.laid_order = []
    st.hands = [[] for _ in range(players)]
    st.bag = []
    for i, t in enumerate(INSTANCES):
        if t.owner_colour < 0:
            st.bag.append(i)
        elif t.owner_colour in chosen:
            st.hands[chosen.index(t.owner_colour)].append(i)
    st.monk_location = [OUT] * N_MONKS
    st.monk_box = [-1] * N_MONKS
    st.monk_posture = [UPRIGHT] * N_MONKS
    st.monk_cross_row = [-1] * N_MONKS
    for c in chosen:
        first = c * MONKS_PER_COLOUR
        st.monk_location[first] = IN_ABBEY
        for row in range(BOARD_ROWS):
            st.monk_location[first + 1 + row] = CROSS
            st.monk_cross_row[first + 1 + row] = row
    st.board_letters = []
    st.board_small_side = [0] * BOARD_CELLS
    for row in range(BOARD_ROWS):
        for col in range(BOARD_COLUMNS):
            ch = BOARD.rows[row][col]
            st.board_letters.append(ch if ch == "+" or row in chosen else "")
    st.tracks = [[EMPTY_SPACE] * TRACK_SPACES for _ in range(COLOURS)]
    st.blessings = [0] * players
    st.locked_blessings = [0] * players
    st.movement_points = st.laid_this_step = st.encouraging = 0
    st.stopped_monks, st.shiftable_monks = [], []
    st.scoring_points = st.prayed = 0
    st.scoring_stage = SYMBOLS_STAGE
    st.building_monks, st.used_symbol_tiles = [], []
    st.brewers, st.kept_monks = [], []
    st.ending = NOT_ENDING
    st.over = st.decisions = 0
    st._layout = None
    st._legal_cache = None
    st._occupancy = None
    events: list[Event] | None = []
    begin_round(st, events)
