"""Every save checked: a mutated Monastery save is refused with a ``BadSaveFile`` naming the
field, or it loads, saves exactly as loaded, and plays 200 random moves without an error.

The mutations (wrong type, out of range, moved to another seat, duplicated, missing, too
long or short, an unknown field) are the game-independent ones of
``tests/save_mutations.py``. The suite runs every kind on every saved field of
three saves (one per player count, one finished) plus a sample over more saves. For the long
run set ``MONASTERY_MUTATIONS=N`` and read the figures with ``-s``::

    MONASTERY_MUTATIONS=5000 PYTHONPATH=src python -m pytest -s -n 0 \\
        tests/monastery/test_monastery_save_mutations.py
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter
from functools import cache
from typing import Any

import pytest
from mon_helpers import GAME, empty, give, put

import save_mutations as SM
from monastic.engine import BadSaveFile

LONG_RUN = int(os.environ.get("MONASTERY_MUTATIONS", "0"))


def _save_after(players: int, seed: int, moves: int | None, **options: Any) -> dict[str, Any]:
    """The save of a random game after ``moves`` moves (None: played to the end)."""
    state = GAME.new_game(players, seed, options)
    rng = random.Random(seed)
    done = 0
    while not state.is_over() and (moves is None or done < moves):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        done += 1
    saved: dict[str, Any] = json.loads(state.to_json())
    return saved


_POOL: list[tuple[int, int, int | None, dict[str, Any]]] = [
    (2, 1, 120, {}),
    (3, 2, 400, {}),
    (4, 3, None, {}),
    (4, 4, 250, {"variant": "team"}),
    (3, 5, 2, {"start_hand": True}),
    (2, 6, 600, {"variant": "simple"}),
    (4, 7, 30, {}),
    (3, 8, None, {}),
]


@cache
def _saves() -> tuple[str, ...]:
    """Saves of 2-4 players at many points of their games, with pending decisions among them."""
    out = [json.dumps(_save_after(n, seed, moves, **opts)) for n, seed, moves, opts in _POOL]
    return (*out, *(json.dumps(_save_pending(2 + k % 3, 100 + k, 40 * k)) for k in range(4)))


def _save_pending(players: int, seed: int, moves: int) -> dict[str, Any]:
    """The save of a random game at its first pending decision after ``moves`` moves."""
    state = GAME.new_game(players, seed)
    rng = random.Random(seed)
    done = 0
    while not (state.is_over() or (done >= moves and state.to_dict()["pending"])):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        done += 1
    saved: dict[str, Any] = json.loads(state.to_json())
    return saved


def judge(saved: dict[str, Any], mutation: Any, moves: int = 200, seed: int = 0) -> Any:
    """The shared judge; Monastery's state counts its players in ``n``."""
    return SM.judge(GAME, saved, mutation, moves, seed, players_key="n")


def _run(chosen: list[tuple[int, Any]]) -> Counter[str]:
    saves = [json.loads(text) for text in _saves()]
    tally: Counter[str] = Counter()
    crashes = []
    for index, (which, mutation) in enumerate(chosen):
        verdict = judge(saves[which], mutation, seed=index)
        tally[verdict.outcome] += 1
        if verdict.outcome == "crash":
            crashes.append(verdict.detail)
    assert not crashes, f"{len(crashes)} crashes, e.g. {crashes[:3]}"
    return tally


def _figures(name: str, tally: Counter[str], seconds: float) -> None:
    tried = tally["refused"] + tally["played"]
    print(
        f"\n{name}: {tried} mutated saves in {seconds:.1f} s: {tally['refused']} refused,"
        f" {tally['played']} loaded and played 200 moves, {tally['crash']} crashes"
        f" ({tally['unchanged']} mutations did not fit their place)"
    )


def test_every_kind_of_mutation_of_every_field_is_refused_or_plays_on() -> None:
    saves = [json.loads(text) for text in _saves()[:3]]
    rng = random.Random(17)
    chosen = []
    for which, saved in enumerate(saves):
        state = saved["state"]
        for field in state:
            below = [path for path in SM.places(state) if path[0] == field]
            for kind in SM.KINDS:
                rng.shuffle(below)  # the first place where the kind fits
                for path in below:
                    mutation = SM.Mutation(path, kind, rng.randrange(1 << 30))
                    if mutation.apply(state, state["n"]) is not None:
                        chosen.append((which, mutation))
                        break
    start = time.perf_counter()
    tally = _run(chosen)
    _figures("every field, every kind", tally, time.perf_counter() - start)
    assert tally["refused"] > tally["played"] > 0


def test_a_sample_of_all_mutations_of_many_saves() -> None:
    rng = random.Random(29)
    states = [json.loads(text)["state"] for text in _saves()]
    every_place = [(which, path) for which, state in enumerate(states) for path in SM.places(state)]
    count = LONG_RUN or 300
    chosen: list[tuple[int, Any]] = []
    while len(chosen) < count:
        which, path = rng.choice(every_place)
        mutation = SM.Mutation(path, rng.choice(SM.KINDS), rng.randrange(1 << 30))
        if mutation.apply(states[which], states[which]["n"]) is not None:
            chosen.append((which, mutation))
    start = time.perf_counter()
    tally = _run(chosen)
    _figures(f"{count} random mutations of {len(states)} saves", tally, time.perf_counter() - start)


def _two_tiles_on_one_cell(state: dict[str, Any]) -> None:
    first, second = state["laid_order"][:2]
    state["tile_cell"][second] = state["tile_cell"][first]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.update(abbot=9), r"^state\.abbot: must be at most 3, not 9"),
        (lambda s: s.update(turn=True), r"^state\.turn: must be a whole number, not True"),
        (lambda s: s["blessings"].__setitem__(1, -2), r"^state\.blessings\[1\]: must be at least"),
        (lambda s: s["tile_laid_by"].__setitem__(0, 7), r"^state\.tile_laid_by\[0\]: must be at"),
        (_two_tiles_on_one_cell, r"^state\.tile_cell\[\d+\]: a cell with two tiles"),
        (lambda s: s["bag"].append(s["bag"][0]), r"^state\.bag\[\d+\]: tile \d+ is also at"),
        (lambda s: s["hands"][0].insert(0, s["bag"].pop()), r"^state\.hands\[0\]: tiles are kept"),
        (lambda s: s["monk_location"].__setitem__(0, 52), r"^state\.monk_location\[0\]: monk 0"),
        (
            lambda s: s["tracks"][0].__setitem__(0, 1),
            r"^state\.board_letters: 3 letters 'L' on the board and the tracks; the rows in",
        ),
        (lambda s: s.update(phase="lunch"), r"^state\.phase: must be 'starthand', "),
        (lambda s: s.update(rng=1.5), r"^state\.rng: must be a whole number, not 1\.5"),
        (lambda s: s["pending"].append([7, 0, 0]), r"^state\.pending\[0\]: must be a pending"),
        (lambda s: s.update(grid=[]), r"^state\.grid: must map the laid tiles"),
        (lambda s: s.pop("hands"), r"^state\.hands: is missing"),
        (lambda s: s.update(n=9), r"^state\.n: must be 2, 3 or 4, not 9"),
    ],
)
def test_a_bad_field_is_named_with_what_is_wrong(change: Any, message: str) -> None:
    """Impossible states are refused naming the field: two tiles on one cell, an Abbot seat
    9, negative blessings, a tile laid by seat 7, a tile twice, a letter twice, ..."""
    saved = _save_after(4, 5, 40)
    change(saved["state"])
    with pytest.raises(BadSaveFile, match=message):
        GAME.from_json(json.dumps(saved))


def test_every_state_of_random_games_passes_the_checks() -> None:
    """No false alarm: each state a game goes through saves and loads as it was."""
    for players, seed, options in ((2, 11, {}), (3, 12, {"start_hand": True}), (4, 13, {})):
        state = GAME.new_game(players, seed, options)
        rng = random.Random(seed)
        while True:
            text = state.to_json()
            assert GAME.from_json(text).to_json() == text
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_save_loads_in_a_few_milliseconds() -> None:
    texts = _saves()
    GAME.from_json(texts[0])
    start = time.perf_counter()
    rounds = 10
    for _ in range(rounds):
        for text in texts:
            GAME.from_json(text)
    per_load = (time.perf_counter() - start) / (rounds * len(texts))
    print(f"\n{per_load * 1e3:.2f} ms per load of a save")
    assert per_load < 0.03  # generous: a loaded 2-core machine


def test_a_laid_map_that_breaks_the_laying_rules_is_refused() -> None:
    """L2 and L3 hold between every two laid tiles: a path turned into a closed side, or a
    brown tile beside the (grey) Abbey, is refused naming the tile's field."""
    st = empty()
    give(st, 0, "PATH_I")
    st.apply(0, "lay PATH_I 1,2 r0")
    saved = json.loads(st.to_json())
    path = st.laid_order[0]
    saved["state"]["tile_rotation"][path] = 1
    with pytest.raises(BadSaveFile, match=rf"^state\.tile_rotation\[{path}\]: .* closed side"):
        GAME.from_json(saved)
    st = empty()
    smithy = put(st, "SMITHY", 1, 2)
    with pytest.raises(BadSaveFile, match=rf"^state\.tile_cell\[{smithy}\]: .*grey and brown"):
        GAME.from_json(st.to_json())
