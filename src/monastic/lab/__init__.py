"""The lab: many bot games through one runner, stored as they finish, and what they show.

- ``runner``: in-process, process-pool and Ray backends that give the same results.
- ``games``: one bot game from a task (what the arena and the lab both run).
- ``facts``, ``effects``: what a finished game says (length, how it ended, action kinds,
  the games' own figures), read from its record, result and views only.
- ``store``: the SQLite results file, one row per game and per seat; runs resume.
- ``balance``, ``balance_report``: the balance report (HTML and Markdown, matplotlib plots).
- ``analysis``, ``analysis_report``: post-game analysis of every decision by the search.

Plotting needs matplotlib and Ray needs ray: both are in the extra ``monastic[lab]``.
"""
