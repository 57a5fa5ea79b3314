"""Hidden information sealed in Monasterium, tested as an opponent would probe it (random
games, 2-4 players).

Monasterium hides nothing on the table; the one secret is the future of the dice (the
generator's state). So:

- A world resampled for seat B (``determinize(B)``: the same table, other future rolls)
  looks to B exactly like the real one, in B's view (choice notes included), B's events and
  ``to_act``, after the same actions by whichever seats act, until a roll B sees (``roll``,
  ``reroll``, ``gain_die``) lies between. Every draw from the generator must show up as such
  an event: a roll nobody sees would be a secret the views do not admit to.
- Who is asked, and what each seat may choose, depends only on the table: every world
  sampled for any seat asks the same seat with the same choices.
- What B can rebuild from its own event stream never exceeds its view: the rolled dice,
  every seat's points and messenger are exactly what the view shows, and B's stream is the
  spectator's (nothing is told to one seat alone).
"""

from __future__ import annotations

import functools
import os
import random
import time
from collections import Counter
from typing import Any

from monasterium_pos import act_position, do

from monastic.engine import Rng, events_for
from monastic.games.monasterium import GAME, MonasteriumState
from monastic.games.monasterium.strategy import greedy_action

#: For a long run: ``MONASTERIUM_SEALED_GAMES=200`` plays that many random games.
LONG_RUN = int(os.environ.get("MONASTERIUM_SEALED_GAMES", "0"))
#: Event kinds that carry a die's face: a chance outcome every seat observes.
CHANCE_KINDS = frozenset({"roll", "reroll", "gain_die"})
#: How many common actions a sampled world is followed for after the fork.
FOLLOW = 6
GAMES: list[tuple[int, int]] = [(2, 1), (3, 2), (4, 3), (2, 4)]
#: Decisions the suite's games must reach, so that no part of the game goes unprobed.
MUST_REACH = frozenset({"place", "take", "destination", "road_bonus", "building_good"})


def _new(players: int, seed: int) -> MonasteriumState:
    st = GAME.new_game(players, seed, {})
    assert isinstance(st, MonasteriumState)
    return st


@functools.cache
def _moves(players: int, seed: int) -> tuple[str, ...]:
    """A game's actions: mostly the greedy bot's, so that play reaches the sending, the
    window and the missions, with a random one in three for variety."""
    st = _new(players, seed)
    rng, bot = random.Random(seed), Rng(seed)
    out: list[str] = []
    while not st.is_over():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        action = greedy_action(st, seat, bot) if rng.random() < 2 / 3 else rng.choice(legal)
        st.apply(seat, action)
        out.append(str(action))
    return tuple(out)


def _play(players: int, seed: int) -> Any:
    """Each state of a game before its next action: (state, seat, action text)."""
    st = _new(players, seed)
    for action in _moves(players, seed):
        seat = st.to_act()[0]
        yield st, seat, action
        st.apply(seat, action)


def _new_die_forks() -> list[tuple[MonasteriumState, MonasteriumState]]:
    """Seat 1 takes the road's bonus die (a new die it may re-roll, rare in play) in the
    real state and in worlds sampled for each seat; the pairs whose die showed the same face
    (no chance outcome tells them apart), after that action."""
    st = act_position(3, seat=1, fields={5: 1})
    st.messenger_space[1] = 5
    do(st, "take 5x1", "use std5")
    pairs = []
    for k in range(60):
        real, world = st.clone(), st.determinize(k % 3, k)
        if events_for(real.apply(1, "bonus die"), k % 3) == events_for(
            world.apply(1, "bonus die"), k % 3
        ):
            assert real.view(1)["decision"]["kind"] == "new_die"
            pairs.append((real, world))
    assert len(pairs) >= 3
    return pairs


def _games() -> list[tuple[int, int]]:
    """The suite's games, or ``MONASTERIUM_SEALED_GAMES`` random ones for a long run."""
    if not LONG_RUN:
        return GAMES
    return [(2 + k % 3, 1000 + k) for k in range(LONG_RUN)]


def _chance_seen(seen: list[dict[str, Any]]) -> bool:
    return any(e["kind"] in CHANCE_KINDS for e in seen)


def _common_action(real: MonasteriumState, world: MonasteriumState, rng: random.Random) -> Any:
    """An action legal for the seat to act in both states (None if there is none)."""
    seat = real.to_act()[0]
    mine = {str(a) for a in world.legal_actions(seat)}
    both = [a for a in real.legal_actions(seat) if str(a) in mine]
    return rng.choice(both) if both else None


def _follow(
    real: MonasteriumState,
    world: MonasteriumState,
    viewer: int,
    rng: random.Random,
    tally: Counter[str],
) -> None:
    """Play the same actions in the real state and a world sampled for ``viewer`` until
    a roll tells them apart."""
    assert world.view(viewer) == real.view(viewer)
    assert world.to_act() == real.to_act()
    for depth in range(FOLLOW):
        if real.is_over():
            return
        action = _common_action(real, world, rng)
        if action is None:
            tally["no common action"] += 1
            return
        actor = real.to_act()[0]
        drawn = (real.rng.state, world.rng.state)
        seen_real = events_for(real.apply(actor, action), viewer)
        seen_world = events_for(world.apply(actor, action), viewer)
        where = (real.n, viewer, depth, actor, str(action))
        # A draw from the generator that no event shows would be a secret chance outcome.
        if real.rng.state != drawn[0]:
            assert _chance_seen(seen_real), (where, seen_real)
        if world.rng.state != drawn[1]:
            assert _chance_seen(seen_world), (where, seen_world)
        if _chance_seen(seen_real) or _chance_seen(seen_world):
            if seen_real != seen_world:
                tally["observed between"] += 1
                return
            tally["same rolls"] += 1  # the worlds rolled alike: still indistinguishable
        assert seen_world == seen_real, where
        assert world.to_act() == real.to_act(), where
        assert world.view(viewer) == real.view(viewer), where
        tally["compared"] += 1


def _check_worlds(players: int, seed: int, every: int) -> Counter[str]:
    """Walk a game; at every ``every``-th decision, for each seat B, follow a world sampled
    for B beside the real state."""
    rng = random.Random(seed)
    tally: Counter[str] = Counter()
    for step, (st, seat, _) in enumerate(_play(players, seed)):
        tally[st.view(seat)["decision"]["kind"]] += 1
        if step % every == 0:
            for viewer in range(players):
                world = st.determinize(viewer, rng.randrange(1 << 30))
                _follow(st.clone(), world, viewer, rng, tally)
    return tally


def test_a_sampled_world_looks_the_same_to_its_seat_after_any_action() -> None:
    start = time.perf_counter()
    tally: Counter[str] = Counter()
    for players, seed in _games():
        tally += _check_worlds(players, seed, every=2 if LONG_RUN else 8)
    for k, (real, world) in enumerate(_new_die_forks()):
        _follow(real, world, k % 3, random.Random(k), tally)
    print(f"\nworlds: {dict(tally)} in {time.perf_counter() - start:.1f} s")
    assert set(tally) >= MUST_REACH, MUST_REACH - set(tally)
    assert tally["compared"] > 500
    assert tally["compared"] > 2 * tally["observed between"]
    # A world that kept the real generator would foretell the real rolls to a bot.
    assert tally["observed between"] > tally["same rolls"]


def _asked(st: MonasteriumState) -> tuple[Any, ...]:
    """Who is asked now, with what decision and which choices, for every seat."""
    decisions = [st.view(p)["decision"] for p in range(st.n)]
    return (
        tuple(st.to_act()),
        tuple(d and d["kind"] for d in decisions),
        tuple(tuple(str(a) for a in st.legal_actions(p)) for p in range(st.n)),
    )


def test_who_is_asked_depends_only_on_the_table() -> None:
    """Every world sampled for any seat asks the same seat the same question (a skipped or
    added decision would tell the others something about the hidden future rolls)."""
    checked = 0
    rng = random.Random(0)
    for players, seed in _games() if LONG_RUN else GAMES[:3]:
        for step, (st, _, _) in enumerate(_play(players, seed)):
            # Every decision, for one seat in turn: no rare question is stepped over.
            viewer = step % players
            world = st.determinize(viewer, rng.randrange(1 << 30))
            assert _asked(world) == _asked(st), (players, seed, step, viewer)
            checked += 1
    for real, world in _new_die_forks():
        assert _asked(world) == _asked(real)
    print(f"\nasked: {checked} decisions")
    assert checked > 300


def _rebuild(seen: list[dict[str, Any]], action: str, known: dict[str, Any]) -> None:
    """What B learns from its events (and the public action text): the dice rolled now and
    every seat's points and messenger."""
    for e in seen:
        kind, who = e["kind"], e.get("seat")
        if kind == "roll":
            known["rolled"] = {"personal": sorted(e["personal"]), "neutral": sorted(e["neutral"])}
        elif kind == "reroll" and "personal" in e:
            rolled = known["rolled"]
            for word in action.split()[1:]:
                rolled["personal" if word[0] == "P" else "neutral"].remove(int(word[1:]))
            rolled["personal"] = sorted(rolled["personal"] + e["personal"])
            rolled["neutral"] = sorted(rolled["neutral"] + e["neutral"])
        elif kind == "place":
            known["rolled"] = None
        elif kind == "move":
            known["messenger"][who] = e["to"]
        if who is not None and isinstance(e.get("vp"), int):
            known["vp"][who] += e["vp"]


def _rebuild_from_log(players: int, seed: int) -> Counter[str]:
    """Replay a random game; for each seat B, rebuild what its events tell and compare with
    B's view after every decision."""
    st = _new(players, seed)
    known = [
        {
            "rolled": st.view(b)["rolled"],
            "vp": [p["vp"] for p in st.view(b)["players"]],
            "messenger": [p["messenger"] for p in st.view(b)["players"]],
        }
        for b in range(players)
    ]
    tally: Counter[str] = Counter()
    for action in _moves(players, seed):
        seat = st.to_act()[0]
        events = st.apply(seat, action)
        spectator = events_for(events, None)
        for b in range(players):
            seen = events_for(events, b)
            assert seen == spectator, (players, seed, b)
            _rebuild(seen, action, known[b])
            view = st.view(b)
            where = (players, seed, tally["decisions"], b)
            if not st.is_over():
                assert known[b]["vp"] == [p["vp"] for p in view["players"]], (where, seen)
            messengers = [p["messenger"] for p in view["players"]]
            assert known[b]["messenger"] == messengers, (where, seen)
            if view["pending"] == "place" and view["rolled"] is not None:
                got = known[b]["rolled"]
                assert got is not None, where
                assert got == view["rolled"], (where, seen)
                tally["rolls rebuilt"] += 1
        tally["decisions"] += 1
    return tally


def test_a_seat_rebuilds_from_its_events_no_more_than_its_view() -> None:
    start = time.perf_counter()
    tally: Counter[str] = Counter()
    for game in _games() if LONG_RUN else GAMES[:3]:
        tally += _rebuild_from_log(*game)
    print(f"\nlog: {dict(tally)} in {time.perf_counter() - start:.1f} s")
    assert tally["decisions"] > 500
    assert tally["rolls rebuilt"] > 100
