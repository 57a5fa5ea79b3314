"""Setup (§2): missions, goods, dice, board, and the first roll."""

from __future__ import annotations

from monastic.engine import Rng
from monastic.games.monasterium.catalogue import (
    MISSIONS,
    PERSONAL_START,
    PLAYER_SETUP,
    START_GOODS,
    SUPPLY,
)
from monastic.games.monasterium.rules.flow import settle
from monastic.games.monasterium.state import PHASE_PLACE, StateData


def set_up(s: StateData, seed: int) -> None:
    """Fill a fresh state (``StateData(players)``) as §2 describes, up to the first
    placement decision."""
    n = s.n
    setup = PLAYER_SETUP[n]
    s.rng = Rng(seed)
    s.start = s.rng.below(n)
    missions: list[str] = []
    for cat in ("A", "B", "C"):
        ids = [m.id for m in MISSIONS if m.category == cat]
        s.rng.shuffle(ids)
        missions.extend(sorted(ids[:2]))
    s.missions = missions
    s.phase = PHASE_PLACE
    s.round = 1
    s.current = s.start
    s.personal = [PERSONAL_START] * n
    s.held_personal = [PERSONAL_START] * n
    s.held_neutral = [setup.neutral] * n
    s.rolled_personal = None
    s.rolled_neutral = []
    s.fields = [[0] * (n + 1) for _ in range(7)]
    s.rerolled = [False] * n
    s.goods = [list(START_GOODS) for _ in range(n)]
    s.supply = [SUPPLY[g] - START_GOODS[g] * n for g in range(5)]
    s.vp = [0] * n
    s.slots = [(1 << 20) - 1] * n
    s.extras = [[0, 0, 0, 0] for _ in range(n)]
    s.pos = [1] * n
    s.laps = [0] * n
    s.window = [[[], [], []] for _ in range(n)]
    s.stacks = [setup.tiles_per_monastery] * 5
    s.buildings = [-1] * 30
    s.cloisters = [-1] * 30
    for b in setup.blocked_buildings:
        s.buildings[b] = -2
    for k in setup.blocked_cloisters:
        s.cloisters[k] = -2
    s.chapels = [[0] * n for _ in range(5)]
    s.bcount = [[0] * 5 for _ in range(n)]
    s.kcount = [[0] * 5 for _ in range(n)]
    s.claimed = [[] for _ in range(n)]
    s.mission_vp = [0] * n
    s.turn_col = -1
    s.dice_left = 0
    s.used = 0
    s.tasks = []
    s.final = None
    settle(s, [])
