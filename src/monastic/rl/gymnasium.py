"""Gymnasium environments: one seat learns, our bots play the others.

``import monastic.rl.gymnasium`` registers ``monastic/MedievalMonastery-v0``,
``monastic/Monasterium-v0`` and ``monastic/Monastery-v0``::

    env = gymnasium.make("monastic/MedievalMonastery-v0", players=3, opponents="greedy", turns=2)

Observations are ``{"observation": tensor, "action_mask": int8 mask}``; actions are the
codec's tokens; the reward comes at the end (``reward="win"`` or ``"score"``, as in
PettingZoo). ``opponents`` is a bot spec for every other seat (``"random"``, ``"greedy"``,
``"ismcts:iterations=200"``) or a list of one spec per other seat, in seat order. The bots
are seeded from ``reset(seed=...)``, so a seed fixes the whole game.

An action outside the mask (only an unmasked learner makes one) is, with ``illegal="end"``
(the default), the end of the episode with reward -1 and ``info["illegal_action"]`` True,
the state unchanged; with ``illegal="raise"`` it raises ``IllegalAction``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

import monastic
from monastic.bots import Bot, make
from monastic.engine import Rng
from monastic.rl import codec, observer
from monastic.rl.observation import BOUND
from monastic.rl.table import REWARDS, Table

__all__ = ["IDS", "MonasticGym"]

Obs = dict[str, Any]
#: Each game's registered id.
IDS = {
    "medieval-monastery": "monastic/MedievalMonastery-v0",
    "monasterium": "monastic/Monasterium-v0",
    "monastery": "monastic/Monastery-v0",
}


class MonasticGym(gymnasium.Env[Obs, Any]):
    """Seat ``seat`` is the learner; every other seat is a bot."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own attribute

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        reward: str = "win",
        render_mode: str | None = None,
        illegal: str = "end",
        **options: Any,
    ) -> None:
        if illegal not in ("end", "raise"):
            raise ValueError(f"illegal must be 'end' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.game = monastic.load_game(game)
        self.players = players if players is not None else self.game.default_players
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, not {seat}")
        specs = [opponents] * (self.players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != self.players - 1:
            raise ValueError(f"opponents: one bot spec per other seat ({self.players - 1})")
        for spec in specs:
            make(spec, 0)  # an unknown spec fails now, naming the known bots
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.seat = seat
        self.specs = specs
        self.reward_kind = reward
        self.render_mode = render_mode
        self.options = dict(self.game.options(options))
        self.codec = codec(game, self.players)
        self.observer = observer(game, self.players)
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    -BOUND, BOUND, (self.observer.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.codec.size,), dtype=np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(self.codec.size)
        self.table: Table | None = None
        self.bots: dict[int, Bot] = {}
        self._ended_illegally = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        # Gymnasium's generator picks the game's seed (fixed by ``seed``, fresh without one);
        # each bot gets a stream of its own from it.
        game_seed = int(self.np_random.integers(0, 2**63))
        streams = Rng(game_seed)
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {
            s: make(spec, streams.next64()) for s, spec in zip(others, self.specs, strict=True)
        }
        state = self.game.new_game(self.players, game_seed, self.options)
        self.table = Table(self.codec, state)
        self._ended_illegally = False
        self._bots_play()
        return self._obs(), self._info()

    def _bots_play(self) -> None:
        assert self.table is not None
        table = self.table
        while not table.is_over():
            seat = table.current()
            if seat == self.seat or seat is None:
                return
            table.apply(seat, self.bots[seat].choose(table.state, seat))

    def _obs(self) -> Obs:
        assert self.table is not None
        table = self.table
        return {
            "observation": table.tensor(self.observer, self.seat),
            "action_mask": table.mask(self.seat),
        }

    def _info(self) -> dict[str, Any]:
        assert self.table is not None
        return {"to_act": self.table.to_act()}

    def step(self, action: int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.table is None:
            raise RuntimeError("call reset() before step()")
        table = self.table
        if table.is_over() or self._ended_illegally:
            raise RuntimeError("the episode is over: call reset()")
        if self.illegal == "end" and int(action) not in table.legal_tokens(self.seat):
            self._ended_illegally = True
            return self._obs(), -1.0, True, False, {**self._info(), "illegal_action": True}
        table.play(self.seat, int(action))
        self._bots_play()
        over = table.is_over()
        reward = table.rewards(self.reward_kind)[self.seat] if over else 0.0
        return self._obs(), reward, over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.table is None:
            return None
        return self.table.render()


def _register() -> None:
    for game, env_id in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="monastic.rl.gymnasium:MonasticGym",
                kwargs={"game": game},
                disable_env_checker=True,  # checked in our own tests, not at every make
            )


_register()
