"""The arena: bots played against bots, seat-rotated (``rotated``) or in paired deals
(``paired``), with win rates, paired score differences and Elo, all with intervals.

It plays its games through the lab's runner (in-process, a process pool or Ray), so it
stands above both the bots and the lab; the command is ``monastic arena``.
"""
