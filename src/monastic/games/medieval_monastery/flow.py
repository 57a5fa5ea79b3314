"""The rules that move the game on: phases, suit actions, trading, combos (C-1..C-23).

Every function takes the state's data and a list that collects the events it causes
(or None: then no event is even built, which is a tenth of a random game's time).
Chance comes only from ``s.rng``.
"""

from __future__ import annotations

from collections.abc import Iterable

from monastic.engine import Event
from monastic.games.medieval_monastery.actions import ASKS
from monastic.games.medieval_monastery.catalogue import CARD_TEXTS, rank, suit
from monastic.games.medieval_monastery.combos import (
    combo_draws,
    combo_points,
    is_winning_flush,
    score_combo,
)
from monastic.games.medieval_monastery.state import (
    ABBEY,
    ANSWER,
    BID,
    COMBO,
    DISCARD,
    MONKS_IN,
    MONKS_OUT,
    OFFER,
    ORDERS,
    OVER,
    PICK,
    PLAY,
    StateData,
    card_mask,
)

__all__ = [
    "ASK_CARDS",
    "abbey_swap",
    "answer",
    "choose",
    "deal",
    "declare",
    "declarer_done",
    "make_offer",
    "matches_ask",
    "monks_give",
    "pick",
    "play",
    "prayer_discard",
    "trader_done",
]

# Where a rule reports its events; None when nobody listens (search), so none are built.
Events = list[Event] | None
#: The audience of an event only one seat sees.
ONLY = tuple(frozenset((seat,)) for seat in range(6))
HAND_SIZE = 10
WORK_DRAW = 9


def _texts(cards: Iterable[int]) -> list[str]:
    return [CARD_TEXTS[c] for c in cards]


def matches_ask(card: int, ask: str) -> bool:
    """Whether a card answers an offer's ask: a suit letter or a rank digit."""
    if ask.isdigit():
        return rank(card) == int(ask)
    return "PWSRZOAM"[suit(card)] == ask


#: The cards that answer each ask.
ASK_CARDS: dict[str, frozenset[int]] = {
    ask: frozenset(c for c in range(72) if matches_ask(c, ask)) for ask in ASKS
}


def clockwise(s: StateData, start: int) -> list[int]:
    """All seats, starting with ``start`` (C-1)."""
    return [(start + i) % s.n for i in range(s.n)]


# Moving cards, keeping what each seat knows of other hands --------------------------------


def lose(s: StateData, holder: int, *cards: int) -> None:
    """Take cards out of a hand."""
    hand = s.hands[holder]
    keep = -1
    for card in cards:
        hand.remove(card)
        keep &= ~(1 << card)
    for row in s.known:
        if row[holder]:  # most of the time nobody knows a card of this hand
            row[holder] &= keep


def gain(s: StateData, holder: int, card: int, seen_by: Iterable[int] | None) -> None:
    """Put a card into a hand; ``seen_by`` None means everyone saw it go there."""
    s.hands[holder].append(card)
    for viewer in range(s.n) if seen_by is None else seen_by:
        if viewer != holder:
            s.known[viewer][holder] |= 1 << card


def empty_hand(s: StateData, holder: int) -> list[int]:
    """Take a whole hand."""
    cards = s.hands[holder]
    s.hands[holder] = []
    for row in s.known:
        row[holder] = 0
    return cards


def to_discard(s: StateData, cards: list[int], seat: int, why: str, ev: Events) -> None:
    """Put cards face up on the discard pile (C-19: public)."""
    s.discard.extend(cards)
    if cards and ev is not None:
        ev.append(Event("discard", {"seat": seat, "cards": _texts(cards), "why": why}))


def _take(s: StateData, count: int, ev: Events) -> list[int]:
    """Up to ``count`` cards from the top, reshuffling the discard pile into a new deck
    whenever the deck runs out (C-2); fewer only when deck and discard are both empty."""
    taken: list[int] = []
    while len(taken) < count:
        if not s.deck:
            if not s.discard:
                break
            s.deck, s.discard = s.discard, []
            s.rng.shuffle(s.deck)
            if ev is not None:
                ev.append(Event("reshuffle", {"cards": len(s.deck)}))
        take = min(count - len(taken), len(s.deck))
        taken.extend(reversed(s.deck[-take:]))  # the top card is the last
        del s.deck[-take:]
    return taken


def draw(s: StateData, seat: int, count: int, ev: Events) -> list[int]:
    """Draw up to ``count`` cards into a hand; only the drawer sees them (C-19)."""
    drawn = _take(s, count, ev)
    s.hands[seat].extend(drawn)
    if ev is not None:
        ev.append(
            Event(
                "draw",
                {"seat": seat, "cards": _texts(drawn)},
                audience=ONLY[seat],
                public={"seat": seat, "count": len(drawn)},
            )
        )
    return drawn


def reveal(s: StateData, count: int, ev: Events) -> list[int]:
    """Turn up to ``count`` cards face up into the centre."""
    shown = _take(s, count, ev)
    s.zone = shown
    if ev is not None:
        ev.append(Event("reveal", {"cards": _texts(shown)}))
    return shown


# Turn structure ------------------------------------------------------------------------


def deal(s: StateData, ev: Events) -> None:
    """Ascetic phase: from the Abbot clockwise, each draws 10; then the Eremitical phase."""
    if ev is not None:
        ev.append(Event("turn", {"turn": s.turn, "abbot": s.abbot}))
    for seat in clockwise(s, s.abbot):
        draw(s, seat, HAND_SIZE, ev)
    s.index = 0
    next_player(s, ev)


def next_player(s: StateData, ev: Events) -> None:
    """The next seat from the Abbot with a card plays (C-3); after all, the Cenobitic phase."""
    while s.index < s.n:
        seat = (s.abbot + s.index) % s.n
        if s.hands[seat]:
            s.step, s.actor = PLAY, seat
            return
        s.index += 1
    s.index = 0
    next_declarer(s, ev)


def action_done(s: StateData, ev: Events) -> None:
    """A played card's action has fully resolved: the next player plays."""
    s.zone = []
    s.queue = []
    s.index += 1
    next_player(s, ev)


def next_declarer(s: StateData, ev: Events) -> None:
    """Cenobitic: the next seat from the Abbot with 2+ cards declares (C-3); then Salvation."""
    while s.index < s.n:
        seat = (s.abbot + s.index) % s.n
        if len(s.hands[seat]) >= 2:
            s.step, s.actor = COMBO, seat
            return
        s.index += 1
    salvation(s, ev)


def salvation(s: StateData, ev: Events) -> None:
    """Hands go face up to the discard pile, the cross passes clockwise (C-18)."""
    for seat in clockwise(s, s.abbot):
        to_discard(s, empty_hand(s, seat), seat, "salvation", ev)
    s.abbot = (s.abbot + 1) % s.n
    if ev is not None:
        ev.append(Event("cross", {"abbot": s.abbot}))
    if s.turn >= s.turns:
        s.step = OVER
        if ev is not None:
            ev.append(Event("game-over", {}))
        return
    s.turn += 1
    deal(s, ev)


# Eremitical: playing a card and its suit's action ---------------------------------------


def play(s: StateData, seat: int, card: int, ev: Events) -> None:
    """The card goes face up to the discard pile first (C-4), then its action resolves."""
    lose(s, seat, card)
    s.discard.append(card)
    if ev is not None:
        ev.append(Event("play", {"seat": seat, "card": CARD_TEXTS[card]}))
    _ACTIONS[suit(card)](s, seat, ev)


def _prayer(s: StateData, seat: int, ev: Events) -> None:
    draw(s, seat, 2, ev)
    if s.hands[seat]:
        s.step = DISCARD  # C-5: min(2, hand) cards in one step
    else:
        action_done(s, ev)


def _work(s: StateData, seat: int, ev: Events) -> None:
    to_discard(s, empty_hand(s, seat), seat, "work", ev)  # C-6
    draw(s, seat, WORK_DRAW, ev)
    action_done(s, ev)


def _study(s: StateData, seat: int, ev: Events) -> None:
    traders = [t for t in clockwise(s, seat) if s.hands[t]]
    if len(traders) < 2:  # C-20
        if ev is not None:
            ev.append(Event("trade-skipped", {"traders": traders}))
        action_done(s, ev)
        return
    s.trade_offers = [0] * s.n
    s.trade_done = [not s.hands[t] for t in range(s.n)]
    s.trade_turn = traders[0]
    s.offer = None
    s.offer_no = 0
    s.trade_log = []
    s.step = OFFER
    if ev is not None:
        ev.append(Event("trade-open", {"traders": traders}))


def _rules(s: StateData, seat: int, ev: Events) -> None:
    shown = reveal(s, s.n, ev)  # C-7: all are revealed before any pick
    s.queue = clockwise(s, seat)[: len(shown)]
    if shown:
        s.step = PICK
    else:
        action_done(s, ev)


def _saints(s: StateData, seat: int, ev: Events) -> None:
    for player in clockwise(s, seat):
        draw(s, player, 1, ev)
    if reveal(s, 1, ev):
        saints_round(s, clockwise(s, seat), ev)
    else:
        action_done(s, ev)  # C-8: no centre card, no bidding


def saints_round(s: StateData, eligible: list[int], ev: Events) -> None:
    """One bidding round among the eligible holding a card (C-8)."""
    bidders = [seat for seat in eligible if s.hands[seat]]
    if not bidders:
        to_discard(s, s.zone, -1, "saints-unclaimed", ev)
        action_done(s, ev)
    elif len(bidders) == 1:
        _saints_win(s, bidders[0], ev)
    else:
        s.queue = bidders
        s.choice = [-1] * s.n
        s.step = BID


def _saints_win(s: StateData, seat: int, ev: Events) -> None:
    card = s.zone[0]
    gain(s, seat, card, None)
    if ev is not None:
        ev.append(Event("saints-won", {"seat": seat, "card": CARD_TEXTS[card]}))
    action_done(s, ev)


def _orders(s: StateData, seat: int, ev: Events) -> None:
    givers = [t for t in range(s.n) if s.hands[t]]
    if givers:
        s.queue = givers
        s.choice = [-1] * s.n
        s.step = ORDERS
    else:
        action_done(s, ev)


def _abbey(s: StateData, seat: int, ev: Events) -> None:
    s.step = ABBEY


def _monks(s: StateData, seat: int, ev: Events) -> None:
    givers = [t for t in clockwise(s, seat)[1:] if s.hands[t]]
    if givers:
        s.queue = sorted(givers)
        s.choice = [-1] * s.n
        s.step = MONKS_IN
    else:
        _monks_out_start(s, ev)


def _monks_out_start(s: StateData, ev: Events) -> None:
    s.queue = clockwise(s, s.actor)[1:]  # C-10: from the actor's seat+1, clockwise
    _monks_out_next(s, ev)


def _monks_out_next(s: StateData, ev: Events) -> None:
    if s.queue and s.hands[s.actor]:
        s.step = MONKS_OUT
    else:
        action_done(s, ev)


_ACTIONS = (_prayer, _work, _study, _rules, _saints, _orders, _abbey, _monks)


# The decisions inside an action ---------------------------------------------------------


def prayer_discard(s: StateData, seat: int, cards: tuple[int, ...], ev: Events) -> None:
    lose(s, seat, *cards)
    to_discard(s, list(cards), seat, "prayer", ev)
    action_done(s, ev)


def pick(s: StateData, seat: int, card: int, ev: Events) -> None:
    s.zone.remove(card)
    gain(s, seat, card, None)
    s.queue.pop(0)
    if ev is not None:
        ev.append(Event("pick", {"seat": seat, "card": CARD_TEXTS[card]}))
    if not s.zone or not s.queue:
        action_done(s, ev)


def choose(s: StateData, seat: int, card: int, ev: Events) -> None:
    """A simultaneous choice: kept secret until the last arrives (C-12)."""
    s.choice[seat] = card
    if ev is not None:
        ev.append(
            Event(
                "chosen",
                {"seat": seat, "step": s.step, "card": CARD_TEXTS[card]},
                audience=ONLY[seat],
                public={"seat": seat, "step": s.step},
            )
        )
    for waiting in s.queue:
        if s.choice[waiting] < 0:
            return
    if s.step == BID:
        _resolve_bids(s, ev)
    elif s.step == ORDERS:
        _resolve_orders(s, ev)
    else:
        _resolve_monks_in(s, ev)


def _resolve_bids(s: StateData, ev: Events) -> None:
    bids = [(seat, s.choice[seat]) for seat in s.queue]
    for seat, card in bids:
        lose(s, seat, card)
    if ev is not None:
        ev.append(Event("bids", {"bids": {str(seat): CARD_TEXTS[card] for seat, card in bids}}))
    to_discard(s, [card for _, card in bids], -1, "bids", ev)
    top = max(rank(card) for _, card in bids)
    tied = [seat for seat, card in bids if rank(card) == top]
    if len(tied) == 1:
        _saints_win(s, tied[0], ev)
    else:
        if ev is not None:
            ev.append(Event("bid-tie", {"seats": tied}))
        saints_round(s, tied, ev)


def _gift(s: StateData, giver: int, receiver: int, card: int, ev: Events) -> None:
    gain(s, receiver, card, (giver,))
    if ev is not None:
        ev.append(
            Event(
                "gift",
                {"from": giver, "to": receiver, "card": CARD_TEXTS[card]},
                audience=frozenset((giver, receiver)),
                public={"from": giver, "to": receiver},
            )
        )


def _resolve_orders(s: StateData, ev: Events) -> None:
    gifts = [(seat, s.choice[seat]) for seat in s.queue]
    for seat, card in gifts:  # C-9: all gifts leave before any arrives
        lose(s, seat, card)
    for seat, card in gifts:
        _gift(s, seat, (seat - 1) % s.n, card, ev)
    action_done(s, ev)


def _resolve_monks_in(s: StateData, ev: Events) -> None:
    gifts = [(seat, s.choice[seat]) for seat in s.queue]
    for seat, card in gifts:
        lose(s, seat, card)
        _gift(s, seat, s.actor, card, ev)
    _monks_out_start(s, ev)


def monks_give(s: StateData, card: int, ev: Events) -> None:
    receiver = s.queue.pop(0)
    lose(s, s.actor, card)
    _gift(s, s.actor, receiver, card, ev)
    _monks_out_next(s, ev)


def abbey_swap(s: StateData, seat: int, target: int, ev: Events) -> None:
    """C-11: the two swap whole hands; each now knows both (C-19)."""
    mine, theirs = s.hands[seat], s.hands[target]
    s.hands[seat], s.hands[target] = theirs, mine
    for row in s.known:
        row[seat], row[target] = row[target], row[seat]
    s.known[seat][target] = card_mask(mine)
    s.known[target][seat] = card_mask(theirs)
    s.known[seat][seat] = 0
    s.known[target][target] = 0
    if ev is not None:
        ev.append(
            Event(
                "swap",
                {
                    "seat": seat,
                    "target": target,
                    "got": _texts(sorted(theirs)),
                    "gave": _texts(sorted(mine)),
                },
                audience=frozenset((seat, target)),
                public={"seat": seat, "target": target},
            )
        )
    action_done(s, ev)


# Study: the trading window (C-20..C-22) -------------------------------------------------


def make_offer(s: StateData, seat: int, target: int, card: int, ask: str, ev: Events) -> None:
    s.offer_no += 1
    s.offer = (s.offer_no, seat, target, card, ask)
    for viewer in range(s.n):  # the offered card is named in public: worlds keep it in hand
        if viewer != seat:
            s.known[viewer][seat] |= 1 << card
    s.step = ANSWER
    if ev is not None:
        ev.append(
            Event(
                "offer",
                {
                    "number": s.offer_no,
                    "from": seat,
                    "to": target,
                    "card": CARD_TEXTS[card],
                    "ask": ask,
                },
            )
        )


def answer(s: StateData, card: int | None, ev: Events) -> None:
    """Accept with ``card`` or reject (None); then the turn passes on."""
    assert s.offer is not None
    number, giver, target, offered, ask = s.offer
    if card is None:
        if ev is not None:
            ev.append(Event("reject", {"number": number, "seat": target}))
    else:
        lose(s, giver, offered)
        lose(s, target, card)
        gain(s, target, offered, None)  # the offered card was named in public
        gain(s, giver, card, (target,))  # C-19: the accept card is seen by the two only
        if ev is not None:
            ev.append(
                Event(
                    "accept",
                    {"number": number, "seat": target, "card": CARD_TEXTS[card]},
                    audience=frozenset((giver, target)),
                    public={"number": number, "seat": target},
                )
            )
    s.trade_log.append(
        (number, giver, target, offered, ask, "rejected" if card is None else "accepted")
    )
    s.offer = None
    s.trade_offers[giver] += 1
    if s.trade_offers[giver] >= 3:  # C-22
        s.trade_done[giver] = True
    s.step = OFFER
    _next_trader(s, giver, ev)


def trader_done(s: StateData, seat: int, ev: Events) -> None:
    s.trade_done[seat] = True
    if ev is not None:
        ev.append(Event("trade-done", {"seat": seat}))
    _next_trader(s, seat, ev)


def _next_trader(s: StateData, after: int, ev: Events) -> None:
    for i in range(1, s.n + 1):
        seat = (after + i) % s.n
        if not s.trade_done[seat]:
            s.trade_turn = seat
            return
    if ev is not None:
        ev.append(Event("trade-closed", {}))
    s.trade_log = []
    action_done(s, ev)


# Cenobitic: combos ----------------------------------------------------------------------


def declare(s: StateData, seat: int, kind: str, cards: tuple[int, ...], ev: Events) -> None:
    """C-15: cards to the discard pile, then score, then draw."""
    cards = tuple(sorted(cards))  # in card order, however the action lists them
    lose(s, seat, *cards)
    s.discard += cards
    score_combo(s.scores[seat], kind, cards)
    if ev is not None:
        points = combo_points(kind, cards)
        ev.append(
            Event("combo", {"seat": seat, "combo": kind, "cards": _texts(cards), "points": points})
        )
    if is_winning_flush(kind, cards):  # C-16
        s.winner = seat
        s.step = OVER
        if ev is not None:
            ev.append(Event("game-over", {"winner": seat}))
        return
    extra = combo_draws(kind, len(cards))
    if extra:
        draw(s, seat, extra, ev)
    if len(s.hands[seat]) < 2:
        s.index += 1
        next_declarer(s, ev)


def declarer_done(s: StateData, ev: Events) -> None:
    s.index += 1
    next_declarer(s, ev)
