"""Per-seat views (M-5) and determinization."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar

from monastic.engine import Rng, as_rng
from monastic.games.monastery import core
from monastic.games.monastery.catalogue import (
    BOARD,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    INSTANCES,
    instance_name,
)
from monastic.games.monastery.geometry import INST_TYPE, ROT, cell_xy
from monastic.games.monastery.state import P_PRISON, P_TIE, R_EXCHANGE, R_START, R_WORKSHOP

if TYPE_CHECKING:
    from monastic.games.monastery.state import MonasteryState

S = TypeVar("S", bound="MonasteryState")

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


def hidden_from(st: MonasteryState, inst: int, seat: int | None) -> bool:
    """M-5: the identity of a uc building is known only to its layer."""
    return not st.tfin[inst] and INSTANCES[inst].category == "building" and st.tlayer[inst] != seat


def _place(st: MonasteryState, m: int) -> str:
    loc = st.mloc[m]
    if loc == core.CROSS:
        return f"cross {COLOUR_LETTERS[st.mcross[m]]}"
    if loc == core.IN_ABBEY:
        return "A"
    x, y = cell_xy(st.tpos[loc])
    return f"{x},{y}" if st.mbox[m] < 0 else f"{x},{y}/{st.mbox[m]}"


def view(st: MonasteryState, seat: int | None) -> dict[str, Any]:
    h = core.hour(st)
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
            COLOUR_LETTERS[m // 5]
            for m in range(20)
            if st.mloc[m] == core.CROSS and st.mcross[m] == row
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
        "chat_allowed": (not st.silence) or h in core.PRAYER_HOURS,
        "round": st.round,
        "day": (st.round - 1) // 10 + 1,
        "hour": h,
        "hour_name": _HOUR_NAME.get(h),
        "hour_kind": _HOUR_KIND[h],
        "abbot": st.abbot,
        "order": st.order[:],
        "phase": st.phase,
        "to_act": st.to_act(),
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
        out["result"] = st.result().to_dict()
    return out


_RETURN_WHY = {R_EXCHANGE: "exchange", R_WORKSHOP: "workshop", R_START: "start hand"}


def _decision(st: S) -> dict[str, Any]:
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


def determinize(st: S, seat: int, rng: random.Random | Rng | int) -> S:
    """Resample other hands, the bag, hidden uc identities and others' blessing counts."""
    r = as_rng(rng)
    new = st.clone()
    new.rng = Rng(r.next64())
    # Unknown slots: uc buildings laid by others, others' non-passage hand tiles, the bag.
    uc = sorted(i for i in st.laid_order if hidden_from(st, i, seat))
    hands = {
        s: [t for t in st.hand[s] if INSTANCES[t].owner_colour < 0]
        for s in range(st.n)
        if s != seat
    }
    pool = sorted(uc + [t for h in hands.values() for t in h] + st.bag)
    perm: dict[int, int] = {}
    for a in uc:
        looks = INSTANCES[a].looks
        cands = [t for t in pool if INSTANCES[t].looks == looks]
        b = cands[r.below(len(cands))]
        pool.remove(b)
        perm[a] = b
    r.shuffle(pool)
    for s in sorted(hands):
        for t in hands[s]:
            perm[t] = pool.pop()
    for t in st.bag:
        perm[t] = pool.pop()
    _respect_returns(st, seat, perm, uc, r)
    # Rewrite the laid uc slots under their new identities.
    saved = {a: (st.tpos[a], st.trot[a], st.tlayer[a], st.tbless[a], st.tbox[a][:]) for a in uc}
    for a in perm:
        new.tpos[a] = -1
        new.trot[a] = 0
        new.tfin[a] = 0
        new.tbuilt[a] = 0
        new.tlayer[a] = -1
        new.tbless[a] = 0
        new.tbox[a] = [-1] * len(INSTANCES[a].boxes)
    for a in uc:
        b = perm[a]
        key, rot, layer, bl, box = saved[a]
        edges = ROT[INST_TYPE[a]][rot]
        new.tpos[b] = key
        new.trot[b] = next(q for q in range(4) if ROT[INST_TYPE[b]][q] == edges)
        new.tlayer[b] = layer
        new.tbless[b] = bl
        new.tbox[b] = box
        new.grid[key] = b
    for m in range(20):
        if st.mloc[m] in saved:
            new.mloc[m] = perm[st.mloc[m]]
    new.laid_order = [perm.get(i, i) if i in saved else i for i in st.laid_order]
    # Others' knowledge of their returns follows the slot; the seat's own stays exact.
    new.returned = [
        [e[0], e[1] if e[0] == seat else perm.get(e[1], e[1]), e[2]] for e in st.returned
    ]
    for s, h in hands.items():
        passages = [t for t in st.hand[s] if INSTANCES[t].owner_colour >= 0]
        new.hand[s] = sorted([perm[t] for t in h] + passages)
    new.bag = sorted(perm[t] for t in st.bag)
    new._adj = None
    new._pcache = None
    new._lcache = None
    # Others' blessings: keep their total (the supply is on the table), spread it anew.
    others = [s for s in range(st.n) if s != seat]
    total = sum(st.bless[s] for s in others)
    counts = [0] * len(others)
    for _ in range(total):
        counts[r.below(len(others))] += 1
    for s, c in zip(others, counts, strict=True):
        new.bless[s] = c
        new.locked[s] = min(new.locked[s], c)
    return new


def _respect_returns(
    st: MonasteryState, seat: int, perm: dict[int, int], uc: list[int], r: Rng
) -> None:
    """Keep each tile ``seat`` put back where it may be: the bag, or (hands or hidden uc tiles
    of) the players who drew since. A misplaced one swaps with a random fitting bag tile."""
    constrained = {}
    for who, tile, mask in st.returned:
        if who != seat or tile not in perm.values():
            continue  # laid in view, or back in the seat's own hand: known
        constrained[tile] = mask
    if not constrained:
        return
    slot_of = {new: old for old, new in perm.items()}
    in_bag = set(st.bag)
    hand_of = {t: s for s in range(st.n) for t in st.hand[s]}
    uc_set = set(uc)

    def allowed(tile: int, old: int) -> bool:
        mask = constrained.get(tile)
        if mask is None or old in in_bag:
            return True
        owner = st.tlayer[old] if old in uc_set else hand_of[old]
        return bool(mask >> owner & 1)

    for tile in sorted(constrained):
        old = slot_of[tile]
        if allowed(tile, old):
            continue
        looks = INSTANCES[tile].looks
        cands = [
            b
            for b in sorted(in_bag)
            if perm[b] not in constrained
            and (old not in uc_set or INSTANCES[perm[b]].looks == looks)
        ]
        if not cands:
            continue
        b = cands[r.below(len(cands))]
        perm[old], perm[b] = perm[b], perm[old]
        slot_of[perm[old]] = old
        slot_of[perm[b]] = b


__all__ = ["determinize", "hidden_from", "instance_name", "view"]
