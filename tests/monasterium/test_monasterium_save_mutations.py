"""Every save checked: a mutated save is refused with a ``BadSaveFile`` naming the field, or
it loads, saves exactly as loaded, and plays 200 random moves without an error.

The suite runs every mutation kind on every saved field of three saves (one per player
count, one of them finished) plus a sample over more saves. For the long run set
``MONASTERIUM_MUTATIONS=N`` (N random mutations over every place of every save) and read
the figures with ``-s``::

    MONASTERIUM_MUTATIONS=20000 PYTHONPATH=src python -m pytest -s -n 0 \\
        tests/monasterium/test_monasterium_save_mutations.py
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

from monastic.engine import BadSaveFile
from monastic.games.monasterium import GAME
from save_mutations import KINDS, MAY_LEAVE_OUT, Mutation, judge, places

LONG_RUN = int(os.environ.get("MONASTERIUM_MUTATIONS", "0"))


def _save_after(players: int, seed: int, moves: int | None) -> dict[str, Any]:
    """The save of a random game after ``moves`` moves (None: played to the end)."""
    state = GAME.new_game(players, seed)
    rng = random.Random(seed)
    done = 0
    while not state.is_over() and (moves is None or done < moves):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        done += 1
    saved: dict[str, Any] = json.loads(state.to_json())
    return saved


@cache
def _saves() -> tuple[str, ...]:
    """Saves of 2-4 players at many points of their games, with pending tasks among them."""
    out = [json.dumps(_save_after(n, seed, moves)) for n, seed, moves in _POOL]
    with_tasks = []
    for seed in range(40):
        saved = _save_after(2 + seed % 3, 100 + seed, 40 + 7 * seed)
        if saved["state"]["tasks"]:
            with_tasks.append(json.dumps(saved))
    return (*out, *with_tasks[:6])


_POOL = [(2, 1, 30), (3, 2, 150), (4, 3, None)] + [
    (2 + k % 3, 10 + k, moves) for k, moves in enumerate([0, 5, 60, 120, 200, 260, 320, None])
]


def _run(chosen: list[tuple[int, Mutation]]) -> Counter[str]:
    saves = [json.loads(text) for text in _saves()]
    tally: Counter[str] = Counter()
    crashes = []
    for index, (which, mutation) in enumerate(chosen):
        verdict = judge(GAME, saves[which], mutation, seed=index, may_leave_out=MAY_LEAVE_OUT)
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
            below = [path for path in places(state) if path[0] == field]
            for kind in KINDS:
                rng.shuffle(below)  # the first place where the kind fits
                for path in below:
                    mutation = Mutation(path, kind, rng.randrange(1 << 30))
                    if mutation.apply(state, state["players"]) is not None:
                        chosen.append((which, mutation))
                        break
    start = time.perf_counter()
    tally = _run(chosen)
    _figures("every field, every kind", tally, time.perf_counter() - start)
    assert tally["refused"] > tally["played"] > 0


def test_a_sample_of_all_mutations_of_many_saves() -> None:
    rng = random.Random(29)
    states = [json.loads(text)["state"] for text in _saves()]
    every_place = [(which, path) for which, state in enumerate(states) for path in places(state)]
    count = LONG_RUN or 300
    chosen: list[tuple[int, Mutation]] = []
    while len(chosen) < count:
        which, path = rng.choice(every_place)
        mutation = Mutation(path, rng.choice(KINDS), rng.randrange(1 << 30))
        if mutation.apply(states[which], states[which]["players"]) is not None:
            chosen.append((which, mutation))
    start = time.perf_counter()
    tally = _run(chosen)
    _figures(f"{count} random mutations of {len(states)} saves", tally, time.perf_counter() - start)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("vp", [0, 5000, 0], r"state\.vp\[1\]: must be at most 999, not 5000"),
        ("current", True, r"state\.current: must be a whole number, not True"),
        ("goods", [[2, 2, 1, 0, 0]] * 2, r"state\.goods: must have at least 3 items, not 2"),
        ("buildings", [7] + [-1] * 29, r"state\.buildings\[0\]: must be at most 2, not 7"),
        ("tasks", [[1, 25]], r"state\.tasks\[0\]\[1\]: must be at most 20, not 25 \(in a road_b"),
        ("tasks", [[9]], r"state\.tasks\[0\]: must be a pending task"),
        ("missions", ["A1"] * 6, r"state\.missions\[1\]: mission 'A1' is there twice"),
        ("phase", "lunch", r"state\.phase: must be 'place', 'act' or 'over', not 'lunch'"),
        ("rng", 1.5, r"state\.rng: must be a whole number, not 1\.5"),
    ],
)
def test_a_bad_field_is_named_with_what_is_wrong(field: str, value: Any, message: str) -> None:
    saved = _save_after(3, 5, 0)
    saved["state"][field] = value
    with pytest.raises(BadSaveFile, match=message):
        GAME.from_json(json.dumps(saved))


def test_a_save_loads_in_well_under_a_few_milliseconds() -> None:
    texts = _saves()
    GAME.from_json(texts[0])  # the schemas are built on the first load
    start = time.perf_counter()
    rounds = 20
    for _ in range(rounds):
        for text in texts:
            GAME.from_json(text)
    per_load = (time.perf_counter() - start) / (rounds * len(texts))
    print(f"\n{per_load * 1e3:.2f} ms per load of a save")
    assert per_load < 0.02  # generous: a loaded 2-core machine; about 1 ms when quiet
