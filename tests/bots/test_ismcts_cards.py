"""The ISMCTS bot on Medieval Monastery: hidden hands, simultaneous bids and gifts."""

from __future__ import annotations

import pytest

import monastic
from monastic.bots.ismcts import ISMCTSBot, parse_spec
from monastic.bots.simple import RandomBot
from monastic.engine import Rng, State

GAME = "medieval-monastery"
pytestmark = pytest.mark.skipif(GAME not in monastic.game_ids(), reason="game not installed")


def searcher(seed: int, spec: str = "iterations=20,cutoff=12") -> ISMCTSBot:
    return ISMCTSBot(seed, parse_spec(spec))


def random_states(seed: int, steps: int) -> list[State]:
    """States along one random game with 2 turns, copied every step."""
    state = monastic.load_game(GAME).new_game(3, seed, {"turns": 2})
    chooser = RandomBot(seed)
    seen = []
    while not state.is_over() and len(seen) < steps:
        seen.append(state.clone())
        seat = state.to_act()[0]
        state.apply(seat, chooser.choose(state, seat))
    return seen


def test_simultaneous_choices_get_legal_answers() -> None:
    joint = [s for seed in range(4) for s in random_states(seed, 400) if len(s.to_act()) > 1]
    assert joint, "no simultaneous decision met"
    for index, state in enumerate(joint[:4]):
        for seat in state.to_act():
            assert searcher(index).choose(state, seat) in state.legal_actions(seat)


def test_honesty_on_hidden_hands() -> None:
    # Choices with a real alternative, at the start, mid-game and in simultaneous steps.
    states = [s for s in random_states(5, 120) if len(s.legal_actions(s.to_act()[-1])) > 1]
    for number, state in enumerate(states[::20]):
        seat = state.to_act()[-1]
        scrambled = state.determinize(seat, Rng(77 + number))
        assert scrambled.to_json() != state.to_json()
        first = searcher(3).analyse(state, seat)
        assert first == searcher(3).analyse(scrambled, seat)


def test_beats_random_more_often_than_not() -> None:
    won = 0.0
    games = 6
    for game in range(games):
        seat = game % 2
        state = monastic.load_game(GAME).new_game(2, 500 + game, {"turns": 2})
        bots = {seat: searcher(game), 1 - seat: RandomBot(game)}
        while not state.is_over():
            for s in state.to_act():
                state.apply(s, bots[s].choose(state, s))
        won += state.result().reward(seat)
    assert won / games > 0.5
