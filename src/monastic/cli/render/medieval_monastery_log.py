"""Medieval Monastery events as sentences for the play log, as one seat may see them."""

from __future__ import annotations

from typing import Any

from monastic.cli.render.base import Describer, describe_with, seat_label, seats_label
from monastic.games.medieval_monastery.catalogue import SUIT_LETTERS, SUIT_NAMES

__all__ = ["describe_event", "suit_name"]

Event = dict[str, Any]


def suit_name(card: str) -> str:
    """``Z7`` -> ``Saints``."""
    return SUIT_NAMES[SUIT_LETTERS.index(card[0])]


def _cards(cards: list[str]) -> str:
    """Cards in suit order, then rank, as the game lists a hand."""
    ordered = sorted(cards, key=lambda c: (SUIT_LETTERS.find(c[:1]), c[1:]))
    return " ".join(ordered) if cards else "nothing"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _turn(e: Event, v: int | None) -> str:
    verb = "are" if e["abbot"] == v else "is"
    return f"── Turn {e['turn']} ── {seat_label(e['abbot'], v)} {verb} Abbot; everyone draws"


def _draw(e: Event, v: int | None) -> str | None:
    who = seat_label(e["seat"], v)
    if "cards" in e:
        return f"{who} drew {_cards(e['cards'])}"
    return f"{who} drew {_plural(e['count'], 'card')}" if e["count"] else None


def _play(e: Event, v: int | None) -> str:
    return f"{seat_label(e['seat'], v)} played {e['card']} ({suit_name(e['card'])})"


_DISCARD_WHY = {
    "prayer": "discarded {cards} (Prayer)",
    "work": "discarded the whole hand {cards} (Work)",
    "salvation": "discarded {cards} at Salvation",
}


def _discard(e: Event, v: int | None) -> str | None:
    why = e.get("why", "")
    if why == "bids":
        return None  # the "bids" event already said which cards went
    if why == "saints-unclaimed":
        return f"Nobody could bid; {_cards(e['cards'])} went to the discard pile"
    pattern = _DISCARD_WHY.get(why, "discarded {cards}")
    return f"{seat_label(e['seat'], v)} {pattern.format(cards=_cards(e['cards']))}"


def _gift(e: Event, v: int | None) -> str:
    giver, receiver = e["from"], e["to"]
    card = e.get("card")
    if receiver == v and card:
        return f"{seat_label(giver, v)} gave you {card}"
    if giver == v and card:
        return f"You gave {card} to {seat_label(receiver, v, capital=False)}"
    return f"{seat_label(giver, v)} gave a card to {seat_label(receiver, v, capital=False)}"


def _swap(e: Event, v: int | None) -> str:
    seat, target = e["seat"], e["target"]
    other = seat_label(target, v, capital=False)
    text = f"{seat_label(seat, v)} swapped hands with {other} (Abbey)"
    if "got" in e and v in (seat, target):
        mine = e["got"] if v == seat else e["gave"]
        text += f"; you now hold {_cards(mine)}"
    return text


def _offer(e: Event, v: int | None) -> str:
    ask = e["ask"]
    article = "an" if ask in "SRMOA8" else "a"  # as the letter or number is said aloud
    wanted = f"{article} {ask}" if ask.isdigit() else f"{article} {ask} card ({suit_name(ask)})"
    return (
        f"Offer {e['number']}: {seat_label(e['from'], v)} offered {e['card']} to"
        f" {seat_label(e['to'], v, capital=False)} for {wanted}"
    )


def _accept(e: Event, v: int | None) -> str:
    text = f"{seat_label(e['seat'], v)} accepted offer {e['number']}"
    return f"{text} with {e['card']}" if "card" in e else text


def _chosen(e: Event, v: int | None) -> str:
    if "card" in e:
        return f"You chose {e['card']} (secret until everyone has chosen)"
    return f"{seat_label(e['seat'], v)} has chosen"


def _bids(e: Event, v: int | None) -> str:
    bids = ", ".join(f"{seat_label(int(s), v)} {c}" for s, c in e["bids"].items())
    return f"Bids revealed: {bids}"


_COMBO_NAMES = {
    "flush": "a {n}-card flush",
    "kind": "{n} of a kind",
    "straight": "a {n}-card straight",
    "suits": "one of each suit",
}


def _combo(e: Event, v: int | None) -> str:
    gained = [f"+{p} {SUIT_LETTERS[i]}" for i, p in enumerate(e["points"]) if p]
    kind = str(e.get("combo", "combo"))
    name = _COMBO_NAMES.get(kind, kind).format(n=len(e["cards"]))
    return (
        f"{seat_label(e['seat'], v)} declared {name}, {_cards(e['cards'])}:"
        f" {', '.join(gained) or 'no points'}"
    )


def _over(e: Event, v: int | None) -> str:
    if e.get("winner") is not None:
        return f"{seat_label(e['winner'], v)} declared a 9-card flush and won at once!"
    return "The game is over"


_DESCRIBE: dict[str, Describer] = {
    "turn": _turn,
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
    "game-over": _over,
    "reshuffle": lambda e, v: f"The discard pile was shuffled into a new deck of {e['cards']}",
    "reveal": lambda e, v: f"Revealed: {_cards(e['cards'])}",
    "cross": lambda e, v: f"The cross passes: {seat_label(e['abbot'], v, capital=False)}"
    f" {'are' if e['abbot'] == v else 'is'} the next Abbot",
    "trade-skipped": lambda e, v: "Too few players hold cards: no trading",
    "trade-open": lambda e, v: f"Trading opens (Study): {seats_label(e['traders'], v)} may trade",
    "trade-done": lambda e, v: f"{seat_label(e['seat'], v)} finished trading",
    "trade-closed": lambda e, v: "Trading is closed",
    "reject": lambda e, v: f"{seat_label(e['seat'], v)} rejected offer {e['number']}",
    "saints-won": lambda e, v: f"{seat_label(e['seat'], v)} won the Saints card {e['card']}",
    "bid-tie": lambda e, v: f"Tie between {seats_label(e['seats'], v)}: they bid again",
    "pick": lambda e, v: f"{seat_label(e['seat'], v)} took {e['card']} (Rules)",
}


def describe_event(event: Event, viewer: int | None) -> str | None:
    """One sentence, or None for events that add nothing for this viewer."""
    return describe_with(_DESCRIBE, event, viewer)
