"""Who acts now, what they may do, and why an action is not legal."""

from __future__ import annotations

from typing import Any, Final

from monastic.games.monastery.actions import (
    BuyLetter,
    BuyMonk,
    Elect,
    Imprison,
    Lay,
    Move,
    Pray,
    Purchase,
    Return,
)
from monastic.games.monastery.catalogue import COLOUR_NAMES, COLOURS, INSTANCES, TYPE_BY_ID
from monastic.games.monastery.rules import brewhouse, common, scoring, step
from monastic.games.monastery.rules.geometry import cell_key, placement_problem
from monastic.games.monastery.state import (
    IN_ABBEY,
    P_PRISON,
    P_RETURN,
    P_TIE,
    PURCHASE_STAGE,
    SYMBOLS_STAGE,
    StateData,
)

__all__ = ["legal_actions", "to_act", "why_illegal"]


def to_act(st: StateData) -> list[int]:
    seat = acting_seat(st)
    return [] if seat < 0 else [seat]


def acting_seat(st: StateData) -> int:
    """The one seat that decides now, -1 once the game is over."""
    if st.over:
        return -1
    if st.pending:
        return st.pending[-1][1]
    if st.phase == "brew":
        return st.brewers[st.turn]
    return st.turn_order[st.turn]


def legal_actions(st: StateData, seat: int) -> list[Any]:
    if st.over:  # ``acting_seat`` read here: once a decision, a call fewer
        return []
    if st.pending:
        p = st.pending[-1]
        if p[1] != seat:
            return []
        if p[0] == P_TIE:
            return [Elect(st.seat_colour[s]) for s in p[3:]]
        if p[0] == P_PRISON:
            # the colours with a monk in the Abbey, ascending, looked for in C; then none
            prisoners: list[Any] = []
            for c in range(COLOURS):
                if IN_ABBEY in common.locations_of(st, c):
                    prisoners.append(_IMPRISONS[c])
            prisoners.append(_IMPRISONS[-1])
            return prisoners
        ids: set[str] = set()
        for t in st.hands[seat]:  # loops, not comprehensions: each of those is a call
            if INSTANCES[t].owner_colour < 0:
                ids.add(INSTANCES[t].id)
        out: list[Any] = []
        for i in sorted(ids):
            out.append(_RETURNS[i])
        return out
    phase = st.phase
    if phase == "brew":
        return brewhouse.legal(st, seat) if st.brewers[st.turn] == seat else []
    if st.turn_order[st.turn] != seat:
        return []
    if phase == "step":
        return step.legal(st, seat)
    if phase == "score":
        return scoring.legal(st, seat)
    return []


#: one ``Return`` per tile type and one ``Imprison`` per colour (-1: none), made once
#: (actions are frozen values)
_RETURNS: Final = {i: Return(i) for i in TYPE_BY_ID}
_IMPRISONS: Final = {c: Imprison(c) for c in range(-1, COLOURS)}


def why_illegal(st: StateData, seat: int, action: Any) -> str:
    acting = to_act(st)
    if seat not in acting:
        return f"seat {seat} is not to act now"
    what = {"step": "in a step", "score": "in a scoring", "brew": "at the Brewhouse"}
    where = "now" if st.pending else what.get(st.phase, "now")
    base = f"{action} is not legal for {COLOUR_NAMES[st.seat_colour[seat]].capitalize()} {where}"
    reason = _reason(st, seat, action)
    return f"{base}: {reason}" if reason else base


def _reason(st: StateData, seat: int, action: Any) -> str:
    """A sharper reason for the common mistakes."""
    if st.pending:
        kind = {
            P_TIE: "an election tie-break (elect X)",
            P_PRISON: "the Prison Cell (imprison X)",
            P_RETURN: "returning a tile (return X)",
        }[st.pending[-1][0]]
        return f"the decision due is {kind}"
    if isinstance(action, Lay):
        if action.tile not in {INSTANCES[t].id for t in st.hands[seat]}:
            return f"there is no {action.tile} in your hand"
        if st.phase == "step" and st.laid_this_step and not action.stables:
            return "you already laid or exchanged a tile in this step (M-6)"
        if st.phase == "step" and st.encouraging:
            return "encouragement ends the step's laying and moving (M-23)"
        t = TYPE_BY_ID[action.tile]
        if t.owner_colour >= 0 and t.owner_colour != st.seat_colour[seat]:
            return "only its owner may lay a secret passage (M-8)"
        problem = placement_problem(st, t, cell_key(action.x, action.y), action.rot)
        return problem or "that placement is not offered now"
    if isinstance(action, BuyLetter | BuyMonk):
        if st.phase != "score":
            return "letters and monks are bought in a scoring (S5)"
        if st.scoring_stage == SYMBOLS_STAGE:
            return "say 'purchase' first: symbols and prayer come before buying (M-26)"
        if isinstance(action, BuyLetter):
            cost = common.price(st, seat, action.cell)
            if st.board_letters[action.cell] in ("", "+"):
                return "there is no letter on that board cell"
            if scoring.budget(st, seat) < cost:
                return f"it costs {cost}; the budget is {scoring.budget(st, seat)} (M-49, M-50)"
            return "the letter must go on an empty space of the same character (§4.3)"
        return "there is no such monk on that cross, or it is too dear"
    buying = st.phase == "score" and st.scoring_stage == PURCHASE_STAGE
    if isinstance(action, Pray | Purchase) and buying:
        return "prayer and symbols are over once buying has started (M-26)"
    if isinstance(action, Pray):
        return "the monk must be upright and alone on a finished tile not built this round (M-31)"
    if isinstance(action, Move):
        if st.phase != "step":
            return "monks move only in steps"
        left = st.movement_points
        return f"that monk cannot reach that place for exactly its cheapest cost (MP left: {left})"
    return ""
