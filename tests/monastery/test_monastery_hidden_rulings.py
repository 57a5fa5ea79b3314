"""The rulings on hidden information: blessing counts are public (M-D15), and whether a
seat is asked depends only on what the others see (M-D16)."""

from __future__ import annotations

import random
from typing import Any

from mon_helpers import GAME, B, R, clear_monks, empty, give, monk, new, put, start_scoring

from monastic.engine import events_for
from monastic.games.monastery.catalogue import INSTANCES, TYPES
from monastic.games.monastery.game import MonasteryState
from monastic.games.monastery.rules import common, occupancy, rounds, step
from monastic.games.monastery.rules.geometry import placements


def test_MD15_blessing_counts_are_in_every_view() -> None:
    """M-D15: every seat's blessings (and of them locked) and the supply are in every view."""
    st = empty()
    st.blessings = [3, 0, 5, 1]
    st.locked_blessings = [1, 0, 0, 0]
    for viewer in (None, 0, 1, 2, 3):
        v = st.view(viewer)
        assert [p["blessings"] for p in v["players"]] == [3, 0, 5, 1]
        assert [p["locked_blessings"] for p in v["players"]] == [1, 0, 0, 0]
        assert v["blessing_supply"] == 20 - 9


def test_MD15_the_blessing_event_is_public() -> None:
    """M-D15: a blessing received is told to everyone with the count it makes."""
    st = empty()
    st.blessings = [2, 0, 0, 0]
    events: list[Any] = []
    common.receive(st, 0, True, events, "almonry")
    for viewer in (None, 1, 0):
        (seen,) = events_for(events, viewer)
        assert seen["held"] == 3 and seen["seat"] == 0 and seen["locked"] is True
    line = GAME.describe(events_for(events, 1)[0], 1)
    assert line == "Seat 0 received a blessing from the Almonry; now holds 3 (locked this scoring)"


def test_MD15_determinize_keeps_every_count() -> None:
    """M-D15: a sampled world keeps each seat's blessings: they are not a secret."""
    st = empty()
    st.blessings = [1, 4, 0, 6]
    st.locked_blessings = [0, 2, 0, 1]
    for seed in range(5):
        world = st.determinize(0, seed)
        assert world.blessings == st.blessings
        assert world.locked_blessings == st.locked_blessings


def _spectator_counts(players: int, seed: int) -> None:
    """Replay a random game; the spectator's events alone rebuild every count in the view."""
    st = GAME.new_game(players=players, seed=seed)
    assert isinstance(st, MonasteryState)
    r = random.Random(seed)
    counts = [0] * players
    while not st.is_over():
        seat = st.to_act()[0]
        action = r.choice(st.legal_actions(seat))
        before = st.view(None)
        for e in events_for(st.apply(seat, action), None):
            kind = e["kind"]
            if kind == "blessing":
                counts[e["seat"]] += 1
            elif kind == "blessings_returned":
                for s in e["seats"]:
                    counts[s] -= 1
            elif kind == "encourage":
                counts[e["seat"]] -= 1
            elif kind == "claim":
                counts[e["seat"]] += e["blessings"]
            elif kind == "buy":
                counts[e["seat"]] -= _paid_with_blessings(before, e)
        assert counts == [p["blessings"] for p in st.view(None)["players"]]


def _paid_with_blessings(before: dict[str, Any], e: dict[str, Any]) -> int:
    """What a purchase took from the buyer's blessings, from the public view before it."""
    words = e["action"].split()
    player = before["players"][e["seat"]]
    full = "." not in player["track"]
    if words[0] == "buy":
        column = int(words[1][1:])
    else:  # monk COLOUR ROW: the row's cross
        column = before["prayer_board"]["rows"]["RBGY".index(words[2])].index("+") + 1
    cost = (column + 1) // 2 if full else column
    return max(0, cost - before["scoring"]["points"])


def test_MD15_public_events_rebuild_the_counts_the_view_shows() -> None:
    """M-D15: gains, purchases at public prices and encouragement are all public, so the
    spectator's events rebuild every count exactly, and that count is what the view shows."""
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        _spectator_counts(players, seed)


def _stables_scoring(tiles: tuple[str, ...]) -> MonasteryState:
    """Red and Blue on a finished Stables, Red holding just ``tiles``, about to score."""
    st = empty()
    clear_monks(st)
    put(st, "STABLES", 5, 5)
    monk(st, R, 5, 5)
    monk(st, B, 5, 5)  # not alone: no prayer
    st.hands[0].clear()  # his Secret Passage too: a hand of just ``tiles``
    for tile in tiles:
        give(st, 0, tile)
    events: list[Any] = []
    start_scoring(st, 0)
    rounds._settle(st, events)
    return st


def test_MD16_a_usable_stables_asks_whatever_the_hand() -> None:
    """M-D16: the symbols stage waits for a player with a usable Stables whether or not a
    hidden tile of his fits (here: none held), so being asked tells nothing of his hand;
    he is offered the placements that exist, and always ``purchase``."""
    none_held = _stables_scoring(())
    assert none_held.to_act() == [0] and none_held.scoring_stage == 0
    assert [str(a) for a in none_held.legal_actions(0)] == ["purchase"]
    for tile in ("BEEHIVE", "SMITHY", "CHAPEL", "GARDEN_1"):
        st = _stables_scoring((tile,))
        assert st.to_act() == [0] and st.scoring_stage == 0
        assert "purchase" in [str(a) for a in st.legal_actions(0)]
    one, other = _stables_scoring(("BEEHIVE",)), _stables_scoring(("CHAPEL",))
    for viewer in (None, 1, 2, 3):
        assert one.view(viewer) == other.view(viewer)


def test_MD16_without_a_usable_symbol_the_scoring_runs_on() -> None:
    """M-D16: with no public choice at all the symbols stage is skipped as before (M-D4)."""
    st = empty()
    clear_monks(st)
    monk(st, R)  # in the Abbey: no prayer, no symbol
    events: list[Any] = []
    start_scoring(st, 0)
    rounds._settle(st, events)
    assert st.scoring_stage == 1 and st.scoring_points == 1  # study in the Abbey


def _board_where_a_tile_fits_nowhere() -> tuple[MonasteryState, str, str]:
    """A random 2-player game's state with the Stables finished before the round and a tile
    type that fits nowhere on the map (and one that fits), found by playing on."""
    stables = next(i for i, t in enumerate(INSTANCES) if t.symbol == "stables")
    for seed in range(100):
        st = new(2, seed)
        r = random.Random(seed)
        while not st.is_over():
            ready = st.tile_finished[stables] and st.tile_built_round[stables] < st.round
            if ready and st.phase == "step" and not st.pending:
                kinds = [t for t in TYPES if t.owner_colour < 0 and t.category != "livestock"]
                unfit = [t.id for t in kinds if not placements(st, [t.index])]
                fit = [t.id for t in kinds if placements(st, [t.index])]
                if unfit and fit:
                    return st, unfit[0], fit[0]
            seat = st.to_act()[0]
            st.apply(seat, r.choice(st.legal_actions(seat)))
    raise AssertionError("no such board in 100 games")


def test_MD16_others_cannot_tell_a_fitting_hand_from_a_hand_that_fits_nowhere() -> None:
    """M-D16: Red's scoring with a usable Stables waits for him both when his one hidden
    tile fits somewhere and when it fits nowhere, so Blue sees the same in both cases (the
    old automatic skip told Blue which)."""
    base, unfit, fit = _board_where_a_tile_fits_nowhere()
    stables = next(i for i, t in enumerate(INSTANCES) if t.symbol == "stables")
    worlds = []
    for tile in (unfit, fit):
        st = base.clone()
        for m in range(20):  # everyone home: no prayer, no other symbol
            if st.monk_location[m] >= 0:
                common.to_abbey(st, m)
        red = [m for m in common.seat_monks(st, 0) if st.monk_location[m] == -1]
        blue = [m for m in common.seat_monks(st, 1) if st.monk_location[m] == -1]
        st.monk_location[red[0]] = st.monk_location[blue[0]] = stables  # not alone
        occupancy.forget(st)  # edited by hand
        for t in list(st.hands[0]):
            if INSTANCES[t].owner_colour < 0:
                st.hands[0].remove(t)
                st.bag.append(t)
        st.bag.sort()
        give(st, 0, tile)
        st.hands[0] = [t for t in st.hands[0] if INSTANCES[t].owner_colour < 0]
        st.turn_order = [0, 1]
        start_scoring(st, 0)
        rounds._settle(st, [])
        worlds.append(st)
    nowhere, somewhere = worlds
    assert not step.lay_actions(nowhere, 0, True) and step.lay_actions(somewhere, 0, True)
    for st in worlds:
        assert st.to_act() == [0] and st.scoring_stage == 0
    assert [str(a) for a in nowhere.legal_actions(0)] == ["purchase"]
    assert nowhere.view(1) == somewhere.view(1) and nowhere.view(None) == somewhere.view(None)
