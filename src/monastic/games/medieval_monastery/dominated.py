"""Choices the rules make never better than another legal choice, left out of the search.

The search's ``search_actions`` hook (``Strategy``) narrows what its tree considers; the
playouts still see every legal action. Three cases of the Cenobitic phase, from the rulebook
(``data/rulebook.md``, *Cenobitic phase* and *Salvation phase*):

- **A 9-card flush wins at once** (C-16): with one in hand, every other choice is worse.
- **``done`` while a combo can be declared.** A combo's cards leave the hand and score at
  once (C-15); the cards still in hand when the declarer says ``done`` are all discarded at
  Salvation, unscored. Points are only ever added to suit scores, and the final score is the
  lowest suit, so declaring one more combo never lowers a score or a rank. Every combo that
  draws cards (a 6-card flush or longer, a 7-card straight or longer) contains a smaller one
  that draws none (two of its cards of one suit, three consecutive ranks), so whenever
  ``done`` is legal beside a combo, one of them changes nothing but the declarer's points
  and the moment its cards reach the discard pile (face up either way).
- **The same cards declared as a type that scores less.** ``P1 P2 P3`` is 9 in Prayer as a
  flush and 3 as a straight (C-14): the cards leave the hand either way, so a type whose
  points are no higher in any suit (and lower in one) with as many draws is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monastic.games.medieval_monastery.actions import Combo, Done
from monastic.games.medieval_monastery.rules.combos import (
    combo_draws,
    combo_points,
    is_winning_flush,
)

__all__ = ["dominated_combos", "without_dominated"]


def without_dominated(state: Any, seat: int, legal: list[Any]) -> list[Any]:
    """``legal`` without the choices above (never empty: what is left over is a combo)."""
    combos = [a for a in legal if isinstance(a, Combo)]
    if not combos:
        return legal
    winning = [c for c in combos if is_winning_flush(c.kind, c.cards)]
    if winning:
        return winning
    worse = dominated_combos(combos)
    return [a for a in legal if not isinstance(a, Done) and a not in worse]


def dominated_combos(combos: Sequence[Combo]) -> set[Combo]:
    """The combos another combo of the same cards beats: as many draws, no fewer points
    in any suit and more in one."""
    by_cards: dict[tuple[int, ...], list[Combo]] = {}
    for combo in combos:
        by_cards.setdefault(tuple(sorted(combo.cards)), []).append(combo)
    worse: set[Combo] = set()
    for group in by_cards.values():
        if len(group) < 2:
            continue
        rated = [
            (c, combo_points(c.kind, c.cards), combo_draws(c.kind, len(c.cards))) for c in group
        ]
        for combo, points, draws in rated:
            for other, other_points, other_draws in rated:
                if (
                    other is not combo
                    and other_draws == draws
                    and all(o >= p for o, p in zip(other_points, points, strict=True))
                    and other_points != points
                ):
                    worse.add(combo)
                    break
    return worse
