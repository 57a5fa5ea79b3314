"""Properties over random legal Monasterium games (2, 3 and 4 players)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from monasterium_pos import consistent

import monastic
from monastic import IllegalAction
from monastic.engine import Record, Rng
from monastic.games.monasterium import GAME, MonasteriumState
from monastic.games.monasterium.catalogue import SUPPLY
from monastic.games.monasterium.strategy import evaluate, greedy_action

SEEDS = st.integers(min_value=0, max_value=2**32)
PLAYERS = st.sampled_from([2, 3, 4])

# A pool of well-formed actions to try against the legality check.
POOL = [
    "place 1",
    "place 6",
    "reroll N1",
    "reroll P3 N2",
    "keep",
    "take 1x1",
    "take 3x3",
    "take 6>2",
    "take 5x2",
    "use std1 I-1",
    "use std1 X-I",
    "use II-1 IV-3",
    "use std2",
    "use std5",
    "use I-1 rosary",
    "use I-3 swap",
    "use II-5 3",
    "use III-2",
    "to RED-B1",
    "to PUR-CH",
    "to BLU-K3",
    "tile RED W-I row",
    "tile YEL W-III none",
    "bonus influence",
    "bonus die",
    "bonus tool",
    "decline",
]


def _state(n: int, seed: int) -> MonasteriumState:
    s = GAME.new_game(n, seed)
    assert isinstance(s, MonasteriumState)
    return s


def _dice_in_round(s: MonasteriumState) -> int:
    return sum(s.held_personal) + sum(s.held_neutral) + sum(sum(f) for f in s.dice_fields[1:])


@settings(max_examples=25, deadline=None)
@given(n=PLAYERS, seed=SEEDS)
def test_random_games_keep_every_invariant(n: int, seed: int) -> None:
    """Goods within the supply, 24 novices each, constant dice per placement, growing VP."""
    s = _state(n, seed)
    r = random.Random(seed)
    steps = 0
    while not s.is_over():
        consistent(s)
        for p in range(n):
            assert all(0 <= g <= total for g, total in zip(s.goods[p], SUPPLY, strict=True))
        if s.phase == "place":
            assert _dice_in_round(s) == sum(s.personal_dice) + n * s.setup.neutral
        seat = s.to_act()[0]
        acts = s.legal_actions(seat)
        assert acts, "a seat to act always has a legal action (S-58)"
        assert len(set(acts)) == len(acts)
        for other in range(n):
            if other != seat:
                assert s.legal_actions(other) == []
        s.apply(seat, r.choice(acts))
        steps += 1
        assert steps < 5000
    consistent(s)
    result = s.result()
    assert len(result.scores) == n and result.winners


@settings(max_examples=20, deadline=None)
@given(n=PLAYERS, seed=SEEDS)
def test_replay_and_save_load_round_trip(n: int, seed: int) -> None:
    """A record replays to the identical state; to_json/from_json is lossless."""
    s = _state(n, seed)
    record = Record("monasterium", n, seed, {}, [])
    r = random.Random(seed ^ 0x5A5A)
    while not s.is_over():
        seat = s.to_act()[0]
        action = r.choice(s.legal_actions(seat))
        record.moves.append((seat, str(action)))
        s.apply(seat, action)
        if len(record.moves) % 37 == 0:
            loaded = GAME.from_json(s.to_json())
            assert loaded.to_dict() == s.to_dict()
            nxt = s.to_act()
            if nxt:
                assert loaded.legal_actions(nxt[0]) == s.legal_actions(nxt[0])
    replayed = monastic.replay(record)
    assert replayed.to_dict() == s.to_dict()
    assert json.loads(GAME.from_json(s.to_json()).to_json()) == json.loads(s.to_json())


@settings(max_examples=15, deadline=None)
@given(n=PLAYERS, seed=SEEDS)
def test_offered_actions_apply_others_refused_unchanged(n: int, seed: int) -> None:
    """Every listed action applies; a well-formed unlisted one raises and changes nothing."""
    s = _state(n, seed)
    r = random.Random(seed)
    steps = 0
    while not s.is_over() and steps < 400:
        seat = s.to_act()[0]
        acts = s.legal_actions(seat)
        if steps % 5 == 0:
            for a in acts[:6]:
                c = s.clone()
                c.apply(seat, str(a))
            texts = {str(a) for a in acts}
            before = s.to_dict()
            for text in POOL:
                if text not in texts:
                    try:
                        s.apply(seat, text)
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError(f"{text} was accepted but not listed")
                    assert s.to_dict() == before
            wrong = (seat + 1) % n
            with pytest.raises(IllegalAction):
                s.apply(wrong, str(acts[0]))
            assert s.to_dict() == before
        s.apply(seat, r.choice(acts))
        steps += 1


@settings(max_examples=10, deadline=None)
@given(n=PLAYERS, seed=SEEDS)
def test_clone_and_determinize_leave_the_source_alone(n: int, seed: int) -> None:
    """Copies are independent; determinize changes only the generator (nothing is hidden)."""
    s = _state(n, seed)
    r = random.Random(seed)
    for _ in range(60):
        if s.is_over():
            break
        seat = s.to_act()[0]
        s.apply(seat, r.choice(s.legal_actions(seat)))
    before = s.to_dict()
    d = s.determinize(0, random.Random(seed))
    assert s.to_dict() == before
    dd = d.to_dict()
    assert dd.pop("rng") != before["rng"]  # the future rolls are reseeded
    before.pop("rng")
    assert dd == before
    c = s.clone()
    if not c.is_over():
        seat = c.to_act()[0]
        c.apply(seat, c.legal_actions(seat)[0])
    s_after = s.to_dict()
    s_after.pop("rng")
    assert s_after == before
    # Nothing is hidden: the views differ only in whose they are and who is asked.
    mine = {"viewer": None, "decision": None}
    assert s.view(0) | mine == s.view(1) | mine


@settings(max_examples=4, deadline=None)
@given(n=PLAYERS, seed=SEEDS)
def test_greedy_and_evaluate_play_whole_games(n: int, seed: int) -> None:
    """greedy_action is always legal; deeper greedy games keep the invariants too."""
    s = _state(n, seed)
    rng = Rng(seed)
    while not s.is_over():
        consistent(s)
        if s.phase == "place":
            assert _dice_in_round(s) == sum(s.personal_dice) + n * s.setup.neutral
        seat = s.to_act()[0]
        a = greedy_action(s, seat, rng)
        assert a in s.legal_actions(seat)
        s.apply(seat, a)
    assert len(evaluate(s)) == n
    assert evaluate(s) == [float(v) for v in s.vp]


def test_random_games_terminate_for_many_seeds() -> None:
    """Random play always reaches the end."""
    for n in (2, 3, 4):
        for seed in range(8):
            s = _state(n, seed)
            r = random.Random(seed)
            steps = 0
            while not s.is_over():
                seat = s.to_act()[0]
                s.apply_unchecked(seat, r.choice(s.legal_actions(seat)))
                steps += 1
                assert steps < GAME.info.max_decisions
            assert s.round == 3 * n
