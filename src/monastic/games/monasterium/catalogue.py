"""Monasterium component data (spec Appendix A), loaded once into frozen tables.

Indices used everywhere in the engine:

- goods: 0 Influence, 1 Soup, 2 Rosary, 3 Tool, 4 Book;
- monasteries: 0 RED, 1 GRN, 2 BLU, 3 YEL, 4 PUR;
- destinations: building ``m*6+i`` (0..29), cloister space ``30+m*6+k`` (30..59),
  chapel ``60+m`` (60..64);
- slots: ``row*5+col`` with row 0..3 (I..IV) and col 0..4 (columns 1..5);
- road spaces 1..20 (index 0 unused in the road tables).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

_RAW: dict[str, Any] = json.loads(
    resources.files("monastic.games.monasterium")
    .joinpath("data/monasterium.json")
    .read_text(encoding="utf-8")
)
DATA = MappingProxyType(_RAW)

GOODS = ("influence", "soup", "rosary", "tool", "book")
GOOD_INDEX = MappingProxyType({name: i for i, name in enumerate(GOODS)})
INFLUENCE, SOUP, ROSARY, TOOL, BOOK = range(5)

MON_IDS = tuple(m["id"] for m in _RAW["monasteries"])
MON_NAMES = tuple(m["name"] for m in _RAW["monasteries"])
MON_INDEX = MappingProxyType({name: i for i, name in enumerate(MON_IDS)})

MONASTERIES = len(MON_IDS)
ROW_NAMES = ("I", "II", "III", "IV")

# Buildings -------------------------------------------------------------------------------
BUILDING_TYPE = tuple(t for m in _RAW["monasteries"] for t in m["buildings"])
BUILDING_GOOD = tuple(GOOD_INDEX[_RAW["building_good"][t]] for t in BUILDING_TYPE)
BUILDING_VP = tuple(int(_RAW["building_reward"][t]["vp"]) for t in BUILDING_TYPE)
BUILDING_REWARD_GOOD = tuple(
    GOOD_INDEX[_RAW["building_reward"][t]["good"]] if "good" in _RAW["building_reward"][t] else -1
    for t in BUILDING_TYPE
)
BUILDING_TILE = tuple("window" in _RAW["building_reward"][t] for t in BUILDING_TYPE)
#: Buildings (and cloister spaces) per monastery.
SPACES_PER_MONASTERY = len(_RAW["monasteries"][0]["buildings"])
BUILDINGS = len(BUILDING_TYPE)
#: The buildings (and cloister spaces) of each monastery, by index.
MONASTERY_SPACES = tuple(
    range(m * SPACES_PER_MONASTERY, (m + 1) * SPACES_PER_MONASTERY) for m in range(MONASTERIES)
)
#: The first cloister space and the first chapel among the destinations.
CLOISTER0 = BUILDINGS
CHAPEL0 = 2 * BUILDINGS


def _cloister_adj() -> tuple[tuple[int, int], ...]:
    out = []
    for m in range(5):
        for k in range(6):
            a, b = _RAW["cloister_adjacency"][f"K{k + 1}"]
            out.append((m * 6 + int(a[1:]) - 1, m * 6 + int(b[1:]) - 1))
    return tuple(out)


#: For cloister space index j (0..29), the two adjacent building indices.
CLOISTER_ADJ = _cloister_adj()

DEST_NAMES = (
    tuple(f"{MON_IDS[d // 6]}-B{d % 6 + 1}" for d in range(30))
    + tuple(f"{MON_IDS[d // 6]}-K{d % 6 + 1}" for d in range(30))
    + tuple(f"{m}-CH" for m in MON_IDS)
)
DEST_INDEX = MappingProxyType({name: i for i, name in enumerate(DEST_NAMES)})

# Slots and novices -----------------------------------------------------------------------
#: Action columns 1..5: one standard action each.
COLUMNS = len(_RAW["standard"])
SLOT_IDS = tuple(f"{r}-{c + 1}" for r in ROW_NAMES for c in range(COLUMNS))
SLOT_INDEX = MappingProxyType({name: i for i, name in enumerate(SLOT_IDS)})
SLOTS = len(SLOT_IDS)
EXTRA_IDS = tuple(f"X-{r}" for r in ROW_NAMES)
#: Novice ids: slots 0..19, extras 20..23.
NOVICE_IDS = SLOT_IDS + EXTRA_IDS
#: The novice index of the first extra novice (X-I).
EXTRA0 = SLOTS
ROWS = len(ROW_NAMES)
#: Row IV: sending its novices flips the action tiles; its first slot's index.
FLIP_ROW = ROWS - 1
FIRST_FLIP_SLOT = FLIP_ROW * COLUMNS
NOVICE_INDEX = MappingProxyType({name: i for i, name in enumerate(NOVICE_IDS)})


@dataclass(frozen=True, slots=True)
class Effect:
    """An action's effect: one of send, take, choose, move, window, flip, any."""

    kind: str
    goods: tuple[int, ...] = ()
    pay: int = -1
    get: int = -1
    ignore_access: bool = False
    discount: int = 0
    move_min: int = 0
    move_max: int = 0


def _effect(raw: dict[str, Any]) -> Effect:
    if "send" in raw:
        spec = raw["send"]
        return Effect(
            "send",
            ignore_access=bool(spec.get("ignore_access", False)),
            discount=int(spec.get("influence_discount", 0)),
        )
    if "choose" in raw:
        return Effect("choose", goods=tuple(GOOD_INDEX[g] for g in raw["choose"]))
    if "take" in raw:
        goods = tuple(GOOD_INDEX[g] for g in raw["take"])
        if "may_exchange" in raw:
            ex = raw["may_exchange"]
            return Effect("take", goods, GOOD_INDEX[ex["pay"]], GOOD_INDEX[ex["get"]])
        return Effect("take", goods)
    if "move" in raw:
        move = raw["move"]
        lo, hi = (move, move) if isinstance(move, int) else (move[0], move[1])
        return Effect("move", move_min=int(lo), move_max=int(hi))
    if "window" in raw:
        return Effect("window")
    if "flip_tile" in raw:
        return Effect("flip")
    if "any_action" in raw:
        return Effect("any")
    raise ValueError(f"unknown effect {raw!r}")


#: Standard action of column c (0..4).
STANDARD = tuple(_effect(_RAW["standard"][str(c + 1)]) for c in range(5))
#: Effect of slot index s (0..19).
SLOT_EFFECT = tuple(_effect(_RAW["slots"][sid]) for sid in SLOT_IDS)

# Setup -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Setup:
    """Player-count dependent numbers (spec §2, §10)."""

    players: int
    neutral: int
    tiles_per_monastery: int
    chapel_cap: int
    blocked_buildings: tuple[int, ...]
    blocked_cloisters: tuple[int, ...]


def _setup(p: int) -> Setup:
    raw = _RAW["players"][str(p)]
    bb = tuple(int(x[1:]) - 1 for x in raw["blocked"] if x[0] == "B")
    bk = tuple(int(x[1:]) - 1 for x in raw["blocked"] if x[0] == "K")
    return Setup(
        p,
        int(raw["neutral"]),
        int(raw["tiles_per_monastery"]),
        int(raw["chapel_cap"]),
        tuple(m * 6 + i for m in range(5) for i in bb),
        tuple(m * 6 + k for m in range(5) for k in bk),
    )


PLAYER_SETUP = MappingProxyType({p: _setup(p) for p in (2, 3, 4)})
SUPPLY = tuple(int(_RAW["supply"][g]) for g in GOODS)

# Send costs (§5.1) -----------------------------------------------------------------------
_COST = _RAW["send_cost"]
#: Rows I and II: the Influence and the count of the building's good a send pays.
BUILDING_SEND_INFLUENCE = (int(_COST["I"]["influence"]), int(_COST["II"]["influence"]))
BUILDING_SEND_GOODS = (int(_COST["I"]["building_good"]), int(_COST["II"]["building_good"]))
#: Row III's Influence and row IV's Rosary, by the row's sends made before.
CHAPEL_SEND_INFLUENCE = tuple(int(v) for v in _COST["III"]["influence_by_earlier_row_III_sends"])
CLOISTER_SEND_ROSARY = tuple(int(v) for v in _COST["IV"]["rosary_by_earlier_row_IV_sends"])
START_GOODS = tuple(int(_RAW["start_goods"].get(g, 0)) for g in GOODS)
YEARS = int(_RAW["years"])
#: A die's faces; one dice field per face, F1..F6 (F6 holds the jokers).
DIE_FACES = 6
FIELDS = DIE_FACES
PERSONAL_START = int(_RAW["personal_dice"]["start"])
PERSONAL_MAX = int(_RAW["personal_dice"]["max"])
PERSONAL_DIE_VP = int(_RAW["personal_die_alternative_vp"])

# Road ------------------------------------------------------------------------------------
ROAD_LINKS: tuple[tuple[int, ...], ...] = (
    (),
    *(tuple(MON_INDEX[m] for m in s["links"]) for s in _RAW["road"]),
)
ROAD_BONUS: tuple[str | None, ...] = (None, *(s["bonus"] for s in _RAW["road"]))
ROAD_LEN = len(_RAW["road"])

# Window ----------------------------------------------------------------------------------
ROW_BONUS = tuple(_effect(b) for b in _RAW["window"]["row_bonus"])
ROW_VP = tuple(int(v) for v in _RAW["window"]["row_vp"])
COL_BONUS = tuple(_effect(b) for b in _RAW["window"]["col_bonus"])
COL_VP = tuple(int(v) for v in _RAW["window"]["col_vp"])
WINDOW_ROWS = len(ROW_BONUS)
WINDOW_COLUMNS = len(COL_BONUS)

# Missions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mission:
    """A mission card: A/B need three (monastery, area) pairs; C a count of something."""

    id: str
    name: str
    category: str
    needs: tuple[tuple[int, str], ...] = ()
    vp_by_year: tuple[int, ...] = ()
    condition: str = ""
    count: int = 0
    vp: int = 0

    def points(self, year: int) -> int:
        """The VP for claiming this card in ``year`` (1..3)."""
        return self.vp_by_year[year - 1] if self.vp_by_year else self.vp


def _missions() -> tuple[Mission, ...]:
    out = []
    for cat in ("A", "B"):
        block = _RAW["missions"][cat]
        for mid, card in block["cards"].items():
            needs = tuple((MON_INDEX[n.split()[0]], n.split()[1]) for n in card["needs"])
            out.append(
                Mission(mid, card["name"], cat, needs, tuple(int(v) for v in block["vp_by_year"]))
            )
    for mid, card in _RAW["missions"]["C"].items():
        out.append(
            Mission(
                mid,
                card["name"],
                "C",
                condition=card["condition"],
                count=int(card["count"]),
                vp=int(card["vp"]),
            )
        )
    return tuple(out)


MISSIONS = _missions()
MISSION_CATEGORIES = ("A", "B", "C")
#: Setup draws this many cards of each category (§2 step 6).
MISSIONS_PER_CATEGORY = 2
MISSION_IDS = tuple(m.id for m in MISSIONS)
MISSION_BY_ID = MappingProxyType({m.id: m for m in MISSIONS})

_FINAL = _RAW["final"]
MAJORITY_VP = int(_FINAL["majority_vp"])
CHAPEL_SPREAD = tuple(int(v) for v in _FINAL["chapel_spread"])
CLOISTER_CHAPEL_MULT = int(_FINAL["cloister_chapel_multiplier"])
TOOL_VP = int(_FINAL["goods"]["tool"])
BOOK_VP = int(_FINAL["goods"]["book"])
BASIC_DIVISOR = int(_FINAL["goods"]["basic_divisor"])
