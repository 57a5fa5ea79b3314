"""Monasterium's action space (2 to 4 players).

One token each: ``place`` (value 1..6), ``keep``, ``take`` (field 1..5 x count 1..3, then the
joker's column 1..5), ``use`` (source x argument, as the game's table of uses), ``to`` (a
destination), ``tile`` (monastery x window row x bonus), ``bonus``, ``decline``. A re-roll is
the head ``reroll`` (the multiset of personal faces, at most the catalogue's personal dice)
followed by one ``reroll_neutral`` token (the multiset of neutral faces, at most the neutral
dice of this player count).
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations_with_replacement

from monastic.games.monasterium.actions import (
    BONUS_CHOICES,
    TILE_BONUS,
    USES,
    WINDOW_ROWS,
    Bonus,
    Decline,
    Keep,
    Place,
    Reroll,
    Take,
    Tile,
    To,
    Use,
)
from monastic.games.monasterium.catalogue import (
    DEST_NAMES,
    MON_IDS,
    PERSONAL_MAX,
    PLAYER_SETUP,
)
from monastic.rl.codec import ActionCodec, Block, Layout, Tokens

__all__ = ["MonasteriumCodec", "multisets"]

_FACES = range(1, 7)
_FIELDS, _COUNTS, _COLUMNS = 5, 3, 5
_ARGS = len(USES[0])


def multisets(most: int) -> tuple[tuple[int, ...], ...]:
    """Every sorted tuple of die faces of length 0..most, shortest first."""
    return tuple(
        faces for n in range(most + 1) for faces in combinations_with_replacement(_FACES, n)
    )


class MonasteriumCodec(ActionCodec):
    game_id = "monasterium"

    def __init__(self, players: int) -> None:
        self._personal = multisets(PERSONAL_MAX)
        self._neutral = multisets(PLAYER_SETUP[players].neutral)
        self._personal_at = {f: i for i, f in enumerate(self._personal)}
        self._neutral_at = {f: i for i, f in enumerate(self._neutral)}
        lay = Layout()
        lay.add("wait", 1)
        self.place = lay.add("place", len(_FACES))
        self.reroll = lay.add("reroll", len(self._personal))
        self.reroll_neutral = lay.add("reroll_neutral", len(self._neutral))
        self.keep = lay.add("keep", 1)
        self.take = lay.add("take", _FIELDS * _COUNTS + _COLUMNS)
        self.use = lay.add("use", len(USES) * _ARGS)
        self.to = lay.add("to", len(DEST_NAMES))
        self.tile = lay.add("tile", len(MON_IDS) * len(WINDOW_ROWS) * len(TILE_BONUS))
        self.bonus = lay.add("bonus", len(BONUS_CHOICES))
        self.decline = lay.add("decline", 1)
        super().__init__(players, lay, (self.reroll_neutral,))

    def stages(self, head: int) -> tuple[Block, ...]:
        reroll = self.reroll
        if reroll.start <= head < reroll.start + reroll.size:
            return (self.reroll_neutral,)
        return ()

    def encode(self, action: Hashable) -> Tokens:
        if isinstance(action, Use):
            return (self.use.at(action.src * _ARGS + action.arg),)
        if isinstance(action, To):
            return (self.to.at(action.dest),)
        if isinstance(action, Take):
            if action.field == _FIELDS + 1:
                return (self.take.at(_FIELDS * _COUNTS + action.column - 1),)
            return (self.take.at((action.field - 1) * _COUNTS + action.count - 1),)
        if isinstance(action, Place):
            return (self.place.at(action.value - 1),)
        if isinstance(action, Reroll):
            personal = self._personal_at.get(action.personal)
            neutral = self._neutral_at.get(action.neutral)
            if personal is None or neutral is None:
                raise ValueError(f"{action}: more dice than this player count rolls")
            return (self.reroll.at(personal), self.reroll_neutral.at(neutral))
        if isinstance(action, Tile):
            rows, bonuses = len(WINDOW_ROWS), len(TILE_BONUS)
            return (self.tile.at((action.mon * rows + action.row) * bonuses + action.bonus),)
        if isinstance(action, Bonus):
            return (self.bonus.at(action.choice),)
        if isinstance(action, Keep):
            return (self.keep.start,)
        if isinstance(action, Decline):
            return (self.decline.start,)
        raise ValueError(f"{action!r} is not a {self.game_id} action")
