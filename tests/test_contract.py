"""The engine contract, checked over random legal play of every registered game.

design.md "The engine contract"; style.md habit 9 (one contract suite over all games).
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import monastic
from contract_helpers import play_out, random_walk
from monastic.engine import IllegalAction, Match, events_for

GAMES = monastic.game_ids()
CASES = [
    (game_id, players)
    for game_id in GAMES
    for players in range(
        monastic.load_game(game_id).info.min_players,
        monastic.load_game(game_id).info.max_players + 1,
    )
]
STEP_CAP = 600  # enough to cross every kind of decision; full games are played elsewhere


def _snapshot(state: monastic.State) -> str:
    return state.to_json()


@pytest.mark.parametrize(("game_id", "players"), CASES)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_keeps_the_contract(game_id: str, players: int, seed: int) -> None:
    """to_act/legal_actions agree; offered actions apply; unoffered ones are refused unchanged;
    views are JSON and equal for every world the seat cannot tell apart; JSON round-trips."""
    game = monastic.load_game(game_id)
    rng = random.Random(seed ^ 0x5EED)
    seen: list[object] = []
    for match, seat, action in random_walk(game_id, players, seed, STEP_CAP):
        state = match.state
        acting = state.to_act()
        assert acting == sorted(acting) and acting
        for other in range(players):
            assert bool(state.legal_actions(other)) == (other in acting)
        legal = state.legal_actions(seat)
        assert action in legal
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        if rng.random() < 0.15:
            before = _snapshot(state)
            # Text form round-trips through the parser.
            for a in rng.sample(legal, min(5, len(legal))):
                assert game.parse_action(str(a)) == a
            # Another offered action applies to a copy; the source stays unchanged.
            other_action = rng.choice(legal)
            copy = state.clone()
            copy.apply(seat, other_action)
            assert _snapshot(state) == before
            # An action not offered is refused and changes nothing.
            for candidate in seen[-20:]:
                if candidate not in legal:
                    with pytest.raises(IllegalAction):
                        state.apply(seat, candidate)
                    assert _snapshot(state) == before
                    break
            # Views: JSON-ready, and blind to what the seat cannot know.
            for viewer in [None, *range(players)]:
                json.dumps(state.view(viewer))
            for viewer in range(players):
                world = state.determinize(viewer, random.Random(rng.random()))
                assert world.view(viewer) == state.view(viewer), "view depends on hidden data"
                assert world.legal_actions(viewer) == state.legal_actions(viewer)
            assert _snapshot(state) == before, "determinize changed the source"
            # Save and load round-trip.
            loaded = game.from_json(before)
            assert _snapshot(loaded) == before
            assert loaded.legal_actions(seat) == legal
        seen.extend(legal[:3])


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32 - 1))
def test_replay_reproduces_the_game(game_id: str, seed: int) -> None:
    """A record (game, options, seed, moves) replays to the identical state (design.md)."""
    game = monastic.load_game(game_id)
    players = game.default_players
    match = Match.new(game_id, players, seed)
    for walked, _, _ in random_walk(game_id, players, seed, STEP_CAP):
        match = walked
    replayed = monastic.replay(match.record.to_json())
    assert replayed.to_json() == match.state.to_json()
    loaded = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert loaded.state.to_json() == match.state.to_json()


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32 - 1))
def test_quiet_play_reaches_the_same_states(game_id: str, seed: int) -> None:
    """``apply_quiet`` (search's path) changes a state exactly as ``apply_unchecked`` does."""
    game = monastic.load_game(game_id)
    loud = game.new_game(game.default_players, seed)
    quiet = loud.clone()
    picker = random.Random(seed)
    for _ in range(STEP_CAP):
        acting = loud.to_act()
        if not acting:
            break
        seat = acting[0]
        action = picker.choice(loud.legal_actions(seat))
        loud.apply_unchecked(seat, action)
        quiet.apply_quiet(seat, action)
        assert quiet.to_json() == loud.to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_deepcopy_and_pickle_give_the_same_game(game_id: str) -> None:
    """``copy.deepcopy`` and ``pickle`` (what a learner's or a worker pool's code does to a
    state) give an independent state with the same data and the same decisions, in the
    compiled build too."""
    game = monastic.load_game(game_id)
    state = play_out(game.new_game(game.default_players, 11), 11, max_steps=60)
    for copied in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert type(copied) is type(state)
        assert copied.to_json() == state.to_json()
        seat = state.to_act()[0]
        assert copied.legal_actions(seat) == state.legal_actions(seat)
        copied.apply_quiet(seat, copied.legal_actions(seat)[0])
        assert copied.to_json() != state.to_json()  # independent


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_draws_only_from_the_callers_rng(game_id: str) -> None:
    """determinize never consumes the state's generator, and reseeds the copy's (design.md)."""
    game = monastic.load_game(game_id)
    state = game.new_game(game.default_players, seed=11)
    before = state.to_json()
    a = state.determinize(0, random.Random(1))
    b = state.determinize(0, random.Random(1))
    assert state.to_json() == before
    assert a.to_json() == b.to_json()
    assert json.loads(a.to_json())["state"] != json.loads(before)["state"]


@pytest.mark.parametrize("game_id", GAMES)
def test_events_are_filtered_per_seat(game_id: str) -> None:
    """Every event is visible to the spectator only in its public form."""
    game = monastic.load_game(game_id)
    state = game.new_game(game.default_players, seed=3)
    rng = random.Random(3)
    for _ in range(200):
        if state.is_over():
            break
        seat = state.to_act()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in events:
            if event.audience is not None and None not in event.audience:
                assert event.for_seat(None) == (
                    None if event.public is None else {"kind": event.kind, **event.public}
                )
        json.dumps(events_for(events, None))


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game_under_any_hash_seed(game_id: str) -> None:
    """Results never depend on set or dict hash order (issue: PYTHONHASHSEED)."""
    code = (
        "import random, monastic\n"
        f"g = monastic.load_game({game_id!r}); s = g.new_game(g.default_players, 5)\n"
        "r = random.Random(5)\n"
        "for _ in range(3000):\n"
        "    if s.is_over(): break\n"
        "    seat = s.to_act()[0]; s.apply(seat, r.choice(s.legal_actions(seat)))\n"
        "print(s.to_json())\n"
    )
    outs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outs.append(
            subprocess.run(
                [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
            ).stdout
        )
    assert outs[0] == outs[1]


def test_game_registry() -> None:
    """design.md: monastic.game_ids(); load_game names the known ids on a bad id."""
    assert "medieval-monastery" in monastic.game_ids()
    with pytest.raises(ValueError, match="known games"):
        monastic.load_game("chess")


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_options_are_refused(game_id: str) -> None:
    """A bad option gets a clear error naming it (BadOption is a ValueError)."""
    game = monastic.load_game(game_id)
    with pytest.raises(monastic.BadOption, match="no_such_option"):
        game.new_game(game.default_players, 1, {"no_such_option": 1})
    with pytest.raises(monastic.BadOption, match="players"):
        game.new_game(game.info.max_players + 1, 1)


@pytest.mark.parametrize("game_id", GAMES)
def test_broken_save_files_are_refused(game_id: str) -> None:
    """A broken save file gets a clear BadSaveFile, never a crash or a half-loaded game."""
    game = monastic.load_game(game_id)
    good = json.loads(game.new_game(game.default_players, 2).to_json())
    for text in (
        "",
        "{",
        "[]",
        json.dumps({**good, "game": "other"}),
        json.dumps({**good, "version": 99}),
        json.dumps({**good, "state": {}}),
    ):
        with pytest.raises(monastic.BadSaveFile):
            game.from_json(text)
