"""A tiny bidding card game for testing bots: hidden hands, chance and simultaneous bids.

Cards are 1..16. Each seat is dealt 4 hidden cards from a shuffled deck. Each of 4 rounds,
two prizes (from a shuffled prize deck of values 1..8) are revealed and the leader picks one
to auction; then every seat bids one card at once. The highest bid wins the prize (a tie
wins nothing). Bids are discarded face up; every bidder then draws a card while the deck
lasts. Score = prizes won. Not registered: tests construct ``TOY`` directly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from monastic.engine import (
    Action,
    ActionSyntaxError,
    Decision,
    Event,
    Game,
    GameInfo,
    Result,
    Rng,
    State,
    Strategy,
    as_rng,
    ranks_from_scores,
)

ROUNDS = 4
HAND = 4


@dataclass(frozen=True, slots=True)
class Pick:
    index: int

    def __str__(self) -> str:
        return f"pick {self.index}"


@dataclass(frozen=True, slots=True)
class Bid:
    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"


class ToyState(State):
    __slots__ = (
        "_players",
        "bids",
        "deck",
        "discard",
        "hands",
        "leader",
        "offer",
        "prize",
        "prizes",
        "rng",
        "round",
        "scores",
    )

    def __init__(self, players: int, rng: Rng) -> None:
        self._players = players
        self.rng = rng
        self.deck: list[int] = []
        self.prizes: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.bids: list[int | None] = [None] * players
        self.discard: list[int] = []
        self.scores = [0] * players
        self.leader = 0
        self.round = 0
        self.offer: list[int] = []  # the two prizes the leader picks from
        self.prize = 0  # the prize being auctioned, 0 while picking

    @property
    def players(self) -> int:
        return self._players

    def to_act(self) -> list[int]:
        if self.round >= ROUNDS:
            return []
        if not self.prize:
            return [self.leader]
        return [s for s in range(self._players) if self.bids[s] is None and self.hands[s]]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if not self.prize:
            return [Pick(i) for i in range(len(self.offer))]
        return [Bid(c) for c in sorted(self.hands[seat])]

    def apply_unchecked(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Pick):
            self.prize = self.offer[action.index]
            return [Event("pick", {"seat": seat, "prize": self.prize})]
        assert isinstance(action, Bid)
        self.hands[seat].remove(action.card)
        self.bids[seat] = action.card
        if self.to_act():
            return [Event("bid", {"seat": seat}, frozenset({seat}), {"seat": seat})]
        return self._settle()

    def _settle(self) -> list[Event]:
        bids = [b if b is not None else 0 for b in self.bids]
        best = max(bids)
        winners = [s for s in range(self._players) if bids[s] == best]
        if len(winners) == 1:
            self.scores[winners[0]] += self.prize
        self.discard.extend(b for b in self.bids if b is not None)
        for s in range(self._players):
            if self.bids[s] is not None and self.deck:
                self.hands[s].append(self.deck.pop())
        self.bids = [None] * self._players
        self.round += 1
        self.leader = (self.leader + 1) % self._players
        self.prize = 0
        if self.round < ROUNDS:
            self._reveal()
        return [Event("settle", {"bids": bids})]

    def _reveal(self) -> None:
        self.offer = [self.prizes.pop(), self.prizes.pop()]

    def current_phase(self) -> str:
        return "over" if self.is_over() else "bid" if self.prize else "pick"

    def phase_text(self) -> str:
        return f"Round {self.round + 1} of {ROUNDS}: {self.current_phase()}"

    def decision(self, seat: int) -> Decision:
        if not self.prize:
            return Decision("pick", "Pick the prize to bid for")
        return Decision("bid", f"Bid a card for the prize of {self.prize}")

    def public_players(self) -> list[dict[str, Any]]:
        return [
            {"hand_size": len(hand), "bid": bid is not None, "score": score}
            for hand, bid, score in zip(self.hands, self.bids, self.scores, strict=True)
        ]

    def view_details(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "discard": list(self.discard),
            "offer": list(self.offer),
            "prize": self.prize,
            "round": self.round,
        }

    def is_over(self) -> bool:
        return self.round >= ROUNDS

    def result(self) -> Result:
        if not self.is_over():
            raise ValueError("the game is not over")
        ranks = ranks_from_scores(self.scores)
        winners = tuple(s for s in range(self._players) if ranks[s] == 1)
        return Result(tuple(float(x) for x in self.scores), winners, ranks)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self._players,
            "rng": self.rng.state,
            "deck": list(self.deck),
            "prizes": list(self.prizes),
            "hands": [list(h) for h in self.hands],
            "bids": list(self.bids),
            "discard": list(self.discard),
            "scores": list(self.scores),
            "leader": self.leader,
            "round": self.round,
            "offer": list(self.offer),
            "prize": self.prize,
        }

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        new._players = self._players
        new.rng = self.rng.copy()
        new.deck = list(self.deck)
        new.prizes = list(self.prizes)
        new.hands = [list(h) for h in self.hands]
        new.bids = list(self.bids)
        new.discard = list(self.discard)
        new.scores = list(self.scores)
        new.leader = self.leader
        new.round = self.round
        new.offer = list(self.offer)
        new.prize = self.prize
        return new

    def determinize(self, seat: int, rng: random.Random | Rng | int) -> Self:
        gen = as_rng(rng)
        new = self.clone()
        # Sorted pools: the sample depends only on what the seat knows, never on hidden order.
        pool = sorted(new.deck + [c for s in self._others(seat) for c in self._hidden_of(s)])
        gen.shuffle(pool)
        for s in self._others(seat):
            count = len(new.hands[s])
            new.hands[s] = [pool.pop() for _ in range(count)]
            if new.bids[s] is not None:
                new.bids[s] = pool.pop()
        new.deck = pool
        prizes = sorted(new.prizes)
        gen.shuffle(prizes)
        new.prizes = prizes
        new.rng = gen.spawn()
        return new

    def _others(self, seat: int) -> list[int]:
        return [s for s in range(self._players) if s != seat]

    def _hidden_of(self, seat: int) -> list[int]:
        bid = self.bids[seat]
        return self.hands[seat] + ([bid] if bid is not None else [])


class ToyGame(Game):
    id = "toy-bid"
    title = "Toy bidding"
    info = GameInfo(2, 4, "sampled", "imperfect", True, 40)

    def _new(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        state = ToyState(players, Rng(seed))
        state.deck = list(range(1, 17))
        state.rng.shuffle(state.deck)
        state.prizes = list(range(1, 9))
        state.rng.shuffle(state.prizes)
        state.hands = [[state.deck.pop() for _ in range(HAND)] for _ in range(players)]
        state._reveal()
        return state

    def describe(self, event: Mapping[str, Any], viewer: int | None) -> str:
        fields = ", ".join(f"{k} {v}" for k, v in event.items() if k != "kind")
        return f"{event['kind']}: {fields}".rstrip(": ")

    def parse_action(self, text: str) -> Action:
        word, _, arg = text.strip().partition(" ")
        if word in ("pick", "bid") and arg.isdigit():
            return Pick(int(arg)) if word == "pick" else Bid(int(arg))
        raise ActionSyntaxError(f"not a toy action: {text!r}")

    def _from_dict(self, data: Mapping[str, Any]) -> State:
        state = ToyState(int(data["players"]), Rng(int(data["rng"])))
        for name in ("deck", "prizes", "discard", "scores", "offer"):
            setattr(state, name, list(data[name]))
        state.hands = [list(h) for h in data["hands"]]
        state.bids = list(data["bids"])
        state.leader = int(data["leader"])
        state.round = int(data["round"])
        state.prize = int(data["prize"])
        return state


TOY = ToyGame()
ToyState.game = TOY


class ToyStrategy:
    """Evaluation and a greedy heuristic, to exercise the bot's strategy path (``STRATEGY``)."""

    @staticmethod
    def evaluate(state: State) -> list[float]:
        assert isinstance(state, ToyState)
        left = ROUNDS - state.round
        return [
            state.scores[s] + 0.3 * left * sum(state.hands[s]) / max(1, len(state.hands[s]))
            for s in range(state.players)
        ]

    @staticmethod
    def greedy_action(state: State, seat: int, rng: Rng) -> Action:
        actions = state.legal_actions(seat)
        assert isinstance(state, ToyState)
        if isinstance(actions[0], Pick):
            return max(actions, key=lambda a: state.offer[a.index] if isinstance(a, Pick) else 0)
        # Bid high on big prizes, low on small ones.
        cards = sorted(a.card for a in actions if isinstance(a, Bid))
        return Bid(cards[-1] if state.prize >= 5 else cards[0])


def toy_strategy(
    kind: type[ToyStrategy] = ToyStrategy,
    settings: dict[str, float] | None = None,
    levels: dict[str, dict[str, float]] | None = None,
) -> Strategy[Any]:
    """The toy's ``Strategy`` built from ``kind`` (a subclass may add ``search_actions``
    or ``widen_order``)."""
    return Strategy(
        evaluate=kind.evaluate,
        greedy_action=kind.greedy_action,
        search_actions=getattr(kind, "search_actions", None),
        widen_order=getattr(kind, "widen_order", None),
        search_settings=settings or {},
        level_settings=levels or {},
    )


STRATEGY = toy_strategy()
