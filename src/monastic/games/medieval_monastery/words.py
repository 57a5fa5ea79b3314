"""Medieval Monastery in words: events as a viewer sees them, phases, decision prompts, the
lines of the table, the names of the game's components, and the rules summary (``HELP``).

Every front end reads its sentences here; none writes its own. A seat is "You" to its owner
and "Seat 2" to everyone else.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from monastic.games.medieval_monastery.catalogue import (
    CARDS,
    COMBOS,
    SUIT_ACTIONS,
    SUIT_LETTERS,
    SUIT_NAMES,
    TABLE,
)

__all__ = [
    "BREAKDOWN_TITLE",
    "COLUMN_LABELS",
    "COMBO_NAMES",
    "HELP",
    "PHASE_NAMES",
    "WEAKEST_NOTE",
    "card_name",
    "cards_line",
    "centre_label",
    "chosen_line",
    "decision_prompt",
    "describe",
    "flush_win_line",
    "hand_label",
    "headline",
    "known_line",
    "pending_offer_line",
    "phase_text",
    "seat_label",
    "seats_label",
    "step_line",
    "suit_name",
    "trade_record_line",
    "wanted",
]

Event = Mapping[str, Any]
Viewer = int | None

#: The phases by machine name.
PHASE_NAMES: Mapping[str, str] = {
    "eremitical": "Eremitical phase",
    "cenobitic": "Cenobitic phase",
    "over": "Game over",
}

#: Each combo kind in a sentence, for a combo of ``n`` cards.
COMBO_NAMES: Mapping[str, str] = {
    "flush": "a {n}-card flush",
    "kind": "{n} of a kind",
    "straight": "a {n}-card straight",
    "suits": "one of each suit",
}
_WINNING_FLUSH = COMBOS["flush"].wins_at
_COMBO_CARDS = {
    "flush": "cards of one suit",
    "suits": "cards, one of each suit",
    "kind": "cards of one rank",
    "straight": "cards of consecutive ranks",
}


# Names of things ------------------------------------------------------------------------


def seat_label(seat: Any, viewer: Viewer, *, capital: bool = True) -> str:
    """``Seat 2``, or ``You``/``you`` when the seat is the viewer's."""
    if viewer is not None and seat == viewer:
        return "You" if capital else "you"
    return f"Seat {seat}" if capital else f"seat {seat}"


def seats_label(seats: Iterable[Any], viewer: Viewer) -> str:
    """``Seat 0, Seat 2 and you``."""
    names = [seat_label(s, viewer, capital=True) for s in seats]
    names = [n if n != "You" else "you" for n in names]
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return ", ".join(names[:-1]) + " and " + names[-1]


def suit_name(card_or_letter: str) -> str:
    """``Z7`` (or ``Z``) -> ``Saints``."""
    return SUIT_NAMES[SUIT_LETTERS.index(card_or_letter[0])]


_CARD_NAMES = {f"{SUIT_LETTERS[info.suit]}{info.rank}": info.name for info in CARDS}


def card_name(card: str) -> str:
    """``P1`` -> ``Vespers``: the display name the card data gives."""
    return _CARD_NAMES[card]


def cards_line(cards: Sequence[str], empty: str = "nothing") -> str:
    """Cards in suit order, then rank, as the game lists a hand."""
    ordered = sorted(cards, key=lambda c: (SUIT_LETTERS.find(c[:1]), c[1:]))
    return " ".join(ordered) if cards else empty


def wanted(ask: str, *, article: bool = False) -> str:
    """What an offer asks for: ``any W card (Work)``, ``any 7``; with ``article``:
    ``a W card (Work)``, ``an 8``."""
    spoken = "an" if ask in "SRMOA8" else "a"  # as the letter or number is said aloud
    word = spoken if article else "any"
    return f"{word} {ask}" if ask.isdigit() else f"{word} {ask} card ({suit_name(ask)})"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


# Events ---------------------------------------------------------------------------------


def _round(e: Event, v: Viewer) -> str:
    verb = "are" if e["abbot"] == v else "is"
    return f"── Turn {e['round']} ── {seat_label(e['abbot'], v)} {verb} Abbot; everyone draws"


def _draw(e: Event, v: Viewer) -> str:
    who = seat_label(e["seat"], v)
    if "cards" in e:
        return f"{who} drew {cards_line(e['cards'])}"
    return f"{who} drew {_plural(e['count'], 'card')}" if e["count"] else f"{who} drew no cards"


def _play(e: Event, v: Viewer) -> str:
    return f"{seat_label(e['seat'], v)} played {e['card']} ({suit_name(e['card'])})"


_DISCARD_WHY = {
    "prayer": "discarded {cards} (Prayer)",
    "work": "discarded the whole hand {cards} (Work)",
    "salvation": "discarded {cards} at Salvation",
}


def _discard(e: Event, v: Viewer) -> str:
    why = e.get("why", "")
    cards = cards_line(e["cards"])
    if why == "bids":
        return "The bids went to the discard pile"
    if why == "saints_unclaimed":
        return f"Nobody could bid; {cards} went to the discard pile"
    pattern = _DISCARD_WHY.get(why, "discarded {cards}")
    return f"{seat_label(e['seat'], v)} {pattern.format(cards=cards)}"


def _gift(e: Event, v: Viewer) -> str:
    giver, receiver = e["from"], e["to"]
    card = e.get("card")
    if receiver == v and card:
        return f"{seat_label(giver, v)} gave you {card}"
    if giver == v and card:
        return f"You gave {card} to {seat_label(receiver, v, capital=False)}"
    return f"{seat_label(giver, v)} gave a card to {seat_label(receiver, v, capital=False)}"


def _swap(e: Event, v: Viewer) -> str:
    seat, target = e["seat"], e["target"]
    other = seat_label(target, v, capital=False)
    text = f"{seat_label(seat, v)} swapped hands with {other} (Abbey)"
    if "got" in e and v in (seat, target):
        mine = e["got"] if v == seat else e["gave"]
        text += f"; you now hold {cards_line(mine)}"
    return text


def _offer(e: Event, v: Viewer) -> str:
    return (
        f"Offer {e['number']}: {seat_label(e['from'], v)} offered {e['card']} to"
        f" {seat_label(e['to'], v, capital=False)} for {wanted(e['ask'], article=True)}"
    )


def _accept(e: Event, v: Viewer) -> str:
    text = f"{seat_label(e['seat'], v)} accepted offer {e['number']}"
    return f"{text} with {e['card']}" if "card" in e else text


def _chosen(e: Event, v: Viewer) -> str:
    if "card" in e:
        return f"You chose {e['card']} (secret until everyone has chosen)"
    return f"{seat_label(e['seat'], v)} has chosen"


def _bids(e: Event, v: Viewer) -> str:
    bids = ", ".join(f"{seat_label(int(s), v)} {c}" for s, c in e["bids"].items())
    return f"Bids revealed: {bids}"


def _combo(e: Event, v: Viewer) -> str:
    gained = [f"+{p} {SUIT_LETTERS[i]}" for i, p in enumerate(e["points"]) if p]
    kind = str(e.get("combo", "combo"))
    name = COMBO_NAMES.get(kind, kind).format(n=len(e["cards"]))
    return (
        f"{seat_label(e['seat'], v)} declared {name}, {cards_line(e['cards'])}:"
        f" {', '.join(gained) or 'no points'}"
    )


def _game_over(e: Event, v: Viewer) -> str:
    if e.get("flush_winner") is not None:
        who = seat_label(e["flush_winner"], v)
        return f"{who} declared a {_WINNING_FLUSH}-card flush and won at once!"
    winners = list(e["winners"])
    best = _number(e["scores"][winners[0]]) if winners else "?"
    if len(winners) == 1:
        verb = "win" if winners[0] == v else "wins"
        return f"The game is over: {seat_label(winners[0], v)} {verb} with {best}"
    return f"The game is over: {seats_label(winners, v)} share the victory with {best}"


def _cross(e: Event, v: Viewer) -> str:
    verb = "are" if e["abbot"] == v else "is"
    return f"The cross passes: {seat_label(e['abbot'], v, capital=False)} {verb} the next Abbot"


_DESCRIBE: dict[str, Callable[[Event, Viewer], str]] = {
    "round": _round,
    "draw": _draw,
    "play": _play,
    "discard": _discard,
    "gift": _gift,
    "swap": _swap,
    "offer": _offer,
    "accept": _accept,
    "chosen": _chosen,
    "bids": _bids,
    "combo": _combo,
    "game_over": _game_over,
    "cross": _cross,
    "reshuffle": lambda e, v: f"The discard pile was shuffled into a new deck of {e['cards']}",
    "reveal": lambda e, v: f"Revealed: {cards_line(e['cards'])}",
    "trade_skipped": lambda e, v: "Too few players hold cards: no trading",
    "trade_open": lambda e, v: f"Trading opens (Study): {seats_label(e['traders'], v)} may trade",
    "trade_done": lambda e, v: f"{seat_label(e['seat'], v)} finished trading",
    "trade_closed": lambda e, v: "Trading is closed",
    "reject": lambda e, v: f"{seat_label(e['seat'], v)} rejected offer {e['number']}",
    "saints_won": lambda e, v: f"{seat_label(e['seat'], v)} won the Saints card {e['card']}",
    "bid_tie": lambda e, v: f"Tie between {seats_label(e['seats'], v)}: they bid again",
    "pick": lambda e, v: f"{seat_label(e['seat'], v)} took {e['card']} (Rules)",
}


def describe(event: Event, viewer: Viewer) -> str:
    """One event (as ``events_for`` gave it to ``viewer``) in one line of plain English."""
    kind = str(event.get("kind"))
    words = _DESCRIBE.get(kind)
    if words is None:
        raise ValueError(f"Medieval Monastery has no event of kind {kind!r}")
    return words(event, viewer)


# Phases, decisions and the table --------------------------------------------------------


def phase_text(phase: str, turn: int, turns: int) -> str:
    """``Turn 2 of 10, Eremitical phase``; ``Game over`` at the end."""
    if phase == "over":
        return PHASE_NAMES["over"]
    return f"Turn {turn} of {turns}, {PHASE_NAMES[phase]}"


def decision_prompt(view: Mapping[str, Any], seat: int, players: int) -> str:
    """What ``seat`` is asked now, from the game's own keys of its view."""
    step = view["step"]
    if step == "play":
        return "Play a card: its suit's action happens at once."
    if step == "discard":
        count = min(TABLE.prayer_discard, len(view["hand"] or []))
        return f"Prayer: discard {_plural(count, 'card')}."
    if step == "offer":
        return "Study: offer one of your cards for a suit or a rank, or say done."
    if step == "answer":
        pending = view["trade"]["pending"]
        return (
            f"Study: {seat_label(pending['from'], seat)} offers {pending['card']} for"
            f" {wanted(pending['ask'])}: accept with a matching card, or reject."
        )
    if step == "pick":
        return "Rules: take one of the revealed cards."
    if step == "bid":
        centre = cards_line(view["centre"])
        return f"Saints: bid a card for {centre}; bids are shown together, the highest rank wins."
    if step == "orders":
        right = (seat - 1) % players
        return f"Orders: give a card to {seat_label(right, seat, capital=False)} on your right."
    if step == "abbey":
        return "Abbey: choose whose hand to swap yours with."
    if step == "monks_in":
        return f"Monks: give a card to {seat_label(view['actor'], seat, capital=False)}."
    if step == "monks_out":
        return f"Monks: give a card to {seat_label(view['queue'][0], seat, capital=False)}."
    if step == "combo":
        return "Cenobitic: declare a combo from your hand, or say done."
    raise ValueError(f"no decision is asked at step {step!r}")


_STEP_LINES = {
    "play": "{actor} must play a card",
    "discard": f"Prayer: {{actor}} must discard {TABLE.prayer_discard} cards",
    "offer": "Study: trading, {trader} to offer",
    "answer": "Study: {target} must answer the offer",
    "pick": "Rules: {acting} to pick a revealed card",
    "bid": "Saints: {acting} to bid (bids are revealed together)",
    "orders": "Orders: {acting} to give a card to the right (revealed together)",
    "abbey": "Abbey: {actor} must choose a hand to swap with",
    "monks_in": "Monks: {acting} to give a card to {actor} (revealed together)",
    "monks_out": "Monks: {actor} to give a card to {target}",
    "combo": "Cenobitic: {actor} may declare combos",
    "over": "The game is over",
}


def step_line(view: Mapping[str, Any]) -> str:
    """Who must do what now, as the view's viewer reads it."""
    viewer = view["viewer"]
    trade = view.get("trade") or {}
    pending = trade.get("pending") or {}
    monks_next = view["queue"][0] if view["step"] == "monks_out" and view["queue"] else None
    names = {
        "actor": seat_label(view["actor"], viewer, capital=False),
        "trader": seat_label(trade.get("trader"), viewer, capital=False),
        "target": seat_label(pending.get("to", monks_next), viewer, capital=False),
        "acting": seats_label(view["to_act"], viewer),
    }
    line = _STEP_LINES[view["step"]].format(**names)
    return line[0].upper() + line[1:]


def headline(view: Mapping[str, Any]) -> list[str]:
    """The parts of the table's first line: the turn, the phase, the Abbot, deck, discard."""
    viewer = view["viewer"]
    phase = "game over" if view["phase"] == "over" else PHASE_NAMES[view["phase"]]
    discard = view["discard"]
    pile = f"Discard {len(discard)}" + (f" (top {discard[-1]})" if discard else "")
    return [
        f"Turn {view['turn']} of {view['turns']}",
        phase,
        f"Abbot ✝ {seat_label(view['abbot'], viewer, capital=False)}",
        f"Deck {view['deck']}",
        pile,
    ]


#: The labels of the table of seats.
COLUMN_LABELS: Mapping[str, str] = {"seat": "seat", "hand": "hand", "lowest": "lowest"}
WEAKEST_NOTE = "[n] = weakest suit"
BREAKDOWN_TITLE = "Suit scores (the lowest, bracketed, is the final score)"


def flush_win_line(seat: int) -> str:
    return f"Seat {seat} won with a {_WINNING_FLUSH}-card flush."


def hand_label(count: int) -> str:
    return f"Your hand ({count}): "


def centre_label(step: str) -> str:
    return "Saints centre card: " if step == "bid" else "Revealed: "


def chosen_line(chosen: Sequence[int], viewer: Viewer, my_choice: str | None) -> str:
    line = f"Chosen so far: {seats_label(chosen, viewer) if chosen else 'nobody'}"
    return f"{line}  · your choice: {my_choice}" if my_choice else line


def trade_record_line(entry: Mapping[str, Any], viewer: Viewer) -> str:
    return (
        f"Offer {entry['number']}: {seat_label(entry['from'], viewer)}"
        f" → {seat_label(entry['to'], viewer, capital=False)}: {entry['card']}"
        f" for {entry['ask']} — {entry['answer']}"
    )


def pending_offer_line(pending: Mapping[str, Any], viewer: Viewer) -> str:
    return (
        f"Pending offer {pending['number']}: {seat_label(pending['from'], viewer)} offers"
        f" {pending['card']} to {seat_label(pending['to'], viewer, capital=False)}"
        f" for {wanted(pending['ask'])}"
    )


def known_line(seat: int | str, cards: Sequence[str]) -> str:
    return f"You know Seat {seat} holds: {cards_line(cards, 'none')}"


# The rules summary ----------------------------------------------------------------------


def _help() -> str:
    lines = ["Play one card a turn; its suit's action happens at once:"]
    for letter, name in zip(SUIT_LETTERS, SUIT_NAMES, strict=True):
        action = SUIT_ACTIONS[letter].partition(": ")[2] or SUIT_ACTIONS[letter]
        lines.extend(
            textwrap.wrap(
                action, 88, initial_indent=f"  {letter} {name:<7} ", subsequent_indent=" " * 12
            )
        )
    lines.append("")
    lines.append("Combos (Cenobitic phase, from your hand; type e.g. 'combo flush P1 P4'):")
    for kind, rule in COMBOS.items():
        sizes = f"{rule.sizes[0]}" + (f"-{rule.sizes[-1]}" if len(rule.sizes) > 1 else "")
        points = " ".join(f"{n}:{p}" for n, p in rule.points.items())
        lines.append(f"  {kind:<9} {sizes} {_COMBO_CARDS.get(kind, 'cards')}")
        lines.append(f"{'':12}points by size {points} in {rule.scores}")
        if rule.draws:
            draws = " ".join(f"{n}:{d}" for n, d in rule.draws.items())
            lines.append(f"{'':12}then draw by size {draws}")
    for kind, rule in COMBOS.items():
        if rule.wins_at:
            lines.append(f"  A {rule.wins_at}-card {kind} wins the game at once.")
    lines.append("")
    lines.append("Your final score is your LOWEST suit score; the highest final score wins.")
    return "\n".join(lines)


#: The suit actions and the combo table, from the game's card data.
HELP: str = _help()
