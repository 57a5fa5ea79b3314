"""Choices the rules make never better than another legal choice, left out of the search.

The search's ``search_actions`` hook (``Strategy``) narrows what its tree considers; the
playouts still see every legal action. Goods only ever help their owner: paying one is
always optional (entering a building, an exchange), each one left at the end scores
(``data/rulebook.md``, *Final scoring*: Tool 1, Book 2, the others 1 per 2) and no mission
or rule counts goods against a player. So a good that is offered for nothing beats
declining it (S-36), and a window tile's bonus that gives goods, or an "any action" that may
itself be declined, beats the same tile without a bonus (S-37):

- ``decline`` beside ``bonus tool``/``bonus book`` (a building's reward), ``bonus influence``,
  ``bonus rosary`` (the road's "Influence or Rosary") or ``bonus soup`` (its "Soup or swap").
- ``tile MON ROW none`` beside the same tile with its ``row`` or ``col`` bonus when that
  bonus takes goods or is an "any action" (a row-I tile's row bonus moves the messenger,
  which is not always better, so it does not count).

Declining a window tile, an "any action" or an extra novice's free send is not dominated:
a tile fills a space for good, and an action or a send may be worth more later.
"""

from __future__ import annotations

from typing import Any

from monastic.games.monasterium.actions import (
    BONUS_BOOK,
    BONUS_INFLUENCE,
    BONUS_ROSARY,
    BONUS_SOUP,
    BONUS_TOOL,
    COLUMN_BONUS_CHOICE,
    NO_BONUS_CHOICE,
    ROW_BONUS_CHOICE,
    Bonus,
    Decline,
    Tile,
)
from monastic.games.monasterium.catalogue import COL_BONUS, ROW_BONUS, Effect

__all__ = ["FREE_GOODS", "without_dominated"]

#: Bonus choices that take a good from the supply and pay nothing.
FREE_GOODS = frozenset({BONUS_INFLUENCE, BONUS_ROSARY, BONUS_SOUP, BONUS_TOOL, BONUS_BOOK})


def _never_worse(effect: Effect) -> bool:
    """A window bonus that can only help: goods taken, or an "any action" (declinable)."""
    return effect.kind in ("take", "any")


def without_dominated(state: Any, seat: int, legal: list[Any]) -> list[Any]:
    """``legal`` without the choices above (never empty: a better choice is kept)."""
    out = legal
    if any(isinstance(a, Bonus) and a.choice in FREE_GOODS for a in legal):
        out = [a for a in out if not isinstance(a, Decline)]
    tiles = {a for a in out if isinstance(a, Tile)}
    if tiles:
        window = state.window[seat]
        worse = set()
        for tile in tiles:
            if tile.bonus != NO_BONUS_CHOICE:
                continue
            column = len(window[tile.row])  # a tile goes into the row's leftmost empty space
            row_helps = _never_worse(ROW_BONUS[tile.row])
            col_helps = _never_worse(COL_BONUS[column])
            if (row_helps and Tile(tile.mon, tile.row, ROW_BONUS_CHOICE) in tiles) or (
                col_helps and Tile(tile.mon, tile.row, COLUMN_BONUS_CHOICE) in tiles
            ):
                worse.add(tile)
        if worse:
            out = [a for a in out if a not in worse]
    return out
