"""The ``help`` text of Monastery: a rules summary and the action notation."""

from __future__ import annotations

__all__ = ["HELP"]

HELP = """\
Monastery: build the monastery around the Abbey, score with your monks and
buy the letters of the prayer LIBERA NOS QUAESUMUS AB OMNIBUS MALIS AMEN.

A day has 10 hours; the game lasts 2 days. Prayer hours (Matins 1, Sext 5,
Vespers 8): praying monks return, whoever has the most monks in the Abbey is
Abbot (starts every round), everyone draws 3/2/1 tiles. Study (2, 6, 9) and
Toil (3, 4, 7): everyone takes a step, then everyone scores. Night (10): all
monks go back to the Abbey.

Step: lay one tile (touching the Abbey, a finished tile or a full uc tile,
linked by a path or gateway; no path into a wall; grey never touches brown)
or exchange one; move monks with 2 MP per upright monk (1 MP per tile; an
unfinished tile stops the monk on a box; your secret passage is 1 MP away);
at the end you may put blessings on uc tiles (encourage).
Scoring: S1 your monks on full uc tiles score their boxes; S2 symbols
(Library, Workshop, Stables, Abbot's House, Almonry); S3 one monk prays (V,
Chapel 2V); S4 +1 per finished tile of the round's colour with your monk
(grey: Study, brown: Toil, dual: both; the Abbey in Study; Scriptorium and
Farm more); S5 buy letters (on your track large: 3 at the end; on another
track small: +1 blessing) and monks (to the Abbey) at the column's price;
S6 leftover points become blessings. Full uc tiles are then finished.
Testament: 3 per large letter on your track + blessings - V of tiles in hand.

Places: x,y is a cell (x East, y North; the Abbey is x 0-2, y 0-1), x,y/b
box b (from 0) of a uc tile, A the Abbey. Board cells: row colour + column
(R2); track spaces: colour + space 1-9 (B5). Rotations r0 r90 r180 r270.
  lay PATH_I 1,2 r0     lay a tile from your hand   exchange, return TILE
  move A 1,2/0 c2       move a monk: from, to, cost in MP
  shift 1,3/0>2         to another box, free        encourage 1,3
  end                   finish the step, scoring or Brewhouse choice
  pray 5,5   purchase   pray; or go straight to buying
  buy R2 R1  monk B R   a letter onto a track space; a monk from a cross
  library R2 G10  workshop  stables TILE x,y rN  abbotshouse  almonry
  elect Y  imprison B|none  stand 6,6  keep 6,6/1
'list lay KITCHEN' or 'list 3,1' shows the matching choices."""
