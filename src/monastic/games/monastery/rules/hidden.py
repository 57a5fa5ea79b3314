"""What a seat cannot know (M-5) and determinization: a world resampled for that seat."""

from __future__ import annotations

import random
from typing import TypeVar

from monastic.engine import Rng, as_rng
from monastic.games.monastery.catalogue import INSTANCES, N_MONKS
from monastic.games.monastery.rules.geometry import INST_TYPE, ROT
from monastic.games.monastery.state import StateData

__all__ = ["determinize", "hidden_from"]

S = TypeVar("S", bound=StateData)


def hidden_from(st: StateData, inst: int, seat: int | None) -> bool:
    """M-5: the identity of a uc building is known only to its layer."""
    return (
        not st.tile_finished[inst]
        and INSTANCES[inst].category == "building"
        and st.tile_laid_by[inst] != seat
    )


def determinize(st: S, seat: int, rng: random.Random | Rng | int) -> S:
    """Resample other hands, the bag and hidden uc identities (blessing counts are public)."""
    r = as_rng(rng)
    new = st.clone()
    new.rng = Rng(r.next64())
    # Unknown slots: uc buildings laid by others, others' non-passage hand tiles, the bag.
    uc = sorted(i for i in st.laid_order if hidden_from(st, i, seat))
    hands = {
        s: [t for t in st.hands[s] if INSTANCES[t].owner_colour < 0]
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
    saved = {
        a: (
            st.tile_cell[a],
            st.tile_rotation[a],
            st.tile_laid_by[a],
            st.tile_blessings[a],
            st.tile_box_monks[a][:],
        )
        for a in uc
    }
    for a in perm:
        new.tile_cell[a] = -1
        new.tile_rotation[a] = 0
        new.tile_finished[a] = 0
        new.tile_built_round[a] = 0
        new.tile_laid_by[a] = -1
        new.tile_blessings[a] = 0
        new.tile_box_monks[a] = [-1] * len(INSTANCES[a].boxes)
    for a in uc:
        b = perm[a]
        key, rot, layer, bl, box = saved[a]
        edges = ROT[INST_TYPE[a]][rot]
        new.tile_cell[b] = key
        new.tile_rotation[b] = next(q for q in range(4) if ROT[INST_TYPE[b]][q] == edges)
        new.tile_laid_by[b] = layer
        new.tile_blessings[b] = bl
        new.tile_box_monks[b] = box
        new.grid[key] = b
    for m in range(N_MONKS):
        if st.monk_location[m] in saved:
            new.monk_location[m] = perm[st.monk_location[m]]
    new.laid_order = [perm.get(i, i) if i in saved else i for i in st.laid_order]
    # Others' knowledge of their returns follows the slot; the seat's own stays exact.
    new.returned_tiles = [
        [e[0], e[1] if e[0] == seat else perm.get(e[1], e[1]), e[2]] for e in st.returned_tiles
    ]
    for s, h in hands.items():
        passages = [t for t in st.hands[s] if INSTANCES[t].owner_colour >= 0]
        new.hands[s] = sorted([perm[t] for t in h] + passages)
    new.bag = sorted(perm[t] for t in st.bag)
    # The layout depends only on the laid tiles: it stands unless hidden ones changed
    # identity, and a world with those identities was most likely sampled before.
    layout = st._layout
    if layout is not None and layout.laid == len(st.laid_order) and uc:
        layout = layout.variant(new)
    new._layout = layout
    new._legal_cache = None
    new._occupancy = None
    # Blessing counts stay as they are: they are public (M-D15).
    return new


def _respect_returns(st: StateData, seat: int, perm: dict[int, int], uc: list[int], r: Rng) -> None:
    """Keep each tile ``seat`` put back where it may be: the bag, or (hands or hidden uc tiles
    of) the players who drew since. A misplaced one swaps with a random fitting bag tile."""
    constrained = {}
    for who, tile, mask in st.returned_tiles:
        if who != seat or tile not in perm.values():
            continue  # laid in view, or back in the seat's own hand: known
        constrained[tile] = mask
    if not constrained:
        return
    slot_of = {new: old for old, new in perm.items()}
    in_bag = set(st.bag)
    hand_of = {t: s for s in range(st.n) for t in st.hands[s]}
    uc_set = set(uc)

    def allowed(tile: int, old: int) -> bool:
        mask = constrained.get(tile)
        if mask is None or old in in_bag:
            return True
        owner = st.tile_laid_by[old] if old in uc_set else hand_of[old]
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
