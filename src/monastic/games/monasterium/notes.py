"""Monasterium's choice notes: what each choice does at once to your goods and points.

Each legal action is tried on a copy of the game; the note lists the change to the seat's
own goods, points and messenger (``costs 2 tool, +3 VP``, ``+1 soup``). A choice whose trial
rolls dice (it would use chance) gets no note, so a note never foretells a roll; and since
everything else in Monasterium is open, the notes tell nothing a seat may not know. Choices
that change nothing at once (placing dice, taking dice) get no note.
"""

from __future__ import annotations

from typing import Any

__all__ = ["choice_notes", "effect_text"]

_GOODS = ("influence", "soup", "rosary", "tool", "book")


def effect_text(before: dict[str, Any], after: dict[str, Any]) -> str:
    """The change from one public player entry to another, in a few words."""
    costs: list[str] = []
    gains: list[str] = []
    goods_before, goods_after = before.get("goods", {}), after.get("goods", {})
    for good in _GOODS:
        change = int(goods_after.get(good, 0)) - int(goods_before.get(good, 0))
        if change < 0:
            costs.append(f"{-change} {good}")
        elif change > 0:
            gains.append(f"+{change} {good}")
    points = int(after.get("vp", 0)) - int(before.get("vp", 0))
    if points:
        gains.append(f"{points:+d} VP")
    steps = int(after.get("messenger", 0)) - int(before.get("messenger", 0))
    if steps > 0:
        gains.append(f"messenger +{steps}")
    words = ([f"costs {', '.join(costs)}"] if costs else []) + gains
    return ", ".join(words)


def choice_notes(st: Any, seat: int) -> dict[str, str]:
    """Notes for ``seat``'s choices now (``State.choice_notes``)."""
    if st.is_over() or seat not in st.to_act():
        return {}
    before = st.public_players()[seat]
    notes: dict[str, str] = {}
    for action in st.legal_actions(seat):
        trial = st.clone()
        drawn = trial.rng.state
        trial.apply_quiet(seat, action)
        if trial.rng.state != drawn:
            continue
        text = effect_text(before, trial.public_players()[seat])
        if text:
            notes[str(action)] = text
    return notes
