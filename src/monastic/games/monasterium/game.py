"""The Monasterium game object: setup (§2), parsing and loading."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from monastic.engine import Game, GameInfo, Rng, Strategy
from monastic.games.monasterium.actions import Action, parse_action
from monastic.games.monasterium.catalogue import (
    MISSIONS,
    PERSONAL_START,
    PLAYER_SETUP,
    START_GOODS,
    SUPPLY,
)
from monastic.games.monasterium.state import PHASE_PLACE, MonasteriumState

__all__ = ["MonasteriumGame", "new_state"]


def new_state(players: int, seed: int) -> MonasteriumState:
    """A game set up as §2 describes, ready for the first placement decision."""
    from monastic.games.monasterium.flow import settle

    n = players
    setup = PLAYER_SETUP[n]
    s = MonasteriumState(n)
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
    return s


class MonasteriumGame(Game):
    """Monasterium: dice drafting, novices, a messenger road, windows and missions."""

    id: ClassVar[str] = "monasterium"
    title: ClassVar[str] = "Monasterium"
    info: ClassVar[GameInfo] = GameInfo(
        min_players=2,
        max_players=4,
        chance="sampled",
        information="perfect",
        simultaneous=False,
        max_decisions=5000,
    )
    default_players: ClassVar[int] = 3

    def _new(self, players: int, seed: int, options: Mapping[str, Any]) -> MonasteriumState:
        return new_state(players, seed)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def strategy(self) -> Strategy[Any]:
        # The strategy reads the rules, so it is imported when a bot first asks.
        from monastic.games.monasterium.strategy import STRATEGY

        return STRATEGY

    def _from_dict(self, data: Mapping[str, Any]) -> MonasteriumState:
        return MonasteriumState.from_dict(data)
