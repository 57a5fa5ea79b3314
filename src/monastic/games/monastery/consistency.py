"""What a loaded state must satisfy beyond each field's own type and range (``schema.py``):
every tile, monk, letter and blessing exactly once, the boxes and the monks agreeing, and
the facts the rules keep true at every decision. Each problem names a field of the save."""

from __future__ import annotations

from collections import Counter

from monastic.engine.validation import Path, distinct, exactly_once, problem
from monastic.games.monastery.catalogue import (
    ABBEY,
    BOARD,
    BOARD_COLUMNS,
    COLOUR_LETTERS,
    INSTANCES,
    MONKS_PER_COLOUR,
    N_MONKS,
)
from monastic.games.monastery.rules.geometry import ABBEY_KEYS, NONE, OFF, PATH, node_edge
from monastic.games.monastery.state import (
    CROSS,
    EMPTY_SPACE,
    OUT,
    P_RETURN,
    P_TIE,
    PRAYING,
    PRISONER,
    UPRIGHT,
    StateData,
)

__all__ = ["check_consistency"]

PRISON_CELL = next(i for i, t in enumerate(INSTANCES) if t.symbol == "prison")


def check_consistency(st: StateData) -> None:
    """Raise ``BadSaveFile`` naming the first field that breaks a rule of the state."""
    _check_seats(st)
    _check_tiles(st)
    _check_grid(st)
    _check_joins(st)
    _check_monks(st)
    _check_boxes(st)
    _check_letters(st)
    _check_blessings(st)
    _check_flow(st)


def _check_seats(st: StateData) -> None:
    distinct(("seat_colour",), st.seat_colour, "colour")
    if st.seat_colour != sorted(st.seat_colour):
        raise problem(("seat_colour",), "seats sit in the colour order Red, Blue, Green, Yellow")
    order = [(st.turn_order[0] + i) % st.n for i in range(st.n)]
    if st.turn_order != order:
        raise problem(("turn_order",), f"must go round the table from its first, not {order}")
    if st.team and (st.n != 4 or st.simple):
        raise problem(("team",), "the team game is for 4 players and is not the simple game")


def _check_tiles(st: StateData) -> None:
    """Every tile in play exactly once: in the bag, a hand, or laid (M-8: passages of absent
    colours are out of the game; a passage is held only by its owner)."""
    in_play = [
        i for i, t in enumerate(INSTANCES) if t.owner_colour < 0 or t.owner_colour in st.seat_colour
    ]
    places: list[tuple[Path, list[int]]] = [(("bag",), st.bag), (("laid_order",), st.laid_order)]
    places += [(("hands", s), h) for s, h in enumerate(st.hands)]
    exactly_once("tile", in_play, places)
    ordered: list[tuple[Path, list[int]]] = [(("bag",), st.bag)]
    ordered += [(("hands", s), h) for s, h in enumerate(st.hands)]
    for path, held in ordered:
        if held != sorted(held):
            raise problem(path, "tiles are kept in ascending order")
    for k, piece in enumerate(st.bag):
        if INSTANCES[piece].owner_colour >= 0:
            raise problem(("bag", k), "a Secret Passage never goes into the bag (M-8)")
    for s, hand in enumerate(st.hands):
        for k, piece in enumerate(hand):
            owner = INSTANCES[piece].owner_colour
            if owner >= 0 and owner != st.seat_colour[s]:
                raise problem(("hands", s, k), f"seat {s} holds another colour's Secret Passage")
    laid = set(st.laid_order)
    for i, t in enumerate(INSTANCES):
        if i in laid:
            _check_laid(st, i)
            continue
        for name, value, blank in (
            ("tile_cell", st.tile_cell[i], -1),
            ("tile_rotation", st.tile_rotation[i], 0),
            ("tile_finished", st.tile_finished[i], 0),
            ("tile_built_round", st.tile_built_round[i], 0),
            ("tile_laid_by", st.tile_laid_by[i], -1),
            ("tile_blessings", st.tile_blessings[i], 0),
        ):
            if value != blank:
                raise problem((name, i), f"tile {i} is not laid: must be {blank}, not {value}")
        if st.tile_box_monks[i] != [-1] * len(t.boxes):
            raise problem(("tile_box_monks", i), f"tile {i} is not laid: its boxes are empty")


def _check_laid(st: StateData, i: int) -> None:
    t = INSTANCES[i]
    if st.tile_cell[i] < 0:
        raise problem(("tile_cell", i), f"tile {i} is in laid_order, so it lies on a cell")
    if st.tile_cell[i] in ABBEY_KEYS:
        raise problem(("tile_cell", i), f"tile {i} lies on the Abbey")
    if not 0 <= st.tile_laid_by[i] < st.n:
        raise problem(("tile_laid_by", i), f"laid tile {i} was laid by a seat")
    if t.owner_colour >= 0 and st.seat_colour[st.tile_laid_by[i]] != t.owner_colour:
        raise problem(("tile_laid_by", i), "only its owner lays a Secret Passage (M-8)")
    if not st.tile_finished[i] and (t.livestock or not t.boxes):
        raise problem(("tile_finished", i), f"{t.id} is laid finished side up (M-12)")
    if st.tile_built_round[i] and not st.tile_finished[i]:
        raise problem(("tile_built_round", i), f"tile {i} is not finished, so it was not built")
    if st.tile_built_round[i] > st.round:
        raise problem(("tile_built_round", i), f"must be at most the round {st.round}")
    if st.tile_finished[i] and st.tile_blessings[i]:
        raise problem(("tile_blessings", i), "a finished tile holds no blessings (M-25)")
    if len(st.tile_box_monks[i]) != len(t.boxes):
        raise problem(("tile_box_monks", i), f"{t.id} has {len(t.boxes)} boxes")
    if st.tile_finished[i] and st.tile_box_monks[i] != [-1] * len(t.boxes):
        raise problem(("tile_box_monks", i), "a finished tile has no boxes in use")


def _check_grid(st: StateData) -> None:
    """The grid is the map of the laid tiles and the Abbey, all joined into one monastery."""
    keys = [st.tile_cell[i] for i in st.laid_order]
    distinct(("tile_cell",), keys, "a cell with two tiles,")
    expected = {key: ABBEY for key in ABBEY_KEYS} | {st.tile_cell[i]: i for i in st.laid_order}
    if st.grid != expected:
        wrong = sorted(set(st.grid.items()) ^ set(expected.items()))[0]
        raise problem(("grid",), f"must map the laid tiles' cells and the Abbey ({wrong} is off)")
    seen = set(ABBEY_KEYS)
    todo = list(ABBEY_KEYS)
    while todo:
        key = todo.pop()
        for step in OFF:
            nxt = key + step
            if nxt in expected and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    for i in st.laid_order:
        if st.tile_cell[i] not in seen:
            raise problem(("tile_cell", i), f"tile {i} is not joined to the monastery")
    if len(st.laid_order) != len(set(st.laid_order)):
        raise problem(("laid_order",), "a tile is laid once")


def _check_joins(st: StateData) -> None:
    """Every laid tile meets its neighbours as laying demands: no path runs into a closed
    side (L2), grey never touches brown (L3; the Abbey is grey)."""
    for i in st.laid_order:
        key = st.tile_cell[i]
        cls = INSTANCES[i].cls
        for d, step in enumerate(OFF):
            node = st.grid.get(key + step)
            if node is None:
                continue
            mine = node_edge(st, i, key + step, d)
            their = node_edge(st, node, key, (d + 2) % 4)
            if (mine, their) in ((PATH, NONE), (NONE, PATH)):
                raise problem(("tile_rotation", i), f"tile {i}: a path meets a closed side (L2)")
            other = 1 if node == ABBEY else INSTANCES[node].cls
            if cls and other and cls != other:
                raise problem(("tile_cell", i), f"tile {i}: grey and brown touch (L3)")


def _check_monks(st: StateData) -> None:
    prison_count = 0
    at_cross: set[tuple[int, int]] = set()
    for m in range(N_MONKS):
        colour = m // MONKS_PER_COLOUR
        loc, box, posture, row = (
            st.monk_location[m],
            st.monk_box[m],
            st.monk_posture[m],
            st.monk_cross_row[m],
        )
        if (colour in st.seat_colour) == (loc == OUT):
            why = "is in play" if colour in st.seat_colour else "is not in play (-3)"
            raise problem(("monk_location", m), f"monk {m}'s colour {why}")
        if loc == CROSS:
            # M-2: each colour's monk k (1..4) waits on the cross of row k-1 until bought.
            if row != m % MONKS_PER_COLOUR - 1 or (row, colour) in at_cross:
                raise problem(("monk_cross_row", m), f"monk {m} waits on the cross of its row")
            at_cross.add((row, colour))
        elif row != -1:
            raise problem(("monk_cross_row", m), f"monk {m} is on no cross: must be -1")
        if loc < 0 and (box != -1 or (posture != UPRIGHT and loc != OUT)):
            raise problem(("monk_box", m), f"monk {m} off the tiles stands upright in no box")
        if loc == OUT and (box != -1 or posture != UPRIGHT):
            raise problem(("monk_posture", m), f"monk {m} is out of play")
        if loc < 0:
            continue
        t = INSTANCES[loc]
        if st.tile_cell[loc] < 0:
            raise problem(("monk_location", m), f"monk {m} stands on tile {loc}, not laid")
        if t.livestock:
            raise problem(("monk_location", m), "no monk ever enters livestock (M-12)")
        finished = st.tile_finished[loc]
        if finished and box != -1:
            raise problem(("monk_box", m), f"monk {m} is on a finished tile: no box")
        if not finished and not 0 <= box < len(t.boxes):
            raise problem(("monk_box", m), f"monk {m} on an unfinished tile takes a box (M-17)")
        if box >= 0 and st.tile_box_monks[loc][box] != m:
            raise problem(("tile_box_monks", loc, box), f"must be monk {m}, whose box it is")
        if posture == PRAYING and not finished:
            raise problem(("monk_posture", m), f"monk {m} prays on a finished tile only (M-31)")
        if posture == PRISONER:
            if loc != PRISON_CELL:
                raise problem(("monk_posture", m), f"monk {m}, a prisoner, is in the Prison Cell")
            prison_count += 1
    if prison_count > 2:
        raise problem(("monk_posture",), "the Prison Cell holds at most 2 (M-43)")


def _check_boxes(st: StateData) -> None:
    for i, boxes in enumerate(st.tile_box_monks):
        for b, m in enumerate(boxes):
            if m >= 0 and (st.monk_location[m] != i or st.monk_box[m] != b):
                raise problem(("tile_box_monks", i, b), f"monk {m} is not in this box")


def _check_letters(st: StateData) -> None:
    """The crosses stay put, absent rows stay empty, and each letter of the rows in play is
    on the board or on a track exactly once (the Library only swaps them, M-39)."""
    in_play = [BOARD.rows[c] for c in st.seat_colour]
    want = Counter(ch for row in in_play for ch in row if ch != "+")
    held: Counter[str] = Counter()
    for cell, ch in enumerate(st.board_letters):
        row, col = divmod(cell, BOARD_COLUMNS)
        is_cross = col == BOARD.cross_col[row]
        if (ch == "+") != is_cross:
            raise problem(("board_letters", cell), "the crosses never move (M-39)")
        if ch not in ("", "+"):
            if row not in st.seat_colour:
                raise problem(("board_letters", cell), f"row {COLOUR_LETTERS[row]} is not in play")
            held[ch] += 1
        elif st.board_small_side[cell]:
            raise problem(("board_small_side", cell), "only a letter shows a side")
    for c, track in enumerate(st.tracks):
        for s, value in enumerate(track):
            if value == EMPTY_SPACE:
                continue
            if c not in st.seat_colour:
                raise problem(("tracks", c, s), f"colour {COLOUR_LETTERS[c]} is not in play")
            held[BOARD.tracks[c][s]] += 1
    for ch in sorted(set(want) | set(held)):
        if held[ch] != want[ch]:
            raise problem(
                ("board_letters",),
                f"{held[ch]} letters {ch!r} on the board and the tracks; the rows in play have"
                f" {want[ch]}",
            )


def _check_blessings(st: StateData) -> None:
    total = sum(st.blessings) + sum(st.tile_blessings)
    if total > BOARD.blessings:
        raise problem(("blessings",), f"{total} blessings held and on tiles; the game has 20")
    for s in range(st.n):
        if st.locked_blessings[s] > st.blessings[s]:
            raise problem(("locked_blessings", s), "must be at most the seat's blessings")


def _check_flow(st: StateData) -> None:
    """Where the hour-disc stands: the phase, whose turn, the step and the scoring."""
    if bool(st.over) != (st.phase == "over"):
        raise problem(("over",), "is 1 exactly when the phase is 'over'")
    for name, values in (
        ("stopped_monks", st.stopped_monks),
        ("shiftable_monks", st.shiftable_monks),
        ("building_monks", st.building_monks),
        ("kept_monks", st.kept_monks),
        ("used_symbol_tiles", st.used_symbol_tiles),
        ("brewers", st.brewers),
    ):
        distinct((name,), values, "an entry")
    for name, monks in (
        ("stopped_monks", st.stopped_monks),
        ("shiftable_monks", st.shiftable_monks),
        ("building_monks", st.building_monks),
        ("kept_monks", st.kept_monks),
    ):
        for k, m in enumerate(monks):
            if st.monk_location[m] == OUT:
                raise problem((name, k), f"monk {m} is not in play")
    for k, i in enumerate(st.used_symbol_tiles):
        if st.tile_cell[i] < 0:
            raise problem(("used_symbol_tiles", k), f"tile {i} is not laid")
    if st.phase in ("step", "score") and not st.over and st.turn >= st.n:
        raise problem(("turn",), f"must be below {st.n} in a {st.phase}")
    if st.phase == "brew" and not st.pending and st.turn >= len(st.brewers):
        raise problem(("turn",), "must point at one of the brewers")
    if st.phase != "score" and (st.scoring_points or st.building_monks):
        raise problem(("scoring_points",), "is 0 outside a scoring")
    for k, entry in enumerate(st.pending):
        if entry[0] == P_TIE:
            distinct(("pending", k), entry[3:], "candidate")
        if entry[0] == P_RETURN and not any(
            INSTANCES[t].owner_colour < 0 for t in st.hands[entry[1]]
        ):
            raise problem(("pending", k), f"seat {entry[1]} must return a tile but holds none")
    for k, entry in enumerate(st.returned_tiles):
        if INSTANCES[entry[1]].owner_colour >= 0:
            raise problem(("returned_tiles", k, 1), "a Secret Passage is never put back")
