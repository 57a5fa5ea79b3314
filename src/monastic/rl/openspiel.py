"""OpenSpiel games: each of our games registered as an OpenSpiel Python game.

``import monastic.rl.openspiel`` registers ``python_monastic_medieval_monastery``,
``python_monastic_monasterium`` and ``python_monastic_monastery``::

    game = pyspiel.load_game("python_monastic_medieval_monastery", {"players": 3, "turns": 2})

Parameters: ``players``, ``seed`` (the first game's seed; each new initial state takes the
next one from a generator seeded with it), ``reward`` (``win`` or ``score``) and the game's
own options. Facts: sequential (simultaneous choices are asked in seat order, each hidden
until the engine reveals them all), imperfect information, terminal rewards.

Chance is sampled, as the engine samples it: each state carries its own generator, and its
future draws are hidden from every player. ``resample_from_infostate(player, sampler)`` is
``determinize``: the hidden cards or tiles and the generator are redrawn for that player
(for Monasterium, whose board hides nothing, only the future dice). So OpenSpiel's ISMCTS
searches the worlds a seat may believe in; its MCTSBot, a perfect-information search, sees
the true state and its future draws on every clone.

Actions are the codec's tokens (``docs/rl.md``); ``information_state_string`` is the seat's
view (canonical JSON), the tokens it has entered of an action, and every token it has played;
``observation_string`` leaves out the played tokens; ``observation_tensor`` is the observer's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import monastic
from monastic.engine import Rng
from monastic.rl import codec, observer
from monastic.rl.observation import as_floats
from monastic.rl.table import REWARDS, Table

__all__ = ["SHORT_NAMES", "short_name", "wrap"]


def short_name(game_id: str) -> str:
    return f"python_monastic_{game_id.replace('-', '_')}"


SHORT_NAMES = {
    game_id: short_name(game_id) for game_id in ("medieval-monastery", "monasterium", "monastery")
}


def _make(game_id: str) -> None:
    game = monastic.load_game(game_id)
    specs = {spec.name: spec.default for spec in game.option_specs}
    params: dict[str, Any] = {
        "players": game.default_players,
        "seed": 0,
        "reward": "win",
        **specs,
    }
    game_type = pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"monastic {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.info.max_players,
        min_num_players=game.info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )

    class SpielGame(pyspiel.Game):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            given = dict(params or {})
            players = int(given.get("players", game.default_players))
            reward = str(given.get("reward", "win"))
            if reward not in REWARDS:
                raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
            self.options = dict(game.options({k: given[k] for k in specs if k in given}))
            self.players = players
            self.reward_kind = reward
            self.codec = codec(game_id, players)
            self.observer = observer(game_id, players)
            info = pyspiel.GameInfo(
                num_distinct_actions=self.codec.size,
                max_chance_outcomes=0,
                num_players=players,
                min_utility=0.0 if reward == "win" else -1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=game.info.max_decisions * self.codec.max_tokens,
            )
            super().__init__(game_type, info, given)
            self._seeds = Rng(int(given.get("seed", 0)))

        def new_initial_state(self) -> SpielState:
            # OpenSpiel asks for a new initial state on every clone (then overwrites it) and
            # every shape query: the game is set up only when the state is first read.
            return SpielState(self, seed=self._seeds.next64())

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpielObserver:
            recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return SpielObserver(self, recall)

    class SpielState(pyspiel.State):
        def __init__(
            self, spiel_game: SpielGame, state: monastic.State | None = None, seed: int = 0
        ) -> None:
            super().__init__(spiel_game)
            # Only plain values here: OpenSpiel's clone deep-copies every attribute.
            self._table = None if state is None else Table(spiel_game.codec, state)
            self._seed = seed  # the game to set up when first read, if no state was given
            self.reward_kind = spiel_game.reward_kind
            self.played: list[list[int]] = [[] for _ in range(spiel_game.players)]

        @property
        def table(self) -> Table:
            if self._table is None:
                spiel_game = self.get_game()
                state = game.new_game(spiel_game.players, self._seed, spiel_game.options)
                self._table = Table(spiel_game.codec, state)
            return self._table

        def observation_tensor(self, player: int | None = None) -> list[float]:
            """OpenSpiel's own, without the new initial state it sets up at every call to
            learn the tensor's size (the same floats)."""
            seat = self.current_player() if player is None else player
            if not isinstance(seat, int) or not 0 <= seat < len(self.played):
                return list(super().observation_tensor(seat))  # OpenSpiel's error
            return as_floats(self.table.tensor(self.get_game().observer, seat, fresh=False))

        def current_player(self) -> int:
            seat = (self._table or self.table).current()
            return pyspiel.PlayerId.TERMINAL if seat is None else seat

        def legal_actions(self, player: int | None = None) -> list[int]:
            """OpenSpiel's, answered here for a caller in Python: OpenSpiel's own asks
            ``is_terminal`` and ``current_player`` across from C++ three times before it asks
            ``_legal_actions`` (the same list; a pseudo-player is OpenSpiel's to refuse)."""
            table = self._table or self.table
            seat = table.current()
            if player is None or player == seat:
                return [] if seat is None else table.legal_tokens(seat)[:]
            if type(player) is int and 0 <= player < len(self.played):
                return []  # only the current player acts (OpenSpiel's sequential games)
            return list(super().legal_actions(player))

        def _legal_actions(self, player: int) -> list[int]:
            return self.table.legal_tokens(player)

        def _apply_action(self, action: int) -> None:
            table = self._table or self.table
            seat = table.current()
            assert seat is not None
            table.play(seat, action)
            self.played[seat].append(int(action))

        def _action_to_string(self, player: int, action: int) -> str:
            return self.table.codec.token_name(action)

        def is_terminal(self) -> bool:
            return (self._table or self.table).is_over()

        def returns(self) -> list[float]:
            if not self.table.is_over():
                return [0.0] * len(self.played)
            return self.table.rewards(self.reward_kind)

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
            seed = int(probability_sampler() * 2**53)
            copy: SpielState = self.clone()
            copy.table.replace_state(self.table.state.determinize(player_id, seed))
            return copy

        def __str__(self) -> str:
            return self.table.render()

        def view_text(self, player: int, recall: bool) -> str:
            table = self.table
            # The view's JSON is the costly part: once per moment and player.
            text: str = table.remember(("view_text", player), lambda: _view_json(table, player))
            text += f"|entered {list(table.prefix_of(player))}"
            if recall:
                text += f"|played {self.played[player]}"
            return text

    class SpielObserver:
        """OpenSpiel's observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

        def __init__(self, spiel_game: SpielGame, recall: bool) -> None:
            self.look = spiel_game.observer
            self.recall = recall
            self.tensor = np.zeros(self.look.size, dtype=np.float32)
            self.dict = self.look.named(self.tensor)

        def set_from(self, state: SpielState, player: int) -> None:
            self.tensor[:] = state.table.tensor(self.look, player, fresh=False)

        def string_from(self, state: SpielState, player: int) -> str:
            return state.view_text(player, self.recall)

    pyspiel.register_game(game_type, SpielGame)
    _WRAPPERS[game_id] = lambda state, params: SpielState(
        pyspiel.load_game(short_name(game_id), {**params, "players": state.players}), state
    )


def _view_json(table: Table, player: int) -> str:
    return json.dumps(table.state.view(player), sort_keys=True, separators=(",", ":"))


_WRAPPERS: dict[str, Callable[[monastic.State, dict[str, Any]], Any]] = {}


def wrap(state: monastic.State, **params: Any) -> Any:
    """An OpenSpiel state of our ``state`` as it stands (a copy: ``state`` is left alone)."""
    return _WRAPPERS[state.game.id](state.clone(), params)


def _register_all() -> None:
    known = {g.short_name for g in pyspiel.registered_games()}
    for game_id, name in SHORT_NAMES.items():
        if name not in known:
            _make(game_id)


_register_all()
