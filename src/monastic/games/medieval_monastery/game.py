"""Medieval Monastery as an engine ``Game``: setup, the state class, saving and sampling."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from monastic.engine import (
    BadOption,
    Event,
    Game,
    GameInfo,
    OptionSpec,
    Result,
    Rng,
    State,
    Strategy,
    as_rng,
    ranks_from_scores,
)
from monastic.games.medieval_monastery import flow, legal
from monastic.games.medieval_monastery.actions import (
    Accept,
    Bid,
    Combo,
    Discard,
    Done,
    Give,
    MMAction,
    Offer,
    Pick,
    Play,
    Reject,
    Swap,
    parse_action,
)
from monastic.games.medieval_monastery.catalogue import DECK_SIZE
from monastic.games.medieval_monastery.state import (
    ANSWER,
    BID,
    COMBO,
    MONKS_IN,
    MONKS_OUT,
    ORDERS,
    OVER,
    SIMULTANEOUS,
    STEPS,
    StateData,
    card_mask,
    mask_cards,
)
from monastic.games.medieval_monastery.view import view

__all__ = ["GAME", "MMState", "MedievalMonastery"]


class MMState(StateData, State):
    """A game of Medieval Monastery in progress."""

    __slots__ = ()

    @property
    def players(self) -> int:
        return self.n

    # The rules' functions themselves, not wrappers: one call less per decision.
    to_act = legal.to_act
    legal_actions = legal.legal_actions  # type: ignore[assignment]

    def is_legal(self, seat: int, action: object) -> bool:
        return legal.is_legal(self, seat, action)

    def why_illegal(self, seat: int, action: object) -> str:
        return legal.why_illegal(self, seat, action) or f"{action} is legal"

    def apply_unchecked(self, seat: int, action: object) -> list[Event]:
        ev: list[Event] = []
        _RULES.get(type(action), _not_an_action)(self, seat, action, ev)
        return ev

    def apply_quiet(self, seat: int, action: object) -> None:
        # One lookup and the rule itself: this is a search's every step.
        _RULES.get(type(action), _not_an_action)(self, seat, action, None)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def is_over(self) -> bool:
        return self.step == OVER

    def result(self) -> Result:
        if self.step != OVER:
            raise ValueError("the game is not over")
        scores = tuple(float(min(row)) for row in self.scores)
        breakdown: dict[str, Any] = {"suits": [row[:] for row in self.scores], "flush_winner": None}
        if self.winner >= 0:  # C-16: the declarer first, the others by score
            others = [s for s in range(self.n) if s != self.winner]
            ranks = [1] * self.n
            for seat in others:
                ranks[seat] = 2 + sum(1 for o in others if scores[o] > scores[seat])
            breakdown["flush_winner"] = self.winner
            return Result(scores, (self.winner,), tuple(ranks), breakdown)
        ranks_t = ranks_from_scores(scores)  # C-17: ties share the victory
        winners = tuple(seat for seat in range(self.n) if ranks_t[seat] == 1)
        return Result(scores, winners, ranks_t, breakdown)

    def to_dict(self) -> dict[str, Any]:
        return self.fields_dict()

    def clone(self) -> MMState:
        other = MMState.__new__(MMState)
        self.copy_into(other)
        return other

    def determinize(self, seat: int, rng: random.Random | Rng | int) -> MMState:
        """Resample the deck order, others' hands (keeping what ``seat`` knows) and choices."""
        r = as_rng(rng)
        world = self.clone()
        world.rng = r.spawn()
        mine = self.known[seat]
        pool = list(self.deck)
        for holder in range(self.n):
            if holder != seat:
                pool.extend(c for c in self.hands[holder] if not mine[holder] >> c & 1)
        pool.sort()  # the pool's order must not reveal where its cards came from
        r.shuffle(pool)
        for holder in range(self.n):
            if holder == seat:
                continue
            hand = mask_cards(mine[holder])
            need = len(self.hands[holder]) - len(hand)
            hand.extend(pool[len(pool) - need :] if need else [])
            del pool[len(pool) - need :]
            world.hands[holder] = hand
        world.deck = pool
        for viewer in range(self.n):  # others' knowledge must stay true in the new world
            for holder in range(self.n):
                if holder != seat and viewer != seat:
                    world.known[viewer][holder] &= card_mask(world.hands[holder])
        if self.step in SIMULTANEOUS:  # others' secret choices are unknown to seat
            for other in range(self.n):
                if other != seat and world.choice[other] >= 0:
                    world.choice[other] = r.choice(sorted(world.hands[other]))
        return world


def _done(s: StateData, seat: int, action: Any, ev: flow.Events) -> None:
    if s.step == COMBO:
        flow.declarer_done(s, ev)
    else:
        flow.trader_done(s, seat, ev)


def _give(s: StateData, seat: int, action: Any, ev: flow.Events) -> None:
    if s.step == MONKS_OUT:
        flow.monks_give(s, action.card, ev)
    else:
        flow.choose(s, seat, action.card, ev)


def _not_an_action(s: StateData, seat: int, action: Any, ev: flow.Events) -> None:
    raise TypeError(f"not a Medieval Monastery action: {action!r}")


# What each kind of action does (one lookup instead of a chain of type tests).
_RULES: dict[type, Callable[[StateData, int, Any, flow.Events], None]] = {
    Play: lambda s, seat, a, ev: flow.play(s, seat, a.card, ev),
    Combo: lambda s, seat, a, ev: flow.declare(s, seat, a.kind, a.cards, ev),
    Done: _done,
    Offer: lambda s, seat, a, ev: flow.make_offer(s, seat, a.target, a.card, a.ask, ev),
    Accept: lambda s, seat, a, ev: flow.answer(s, a.card, ev),
    Reject: lambda s, seat, a, ev: flow.answer(s, None, ev),
    Give: _give,
    Bid: lambda s, seat, a, ev: flow.choose(s, seat, a.card, ev),
    Pick: lambda s, seat, a, ev: flow.pick(s, seat, a.card, ev),
    Discard: lambda s, seat, a, ev: flow.prayer_discard(s, seat, a.cards, ev),
    Swap: lambda s, seat, a, ev: flow.abbey_swap(s, seat, a.target, ev),
}


class MedievalMonastery(Game):
    """The card game of actions and combos, scored by the weakest suit."""

    id: ClassVar[str] = "medieval-monastery"
    title: ClassVar[str] = "Medieval Monastery"
    info: ClassVar[GameInfo] = GameInfo(
        min_players=2,
        max_players=6,
        chance="sampled",
        information="imperfect",
        simultaneous=True,
        max_decisions=20 * 6 * 40,
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("turns", 10, "number of turns", minimum=1, maximum=20),
        OptionSpec(
            "first_abbot",
            0,
            "seat of the first Abbot; -1 draws it with the seed",
            minimum=-1,
            maximum=5,
        ),
    )
    default_players: ClassVar[int] = 4

    def _new(self, players: int, seed: int, options: Mapping[str, Any]) -> MMState:
        if options["first_abbot"] >= players:
            raise BadOption(
                f"option 'first_abbot' must be below {players}, not {options['first_abbot']}"
            )
        s = MMState.__new__(MMState)
        s.n = players
        s.turns = options["turns"]
        s.turn = 1
        s.rng = Rng(seed)
        s.abbot = options["first_abbot"] if options["first_abbot"] >= 0 else s.rng.below(players)
        s.deck = list(range(DECK_SIZE))
        s.rng.shuffle(s.deck)
        s.discard = []
        s.hands = [[] for _ in range(players)]
        s.scores = [[0] * 8 for _ in range(players)]
        s.known = [[0] * players for _ in range(players)]
        s.zone, s.queue, s.choice = [], [], [-1] * players
        s.trade_offers, s.trade_done, s.trade_turn = [], [], 0
        s.offer, s.offer_no, s.trade_log = None, 0, []
        s.winner, s.step, s.actor, s.index = -1, "play", 0, 0
        s.combo_memo = None
        flow.deal(s, None)  # the setup's events are not kept
        return s

    def strategy(self) -> Strategy[Any]:
        # The strategy reads the rules, so it is imported when a bot first asks.
        from monastic.games.medieval_monastery.strategy import STRATEGY

        return STRATEGY

    def parse_action(self, text: str) -> MMAction:
        return parse_action(text)

    def _from_dict(self, data: Mapping[str, Any]) -> MMState:
        s = MMState.__new__(MMState)
        n = _int(data, "players", 2, 6)
        s.n = n
        s.turns = _int(data, "turns", 1, 20)
        s.turn = _int(data, "turn", 1, s.turns)
        s.abbot = _int(data, "abbot", 0, n - 1)
        s.actor = _int(data, "actor", 0, n - 1)
        s.index = _int(data, "index", 0, n)
        s.step = str(data["step"])
        if s.step not in STEPS:
            raise ValueError(f"unknown step {s.step!r}")
        s.deck = _cards(data["deck"], "deck")
        s.discard = _cards(data["discard"], "discard")
        s.hands = [_cards(h, "hand") for h in _list(data["hands"], n, "hands")]
        s.zone = _cards(data["zone"], "zone")
        everything = sorted(s.deck + s.discard + s.zone + [c for h in s.hands for c in h])
        if everything != list(range(DECK_SIZE)):
            raise ValueError("the 72 cards must each be in exactly one place")
        s.scores = [
            [int(x) for x in _list(row, 8, "scores")] for row in _list(data["scores"], n, "scores")
        ]
        s.known = [
            [card_mask(_cards(k, "known")) for k in _list(row, n, "known")]
            for row in _list(data["known"], n, "known")
        ]
        for v in range(n):
            for h in range(n):
                if s.known[v][h] & ~card_mask(s.hands[h]) or (v == h and s.known[v][h]):
                    raise ValueError(f"known[{v}][{h}] names cards not in that hand")
        s.rng = Rng(int(data["rng"]))
        s.queue = [_seat(x, n) for x in data["queue"]]
        s.choice = [int(x) for x in _list(data["choice"], n, "choice")]
        s.trade_offers = [int(x) for x in data["trade_offers"]]
        s.trade_done = [bool(x) for x in data["trade_done"]]
        s.trade_turn = _seat(data["trade_turn"], n)
        offer = data["offer"]
        s.offer = (
            None
            if offer is None
            else (
                int(offer[0]),
                _seat(offer[1], n),
                _seat(offer[2], n),
                int(offer[3]),
                str(offer[4]),
            )
        )
        s.offer_no = int(data["offer_no"])
        s.trade_log = [
            (int(a), int(b), int(c), int(d), str(e), str(f))
            for a, b, c, d, e, f in data["trade_log"]
        ]
        s.winner = int(data["winner"])
        s.combo_memo = None
        if s.step == ANSWER and s.offer is None:
            raise ValueError("step 'answer' needs a pending offer")
        if s.step in (BID, ORDERS, MONKS_IN) and not s.queue:
            raise ValueError(f"step {s.step!r} needs seats to choose")
        return s


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value: int = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{key} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _list(value: Any, length: int, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"{what} must be a list of {length}")
    return value


def _seat(value: Any, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise ValueError(f"{value!r} is not a seat")
    return int(value)


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(c, int) and not isinstance(c, bool) and 0 <= c < DECK_SIZE for c in value
    ):
        raise ValueError(f"{what} must be a list of card numbers 0..71")
    return list(value)


GAME = MedievalMonastery()
MMState.game = GAME
