"""The ISMCTS bot on every registered game: legal choices, and blind to hidden truth."""

from __future__ import annotations

import pytest

import monastic
from monastic.bots.ismcts import ISMCTSBot, parse_spec
from monastic.bots.simple import RandomBot
from monastic.engine import Rng, State


def positions(game_id: str, every: int, count: int) -> list[State]:
    """States with a real choice along a random 3-player game."""
    state = monastic.load_game(game_id).new_game(3, 11)
    chooser = RandomBot(11)
    found: list[State] = []
    step = 0
    while not state.is_over() and len(found) < count:
        seat = state.to_act()[-1]
        if step % every == 0 and len(state.legal_actions(seat)) > 1:
            found.append(state.clone())
        seat = state.to_act()[0]
        state.apply(seat, chooser.choose(state, seat))
        step += 1
    return found


@pytest.mark.parametrize("game_id", monastic.game_ids())
def test_choices_are_legal_and_honest(game_id: str) -> None:
    for number, state in enumerate(positions(game_id, every=17, count=2)):
        seat = state.to_act()[-1]
        scrambled = state.determinize(seat, Rng(300 + number))
        spec = parse_spec("iterations=6,cutoff=6")
        chosen = ISMCTSBot(number, spec).analyse(state, seat)
        assert chosen[0][0] in state.legal_actions(seat)
        assert chosen == ISMCTSBot(number, spec).analyse(scrambled, seat)
