"""Medieval Monastery's choice notes: the points of each combo, and of each Prayer discard.

A combo's note gives the points it adds per suit (``+9 P``, ``+3 P W Z``), what it does to
your lowest suit (the score that counts) when it raises it, the cards it lets you draw, or
that it wins the game at once. A discard's note gives the best single combo the hand keeps
after it (``keeps flush +9 P``), so a pair that breaks your best combo shows it, and says
``loses none`` when neither card is in any combo.
Only the seat's own hand and the public scores are read.
"""

from __future__ import annotations

from typing import Any

from monastic.games.medieval_monastery.actions import Combo, Discard
from monastic.games.medieval_monastery.catalogue import SUIT_LETTERS, card_mask
from monastic.games.medieval_monastery.rules.combo_listing import combo_pairs
from monastic.games.medieval_monastery.rules.combos import (
    combo_draws,
    combo_points,
    is_winning_flush,
)
from monastic.games.medieval_monastery.state import COMBO, DISCARD

__all__ = ["choice_notes", "combo_name", "combo_note", "points_text"]


def points_text(points: list[int]) -> str:
    """``+9 P``, ``+3 P W``, ``+8 every suit``: equal points per suit are grouped."""
    by_value: dict[int, list[str]] = {}
    for letter, value in zip(SUIT_LETTERS, points, strict=True):
        if value:
            by_value.setdefault(value, []).append(letter)
    parts = []
    for value, letters in sorted(by_value.items(), reverse=True):
        where = "every suit" if len(letters) == len(SUIT_LETTERS) else " ".join(letters)
        parts.append(f"+{value} {where}")
    return ", ".join(parts) or "no points"


def combo_name(combo: Combo) -> str:
    """``flush``, ``2 of a kind``, ``straight``, ``one of each suit``: its type, shortly."""
    if combo.kind == "kind":
        return f"{len(combo.cards)} of a kind"
    if combo.kind == "suits":
        return "one of each suit"
    return combo.kind


def combo_note(combo: Combo, scores: list[int]) -> str:
    """A combo's value for a seat with these suit scores."""
    if is_winning_flush(combo.kind, combo.cards):
        return "wins the game at once"
    points = combo_points(combo.kind, combo.cards)
    note = points_text(points)
    low = min(scores)
    after = min(s + p for s, p in zip(scores, points, strict=True))
    if after > low:
        note += f"; lowest {low}→{after}"
    draws = combo_draws(combo.kind, len(combo.cards))
    if draws:
        note += f"; then draw {draws}"
    return note


def _discard_notes(hand: list[int], discards: list[Discard]) -> dict[str, str]:
    pairs = combo_pairs(card_mask(hand))
    ranked = sorted(
        pairs, key=lambda pair: -sum(combo_points(pair[0].kind, pair[0].cards))
    )  # the best combos first: a discard keeps the first that avoids its cards
    in_combos = 0
    for _, mask in pairs:
        in_combos |= mask
    notes: dict[str, str] = {}
    for discard in discards:
        gone = card_mask(discard.cards)
        kept = next((combo for combo, mask in ranked if not mask & gone), None)
        note = "keeps no combo" if kept is None else f"keeps {combo_name(kept)} {_value(kept)}"
        if not gone & in_combos:
            note += "; loses none"
        notes[str(discard)] = note
    return notes


def _value(combo: Combo) -> str:
    return points_text(combo_points(combo.kind, combo.cards))


def choice_notes(st: Any, seat: int) -> dict[str, str]:
    """Notes for ``seat``'s choices now (``State.choice_notes``)."""
    if st.is_over() or seat not in st.to_act():
        return {}
    actions = st.legal_actions(seat)
    if st.step == COMBO:
        scores = list(st.suit_scores[seat])
        return {str(a): combo_note(a, scores) for a in actions if isinstance(a, Combo)}
    if st.step == DISCARD:
        discards = [a for a in actions if isinstance(a, Discard)]
        return _discard_notes(list(st.hands[seat]), discards)
    return {}
