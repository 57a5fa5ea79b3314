"""The ``help`` text of Monasterium: a rules summary from the game's data, and the action
notation."""

from __future__ import annotations

import textwrap

from monastic.games.monasterium.catalogue import (
    CHAPEL_SPREAD,
    COL_BONUS,
    COL_VP,
    ROAD_BONUS,
    ROAD_LEN,
    ROW_BONUS,
    ROW_VP,
    YEARS,
)
from monastic.games.monasterium.words import BONUS_NAMES, action_name, effect_name

__all__ = ["HELP"]


def _slot_table() -> list[str]:
    lines = ["Action area: a die of column c uses the standard action or an unlocked slot"]
    lines.append("of column c (a slot unlocks when its novice is sent):")
    for column in range(1, 6):
        lines.append(f"  {column}  std   {action_name(f'std{column}').removeprefix('standard ')}")
        for row in ("I", "II"):
            lines.append(f"     {row:<5} {action_name(f'{row}-{column}').split(' ', 1)[1]}")
    lines.append("  III-1..III-5: window tile from a monastery whose chapel holds your novice")
    lines.append("  IV-c: no action; sending it flips action tile c: +1 VP per die on it then")
    lines.append("  and +1 VP for every die put on that tile later.")
    lines.append("  Rows II and III: each slot once per turn. A 6 (F6) is a joker for any column.")
    return lines


def _road() -> str:
    spaces = [f"{s} {BONUS_NAMES[b]}" for s in range(1, ROAD_LEN + 1) if (b := ROAD_BONUS[s])]
    return "; ".join(spaces)


def _window() -> list[str]:
    rows = "; ".join(
        f"W-{n} {effect_name(b)}, {vp}"
        for n, b, vp in zip(("I", "II", "III"), ROW_BONUS, ROW_VP, strict=True)
    )
    cols = "; ".join(
        f"{c} {effect_name(b)}, {vp}"
        for c, (b, vp) in enumerate(zip(COL_BONUS, COL_VP, strict=True), start=1)
    )
    lines = textwrap.wrap(f"Rows (bonus, VP when full): {rows}", 86)
    lines += textwrap.wrap(f"Columns (bonus, VP when full): {cols}", 86)
    return ["  " + line for line in lines]


def _help_text() -> str:
    """Rules in brief, from the game's data, then how to write each action."""
    spread = ", ".join(f"{n}:{vp}" for n, vp in enumerate(CHAPEL_SPREAD) if n)
    lines = [
        f"MONASTERIUM: {YEARS} years of one round per player. Highest VP wins (ties share).",
        "Round: 1. placement: from the start player on, roll all dice you still hold, may",
        "   re-roll some once per round (re-roll tile), and put ALL dice showing one value v",
        "   on field Fv. 2. actions: take 1-3 dice from one field F1-F5 (your own personal",
        "   dice there first; never another seat's) or one joker from F6 onto any column;",
        "   use each die for one action of its column (you must, if one is possible).",
        "",
        *_slot_table(),
        "",
        "Sending a novice: row I/II -> a free building, 1 Influence + 2 (row I) or 3 (row II)",
        "  of its good (P profane: Soup, W workshop: Tool, C common room: Book);",
        "  row III -> a chapel, 1/2/3 Influence; row IV -> a cloister space next to a",
        "  building of yours, 1/2/3 Rosary; extra novices (when a row is empty) go free.",
        "  Access: your messenger on a road space linked to the monastery, or your novice",
        "  in its chapel. Rewards: P 1 VP + Tool, W 2 VP + Book, C 3 VP + a window tile.",
        f"Road ({ROAD_LEN} spaces, forward only; every space entered gives its bonus):",
        *textwrap.wrap(_road(), 86, initial_indent="  ", subsequent_indent="  "),
        "Window: a tile goes to the leftmost free space of a row; a monastery only once per",
        "  row and column. Take the row's or the column's bonus; full lines score VP.",
        *_window(),
        "Missions: claimed automatically when met; A/B pay by year, C a fixed VP.",
        "Final: per monastery 5 VP to the most novices (ties all); chapel spread by chapels",
        f"  ({spread}); cloister x chapel x 2 per monastery; Tool 1, Book 2,",
        "  (Soup + Influence + Rosary) / 2.",
        "",
        "Actions (type the text or its number):",
        "  place 4               put your rolled 4s on F4",
        "  reroll P4 N1 N1       re-roll these dice (P personal, N neutral)",
        "  take 4x2 / take 6>3   two dice from F4 / the joker from F6 onto column 3",
        "  use std1 I-2          standard send of novice I-2 (then: to RED-B1)",
        "  use I-1 rosary, use II-5 3, use I-3 swap, use std2, use III-1",
        "  tile PUR W-III col    a PUR tile into row W-III, taking the column bonus (row|col|none)",
        "  bonus soup>tool, bonus die, bonus vp, bonus book, keep, decline",
        "Board: B1-B6 buildings (letter = type, digit = seat), K1-K6 the cloister ring (K1 lies",
        "  between B1 and B2 ... K6 between B6 and B1), CH the chapel; ✓ marks your access.",
    ]
    return "\n".join(lines)


#: What a player reads on asking for help.
HELP = _help_text()
