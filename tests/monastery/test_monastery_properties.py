"""Properties over random legal games: conservation, no leaks, replay, save/load, validator."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import movement_validator as mv
import placement_validator as pv
import pytest
import scoring_validator as sv
from hypothesis import given, settings
from hypothesis import strategies as hs
from mon_helpers import GAME

from monastic.engine import IllegalAction, Match, Rng
from monastic.games.monastery.actions import BuyLetter, Lay, Move
from monastic.games.monastery.catalogue import INSTANCES, TYPE_BY_ID
from monastic.games.monastery.game import MonasteryState
from monastic.games.monastery.rules import scoring
from monastic.games.monastery.rules.geometry import cell_key, placement_problem
from monastic.games.monastery.strategy import greedy_action

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"variant": "team"}),
    (3, {"variant": "simple"}),
    (2, {"start_hand": True, "vow_of_silence": True}),
]


def check_conservation(st: MonasteryState) -> None:
    """53 tiles + Abbey, 5 monks per colour, 36 letters, 20 blessings."""
    laid = [i for i in range(53) if st.tile_cell[i] >= 0]
    out_passages = [
        i
        for i, t in enumerate(INSTANCES)
        if t.owner_colour >= 0 and t.owner_colour not in st.seat_colour
    ]
    everything = sorted(laid + st.bag + [t for h in st.hands for t in h] + out_passages)
    assert everything == list(range(53))
    assert len(st.grid) == len(laid) + 6
    for c in range(4):
        locs = st.monk_location[c * 5 : c * 5 + 5]
        assert all(v == -3 for v in locs) == (c not in st.seat_colour)
    on_board = sum(1 for ch in st.board_letters if ch not in ("", "+"))
    on_tracks = sum(1 for c in st.seat_colour for v in st.tracks[c] if v)
    assert on_board + on_tracks == 9 * st.n
    assert sum(1 for c in range(4) if c not in st.seat_colour for v in st.tracks[c] if v) == 0
    assert sum(st.blessings) + sum(st.tile_blessings) <= 20 and min(st.blessings) >= 0
    for m in range(20):
        if st.monk_box[m] >= 0:
            assert (
                st.tile_box_monks[st.monk_location[m]][st.monk_box[m]] == m
                and not st.tile_finished[st.monk_location[m]]
            )
    for i, boxes in enumerate(st.tile_box_monks):
        for b, m in enumerate(boxes):
            if m >= 0:
                assert st.monk_location[m] == i and st.monk_box[m] == b


def check_no_leak(st: MonasteryState, events: list[Any], actor: int) -> None:
    for seat in [None, *range(st.n)]:
        v = st.view(seat)
        json.dumps(v)
        for p in v["players"]:
            if p["seat"] != seat:
                assert "hand" not in p
                # M-D15: blessing counts are public
                assert p["blessings"] == st.blessings[p["seat"]]
        for t in v["tiles"]:
            i = st.grid[(t["x"] + 512) * 1024 + t["y"] + 512]
            hidden = (
                not st.tile_finished[i]
                and INSTANCES[i].category == "building"
                and st.tile_laid_by[i] != seat
            )
            assert ("tile" in t) != hidden
            assert "value" not in t or not hidden
        for e in events:
            seen = e.for_seat(seat)
            json.dumps(seen)
            if seen is None or e.audience is None or (seat is not None and seat in e.audience):
                continue
            assert "tile" not in seen and "held" not in seen, (e, seat)
            assert "rot" not in seen, (e, seat)  # rotation + edges would hint at the type


def _variant_of(a: Any) -> Any:
    if isinstance(a, Lay):
        return dataclasses.replace(a, x=a.x + 1)
    if isinstance(a, Move):
        return dataclasses.replace(a, cost=a.cost + 1)
    if isinstance(a, BuyLetter):
        return dataclasses.replace(a, space=(a.space + 1) % 9)
    return None


def check_scoring(st: MonasteryState, scored: set[tuple[int, int]]) -> None:
    """At the first decision of each scoring, S1 (and S4 if already done) match the validator."""
    if st.is_over() or st.phase != "score" or st.pending or (st.round, st.turn) in scored:
        return
    if st.used_symbol_tiles or st.prayed:
        return
    scored.add((st.round, st.turn))
    seat = st.turn_order[st.turn]
    view = st.view(None)
    colour = view["players"][seat]["colour"]
    expected = sv.building(view, colour)
    if st.scoring_stage == 1:
        expected += sv.toil(view, colour, st.simple)
    assert st.scoring_points == expected, (st.round, seat, st.scoring_points, expected)


def check_moves(st: MonasteryState, seat: int, legal: list[Any]) -> None:
    """The independent movement validator lists exactly the offered moves."""
    if st.phase != "step" or st.pending or st.encouraging:
        return
    view = st.view(None)
    colour = view["players"][seat]["colour"]
    stopped = set()
    for m in st.stopped_monks:
        x, y = (
            st.tile_cell[st.monk_location[m]] // 1024 - 512,
            st.tile_cell[st.monk_location[m]] % 1024 - 512,
        )
        stopped.add(f"{x},{y}/{st.monk_box[m]}")
    expected = mv.moves(view, colour, st.movement_points, stopped, st.team)
    offered = set()
    for a in legal:
        if isinstance(a, Move):
            text = str(a).split()
            offered.add((text[1], text[2], int(text[3][1:])))
    assert offered == expected, offered ^ expected


def check_validator(st: MonasteryState, seat: int, legal: list[Any], r: random.Random) -> None:
    check_moves(st, seat, legal)
    if st.phase != "step" or st.pending or st.laid_this_step or st.encouraging:
        return
    board = pv.Board(st.view(None), {})
    offered = {
        (a.tile, a.x, a.y, pv.rotate(pv.TILES[a.tile]["edges"], a.rot))
        for a in legal
        if isinstance(a, Lay)
    }
    for tile, x, y, edges in offered:
        rot = next(q for q in range(4) if pv.rotate(pv.TILES[tile]["edges"], q) == edges)
        assert pv.legal(board, tile, x, y, rot), (tile, x, y, rot)
    ids = sorted(
        {
            INSTANCES[t].id
            for t in st.hands[seat]
            if INSTANCES[t].owner_colour in (-1, st.seat_colour[seat])
        }
    )
    if not ids:
        return
    xs = [xy[0] for xy in board.cells] + [0, 2]
    ys = [xy[1] for xy in board.cells] + [0, 1]
    for _ in range(40):
        tile = r.choice(ids)
        x = r.randint(min(xs) - 1, max(xs) + 1)
        y = r.randint(min(ys) - 1, max(ys) + 1)
        rot = r.randrange(4)
        edges = pv.rotate(pv.TILES[tile]["edges"], rot)
        problem = placement_problem(st, TYPE_BY_ID[tile], cell_key(x, y), rot)
        assert (problem == "") == ((tile, x, y, edges) in offered), (tile, x, y, rot, problem)
        assert pv.legal(board, tile, x, y, rot) == ((tile, x, y, edges) in offered), (
            tile,
            x,
            y,
            rot,
        )


def play_checked(
    seed: int, players: int, options: dict[str, Any], deep: bool, greedy: float = 0.0
) -> MonasteryState:
    st = GAME.new_game(players=players, seed=seed, options=options)
    assert isinstance(st, MonasteryState)
    r = random.Random(seed)
    rng = Rng(seed)
    moves = []
    scored: set[tuple[int, int]] = set()
    while not st.is_over():
        (seat,) = st.to_act()
        for other in range(st.n):
            if other != seat:
                assert st.legal_actions(other) == []
        legal = st.legal_actions(seat)
        assert legal
        if deep:
            check_validator(st, seat, legal, r)
            if st.phase == "score" and not st.pending:
                # the cheap shortcuts agree with the full lists
                assert scoring.has_stage0(st, seat) == bool(scoring.stage0(st, seat))
                assert scoring.can_buy(st, seat) == bool(scoring.stage1(st, seat))
        a = greedy_action(st, seat, rng) if r.random() < greedy else r.choice(legal)
        bad = _variant_of(a)
        if deep and bad is not None and bad not in legal:
            before = st.to_json()
            with pytest.raises(IllegalAction):
                st.apply(seat, bad)
            assert st.to_json() == before
        assert GAME.parse_action(str(a)) == a
        events = st.apply(seat, str(a))
        moves.append((seat, str(a)))
        if deep:
            check_conservation(st)
            check_no_leak(st, events, seat)
            check_scoring(st, scored)
            if len(moves) % 25 == 0 and not st.is_over():
                text = st.to_json()
                assert GAME.from_json(text).to_json() == text
                d = st.determinize(seat, random.Random(len(moves)))
                assert d.view(seat) == st.view(seat)
    res = st.result()
    assert len(res.scores) == players and res.winners
    # replay gives the identical state
    again = GAME.new_game(players=players, seed=seed, options=options)
    for s, text in moves:
        again.apply(s, text)
    assert again.to_json() == st.to_json()
    return st


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_random_games_properties(players: int, options: dict[str, Any]) -> None:
    """Conservation, no leaks, replay, save/load, independent placement validator."""
    for seed in range(2):
        play_checked(seed, players, options, deep=True)


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_mixed_greedy_games_properties(players: int, options: dict[str, Any]) -> None:
    """The same checks on deeper games (mostly greedy players buy, pray, imprison)."""
    play_checked(7, players, options, deep=True, greedy=0.8)


@settings(max_examples=20, deadline=None)
@given(hs.integers(0, 10**9), hs.sampled_from(VARIANTS))
def test_hypothesis_random_games(seed: int, variant: tuple[int, dict[str, Any]]) -> None:
    players, options = variant
    play_checked(seed, players, options, deep=False)


def test_determinize_continues_legally() -> None:
    """A determinized copy plays on to a legal end, and never touches the source."""
    st = GAME.new_game(players=4, seed=3)
    r = random.Random(3)
    for _ in range(150):
        (seat,) = st.to_act()
        st.apply(seat, r.choice(st.legal_actions(seat)))
    before = st.to_json()
    for k in range(4):
        d = st.determinize(k, random.Random(k))
        assert d.view(k) == st.view(k)
        check_conservation(d)
        while not d.is_over():
            (seat,) = d.to_act()
            d.apply(seat, r.choice(d.legal_actions(seat)))
    assert st.to_json() == before


def test_match_record_round_trip() -> None:
    """A Match save file (record + state) reloads and replays to the same state."""
    match = Match.new("monastery", 3, 11, {"variant": "simple"})
    r = random.Random(11)
    for _ in range(300):
        if match.state.is_over():
            break
        (seat,) = match.state.to_act()
        match.apply(seat, r.choice(match.state.legal_actions(seat)))
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert again.state.to_json() == match.state.to_json()


def test_hash_seed_does_not_change_a_game() -> None:
    """Nothing depends on set or dict order: two hash seeds play the same game."""
    import os
    import subprocess
    import sys

    code = (
        "import random, monastic\n"
        "from monastic.engine import Rng\n"
        "from monastic.games.monastery.strategy import greedy_action\n"
        "st = monastic.load_game('monastery').new_game(players=3, seed=4)\n"
        "r = random.Random(4); rng = Rng(4)\n"
        "while not st.is_over():\n"
        "    s = st.to_act()[0]\n"
        "    d = st.determinize(s, r)\n"
        "    a = greedy_action(d, s, rng) if r.random() < 0.6 else r.choice(st.legal_actions(s))\n"
        "    st.apply(s, a)\n"
        "print(st.to_json())\n"
    )
    outs = []
    for hash_seed in ("1", "777"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outs.append(done.stdout)
    assert outs[0] == outs[1] and outs[0]
