"""The view's parts (the engine's ``State.view`` puts them together): what each seat may see
(M-5).

Everyone sees the map, the monks, the Prayer Board, the tracks, how many tiles each seat
holds and every seat's blessings (M-D15: each gain and spend is public, so a player with a
perfect memory knows them). A seat's hand is its own: it stands under ``screen`` in that
seat's view only. Buildings under construction are named only to the seat that laid
them (``hidden.hidden_from``).
"""

from __future__ import annotations

from typing import Any

from monastic.engine import Decision
from monastic.games.monastery import words
from monastic.games.monastery.catalogue import (
    BOARD,
    BOARD_COLUMNS,
    BOARD_ROWS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    INSTANCES,
    MONKS_PER_COLOUR,
    N_MONKS,
)
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.geometry import INST_TYPE, ROT, cell_xy
from monastic.games.monastery.rules.hidden import hidden_from
from monastic.games.monastery.state import (
    CROSS,
    EMPTY_SPACE,
    ENDING_E1,
    ENDING_E2,
    IN_ABBEY,
    LARGE_LETTER,
    NOT_ENDING,
    P_PRISON,
    P_TIE,
    PURCHASE_STAGE,
    R_EXCHANGE,
    R_START,
    R_WORKSHOP,
    SYMBOLS_STAGE,
    StateData,
)

__all__ = ["current_phase", "decision", "phase_text", "public_players", "view_details"]

_EDGE_TEXT = "-PG"
_POSTURE = ("", " praying", " prisoner")
_RETURN_WHY = {R_EXCHANGE: "exchange", R_WORKSHOP: "workshop", R_START: "start hand"}
_ENDING = {NOT_ENDING: "", ENDING_E1: "E1", ENDING_E2: "E2"}
_STAGE = {SYMBOLS_STAGE: "symbols", PURCHASE_STAGE: "purchase"}
#: The decision a seat faces in each phase when none is pending.
_PHASE_DECISION = {"step": "step", "score": "scoring", "brew": "brewhouse"}


def current_phase(st: StateData) -> str:
    return st.phase


def phase_text(st: StateData) -> str:
    return words.phase_text(st.round, common.hour(st), st.phase)


def decision(st: StateData, seat: int) -> Decision:
    pending = _pending(st)
    if pending is not None:
        return Decision(pending["kind"], words.prompt(pending["kind"], pending=pending))
    kind = _PHASE_DECISION.get(st.phase, st.phase)
    return Decision(kind, words.prompt(kind, step=_step(st), scoring=_scoring(st)))


def _player(st: StateData, seat: int) -> dict[str, Any]:
    c = st.seat_colour[seat]
    return {
        "seat": seat,
        "colour": COLOUR_NAMES[c],
        "track_letters": BOARD.tracks[c],
        # capital: large letter, small letter: small side, ".": empty space
        "track": "".join(
            "." if v == EMPTY_SPACE else (ch if v == LARGE_LETTER else ch.lower())
            for ch, v in zip(BOARD.tracks[c], st.tracks[c], strict=True)
        ),
        "hand_size": len(st.hands[seat]),
        # M-D15: every gain and spend is public, so perfect memory knows these counts.
        "blessings": st.blessings[seat],
        "locked_blessings": st.locked_blessings[seat],
    }


def public_players(st: StateData) -> list[dict[str, Any]]:
    return [_player(st, seat) for seat in range(st.n)]


def _place(st: StateData, m: int) -> str:
    loc = st.monk_location[m]
    if loc == CROSS:
        return f"cross {COLOUR_LETTERS[st.monk_cross_row[m]]}"
    if loc == IN_ABBEY:
        return "A"
    x, y = cell_xy(st.tile_cell[loc])
    return f"{x},{y}" if st.monk_box[m] < 0 else f"{x},{y}/{st.monk_box[m]}"


def _tiles(st: StateData, seat: int | None) -> list[dict[str, Any]]:
    tiles = []
    for key, i in sorted((st.tile_cell[i], i) for i in st.laid_order):
        x, y = cell_xy(key)
        t = INSTANCES[i]
        edges = "".join(_EDGE_TEXT[e] for e in ROT[INST_TYPE[i]][st.tile_rotation[i]])
        d: dict[str, Any] = {
            "x": x,
            "y": y,
            "edges": edges,
            "finished": bool(st.tile_finished[i]),
            "category": t.category,
            "colour": t.colour,
            "blessings": st.tile_blessings[i],
        }
        if not st.tile_finished[i]:
            d["boxes"] = list(t.boxes)
            d["box_monks"] = [
                None if m < 0 else COLOUR_LETTERS[m // MONKS_PER_COLOUR]
                for m in st.tile_box_monks[i]
            ]
        if not hidden_from(st, i, seat):
            d.update(
                tile=t.id, name=t.name, value=t.value, symbol=t.symbol, rot=st.tile_rotation[i] * 90
            )
        if st.tile_finished[i]:
            d["built_round"] = st.tile_built_round[i]
        tiles.append(d)
    return tiles


def _prayer_board(st: StateData) -> dict[str, Any]:
    # Rows: "+" cross, capital = large letter, small letter = small side, "." empty.
    rows = []
    for row in range(BOARD_ROWS):
        text = ""
        for col in range(BOARD_COLUMNS):
            cell = row * BOARD_COLUMNS + col
            ch = st.board_letters[cell]
            text += "." if not ch else (ch.lower() if st.board_small_side[cell] else ch)
        rows.append(text)
    crosses = {
        COLOUR_LETTERS[row]: [
            COLOUR_LETTERS[m // MONKS_PER_COLOUR]
            for m in range(N_MONKS)
            if st.monk_location[m] == CROSS and st.monk_cross_row[m] == row
        ]
        for row in range(BOARD_ROWS)
    }
    return {"rows": rows, "crosses": crosses}


def _pending(st: StateData) -> dict[str, Any] | None:
    """The decision due before play goes on (public: who decides and about what)."""
    if not st.pending or st.over:
        return None
    kind, who, context, *rest = st.pending[-1]
    if kind == P_TIE:
        return {
            "kind": "elect",
            "seat": who,
            "candidates": [COLOUR_NAMES[st.seat_colour[s]] for s in rest],
        }
    if kind == P_PRISON:
        return {"kind": "imprison", "seat": who}
    return {"kind": "return", "seat": who, "why": _RETURN_WHY[context]}


def _step(st: StateData) -> dict[str, Any] | None:
    if st.phase != "step" or st.over:
        return None
    return {
        "movement_points": st.movement_points,
        "laid": bool(st.laid_this_step),
        "encouraging": bool(st.encouraging),
    }


def _scoring(st: StateData) -> dict[str, Any] | None:
    if st.phase != "score" or st.over:
        return None
    return {
        "points": st.scoring_points,
        "stage": _STAGE[st.scoring_stage],
        "prayed": bool(st.prayed),
    }


def _screen(st: StateData, seat: int | None) -> dict[str, Any] | None:
    """What lies behind ``seat``'s screen: its hand and blessings (nobody else's)."""
    if seat is None:
        return None
    return {
        "hand": [INSTANCES[t].id for t in st.hands[seat]],
        "blessings": st.blessings[seat],
        "locked_blessings": st.locked_blessings[seat],
    }


def view_details(st: StateData, seat: int | None) -> dict[str, Any]:
    h = common.hour(st)
    monks = {
        COLOUR_NAMES[c]: [
            _place(st, m) + _POSTURE[st.monk_posture[m]]
            for m in range(c * MONKS_PER_COLOUR, (c + 1) * MONKS_PER_COLOUR)
        ]
        for c in st.seat_colour
    }
    return {
        "options": {
            "team": st.team,
            "simple": st.simple,
            "vow_of_silence": st.vow_of_silence,
            "start_hand": st.start_hand,
        },
        "chat_allowed": (not st.vow_of_silence) or h in common.PRAYER_HOURS,
        "round": st.round,
        "day": words.day_of(st.round),
        "hour": h,
        "hour_name": words.HOUR_NAMES.get(h),
        "hour_kind": common.hour_kind(h),
        "abbot": st.abbot,
        "order": st.turn_order[:],
        "screen": _screen(st, seat),
        "tiles": _tiles(st, seat),
        "monks": monks,
        "prayer_board": _prayer_board(st),
        "bag": len(st.bag),
        "blessing_supply": common.supply(st),
        "ending": _ENDING[st.ending],
        "pending": _pending(st),
        "step": _step(st),
        "scoring": _scoring(st),
    }
