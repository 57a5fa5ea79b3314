"""The take-back rule (monastic.engine.undo) on the real games: sealed moves are exactly
those that moved the generator, showed something in private, or taught the mover something
(judged here with many more sampled worlds than the rule uses); a window closes at another
seat's move."""

from __future__ import annotations

import random

import pytest

import monastic
from monastic import bots
from monastic.engine.undo import Step, seal_reason, undoable

GAMES = [("medieval-monastery", {"turns": 2}), ("monasterium", {}), ("monastery", {})]


def test_only_the_latest_own_open_moves_may_be_taken_back() -> None:
    steps = [Step(0, True), Step(1, False), Step(1, False)]
    assert undoable(steps, 1) == 2
    assert undoable(steps, 0) == 0  # another seat acted since
    assert undoable([*steps, Step(1, True)], 1) == 0  # the last one revealed something
    assert undoable([*steps, Step(1, True), Step(1, False)], 1) == 1
    assert undoable(steps, 1, over=True) == 0
    assert undoable([], 0) == 0


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_the_rule_seals_what_revealed_something(game_id: str, options: dict[str, object]) -> None:
    game = monastic.load_game(game_id)
    state = game.new_game(3, seed=12, options=options)
    bot = bots.make("random", seed=3)
    reasons: dict[str | None, int] = {}
    sampler = random.Random(5)
    while not state.is_over():
        seat = state.to_act()[0]
        action = bot.choose(state, seat)
        before = state.clone()
        events = state.apply(seat, action)
        reason = seal_reason(before, seat, action, state, events, seed=sampler.getrandbits(64))
        reasons[reason] = reasons.get(reason, 0) + 1
        if reason is None:
            # An open move taught the mover nothing: in many more sampled worlds the same
            # action leaves the mover the same view, and no private event came of it.
            assert all(event.audience is None for event in events)
            seen = state.view(seat)
            for _ in range(6):
                world = before.determinize(seat, sampler.getrandbits(64))
                world.apply_unchecked(seat, action)
                assert world.view(seat) == seen
        elif reason == "a chance outcome was revealed":
            assert before.rng.state != state.rng.state  # type: ignore[attr-defined]
    assert reasons.get(None, 0) > 0, reasons  # every game has decisions that can be taken back
    assert sum(n for r, n in reasons.items() if r) > 0, reasons
    assert reasons.get("the game is over") == 1


def test_a_judged_move_leaves_the_state_before_it_alone() -> None:
    game = monastic.load_game("monastery")
    state = game.new_game(2, seed=4)
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0]
    before = state.clone()
    saved = before.to_json()
    events = state.apply(seat, action)
    seal_reason(before, seat, action, state, events, seed=1)
    assert before.to_json() == saved
