"""The ISMCTS bot on the toy bidding game: legality, reproducibility, honesty, strength."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from toy_game import STRATEGY, TOY, Bid, ToyState, ToyStrategy, toy_strategy

from monastic.bots.ismcts import ISMCTSBot, game_tuned, parse_spec, spec_settings
from monastic.bots.ismcts_search import Node, Search, _beats, scores_to_rewards
from monastic.bots.simple import GreedyBot, RandomBot
from monastic.engine import Rng, State, Strategy


def bot(
    seed: int = 7, spec: str = "iterations=200", strategy: Strategy[Any] | None = STRATEGY
) -> ISMCTSBot:
    return ISMCTSBot(seed, parse_spec(spec), strategy=strategy)


def bidding_state(players: int = 3, seed: int = 1) -> ToyState:
    state = TOY.new_game(players, seed)
    state.apply(0, state.legal_actions(0)[0])  # the leader picks a prize; all bid at once
    assert isinstance(state, ToyState)
    return state


def test_returns_a_legal_action_when_several_seats_decide_at_once() -> None:
    state = bidding_state()
    assert state.to_act() == [0, 1, 2]
    for seat in state.to_act():
        assert bot(seat).choose(state, seat) in state.legal_actions(seat)
    state.apply(1, state.legal_actions(1)[-1])  # seat 1's hidden bid is in; 0 and 2 remain
    for seat in (0, 2):
        assert bot(seat).choose(state, seat) in state.legal_actions(seat)


@pytest.mark.parametrize(
    "spec", ["iterations=30", "iterations=30,rivals=1", "iterations=30,blind=0.5"]
)
def test_whole_games_with_every_seat_searching_stay_legal(spec: str) -> None:
    for seed in range(3):
        state: State = TOY.new_game(3, seed)
        players = [bot(seed * 10 + s, spec) for s in range(3)]
        while not state.is_over():
            for seat in state.to_act():
                state.apply(seat, players[seat].choose(state, seat))  # checked apply
        assert len(state.result().winners) >= 1


def test_a_single_legal_action_is_returned_without_search() -> None:
    state = bidding_state()
    state.hands[2] = state.hands[2][:1]
    searcher = bot()
    assert searcher.choose(state, 2) == Bid(state.hands[2][0])
    assert searcher.last_iterations == 0


def test_same_seed_and_iteration_budget_give_the_same_decision() -> None:
    state = bidding_state()
    first = bot(11).analyse(state, 1)
    again = bot(11).analyse(state, 1)
    assert first == again
    assert bot(11).choose(state, 1) == bot(11).choose(state, 1) == first[0][0]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_honesty_hidden_truth_does_not_change_the_decision(seed: int) -> None:
    # Resampling what seat 1 cannot know (others' hands and bids, deck and prize order,
    # the future draws) must leave its search, and so its decision, exactly the same.
    state = bidding_state(seed=seed)
    state.apply(0, state.legal_actions(0)[0])  # a hidden bid seat 1 must not read
    scrambled = state.determinize(1, Rng(1000 + seed))
    assert scrambled.to_dict() != state.to_dict()
    assert bot(5).analyse(state, 1) == bot(5).analyse(scrambled, 1)
    assert bot(5).choose(state, 1) == bot(5).choose(scrambled, 1)


def test_iterations_are_counted() -> None:
    searcher = bot(spec="iterations=50")
    searcher.choose(bidding_state(), 0)
    assert searcher.last_iterations == 50
    assert searcher.last_seconds > 0
    timed = bot(spec="time=0.02")
    timed.choose(bidding_state(), 0)
    # The budget stops the search; the bound is loose because a loaded machine may pause
    # the process for a while (0.66 s was seen with other jobs on both cores).
    assert timed.last_iterations > 0 and timed.last_seconds < 5.0


def test_trees_share_the_budget_and_sum_their_statistics() -> None:
    state = bidding_state()
    ensemble = bot(3, "iterations=90,trees=3")
    stats = ensemble.analyse(state, 0)
    assert ensemble.last_iterations == 90  # 30 a tree
    # The same three trees, grown one after the other from the same generator, by hand.
    search = Search(parse_spec("iterations=30"), STRATEGY)
    rng = Rng(3).spawn()
    roots = [search.run(state, 0, rng, narrow_root=False)[0] for _ in range(3)]
    visits = {a: sum(r.table(0)[a].n for r in roots if a in r.table(0)) for a, _, _ in stats}
    assert {a: round(share * 90) for a, share, _ in stats} == visits
    assert ensemble.choose(state, 0) == bot(3, "iterations=90,trees=3").choose(state, 0)
    # One tree is the plain search.
    assert bot(4, "iterations=60,trees=1").analyse(state, 0) == bot(4, "iterations=60").analyse(
        state, 0
    )


def test_analyse_lists_every_action_with_visit_shares() -> None:
    state = bidding_state()
    stats = bot().analyse(state, 0)
    assert {action for action, _, _ in stats} == set(state.legal_actions(0))
    assert sum(share for _, share, _ in stats) == pytest.approx(1.0)
    assert all(0.0 <= mean <= 1.0 for _, _, mean in stats)
    assert [share for _, share, _ in stats] == sorted((s for _, s, _ in stats), reverse=True)


def test_progressive_widening_limits_the_children_tried() -> None:
    state = bidding_state()
    stats = bot(spec="iterations=3,widen=1,widen_k=1").analyse(state, 0)
    assert sum(1 for _, share, _ in stats if share > 0) == 2  # sqrt(visits) children


class OrderedToy(ToyStrategy):
    """Ranks the bids highest first, for widening."""

    @staticmethod
    def widen_order(state: State, seat: int, legal: list[object]) -> list[object]:
        return sorted(legal, key=lambda a: -a.card if isinstance(a, Bid) else 0)


def test_widening_opens_actions_in_the_games_order() -> None:
    state = bidding_state(seed=3)
    legal = state.legal_actions(0)
    config = parse_spec("iterations=9,widen=1,widen_k=1")
    root, _, _ = Search(config, toy_strategy(OrderedToy)).run(state, 0, Rng(5))
    first, *opened = list(root.table(0))  # in the order they were opened
    assert first == ToyStrategy.greedy_action(state, 0, Rng(5))  # the heuristic's first try
    ranked = [a for a in OrderedToy.widen_order(state, 0, legal) if a != first]
    assert opened and opened == ranked[: len(opened)]


def _levels(node: Node) -> int:
    """The nodes on the longest path down from ``node``, ``node`` included."""
    return 1 + max((_levels(child) for child in node.children.values()), default=0)


def test_beyond_lets_a_larger_search_grow_past_the_cutoff() -> None:
    state = bidding_state(players=2)  # both seats bid at once: one node, two decisions
    cut, _, _ = Search(parse_spec("iterations=300,cutoff=2"), STRATEGY).run(state, 0, Rng(5))
    assert _levels(cut) == 2  # the root's joint bid reaches the cutoff: one level below
    config = parse_spec("iterations=300,cutoff=2,beyond=2")
    grown, _, _ = Search(config, STRATEGY).run(state, 0, Rng(5))
    assert _levels(grown) > 3


def test_a_game_without_strategy_falls_back_to_random_playouts() -> None:
    assert TOY.strategy() is None
    state = bidding_state()
    assert bot(strategy=None).choose(state, 0) in state.legal_actions(0)


def test_a_game_without_strategy_has_no_greedy_bot() -> None:
    state = bidding_state()
    with pytest.raises(ValueError, match="has no heuristic"):
        GreedyBot(1).choose(state, 0)


def test_rewards_follow_the_scores_and_sum_to_one() -> None:
    rewards = scores_to_rewards([10.0, 12.0, 3.0], temp=0.15)
    assert sum(rewards) == pytest.approx(1.0)
    assert rewards[1] > rewards[0] > rewards[2]
    assert scores_to_rewards([0.0, 0.0], temp=0.15) == [0.5, 0.5]


def test_beats_random_more_often_than_not() -> None:
    won = 0.0
    games = 12
    for game in range(games):
        seat = game % 2
        players = [RandomBot(game), RandomBot(game)]
        searcher = bot(game, "iterations=60")
        state: State = TOY.new_game(2, 100 + game)
        while not state.is_over():
            for s in state.to_act():
                chooser = searcher if s == seat else players[s]
                state.apply(s, chooser.choose(state, s))
        won += state.result().reward(seat)
    assert won / games > 0.5


TUNED = toy_strategy(settings={"cutoff": 3, "epsilon": 0.9, "iterations": 5})


def test_a_games_own_settings_refine_all_but_the_spec_and_budget() -> None:
    config, fixed = spec_settings("iterations=10,cutoff=5")
    tuned = game_tuned(config, TUNED, fixed)
    assert (tuned.cutoff, tuned.epsilon, tuned.iterations) == (5, 0.9, 10)
    assert game_tuned(config, STRATEGY, fixed) == config
    searcher = ISMCTSBot(1, config, strategy=TUNED, fixed=fixed)
    searcher.choose(bidding_state(), 0)
    assert searcher.last_iterations == 10


def test_a_games_level_settings_refine_only_their_level() -> None:
    """``level_settings`` replace the game's settings for the level the spec names (medium
    when it names none); a spec's own setting still wins."""
    leveled = toy_strategy(settings={"cutoff": 3}, levels={"hard": {"cutoff": 7, "rivals": 1}})
    for params, cutoff, rivals in (
        ("hard", 7, 1.0),
        ("hard,iterations=50", 7, 1.0),
        ("hard,cutoff=2", 2, 1.0),
        ("hard,rivals=0.5", 7, 0.5),
        ("medium", 3, None),
        ("iterations=50", 3, None),
        ("easy", 3, None),
    ):
        config, fixed = spec_settings(params)
        tuned = game_tuned(config, leveled, fixed)
        assert (tuned.cutoff, tuned.rivals) == (cutoff, rivals), params
    config, fixed = spec_settings("hard,iterations=27")
    searcher = ISMCTSBot(1, config, strategy=leveled, fixed=fixed)
    searcher.choose(bidding_state(), 0)
    assert searcher.last_iterations == 27  # hard's nine trees of three


class NarrowToy(ToyStrategy):
    """Lets the search consider only the lowest bid (or the first pick)."""

    @staticmethod
    def search_actions(state: State, seat: int, legal: list[object]) -> list[object]:
        bids = [a for a in legal if isinstance(a, Bid)]
        return [min(bids, key=lambda a: a.card)] if bids else legal[:1]


NARROW = toy_strategy(NarrowToy)


def _widest_table_below(node: Node) -> int:
    """The most actions any seat's table holds in the nodes below ``node``."""
    widest = 0
    for child in node.children.values():
        own = max((len(table) for table in child.edges.values()), default=0)
        widest = max(widest, own, _widest_table_below(child))
    return widest


def test_a_games_search_actions_narrow_what_the_tree_tries() -> None:
    state = bidding_state()
    config = parse_spec("iterations=80,bias=0")
    narrowed = ISMCTSBot(3, config, strategy=NARROW)
    lowest = NarrowToy.search_actions(state, 0, state.legal_actions(0))[0]
    # One candidate: chosen at once, without a search.
    assert narrowed.choose(state, 0) == lowest and narrowed.last_iterations == 0
    # Below the root every table holds the one candidate; an analysis's root holds all.
    root, _, _ = Search(config, NARROW).run(state, 0, Rng(5), narrow_root=False)
    assert len(root.table(0)) > 1 and _widest_table_below(root) == 1
    narrow_root, _, _ = Search(config, NARROW).run(state, 0, Rng(5))
    assert list(narrow_root.table(0)) == [lowest]
    stats = narrowed.analyse(state, 0)
    assert sum(1 for _, share, _ in stats if share > 0) > 1


def _tree_seats(node: Node) -> set[int]:
    seats = set(node.edges)
    for child in node.children.values():
        seats |= _tree_seats(child)
    return seats


@pytest.mark.parametrize("players", [2, 3])
def test_modelled_rivals_leave_the_tree_to_the_searcher(players: int) -> None:
    # With ``rivals`` the other seats (also in a simultaneous bid) follow the policy: every
    # node of the tree holds the searcher's statistics only. Without it they have their own.
    state = bidding_state(players)
    for rivals in ("", ",rivals=0.5"):
        search = Search(parse_spec(f"iterations=150,bias=0{rivals}"), STRATEGY)
        root, done, _ = search.run(state, 1, Rng(5))
        assert done == 150
        assert _tree_seats(root) == ({1} if rivals else set(range(players)))


@pytest.mark.parametrize("players", [2, 3])
def test_rival_views_train_only_the_rival_that_sees_them(players: int) -> None:
    # At the root every seat bids at once. Each iteration updates one seat's root edge with
    # ``blind``: the searcher's in its own worlds, one rival's in the worlds seen by it.
    # Without it, every seat's edges learn from every iteration.
    state = bidding_state(players)
    for blind in (0.0, 0.5):
        search = Search(parse_spec(f"iterations=200,bias=0,blind={blind}"), STRATEGY)
        root, done, _ = search.run(state, 1, Rng(5))
        visits = {seat: sum(e.n for e in root.table(seat).values()) for seat in range(players)}
        if blind:
            assert sum(visits.values()) == done == 200
            assert 60 < visits[1] < 140  # about half the iterations are the searcher's
            assert all(visits[seat] > 0 for seat in range(players))
        else:
            assert set(visits.values()) == {200}


def test_rival_views_keep_the_search_honest() -> None:
    # A rival's view is sampled from the searcher's world, so what the searcher cannot know
    # still cannot change its decision.
    state = bidding_state(seed=3)
    state.apply(0, state.legal_actions(0)[0])
    scrambled = state.determinize(1, Rng(78))
    assert scrambled.to_dict() != state.to_dict()
    spec = "iterations=200,blind=0.5"
    assert bot(5, spec).analyse(state, 1) == bot(5, spec).analyse(scrambled, 1)


def test_modelled_rivals_keep_the_search_honest() -> None:
    state = bidding_state(seed=2)
    state.apply(0, state.legal_actions(0)[0])
    scrambled = state.determinize(1, Rng(77))
    assert bot(5, "iterations=200,rivals=0.7").analyse(state, 1) == bot(
        5, "iterations=200,rivals=0.7"
    ).analyse(scrambled, 1)


def _recording(spec: str, strategy: Strategy[Any]) -> tuple[Search, list[tuple[str, int, object]]]:
    """A search that notes the world and chance each iteration starts from, and its first
    action (sequential halving gives it; None where the tree selects)."""
    search = Search(parse_spec(spec), strategy)
    starts: list[tuple[str, int, object]] = []
    search.observer = lambda world, rng, first: starts.append(
        (repr(world.to_dict()), rng.state, first)
    )
    return search, starts


def _monastery_opening() -> tuple[State, int]:
    import monastic

    state = monastic.load_game("monastery").new_game(2, 4)
    while len(state.to_act()) != 1 or len(state.legal_actions(state.to_act()[0])) < 8:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state, state.to_act()[0]


def test_halving_plays_every_candidate_still_in_on_the_same_worlds() -> None:
    state, seat = _monastery_opening()
    strategy = state.game.strategy()
    assert strategy is not None
    search, starts = _recording("iterations=24,halving=4", strategy)
    root, done, _ = search.run(state, seat, Rng(3))
    assert done == len(starts) == 24
    # The heuristic's choice and 3 challengers: 2 sweeps of the 4, 2 sweeps of it and the
    # better 2, then 5 sweeps of it and the best one (the budget in three equal shares).
    groups = [(0, 8, 4), (8, 14, 3), (14, 24, 2)]
    sweeps = [starts[i : i + k] for a, b, k in groups for i in range(a, b, k)]
    for sweep in sweeps:
        assert len({(world, chance) for world, chance, _ in sweep}) == 1  # one world, one luck
        assert len({first for _, _, first in sweep}) == len(sweep)  # each candidate once
    assert len({sweep[0][:2] for sweep in sweeps}) == len(sweeps)  # a fresh world each sweep
    incumbent = starts[0][2]
    assert all(sweep[0][2] == incumbent for sweep in sweeps)  # it stays in to the end
    table = root.table(seat)
    assert sorted(edge.n for edge in table.values()) == [2, 4, 9, 9]
    # The challenger left is the one with the best mean after the second round.
    last = starts[15][2]
    second = {first for _, _, first in starts[8:14]} - {incumbent}
    assert last in second and root.chosen in (incumbent, last)


def test_a_challenger_replaces_the_heuristic_only_on_a_clear_lead() -> None:
    assert _beats([0.6, 0.7, 0.65, 0.62], [0.5, 0.52, 0.55, 0.5])
    assert not _beats([0.6, 0.4, 0.7, 0.3], [0.5, 0.5, 0.5, 0.5])  # ahead by noise only
    assert not _beats([0.4, 0.45], [0.5, 0.5])
    assert not _beats([0.9], [0.1])  # one world shows nothing


def test_halving_begins_with_the_heuristic_and_the_games_order() -> None:
    state, seat = _monastery_opening()
    strategy = state.game.strategy()
    assert strategy is not None and strategy.widen_order is not None
    assert strategy.search_actions is not None
    root, _, _ = Search(parse_spec("iterations=16,halving=6"), strategy).run(state, seat, Rng(9))
    # The same world the search ranked in: its first draw from the same generator.
    rng = Rng(9)
    seen = state.determinize(seat, rng)
    legal = strategy.search_actions(state, seat, state.legal_actions(seat))
    ranked = strategy.widen_order(seen, seat, legal)
    first = strategy.greedy_action(seen, seat, rng)
    assert list(root.table(seat)) == [first, *(a for a in ranked if a != first)][:6]


def test_halving_decides_and_stays_honest() -> None:
    state, seat = _monastery_opening()
    spec = "iterations=24,halving=4"
    strategy = state.game.strategy()
    root, _, _ = Search(parse_spec(spec), strategy).run(state, seat, Rng(5).spawn())
    assert ISMCTSBot(5, parse_spec(spec)).choose(state, seat) == root.chosen
    stats = ISMCTSBot(5, parse_spec(spec)).analyse(state, seat)
    scrambled = state.determinize(seat, Rng(31))
    assert scrambled.to_dict() != state.to_dict()
    assert ISMCTSBot(5, parse_spec(spec)).analyse(scrambled, seat) == stats
    assert ISMCTSBot(5, parse_spec(spec)).choose(scrambled, seat) == root.chosen


def test_halving_leaves_a_joint_decision_to_the_tree() -> None:
    state = bidding_state()  # every seat bids at once
    plain = bot(4, "iterations=60").analyse(state, 0)
    assert bot(4, "iterations=60,halving=4").analyse(state, 0) == plain


def test_a_horizon_scores_every_line_at_the_same_point_of_the_game() -> None:
    state, seat = _monastery_opening()
    strategy = state.game.strategy()
    assert strategy is not None and strategy.clock is not None
    clock = strategy.clock
    scored: list[int] = []

    def evaluate(world: State) -> list[float]:
        scored.append(clock(world))
        return list(strategy.evaluate(world))

    until = clock(state) + 18  # three turns at 2 players
    search = Search(parse_spec("iterations=40,horizon=18"), replace(strategy, evaluate=evaluate))
    search.run(state, seat, Rng(8))
    assert len(scored) == 40  # the game is far from over: every line is scored
    assert min(scored) >= until
    # Cut at the first world that reaches it: a line never plays a whole round past it.
    assert max(scored) < until + 24
    # Counted in decisions instead, lines end at other points of the game.
    scored.clear()
    Search(parse_spec("iterations=40,cutoff=6"), replace(strategy, evaluate=evaluate)).run(
        state, seat, Rng(8)
    )
    assert len(set(scored)) > 1
