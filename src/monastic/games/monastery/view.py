"""Per-seat views: what each seat may see (M-5)."""

from __future__ import annotations

from typing import Any

from monastic.games.monastery.catalogue import BOARD, COLOUR_LETTERS, COLOUR_NAMES, INSTANCES
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.end import result
from monastic.games.monastery.rules.geometry import INST_TYPE, ROT, cell_xy
from monastic.games.monastery.rules.hidden import hidden_from
from monastic.games.monastery.rules.legal import to_act
from monastic.games.monastery.state import (
    CROSS,
    IN_ABBEY,
    P_PRISON,
    P_TIE,
    R_EXCHANGE,
    R_START,
    R_WORKSHOP,
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
    loc = st.mloc[m]
    if loc == CROSS:
        return f"cross {COLOUR_LETTERS[st.mcross[m]]}"
    if loc == IN_ABBEY:
        return "A"
    x, y = cell_xy(st.tpos[loc])
    return f"{x},{y}" if st.mbox[m] < 0 else f"{x},{y}/{st.mbox[m]}"


def view(st: StateData, seat: int | None) -> dict[str, Any]:
    h = common.hour(st)
    tiles = []
    for key, i in sorted((st.tpos[i], i) for i in st.laid_order):
        x, y = cell_xy(key)
        t = INSTANCES[i]
        edges = "".join(_EDGE_TEXT[e] for e in ROT[INST_TYPE[i]][st.trot[i]])
        d: dict[str, Any] = {
            "x": x,
            "y": y,
            "edges": edges,
            "finished": bool(st.tfin[i]),
            "category": t.category,
            "colour": t.colour,
            "blessings": st.tbless[i],
        }
        if not st.tfin[i]:
            d["boxes"] = list(t.boxes)
            d["box_monks"] = [None if m < 0 else COLOUR_LETTERS[m // 5] for m in st.tbox[i]]
        if not hidden_from(st, i, seat):
            d.update(tile=t.id, name=t.name, value=t.value, symbol=t.symbol, rot=st.trot[i] * 90)
        if st.tfin[i]:
            d["built_round"] = st.tbuilt[i]
        tiles.append(d)
    posture = ("", " praying", " prisoner")
    monks = {
        COLOUR_NAMES[c]: [_place(st, m) + posture[st.mstate[m]] for m in range(c * 5, c * 5 + 5)]
        for c in st.colour
    }
    # Prayer Board rows: "+" cross, capital = large letter, small letter = small side, "." empty.
    rows = []
    for row in range(4):
        text = ""
        for col in range(10):
            cell = row * 10 + col
            ch = st.bchar[cell]
            text += "." if not ch else (ch.lower() if st.bsmall[cell] else ch)
        rows.append(text)
    crosses = {
        COLOUR_LETTERS[row]: [
            COLOUR_LETTERS[m // 5] for m in range(20) if st.mloc[m] == CROSS and st.mcross[m] == row
        ]
        for row in range(4)
    }
    players = []
    for s in range(st.n):
        c = st.colour[s]
        p: dict[str, Any] = {
            "seat": s,
            "colour": COLOUR_NAMES[c],
            "track_letters": BOARD.tracks[c],
            # capital: large letter, small letter: small side, ".": empty space
            "track": "".join(
                "." if v == 0 else (ch if v == 1 else ch.lower())
                for ch, v in zip(BOARD.tracks[c], st.track[c], strict=True)
            ),
            "hand_size": len(st.hand[s]),
        }
        if seat == s:
            p["hand"] = [INSTANCES[t].id for t in st.hand[s]]
            p["blessings"] = st.bless[s]
            p["locked_blessings"] = st.locked[s]
        players.append(p)
    out: dict[str, Any] = {
        "game": "monastery",
        "seat": seat,
        "options": {
            "team": st.team,
            "simple": st.simple,
            "vow_of_silence": st.silence,
            "start_hand": st.start_hand,
        },
        "chat_allowed": (not st.silence) or h in common.PRAYER_HOURS,
        "round": st.round,
        "day": (st.round - 1) // 10 + 1,
        "hour": h,
        "hour_name": _HOUR_NAME.get(h),
        "hour_kind": _HOUR_KIND[h],
        "abbot": st.abbot,
        "order": st.order[:],
        "phase": st.phase,
        "to_act": to_act(st),
        "players": players,
        "tiles": tiles,
        "monks": monks,
        "prayer_board": {"rows": rows, "crosses": crosses},
        "bag": len(st.bag),
        "ending": ["", "E1", "E2"][st.ending],
        "over": bool(st.over),
    }
    if st.pending and not st.over:
        out["decision"] = _decision(st)
    if st.phase == "step" and not st.over:
        out["step"] = {
            "movement_points": st.mp,
            "laid": bool(st.did_lay),
            "encouraging": bool(st.encouraging),
        }
    if st.phase == "score" and not st.over:
        out["scoring"] = {
            "points": st.pts,
            "stage": ("symbols", "purchase")[st.sstage],
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
            "candidates": [COLOUR_NAMES[st.colour[s]] for s in rest],
        }
    if kind == P_PRISON:
        return {"kind": "imprison", "seat": who}
    return {"kind": "return", "seat": who, "why": _RETURN_WHY[context]}


__all__ = ["view"]
