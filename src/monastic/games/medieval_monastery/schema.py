"""The saved state's schema: every field's type, range and length, one model per player
count (``docs/medieval-monastery/json.md``, "The saved state").

``checked_fields`` reads a saved state (``StateData.to_dict`` output, after any upgrade)
through it, so a load either gets fields of the right shape or a ``BadSaveFile`` naming the
field. What spans several fields (every card exactly once, known cards in their hands, the
decision waited for) is checked next by ``rules/consistency.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from monastic.engine.jsonio import excerpt
from monastic.engine.rng import SEED_LIMIT
from monastic.engine.validation import (
    FLAG,
    fixed,
    items,
    nullable,
    one_of,
    problem,
    schema,
    validate,
    whole,
)
from monastic.games.medieval_monastery.actions import ASKS, MAX_OFFER_NUMBER
from monastic.games.medieval_monastery.catalogue import DECK_SIZE, SUIT_COUNT, TABLE
from monastic.games.medieval_monastery.state import (
    ACCEPTED,
    MAX_TURNS,
    NO_CARD,
    NO_SEAT,
    REJECTED,
    STEPS,
)

__all__ = ["MAX_SCORE", "SCHEMAS", "checked_fields"]

#: A bound far above any game's suit score (random and bot games stay under 150): it only
#: keeps absurd numbers out.
MAX_SCORE = 9999


def _schema(n: int) -> type[BaseModel]:
    """The saved state of an ``n``-player game."""
    seat = whole(0, n - 1)
    card = whole(0, DECK_SIZE - 1)
    cards = items(card, at_most=DECK_SIZE)
    number = whole(1, MAX_OFFER_NUMBER)
    ask = one_of(*ASKS)
    return schema(
        f"MedievalMonasterySave{n}",
        players=whole(n, n),
        turns=whole(1, MAX_TURNS),
        turn=whole(1, MAX_TURNS),
        abbot=seat,
        step=one_of(*STEPS),
        actor=seat,
        seats_done=whole(0, n),
        deck=cards,
        discard=cards,
        hands=items(cards, n),
        suit_scores=items(items(whole(0, MAX_SCORE), SUIT_COUNT), n),
        known_cards=items(items(cards, n), n),
        rng=whole(0, SEED_LIMIT - 1),
        centre=items(card, at_most=TABLE.max_players),
        queue=items(seat, at_most=n),
        choices=items(whole(NO_CARD, DECK_SIZE - 1), n),
        offers_answered=items(whole(0, TABLE.offers_per_trader), at_most=n),
        done_trading=items(FLAG, at_most=n),
        trader=seat,
        pending_offer=nullable(fixed(number, seat, seat, card, ask)),
        offer_number=whole(0, MAX_OFFER_NUMBER),
        trade_log=items(
            fixed(number, seat, seat, card, ask, one_of(ACCEPTED, REJECTED)),
            at_most=n * TABLE.offers_per_trader,
        ),
        flush_winner=whole(NO_SEAT, n - 1),
    )


#: One schema per player count, built once.
SCHEMAS: Mapping[int, type[BaseModel]] = MappingProxyType(
    {n: _schema(n) for n in range(TABLE.min_players, TABLE.max_players + 1)}
)


def checked_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The saved fields, each of the right type, range and length; raises ``BadSaveFile``
    naming the first field that is not."""
    if not isinstance(data, Mapping):
        raise problem((), f"must be an object, not {excerpt(data)}")
    if "players" not in data:
        raise problem(("players",), "is missing")
    players = data["players"]
    if type(players) is not int or players not in SCHEMAS:
        raise problem(
            ("players",),
            f"must be {TABLE.min_players} to {TABLE.max_players}, not {excerpt(players)}",
        )
    checked = validate(SCHEMAS[players], data)
    for viewer, row in enumerate(checked["known_cards"]):
        for holder, known in enumerate(row):
            for index in range(1, len(known)):
                if known[index] <= known[index - 1]:  # a set, saved in one order
                    raise problem(
                        ("known_cards", viewer, holder, index),
                        "known cards are listed once each, ascending",
                    )
    return checked
