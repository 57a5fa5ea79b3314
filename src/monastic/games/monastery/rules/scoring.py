"""One player's scoring: S1 building, S2 symbols, S3 prayer, S4 toil/study, S5 purchase, S6."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from monastic.engine import Event
from monastic.games.monastery.actions import (
    AbbotsHouse,
    Almonry,
    BuyLetter,
    BuyMonk,
    End,
    Lay,
    Library,
    Pray,
    Purchase,
    Workshop,
)
from monastic.games.monastery.catalogue import (
    ABBEY,
    BOARD,
    BOARD_CELLS,
    BOARD_COLUMNS,
    COLOURS,
    GARDEN_GROUP,
    INSTANCES,
    MONKS_PER_COLOUR,
    N_MONKS,
    TRACK_SPACES,
)
from monastic.games.monastery.rules import common, election, occupancy
from monastic.games.monastery.rules.common import MONKS_OF_COLOUR
from monastic.games.monastery.rules.geometry import cell_key, cell_xy, group_component
from monastic.games.monastery.rules.hidden import hidden_from
from monastic.games.monastery.rules.layout import layout
from monastic.games.monastery.rules.step import lay_actions, lay_tile
from monastic.games.monastery.state import (
    CROSS,
    E_HOUSE,
    EMPTY_SPACE,
    ENDING_E1,
    IN_ABBEY,
    LARGE_LETTER,
    P_RETURN,
    PRAYING,
    PRISONER,
    PURCHASE_STAGE,
    R_WORKSHOP,
    SMALL_LETTER,
    SYMBOLS_STAGE,
    UPRIGHT,
    StateData,
)

__all__ = ["begin_scoring", "build_points", "legal", "toil_detail", "toil_points"]

#: M-29: a group tile under construction scores k (gardens 2k), at most this.
GROUP_POINTS_CAP: Final = 4
SYMBOLS: Final = ("library", "workshop", "stables", "abbots_house", "almonry")


def _on(st: StateData, node: int) -> list[int]:
    location = st.monk_location
    out = []
    for m in range(N_MONKS):
        if location[m] == node:
            out.append(m)
    return out


def _prayed_on(st: StateData, node: int) -> bool:
    """Some monk on ``node`` is not upright (asked of places where the seat has an upright
    monk: alone there, none is)."""
    here = occupancy.occupancy(st).counts[node]  # kept: a count of every monk costs more
    if here == 1:
        return False
    location, posture = st.monk_location, st.monk_posture
    m = -1
    for _ in range(here):  # only the monks there, found in C
        m = location.index(node, m + 1)
        if posture[m] != UPRIGHT:
            return True
    return False


def build_points(st: StateData, seat: int) -> tuple[int, list[int], list[tuple[str, int]]]:
    """S1 (M-27, M-29): points, building monks and a breakdown, for ``seat`` now."""
    pts, monks, built = _building(st, seat)
    return pts, monks, [(_xy(st, i), got) for i, got in built]


def _building(st: StateData, seat: int) -> tuple[int, list[int], list[tuple[int, int]]]:
    """S1: points, building monks and (tile, points) for each tile that scores, by place."""
    monks: list[int] = []
    built: list[tuple[int, int]] = []
    if not occupancy.occupancy(st).fulls:  # mostly no tile is full: nothing scores
        return 0, monks, built
    pts = 0
    colour = st.seat_colour[seat]
    for i in _fully_occupied(st):
        t = INSTANCES[i]
        mine = False
        got = 0  # its boxes' points held by the seat (a loop: no comprehension's call)
        for b, m in enumerate(st.tile_box_monks[i]):
            if m // MONKS_PER_COLOUR == colour:  # the seat's monk (a full tile has no -1)
                monks.append(m)
                got += t.boxes[b]
                mine = True
        if not mine:
            continue
        if t.group:
            per_tile = 2 if t.group == GARDEN_GROUP else 1
            got = min(GROUP_POINTS_CAP, per_tile * group_component(st, i))
        pts += got
        built.append((i, got))
    return pts, monks, built


def _xy(st: StateData, i: int) -> str:
    """Tile ``i``'s place as events name it: ``x,y``."""
    x, y = cell_xy(st.tile_cell[i])
    return f"{x},{y}"


def _fully_occupied(st: StateData) -> list[int]:
    """The unfinished tiles with every box taken, by place (cell key)."""
    occupied = occupancy.occupancy(st)
    if not occupied.fulls:  # mostly: no loop then
        return []
    full = occupied.full
    # the few flagged found in C, rather than a look at every laid tile
    found = []
    i = full.find(1)
    while i >= 0:
        found.append(i)
        i = full.find(1, i + 1)
    return layout(st).by_place(found) if occupied.fulls > 1 else found


def toil_points(st: StateData, seat: int) -> int:
    """S4 (M-32, M-33, M-38): study or toil points of ``seat`` now."""
    return _total(_toiling(st, seat, _free_monk_tiles(st, seat)))


def _total(toil: list[tuple[int, int]]) -> int:
    """The points of ``_toiling``'s places."""
    total = 0
    for _, got in toil:
        total += got
    return total


def toil_detail(st: StateData, seat: int) -> list[tuple[str, int, str]]:
    """S4 by place: (``x,y`` or ``A``, points, tile name) for each place that scores."""
    return _named(st, _toiling(st, seat, _free_monk_tiles(st, seat)))


def _named(st: StateData, toil: list[tuple[int, int]]) -> list[tuple[str, int, str]]:
    """``_toiling``'s places as events name them: (``x,y`` or ``A``, points, tile name)."""
    return [
        ("A", got, "Abbey") if node == ABBEY else (_xy(st, node), got, INSTANCES[node].name)
        for node, got in toil
    ]


def _toiling(st: StateData, seat: int, found: list[int]) -> list[tuple[int, int]]:
    """S4 by place: (node, points) for each place that scores, the Abbey (last) included
    (``found``: ``_free_monk_tiles``, the tiles where the seat may score)."""
    h = common.hour(st)
    study = h in common.STUDY_HOURS
    toil = h in common.TOIL_HOURS
    if not (study or toil):
        return []
    out: list[tuple[int, int]] = []
    scoring = _SCORES_IN_STUDY if study else _SCORES_IN_TOIL
    for node in found:
        # the tile's colour first: most tiles do not score in this hour
        if scoring[node] and not _prayed_on(st, node):
            symbol = INSTANCES[node].symbol
            if study and symbol == "scriptorium" and not st.simple:
                got = 2
            elif toil and symbol == "farm" and not st.simple:
                got = 3
            else:
                got = 1
            out.append((node, got))
    # a monk in the Abbey studies (there it stands upright and builds nothing)
    if study and IN_ABBEY in common.locations_of(st, st.seat_colour[seat]):
        out.append((ABBEY, 1))
    return out


#: per tile instance: whether its colour scores in a study hour, and in a toil hour (S4)
_SCORES_IN_STUDY: Final = tuple(t.colour in ("dual", "grey") for t in INSTANCES)
_SCORES_IN_TOIL: Final = tuple(t.colour in ("dual", "brown") for t in INSTANCES)


def begin_scoring(st: StateData, seat: int, events: list[Event] | None) -> None:
    st.locked_blessings[seat] = 0
    st.used_symbol_tiles = []
    st.prayed = 0
    st.scoring_stage = SYMBOLS_STAGE
    st.scoring_points, st.building_monks, built = _building(st, seat)
    if not built or events is None:
        return  # no building scores: the study/toil event that follows tells the points

    # Each entry names its tile only for those who may know it (M-5: uc buildings).
    def tiles(viewer: int | None) -> list[Any]:
        out: list[Any] = []
        for i, got in built:
            out.append([_xy(st, i), got, None if hidden_from(st, i, viewer) else INSTANCES[i].name])
        return out

    data: dict[str, Any] = {"seat": seat, "points": st.scoring_points, "tiles": tiles(seat)}
    public: dict[str, Any] = {**data, "tiles": tiles(None)}
    if public == data:
        events.append(Event("build", data))
    else:
        events.append(Event("build", data, audience=frozenset({seat}), public=public))


def _symbol_tiles(st: StateData, found: list[int]) -> list[int]:
    """The tiles whose symbol the seat may use now (S2), ascending: not used yet in this
    scoring and nobody praying there (``found``: ``_free_monk_tiles``, the places where it
    may use one)."""
    if st.simple:
        return []
    used = st.used_symbol_tiles
    out = []
    for i in found:  # a loop, not a comprehension: one call fewer
        if _HAS_SYMBOL[i] and i not in used and not _prayed_on(st, i):
            out.append(i)
    return out


#: per tile instance: whether its symbol is one of ``SYMBOLS`` (used in a scoring, S2)
_HAS_SYMBOL: Final = tuple(t.symbol in SYMBOLS for t in INSTANCES)


def _library_pairs(st: StateData) -> list[Library]:
    letters, small = st.board_letters, st.board_small_side
    cells = [c for c in range(BOARD_CELLS) if letters[c] not in ("", "+") and not small[c]]
    return [
        _LIBRARIES[a][b - a - 1]
        for i, a in enumerate(cells)
        for b in cells[i + 1 :]
        if letters[a] != letters[b]
    ]


#: every Library use, made once (actions are frozen values): per first cell ``a``, the one
#: with each later cell ``b``, at ``b - a - 1``
_LIBRARIES: Final = tuple(
    tuple(Library(a, b) for b in range(a + 1, BOARD_CELLS)) for a in range(BOARD_CELLS)
)


def _free_monk_tiles(st: StateData, seat: int) -> list[int]:
    """The finished tiles not built this round where ``seat`` has an upright monk that is not
    building, ascending: the only places its symbols (S2), prayer (S3) and toil (S4) may use."""
    location, posture, building = st.monk_location, st.monk_posture, st.building_monks
    finished, built, this_round = st.tile_finished, st.tile_built_round, st.round
    found: list[int] = []
    for m in MONKS_OF_COLOUR[st.seat_colour[seat]]:
        node = location[m]
        if (
            node >= 0
            and posture[m] == UPRIGHT
            and finished[node]
            and built[node] != this_round
            and node not in found
            and m not in building
        ):
            found.append(node)
    found.sort()  # mostly one or none: no len() call to tell
    return found


def _pray_options(st: StateData, seat: int, found: list[int]) -> list[Pray]:
    """S3's prayers (``found``: ``_free_monk_tiles``)."""
    out: list[Pray] = []
    for node in found:
        if _may_pray(st, seat, node):
            out.append(_pray(st.tile_cell[node]))
    return out


def _may_pray(st: StateData, seat: int, node: int) -> bool:
    """Whether ``seat``'s upright monk on ``node`` (one of ``_free_monk_tiles``) may pray."""
    t = INSTANCES[node]
    if t.livestock:
        return False
    if t.symbol == "chapel" and not st.simple:
        posture = st.monk_posture
        praying = [m for m in _on(st, node) if posture[m] != UPRIGHT]
        return len(praying) < 3 and not any(common.owner(st, m) == seat for m in praying)
    return occupancy.occupancy(st).counts[node] == 1  # alone there


@lru_cache(maxsize=4096)
def _pray(key: int) -> Pray:
    """One shared ``Pray`` per cell (actions are frozen values)."""
    return Pray(*cell_xy(key))


def stage0(st: StateData, seat: int) -> list[Any]:
    """S2 and S3 choices (without Purchase)."""
    out: list[Any] = []
    found = _free_monk_tiles(st, seat)  # the places both S2 and S3 look at
    for i in _symbol_tiles(st, found):
        sym = INSTANCES[i].symbol
        if sym == "library":
            out.extend(_library_pairs(st))
        elif sym == "workshop" and st.bag:
            out.append(Workshop())
        elif sym == "stables":
            out.extend(lay_actions(st, seat, True))
        elif sym == "abbots_house":
            out.append(AbbotsHouse())
        elif sym == "almonry":
            out.append(Almonry())
    if not st.prayed:
        out.extend(_pray_options(st, seat, found))
    return out


def has_stage0(st: StateData, seat: int) -> bool:
    """Whether the symbols stage waits for the player: an S2/S3 choice exists, judged only
    on what every seat sees (M-D16), so a usable Stables counts even if no tile fits."""
    return _symbols_wait(st, seat, _free_monk_tiles(st, seat))


def _symbols_wait(st: StateData, seat: int, found: list[int]) -> bool:
    """``has_stage0`` (``found``: ``_free_monk_tiles``, the places S2 and S3 look at)."""
    if not found:
        return False
    if not st.prayed:
        for node in found:
            if _may_pray(st, seat, node):
                return True
    for i in _symbol_tiles(st, found):
        sym = INSTANCES[i].symbol
        if sym in ("abbots_house", "almonry") or (sym == "workshop" and st.bag):
            return True
        if (
            sym == "library"
            and len(
                {
                    c
                    for c, small in zip(st.board_letters, st.board_small_side, strict=True)
                    if c not in ("", "+") and not small
                }
            )
            >= 2
        ):
            return True
        if sym == "stables":
            # M-D16: asked even when no hidden tile fits, so a skip tells others nothing.
            return True
    return False


def can_buy(st: StateData, seat: int) -> bool:
    """Whether some letter or monk is affordable now (cheaper than listing them)."""
    money = budget(st, seat)
    if money <= 0:
        return False
    letters, cross_row = st.board_letters, st.monk_cross_row
    for cell in _affordable(st, seat, money):
        ch = letters[cell]
        # a letter, or a cross with a monk waiting (a monk's row is -1 off the crosses)
        if ch and (ch != "+" or cell // BOARD_COLUMNS in cross_row):
            return True
    return False


def _affordable(st: StateData, seat: int, money: int) -> tuple[int, ...]:
    """The board cells, ascending, whose price (reduced once the seat's track is full) is
    at most ``money``."""
    by_money = _AFFORDABLE[1 if common.own_track_full(st, seat) else 0]
    return by_money[money if money < _DEAREST else _DEAREST]  # no min(): a call


#: the dearest price of a cell: a larger budget buys what it buys
_DEAREST: Final = max(BOARD.full_price)
#: per price list (full, then reduced), per budget up to ``_DEAREST``: the cells, in order,
#: that the budget buys
_AFFORDABLE: Final = tuple(
    tuple(
        tuple(c for c in range(BOARD_CELLS) if prices[c % BOARD_COLUMNS] <= money)
        for money in range(_DEAREST + 1)
    )
    for prices in (BOARD.full_price, BOARD.reduced_price)
)


def budget(st: StateData, seat: int) -> int:
    return st.scoring_points + st.blessings[seat] - st.locked_blessings[seat]


def stage1(st: StateData, seat: int) -> list[Any]:
    """S5 purchases (without End)."""
    out: list[Any] = []
    money = budget(st, seat)
    if money <= 0:
        return out
    in_play = st.seat_colour
    letters, tracks = st.board_letters, st.tracks
    waiting: tuple[tuple[int, ...], ...] | None = None  # per row, the colours on its cross
    for cell in _affordable(st, seat, money):
        ch = letters[cell]
        if ch == "":
            continue
        if ch == "+":
            if waiting is None:
                waiting = _waiting(st)
            row = cell // BOARD_COLUMNS
            for c in waiting[row]:
                out.append(_buy_monk(c, row))
            continue
        # by colour, then track space: the colours in play whose space is still empty
        for c, s, buy in _LETTER_BUYS[cell][ch]:
            if tracks[c][s] == EMPTY_SPACE and c in in_play:
                out.append(buy)
    return out


def _waiting(st: StateData) -> tuple[tuple[int, ...], ...]:
    """Per Prayer Board row, the colours of the monks on its cross, ascending."""
    return _waiting_on(tuple(st.monk_cross_row))


@lru_cache(maxsize=1024)
def _waiting_on(cross_row: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``_waiting`` of the monks' cross rows (-1 off the crosses): they change only when a
    monk is bought or prays, so most purchase listings find this made."""
    out: list[list[int]] = [[] for _ in range(len(BOARD.rows))]
    for m in range(N_MONKS):  # by monk, so by colour
        if cross_row[m] >= 0:
            colours = out[cross_row[m]]
            c = m // MONKS_PER_COLOUR
            if c not in colours:
                colours.append(c)
    return tuple(tuple(colours) for colours in out)


@lru_cache(maxsize=64)
def _buy_monk(colour: int, row: int) -> BuyMonk:
    """One shared ``BuyMonk`` per colour and row (actions are frozen values)."""
    return BuyMonk(colour, row)


#: per colour, per letter: the track spaces printed with that letter, in order
_SPACES_OF: Final[tuple[dict[str, tuple[int, ...]], ...]] = tuple(
    {ch: tuple(s for s in range(TRACK_SPACES) if track[s] == ch) for ch in set(track)}
    for track in BOARD.tracks
)


#: every purchase of a letter, made once (actions are frozen values): per board cell, then
#: per colour, the one for each track space (so a listing makes none)
_BUY_LETTERS: Final[tuple[tuple[tuple[BuyLetter, ...], ...], ...]] = tuple(
    tuple(tuple(BuyLetter(cell, c, s) for s in range(TRACK_SPACES)) for c in range(COLOURS))
    for cell in range(BOARD_CELLS)
)
#: per board cell, per letter of the board and the tracks: (colour, track space, its
#: purchase) for every colour's spaces printed with that letter, by colour, then space (one
#: loop a listing rather than two; every letter a key: no get() call)
_LETTER_BUYS: Final[tuple[dict[str, tuple[tuple[int, int, BuyLetter], ...]], ...]] = tuple(
    {
        ch: tuple(
            (c, s, _BUY_LETTERS[cell][c][s])
            for c in range(COLOURS)
            for s in _SPACES_OF[c].get(ch, ())
        )
        for ch in {ch for row in (*BOARD.tracks, *BOARD.rows) for ch in row if ch != "+"}
    }
    for cell in range(BOARD_CELLS)
)


#: actions without fields are one value each
_PURCHASE, _END = Purchase(), End()


def legal(st: StateData, seat: int) -> list[Any]:
    # each stage's list is made afresh for this listing: the last action is added to it
    if st.scoring_stage == SYMBOLS_STAGE:
        out = stage0(st, seat)
        out.append(_PURCHASE)
    else:
        out = stage1(st, seat)
        out.append(_END)
    return out


def _pay(st: StateData, seat: int, cost: int) -> None:
    if st.scoring_points >= cost:
        st.scoring_points -= cost
    else:
        st.blessings[seat] -= cost - st.scoring_points
        st.scoring_points = 0


def run_on(st: StateData, seat: int, events: list[Event] | None) -> bool:
    """Pass the stages of ``seat``'s scoring that wait for nobody: the symbols stage when it
    offers no choice (``has_stage0``), on to S4 and the purchase stage. True when the
    scoring is over: nothing is affordable (S6 is due)."""
    if st.scoring_stage == SYMBOLS_STAGE:
        found = _free_monk_tiles(st, seat)  # the places S2, S3 and S4 look at
        if _symbols_wait(st, seat, found):
            return False
        to_purchase(st, seat, events, found)
    return not can_buy(st, seat)


def to_purchase(st: StateData, seat: int, events: list[Event] | None, found: list[int]) -> None:
    """S4, then the purchase stage (``found``: ``_free_monk_tiles``)."""
    toil = _toiling(st, seat, found)
    got = _total(toil)
    st.scoring_points += got
    st.scoring_stage = PURCHASE_STAGE
    if events is not None:
        tiles: list[Any] = [list(d) for d in _named(st, toil)]
        events.append(
            Event("toil", {"seat": seat, "points": got, "total": st.scoring_points, "tiles": tiles})
        )


def apply(st: StateData, seat: int, action: Any, events: list[Event] | None) -> bool:
    """Apply a scoring action; True when the scoring is over (S6 still to do)."""
    # the commonest actions first; type() once rather than isinstance() per kind: the
    # actions have no subclasses
    kind = type(action)
    if kind is End:
        return True
    if kind is BuyLetter:
        _pay(st, seat, common.price(st, seat, action.cell))
        ch = st.board_letters[action.cell]
        st.board_letters[action.cell] = ""
        st.board_small_side[action.cell] = 0
        own = st.seat_colour[seat]
        large = action.colour == own or action.colour == common.partner_colour(st, seat)
        st.tracks[action.colour][action.space] = LARGE_LETTER if large else SMALL_LETTER
        if events is not None:
            events.append(Event("buy", {"seat": seat, "action": str(action), "letter": ch}))
        if not large:
            common.receive(st, seat, True, events, "letter")
        if common.letters_left(st) == 0 and not st.ending:
            st.ending = ENDING_E1
            if events is not None:
                events.append(Event("game_end_triggered", {"rule": "E1"}))
        return False
    if kind is Pray:
        node = st.grid[cell_key(action.x, action.y)]
        for m in MONKS_OF_COLOUR[st.seat_colour[seat]]:  # a loop: no generator's calls
            if st.monk_location[m] == node and st.monk_posture[m] == UPRIGHT:
                break
        else:
            raise ValueError(f"{action}: no upright monk of seat {seat} there")
        st.monk_posture[m] = PRAYING
        t = INSTANCES[node]
        got = 2 * t.value if t.symbol == "chapel" and not st.simple else t.value
        st.scoring_points += got
        st.prayed = 1
        if events is not None:
            where = {"seat": seat, "x": action.x, "y": action.y, "name": t.name}
            events.append(Event("pray", {**where, "points": got}))
        to_purchase(st, seat, events, _free_monk_tiles(st, seat))
        return False
    if kind is Purchase:
        to_purchase(st, seat, events, _free_monk_tiles(st, seat))
        return False
    if kind is BuyMonk:
        cell = action.row * BOARD_COLUMNS + BOARD.cross_col[action.row]
        _pay(st, seat, common.price(st, seat, cell))
        for m in MONKS_OF_COLOUR[action.colour]:  # a loop: no generator's calls
            if st.monk_location[m] == CROSS and st.monk_cross_row[m] == action.row:
                break
        else:
            raise ValueError(f"{action}: no such monk waits on that cross")
        st.monk_location[m] = IN_ABBEY
        st.monk_cross_row[m] = -1
        st.monk_posture[m] = UPRIGHT
        if events is not None:
            events.append(Event("buy", {"seat": seat, "action": str(action)}))
        return False
    if kind is Library:
        _use(st, seat, "library")
        st.board_letters[action.a], st.board_letters[action.b] = (
            st.board_letters[action.b],
            st.board_letters[action.a],
        )
        st.board_small_side[action.a] = st.board_small_side[action.b] = 1
        if events is not None:
            events.append(Event("library", {"seat": seat, "action": str(action)}))
        return False
    if kind is Workshop:
        _use(st, seat, "workshop")
        common.draw(st, seat, events)
        st.pending.append([P_RETURN, seat, R_WORKSHOP])
        return False
    if kind is Almonry:
        _use(st, seat, "almonry")
        common.receive(st, seat, True, events, "almonry")
        return False
    if kind is Lay:
        _use(st, seat, "stables")
        lay_tile(st, seat, action, events)
        return False
    if kind is AbbotsHouse:
        house = _use(st, seat, "abbots_house")
        counts = [0] * st.n
        for m in range(N_MONKS):
            at_home = st.monk_location[m] == IN_ABBEY or st.monk_location[m] == house
            if at_home and st.monk_posture[m] != PRISONER:
                counts[common.owner(st, m)] += 1
        if events is not None:
            events.append(Event("abbots_house", {"seat": seat, "counts": counts}))
        election.hold(st, counts, E_HOUSE, events)
        return False
    raise ValueError(f"{action} is not a scoring action")


def _use(st: StateData, seat: int, symbol: str) -> int:
    found = _free_monk_tiles(st, seat)
    i = next(i for i in _symbol_tiles(st, found) if INSTANCES[i].symbol == symbol)
    st.used_symbol_tiles.append(i)
    return i


#: ``BOARD.convert`` of each number of points up to the most it tells apart (a table: most
#: scorings end with few points, which the conversion's loop looked through every row for)
_CONVERTED: Final = tuple(
    BOARD.convert(p) for p in range(max(low for low, _ in BOARD.conversion) + 1)
)
#: the points below which ``_CONVERTED`` tells the conversion (no len() call a scoring)
_CONVERTED_BELOW: Final = len(_CONVERTED)


def _held_by(monks: list[int], colours: list[int]) -> bool:
    """Some of ``monks`` is of one of ``colours``."""
    for m in monks:  # noqa: SIM110 - a loop is cheaper than any() over a generator
        if m // MONKS_PER_COLOUR in colours:
            return True
    return False


def finish(st: StateData, seat: int, events: list[Event] | None) -> None:
    """S6 conversion, then the flips of M-30."""
    points = st.scoring_points
    if points:  # mostly all spent: nothing to convert
        got = _CONVERTED[points] if points < _CONVERTED_BELOW else BOARD.convert(points)
        for _ in range(got):
            common.receive(st, seat, True, events, "leftover")
        st.scoring_points = 0
    st.locked_blessings[seat] = 0
    st.building_monks = []
    st.used_symbol_tiles = []
    full = _fully_occupied(st)
    if not full:
        return  # mostly: no tile to flip
    later = []  # the colours of the seats that score after this one (a loop: no call)
    for s in st.turn_order[st.turn + 1 :]:
        later.append(st.seat_colour[s])
    for i in full:  # a flip changes only its own tile's fields
        if _held_by(st.tile_box_monks[i], later):
            continue
        st.tile_finished[i] = 1
        st.tile_built_round[i] = st.round
        st.tile_blessings[i] = 0
        for m in st.tile_box_monks[i]:
            st.monk_box[m] = -1
        st.tile_box_monks[i] = [-1] * len(st.tile_box_monks[i])
        occupancy.changed(st, i)
        if events is not None:
            x, y = cell_xy(st.tile_cell[i])
            events.append(Event("flip", {"x": x, "y": y, "tile": INSTANCES[i].id}))
