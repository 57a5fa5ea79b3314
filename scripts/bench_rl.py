"""The research adapters measured, side by side in one run (the ``rl`` extra).

    PYTHONPATH=src python scripts/bench_rl.py [--seconds 0.5] [--games 6] [--rounds 3]
    PYTHONPATH=src python scripts/bench_rl.py --only overhead --before REVISION
    PYTHONPATH=src python scripts/bench_rl.py --only floor

1. Search speed: our ISMCTS and OpenSpiel's Python ``ISMCTSBot`` through the adapter, on the
   same card-game positions (2 and 4 players), the same time each, alternating which goes
   first. Both play random playouts to the end of the game: ours with ``cutoff`` beyond any
   game, ``epsilon=0`` (no heuristic in playouts) and ``bias=0``. Iterations per second.
2. Head to head at equal time per decision: our ``ismcts`` (its own settings) against
   OpenSpiel's ISMCTS with random rollouts, 2-player card game, seats alternating. OpenSpiel
   gets the time for every token, so a straight (several tokens) gives it more time.
3. Adapter overhead: random play through PettingZoo (AEC, reading the mask from the info as
   ``last(observe=False)`` does, and with the full observation; Parallel for the card game)
   and through OpenSpiel (legal actions only, and with the observation tensor), against our
   native loop (``is_over``, ``to_act``, ``legal_actions``, a random pick, ``apply_quiet``),
   in game decisions per second; ratios to the native loop, and to the rules alone
   (``legal_actions`` and ``apply_quiet``, the stricter measure of earlier runs). The card
   game at 2, 3 and 4 players, Monasterium and Monastery at 2 and 4. With ``--before
   REVISION`` the adapters of that revision are measured too, in a second worker process,
   interleaved with today's (``--only overhead --before main``); ``--tree NAME=PATH``
   (repeatable) measures the package in those directories instead, such as two unpacked
   compiled wheels.

   A random pick among tokens is not one among actions, so the games differ from mode to
   mode: each mode is set against the native loop's work on the very games it played,
   replayed right after it (the loop's pick made and the recorded action applied).
4. Where the time goes: each piece of a step alone, in microseconds per decision, over the
   same moments of random games: the game step, the legal actions to tokens, the mask, the
   learner's ``flatnonzero`` of it, the tensor written from the state and from the view.
5. The floor: environments that do nothing (``_FloorAEC``, an OpenSpiel Python game), with
   each case's mask size and number of legal tokens: what no adapter can avoid, per token.
6. A decision layer by layer, on the same games: native, the table alone, with the mask and
   the learner's ``flatnonzero``, the AEC environment, OpenSpiel; each layer less the one
   before is what it adds.

The machine is shared: parts 3 to 6 count the CPU time of their own process
(``time.process_time``), so other jobs weigh less than on a wall clock, and part 3's figures
are medians over ``--rounds`` interleaved rounds.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from pettingzoo import AECEnv

import monastic
from monastic import bots, rl
from monastic.rl import pettingzoo as mpz
from monastic.rl.codec import Choices
from monastic.rl.openspiel import wrap
from monastic.rl.table import Table

CARD = "medieval-monastery"


class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS with its simulation loop bounded by time instead of a count."""

    def __init__(self, game: Any, seconds: float, seed: int) -> None:
        rng = np.random.RandomState(seed)
        super().__init__(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 1, random_state=rng)
        self.seconds = seconds
        self.last_iterations = 0

    def run_search(self, state: Any) -> Any:  # OpenSpiel's own loop, only the bound differs
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        end = time.perf_counter() + self.seconds
        count = 0
        while time.perf_counter() < end:
            self.run_simulation(self.sample_root_state(state))
            count += 1
        self.last_iterations = count
        return self.get_final_policy(state, self._root_node)


def positions(players: int, count: int, seed: int) -> list[monastic.State]:
    """Card-game positions from random games, at a decision with a real choice."""
    game = monastic.load_game(CARD)
    found = []
    rng = random.Random(seed)
    while len(found) < count:
        state = game.new_game(players, rng.getrandbits(64))
        stop = rng.randrange(5, 60)
        for _ in range(stop):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply_quiet(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over() and len(state.legal_actions(state.to_act()[0])) > 1:
            found.append(state)
    return found


def search_speed(seconds: float, count: int) -> None:
    print(f"1. ISMCTS iterations per second, {seconds} s per position, random playouts")
    for players in (2, 4):
        ours, theirs = [], []
        for i, state in enumerate(positions(players, count, seed=players)):
            seat = state.to_act()[0]
            our_bot = bots.make(f"ismcts:time={seconds},cutoff=100000,epsilon=0,bias=0", i)
            spiel = wrap(state)
            their_bot = TimedISMCTS(spiel.get_game(), seconds, i)
            first_ours = i % 2 == 0  # alternate which search runs first
            if not first_ours:
                theirs.append(_their_rate(their_bot, spiel))
            ours.append(_our_rate(our_bot, state, seat))
            if first_ours:
                theirs.append(_their_rate(their_bot, spiel))
        a, b = statistics.median(ours), statistics.median(theirs)
        print(
            f"   {players} players, {count} positions: ours {a:.0f}/s, OpenSpiel {b:.0f}/s,"
            f" ratio {a / b:.2f}x (medians)"
        )


def _our_rate(bot: Any, state: monastic.State, seat: int) -> float:
    bot.choose(state, seat)
    return float(bot.last_iterations / bot.last_seconds)


def _their_rate(bot: TimedISMCTS, state: Any) -> float:
    start = time.perf_counter()
    bot.step(state)
    return bot.last_iterations / (time.perf_counter() - start)


def head_to_head(seconds: float, games: int, turns: int) -> None:
    print(f"2. Head to head, 2 players, {turns} turns, {seconds} s per decision, {games} games")
    game = monastic.load_game(CARD)
    wins = {"ours": 0.0, "OpenSpiel": 0.0}
    for g in range(games):
        ours_seat = g % 2
        state = game.new_game(2, 1000 + g, {"turns": turns})
        spiel = wrap(state, turns=turns)
        our_bot = bots.make(f"ismcts:time={seconds}", g)
        their_bot = TimedISMCTS(spiel.get_game(), seconds, g)
        codec = spiel.table.codec
        while not spiel.is_terminal():
            seat = spiel.current_player()
            if seat == ours_seat and spiel.table.entering is None:
                action = our_bot.choose(spiel.table.state, seat)
                for token in codec.tokens(action):
                    spiel.apply_action(token)
            else:
                spiel.apply_action(their_bot.step(spiel))
        returns = spiel.returns()
        wins["ours"] += returns[ours_seat]
        wins["OpenSpiel"] += returns[1 - ours_seat]
    share = wins["ours"] / games
    print(f"   ours {wins['ours']:g}, OpenSpiel {wins['OpenSpiel']:g} (ties split): {share:.0%}")


Moves = list[tuple[int, Any]]  # the game actions of one game, in order, with their seats
Play = Callable[[int], Moves]  # plays the random game of a seed


def _native(game_id: str, players: int) -> Play:
    game = monastic.load_game(game_id)

    def play(seed: int) -> Moves:
        state = game.new_game(players, seed)
        pick = random.Random(seed).choice
        moves = []
        while not state.is_over():
            seat = state.to_act()[0]
            action = pick(state.legal_actions(seat))
            state.apply_quiet(seat, action)
            moves.append((seat, action))
        return moves

    return play


def _replay(game: monastic.Game, players: int, seed: int, moves: Moves) -> None:
    """The rules' part of the native loop on a given game: ``legal_actions`` and
    ``apply_quiet``."""
    state = game.new_game(players, seed)
    for seat, action in moves:
        state.legal_actions(seat)
        state.apply_quiet(seat, action)


def _replay_loop(game: monastic.Game, players: int, seed: int, moves: Moves) -> None:
    """The whole native loop's work on a given game (``_native``'s: ``is_over``,
    ``to_act``, ``legal_actions``, a random pick, ``apply_quiet``), the recorded action
    applied in place of the one picked."""
    state = game.new_game(players, seed)
    pick = random.Random(seed).choice
    for seat, action in moves:
        state.is_over()
        state.to_act()
        pick(state.legal_actions(seat))
        state.apply_quiet(seat, action)
    state.is_over()


def _pettingzoo(observe: bool) -> Callable[[str, int], Play]:
    def make(game_id: str, players: int) -> Play:
        env = mpz.env(game_id, players)  # once, as a learner does; each game is a reset

        def play(seed: int) -> Moves:
            env.reset(seed=seed)
            pick = random.Random(seed).randrange
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, info = env.last(observe=observe)
                if terminated or truncated:
                    env.step(None)
                    continue
                mask = obs["action_mask"] if observe else info["action_mask"]
                legal = np.flatnonzero(mask.view(np.bool_))  # 0/1 bytes read as bools: faster
                env.step(int(legal[pick(legal.size)]))
            return list(env.unwrapped.table.moves)

        return play

    return make


def _parallel(game_id: str, players: int) -> Play:
    env = mpz.parallel_env(game_id, players)

    def play(seed: int) -> Moves:
        observations, _ = env.reset(seed=seed)
        pick = random.Random(seed).randrange
        while env.agents:
            actions = {}
            for agent in env.agents:
                legal = np.flatnonzero(observations[agent]["action_mask"].view(np.bool_))
                actions[agent] = int(legal[pick(legal.size)])
            observations, *_ = env.step(actions)
        return list(env.table.moves)

    return play


def _openspiel(observe: bool) -> Callable[[str, int], Play]:
    def make(game_id: str, players: int) -> Play:
        game = monastic.load_game(game_id)

        def play(seed: int) -> Moves:
            # The game of this seed, as PettingZoo's reset(seed=...) makes it; the same picks
            # (the legal tokens ascending, as the mask's), so the same games as the AEC's.
            state = wrap(game.new_game(players, seed))
            pick = random.Random(seed).choice
            while not state.is_terminal():
                if observe:
                    state.observation_tensor(state.current_player())
                state.apply_action(pick(state.legal_actions()))
            return list(state.table.moves)

        return play

    return make


#: Part 3's ways of playing random games: each makes (once) what plays one game of a seed.
MODES: dict[str, Callable[[str, int], Play]] = {
    "native": _native,
    "PettingZoo AEC (mask from info)": _pettingzoo(False),
    "PettingZoo AEC (with observation)": _pettingzoo(True),
    "PettingZoo Parallel (with observation)": _parallel,
    "OpenSpiel (legal actions)": _openspiel(False),
    "OpenSpiel (with observation tensor)": _openspiel(True),
}
#: The games and player counts of parts 3 to 5, with the modes each is measured in.
CASES: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    *((CARD, players, tuple(MODES)) for players in (2, 3, 4)),
    *(
        (game_id, players, tuple(m for m in MODES if "Parallel" not in m))
        for game_id in ("monasterium", "monastery")
        for players in (2, 4)
    ),
)


def _rates(play: Play, game_id: str, players: int, seconds: float) -> tuple[float, float, float]:
    """Game decisions per second of whole random games (seeds 0, 1, ...) played for about
    ``seconds``, and on the very same games of the rules alone (``_replay``) and of the
    whole native loop (``_replay_loop``).

    A random pick among tokens is not one among actions (a Monastery lay is one head of
    many, not one of hundreds of placements), so each way of playing makes games of its
    own, and each is set against the native work of its own games.
    """
    games, seeds = [], itertools.count()
    start = time.process_time()
    while time.process_time() - start < seconds:
        seed = next(seeds)
        games.append((seed, play(seed)))
    elapsed = time.process_time() - start
    game = monastic.load_game(game_id)
    start = time.process_time()
    for seed, moves in games:
        _replay(game, players, seed, moves)
    rules = time.process_time() - start
    start = time.process_time()
    for seed, moves in games:
        _replay_loop(game, players, seed, moves)
    loop = time.process_time() - start
    decisions = sum(len(moves) for _, moves in games)
    return decisions / elapsed, decisions / rules, decisions / loop


def worker() -> None:
    """Measure what each line of standard input asks (JSON), one JSON answer a line."""
    plays: dict[tuple[str, str, int], Play] = {}
    for line in sys.stdin:
        ask = json.loads(line)
        key = (ask["mode"], ask["game"], ask["players"])
        if key not in plays:
            plays[key] = MODES[ask["mode"]](ask["game"], ask["players"])
        if ask["warm"]:  # untimed: imports, codec tables, caches
            plays[key](10**6)
            rates = (0.0, 0.0, 0.0)
        else:
            rates = _rates(plays[key], ask["game"], ask["players"], ask["seconds"])
        print(json.dumps({"rates": rates}), flush=True)


class _Worker:
    """This script as a worker process on one source tree (``src`` of a revision)."""

    def __init__(self, source: str) -> None:
        env = {**os.environ, "PYTHONPATH": source}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def ask(
        self, mode: str, game_id: str, players: int, seconds: float, warm: bool
    ) -> tuple[float, float, float]:
        assert self.process.stdin is not None and self.process.stdout is not None
        line = {"mode": mode, "game": game_id, "players": players, "seconds": seconds}
        self.process.stdin.write(json.dumps({**line, "warm": warm}) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the worker on {line} stopped")
        rate, rules, loop = json.loads(answer)["rates"]
        return float(rate), float(rules), float(loop)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def _export(revision: str, into: str) -> str:
    """The ``src`` tree of ``revision`` of this repository, unpacked under ``into``."""
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", revision, "src"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return str(Path(into) / "src")


Case = tuple[str, int, tuple[str, ...]]


def overhead(
    seconds: float, rounds: int, before: str | None, cases: list[Case], given: dict[str, str]
) -> None:
    print(f"3. Random play, game decisions per second ({rounds} rounds of {seconds} s each)")
    here = str(Path(__file__).resolve().parent.parent / "src")
    with tempfile.TemporaryDirectory() as scratch:
        trees = {"now": here} if before is None else {before: _export(before, scratch), "now": here}
        if given:  # --tree: these trees (an unpacked wheel for a compiled build) instead
            trees = given
        workers = {name: _Worker(source) for name, source in trees.items()}
        try:
            _measure(workers, seconds, rounds, cases)
        finally:
            for w in workers.values():
                w.close()


def _measure(workers: dict[str, _Worker], seconds: float, rounds: int, cases: list[Case]) -> None:
    """Every case, mode and tree once per round, the order turned each round; medians."""
    jobs = [
        (game_id, players, mode, name)
        for game_id, players, modes in cases
        for mode in modes
        for name in workers
    ]
    for game_id, players, mode, name in jobs:
        workers[name].ask(mode, game_id, players, seconds, warm=True)
    rates: dict[tuple[str, int, str, str], list[tuple[float, float, float]]] = {j: [] for j in jobs}
    for r in range(rounds):
        turned = jobs[r % len(jobs) :] + jobs[: r % len(jobs)]
        if r % 2:
            turned.reverse()
        for job in turned:
            game_id, players, mode, name = job
            rates[job].append(workers[name].ask(mode, game_id, players, seconds, warm=False))
    names = list(workers)
    for game_id, players, modes in cases:
        native = {
            n: statistics.median(a for a, _, _ in rates[(game_id, players, "native", n)])
            for n in names
        }
        # The native mode against its own replayed loop: near 1.00x when the replay costs
        # what the loop does.
        itself = {
            n: statistics.median(a / c for a, _, c in rates[(game_id, players, "native", n)])
            for n in names
        }
        figures = ", ".join(
            f"{n} {native[n]:.0f}/s = {itself[n]:.2f}x of its replayed loop" for n in names
        )
        print(f"   {game_id} {players}p: native random play {figures}")
        for mode in modes[1:]:
            cells = []
            for n in names:
                runs = rates[(game_id, players, mode, n)]
                rate = statistics.median(a for a, _, _ in runs)
                of_loop = statistics.median(a / c for a, _, c in runs)
                of_rules = statistics.median(a / b for a, b, _ in runs)
                loop = statistics.median(c for _, _, c in runs)
                cells.append(
                    f"{n} {rate:.0f}/s = {of_loop:.2f}x of the native loop on its games"
                    f" ({loop:.0f}/s), {of_rules:.2f}x of the rules alone"
                )
            print(f"      {mode}: {'; '.join(cells)}")


def _moments(game_id: str, players: int, count: int) -> list[tuple[monastic.State, int]]:
    """``count`` decision moments (a state and the seat asked) of random games."""
    game = monastic.load_game(game_id)
    found: list[tuple[monastic.State, int]] = []
    seed = 0
    while len(found) < count:
        state, pick = game.new_game(players, seed), random.Random(seed).choice
        while not state.is_over() and len(found) < count:
            seat = state.to_act()[0]
            found.append((state.clone(), seat))
            state.apply_quiet(seat, pick(state.legal_actions(seat)))
        seed += 1
    return found


def _per_moment(work: Callable[[Any, int], object], moments: list[tuple[Any, int]]) -> float:
    """Microseconds of ``work`` per moment (the best of three passes: the machine is shared)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for state, seat in moments:
            work(state, seat)
        best = min(best, time.process_time() - start)
    return best / len(moments) * 1e6


def parts(count: int, cases: list[Case]) -> None:
    """Where a step's time goes: each piece alone, over the same moments of random games."""
    print(f"4. Where the time goes, microseconds per decision ({count} moments of random games)")
    for game_id, players, _ in cases:
        size, figures = _parts_of(game_id, players, _moments(game_id, players, count))
        print(f"   {game_id} {players}p ({size:.0f} legal actions on average):")
        for name, value in figures.items():
            print(f"      {name}: {value:.1f}")


def _parts_of(
    game_id: str, players: int, moments: list[tuple[monastic.State, int]]
) -> tuple[float, dict[str, float]]:
    space, look = rl.codec(game_id, players), rl.observer(game_id, players)
    legal = {id(state): state.legal_actions(seat) for state, seat in moments}
    choices = {id(state): space.choices(state, seat) for state, seat in moments}
    masks = {id(state): choices[id(state)].mask() for state, _ in moments}
    copies = iter([(state.clone(), seat) for _ in range(3) for state, seat in moments])

    def decide(_state: Any, _seat: int) -> None:
        state, seat = next(copies)  # a fresh copy in each pass: the step changes it
        state.apply_quiet(seat, random.choice(state.legal_actions(seat)))

    figures = {
        "game step (legal_actions, apply_quiet)": _per_moment(decide, moments),
        "legal actions to tokens": _per_moment(lambda s, _: Choices(space, legal[id(s)]), moments),
        "mask": _per_moment(lambda s, _: choices[id(s)].mask(), moments),
        "learner reads the mask (flatnonzero)": _per_moment(
            lambda s, _: np.flatnonzero(masks[id(s)].view(np.bool_)), moments
        ),
        "tensor written from the state": _per_moment(look.observe, moments),
        "tensor from the view (the reference)": _per_moment(
            lambda s, seat: look.encode(s.view(seat)), moments
        ),
    }
    return statistics.mean(len(v) for v in legal.values()), figures


class _FloorAEC(AECEnv):  # type: ignore[misc]
    """The least a turn-based AEC environment does: seats take turns for ``length`` steps
    under one fixed mask of ``size`` tokens, ``legal`` of them allowed, in the info as ours
    puts it (and the observation a ready array); then everyone is done with reward 1/n."""

    metadata = {"name": "floor_v0", "render_modes": [], "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, players: int, size: int, legal: int, length: int = 200) -> None:
        super().__init__()
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.length = length
        self.mask = np.zeros(size, dtype=np.int8)
        self.mask[np.linspace(0, size - 1, legal).astype(np.intp)] = 1
        self.tensor = np.zeros(64, dtype=np.float32)

    def reset(self, seed: int | None = None, options: Any = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {"action_mask": self.mask} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self.steps = 0

    def observe(self, agent: str) -> dict[str, Any]:
        return {"observation": self.tensor, "action_mask": self.mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        if self.steps >= self.length:
            self.rewards = dict.fromkeys(self.agents, 1 / len(self.agents))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            self.agent_selection = self.agents[self.steps % len(self.agents)]


def _floor_spiel_game() -> Any:
    """An OpenSpiel Python game that does nothing: ``players`` take turns for ``length``
    steps among ``legal`` of ``size`` actions (a fixed list), with a ready tensor."""
    name = "python_bench_floor"
    if name not in {g.short_name for g in pyspiel.registered_games()}:
        game_type = pyspiel.GameType(
            short_name=name,
            long_name="the least a Python game does",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=6,
            min_num_players=2,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=False,
            provides_observation_tensor=True,
            parameter_specification={"players": 2, "size": 1000, "legal": 10, "length": 200},
        )

        class FloorGame(pyspiel.Game):  # type: ignore[misc]
            def __init__(self, params: dict[str, Any] | None = None) -> None:
                given = {"players": 2, "size": 1000, "legal": 10, "length": 200, **(params or {})}
                self.players, self.length = int(given["players"]), int(given["length"])
                size = int(given["size"])
                self.legal = sorted({int(i) for i in np.linspace(0, size - 1, int(given["legal"]))})
                self.tensor = [0.0] * 64
                info = pyspiel.GameInfo(
                    num_distinct_actions=size,
                    max_chance_outcomes=0,
                    num_players=self.players,
                    min_utility=0.0,
                    max_utility=1.0,
                    utility_sum=None,
                    max_game_length=self.length,
                )
                super().__init__(game_type, info, given)

            def new_initial_state(self) -> Any:
                return FloorState(self)

        class FloorState(pyspiel.State):  # type: ignore[misc]
            def __init__(self, spiel_game: FloorGame) -> None:
                super().__init__(spiel_game)
                self.players, self.length = spiel_game.players, spiel_game.length
                self.legal, self.tensor = spiel_game.legal, spiel_game.tensor
                self.steps = 0

            def current_player(self) -> int:
                if self.steps >= self.length:
                    return int(pyspiel.PlayerId.TERMINAL)
                return self.steps % self.players

            def legal_actions(self, player: int | None = None) -> list[int]:
                # Answered in Python, as ours are (OpenSpiel's own crosses from C++ into
                # Python three more times first): a copy, as ours hands out.
                return self.legal[:]  # type: ignore[no-any-return]

            def _legal_actions(self, player: int) -> list[int]:
                return self.legal  # type: ignore[no-any-return]

            def _apply_action(self, action: int) -> None:
                self.steps += 1

            def is_terminal(self) -> bool:
                return self.steps >= self.length  # type: ignore[no-any-return]

            def returns(self) -> list[float]:
                share = 1 / self.players if self.steps >= self.length else 0.0
                return [share] * self.players

            def observation_tensor(self, player: int | None = None) -> list[float]:
                return self.tensor  # type: ignore[no-any-return]

        pyspiel.register_game(game_type, FloorGame)
    return name


def floor(cases: list[Case], rounds: int) -> None:
    """Part 5: what no adapter can avoid, per token, with each case's mask size and its
    average number of legal tokens: PettingZoo's AEC protocol (``agent_iter``, ``last``,
    ``step``, a dead step per agent at the end) and the learner's ``flatnonzero`` and pick;
    OpenSpiel's protocol for a Python game (``is_terminal``, ``legal_actions``,
    ``apply_action``: each a call from C++ into Python), with and without a ready
    ``observation_tensor``."""
    print("5. The floor: microseconds per token of environments that do nothing")
    name = _floor_spiel_game()
    for game_id, players, _ in cases:
        space = rl.codec(game_id, players)
        legal = round(
            statistics.mean(
                len(space.choices(state, seat).next_tokens())
                for state, seat in _moments(game_id, players, 200)
            )
        )
        env = _FloorAEC(players, space.size, legal)
        spiel = pyspiel.load_game(name, {"players": players, "size": space.size, "legal": legal})
        figures: dict[str, list[float]] = {}
        for _ in range(rounds):
            for label, value in (
                ("AEC protocol alone", _floor_aec(env, pick=False)),
                ("AEC, the learner reads the mask (flatnonzero, pick)", _floor_aec(env)),
                ("OpenSpiel, legal actions", _floor_spiel(spiel, observe=False)),
                ("OpenSpiel with observation_tensor", _floor_spiel(spiel, observe=True)),
            ):
                figures.setdefault(label, []).append(value)
        print(f"   {game_id} {players}p ({space.size} tokens, {legal} legal on average):")
        for label, values in figures.items():
            print(f"      {label}: {statistics.median(values):.2f}")


def _floor_aec(env: _FloorAEC, pick: bool = True, games: int = 60) -> float:
    steps, start = 0, time.process_time()
    for seed in range(games):
        env.reset(seed=seed)
        choose = random.Random(seed).randrange
        for _agent in env.agent_iter():
            _, _, terminated, truncated, info = env.last(observe=False)
            if terminated or truncated:
                env.step(None)
                continue
            if pick:
                legal = np.flatnonzero(info["action_mask"].view(np.bool_))
                env.step(int(legal[choose(legal.size)]))
            else:
                env.step(0)
            steps += 1
    return (time.process_time() - start) / steps * 1e6


def _floor_spiel(game: Any, observe: bool, games: int = 60) -> float:
    steps, start = 0, time.process_time()
    for seed in range(games):
        state = game.new_initial_state()
        choose = random.Random(seed).choice
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(choose(state.legal_actions()))
            steps += 1
    return (time.process_time() - start) / steps * 1e6


def layers(cases: list[Case], games: int, rounds: int) -> None:
    """Part 6: a decision's microseconds layer by layer, on the very same games (those the
    AEC environment plays with random tokens): the native work (``legal_actions``,
    ``apply_quiet``); the table alone (its legal tokens as a list, a random pick, ``play``);
    the table with the mask and the learner's ``flatnonzero`` and pick; the AEC environment
    (``agent_iter``, ``last``, ``step``); OpenSpiel (``legal_actions``, ``apply_action``).
    Each layer's figure less the one before is what that layer adds. The best of
    ``rounds`` (the machine is shared)."""
    print(f"6. A decision layer by layer, microseconds ({games} games, best of {rounds})")
    for game_id, players, _ in cases:
        decisions, per, best = _layers_of(game_id, players, games, rounds)
        print(f"   {game_id} {players}p ({decisions} decisions, {per:.2f} tokens each):")
        for name, value in best.items():
            print(f"      {name}: {value:.1f}")


def _layers_of(
    game_id: str, players: int, games: int, rounds: int
) -> tuple[int, float, dict[str, float]]:
    game, space = monastic.load_game(game_id), rl.codec(game_id, players)
    aec = _pettingzoo(False)(game_id, players)
    played = {seed: aec(seed) for seed in range(games)}
    decisions = sum(len(moves) for moves in played.values())
    tokens = 0

    def native(seed: int) -> None:
        _replay(game, players, seed, played[seed])

    def table_only(seed: int) -> None:
        table = Table(space, game.new_game(players, seed))
        pick = random.Random(seed).randrange
        while not table.is_over():
            seat = table.current()
            assert seat is not None
            legal = table.legal_tokens(seat)
            table.play(seat, legal[pick(len(legal))])

    def table_mask(seed: int) -> None:
        nonlocal tokens
        table = Table(space, game.new_game(players, seed))
        pick = random.Random(seed).randrange
        while not table.is_over():
            seat = table.current()
            assert seat is not None
            legal = np.flatnonzero(table.mask(seat).view(np.bool_))
            table.play(seat, int(legal[pick(legal.size)]))
            tokens += 1

    steps: dict[str, Callable[[int], object]] = {
        "native (legal_actions, apply_quiet)": native,
        "table: legal tokens, pick, play": table_only,
        "table with the mask and the learner's flatnonzero": table_mask,
        "PettingZoo AEC (mask from the info)": aec,
        "OpenSpiel (legal actions)": _openspiel(False)(game_id, players),
    }
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, run in steps.items():
            start = time.process_time()
            for seed in range(games):
                run(seed)
            spent = (time.process_time() - start) / decisions * 1e6
            best[name] = min(best.get(name, spent), spent)
    return decisions, tokens / rounds / decisions, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="search time per position")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--move-seconds", type=float, default=0.1, help="head to head")
    parser.add_argument("--games", type=int, default=6, help="head-to-head games")
    parser.add_argument("--turns", type=int, default=3, help="head-to-head game length")
    parser.add_argument(
        "--play-seconds", type=float, default=1.0, help="random play per round (CPU seconds)"
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--only",
        choices=["speed", "match", "overhead", "parts", "floor", "layers"],
        default=None,
    )
    parser.add_argument("--moments", type=int, default=400, help="part 4's decision moments")
    parser.add_argument("--layer-games", type=int, default=10, help="part 6's games per case")
    parser.add_argument(
        "--before",
        metavar="REVISION",
        help="part 3 also measures this git revision's adapters, interleaved with today's",
    )
    parser.add_argument(
        "--tree",
        action="append",
        metavar="NAME=PATH",
        help="part 3 measures the package in these directories instead (repeatable), e.g."
        " two unpacked compiled wheels: --tree before=DIR --tree now=DIR",
    )
    parser.add_argument(
        "--case",
        action="append",
        metavar="GAME:PLAYERS",
        help="parts 3 and 4 only for these (repeatable), e.g. medieval-monastery:4",
    )
    parser.add_argument(
        "--mode",
        action="append",
        metavar="TEXT",
        help="part 3 only for the modes whose name holds TEXT (repeatable; native always),"
        " e.g. --mode AEC --mode 'legal actions'",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    cases = [c for c in CASES if args.case is None or f"{c[0]}:{c[1]}" in args.case]
    if args.mode:
        cases = [
            (g, n, tuple(m for m in modes if m == "native" or any(t in m for t in args.mode)))
            for g, n, modes in cases
        ]
    if not cases:
        parser.error(f"--case: none of {args.case} is one of part 3's cases")
    if args.worker:
        worker()
        return
    if args.only in (None, "speed"):
        search_speed(args.seconds, args.positions)
    if args.only in (None, "match"):
        head_to_head(args.move_seconds, args.games, args.turns)
    if args.only in (None, "overhead"):
        trees = dict(tree.split("=", 1) for tree in args.tree or [])
        overhead(args.play_seconds, args.rounds, args.before, cases, trees)
    if args.only in (None, "parts"):
        parts(args.moments, cases)
    if args.only in (None, "floor"):
        floor(cases, args.rounds)
    if args.only in (None, "layers"):
        layers(cases, args.layer_games, max(args.rounds, 5))


if __name__ == "__main__":
    main()
