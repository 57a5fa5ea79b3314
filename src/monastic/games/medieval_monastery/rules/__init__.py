"""The rules of Medieval Monastery, by phase and concern.

``setup`` starts a game; ``turn`` runs the phases of a turn; ``eremitical``, ``study`` and
``cenobitic`` are what the decisions of each phase do; ``hands`` moves cards and keeps what
each seat knows; ``combos`` and ``combo_listing`` are the combo table and every combo of a
hand; ``scoring`` ends the game; ``legal`` lists and checks actions; ``apply`` hands each
action to its rule; ``sampling`` builds the worlds a seat cannot tell apart.
"""
