"""Every save checked: a mutated save is refused with a ``BadSaveFile`` naming the field, or
it loads, saves exactly as loaded, and plays 200 random moves without an error.

The mutations are the shared kit's (``tests/save_mutations.py``: a wrong type, a
value out of range, moved to another seat, duplicated, missing, a list too long or too
short, an unknown field), made on saves of random games of every size. The suite runs every
kind on every saved field of three saves plus a sample over more saves. For the long run
set ``MEDIEVAL_MONASTERY_MUTATIONS=N`` and read the figures with ``-s``::

    MEDIEVAL_MONASTERY_MUTATIONS=5000 PYTHONPATH=src python -m pytest -s -n 0 \\
        tests/medieval_monastery/test_save_mutations.py
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
from hypothesis import given, settings
from hypothesis import strategies as st

import save_mutations as KIT
from monastic.engine import BadSaveFile
from monastic.games.medieval_monastery import GAME

LONG_RUN = int(os.environ.get("MEDIEVAL_MONASTERY_MUTATIONS", "0"))


def _save_after(players: int, seed: int, moves: int | None) -> dict[str, Any]:
    """The save of a random game after ``moves`` moves (None: played to the end)."""
    state = GAME.new_game(players, seed)
    rng = random.Random(seed)
    done = 0
    while not state.is_over() and (moves is None or done < moves):
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        done += 1
    saved: dict[str, Any] = json.loads(state.to_json())
    return saved


_POOL = [(2, 1, 30), (3, 2, 150), (6, 3, None)] + [
    (2 + k % 5, 10 + k, moves) for k, moves in enumerate([0, 5, 60, 120, 200, 260, 320, None])
]


@cache
def _saves() -> tuple[str, ...]:
    """Saves of 2-6 players at many points of their games, with every kind of decision."""
    out = [json.dumps(_save_after(n, seed, moves)) for n, seed, moves in _POOL]
    steps: set[str] = set()
    for seed in range(60):
        saved = _save_after(2 + seed % 5, 100 + seed, 7 * seed)
        step = saved["state"]["step"]
        if step not in steps:
            steps.add(step)
            out.append(json.dumps(saved))
    return tuple(out)


def judge(saved: dict[str, Any], mutation: Any, moves: int = 200, seed: int = 0) -> Any:
    """The shared judge; the card game may ask several seats at once, so any of them plays."""
    return KIT.judge(GAME, saved, mutation, moves, seed, any_seat=True)


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


def test_the_saves_load_as_they_are() -> None:
    for text in _saves():
        assert json.loads(GAME.from_json(text).to_json()) == json.loads(text)


def test_every_kind_of_mutation_of_every_field_is_refused_or_plays_on() -> None:
    saves = [json.loads(text) for text in _saves()[:3]]
    rng = random.Random(17)
    chosen = []
    for which, saved in enumerate(saves):
        state = saved["state"]
        for field in state:
            below = [path for path in KIT.places(state) if path[0] == field]
            for kind in KIT.KINDS:
                rng.shuffle(below)  # the first place where the kind fits
                for path in below:
                    mutation = KIT.Mutation(path, kind, rng.randrange(1 << 30))
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
    every_place = [
        (which, path) for which, state in enumerate(states) for path in KIT.places(state)
    ]
    count = LONG_RUN or 300
    chosen: list[tuple[int, Any]] = []
    while len(chosen) < count:
        which, path = rng.choice(every_place)
        mutation = KIT.Mutation(path, rng.choice(KIT.KINDS), rng.randrange(1 << 30))
        if mutation.apply(states[which], states[which]["players"]) is not None:
            chosen.append((which, mutation))
    start = time.perf_counter()
    tally = _run(chosen)
    _figures(f"{count} random mutations of {len(states)} saves", tally, time.perf_counter() - start)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_fuzzed_save_is_refused_naming_a_field_or_plays_on(data: st.DataObject) -> None:
    texts = _saves()
    saved = json.loads(texts[data.draw(st.integers(0, len(texts) - 1))])
    state = saved["state"]
    path = data.draw(st.sampled_from(list(KIT.places(state))))
    kind = data.draw(st.sampled_from(KIT.KINDS))
    mutation = KIT.Mutation(path, kind, data.draw(st.integers(0, 1 << 30)))
    verdict = judge(saved, mutation, moves=100, seed=data.draw(st.integers(0, 99)))
    assert verdict.outcome != "crash", verdict.detail


def _field(saved: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    state = dict(saved["state"])
    state[field] = value(state) if callable(value) else value
    return {**saved, "state": state}


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("abbot", True, r"state\.abbot: must be a whole number, not True"),
        ("abbot", 9, r"state\.abbot: must be at most 2, not 9"),
        ("players", 7, r"state\.players: must be 2 to 6, not 7"),
        ("suit_scores", lambda s: [[-1] * 8] * 3, r"state\.suit_scores\[0\]\[0\]: must be at"),
        ("hands", lambda s: [s["hands"][0] + s["hands"][0], *s["hands"][1:]], r"state\.hands"),
        ("deck", lambda s: s["deck"][1:], r"state: card \d+ is nowhere"),
        ("discard", lambda s: [*s["discard"], True], r"state\.discard\[0\]: must be a whole"),
        ("step", "lunch", r"state\.step: must be 'play', "),
        ("rng", 1.5, r"state\.rng: must be a whole number, not 1\.5"),
        ("rng", 2**130, r"state\.rng: must be at most"),
        ("known_cards", lambda s: [[[0]] * 2] * 3, r"state\.known_cards\[0\]: must have at"),
        ("flush_winner", 1, r"state\.flush_winner: a 9-card flush ends the game"),
        ("turn", 11, r"state\.turn: turn 11 is after the last \(10\)"),
    ],
)
def test_a_bad_field_is_named_with_what_is_wrong(field: str, value: Any, message: str) -> None:
    saved = _save_after(3, 5, 0)
    with pytest.raises(BadSaveFile, match=message):
        GAME.from_json(json.dumps(_field(saved, field, value)))


def test_a_known_card_elsewhere_is_refused() -> None:
    saved = _save_after(3, 5, 0)
    state = saved["state"]
    elsewhere = {**state, "known_cards": [[[], [state["hands"][2][0]], []], [[]] * 3, [[]] * 3]}
    with pytest.raises(BadSaveFile, match=r"state\.known_cards\[0\]\[1\]: \w\d is not in the"):
        GAME.from_json({**saved, "state": elsewhere})


def test_a_save_loads_in_a_few_milliseconds() -> None:
    texts = _saves()
    GAME.from_json(texts[0])  # the schemas are built on the first load
    start = time.perf_counter()
    rounds = 20
    for _ in range(rounds):
        for text in texts:
            GAME.from_json(text)
    per_load = (time.perf_counter() - start) / (rounds * len(texts))
    print(f"\n{per_load * 1e3:.2f} ms per load of a save")
    assert per_load < 0.02  # generous: a loaded 2-core machine
