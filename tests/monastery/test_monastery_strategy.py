"""strategy.evaluate / greedy_action, and determinize details (M-5, M-D8)."""

from __future__ import annotations

import random

from mon_helpers import GAME, R, clear_monks, empty, give, monk, put

from level_helpers import plays_as, tuned
from monastic.engine import Rng
from monastic.games.monastery.catalogue import INSTANCES
from monastic.games.monastery.game import MonasteryState
from monastic.games.monastery.strategy import clock, evaluate, greedy_action


def _play(seed: int, greedy_seats: tuple[int, ...], players: int = 4) -> MonasteryState:
    st = GAME.new_game(players=players, seed=seed)
    assert isinstance(st, MonasteryState)
    r = random.Random(seed)
    rng = Rng(seed)
    while not st.is_over():
        (seat,) = st.to_act()
        if seat in greedy_seats:
            d = st.determinize(seat, r)
            a = greedy_action(d, seat, rng)
            assert a in st.legal_actions(seat)
        else:
            a = r.choice(st.legal_actions(seat))
        st.apply(seat, a)
        assert len(evaluate(st)) == players
    return st


def test_greedy_beats_random() -> None:
    """The greedy heuristic wins clearly against random players."""
    wins = 0
    for seed in range(3):
        st = _play(seed, (0, 2))
        wins += any(w in (0, 2) for w in st.result().winners)
    assert wins >= 2


def test_evaluate_at_end_is_result() -> None:
    st = _play(5, (0, 1), players=2)
    assert evaluate(st) == list(st.result().scores)


def test_greedy_builds_when_it_can() -> None:
    """Greedy sends a monk to complete a uc tile within reach."""
    st = empty()
    clear_monks(st)
    put(st, "PATH_I", 1, 2)
    put(st, "GARDEROBES", 1, 3, rot=2, fin=False)
    monk(st, R)
    st.hands[0] = []
    from mon_helpers import start_step

    start_step(st, 0)
    a = greedy_action(st, 0, Rng(1))
    assert str(a) == "move A 1,3/0 c2"


def test_greedy_buys_own_letter_cheaply() -> None:
    st = empty()
    from mon_helpers import start_scoring

    start_scoring(st, 0)
    st.scoring_stage = 1
    st.scoring_points = 3
    a = greedy_action(st, 0, Rng(1))
    assert str(a) == "buy G1 R6"  # the A of ABOMNIBUS costs 1 and fits LIBERANOS


def test_determinize_resamples_hidden_uc_identity() -> None:
    """M-5 / M-D8: another player's uc building may become any look-alike; own data stays."""
    st = empty()
    give(st, 0, "MILL")
    put(st, "DORMITORY", 1, 2, fin=False, layer=1)
    seen = set()
    for k in range(40):
        d = st.determinize(0, random.Random(k))
        i = d.grid[(1 + 512) * 1024 + 2 + 512]
        seen.add(INSTANCES[i].id)
        assert INSTANCES[i].looks == INSTANCES[st.grid[(1 + 512) * 1024 + 2 + 512]].looks
        assert d.view(0) == st.view(0)
        assert sorted(d.hands[0]) == sorted(st.hands[0])
        assert [len(h) for h in d.hands] == [len(h) for h in st.hands]
    # a 2-box-free grey building with one box 2 and a N/S path: Dormitory x2, and others alike
    assert "DORMITORY" in seen
    assert len(seen) >= 1
    # the layer itself knows it: never resampled for seat 1
    for k in range(5):
        d = st.determinize(1, random.Random(k))
        assert INSTANCES[d.grid[(1 + 512) * 1024 + 2 + 512]].id == "DORMITORY"


def test_determinize_look_alikes_include_other_types() -> None:
    """M-5: the Abbot's House (3,1, P-P-) hides among other grey 3,1 buildings if any exist;
    the Almonry (grey, box 2, PP--) hides among the same look-alikes after rotation."""
    st = empty()
    put(st, "GUEST_HOUSE", 1, 2, fin=False, layer=1)  # grey, boxes 2,1, PP-P
    ids = set()
    for k in range(60):
        d = st.determinize(0, random.Random(k))
        ids.add(INSTANCES[d.grid[(1 + 512) * 1024 + 2 + 512]].id)
    # Guest House shares its look (grey, 2/1, T-shaped doors) with nothing else: it stays.
    assert ids == {"GUEST_HOUSE"}
    st2 = empty()
    put(st2, "SMITHY", 4, 4, fin=False, layer=1)  # brown, box 2, P-P-: Bakehouse looks alike
    ids2 = set()
    for k in range(60):
        d = st2.determinize(0, random.Random(k))
        ids2.add(INSTANCES[d.grid[(4 + 512) * 1024 + 4 + 512]].id)
    assert ids2 == {"SMITHY", "BAKEHOUSE"}


def test_determinize_keeps_own_returned_tile_in_bag() -> None:
    """M-D8: a tile the seat put back stays in the bag, or with a player who drew since."""
    from mon_helpers import start_step

    st = empty()
    clear_monks(st)
    monk(st, R)
    mill = give(st, 0, "MILL")
    start_step(st, 0)
    st.apply(0, "exchange")
    st.apply(0, "return MILL")
    assert mill in st.bag
    for k in range(30):
        d = st.determinize(0, random.Random(k))
        assert mill in d.bag
    # Blue (seat 1) exchanges: the Mill may now be in Blue's hand, never Green's or Yellow's
    st.apply(0, "end")
    st.apply(1, "exchange")
    st.apply(1, st.legal_texts(1)[0])
    places = set()
    for k in range(60):
        d = st.determinize(0, random.Random(k))
        where = "bag" if mill in d.bag else next(s for s in range(4) if mill in d.hands[s])
        places.add(where)
    assert places <= {"bag", 1} and "bag" in places


def test_ismcts_settings_tune_the_search() -> None:
    """The game's ISMCTS_SETTINGS refine every level; a spec setting still wins."""
    from monastic.bots import make
    from monastic.bots.ismcts import LEVELS, game_tuned
    from monastic.games.monastery import strategy

    tuned = game_tuned(LEVELS["medium"], strategy.STRATEGY, frozenset())
    for key, value in strategy.ISMCTS_SETTINGS.items():
        assert getattr(tuned, key) == value
    assert tuned.seconds == LEVELS["medium"].seconds
    st = GAME.new_game(players=2, seed=3)
    bot = make("ismcts:iterations=20", seed=1)
    seat = st.to_act()[0]
    assert bot.choose(st, seat) in st.legal_actions(seat)


def test_hard_decides_its_root_by_halving_on_shared_worlds() -> None:
    """docs/bots.md, 2026-12-07: hard is one tree whose root is decided by sequential
    halving over 8 candidates; medium and easy keep the plain tree, and a spec's own
    setting still wins."""
    from monastic.bots import make
    from monastic.bots.ismcts import LEVELS
    from monastic.games.monastery import strategy

    for level, trees, halving in (("hard", 1, 8), ("medium", 1, 0), ("easy", 1, 0)):
        config = tuned(strategy.STRATEGY, level)
        seconds = LEVELS[level].seconds
        assert (config.trees, config.halving, config.seconds) == (trees, halving, seconds)
    # what the arenas played, and the level before
    assert plays_as(strategy.STRATEGY, "hard,iterations=1305", "iterations=1305,halving=8")
    before = tuned(strategy.STRATEGY, "hard,halving=0,trees=9")
    assert (before.halving, before.trees) == (0, 9)
    st = GAME.new_game(players=2, seed=3)
    seat = st.to_act()[0]
    assert make("ismcts:hard,iterations=40", seed=1).choose(st, seat) in st.legal_actions(seat)


def test_the_clock_never_falls_and_reads_only_what_every_seat_knows() -> None:
    """The search's ``horizon`` reads ``clock``: turns taken, whatever the decisions."""
    for seed in range(12):
        players = 2 + seed % 3
        st = GAME.new_game(players=players, seed=seed)
        r = random.Random(seed)
        last = clock(st)
        ticks = decisions = 0
        while not st.is_over():
            (seat,) = st.to_act()
            st.apply(seat, r.choice(st.legal_actions(seat)))
            decisions += 1
            now = clock(st)
            assert now >= last
            ticks += now > last
            last = now
            for viewer in range(players):
                assert clock(st.determinize(viewer, r)) == now
        assert last == 1 << 30
        assert 0 < ticks < decisions  # a turn is often more than one decision
