"""What is it worth to the card game's search to know the rivals' hands?

Runs ``monastic arena`` (the same options) with one more kind of bot, ``oracle:<ismcts
settings>``: the ISMCTS bot of those settings whose sampled worlds hold the rivals' true
hands. The deck's order and the rivals' secret choices of a simultaneous step are still
sampled, so it knows what a perfect reader of the rivals' play could know at best, and no
more. ``oracle-deck:<settings>`` also knows the deck's order (the cards still to be drawn),
which no reading of the play could tell. They are measuring sticks for better sampling of
worlds, not bots to play against:

    PYTHONPATH=src python scripts/hand_knowledge.py --game medieval-monastery --players 2 \\
        --paired --jobs 1 --games 30 --seed 2720000 \\
        --bots oracle:iterations=1100 --bots ismcts:iterations=1100 --out mm-oracle

``model`` measures how much a reader modelling the rival by the heuristic could learn from
its choices: in ``--games`` games of two searches, at every choice the heuristic makes by a
value (a card to play, discard, pick, give or bid, a hand to swap for: ``choice_values``),
where the search's choice stands among the heuristic's values and how many bits a softmax
of those values at a few temperatures gives about it beyond a uniform guess (either build):

    python scripts/hand_knowledge.py model --games 10 --iterations 1100

``where`` instead counts where the oracle chooses differently: at every third real decision
of ``--games`` greedy games, a search, the same search with another seed, and the oracle
choose; it prints, per kind of decision and whether the seat is the Abbot (first to play in
the turn) or not, how often the oracle and the second search chose as the first:

    PYTHONPATH=src python scripts/hand_knowledge.py where --games 3 --iterations 1100

The oracle replaces the state class's ``determinize`` while it chooses, so it runs on the
pure build only (``PYTHONPATH=src``): compiled code would call the class's own method.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from typing import Any

import monastic.arena.games as arena_games
import monastic.bots as bots
import monastic.lab.games as lab_games
from monastic.arena.rotated import arena_main
from monastic.bots.ismcts import from_spec
from monastic.build_info import PURE, build_name
from monastic.engine import Action, as_rng, load_game
from monastic.games.medieval_monastery.actions import Play
from monastic.games.medieval_monastery.state import NO_CARD, SIMULTANEOUS
from monastic.games.medieval_monastery.strategy import choice_values

ORACLE = "oracle:"
ORACLE_DECK = "oracle-deck:"
_make = bots.make


def _world_with_true_hands(truth: Any, seat: int, rng: Any, deck_known: bool = False) -> Any:
    """A world with every hand as it truly is; the deck's order (unless ``deck_known``) and
    the others' secret simultaneous choices sampled from ``rng``."""
    r = as_rng(rng)
    world = truth.clone()
    world.rng = r.spawn()  # later shuffles of the discard pile stay unknown
    if not deck_known:
        deck = sorted(world.deck)  # sorted first: the true order must not leak
        r.shuffle(deck)
        world.deck = deck
    if truth.step in SIMULTANEOUS:
        for other in range(truth.players):
            if other != seat and world.choices[other] != NO_CARD:
                world.choices[other] = r.choice(sorted(world.hands[other]))
    return world


class Oracle:
    """An ISMCTS bot whose worlds hold the rivals' true hands (see the module's text)."""

    def __init__(self, params: str, seed: int, deck_known: bool) -> None:
        self.inner = from_spec(params, seed)
        self.name = (ORACLE_DECK if deck_known else ORACLE) + params
        self.deck_known = deck_known

    def _world(self, truth: Any, seat: int, rng: Any) -> Any:
        return _world_with_true_hands(truth, seat, rng, self.deck_known)

    def choose(self, state: Any, seat: int) -> Action:
        if state.game.id != "medieval-monastery":
            raise SystemExit("the oracle knows the card game's hands only (medieval-monastery)")
        kind = type(state)
        honest = kind.determinize
        kind.determinize = lambda truth, seat, rng: self._world(truth, seat, rng)
        try:
            return self.inner.choose(state, seat)
        finally:
            kind.determinize = honest


def make(spec: str, seed: int = 0) -> Any:
    """``monastic.bots.make`` that also knows ``oracle:<ismcts settings>``."""
    for prefix in (ORACLE, ORACLE_DECK):
        if spec.startswith(prefix):
            return Oracle(spec.removeprefix(prefix), seed, deck_known=prefix == ORACLE_DECK)
    return _make(spec, seed)


def _options(mode: str, argv: list[str], games: int, seed: int) -> argparse.Namespace:
    """The options of ``where`` and ``model``: games, search iterations, players, seed."""
    parser = argparse.ArgumentParser(prog=f"hand_knowledge.py {mode}")
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--iterations", type=int, default=1100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=seed)
    return parser.parse_args(argv)


def where(argv: list[str]) -> int:
    """Print where the oracle departs from the search (see the module's text)."""
    args = _options("where", argv, games=3, seed=9000)
    game = load_game("medieval-monastery")
    spec = f"iterations={args.iterations}"
    positions: Counter[tuple[str, str]] = Counter()
    oracle_same: Counter[tuple[str, str]] = Counter()
    search_same: Counter[tuple[str, str]] = Counter()
    for number in range(args.games):
        state = game.new_game(args.players, args.seed + number)
        greedy = [_make("greedy", seed=seat) for seat in range(args.players)]
        real = 0
        while not state.is_over():
            picks = []
            for seat in state.to_act():
                if len(state.legal_actions(seat)) > 1:
                    real += 1
                    if real % 3 == 0:
                        first = _make(f"ismcts:{spec}", seed=real).choose(state, seat)
                        second = _make(f"ismcts:{spec}", seed=real + 99_999).choose(state, seat)
                        oracle = make(ORACLE + spec, seed=real).choose(state, seat)
                        key = (state.step, "Abbot" if seat == state.abbot else "not the Abbot")
                        positions[key] += 1
                        oracle_same[key] += oracle == first
                        search_same[key] += second == first
                picks.append((seat, greedy[seat].choose(state, seat)))
            for order, (seat, action) in enumerate(picks):
                # A later pick that became stale is asked again on the next pass.
                if order == 0 or (seat in state.to_act() and state.is_legal(seat, action)):
                    state.apply(seat, action)
    print("| decision | seat | positions | the oracle chose as the search | a second search did |")
    print("|---|---|---|---|---|")
    for key in sorted(positions):
        print(
            f"| {key[0]} | {key[1]} | {positions[key]} | {oracle_same[key]} | {search_same[key]} |"
        )
    return 0


_TEMPERATURES = (0.1, 0.3, 1.0, 3.0)


def _bits(values: list[float], chosen: int, temperature: float) -> float:
    """How many bits a softmax of ``values`` at ``temperature`` gives about ``chosen``
    beyond a uniform guess (negative: it misleads)."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    return math.log2(weights[chosen] / sum(weights) * len(values))


_PLACES = ("first", "second", "third", "lower")


def model(argv: list[str]) -> int:
    """Print how well the heuristic's values predict a search's choices (the module's text)."""
    args = _options("model", argv, games=10, seed=5000)
    game = load_game("medieval-monastery")
    places: dict[str, Counter[str]] = {}
    bits: dict[str, list[list[float]]] = {}
    for number in range(args.games):
        state = game.new_game(args.players, args.seed + number)
        searches = [
            _make(f"ismcts:iterations={args.iterations}", seed=args.seed + number * 10 + seat)
            for seat in range(args.players)
        ]
        while not state.is_over():
            picks = []
            for seat in state.to_act():
                legal = state.legal_actions(seat)
                action = searches[seat].choose(state, seat)
                values = choice_values(state, seat, legal) if len(legal) > 1 else None
                if values is not None:
                    chosen = legal.index(action)
                    place = sorted(values, reverse=True).index(values[chosen])
                    key = type(legal[0]).__name__.lower()
                    if isinstance(legal[0], Play):
                        key += ", the Abbot" if seat == state.abbot else ", not the Abbot"
                    places.setdefault(key, Counter())[_PLACES[min(place, 3)]] += 1
                    bits.setdefault(key, []).append(
                        [_bits(values, chosen, t) for t in _TEMPERATURES]
                    )
                picks.append((seat, action))
            for order, (seat, action) in enumerate(picks):
                if order == 0 or (seat in state.to_act() and state.is_legal(seat, action)):
                    state.apply(seat, action)
    heads = " | ".join(f"bits at {t}" for t in _TEMPERATURES)
    print(f"| decision | choices | the heuristic's first / second / third / lower | {heads} |")
    print("|---|---|---|" + "---|" * len(_TEMPERATURES))
    for key in sorted(places):
        rows = bits[key]
        means = " | ".join(
            f"{sum(row[i] for row in rows) / len(rows):+.2f}" for i in range(len(_TEMPERATURES))
        )
        shares = " / ".join(str(places[key][k]) for k in _PLACES)
        print(f"| {key} | {len(rows)} | {shares} | {means} |")
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["model"]:
        return model(argv[1:])
    if build_name() != PURE:  # compiled code calls the class's own method, never the oracle's
        raise SystemExit("the oracle needs the pure build: run with PYTHONPATH=src")
    if argv[:1] == ["where"]:
        return where(argv[1:])
    for module in (bots, lab_games, arena_games):
        module.make = make  # type: ignore[attr-defined]
    return arena_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
