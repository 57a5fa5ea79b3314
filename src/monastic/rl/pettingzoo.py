"""PettingZoo environments for every game: ``env(game, players=..., **options)`` (AEC) and
``parallel_env(game, ...)`` (every seat that must choose at once acts in one step).

Observations are ``{"observation": tensor, "action_mask": int8 mask}`` (``docs/rl.md``);
actions are the codec's tokens. Rewards come only at the end, from ``result()``:
``reward="win"`` (1 for a sole win, 1/k for a win shared by k seats) or ``reward="score"``
(the score less the mean, over the spread). ``max_cycles`` truncates a game after that many
steps (AEC: tokens entered; Parallel: steps).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv

import monastic
from monastic.engine import fresh_seed
from monastic.rl import codec, observer
from monastic.rl.observation import BOUND, Tensor
from monastic.rl.table import REWARDS, Table

__all__ = ["MonasticAEC", "MonasticParallel", "env", "parallel_env", "raw_env"]

Obs = dict[str, Any]


def _agents(players: int) -> list[str]:
    return [f"player_{seat}" for seat in range(players)]


class _Common:
    """What both kinds of environment share: the game, its spaces, observing a seat."""

    def _setup(
        self,
        game: str,
        players: int | None,
        reward: str,
        render_mode: str | None,
        max_cycles: int | None,
        options: Mapping[str, Any],
    ) -> None:
        self.game = monastic.load_game(game)
        self.players = players if players is not None else self.game.default_players
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.reward_kind = reward
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.options = dict(self.game.options(options))  # checked now, not at the first reset
        self.codec = codec(game, self.players)
        self.observer = observer(game, self.players)
        self.possible_agents = _agents(self.players)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    -BOUND, BOUND, (self.observer.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.codec.size,), dtype=np.int8),
            }
        )
        self._act_space = gymnasium.spaces.Discrete(self.codec.size)
        self.table: Table | None = None

    @functools.cache  # noqa: B019 - one space object per agent, as PettingZoo asks
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._obs_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._act_space

    def _new_table(self, seed: int | None) -> Table:
        state = self.game.new_game(
            self.players, fresh_seed() if seed is None else seed, self.options
        )
        return Table(self.codec, state)

    def _tensor(self, seat: int) -> Tensor:
        assert self.table is not None
        return self.table.tensor(self.observer, seat)

    def _observe(self, seat: int) -> Obs:
        assert self.table is not None
        return {"observation": self._tensor(seat), "action_mask": self.table.mask(seat)}

    def _render(self) -> str | None:
        if self.render_mode is None or self.table is None:
            return None
        text = self.table.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text


class MonasticAEC(_Common, AECEnv[str, Obs, int]):
    """One seat at a time; simultaneous choices are asked in seat order, each kept hidden."""

    metadata = {  # noqa: RUF012 - PettingZoo's own attribute
        "render_modes": ["ansi", "human"],
        "name": "monastic_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self._setup(game, players, reward, render_mode, max_cycles, options)
        self.metadata = {**self.metadata, "name": f"monastic_{self.game.id.replace('-', '_')}_v0"}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table = self._new_table(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self._select()
        self._masked = self.agent_selection
        self._offer_mask()

    def _offer_mask(self) -> None:
        """The mask is in the info of the agent to act too, for ``last(observe=False)``."""
        assert self.table is not None
        agent = self.agent_selection
        if self._masked != agent:  # only the agent asked last holds a mask in its info
            self.infos[self._masked] = {}
            self._masked = agent
        self.infos[agent] = {"action_mask": self.table.mask(self._seat[agent])}

    def _select(self) -> None:
        assert self.table is not None
        seat = self.table.current()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Obs:
        return self._observe(self._seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent that is done")
        table = self.table
        assert table is not None
        self._cumulative_rewards[agent] = 0.0
        seat = self._seat[agent]
        # None: a token towards a staged action; the state and who acts stay as they are.
        done = table.play(seat, action)
        self._steps += 1
        # Rewards come only at the end: until then every reward is 0 and adding them up
        # (PettingZoo's ``_accumulate_rewards``) would change nothing.
        if done is not None and table.is_over():
            self.rewards = dict(zip(self.agents, table.rewards(self.reward_kind), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif self.max_cycles is not None and self._steps >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        elif done is None:  # the same agent goes on: only its mask changes
            self.infos[agent] = {"action_mask": table.mask(seat)}
        else:  # ``_select`` and ``_offer_mask``, without two calls: every action comes here
            following = table.current()
            assert following is not None  # the game goes on
            chosen = self.agent_selection = self.possible_agents[following]
            if self._masked != chosen:
                self.infos[self._masked] = {}
                self._masked = chosen
            self.infos[chosen] = {"action_mask": table.mask(following)}
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return self._render()

    def close(self) -> None:
        pass


class MonasticParallel(_Common, ParallelEnv[str, Obs, int]):
    """Every seat in ``to_act`` chooses in the same step (the card game's bids and gifts);
    the others must send the ``wait`` token 0, the only one their mask allows."""

    metadata = {"render_modes": ["ansi", "human"], "name": "monastic_v0"}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        players: int | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        self._setup(game, players, reward, render_mode, max_cycles, options)
        self.metadata = {**self.metadata, "name": f"monastic_{self.game.id.replace('-', '_')}_v0"}

    def _observe_all(self) -> dict[str, Obs]:
        table = self.table
        assert table is not None
        seats = [self._seat[agent] for agent in self.agents]
        acting = table.to_act()
        found = {}
        for agent, seat, tensor in zip(
            self.agents, seats, table.tensors(self.observer, seats), strict=True
        ):
            mask = table.mask(seat)
            if seat not in acting:  # a waiting seat's only token is ``wait``
                mask[self.codec.wait.start] = 1
            found[agent] = {"observation": tensor, "action_mask": mask}
        return found

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        self.table = self._new_table(seed)
        self.agents = self.possible_agents[:]
        self._steps = 0
        return self._observe_all(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        assert self.table is not None
        table = self.table
        acting = table.to_act()
        for seat, agent in enumerate(self.possible_agents):
            if agent not in self.agents:
                continue
            token = actions.get(agent)
            if seat not in acting:
                if token not in (None, self.codec.wait.start):
                    raise ValueError(f"{agent} is not to act now: send token 0 (wait) or nothing")
                continue
            if token is None:
                raise ValueError(f"{agent} must act now")
        for seat in acting:  # in seat order, each hidden from the others until all have chosen
            table.play(seat, actions[self.possible_agents[seat]])
        self._steps += 1
        over = table.is_over()
        truncated = not over and self.max_cycles is not None and self._steps >= self.max_cycles
        rewards = (
            dict(zip(self.agents, table.rewards(self.reward_kind), strict=True))
            if over
            else dict.fromkeys(self.agents, 0.0)
        )
        observations = self._observe_all()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self._render()

    def close(self) -> None:
        pass


def raw_env(game: str, players: int | None = None, **kwargs: Any) -> MonasticAEC:
    return MonasticAEC(game, players, **kwargs)


def env(game: str, players: int | None = None, **kwargs: Any) -> MonasticAEC:
    """The AEC environment of ``game`` (options as keywords: ``turns=2``)."""
    return raw_env(game, players, **kwargs)


def parallel_env(game: str, players: int | None = None, **kwargs: Any) -> MonasticParallel:
    """The Parallel environment of ``game``."""
    return MonasticParallel(game, players, **kwargs)
