"""What each seat knows of other hands (C-D4, C-D6), and that nothing it observes depends on
anything else: its view, its events and who is asked to act (C-D7).

The properties run over random games of every size, in a bounded time:

- two actions of a seat that another seat B cannot tell apart (B's events are the same)
  leave B the same view;
- the state and a world ``determinize(B)`` samples, after the same actions by any seats,
  give B the same view, events and ``to_act`` until a chance outcome B observes (a card it
  draws, a card revealed);
- what B can work out from its own event stream, with a perfect memory, is exactly what
  its view holds: its hand, the hand sizes, the face-up cards and the cards it knows in
  others' hands.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from position import table

from monastic.engine import events_for
from monastic.games.medieval_monastery import GAME, MedievalMonasteryState
from monastic.games.medieval_monastery.catalogue import CARD_TEXTS, parse_card
from monastic.games.medieval_monastery.rules.study import ASK_CARDS

SEEDS_PER_SIZE = 2
#: A guard against a run gone wrong: the module takes about 10 s on a quiet machine.
BUDGET_SECONDS = 60.0


def _known(state: MedievalMonasteryState, viewer: int) -> dict[str, list[str]]:
    known: dict[str, list[str]] = state.view(viewer)["known"]
    return known


# C-D6: a card given privately ----------------------------------------------------------


def _orders(gift: str) -> MedievalMonasteryState:
    """3 players: seat 1 knows seat 0 holds Z3 (seat 0 offered it); then Orders, and seat 0
    gives ``gift`` to seat 2 (its right)."""
    s = table(3, hands=["O1 Z3 P9 W5", "W1 W2", "R4 R5"], step="play", actor=0)
    s.known_cards[1][0] = 1 << parse_card("Z3")
    s.known_cards[2][0] = 1 << parse_card("Z3")
    s.apply(0, "play O1")
    assert s.step == "orders"
    s.apply(1, "give W1")
    s.apply(2, "give R4")
    s.apply(0, f"give {gift}")
    return s


def test_CD6_a_third_seat_cannot_tell_which_card_a_gift_was() -> None:
    """C-D6 (the reproduction): whether seat 0 gives Z3 or P9 to seat 2, seat 1 sees the
    same: it no longer knows that seat 0 holds Z3."""
    z3, p9 = _orders("Z3"), _orders("P9")
    assert _known(z3, 1) == _known(p9, 1)
    assert _known(p9, 1) == {"0": ["W1"]}  # its own gift; Z3 may have gone: forgotten
    assert z3.view(1) == p9.view(1)
    # The receiver knows what it got, and that it is no longer in the giver's hand.
    assert _known(z3, 0) == {"2": ["Z3"]}  # the giver knows where its card went
    assert "0" not in _known(z3, 2)
    assert _known(p9, 2) == {"0": ["Z3"], "1": ["R4"]}  # it got P9: Z3 is still there


def test_CD6_a_viewer_who_knows_the_whole_hand_of_one_card_knows_where_it_went() -> None:
    """C-D6: seat 1 knows seat 0's whole hand is Z3; seat 0 gives it: seat 1 knows seat 2
    holds Z3 now."""
    s = table(3, hands=["M1", "Z3", "W1 W2"], step="play", actor=0)
    s.apply(0, "play M1")  # Monks: the others give to seat 0 first
    s.apply(1, "give Z3")
    s.apply(2, "give W1")
    # Seat 0 holds Z3 W1: seat 1 knows Z3, seat 2 knows W1.
    assert _known(s, 1) == {"0": ["Z3"]} and _known(s, 2) == {"0": ["W1"]}
    s.apply(0, "give W1")  # to seat 1: seat 2 cannot tell whether W1 or Z3 went
    assert _known(s, 2) == {} and _known(s, 1) == {"0": ["Z3"]}
    s.apply(0, "give Z3")  # the last card, to seat 2: seat 1 knew it was Z3
    assert s.hands[0] == [] and _known(s, 1) == {"2": ["Z3"]}


def test_CD6_an_accept_card_matches_the_ask_so_others_keep_what_cannot_match() -> None:
    """C-D6: the target answers an ask for W with a W card: a third seat that knew the
    target held W3 and P5 keeps P5, forgets W3, and learns the offered card moved."""
    s = table(3, hands=["S1 P1", "W3 W4 P5", "Z1"], step="play", actor=0)
    s.known_cards[2][1] = (1 << parse_card("W3")) | (1 << parse_card("P5"))
    s.apply(0, "play S1")
    s.apply(0, "offer 1 P1 for W")
    s.apply(1, "accept 1 W4")
    assert _known(s, 2) == {"1": ["P1", "P5"]}
    assert _known(s, 0) == {"1": ["P1"]}
    assert _known(s, 1) == {"0": ["W4"]}


# The properties ------------------------------------------------------------------------


def _random_game(players: int, seed: int) -> Iterator[MedievalMonasteryState]:
    """Every state of a random game (the same object, moved on between yields)."""
    state = GAME.new_game(players, seed)
    assert isinstance(state, MedievalMonasteryState)
    rng = random.Random(seed)
    while not state.is_over():
        yield state
        seat = rng.choice(state.to_act())
        state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))


def _after(state: MedievalMonasteryState, seat: int, action: Any, viewer: int) -> tuple[Any, ...]:
    """What ``viewer`` observes of ``seat`` taking ``action`` on a copy of ``state``."""
    copy = state.clone()
    events = copy.apply_unchecked(seat, action)
    return copy, json.dumps(events_for(events, viewer)), copy.view(viewer)


def _reveals_hidden(event: Mapping[str, Any], viewer: int) -> bool:
    """Whether ``viewer`` sees cards in this event that it could not know before: its own
    draw, cards turned up from the deck, hands or bids face up, a card handed to it."""
    kind = event["kind"]
    if kind in ("reveal", "bids"):
        return True
    if kind == "draw":
        return bool(event["seat"] == viewer and event["cards"])
    if kind == "discard":
        return bool(event["why"] in ("work", "salvation", "bids"))
    if kind == "gift":
        return bool(event["to"] == viewer)
    if kind in ("accept", "swap"):
        return "card" in event or "got" in event
    return False


@pytest.fixture(scope="module")
def tally() -> Iterator[Counter[str]]:
    """What the properties compared, over the module (printed with -s), and their time."""
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    yield counts
    spent = time.perf_counter() - start
    print(
        f"\nknowledge properties in {spent:.1f} s: "
        + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    )
    if len(counts) == 3:  # the whole module ran
        assert min(counts.values()) > 0
        assert spent < BUDGET_SECONDS, f"the knowledge properties took {spent:.1f} s"


def _sizes() -> list[tuple[int, int]]:
    return [(n, seed) for n in range(2, 7) for seed in range(SEEDS_PER_SIZE)]


@pytest.mark.parametrize(("players", "seed"), _sizes())
def test_CD7_actions_another_seat_cannot_tell_apart_leave_it_the_same_view(
    players: int, seed: int, tally: Counter[str]
) -> None:
    """C-D7: if two actions of a seat give B the same events, they give B the same view."""
    rng = random.Random(seed)
    groups = 0
    for state in _random_game(players, 1000 + seed):
        if rng.random() > 0.2:
            continue
        seat = rng.choice(state.to_act())
        actions = state.legal_actions(seat)
        if len(actions) > 16:
            actions = rng.sample(actions, 16)
        for viewer in range(players):
            if viewer == seat:
                continue
            seen: dict[str, Any] = {}
            for action in actions:
                _, events, view = _after(state, seat, action, viewer)
                if events in seen:
                    groups += 1
                    assert view == seen[events][1], (str(seen[events][0]), str(action), viewer)
                else:
                    seen[events] = (action, view)
    tally["pairs of actions B cannot tell apart"] += groups


@pytest.mark.parametrize(("players", "seed"), _sizes())
def test_CD7_a_sampled_world_looks_the_same_to_its_seat_after_the_same_actions(
    players: int, seed: int, tally: Counter[str]
) -> None:
    """C-D7: ``determinize(B)`` gives a world B cannot tell from the true state: the same
    view at once, and the same view, events and ``to_act`` after the same actions by any
    seats, until B sees a card it could not know before (its draws, cards turned up, hands
    face up at Salvation, a card handed to it): the world's draws and hidden cards are its
    own, so there the two part."""
    rng = random.Random(seed)
    compared = 0
    for state in _random_game(players, 2000 + seed):
        if rng.random() > 0.15:
            continue
        viewer = rng.randrange(players)
        truth = state.clone()
        world = truth.determinize(viewer, rng.getrandbits(64))
        assert world.view(viewer) == truth.view(viewer)
        for _ in range(8):
            if truth.is_over():
                break
            assert world.to_act() == truth.to_act()
            seat = rng.choice(truth.to_act())
            common = [a for a in truth.legal_actions(seat) if world.is_legal(seat, a)]
            if not common:
                break
            action = rng.choice(common)
            told = truth.apply_unchecked(seat, action)
            sampled = world.apply_unchecked(seat, action)
            seen, seen_there = events_for(told, viewer), events_for(sampled, viewer)
            if seen != seen_there:
                pairs = zip(seen, seen_there, strict=False)
                first = next((i for i, (x, y) in enumerate(pairs) if x != y), None)
                longer = seen if len(seen) > len(seen_there) else seen_there
                parted = longer[min(len(seen), len(seen_there))] if first is None else seen[first]
                assert _reveals_hidden(parted, viewer), (parted, str(action))
                break  # the worlds part where B sees a card it could not know
            compared += 1
            assert world.view(viewer) == truth.view(viewer), (str(action), seat, viewer)
            assert world.to_act() == truth.to_act()
    tally["actions compared in sampled worlds"] += compared


#: Actions a seat may try at any time: the reasons they are refused must not tell it more.
PROBES = [
    *(
        GAME.parse_action(f"{verb} {card}")
        for verb in ("play", "give", "bid", "pick")
        for card in ("P1", "Z5", "M9")
    ),
    *(
        GAME.parse_action(text)
        for text in ("done", "swap 1", "reject 1", "accept 1 W3", "discard P1 W2")
    ),
    *(
        GAME.parse_action(text)
        for text in ("offer 1 P1 for W", "offer 0 Z5 for 3", "combo kind P4 W4")
    ),
]


@pytest.mark.parametrize("players", range(2, 7))
def test_CD7_who_is_asked_and_who_is_skipped_is_the_same_in_every_world(
    players: int, tally: Counter[str]
) -> None:
    """C-D7, C-3: worlds a seat cannot tell apart ask the same seats, skip the same seats
    and show a spectator the same table, and a seat's refused action gets the same reason
    in all of them."""
    rng = random.Random(players)
    checked = 0
    for state in _random_game(players, 4000 + players):
        if rng.random() > 0.1:
            continue
        public = state.view(None)
        for viewer in range(players):
            world = state.determinize(viewer, rng.getrandbits(64))
            assert world.to_act() == state.to_act()
            assert world.view(None) == public
            for probe in PROBES:
                assert world.why_illegal(viewer, probe) == state.why_illegal(viewer, probe)
            checked += 1
    tally["worlds asking the same seats"] += checked


class Memory:
    """What one seat works out from its own event stream, with a perfect memory: its hand,
    every hand's size, the face-up cards, and the cards it knows others hold (by the rules
    C-19 and C-D6, applied to events, not to the state)."""

    def __init__(self, players: int, viewer: int) -> None:
        self.viewer = viewer
        self.hand: set[str] = set()
        self.sizes = [0] * players
        self.known: list[set[str]] = [set() for _ in range(players)]
        self.discard: list[str] = []
        self.offers: dict[int, Mapping[str, Any]] = {}
        self.step = ""
        self.arriving: list[tuple[int, int, str | None, tuple[int, ...]]] = []

    def _gain(self, holder: int, card: str | None, seen: bool) -> None:
        self.sizes[holder] += 1
        if holder == self.viewer:
            assert card is not None
            self.hand.add(card)
        elif seen and card is not None:
            self.known[holder].add(card)

    def _lose(self, holder: int, card: str) -> None:
        """A card leaves a hand in sight of everyone."""
        self.sizes[holder] -= 1
        if holder == self.viewer:
            self.hand.discard(card)
        else:
            self.known[holder].discard(card)

    def _lose_unseen(self, holder: int, card: str | None, could_be: set[str]) -> str | None:
        """A card leaves a hand in sight of its receiver alone; the card, if worked out."""
        size = self.sizes[holder]
        self.sizes[holder] -= 1
        if holder == self.viewer:
            assert card is not None
            self.hand.discard(card)
            return card
        known = self.known[holder]
        if card is not None:  # the viewer is the receiver
            known.discard(card)
            return card
        could = known & could_be
        worked_out = next(iter(could)) if len(could) == 1 and len(known) == size else None
        known -= could
        return worked_out

    def _flush_orders(self) -> None:
        """C-9: the Orders gifts all leave before any arrives."""
        moves = self.arriving
        self.arriving = []
        gone = [self._lose_unseen(giver, card, set(CARD_TEXTS)) for giver, _, card, _ in moves]
        for (_, receiver, card, _), worked in zip(moves, gone, strict=True):
            self._gain(receiver, card or worked, True)

    def read(self, event: Mapping[str, Any]) -> None:
        kind = event["kind"]
        if kind != "gift" and self.arriving:
            self._flush_orders()
        if kind == "draw":
            for _ in range(event.get("count", len(event.get("cards", [])))):
                self.sizes[event["seat"]] += 1
            self.hand.update(event.get("cards", []) if event["seat"] == self.viewer else [])
        elif kind == "reshuffle":
            self.discard = []
        elif kind == "play":
            self._lose(event["seat"], event["card"])
            self.discard.append(event["card"])
        elif kind == "discard":
            if event["why"] in ("work", "salvation"):
                self.sizes[event["seat"]] = 0
                self.known[event["seat"]] = set()
                if event["seat"] == self.viewer:
                    self.hand = set()
            elif event["why"] == "prayer":
                for card in event["cards"]:
                    self._lose(event["seat"], card)
            self.discard.extend(event["cards"])
        elif kind == "bids":
            for seat, card in event["bids"].items():
                self._lose(int(seat), card)
        elif kind in ("saints_won", "pick"):
            self._gain(event["seat"], event["card"], True)
        elif kind == "chosen":
            self.step = event["step"]
        elif kind == "gift":
            mine = self.viewer in (event["from"], event["to"])
            card = event["card"] if mine else None
            if self.step == "orders":
                self.arriving.append((event["from"], event["to"], card, ()))
            else:
                worked = self._lose_unseen(event["from"], card, set(CARD_TEXTS))
                self._gain(event["to"], card or worked, True)
        elif kind == "offer":
            self.offers[event["number"]] = event
            if event["from"] != self.viewer:
                self.known[event["from"]].add(event["card"])
        elif kind == "accept":
            offer = self.offers[event["number"]]
            giver, target = offer["from"], event["seat"]
            self._lose(giver, offer["card"])
            mine = self.viewer in (giver, target)
            card = event["card"] if mine else None
            matching = {CARD_TEXTS[c] for c in ASK_CARDS[offer["ask"]]}
            worked = self._lose_unseen(target, card, matching)
            self._gain(target, offer["card"], True)
            self._gain(giver, card or worked, True)
        elif kind == "trade_closed":
            self.offers = {}
        elif kind == "swap":
            self._swap(event)
        elif kind == "combo":
            for card in event["cards"]:
                self._lose(event["seat"], card)
            self.discard.extend(event["cards"])
        if kind in ("play", "round", "cross", "trade_closed", "bids"):
            self.step = ""

    def _swap(self, event: Mapping[str, Any]) -> None:
        seat, target = event["seat"], event["target"]
        self.sizes[seat], self.sizes[target] = self.sizes[target], self.sizes[seat]
        self.known[seat], self.known[target] = self.known[target], self.known[seat]
        if self.viewer in (seat, target):
            other = target if self.viewer == seat else seat
            mine_now = event["got"] if self.viewer == seat else event["gave"]
            theirs_now = event["gave"] if self.viewer == seat else event["got"]
            self.hand = set(mine_now)
            self.known[other] = set(theirs_now)
            self.known[self.viewer] = set()

    def check(self, view: Mapping[str, Any]) -> None:
        """The view holds exactly what the events told (after the step's last event)."""
        if self.arriving:
            self._flush_orders()
        assert sorted(self.hand) == sorted(view["hand"])
        assert self.sizes == [p["hand_size"] for p in view["players"]]
        assert self.discard == view["discard"]
        known = {str(h): sorted(cards) for h, cards in enumerate(self.known) if cards}
        assert known == {h: sorted(cards) for h, cards in view["known"].items()}


@pytest.mark.parametrize(("players", "seed"), _sizes())
def test_CD7_what_a_seat_works_out_from_its_events_is_what_its_view_holds(
    players: int, seed: int, tally: Counter[str]
) -> None:
    """C-D7, C-19: a perfect memory of a seat's own events knows no more (and no less) of
    the hands and the table than the seat's view shows."""
    rng = random.Random(seed)
    state = GAME.new_game(players, 3000 + seed)
    memories = [Memory(players, viewer) for viewer in range(players)]
    for viewer, memory in enumerate(memories):  # the deal's events are not kept
        memory.hand = set(state.view(viewer)["hand"])
        memory.sizes = [p["hand_size"] for p in state.view(viewer)["players"]]
        memory.discard = list(state.view(viewer)["discard"])
    checks = 0
    while not state.is_over():
        seat = rng.choice(state.to_act())
        events = state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))
        for viewer, memory in enumerate(memories):
            for event in events_for(events, viewer):
                memory.read(event)
            if rng.random() < 0.4:  # reading every event, checking some views
                memory.check(state.view(viewer))
                checks += 1
    assert checks > 100
    tally["views checked against event memories"] += checks
