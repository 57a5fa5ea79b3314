"""The research adapters measured, side by side in one run (the ``rl`` extra).

    PYTHONPATH=src python scripts/bench_rl.py [--seconds 0.5] [--games 6] [--rounds 3]

1. Search speed: our ISMCTS and OpenSpiel's Python ``ISMCTSBot`` through the adapter, on the
   same card-game positions (2 and 4 players), the same time each, alternating which goes
   first. Both play random playouts to the end of the game: ours with ``cutoff`` beyond any
   game, ``epsilon=0`` (no heuristic in playouts) and ``bias=0``. Iterations per second.
2. Head to head at equal time per decision: our ``ismcts`` (its own settings) against
   OpenSpiel's ISMCTS with random rollouts, 2-player card game, seats alternating. OpenSpiel
   gets the time for every token, so a straight (several tokens) gives it more time.
3. Adapter overhead: random play through PettingZoo (AEC, reading the mask from the info as
   ``last(observe=False)`` does, and with the full observation) and through OpenSpiel,
   against our native loop (``legal_actions``, a random pick, ``apply_quiet``), in game
   decisions per second; ratios to native.

The machine is shared: the figures are medians over ``--rounds`` interleaved rounds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import monastic
from monastic import bots
from monastic.rl import pettingzoo as mpz
from monastic.rl.openspiel import SHORT_NAMES, wrap

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


def _native(game_id: str, players: int, seed: int) -> int:
    state = monastic.load_game(game_id).new_game(players, seed)
    pick = random.Random(seed).choice
    moves = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply_quiet(seat, pick(state.legal_actions(seat)))
        moves += 1
    return moves


def _pettingzoo(observe: bool) -> Callable[[str, int, int], int]:
    def play(game_id: str, players: int, seed: int) -> int:
        env = mpz.env(game_id, players)
        env.reset(seed=seed)
        pick = random.Random(seed).randrange
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, info = env.last(observe=observe)
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"] if observe else info["action_mask"]
            legal = np.flatnonzero(mask.view(np.bool_))  # 0/1 bytes read as bools: 10x faster
            env.step(int(legal[pick(legal.size)]))
        return len(env.unwrapped.table.moves)

    return play


def _openspiel(game_id: str, players: int, seed: int) -> int:
    state = pyspiel.load_game(
        SHORT_NAMES[game_id], {"players": players, "seed": seed}
    ).new_initial_state()
    pick = random.Random(seed).choice
    while not state.is_terminal():
        state.apply_action(pick(state.legal_actions()))
    return len(state.table.moves)


def overhead(seconds: float, rounds: int) -> None:
    print(f"3. Random play, game decisions per second ({rounds} rounds of {seconds} s each)")
    modes: dict[str, Callable[[str, int, int], int]] = {
        "native": _native,
        "PettingZoo (mask from info)": _pettingzoo(False),
        "PettingZoo (with observation)": _pettingzoo(True),
        "OpenSpiel": _openspiel,
    }
    for game_id, players in ((CARD, 4), ("monasterium", 3), ("monastery", 3)):
        try:
            for play in modes.values():  # untimed: imports, codec tables, caches
                play(game_id, players, 10**6)
        except ValueError as err:  # e.g. a view the observer does not read yet
            print(f"   {game_id} {players}p: not measured ({err})")
            continue
        rates: dict[str, list[float]] = {name: [] for name in modes}
        for r in range(rounds):
            names = list(modes)
            names = names[r % len(names) :] + names[: r % len(names)]
            for name in names:
                moves, seed, start = 0, 0, time.perf_counter()
                while time.perf_counter() - start < seconds:
                    moves += modes[name](game_id, players, seed)
                    seed += 1
                rates[name].append(moves / (time.perf_counter() - start))
        native = statistics.median(rates["native"])
        print(f"   {game_id} {players}p: native {native:.0f}/s")
        for name in list(modes)[1:]:
            rate = statistics.median(rates[name])
            print(f"      {name}: {rate:.0f}/s = {rate / native:.2f}x native")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="search time per position")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--move-seconds", type=float, default=0.1, help="head to head")
    parser.add_argument("--games", type=int, default=6, help="head-to-head games")
    parser.add_argument("--turns", type=int, default=3, help="head-to-head game length")
    parser.add_argument("--play-seconds", type=float, default=2.0, help="random play per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=["speed", "match", "overhead"], default=None)
    args = parser.parse_args()
    if args.only in (None, "speed"):
        search_speed(args.seconds, args.positions)
    if args.only in (None, "match"):
        head_to_head(args.move_seconds, args.games, args.turns)
    if args.only in (None, "overhead"):
        overhead(args.play_seconds, args.rounds)


if __name__ == "__main__":
    main()
