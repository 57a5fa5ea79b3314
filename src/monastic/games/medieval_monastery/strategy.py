"""Evaluation and the greedy heuristic for Medieval Monastery.

Everything here rates positions by one idea: the final score is the lowest suit, so a point is
worth more the weaker its suit. ``utility`` is a soft minimum of the suit scores (plus the
points the rest of the game is expected to bring), and every choice is the one whose
resulting hand and scores have the best utility.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from operator import add
from types import MappingProxyType
from typing import Any

from monastic.engine import Rng, Strategy, frozen_levels
from monastic.games.medieval_monastery.actions import (
    Accept,
    Bid,
    Combo,
    Discard,
    Done,
    Give,
    MedievalMonasteryAction,
    Offer,
    Pick,
    Play,
    Reject,
    Swap,
)
from monastic.games.medieval_monastery.catalogue import (
    COMBOS,
    RANK_COUNT,
    SUIT_COUNT,
    SUIT_LETTERS,
    TABLE,
    card_mask,
    mask_cards,
)
from monastic.games.medieval_monastery.dominated import without_dominated
from monastic.games.medieval_monastery.game import MedievalMonasteryState
from monastic.games.medieval_monastery.rules.combo_listing import combo_pairs
from monastic.games.medieval_monastery.rules.combos import combo_points, is_winning_flush
from monastic.games.medieval_monastery.rules.study import matches_ask
from monastic.games.medieval_monastery.state import COMBO, OVER

__all__ = [
    "ISMCTS_LEVEL_SETTINGS",
    "ISMCTS_SETTINGS",
    "STRATEGY",
    "choice_values",
    "evaluate",
    "greedy_action",
    "hand_potential",
    "main_combos",
    "play_values",
    "utility",
]

#: The search for this game (``docs/bots.md``; measurements in
#: ``docs/medieval-monastery/strategy.md``). The evaluations of the seats differ by several
#: points, so the default temperature (0.04 of the mean score, about 2 points) turned about 40%
#: of three- and four-player positions into all-or-nothing rewards that no move changes. Twice
#: that keeps a gradient in most of them while still rewarding a lead (0.15 rewarded the mean
#: score more than winning and did worse); softer rewards differ less, so the exploration
#: constant is smaller. A cut-off after 5 decisions buys about 1.6 times the iterations of 10.
#: Shorter cut-offs are cheaper still (3: about 1.8 times the iterations of 5) but not adopted:
#: at the same time they were not clearly better at 2 players and looked worse at 4, and with a
#: cut-off of 2 more iterations played worse (the then crude evaluation outvoted the
#: heuristic; ``evaluate`` now reads hands as the heuristic does). These settings were tuned
#: with the crude evaluation and not swept again since.
ISMCTS_SETTINGS: dict[str, float] = {"temp": 0.08, "c": 0.5, "bias": 2.5, "cutoff": 5}
#: ``hard`` is one tree of its whole budget with the rival played by the heuristic: with the
#: rival in the tree, its statistics learn replies in worlds that all hold the searcher's
#: true hand, so a larger search answers cards the rival cannot see more sharply. An
#: iteration costs more (the heuristic's choices), about 5,000 in hard's 1.8 s at 2 players
#: against medium's 1,100 (docs/bots.md, 2026-12-06).
ISMCTS_LEVEL_SETTINGS: dict[str, dict[str, float]] = {"hard": {"trees": 1, "rivals": 1}}

SOFTNESS = 4.0  # how sharply the soft minimum follows the weakest suit
GAIN_PER_TURN = 6.0  # typical points per suit per turn, for the turns still to come
# What one more card in hand is worth to an action, in cards (Eremitical choice), by suit.
_GAINED_BY_LETTER = {"P": 0.4, "W": 0.0, "S": 0.2, "R": 1.0, "Z": 0.6, "O": 0.0, "A": 0.0, "M": 0.5}
CARDS_GAINED = {index: _GAINED_BY_LETTER[letter] for index, letter in enumerate(SUIT_LETTERS)}
WORK, ABBEY, MONKS = (SUIT_LETTERS.index(letter) for letter in "WAM")


def utility(scores: Sequence[float], future: float = 0.0) -> float:
    """A soft minimum of the suit scores: raising a weak suit is worth most."""
    low = min(scores)
    total = 0.0
    for x in scores:  # a plain loop: this is the innermost call of every heuristic choice
        total += math.exp((low - x) / SOFTNESS)
    return low + future - SOFTNESS * math.log(total)


def _best_combo(hand: list[int], scores: list[int]) -> tuple[float, str, tuple[int, ...]] | None:
    base = utility(scores)
    best: tuple[float, str, tuple[int, ...]] | None = None
    for combo, _ in combo_pairs(card_mask(hand)):
        kind, cards = combo.kind, combo.cards
        if is_winning_flush(kind, cards):
            return (math.inf, kind, cards)
        points = combo_points(kind, cards)
        gain = utility([s + p for s, p in zip(scores, points, strict=True)]) - base
        if best is None or gain > best[0]:
            best = (gain, kind, cards)
    return best


# ``hand_potential`` is most of a search's time (every playout's end rates every hand, and
# the heuristic rates a hand for each card it might give up), so its steps read values
# computed once: each combo's points by its size and the suits it holds, and the soft
# minimum's exponentials. Both give bit for bit the numbers of the plain computation
# (``utility`` and ``combo_points``; the tests keep that version to compare with). Cards
# stay small ints (a mask of 72 bits is a long int, and every operation on it allocates).
_RANK_INDEX = tuple(card % RANK_COUNT for card in range(SUIT_COUNT * RANK_COUNT))
_SUIT_INDEX = tuple(card // RANK_COUNT for card in range(SUIT_COUNT * RANK_COUNT))
_SHORTEST_STRAIGHT = COMBOS["straight"].sizes[0]
_ALL_SUITS = (1 << SUIT_COUNT) - 1


@cache
def _spread(kind: str, size: int, suits: int) -> tuple[int, ...]:
    """The points a combo of ``kind`` with ``size`` cards adds to each suit, ``suits`` a bit
    set of the suits its cards hold (as ``score_combo`` adds them); a few hundred in all."""
    value = COMBOS[kind].points.get(size, 0)
    return tuple(value if suits >> s & 1 else 0 for s in range(SUIT_COUNT))


_FLUSH_POINTS = tuple(
    tuple(_spread("flush", size, 1 << suit) for suit in range(SUIT_COUNT))
    for size in range(RANK_COUNT + 1)
)
_SUITS_POINTS = _spread("suits", SUIT_COUNT, _ALL_SUITS)
_WINNING_FLUSH = COMBOS["flush"].wins_at
# exp(-k / SOFTNESS) for a whole-number gap k above the lowest suit; larger gaps are computed.
_EXP_LIMIT = 1024
_EXP = tuple(math.exp(-k / SOFTNESS) for k in range(_EXP_LIMIT))
#: A hand's main combo: its cards and the points it adds to each suit.
MainCombo = tuple[Sequence[int], tuple[int, ...]]


@lru_cache(maxsize=1 << 16)
def _soft_min(scores: tuple[int, ...]) -> float:
    """``utility(scores)`` for whole-number scores, bit for bit the same float; kept for the
    last 65,536 score rows (a search meets the same few rows again and again)."""
    low = min(scores)
    total = 0.0
    for x in scores:
        gap = x - low
        total += _EXP[gap] if gap < _EXP_LIMIT else math.exp(-gap / SOFTNESS)
    return low - SOFTNESS * math.log(total)


@lru_cache(maxsize=1 << 13)
def main_combos(cards: tuple[int, ...]) -> tuple[MainCombo, ...] | None:
    """The main combos of a hand (its cards ascending), in the order the greedy declaring
    weighs them: each suit's whole flush, each rank's whole set, each longest straight (per
    rank the card whose suit holds fewest, the lowest suit on a tie), one of each suit (the
    lowest card of each). None if the hand holds the 9-card flush that wins at once. A pure
    function of the hand, kept for the last few thousand hands (a search rates its own hand,
    and hands a card apart, again and again)."""
    by_suit: list[list[int]] = [[] for _ in range(SUIT_COUNT)]
    by_rank: list[list[int]] = [[] for _ in range(RANK_COUNT)]
    for card in cards:
        by_suit[_SUIT_INDEX[card]].append(card)
        by_rank[_RANK_INDEX[card]].append(card)
    out: list[MainCombo] = []
    for suit, held in enumerate(by_suit):
        if len(held) >= 2:
            if len(held) == _WINNING_FLUSH:
                return None
            out.append((held, _FLUSH_POINTS[len(held)][suit]))
    for held in by_rank:
        if len(held) >= 2:
            suits = 0
            for card in held:
                suits |= 1 << _SUIT_INDEX[card]
            out.append((held, _spread("kind", len(held), suits)))
    low = 0
    while low < RANK_COUNT:
        high = low
        while high < RANK_COUNT and by_rank[high]:
            high += 1
        if high - low >= _SHORTEST_STRAIGHT:
            chosen = []
            suits = 0
            for rank_index in range(low, high):
                column = by_rank[rank_index]
                spare = column[0]
                for card in column:
                    if len(by_suit[_SUIT_INDEX[card]]) < len(by_suit[_SUIT_INDEX[spare]]):
                        spare = card
                chosen.append(spare)
                suits |= 1 << _SUIT_INDEX[spare]
            out.append((chosen, _spread("straight", high - low, suits)))
        low = high + 1
    if all(by_suit):
        out.append(([held[0] for held in by_suit], _SUITS_POINTS))
    return tuple(out)


def hand_potential(hand: Sequence[int], scores: Sequence[int]) -> float:
    """Utility gained by declaring a hand's main combos greedily, best first (the first of
    equal gains); 1000 for a hand holding the 9-card flush."""
    cards = tuple(sorted(hand))
    table = main_combos(cards)
    if table is None:
        return 1000.0
    current = tuple(scores)
    total = 0.0
    while table:
        base = _soft_min(current)
        best_gain = -math.inf
        best_after = current
        best_used: Sequence[int] = ()
        for used, points in table:
            after = tuple(map(add, current, points))
            gain = _soft_min(after) - base
            if gain > best_gain:
                best_gain, best_after, best_used = gain, after, used
        total += best_gain
        current = best_after
        cards = tuple([c for c in cards if c not in best_used])
        table = main_combos(cards) or ()
    return total


def evaluate(state: MedievalMonasteryState) -> list[float]:
    """Expected final score per seat: today's suits, the hand's likely combos, later turns.

    The hand is read as the heuristic reads it (``hand_potential``: its main combos declared
    greedily). A cruder count (each suit's flush and loose pairs) cost a tenth as much, but
    a search cut off by it drifted from the heuristic's choices towards what only the crude
    count valued.
    """
    if state.step == OVER:
        return list(state.result().scores)
    future = GAIN_PER_TURN * (state.turns - state.turn)
    n = state.players
    # In the Cenobitic phase a seat that has ended its declaring holds dead cards: Salvation
    # discards them. Counting them would make ``done`` look as good as declaring.
    finished = state.seats_done if state.step == COMBO else 0
    out = []
    for seat in range(n):
        scores = state.suit_scores[seat]
        value = utility(scores, future)
        if (seat - state.abbot) % n >= finished:
            value += hand_potential(state.hands[seat], scores)
        out.append(value)
    return out


def greedy_action(state: MedievalMonasteryState, seat: int, rng: Rng) -> MedievalMonasteryAction:
    """The heuristic's choice for ``seat`` (ties broken by the first in legal order)."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    hand = state.hands[seat]
    scores = state.suit_scores[seat]
    first = actions[0]
    if state.step == COMBO:
        best = _best_combo(hand, scores)
        return Combo(best[1], best[2]) if best else first
    values = choice_values(state, seat, actions)
    if values is not None:
        return actions[values.index(max(values))]  # the first of equal values
    if isinstance(first, Accept | Reject):
        return _answer(state, seat, actions)
    if isinstance(first, Done | Offer):
        return _offer(state, seat, actions)
    return first


def _without(hand: Sequence[int], scores: Sequence[int], cards: Sequence[int]) -> float:
    return hand_potential([c for c in hand if c not in cards], scores)


def choice_values(
    state: MedievalMonasteryState, seat: int, actions: list[MedievalMonasteryAction]
) -> list[float] | None:
    """The heuristic's value of each of ``actions`` (``seat``'s legal ones) where it chooses
    the best by a value (a card to play, discard, pick, give or bid, a hand to swap for);
    None for the other decisions (combos, offers, answers), which it decides otherwise."""
    first = actions[0]
    hand = state.hands[seat]
    scores = state.suit_scores[seat]
    if isinstance(first, Play):
        return play_values(state, seat, actions)
    if isinstance(first, Discard):
        return [_without(hand, scores, a.cards) for a in actions]  # type: ignore[union-attr]
    if isinstance(first, Pick):
        return [hand_potential([*hand, a.card], scores) for a in actions]  # type: ignore[union-attr]
    if isinstance(first, Give):
        return [_without(hand, scores, (a.card,)) for a in actions]  # type: ignore[union-attr]
    if isinstance(first, Bid):
        return _bid_values(state, seat, actions)
    if isinstance(first, Swap):
        return [_hand_value_of(state, seat, a.target) for a in actions]  # type: ignore[union-attr]
    return None


def play_values(
    state: MedievalMonasteryState, seat: int, actions: Sequence[MedievalMonasteryAction]
) -> list[float]:
    """The heuristic's value of each card ``seat`` may play (``actions``, all ``Play``): the
    hand left without it, and what its suit's action is expected to bring in cards."""
    hand = state.hands[seat]
    scores = state.suit_scores[seat]
    per_card = hand_potential(hand, scores) / max(1, len(hand))
    out = []
    for action in actions:
        card = action.card  # type: ignore[union-attr]
        rest = [c for c in hand if c != card]
        suit_index = card // RANK_COUNT
        gained = CARDS_GAINED[suit_index]
        if suit_index == WORK:  # fresh cards replace the rest
            gained = float(TABLE.work_draw - len(rest))  # compiled, a float stays one
        elif suit_index == ABBEY:  # the largest other hand
            gained = float(max(len(h) for i, h in enumerate(state.hands) if i != seat) - len(rest))
        elif suit_index == MONKS:
            gained = 0.3 * (state.players - 1)
        out.append(hand_potential(rest, scores) + gained * per_card)
    return out


def _bid_values(
    state: MedievalMonasteryState, seat: int, actions: list[MedievalMonasteryAction]
) -> list[float]:
    hand = state.hands[seat]
    scores = state.suit_scores[seat]
    centre = state.centre[0] if state.centre else None
    rivals = max(1, len(state.queue) - 1)
    out = []
    for action in actions:
        card = action.card  # type: ignore[union-attr]
        rest = [c for c in hand if c != card]
        lose = hand_potential(rest, scores)
        if centre is None:
            out.append(lose)
            continue
        win_chance = ((card % RANK_COUNT + 1) / RANK_COUNT) ** rivals
        out.append(win_chance * hand_potential([*rest, centre], scores) + (1 - win_chance) * lose)
    return out


def _hand_value_of(state: MedievalMonasteryState, seat: int, target: int) -> float:
    """A hand we would get by swapping: what we know of it, and its size."""
    known = mask_cards(state.known_cards[seat][target])
    unknown = len(state.hands[target]) - len(known)
    scores = state.suit_scores[seat]
    return hand_potential(known, scores) + unknown * 1.5


def _answer(
    state: MedievalMonasteryState, seat: int, actions: list[MedievalMonasteryAction]
) -> MedievalMonasteryAction:
    assert state.pending_offer is not None
    _, _, _, offered, _ = state.pending_offer
    hand = state.hands[seat]
    scores = state.suit_scores[seat]
    keep = hand_potential(hand, scores)
    best, best_value = actions[-1], keep + 0.5  # trading must clearly help
    for action in actions:
        if isinstance(action, Accept):
            value = hand_potential([*(c for c in hand if c != action.card), offered], scores)
            if value > best_value:
                best, best_value = action, value
    return best


def _offer(
    state: MedievalMonasteryState, seat: int, actions: list[MedievalMonasteryAction]
) -> MedievalMonasteryAction:
    """At most one offer per window: our least useful card for the suit that helps most."""
    if state.offers_answered[seat] >= 1 or len(actions) == 1:
        return actions[0]
    hand = state.hands[seat]
    scores = state.suit_scores[seat]
    base = hand_potential(hand, scores)
    give = max(hand, key=lambda c: _without(hand, scores, (c,)))
    rest = [c for c in hand if c != give]
    best, best_gain = actions[0], 0.5
    for suit_index, letter in enumerate(SUIT_LETTERS):
        # a middling card of that suit stands for the unknown one
        probe = suit_index * RANK_COUNT + RANK_COUNT // 2
        if probe in hand:
            continue
        gain = hand_potential([*rest, probe], scores) - base
        if gain > best_gain:
            target = _likely_holder(state, seat, letter)
            if target is not None:
                best, best_gain = Offer(target, give, letter), gain
    return best if best in actions else actions[0]


def _likely_holder(state: MedievalMonasteryState, seat: int, ask: str) -> int | None:
    """A trader who probably holds a card matching ``ask``: a known one, else the largest hand."""
    traders = [t for t in range(state.players) if t != seat and state.hands[t]]
    for t in traders:
        if any(matches_ask(c, ask) for c in mask_cards(state.known_cards[seat][t])):
            return t
    return max(traders, key=lambda t: len(state.hands[t]), default=None)


#: What the bots use of this game (``Game.strategy`` hands it out).
STRATEGY: Strategy[Any] = Strategy(
    evaluate=evaluate,
    greedy_action=greedy_action,
    search_actions=without_dominated,
    search_settings=MappingProxyType(ISMCTS_SETTINGS),
    level_settings=frozen_levels(ISMCTS_LEVEL_SETTINGS),
)
