"""The rules of Monastery, one module per phase or concern, over ``state.StateData``.

``setup`` (a new game), ``legal`` (who acts, what is legal, why not), ``rounds`` (applying a
decision and the hour-disc), ``step`` (laying and movement), ``scoring`` (S1-S6),
``brewhouse``, ``election`` (the Abbot and the Prison Cell), ``end`` (E2, the Testament, the
result), ``hidden`` (what a seat cannot know, determinization), ``geometry`` (cells,
placement, groups, the movement graph) and ``common`` (what they all share).
"""
