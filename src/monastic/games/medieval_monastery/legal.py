"""Which actions each seat may take now: generated, never found by testing candidates."""

from __future__ import annotations

from itertools import combinations

from monastic.games.medieval_monastery.actions import (
    ASKS,
    BID,
    DISCARD_ONE,
    DISCARD_TWO,
    DONE,
    FLUSH,
    GIVE,
    KIND,
    OFFER,
    PICK,
    PLAY,
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
)
from monastic.games.medieval_monastery.catalogue import card_text
from monastic.games.medieval_monastery.combos import is_combo, sets_in_hand
from monastic.games.medieval_monastery.flow import matches_ask
from monastic.games.medieval_monastery.state import (
    ABBEY,
    ANSWER,
    COMBO,
    MONKS_IN,
    MONKS_OUT,
    ORDERS,
    OVER,
    SIMULTANEOUS,
    StateData,
    card_mask,
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

SWAP = tuple(Swap(t) for t in range(6))


def to_act(s: StateData) -> list[int]:
    """Seats that must decide now, ascending."""
    step = s.step
    if step == OVER:
        return []
    if step in SIMULTANEOUS:
        return [seat for seat in sorted(s.queue) if s.choice[seat] < 0]
    if step == OFFER_STEP:
        return [s.trade_turn]
    if step == ANSWER:
        assert s.offer is not None
        return [s.offer[2]]
    if step == PICK_STEP:
        return [s.queue[0]]
    return [s.actor]


def _trade_targets(s: StateData, seat: int) -> list[int]:
    return [t for t in range(s.n) if t != seat and s.hands[t]]


def _combo_actions(s: StateData, hand: list[int]) -> list[MMAction]:
    """``done`` and every combo in the hand, reusing the last list when the hand shrank."""
    mask = card_mask(hand)
    memo = s.combo_memo
    if memo is not None and memo[0] & mask == mask:
        if memo[0] == mask:
            return [DONE, *memo[1]]
        outside = ~mask
        kept = [(a, m) for a, m in zip(memo[1], memo[2], strict=True) if not m & outside]
        actions = tuple(a for a, _ in kept)
        s.combo_memo = (mask, actions, tuple(m for _, m in kept))
        return [DONE, *actions]
    flushes, kinds, others = sets_in_hand(hand)
    combos: list[Combo] = [FLUSH[cards] for cards in flushes]
    combos.extend([KIND[cards] for cards in kinds])
    combos.extend([Combo(kind, cards) for kind, cards in others])
    s.combo_memo = (mask, tuple(combos), tuple(card_mask(c.cards) for c in combos))
    return [DONE, *combos]


def legal_actions(s: StateData, seat: int) -> list[MMAction]:
    """Every legal action of ``seat``, in a fixed order; [] if it is not to act."""
    if seat not in to_act(s):
        return []
    step = s.step
    hand = sorted(s.hands[seat])
    if step == PLAY_STEP:
        return [PLAY[c] for c in hand]
    if step == COMBO:
        return _combo_actions(s, hand)
    if step == OFFER_STEP:
        offers: list[MMAction] = [DONE]
        for target in _trade_targets(s, seat):
            table = OFFER[target]
            for card in hand:
                offers.extend(table[card])
        return offers
    if step == ANSWER:
        assert s.offer is not None
        number, ask = s.offer[0], s.offer[4]
        answers: list[MMAction] = [Accept(number, c) for c in hand if matches_ask(c, ask)]
        answers.append(Reject(number))
        return answers
    if step == PICK_STEP:
        return [PICK[c] for c in sorted(s.zone)]
    if step == BID_STEP:
        return [BID[c] for c in hand]
    if step in (ORDERS, MONKS_IN, MONKS_OUT):
        return [GIVE[c] for c in hand]
    if step == DISCARD_STEP:
        if len(hand) == 1:
            return [DISCARD_ONE[hand[0]]]
        return [DISCARD_TWO[pair] for pair in combinations(hand, 2)]
    if step == ABBEY:
        return [SWAP[t] for t in range(s.n) if t != seat]
    raise AssertionError(f"unknown step {step!r}")


def why_illegal(s: StateData, seat: int, action: object) -> str | None:
    """None if legal; otherwise the reason, in words a player understands."""
    if seat not in to_act(s):
        return f"seat {seat} is not to act now"
    step = s.step
    hand = s.hands[seat]
    expected = _EXPECTED[step]
    if not isinstance(action, expected):
        names = " or ".join(t.__name__.lower() for t in expected)
        return f"{action} does not fit: now seat {seat} must {_WHAT[step]} ({names})"
    if isinstance(action, Done):
        return None
    if isinstance(action, Play | Bid | Give):
        return None if action.card in hand else f"you do not hold {card_text(action.card)}"
    if isinstance(action, Pick):
        return (
            None
            if action.card in s.zone
            else f"{card_text(action.card)} is not among the revealed cards"
        )
    if isinstance(action, Swap):
        if action.target == seat or not 0 <= action.target < s.n:
            return f"swap with another seat (0..{s.n - 1}, not {seat})"
        return None
    if isinstance(action, Discard | Combo) and len(set(action.cards)) != len(action.cards):
        return "a card is named twice"
    if isinstance(action, Discard):
        need = min(2, len(hand))
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
        assert s.offer is not None
        if action.number != s.offer[0]:
            return f"the offer to answer is number {s.offer[0]}, not {action.number}"
        if isinstance(action, Accept):
            if action.card not in hand:
                return f"you do not hold {card_text(action.card)}"
            if not matches_ask(action.card, s.offer[4]):
                return f"{card_text(action.card)} does not match the ask {s.offer[4]!r}"
        return None
    if isinstance(action, Combo):
        missing = [c for c in action.cards if c not in hand]
        if missing:
            return f"you do not hold {card_text(missing[0])}"
        if not is_combo(action.kind, action.cards):
            return f"{' '.join(card_text(c) for c in action.cards)} is not a {action.kind} (C-13)"
        return None
    return f"{action} is not legal now"


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
