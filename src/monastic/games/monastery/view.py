"""Per-seat views: what each seat may see (M-5)."""

from __future__ import annotations

from typing import Any

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
from monastic.games.monastery.rules.end import result
from monastic.games.monastery.rules.geometry import INST_TYPE, ROT, cell_xy
from monastic.games.monastery.rules.hidden import hidden_from
from monastic.games.monastery.rules.legal import to_act
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

_EDGE_TEXT = "-PG"
_HOUR_KIND = {
    1: "prayer",
    5: "prayer",
    8: "prayer",
    10: "night",
    2: "study",
    6: "study",
    9: "study",
    3: "toil",
    4: "toil",
    7: "toil",
}
_HOUR_NAME = {1: "Matins", 5: "Sext", 8: "Vespers", 10: "Night"}


def _place(st: StateData, m: int) -> str:
    loc = st.monk_location[m]
    if loc == CROSS:
        return f"cross {COLOUR_LETTERS[st.monk_cross_row[m]]}"
    if loc == IN_ABBEY:
        return "A"
    x, y = cell_xy(st.tile_cell[loc])
    return f"{x},{y}" if st.monk_box[m] < 0 else f"{x},{y}/{st.monk_box[m]}"


def view(st: StateData, seat: int | None) -> dict[str, Any]:
    h = common.hour(st)
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
    posture = ("", " praying", " prisoner")
    monks = {
        COLOUR_NAMES[c]: [
            _place(st, m) + posture[st.monk_posture[m]]
            for m in range(c * MONKS_PER_COLOUR, (c + 1) * MONKS_PER_COLOUR)
        ]
        for c in st.seat_colour
    }
    # Prayer Board rows: "+" cross, capital = large letter, small letter = small side, "." empty.
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
    players = []
    for s in range(st.n):
        c = st.seat_colour[s]
        p: dict[str, Any] = {
            "seat": s,
            "colour": COLOUR_NAMES[c],
            "track_letters": BOARD.tracks[c],
            # capital: large letter, small letter: small side, ".": empty space
            "track": "".join(
                "." if v == EMPTY_SPACE else (ch if v == LARGE_LETTER else ch.lower())
                for ch, v in zip(BOARD.tracks[c], st.tracks[c], strict=True)
            ),
            "hand_size": len(st.hands[s]),
        }
        if seat == s:
            p["hand"] = [INSTANCES[t].id for t in st.hands[s]]
            p["blessings"] = st.blessings[s]
            p["locked_blessings"] = st.locked_blessings[s]
        players.append(p)
    out: dict[str, Any] = {
        "game": "monastery",
        "seat": seat,
        "options": {
            "team": st.team,
            "simple": st.simple,
            "vow_of_silence": st.vow_of_silence,
            "start_hand": st.start_hand,
        },
        "chat_allowed": (not st.vow_of_silence) or h in common.PRAYER_HOURS,
        "round": st.round,
        "day": (st.round - 1) // common.HOURS_PER_DAY + 1,
        "hour": h,
        "hour_name": _HOUR_NAME.get(h),
        "hour_kind": _HOUR_KIND[h],
        "abbot": st.abbot,
        "order": st.turn_order[:],
        "phase": st.phase,
        "to_act": to_act(st),
        "players": players,
        "tiles": tiles,
        "monks": monks,
        "prayer_board": {"rows": rows, "crosses": crosses},
        "bag": len(st.bag),
        "ending": {NOT_ENDING: "", ENDING_E1: "E1", ENDING_E2: "E2"}[st.ending],
        "over": bool(st.over),
    }
    if st.pending and not st.over:
        out["decision"] = _decision(st)
    if st.phase == "step" and not st.over:
        out["step"] = {
            "movement_points": st.movement_points,
            "laid": bool(st.laid_this_step),
            "encouraging": bool(st.encouraging),
        }
    if st.phase == "score" and not st.over:
        out["scoring"] = {
            "points": st.scoring_points,
            "stage": {SYMBOLS_STAGE: "symbols", PURCHASE_STAGE: "purchase"}[st.scoring_stage],
            "prayed": bool(st.prayed),
        }
    if st.over:
        out["result"] = result(st).to_dict()
    return out


_RETURN_WHY = {R_EXCHANGE: "exchange", R_WORKSHOP: "workshop", R_START: "start hand"}


def _decision(st: StateData) -> dict[str, Any]:
    """The decision due before play goes on (public: who decides and about what)."""
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


__all__ = ["view"]
