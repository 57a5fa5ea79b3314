"""Setup (§2): missions, goods, dice, board, and the first roll."""

from __future__ import annotations

from monastic.engine import Rng
from monastic.games.monasterium.catalogue import (
    BUILDINGS,
    EXTRA_IDS,
    FIELDS,
    GOODS,
    MISSION_CATEGORIES,
    MISSIONS,
    MISSIONS_PER_CATEGORY,
    MONASTERIES,
    PERSONAL_START,
    PLAYER_SETUP,
    SLOTS,
    START_GOODS,
    SUPPLY,
)
from monastic.games.monasterium.rules.flow import settle
from monastic.games.monasterium.state import (
    BLOCKED,
    EMPTY,
    EXTRA_LOCKED,
    PHASE_PLACE,
    StateData,
)


def set_up(s: StateData, seed: int) -> None:
    """Fill a fresh state (``StateData(players)``) as §2 describes, up to the first
    placement decision."""
    n = s.n
    setup = PLAYER_SETUP[n]
    s.rng = Rng(seed)
    s.start_player = s.rng.below(n)
    missions: list[str] = []
    for cat in MISSION_CATEGORIES:
        ids = [m.id for m in MISSIONS if m.category == cat]
        s.rng.shuffle(ids)
        missions.extend(sorted(ids[:MISSIONS_PER_CATEGORY]))
    s.missions = missions
    s.phase = PHASE_PLACE
    s.round = 1
    s.current = s.start_player
    s.personal_dice = [PERSONAL_START] * n
    s.held_personal = [PERSONAL_START] * n
    s.held_neutral = [setup.neutral] * n
    s.rolled_personal = None
    s.rolled_neutral = []
    s.dice_fields = [[0] * (n + 1) for _ in range(FIELDS + 1)]  # F1..F6; 0 unused
    s.reroll_used = [False] * n
    s.goods = [list(START_GOODS) for _ in range(n)]
    s.supply = [SUPPLY[g] - START_GOODS[g] * n for g in range(len(GOODS))]
    s.vp = [0] * n
    s.occupied_slots = [(1 << SLOTS) - 1] * n
    s.extra_novices = [[EXTRA_LOCKED] * len(EXTRA_IDS) for _ in range(n)]
    s.messenger_space = [1] * n
    s.laps = [0] * n
    s.window = [[[], [], []] for _ in range(n)]
    s.tile_stacks = [setup.tiles_per_monastery] * MONASTERIES
    s.buildings = [EMPTY] * BUILDINGS
    s.cloisters = [EMPTY] * BUILDINGS  # one cloister space beside each building
    for b in setup.blocked_buildings:
        s.buildings[b] = BLOCKED
    for k in setup.blocked_cloisters:
        s.cloisters[k] = BLOCKED
    s.chapels = [[0] * n for _ in range(MONASTERIES)]
    s.building_counts = [[0] * MONASTERIES for _ in range(n)]
    s.cloister_counts = [[0] * MONASTERIES for _ in range(n)]
    s.claimed_missions = [[] for _ in range(n)]
    s.mission_vp = [0] * n
    s.turn_column = -1
    s.dice_left = 0
    s.used_slots = 0
    s.tasks = []
    s.final_breakdown = None
    settle(s, [])
