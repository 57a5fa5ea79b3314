"""Monastery's first heuristic, kept unchanged as a yardstick for the current one.

``classic_greedy_action`` is the greedy player this game shipped with before
``strategy.greedy_action`` (it never uses the Library, the Workshop or the Abbot's House,
never encourages and looks no further than the action at hand). Paired arenas
(``scripts/monastery_paired.py``, spec ``greedy:classic``) measure the current heuristic
against it.
"""

from __future__ import annotations

from typing import Any

from monastic.engine import Rng
from monastic.games.monastery.actions import (
    ABBEY_XY,
    AbbotsHouse,
    Almonry,
    BuyLetter,
    BuyMonk,
    Elect,
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
from monastic.games.monastery.catalogue import ABBEY, INSTANCES, N_MONKS, TYPE_BY_ID
from monastic.games.monastery.heuristic import monk_reach, node_at
from monastic.games.monastery.heuristic_value import scorings_left
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.end import result, testament
from monastic.games.monastery.rules.geometry import OFF, ROT, cell_key, node_edge
from monastic.games.monastery.state import EMPTY_SPACE, IN_ABBEY, UPRIGHT, StateData

__all__ = ["classic_evaluate", "classic_greedy_action"]

#: Roughly what one point earned in a scoring is worth at the end (letters cost ~5.5 for 3).
POINT_VALUE = 0.55


def classic_evaluate(state: Any) -> list[float]:
    """Expected final score per seat: testament now plus a rough value of future scorings."""
    st: StateData = state
    if st.over:
        return list(result(st).scores)
    left = scorings_left(st)
    own = []
    for s in range(st.n):
        t = testament(st, s)["total"]
        upright = sum(
            1
            for m in common.seat_monks(st, s)
            if st.monk_location[m] >= IN_ABBEY and st.monk_posture[m] == UPRIGHT
        )
        letters_free = sum(1 for v in st.tracks[st.seat_colour[s]] if v == EMPTY_SPACE)
        future = min(left * (1.0 + 0.8 * upright) * POINT_VALUE, 3.0 * letters_free + 5)
        # tiles in hand will mostly be laid: count back most of the penalty
        hand_back = 0.7 * sum(INSTANCES[i].value for i in st.hands[s]) * min(1.0, left / 6)
        # points of the scoring in progress are about to become letters or blessings
        pending = (
            st.scoring_points * POINT_VALUE
            if st.phase == "score" and st.turn_order[st.turn] == s
            else 0.0
        )
        own.append(t + future + hand_back + pending)
    if st.team:
        return [
            own[s] + own[common.seat_of_colour(st, (st.seat_colour[s] + 2) % 4)]
            for s in range(st.n)
        ]
    return own


def _place_value(st: StateData, seat: int, node: int) -> float:
    """What standing on a finished node is worth in this round's scoring."""
    h = common.hour(st)
    study = h in common.STUDY_HOURS
    if node == ABBEY:
        return 0.8 if study else 0.1
    t = INSTANCES[node]
    if not st.tile_finished[node] or t.livestock:
        return 0.0
    praying = any(
        st.monk_location[m] == node and st.monk_posture[m] != UPRIGHT for m in range(N_MONKS)
    )
    value = 0.0
    if not praying:
        if (
            t.colour == "dual"
            or (study and t.colour == "grey")
            or (not study and t.colour == "brown")
        ):
            value += 1.0
            if (study and t.symbol == "scriptorium") or (not study and t.symbol == "farm"):
                value += 1.5
        if t.symbol in ("almonry", "stables"):
            value += 0.8
        alone = not any(st.monk_location[m] == node for m in range(N_MONKS))
        if alone and t.value >= 2:
            value += 0.5 * t.value
        if t.symbol == "chapel":
            value += 2.0
    return value


def _move_value(st: StateData, seat: int, a: Move) -> float:
    dest = node_at(st, a.dx, a.dy)
    src = node_at(st, a.sx, a.sy)
    if a.sbox >= 0:
        return -1.0  # never leave a box
    if a.dbox >= 0:
        boxes = st.tile_box_monks[dest]
        empties = boxes.count(-1)
        t = INSTANCES[dest]
        gain = t.boxes[a.dbox] if not t.group else 2.0
        if empties == 1:
            return 6.0 + gain - 0.1 * a.cost
        return 1.5 + 0.3 * gain - 0.2 * empties - 0.1 * a.cost
    return _place_value(st, seat, dest) - _place_value(st, seat, src) - 0.05 * a.cost - 0.2


def _lay_value(
    st: StateData, seat: int, a: Lay, reach: tuple[dict[int, int], int] | None = None
) -> float:
    t = TYPE_BY_ID[a.tile]
    key = cell_key(a.x, a.y)
    value = float(t.value) + 0.2 * sum(t.boxes)
    if t.livestock:
        value += 1.5 * len({st.grid[key + o] for o in OFF if key + o in st.grid})
    elif reach is not None:
        costs, movers = reach
        mine = ROT[t.index][a.rot]
        entry = 99
        for d in range(4):
            node = st.grid.get(key + OFF[d])
            if node is None or node not in costs or not mine[d]:
                continue
            if node_edge(st, node, key, (d + 2) % 4):
                entry = min(entry, costs[node] + 1)
        if entry <= st.movement_points and len(t.boxes) <= movers:
            value += 2.0 + 0.5 * sum(t.boxes)
    # closeness to own upright monks makes completion likelier
    best = 99
    for m in common.seat_monks(st, seat):
        if st.monk_location[m] >= IN_ABBEY and st.monk_posture[m] == UPRIGHT:
            x, y = common.xy_of_node(st, common.node_of(st, m))
            if (x, y) == ABBEY_XY:
                x, y = 1, 0
            best = min(best, abs(x - a.x) + abs(y - a.y))
    return value - 0.3 * best


def _letter_cost(st: StateData, seat: int, a: BuyLetter) -> float:
    return common.price(st, seat, a.cell)


def classic_greedy_action(state: Any, seat: int, rng: Rng) -> Any:
    """A sensible heuristic choice among ``state.legal_actions(seat)``."""
    legal = state.legal_actions(seat)
    st: StateData = state
    if len(legal) == 1:
        return legal[0]
    by: dict[type, list[Any]] = {}
    for a in legal:
        by.setdefault(type(a), []).append(a)

    def best(items: list[Any], key: Any) -> Any:
        scored = [(key(a), rng.below(1 << 20), a) for a in items]
        scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
        return scored[0][2]

    # Decisions outside steps and scorings.
    if Elect in by:
        values = classic_evaluate(st)
        partner = common.partner_colour(st, seat)

        def elect_value(a: Elect) -> float:
            if a.colour == partner:
                return 1000.0  # team game: the hour-disc stays in the team
            return -values[common.seat_of_colour(st, a.colour)]  # never the leader

        return best(by[Elect], elect_value)
    if Imprison in by:
        values = classic_evaluate(st)
        mine = st.seat_colour[seat]

        def jail(a: Imprison) -> float:
            if a.colour < 0:
                return 0.0
            if a.colour == mine or (st.team and a.colour == (mine + 2) % 4):
                return -5.0
            return values[common.seat_of_colour(st, a.colour)] / 10 + 0.5

        return best(by[Imprison], jail)
    if Return in by:
        return best(by[Return], lambda a: TYPE_BY_ID[a.tile].value)
    if Stand in by:
        return by[Stand][0]
    if Keep in by:
        boxes = [a for a in by[Keep] if a.box >= 0]
        if boxes:
            return boxes[0]
        return End()

    if st.phase == "step":
        if Lay in by:
            reach = monk_reach(st, seat)
            lay = best(by[Lay], lambda a: _lay_value(st, seat, a, reach))
            if _lay_value(st, seat, lay, reach) > -2:
                return lay
        moves = by.get(Move, [])
        if moves:
            mv = best(moves, lambda a: _move_value(st, seat, a))
            if _move_value(st, seat, mv) > 0:
                return mv
        if Exchange in by and not any(isinstance(a, Lay) for a in legal):
            hand_v = [INSTANCES[t].value for t in st.hands[seat] if INSTANCES[t].owner_colour < 0]
            if hand_v and max(hand_v) >= 3 and st.movement_points == 0:
                return Exchange()
        # blessings are kept (never spent on encouragement)
        return End()

    if st.phase == "score":
        if Almonry in by:
            return by[Almonry][0]
        if Lay in by:
            return best(by[Lay], lambda a: _lay_value(st, seat, a))
        if Pray in by:

            def pray_value(a: Pray) -> float:
                t = INSTANCES[node_at(st, a.x, a.y)]
                return 6.0 if t.symbol == "chapel" and not st.simple else float(t.value)

            pray = best(by[Pray], pray_value)
            if pray_value(pray) >= 2:
                return pray
        if Purchase in by:
            return Purchase()
        own = st.seat_colour[seat]
        mine_letters = [
            a
            for a in by.get(BuyLetter, [])
            if a.colour == own or (st.team and a.colour == (own + 2) % 4)
        ]
        if mine_letters:
            return best(mine_letters, lambda a: -_letter_cost(st, seat, a))
        monks = [a for a in by.get(BuyMonk, []) if a.colour == own]
        inside = sum(1 for m in common.seat_monks(st, seat) if st.monk_location[m] >= IN_ABBEY)
        if monks and inside < 4:
            return best(monks, lambda a: -a.row)
        return End()
    for kind in (End, Purchase, Workshop, AbbotsHouse, Library):
        if kind in by:
            return by[kind][0]
    return legal[0]
