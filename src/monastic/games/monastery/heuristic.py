"""Monastery's greedy player: a value for every kind of choice, read from the seat's knowledge.

Steps: complete tiles first (a full tile qualifies for laying next to it), lay the tile
worth most (the hand penalty it saves, the boxes its own monks can fill now, its symbol),
send monks to boxes, to the symbol, work and prayer places of the coming scoring, exchange
when nothing can be laid, and encourage a tile only as a lure when its own monks wait
there for someone to finish it. Scorings: the Almonry, the Workshop, the Stables, the
Library (a letter it needs moved to a cheaper column, one its rival needs to a dearer one)
and the Abbot's House (when it wins that election) before prayer; prayer when the points
beat the work and the rounds the monk then lies still; then purchases one at a time, each
the best of value minus cost, where the cost counts the blessings the leftover points
would have become and the blessings spent: own letters, letters denied to a rival, own
monks while they can still pay back.

It is called on a determinized world, so reading hands and hidden buildings is fine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, Final

from monastic.engine import Rng
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
    Stand,
    Workshop,
)
from monastic.games.monastery.catalogue import (
    ABBEY,
    BOARD,
    BOARD_COLUMNS,
    INSTANCES,
    N_MONKS,
    TRACK_SPACES,
    TYPE_BY_ID,
)
from monastic.games.monastery.heuristic_value import evaluate, scorings_left
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.geometry import OFF, ROT, cell_key, node_edge, placements
from monastic.games.monastery.rules.step import movable, reachable
from monastic.games.monastery.state import (
    EMPTY_SPACE,
    IN_ABBEY,
    P_TIE,
    UPRIGHT,
    StateData,
)

__all__ = [
    "free_own_letters",
    "greedy_action",
    "letter_need",
    "monk_reach",
    "node_at",
    "purchase_value",
    "search_actions",
    "widen_order",
]

#: What a symbol tile on the board is worth to its layer's future (uses it may get).
SYMBOL_WORTH = {
    "chapel": 3.0,
    "scriptorium": 2.0,
    "farm": 2.5,
    "almonry": 1.5,
    "library": 1.0,
    "workshop": 0.8,
    "stables": 0.8,
    "abbots_house": 0.5,
    "brewhouse": 0.5,
}


def node_at(st: StateData, x: int, y: int) -> int:
    """The node at ``x, y``: the Abbey, or the tile laid there."""
    if (x, y) == ABBEY_XY:
        return ABBEY
    return st.grid[cell_key(x, y)]


def _rounds_stuck(st: StateData) -> int:
    """Study/toil rounds after this one before the next prayer hour or Night frees a monk."""
    h = common.hour(st)
    stuck = 0
    for nxt in range(h + 1, common.HOURS_PER_DAY + 1):
        if nxt in common.PRAYER_HOURS or nxt == common.NIGHT:
            break
        stuck += 1
    return stuck


def _study(st: StateData) -> bool:
    return common.hour(st) in common.STUDY_HOURS


def _works(colour: str, study: bool) -> bool:
    """Whether a finished tile of ``colour`` pays for work in a study (else toil) round."""
    return colour == "dual" or colour == ("grey" if study else "brown")


def _rivals(st: StateData, seat: int) -> list[int]:
    partner = common.partner_colour(st, seat)
    return [s for s in range(st.n) if s != seat and st.seat_colour[s] != partner]


class _Reading:
    """What one decision of ``seat`` reads of the board again and again, worked out once:
    the value of each place (many moves share a source or a destination), the monks on
    each, the spots of its upright monks, each empty cell's distance from them and cost of
    entry, the worth of a symbol now, and on the Prayer Board the letters the seat and its
    rivals need, its prices and a payment's cost. Valid while the state stands: made afresh
    for each decision, never kept."""

    __slots__ = (
        "_cells",
        "_costs",
        "_entries",
        "_need",
        "_on",
        "_own",
        "_places",
        "_praying",
        "_prices",
        "_reach",
        "_rival_needs",
        "_spots",
        "seat",
        "st",
        "symbol_share",
    )

    def __init__(self, st: StateData, seat: int) -> None:
        self.st = st
        self.seat = seat
        self._places: dict[int, float] = {}
        self._spots: list[tuple[int, int]] | None = None
        # per place (a tile, or ``ABBEY``): its monks, the seat's own, and whether one prays
        self._on: list[int] = []
        self._own: list[int] = []
        self._praying: set[int] = set()
        # per cell: how near the seat's upright monks are, and (for ``_reach``) the cost of
        # entering it from each side
        self._cells: dict[int, int] = {}
        self._entries: dict[int, tuple[int, int, int, int]] = {}
        self._reach: tuple[dict[int, int], int] | None = None
        # the Prayer Board: the seat's letter needs, its rivals', its prices, a payment's cost
        # by price
        self._need: dict[str, int] | None = None
        self._rival_needs: list[dict[str, int]] | None = None
        self._prices: tuple[int, ...] | None = None
        self._costs: dict[int, float] = {}
        #: a symbol's share of its worth: the scorings left to use it, up to four
        self.symbol_share = min(1.0, scorings_left(st) / 4)

    def place_value(self, node: int, leaving: bool = False) -> float:
        """What one monk of the seat standing on ``node`` is worth in this round's scoring
        (``leaving``: the monk standing there now leaves it)."""
        key = 2 * node + leaving
        got = self._places.get(key)
        if got is None:
            if not self._on:
                self._count()
            got = self._places[key] = _place_value(
                self.st, node, leaving, self._own[node], self._on[node], node in self._praying
            )
        return got

    def _count(self) -> None:
        st = self.st
        on, own = [0] * (ABBEY + 1), [0] * (ABBEY + 1)
        location, posture = st.monk_location, st.monk_posture
        for m in range(N_MONKS):
            loc = location[m]
            if loc >= 0:
                on[loc] += 1
                if posture[m] != UPRIGHT:
                    self._praying.add(loc)
        for m in common.seat_monks(st, self.seat):
            loc = location[m]
            if loc >= 0:
                own[loc] += 1
            elif loc == IN_ABBEY:
                own[ABBEY] += 1
        self._on, self._own = on, own

    def distance(self, key: int, x: int, y: int) -> int:
        """Steps from the cell ``key`` at ``x, y`` to the nearest upright monk of the seat,
        at most 6."""
        got = self._cells.get(key)
        if got is None:
            best = 99
            for mx, my in self.spots():
                best = min(best, abs(mx - x) + abs(my - y))
            got = self._cells[key] = min(best, 6)
        return got

    def entries(self, key: int, reach: tuple[dict[int, int], int]) -> tuple[int, int, int, int]:
        """Per side N, E, S, W of the empty cell ``key``: the cost for the seat's monks to
        enter a tile laid there from the neighbour on that side (``monk_reach``'s costs plus
        one; 99 where none can)."""
        if reach is not self._reach:
            self._reach = reach
            self._entries = {}
        got = self._entries.get(key)
        if got is None:
            st, costs = self.st, reach[0]
            sides = [99, 99, 99, 99]
            for d in range(4):
                node = st.grid.get(key + OFF[d])
                if node is not None and node in costs and node_edge(st, node, key, (d + 2) % 4):
                    sides[d] = costs[node] + 1
            got = self._entries[key] = (sides[0], sides[1], sides[2], sides[3])
        return got

    def need(self) -> dict[str, int]:
        """The seat's ``letter_need``."""
        if self._need is None:
            self._need = letter_need(self.st, self.st.seat_colour[self.seat])
        return self._need

    def rival_needs(self) -> list[dict[str, int]]:
        """Each rival's ``letter_need``."""
        if self._rival_needs is None:
            st = self.st
            self._rival_needs = [letter_need(st, st.seat_colour[s]) for s in _rivals(st, self.seat)]
        return self._rival_needs

    def prices(self) -> tuple[int, ...]:
        """The Prayer Board's prices per column for the seat (reduced once its track is
        full)."""
        if self._prices is None:
            full = common.own_track_full(self.st, self.seat)
            self._prices = BOARD.reduced_price if full else BOARD.full_price
        return self._prices

    def pay_cost(self, price: int) -> float:
        """``_pay_cost`` of ``price`` (many buys cost the same)."""
        got = self._costs.get(price)
        if got is None:
            got = self._costs[price] = _pay_cost(self.st, self.seat, price)
        return got

    def spots(self) -> list[tuple[int, int]]:
        """Where the seat's upright monks stand, the Abbey's as its nearest cell (1, 0)."""
        got = self._spots
        if got is None:
            st = self.st
            got = self._spots = []
            for m in common.seat_monks(st, self.seat):
                if st.monk_location[m] >= IN_ABBEY and st.monk_posture[m] == UPRIGHT:
                    x, y = common.xy_of_node(st, common.node_of(st, m))
                    got.append((1, 0) if (x, y) == ABBEY_XY else (x, y))
        return got


# Places and moves ------------------------------------------------------------------------


def _place_value(
    st: StateData, node: int, leaving: bool, mine: int, there: int, praying: bool
) -> float:
    """What one monk standing on ``node`` is worth in this round's scoring to a seat with
    ``mine`` monks there, of ``there`` in all, ``praying`` if a monk prays there."""
    study = _study(st)
    if node == ABBEY:
        # one monk there studies; before a prayer hour the Abbey also counts for the election
        base = 0.9 if study and mine - (1 if leaving else 0) == 0 else 0.05
        if common.hour(st) in (4, 7):
            base += 0.15
        return base
    t = INSTANCES[node]
    if not st.tile_finished[node] or t.livestock or praying:
        return 0.0
    fresh = st.tile_built_round[node] == st.round
    others = there - mine
    if leaving:
        mine -= 1
    if mine > 0:
        return 0.0  # another of its monks already does what this one would
    value = 0.0
    if not fresh:
        if (
            t.colour == "dual"
            or (study and t.colour == "grey")
            or (not study and t.colour == "brown")
        ):
            value += 1.0
            if not st.simple and (
                (study and t.symbol == "scriptorium") or (not study and t.symbol == "farm")
            ):
                value += 1.0 if study else 2.0
        if not st.simple and t.symbol in ("almonry", "stables", "workshop"):
            value += 0.8
        if not st.simple and t.symbol == "library":
            value += 0.5
        if not st.simple and t.symbol == "chapel":
            value += 2.5
        elif others == 0 and t.value >= 2:
            value += 0.45 * t.value  # a place to pray
    else:
        value += 0.3  # next round it works
    return value


def _move_value(st: StateData, seat: int, a: Move, reading: _Reading | None = None) -> float:
    if a.sbox >= 0:
        return -1.0  # leaving a box throws away its progress
    if reading is None:
        reading = _Reading(st, seat)
    dest = node_at(st, a.dx, a.dy)
    leave = reading.place_value(node_at(st, a.sx, a.sy), True)  # what it earns by staying
    if a.dbox >= 0:
        boxes = st.tile_box_monks[dest]
        empties = boxes.count(-1)
        t = INSTANCES[dest]
        gain = float(t.boxes[a.dbox]) if not t.group else 1.5
        lure = float(st.tile_blessings[dest])
        if empties == 1:
            return 6.0 + gain + lure - 0.1 * a.cost - leave
        # taking the dearest box first; more empties means a longer wait
        return 1.2 + 0.4 * gain + lure - 0.3 * empties - 0.1 * a.cost - leave
    return reading.place_value(dest) - leave - 0.05 * a.cost - 0.15


def monk_reach(st: StateData, seat: int) -> tuple[dict[int, int], int]:
    """Cheapest cost for own movable monks to reach each node this step, and their number."""
    costs: dict[int, int] = {}
    movers = movable(st, seat) if st.phase == "step" else []
    for m in movers:
        start = common.node_of(st, m)
        costs[start] = 0
        if st.movement_points > 0:
            for node, c in reachable(st, seat, start, st.movement_points).items():
                if c < costs.get(node, 99):
                    costs[node] = c
    return costs, len(movers)


def _lay_value(
    st: StateData,
    seat: int,
    a: Lay,
    reach: tuple[dict[int, int], int] | None = None,
    reading: _Reading | None = None,
) -> float:
    if reading is None:
        reading = _Reading(st, seat)
    t = TYPE_BY_ID[a.tile]
    key = cell_key(a.x, a.y)
    # the hand penalty it saves, and what its boxes pay when built
    value = float(t.value) + 0.25 * sum(t.boxes)
    if t.livestock:
        return value + 1.3 * len({st.grid[key + o] for o in OFF if key + o in st.grid})
    if t.symbol and not st.simple:
        value += SYMBOL_WORTH.get(t.symbol, 0.0) * reading.symbol_share
    if reach is not None:
        movers = reach[1]
        mine = ROT[t.index][a.rot]
        entry = 99
        sides = reading.entries(key, reach)
        for d in range(4):
            if mine[d] and sides[d] < entry:
                entry = sides[d]
        if entry <= st.movement_points:
            if len(t.boxes) <= movers and entry * len(t.boxes) <= st.movement_points + 1:
                value += 2.5 + 0.6 * sum(t.boxes)  # it can be filled right now
            else:
                value += 0.5
    # closeness to its own upright monks makes completion likelier
    return value - 0.3 * reading.distance(key, a.x, a.y)


# The Prayer Board --------------------------------------------------------------------------


def letter_need(st: StateData, colour: int) -> dict[str, int]:
    """Empty spaces per letter on ``colour``'s track."""
    need: dict[str, int] = {}
    track = st.tracks[colour]
    for s in range(TRACK_SPACES):
        if track[s] == EMPTY_SPACE:
            ch = BOARD.tracks[colour][s]
            need[ch] = need.get(ch, 0) + 1
    return need


def _monk_worth(st: StateData, seat: int) -> float:
    """What one more own monk is worth: movement and one more worker for the scorings left."""
    left = scorings_left(st)
    inside = sum(1 for m in common.seat_monks(st, seat) if st.monk_location[m] >= IN_ABBEY)
    return min(left, 8) * (0.5 if inside < 3 else 0.35)


def purchase_value(
    st: StateData, seat: int, a: BuyLetter | BuyMonk, reading: _Reading | None = None
) -> float:
    """The value of a purchase to ``seat``, before its price."""
    if isinstance(a, BuyMonk):
        if a.colour != st.seat_colour[seat]:
            return -5.0  # a rival's monk strengthens the rival
        return _monk_worth(st, seat)
    ch = st.board_letters[a.cell]
    own = st.seat_colour[seat]
    partner = common.partner_colour(st, seat)
    if reading is None:
        reading = _Reading(st, seat)
    rival_need = sum(1 for need in reading.rival_needs() if need.get(ch, 0) > 0)
    if a.colour == own or a.colour == partner:
        return 3.0 + 0.4 * rival_need
    owner = common.seat_of_colour(st, a.colour)
    if owner == seat or owner < 0:
        return -5.0
    # a small letter on a rival's track: a blessing, a space it never fills, the board shrinks
    return 1.0 + 1.4


def _pay_cost(st: StateData, seat: int, price: int) -> float:
    """What paying ``price`` costs: blessings the leftover points would no longer become,
    plus blessings spent."""
    points = st.scoring_points
    from_points = min(points, price)
    spent = price - from_points
    return BOARD.convert(points) - BOARD.convert(points - from_points) + 1.05 * spent


def _buy(
    st: StateData, seat: int, buys: list[Any], pick: Callable[..., Any], reading: _Reading
) -> Any:
    best_net = 0.25
    options = []
    for a in buys:
        cell = (
            a.cell if isinstance(a, BuyLetter) else a.row * BOARD_COLUMNS + BOARD.cross_col[a.row]
        )
        price = common.price(st, seat, cell)
        # the cheaper of two equal buys leaves more for the next one
        net = purchase_value(st, seat, a, reading) - reading.pay_cost(price) - 0.1 * price
        if net > best_net:
            options.append((net, a))
    if not options:
        return End()
    choice = pick(options)
    if isinstance(choice, BuyLetter) and common.letters_left(st) == 1:
        # the last letter ends the game: only when that keeps it ahead
        values = evaluate(st)
        if values[seat] + 3 < max(values[s] for s in _rivals(st, seat)):
            rest = [o for o in options if not isinstance(o[1], BuyLetter)]
            return pick(rest) if rest else End()
    return choice


def _library_value(st: StateData, seat: int, a: Library, reading: _Reading | None = None) -> float:
    """Price gained on letters it needs, minus that of its rivals, by swapping two columns."""
    if reading is None:
        reading = _Reading(st, seat)
    mine, rivals, full = reading.need(), reading.rival_needs(), reading.prices()
    value = 0.0
    for cell, other in ((a.a, a.b), (a.b, a.a)):
        ch = st.board_letters[cell]
        change = full[other % BOARD_COLUMNS] - full[cell % BOARD_COLUMNS]  # its new price
        if mine.get(ch, 0):
            value -= change
        value += 0.5 * sum(change for need in rivals if need.get(ch, 0))
    return value


# Decisions -------------------------------------------------------------------------------


def _return_choice(st: StateData, seat: int, returns: list[Return]) -> Return:
    """Give back the tile that costs most and is least likely to be laid."""
    hand_types = sorted({INSTANCES[t].index for t in st.hands[seat]})
    layable = {ti for ti, _, _ in placements(st, hand_types)}

    def burden(a: Return) -> float:
        t = TYPE_BY_ID[a.tile]
        worth = SYMBOL_WORTH.get(t.symbol or "", 0.0) + 0.2 * sum(t.boxes)
        return t.value * (0.4 if t.index in layable else 1.0) - 0.5 * worth

    return max(returns, key=lambda a: (burden(a), a.tile))


def _pray_value(st: StateData, seat: int, a: Pray) -> float:
    node = node_at(st, a.x, a.y)
    t = INSTANCES[node]
    got = 2.0 * t.value if t.symbol == "chapel" and not st.simple else float(t.value)
    lost = 0.0
    study = _study(st)
    if _works(t.colour, study):
        lost = 1.0
        if not st.simple and (
            (study and t.symbol == "scriptorium") or (not study and t.symbol == "farm")
        ):
            lost = 2.0 if study else 3.0
    rivals_there = sum(
        1
        for m in range(N_MONKS)
        if st.monk_location[m] == node
        and st.monk_posture[m] == UPRIGHT
        and common.owner(st, m) in _rivals(st, seat)
    )
    return got - lost - 1.3 * _rounds_stuck(st) + 0.5 * rivals_there


def _abbots_house_pays(st: StateData, seat: int) -> bool:
    if st.abbot == seat:
        return False
    house = next(i for i, t in enumerate(INSTANCES) if t.symbol == "abbots_house")
    counts = [0] * st.n
    for m in range(N_MONKS):
        loc = st.monk_location[m]
        if loc in (IN_ABBEY, house) and st.monk_posture[m] == UPRIGHT:
            counts[common.owner(st, m)] += 1
    return all(counts[seat] > counts[s] for s in range(st.n) if s != seat)


def _encourage(st: StateData, seat: int, options: list[Encourage]) -> Encourage | None:
    """A lure: a blessing on a tile where its monks wait for one more builder."""
    if st.blessings[seat] < 3 or scorings_left(st) < 2:
        return None
    best: tuple[float, Encourage] | None = None
    for a in options:
        node = node_at(st, a.x, a.y)
        if st.tile_blessings[node]:
            continue
        boxes = st.tile_box_monks[node]
        if boxes.count(-1) != 1:
            continue
        t = INSTANCES[node]
        waiting = sum(
            t.boxes[b] for b, m in enumerate(boxes) if m >= 0 and common.owner(st, m) == seat
        )
        if waiting >= 3 and (best is None or waiting > best[0]):
            best = (waiting, a)
    return best[1] if best else None


def _keep_value(st: StateData, seat: int, a: Keep) -> float:
    node = node_at(st, a.x, a.y)
    if a.box >= 0:
        return 3.0  # a box kept is progress kept
    return _Reading(st, seat).place_value(node, True) - 0.6


#: the best of ``(value, random tie-break, action)`` is the greatest by the first two
_VALUE_AND_TIE_BREAK: Final = itemgetter(0, 1)


def greedy_action(state: Any, seat: int, rng: Rng) -> Any:
    """A sensible heuristic choice among ``state.legal_actions(seat)``."""
    legal = state.legal_actions(seat)
    st: StateData = state
    if len(legal) == 1:
        return legal[0]
    by: dict[type, list[Any]] = {}
    for a in legal:
        by.setdefault(type(a), []).append(a)

    def best(items: Sequence[Any], key: Callable[[Any], float]) -> Any:
        scored = [(key(a), rng.below(1 << 20), a) for a in items]
        return max(scored, key=_VALUE_AND_TIE_BREAK)[2]

    def pick(options: list[tuple[float, Any]]) -> Any:
        return max([(v, rng.below(1 << 20), a) for v, a in options], key=_VALUE_AND_TIE_BREAK)[2]

    if st.pending:
        if Elect in by:
            values = evaluate(st)
            partner = common.partner_colour(st, seat)

            def elect_value(a: Elect) -> float:
                if a.colour == partner:
                    return 1000.0  # team game: the hour-disc stays in the team
                return -values[common.seat_of_colour(st, a.colour)]  # never the leader

            return best(by[Elect], elect_value)
        if Imprison in by:
            values = evaluate(st)
            mine = st.seat_colour[seat]

            def jail(a: Imprison) -> float:
                if a.colour < 0:
                    return 0.0
                if a.colour == mine or (st.team and a.colour == (mine + 2) % 4):
                    return -5.0
                s = common.seat_of_colour(st, a.colour)
                return 0.5 + values[s] / 10 if s >= 0 else -1.0

            return best(by[Imprison], jail)
        if Return in by:
            return _return_choice(st, seat, by[Return])
        assert st.pending[-1][0] != P_TIE
        return legal[0]
    if st.phase == "brew":
        if Stand in by:
            return by[Stand][0]
        if Keep in by:
            keep = best(by[Keep], lambda a: _keep_value(st, seat, a))
            if _keep_value(st, seat, keep) > 0:
                return keep
        return End()
    if st.phase == "step":
        return _step(st, seat, by, best)
    if st.phase == "score":
        return _score(st, seat, by, best, pick)
    return legal[0]


def _step(st: StateData, seat: int, by: dict[type, list[Any]], best: Any) -> Any:
    moves: list[Move] = by.get(Move, [])
    reading = _Reading(st, seat)
    completing = [
        a
        for a in moves
        if a.dbox >= 0 and st.tile_box_monks[node_at(st, a.dx, a.dy)].count(-1) == 1
    ]
    if completing:
        # a full tile is built this scoring and lets new tiles be laid beside it
        return best(completing, lambda a: _move_value(st, seat, a, reading))
    if Lay in by:
        reach = monk_reach(st, seat)
        lay = best(by[Lay], lambda a: _lay_value(st, seat, a, reach, reading))
        if _lay_value(st, seat, lay, reach, reading) > -1.5:
            return lay
    if moves:
        mv = best(moves, lambda a: _move_value(st, seat, a, reading))
        if _move_value(st, seat, mv, reading) > 0:
            return mv
    if Encourage in by:
        lure = _encourage(st, seat, by[Encourage])
        if lure is not None:
            return lure
    if Exchange in by:
        return Exchange()  # it may return the tile it draws: never worse than ending
    return End()


def _score(
    st: StateData,
    seat: int,
    by: dict[type, list[Any]],
    best: Any,
    pick: Callable[[list[tuple[float, Any]]], Any],
) -> Any:
    if Almonry in by:
        return by[Almonry][0]
    if Workshop in by:
        return by[Workshop][0]  # the drawn tile may go back: never worse than not
    reading = _Reading(st, seat)
    if Lay in by:
        lay = best(by[Lay], lambda a: _lay_value(st, seat, a, None, reading))
        if _lay_value(st, seat, lay, None, reading) > -1.0:
            return lay
    if Library in by:
        swap = best(by[Library], lambda a: _library_value(st, seat, a, reading))
        if _library_value(st, seat, swap, reading) >= 2.0:
            return swap
    if AbbotsHouse in by and _abbots_house_pays(st, seat):
        return by[AbbotsHouse][0]
    if Pray in by:
        pray = best(by[Pray], lambda a: _pray_value(st, seat, a))
        if _pray_value(st, seat, pray) > 0.5:
            return pray
    if Purchase in by:
        return Purchase()
    buys = [*by.get(BuyLetter, []), *by.get(BuyMonk, [])]
    if not buys:
        return End()
    return _buy(st, seat, buys, pick, reading)


# Choices the rules make no better than another legal one ----------------------------------


def free_own_letters(st: StateData, seat: int, buys: Sequence[Any]) -> list[BuyLetter]:
    """Letters for its own track (or the partner's) whose price costs no blessing at all:
    paid from points whose leftover would convert to as many blessings anyway."""
    own = st.seat_colour[seat]
    partner = common.partner_colour(st, seat)
    points = st.scoring_points
    out = []
    for a in buys:
        if isinstance(a, BuyLetter) and a.colour in (own, partner):
            price = common.price(st, seat, a.cell)
            if price <= points and BOARD.convert(points - price) == BOARD.convert(points):
                out.append(a)
    return out


def widen_order(state: Any, seat: int, legal: list[Any]) -> list[Any]:
    """``legal`` best first, the order in which the search's widening opens a large decision.

    Lays and moves are each sorted by the heuristic's value of them; the kinds are then
    taken in turn (the best lay, the best move, ending, exchanging, the first encouragement,
    then the second lay, ...), so the first few opened hold the best of every kind.
    """
    st: StateData = state
    by: dict[type, list[Any]] = {}
    for a in legal:
        by.setdefault(type(a), []).append(a)
    ranked: list[list[Any]] = []
    reading = _Reading(st, seat)
    if Lay in by:
        reach = monk_reach(st, seat) if st.phase == "step" else None
        lays = by.pop(Lay)
        ranked.append(sorted(lays, key=lambda a: -_lay_value(st, seat, a, reach, reading)))
    if Move in by:
        moves = by.pop(Move)
        ranked.append(sorted(moves, key=lambda a: -_move_value(st, seat, a, reading)))
    ranked.extend(by.values())
    out: list[Any] = []
    for i in range(max(len(kind) for kind in ranked)):
        out.extend(kind[i] for kind in ranked if i < len(kind))
    return out


def search_actions(state: Any, seat: int, legal: list[Any]) -> list[Any]:
    """``legal`` without the choices another legal choice is always at least as good as.

    - Symbols: the Almonry's blessing costs nothing, so it comes before anything else; the
      Workshop may give back the tile it draws, so prayer (which ends the symbols) and
      going on to buy wait until it was used.
    - Steps: ending a step while an exchange is possible; the exchange may return the
      tile it drew, and the step goes on.
    - Buying: a rival's monk (it only helps that rival), and ending while a letter for the
      own track costs no blessing (3 at the end), unless it is the board's last letter
      (that ends the game, which is not always better).
    """
    st: StateData = state
    if len(legal) <= 1:
        return legal
    kinds = {type(a) for a in legal}
    out = legal
    if st.phase == "score" and not st.pending:
        if Almonry in kinds:
            return [a for a in legal if isinstance(a, Almonry)]
        if Workshop in kinds:
            out = [a for a in out if not isinstance(a, Pray | Purchase)]
        if BuyMonk in kinds:
            own = st.seat_colour[seat]
            out = [a for a in out if not (isinstance(a, BuyMonk) and a.colour != own)]
        if End in kinds and common.letters_left(st) > 1 and free_own_letters(st, seat, out):
            out = [a for a in out if not isinstance(a, End)]
    elif st.phase == "step" and not st.pending and Exchange in kinds:
        out = [a for a in out if not isinstance(a, End)]
    return out or legal
