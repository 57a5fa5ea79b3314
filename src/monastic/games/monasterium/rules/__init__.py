"""The rules of Monasterium, by phase and concern; each module works on ``StateData``.

- ``setup``: a new game (§2);
- ``flow``: applying an action and running the automatic steps up to the next decision (§3);
- ``legal``: the legal actions of the decision a state waits for;
- ``placement``: rolling and placing dice (§3.1); ``turn``: taking dice and using them
  (§3.2-3.3), the end of a turn and of a round; ``tasks``: the pending decisions a use
  leaves (destinations, bonuses, tiles); ``dice``: rolls and new personal dice;
- ``goods``, ``sending`` (§5), ``road`` (§6.4), ``window`` (§7), ``missions`` (§8):
  the effects on the board;
- ``scoring``: final scoring and the result (§9.2); ``consistency``: checks of loaded states.
"""
