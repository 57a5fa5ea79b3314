"""Which actions each seat may take now: generated, never found by testing candidates."""

from __future__ import annotations

from typing import Final

from monastic.engine.jsonio import excerpt
from monastic.games.medieval_monastery.actions import (
    ASKS,
    BID,
    DISCARD_ONE,
    DISCARD_TWO,
    DONE,
    GIVE,
    OFFER,
    PICK,
    PLAY,
    SWAP,
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
from monastic.games.medieval_monastery.catalogue import DECK_SIZE, TABLE, card_text
from monastic.games.medieval_monastery.rules.combo_listing import combo_actions
from monastic.games.medieval_monastery.rules.combos import is_combo
from monastic.games.medieval_monastery.rules.study import ASK_CARDS, matches_ask
from monastic.games.medieval_monastery.state import (
    ABBEY,
    ANSWER,
    COMBO,
    MONKS_IN,
    MONKS_OUT,
    NO_CARD,
    ORDERS,
    OVER,
    SIMULTANEOUS,
    StateData,
)
from monastic.games.medieval_monastery.state import (
    BID as BID_STEP,
)
from monastic.games.medieval_monastery.state import (
    DISCARD as DISCARD_STEP,
)
from monastic.games.medieval_monastery.state import (
    OFFER as OFFER_STEP,
)
from monastic.games.medieval_monastery.state import (
    PICK as PICK_STEP,
)
from monastic.games.medieval_monastery.state import (
    PLAY as PLAY_STEP,
)

__all__ = ["is_legal", "legal_actions", "to_act", "why_illegal"]

# The interned actions as constants, read without a name look-up in the compiled build.
_new: Final = tuple.__new__  # a named tuple action without its Python-level ``__new__``
_DONE: Final = DONE
_PLAY: Final = PLAY
_PICK: Final = PICK
_BID: Final = BID
_GIVE: Final = GIVE
_SWAP: Final = SWAP
_OFFERS: Final = OFFER
_DISCARD_ONE: Final = DISCARD_ONE
_ASK_CARDS: Final = ASK_CARDS
_ACCEPT: Final = Accept
_REJECT: Final = Reject
_DECK: Final = DECK_SIZE
# Every two-card discard by ``low * DECK_SIZE + high`` (None where low >= high).
_DISCARD_PAIRS: Final = tuple(
    [DISCARD_TWO.get((low, high)) for low in range(DECK_SIZE) for high in range(DECK_SIZE)]
)
# Answers to the offers a window can number (each trader makes at most its quota, C-22), by
# ``number * DECK_SIZE + card`` and by number; a larger number (none arises) is built anew.
_NUMBERS: Final = TABLE.max_players * TABLE.offers_per_trader + 1
_ACCEPTS: Final = tuple([_new(Accept, (n, c)) for n in range(_NUMBERS) for c in range(DECK_SIZE)])
_REJECTS: Final = tuple([_new(Reject, (n,)) for n in range(_NUMBERS)])
# The steps where ``s.actor`` alone decides.
_ACTOR_STEPS: Final = frozenset({PLAY_STEP, COMBO, DISCARD_STEP, ABBEY, MONKS_OUT})


def to_act(s: StateData) -> list[int]:
    """Seats that must decide now, ascending."""
    step = s.step
    if step in (COMBO, PLAY_STEP, DISCARD_STEP):
        return [s.actor]
    if step == OFFER_STEP:
        return [s.trader]
    if step == ANSWER:
        assert s.pending_offer is not None
        return [s.pending_offer[2]]
    if step in SIMULTANEOUS:
        choices = s.choices
        return [seat for seat in sorted(s.queue) if choices[seat] == NO_CARD]
    if step == PICK_STEP:
        return [s.queue[0]]
    if step == OVER:
        return []
    assert step in (ABBEY, MONKS_OUT)
    return [s.actor]


def _trade_targets(s: StateData, seat: int) -> list[int]:
    return [t for t in range(s.players) if t != seat and s.hands[t]]


def _play(s: StateData, seat: int) -> list[MedievalMonasteryAction]:
    return [_PLAY[c] for c in sorted(s.hands[seat])]


def _offer(s: StateData, seat: int) -> list[MedievalMonasteryAction]:
    hand = sorted(s.hands[seat])
    offers: list[MedievalMonasteryAction] = [_DONE]
    for target in _trade_targets(s, seat):
        table = _OFFERS[target]
        for card in hand:
            offers.extend(table[card])
    return offers


def _answer(s: StateData, seat: int) -> list[MedievalMonasteryAction]:
    assert s.pending_offer is not None
    number, _, _, _, ask = s.pending_offer
    matching = _ASK_CARDS[ask]
    answers: list[MedievalMonasteryAction] = []
    if number < _NUMBERS:
        first = number * _DECK
        for c in sorted(s.hands[seat]):
            if c in matching:
                answers.append(_ACCEPTS[first + c])
        answers.append(_REJECTS[number])
        return answers
    for c in sorted(s.hands[seat]):
        if c in matching:
            answers.append(_new(_ACCEPT, (number, c)))
    answers.append(_new(_REJECT, (number,)))
    return answers


def _pick(s: StateData, seat: int) -> list[MedievalMonasteryAction]:
    return [_PICK[c] for c in sorted(s.centre)]


def _bid(s: StateData, seat: int) -> list[MedievalMonasteryAction]:
    return [_BID[c] for c in sorted(s.hands[seat])]


def _give(s: StateData, seat: int) -> list[MedievalMonasteryAction]:
    return [_GIVE[c] for c in sorted(s.hands[seat])]


def _discard(s: StateData, seat: int) -> list[MedievalMonasteryAction]:
    hand = sorted(s.hands[seat])
    if len(hand) == 1:
        return [_DISCARD_ONE[hand[0]]]
    pairs: list[MedievalMonasteryAction] = []
    size = len(hand)
    for i in range(size - 1):
        first = hand[i] * _DECK
        for j in range(i + 1, size):
            pair = _DISCARD_PAIRS[first + hand[j]]
            assert pair is not None
            pairs.append(pair)
    return pairs


def _swap(s: StateData, seat: int) -> list[MedievalMonasteryAction]:
    return [_SWAP[t] for t in range(s.players) if t != seat]


def _may_act(s: StateData, seat: int) -> bool:
    """``seat in to_act(s)``, without building the list."""
    step = s.step
    if step in _ACTOR_STEPS:
        return seat == s.actor
    if step in SIMULTANEOUS:
        return seat in s.queue and s.choices[seat] == NO_CARD
    if step == OFFER_STEP:
        return seat == s.trader
    if step == ANSWER:
        if s.pending_offer is None:
            return False
        _, _, target, _, _ = s.pending_offer
        return seat == target
    return step == PICK_STEP and seat == s.queue[0]


def legal_actions(s: StateData, seat: int) -> list[MedievalMonasteryAction]:
    """Every legal action of ``seat``, in a fixed order; [] if it is not to act."""
    step = s.step  # the commonest steps first
    if step == COMBO:
        return combo_actions(s, s.hands[seat]) if seat == s.actor else []
    if step == OFFER_STEP:
        return _offer(s, seat) if seat == s.trader else []
    if step == ANSWER:
        return _answer(s, seat) if _may_act(s, seat) else []
    if step == PLAY_STEP:
        return _play(s, seat) if seat == s.actor else []
    if not _may_act(s, seat):
        return []
    if step == BID_STEP:
        return _bid(s, seat)
    if step in (ORDERS, MONKS_IN, MONKS_OUT):
        return _give(s, seat)
    if step == PICK_STEP:
        return _pick(s, seat)
    if step == DISCARD_STEP:
        return _discard(s, seat)
    assert step == ABBEY
    return _swap(s, seat)


def why_illegal(s: StateData, seat: int, action: object) -> str | None:
    """None if legal; otherwise the reason, in words a player understands."""
    if not _may_act(s, seat):
        return f"seat {seat} is not to act now"
    step = s.step
    hand = s.hands[seat]
    expected = _EXPECTED[step]
    if not isinstance(action, expected):
        names = " or ".join(t.__name__.lower() for t in expected)
        return (
            f"{excerpt(str(action), 60)} does not fit: now seat {seat} must {_WHAT[step]} ({names})"
        )
    if isinstance(action, Done):
        return None
    if isinstance(action, Play | Bid | Give):
        return None if action.card in hand else f"you do not hold {card_text(action.card)}"
    if isinstance(action, Pick):
        return (
            None
            if action.card in s.centre
            else f"{card_text(action.card)} is not among the revealed cards"
        )
    if isinstance(action, Swap):
        if action.target == seat or not 0 <= action.target < s.players:
            return f"swap with another seat (0..{s.players - 1}, not {seat})"
        return None
    if isinstance(action, Discard | Combo) and len(set(action.cards)) != len(action.cards):
        return "a card is named twice"
    if isinstance(action, Discard):
        need = min(TABLE.prayer_discard, len(hand))
        if len(action.cards) != need:
            return f"discard exactly {need} card{'s' if need > 1 else ''} (C-5)"
        missing = [c for c in action.cards if c not in hand]
        return f"you do not hold {card_text(missing[0])}" if missing else None
    if isinstance(action, Offer):
        if action.card not in hand:
            return f"you do not hold {card_text(action.card)}"
        if action.target not in _trade_targets(s, seat):
            return f"seat {action.target} is not another trader holding a card"
        return None if action.ask in ASKS else f"cannot ask for {action.ask!r}"
    if isinstance(action, Accept | Reject):
        assert s.pending_offer is not None
        number, _, _, _, ask = s.pending_offer
        if action.number != number:
            return f"the offer to answer is number {number}, not {action.number}"
        if isinstance(action, Accept):
            if action.card not in hand:
                return f"you do not hold {card_text(action.card)}"
            if not matches_ask(action.card, ask):
                return f"{card_text(action.card)} does not match the ask {ask!r}"
        return None
    if isinstance(action, Combo):
        missing = [c for c in action.cards if c not in hand]
        if missing:
            return f"you do not hold {card_text(missing[0])}"
        if not is_combo(action.kind, action.cards):
            return f"{' '.join(card_text(c) for c in action.cards)} is not a {action.kind} (C-13)"
        return None
    return f"{excerpt(str(action), 60)} is not legal now"


def is_legal(s: StateData, seat: int, action: object) -> bool:
    """Whether ``action`` is legal for ``seat`` now, without listing every action."""
    return why_illegal(s, seat, action) is None


_EXPECTED: dict[str, tuple[type, ...]] = {
    PLAY_STEP: (Play,),
    DISCARD_STEP: (Discard,),
    OFFER_STEP: (Offer, Done),
    ANSWER: (Accept, Reject),
    PICK_STEP: (Pick,),
    BID_STEP: (Bid,),
    ORDERS: (Give,),
    MONKS_IN: (Give,),
    MONKS_OUT: (Give,),
    ABBEY: (Swap,),
    COMBO: (Combo, Done),
}
_WHAT = {
    PLAY_STEP: "play a card",
    DISCARD_STEP: "discard for the Prayer action",
    OFFER_STEP: "make a trade offer or say done",
    ANSWER: "accept or reject the offer",
    PICK_STEP: "pick a revealed Rules card",
    BID_STEP: "bid a card for the Saints card",
    ORDERS: "give a card to the player on the right",
    MONKS_IN: "give a card to the Monks player",
    MONKS_OUT: "give a card to the next player",
    ABBEY: "choose whose hand to swap with",
    COMBO: "declare a combo or say done",
}
