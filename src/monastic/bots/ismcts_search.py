"""The search behind the ISMCTS bot: single-observer information-set MCTS (SO-ISMCTS).

Every iteration samples one world from what the searching seat knows
(``state.determinize``), walks the shared tree with availability-aware UCT, grows it by
one node, plays on for a few decisions and scores the position with the game's own
evaluation. Each seat keeps its own statistics at the nodes where it decides, so the
search is multi-player and not zero-sum.

- Chance happens inside ``apply_quiet`` from the world's reseeded generator, so the
  tree is open-loop: a node is reached by actions only.
- Simultaneous decisions (``to_act()`` lists several seats) are one joint node with
  decoupled statistics per seat: each seat picks from its own table, which never
  depends on what the other seats picked, then the picks apply in ascending seat order.
- Large branching (tile placements) is handled by progressive widening: a node offers
  only about ``widen_k * visits ** widen_alpha`` children once it has more than
  ``widen`` legal actions.
- The game's greedy choice is a seat's first try at a node and keeps a progressive bias,
  so a short search starts from the heuristic and leaves it only on evidence. A game that
  ranks actions (``widen_order``) has widening open the rest in that order, best first,
  rather than at random: of hundreds of placements, the few a search can try are the
  plausible ones.
- With ``rivals`` set, the other seats are modelled by a policy instead of the tree
  (the tree then spends every node on the searcher's own choices: deeper for the same
  iterations when several rivals move between two of its decisions).
- With ``blind`` set, a share of the iterations is played from a rival's view (the
  world sampled again from what that rival may know) and trains only that rival's
  choices; the others train only the searcher's. Without it a rival in the tree learns in
  worlds that all hold the searcher's true hidden cards, as if it saw them, and the more
  iterations, the better it answers them.
- A game may narrow what the tree considers at a decision (``search_actions`` in its
  ``Strategy``, e.g. to drop dominated choices); playouts still see every action.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Any

from monastic.engine import Action, Rng, State, Strategy

__all__ = [
    "Edge",
    "Node",
    "Search",
    "SearchConfig",
    "scores_to_rewards",
]

_TWO64 = float(1 << 64)


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Every knob of the search; ``iterations``/``seconds`` of None mean no such limit."""

    iterations: int | None = None
    seconds: float | None = 0.2
    cutoff: int = 10  # decisions after the root before the evaluation scores the world
    # Decisions a playout plays at least beyond the node its iteration added; 0: none, so a
    # tree grown to the cutoff stops growing. Above 0 the tree grows past the cutoff and a
    # larger search looks further ahead, not only at more worlds.
    beyond: int = 0
    c: float = 0.7  # UCT exploration for rewards in [0, 1]
    epsilon: float = 0.1  # chance that a playout decision follows the greedy heuristic
    widen: int = 24  # progressive widening starts above this many legal actions
    widen_k: float = 2.0
    widen_alpha: float = 0.5
    bias: float = 1.0  # progressive bias towards the greedy heuristic's choice
    temp: float = 0.04  # softmax temperature, relative to the mean absolute score
    # None: the other seats decide in the tree too, each on its own rewards. A probability p:
    # the tree holds the searching seat's decisions only, and another seat follows the
    # greedy heuristic with chance p (a random legal action otherwise), as in playouts.
    rivals: float | None = None
    # The share of iterations played from a rival's view (the other seats in the tree only):
    # the world is sampled again from what that rival may know, and only its choices learn
    # from it; the searcher's own choices learn from the other iterations alone. So a rival
    # in the tree cannot learn to answer the searcher's hidden cards, which every world of
    # the searcher's own holds as they are. 0: every seat learns from every iteration.
    blind: float = 0.0
    # Independent trees the budget is shared among, their root statistics summed before the
    # choice (root parallelisation): each tree is as small as a smaller search, so it leans
    # on the heuristic as much, while the sum averages away the noise of its worlds.
    trees: int = 1
    # Above 1: the root is decided by sequential halving over that many candidates (the
    # game's ranking, the heuristic's choice first) on shared worlds: every sampled world,
    # with its chance, is played once from each candidate still in, so the candidates are
    # compared on equal luck, and the worse half drops out after each round. The nodes
    # below the root are searched as always. 0 or 1: the root is a node like the others
    # (also where several seats decide at once, and ``blind`` is not used with it).
    halving: int = 0
    # Above 0, with a game that keeps a clock (``Strategy.clock``): the tree and the
    # playouts stop that far ahead on the clock instead of after ``cutoff`` decisions, so a
    # line that spends decisions (a monk moved there and back) does not end its look ahead
    # sooner and skip what the rivals would do meanwhile. 0: ``cutoff`` decides.
    horizon: int = 0
    # The level this configuration started from (``ismcts.LEVELS``): a game's settings for
    # that level refine it (``ismcts.game_tuned``). The search itself never reads it.
    level: str = "medium"


#: How many standard errors of the paired difference a challenger must lead the heuristic's
#: choice by, on worlds that did not choose it, to replace it (``Search._halving``).
_SURE = 1.0


def _beats(challenger: list[float], incumbent: list[float]) -> bool:
    """Whether ``challenger`` did better than ``incumbent`` on the same worlds by more than
    ``_SURE`` standard errors of the mean difference."""
    n = len(challenger)
    if n < 2:
        return False
    diffs = [a - b for a, b in zip(challenger, incumbent, strict=True)]
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > _SURE * math.sqrt(spread / n)


def scores_to_rewards(scores: Sequence[float], temp: float) -> list[float]:
    """Expected scores to rewards in [0, 1] summing to 1: a softmax over score differences.

    The temperature scales with the size of the scores, so games with big and small
    point totals both give sharp but not all-or-nothing rewards.
    """
    n = len(scores)
    scale = temp * max(1.0, sum(abs(s) for s in scores) / n)
    top = max(scores)
    weights = [math.exp((s - top) / scale) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


class Edge:
    """One seat's statistics for one action at one node."""

    __slots__ = ("avail", "bias", "n", "w")

    def __init__(self, bias: float = 0.0) -> None:
        self.n = 0  # visits
        self.w = 0.0  # summed reward of the seat that chose it
        self.avail = 0  # iterations in which this action was legal here
        self.bias = bias  # progressive bias: bias / (n + 1) is added to its UCT value


class Node:
    """A tree node, reached by a sequence of (joint) actions; per-seat edge tables."""

    __slots__ = ("children", "chosen", "edges", "order", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.chosen: Action = None  # a root's decision where the search made it (halving)
        self.edges: dict[int, dict[Action, Edge]] = {}
        self.children: dict[Hashable, Node] = {}
        self.order: dict[int, list[Action]] | None = None  # per seat: widening's order

    def table(self, seat: int) -> dict[Action, Edge]:
        """The edges of ``seat`` here (empty if it never decided here)."""
        return self.edges.get(seat, {})


class Search:
    """One configured search; ``run`` builds a tree for one decision."""

    def __init__(self, config: SearchConfig, strategy: Strategy[Any] | None) -> None:
        self.config = config
        evaluate = strategy.evaluate if strategy is not None else None
        self._evaluate: Callable[[State], Sequence[float]] | None = evaluate
        self._guide: Callable[[State, int, Rng], Action] | None = (
            strategy.greedy_action if strategy is not None else None
        )
        self._narrow: Callable[[State, int, list[Action]], list[Action]] | None = (
            strategy.search_actions if strategy is not None else None
        )
        self._order: Callable[[State, int, list[Action]], list[Action]] | None = (
            strategy.widen_order if strategy is not None else None
        )
        self._greedy_below = int(config.epsilon * _TWO64)
        self._rival_below = int(config.rivals * _TWO64) if config.rivals is not None else -1
        self._clock: Callable[[State], int] | None = (
            strategy.clock if strategy is not None and config.horizon > 0 else None
        )
        self._until = -1  # the clock's reading at which this run's lines stop (horizon)
        #: Called with each iteration's world, luck and given first action (None where the
        #: tree selects) before it runs: for tests and studies of which worlds a search met.
        self.observer: Callable[[State, Rng, Action], None] | None = None
        # Without an evaluation a cut-off world says nothing: play every game to its end.
        # With a horizon the clock cuts the lines off, not the count of decisions.
        uncut = evaluate is None or self._clock is not None
        self._cutoff = config.cutoff if not uncut else 1 << 62

    def candidates(self, state: State, seat: int, legal: list[Action]) -> list[Action]:
        """The part of ``legal`` the tree considers (the game's ``search_actions``)."""
        return self._narrow(state, seat, legal) if self._narrow is not None else legal

    def run(
        self, state: State, seat: int, rng: Rng, narrow_root: bool = True, part: int = 1
    ) -> tuple[Node, int, float]:
        """Search from ``state`` for ``seat``: the root, iterations done and seconds spent.

        With ``narrow_root`` False the root considers every legal action (an analysis
        judges every choice, dominated ones too); the nodes below are narrowed as always.
        ``part``: the tree gets that share of the budget (one of ``part`` trees).
        """
        cfg = self.config
        if cfg.iterations is None and cfg.seconds is None:
            raise ValueError("the search needs a budget: iterations, seconds or both")
        root = Node()
        start = perf_counter()
        deadline = start + cfg.seconds / part if cfg.seconds is not None else math.inf
        limit = -(-cfg.iterations // part) if cfg.iterations is not None else 1 << 62
        if self._clock is not None:
            self._until = self._clock(state) + cfg.horizon
        if cfg.halving > 1 and state.to_act() == [seat]:  # a joint decision: a node as always
            done = self._halving(root, state, seat, rng, narrow_root, start, deadline, limit)
            return root, done, perf_counter() - start
        done = 0
        # Rival views need rivals in the tree; without them every iteration is the seat's.
        blind_below = int(cfg.blind * _TWO64) if cfg.rivals is None and state.players > 1 else 0
        while done < limit:
            # A fresh world per iteration, sampled only from what the seat may know.
            world = state.determinize(seat, rng)
            learner = -1  # every seat learns
            if blind_below:
                learner = seat
                if rng.next64() < blind_below:
                    # That world as one rival may see it: the seat's hidden cards sampled again.
                    learner = rng.below(state.players - 1)
                    learner += learner >= seat
                    world = world.determinize(learner, rng)
            self._iterate(root, world, seat, rng, narrow_root, None, learner)
            done += 1
            if perf_counter() >= deadline:
                break
        return root, done, perf_counter() - start

    def _halving(
        self,
        root: Node,
        state: State,
        me: int,
        rng: Rng,
        narrow_root: bool,
        start: float,
        deadline: float,
        limit: int,
    ) -> int:
        """Sequential halving at the root on shared worlds (``SearchConfig.halving``); the
        iterations done, the decision in ``root.chosen``.

        The heuristic's choice is the incumbent and stays in to the end; the other
        candidates (the game's ranking) are halved round by round by their mean reward, all
        of them met the same worlds. The last challenger replaces the incumbent only if it
        did better on the last round's worlds by more than ``_SURE`` standard errors of the
        paired difference: those worlds took no part in choosing it, so its lead there is
        not the luck that made it the best of many (and with nothing shown, the heuristic's
        choice stands, as the tree's bias keeps it ahead)."""
        legal = state.legal_actions(me)
        if narrow_root and self._narrow is not None:
            legal = self._narrow(state, me, legal)
        seen = state.determinize(me, rng)  # the ranking reads a world, never the truth
        ranked = self._order(seen, me, legal) if self._order is not None else list(legal)
        incumbent: Action = None
        if self._guide is not None:
            incumbent = self._guide(seen, me, rng)
            if incumbent in legal:
                ranked = [incumbent, *(a for a in ranked if a != incumbent)]
            else:
                incumbent = None
        alive = ranked[: self.config.halving]
        root.edges[me] = {action: Edge() for action in alive}
        challengers = alive[1:] if incumbent is not None else alive
        # Halving to one challenger, then (with an incumbent) a round of the two alone.
        rounds = 0
        while -(-len(challengers) // (1 << rounds)) > 1:
            rounds += 1
        rounds = max(1, rounds + (incumbent is not None))
        done = 0
        last: dict[Action, list[float]] = {}  # the last round's rewards, world by world
        for i in range(rounds):
            alive = [incumbent, *challengers] if incumbent is not None else challengers
            share = (limit - done) // (rounds - i)  # what earlier rounds left over counts too
            round_end = start + (deadline - start) * (i + 1) / rounds
            last = {action: [] for action in alive}
            for _ in range(max(1, share // len(alive))):
                world = state.determinize(me, rng)
                chance = rng.next64()
                for action in alive:
                    got = self._iterate(root, world.clone(), me, Rng(chance), narrow_root, action)
                    last[action].append(got[me])
                done += len(alive)
                if perf_counter() >= round_end or done >= limit:
                    break
            if len(challengers) > 1:
                table = root.edges[me]
                challengers.sort(key=lambda a: -table[a].w / max(1, table[a].n))
                challengers = challengers[: -(-len(challengers) // 2)]
            if perf_counter() >= deadline or done >= limit:
                break
        best = max(challengers, key=lambda a: sum(last[a]), default=incumbent)
        if incumbent is not None and not _beats(last[best], last[incumbent]):
            best = incumbent
        root.chosen = best
        return done

    def _iterate(
        self,
        root: Node,
        world: State,
        me: int,
        rng: Rng,
        narrow_root: bool,
        first: Action = None,
        learner: int = -1,
    ) -> list[float]:
        """One iteration in ``world``; only ``learner``'s statistics learn from it (-1: every
        seat's). The other seats play what their statistics so far say (``_replayed``),
        leaving them untouched: a seat's statistics hold only the worlds of its own view.
        ``first``: the root's action, given (sequential halving), not selected. Returns
        the rewards the iteration scored."""
        if self.observer is not None:
            self.observer(world, rng, first)
        grow_until = self._cutoff if self.config.beyond == 0 else 1 << 62
        narrow = self._narrow if narrow_root else None
        modelled = self._rival_below >= 0  # rivals follow a policy, not the tree
        path: list[tuple[Edge, int]] = []
        node = root
        depth = 0
        if first is not None:
            root.visits += 1
            edge = root.edges[me][first]
            edge.avail += 1
            path.append((edge, me))
            world.apply_quiet(me, first)
            depth = 1
            child = root.children.get(first)
            if child is None:
                root.children[first] = child = Node()
                grow_until = 0  # the new node is the one this iteration adds
            node = child
            narrow = self._narrow
        clock, until = self._clock, self._until
        while depth < grow_until:
            acting = world.to_act()
            if not acting or (clock is not None and clock(world) >= until):
                break
            if modelled and me not in acting:
                for seat in acting:
                    world.apply_quiet(seat, self._policy(world, seat, rng, self._rival_below))
                    depth += 1
                continue
            node.visits += 1
            key: Hashable
            if len(acting) == 1:
                seat = acting[0]
                legal = world.legal_actions(seat)
                if narrow is not None:
                    legal = narrow(world, seat, legal)
                key = self._decide(node, seat, legal, world, rng, learner, path)
                world.apply_quiet(seat, key)
                depth += 1
            else:
                picks = []
                for seat in acting:
                    if modelled and seat != me:
                        world.apply_quiet(seat, self._policy(world, seat, rng, self._rival_below))
                        depth += 1
                        continue
                    legal = world.legal_actions(seat)
                    if not legal:
                        continue
                    if narrow is not None:
                        legal = narrow(world, seat, legal)
                    # Chosen from this node's table for the seat alone: blind to the
                    # other picks of this joint decision, as at the real table.
                    action = self._decide(node, seat, legal, world, rng, learner, path)
                    world.apply_quiet(seat, action)
                    picks.append((seat, action))
                    depth += 1
                key = tuple(picks)
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                break
            node = child
            narrow = self._narrow
        rewards = self._playout(world, depth, max(self._cutoff, depth + self.config.beyond), rng)
        for edge, seat in path:  # only the learners' edges are on it
            edge.n += 1
            edge.w += rewards[seat]
        return rewards

    def _decide(
        self,
        node: Node,
        seat: int,
        legal: list[Action],
        world: State,
        rng: Rng,
        learner: int,
        path: list[tuple[Edge, int]],
    ) -> Action:
        """``seat``'s choice at ``node``: by the tree, its edge put on ``path``, when it
        learns from this iteration; else replayed (``_replayed``), off the path."""
        if 0 <= learner != seat:
            return self._replayed(node, seat, legal, world, rng)
        edge, action = self._select(node, seat, legal, world, rng)
        path.append((edge, seat))
        return action

    def _replayed(
        self, node: Node, seat: int, legal: list[Action], world: State, rng: Rng
    ) -> Action:
        """A seat's choice in an iteration it does not learn from, touching no statistics:
        its most visited action so far among those this world allows, else the heuristic's
        (a random one without a heuristic)."""
        table = node.edges.get(seat)
        best: Action = None
        most = 0
        if table is not None:
            for action in legal:
                edge = table.get(action)
                if edge is not None and edge.n > most:
                    best, most = action, edge.n
        if most:
            return best
        if self._guide is not None:
            return self._guide(world, seat, rng)
        return legal[rng.below(len(legal))]

    def _policy(self, world: State, seat: int, rng: Rng, below: int) -> Action:
        """A decision outside the tree (playouts, modelled rivals): the greedy heuristic
        with chance ``below / 2**64``, else a random legal action."""
        guide = self._guide
        if guide is not None and below > 0 and rng.next64() < below:
            return guide(world, seat, rng)
        legal = world.legal_actions(seat)
        return legal[rng.below(len(legal))]

    def _select(
        self, node: Node, seat: int, legal: list[Action], world: State, rng: Rng
    ) -> tuple[Edge, Action]:
        table = node.edges.get(seat)
        cfg = self.config
        if table is None:
            table = node.edges[seat] = {}
            if self._guide is not None and (cfg.bias > 0 or len(legal) > cfg.widen):
                # The heuristic's choice is tried first and kept ahead for a while, unless
                # the game left it out of the candidates (a dominated choice).
                action = self._guide(world, seat, rng)
                if self._narrow is None or action in legal:
                    first = table[action] = Edge(cfg.bias)
                    first.avail = 1
                    return first, action
        room = len(legal) <= cfg.widen or len(table) < cfg.widen_k * node.visits**cfg.widen_alpha
        c = cfg.c
        best: Edge | None = None
        best_action: Action = None
        best_value = -1.0
        untried: list[Action] = []
        for action in legal:
            edge = table.get(action)
            if edge is None:
                untried.append(action)
                continue
            edge.avail += 1
            n = edge.n
            if n:
                value = edge.w / n + c * math.sqrt(math.log(edge.avail) / n) + edge.bias / (n + 1)
            else:
                value = math.inf
            if value > best_value:
                best, best_action, best_value = edge, action, value
        if untried and (room or best is None):
            action = None
            if best is None and len(legal) > cfg.widen and self._guide is not None:
                # Widening starts from the heuristic's choice, not a random one of hundreds.
                action = self._guide(world, seat, rng)
                if self._narrow is not None and action not in untried:
                    action = None
            if action is None:
                action = self._next_untried(node, seat, legal, untried, world, rng)
            edge = table[action] = Edge()
            edge.avail = 1
            return edge, action
        assert best is not None
        return best, best_action

    def _next_untried(
        self,
        node: Node,
        seat: int,
        legal: list[Action],
        untried: list[Action],
        world: State,
        rng: Rng,
    ) -> Action:
        """The action widening opens next: the game's best-ranked untried one, else random."""
        rank = self._order
        if rank is not None and len(legal) > self.config.widen:
            if node.order is None:
                node.order = {}
            order = node.order.get(seat)
            if order is None:
                # Ranked once, in the first world that widens here; the worlds that follow
                # share this seat's information set, so mostly the same actions.
                order = node.order[seat] = rank(world, seat, legal)
            open_now = set(untried)
            for action in order:
                if action in open_now:
                    return action
        return untried[rng.below(len(untried))]

    def _playout(self, world: State, depth: int, stop: int, rng: Rng) -> list[float]:
        below = self._greedy_below
        clock, until = self._clock, self._until
        while depth < stop:
            acting = world.to_act()
            if not acting or (clock is not None and clock(world) >= until):
                break
            seat = acting[0]
            world.apply_quiet(seat, self._policy(world, seat, rng, below))
            depth += 1
        return self._rewards(world)

    def _rewards(self, world: State) -> list[float]:
        if world.is_over():
            result = world.result()
            return [result.reward(seat) for seat in range(world.players)]
        evaluate = self._evaluate
        assert evaluate is not None  # without one, playouts run to the end
        return scores_to_rewards(evaluate(world), self.config.temp)
