"""Monasterium names and events as sentences for the play log.

Every Monasterium event is public, so each viewer reads the same sentences; only "you"
replaces the viewer's own seat. The wording of actions, goods and places is built from the
game's data tables, so a corrected number in the data shows up here too.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from monastic.cli.render.base import Describer, describe_with, seat_label
from monastic.games.monasterium.catalogue import (
    BUILDING_TYPE,
    DEST_INDEX,
    GOODS,
    MISSION_BY_ID,
    MON_IDS,
    MON_NAMES,
    ROAD_BONUS,
    ROAD_LINKS,
    SLOT_EFFECT,
    SLOT_INDEX,
    STANDARD,
    Effect,
    Mission,
)

__all__ = [
    "BONUS_NAMES",
    "BUILDING_NAMES",
    "action_name",
    "describe_event",
    "effect_name",
    "goods_text",
    "mission_text",
    "place_name",
    "road_space",
]

Event = dict[str, Any]

BUILDING_NAMES = {"P": "profane building", "W": "workshop", "C": "common room"}
BONUS_NAMES = {
    "inf_or_ros": "Influence or Rosary",
    "soup_swap": "Soup or swap",
    "personal_die": "personal die",
    "any_action": "any action",
    "window_any": "window tile",
}
_TASKS = {
    "road": "the road bonus",
    "road_bonus": "the road bonus",
    "any_action": "the any-action bonus",
    "window_tile": "the window tile",
    "extra_send": "the free send of the extra novice",
    "destination": "the send",
    "new_die": "the new personal die",
    "building_good": "the building's good",
}
_AREAS = {"CH": "chapel", "BU": "building", "CL": "cloister", "WS": "workshop", "CR": "common room"}
_CONDITIONS = {
    "personal_dice": "own {n} personal dice",
    "cloister_novices": "{n} novices in cloisters",
    "laps": "complete {n} lap of the road",
    "window_tiles": "{n} window tiles",
    "monasteries_present": "a novice in all {n} monasteries",
}


def goods_text(goods: list[str] | dict[str, int]) -> str:
    """``["soup", "soup", "tool"]`` or ``{"soup": 2, "tool": 1}`` -> ``2 Soup, 1 Tool``."""
    counts = Counter(goods)  # a Counter of a dict keeps its counts
    parts = [f"{counts[g]} {g.capitalize()}" for g in GOODS if counts[g]]
    return ", ".join(parts) or "nothing"


def effect_name(effect: Effect) -> str:
    """An action's effect in a few words: ``take 2 Soup + 1 Tool``, ``send, 1 Influence less``."""
    if effect.kind == "send":
        extra = ""
        if effect.ignore_access:
            extra = " ignoring access"
        elif effect.discount:
            extra = f" paying {effect.discount} Influence less"
        return "send a novice" + extra
    if effect.kind == "choose":
        return "take " + " or ".join(f"1 {GOODS[g].capitalize()}" for g in effect.goods)
    if effect.kind == "take":
        counts = Counter(effect.goods)
        text = "take " + " + ".join(f"{n} {GOODS[g].capitalize()}" for g, n in counts.items())
        if effect.pay >= 0:
            text += f", may swap {GOODS[effect.pay].capitalize()}>{GOODS[effect.get].capitalize()}"
        return text
    if effect.kind == "move":
        span = f"{effect.move_min}-{effect.move_max}" if effect.move_max > effect.move_min else "1"
        return f"move {span} space{'s' if effect.move_max > 1 else ''}"
    if effect.kind == "window":
        return "window tile from a chapel of yours"
    if effect.kind == "flip":
        return "flips the action tile"
    return "any action"


def action_name(source: str) -> str:
    """``std1`` -> ``standard send a novice``; ``II-5`` -> ``II-5 move 1-3 spaces``."""
    if source.startswith("std") and source[3:].isdigit():
        return "standard " + effect_name(STANDARD[int(source[3:]) - 1])
    if source in SLOT_INDEX:
        return f"{source} {effect_name(SLOT_EFFECT[SLOT_INDEX[source]])}"
    return source


def place_name(space: str) -> str:
    """``RED-B4`` -> ``RED-B4 (common room)``; ``PUR-CH`` -> ``PUR-CH (chapel)``."""
    index = DEST_INDEX.get(space)
    if index is None:
        return space
    if index < 30:
        return f"{space} ({BUILDING_NAMES[BUILDING_TYPE[index]]})"
    return f"{space} ({'cloister' if index < 60 else 'chapel'})"


def mission_text(mission: Mission, *, short: bool = False) -> str:
    """What a mission card asks for: ``RED chapel, GRN building, YEL building``."""
    if mission.needs:
        return ", ".join(
            f"{MON_IDS[m]} {a if short else _AREAS.get(a, a)}" for m, a in mission.needs
        )
    return _CONDITIONS.get(mission.condition, mission.condition).format(n=mission.count)


def road_space(space: int) -> str:
    """``6 (GRN, personal die)``."""
    links = [MON_IDS[m] for m in ROAD_LINKS[space]]
    bonus = ROAD_BONUS[space]
    what = links + ([BONUS_NAMES.get(bonus, bonus)] if bonus else [])
    return f"{space} ({', '.join(what)})" if what else str(space)


def _who(e: Event, v: int | None) -> str:
    return seat_label(e.get("seat"), v)


def _dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def _roll(e: Event, v: int | None) -> str:
    parts = []
    if e["personal"]:
        parts.append("personal " + " ".join(map(str, e["personal"])))
    if e["neutral"]:
        parts.append("neutral " + " ".join(map(str, e["neutral"])))
    return f"{_who(e, v)} rolled {'; '.join(parts) or 'nothing'}"


def _reroll(e: Event, v: int | None) -> str:
    if "face" in e:
        return f"{_who(e, v)} re-rolled the new personal die: {e['face']}"
    return f"{_who(e, v)} used the re-roll tile, which rolled {_roll(e, v).split(' rolled ', 1)[1]}"


def _place(e: Event, v: int | None) -> str:
    count = e["personal"] + e["neutral"]
    if not e["neutral"]:
        dice = "the personal die" if count == 1 else f"{count} personal dice"
        return f"{_who(e, v)} put {dice} showing {e['value']} on F{e['value']}"
    mine = f" ({e['personal']} personal)" if e["personal"] else ""
    return f"{_who(e, v)} put {_dice(count)} showing {e['value']} on F{e['value']}{mine}"


def _take(e: Event, v: int | None) -> str:
    field, column = e["field"], e["column"]
    if field == 6:
        text = f"{_who(e, v)} took a joker 6 for column {column}"
    else:
        own = f" ({e['personal']} personal)" if e["personal"] else ""
        text = f"{_who(e, v)} took {_dice(e['count'])} from F{field}{own}"
    return text + (f": +{e['vp']} VP (flipped tile)" if e.get("vp") else "")


def _use(e: Event, v: int | None) -> str:
    words = str(e["action"]).split(" ")
    source = words[1] if len(words) > 1 else words[0]
    arg = " ".join(words[2:])
    what = action_name(source).removeprefix("standard ").removeprefix(source).strip()
    text = f"{_who(e, v)} used {source} ({what})"
    if arg in SLOT_INDEX or arg.startswith("X-"):
        return f"{text} for novice {arg}"
    if arg.isdigit():
        return f"{text}: {arg} space{'s' if arg != '1' else ''}"
    if arg == "swap":
        return f"{text} and the swap"
    return f"{text}: {arg}" if arg else text


def _send(e: Event, v: int | None) -> str:
    novice = e["novice"]
    who = "extra novice" if novice.startswith("X-") else "novice"
    paid = f"paying {goods_text(e['paid'])}" if e.get("paid") else "free"
    text = f"{_who(e, v)} sent {who} {novice} to {place_name(e['to'])}, {paid}"
    return text + (f": +{e['vp']} VP" if e.get("vp") else "")


def _mission(e: Event, v: int | None) -> str:
    card = MISSION_BY_ID.get(e["mission"])
    name = f"{e['mission']} {card.name}" if card else e["mission"]
    return f"{_who(e, v)} fulfilled mission {name}: +{e['vp']} VP"


def _final(e: Event, v: int | None) -> str:
    scores = ", ".join(f"{seat_label(p, v)} {s}" for p, s in enumerate(e["scores"]))
    return f"Final scoring done: {scores}"


def _tile(e: Event, v: int | None) -> str:
    mon = e["mon"]
    name = MON_NAMES[MON_IDS.index(mon)] if mon in MON_IDS else mon
    row = ("W-I", "W-II", "W-III")[e["row"] - 1]
    return f"{_who(e, v)} placed a {mon} ({name}) window tile in {row}, column {e['col']}"


_DESCRIBE: dict[str, Describer] = {
    "roll": _roll,
    "reroll": _reroll,
    "place": _place,
    "take": _take,
    "use": _use,
    "send": _send,
    "mission": _mission,
    "final": _final,
    "tile": _tile,
    "gain": lambda e, v: f"{_who(e, v)} took {goods_text(e['goods'])}"
    + ("" if e["goods"] else " (the supply is out)"),
    "exchange": lambda e, v: f"{_who(e, v)} paid 1 {e['paid'].capitalize()}"
    f" for 1 {e['got'].capitalize()}",
    "flip": lambda e, v: f"{_who(e, v)} flipped action tile {e['column']}"
    + (f": +{e['vp']} VP for dice on it" if e.get("vp") else ""),
    "extra_available": lambda e, v: f"{_who(e, v)} emptied row"
    f" {('I', 'II', 'III', 'IV')[e['row'] - 1]}: extra novice"
    f" X-{('I', 'II', 'III', 'IV')[e['row'] - 1]} is available",
    "move": lambda e, v: f"{_who(e, v)} moved the messenger {e['steps']}"
    f" space{'s' if e['steps'] != 1 else ''} to {road_space(e['to'])}",
    "window_row": lambda e, v: f"{_who(e, v)} completed window row"
    f" W-{('I', 'II', 'III')[e['row'] - 1]}: +{e['vp']} VP",
    "window_col": lambda e, v: f"{_who(e, v)} completed window column {e['col']}: +{e['vp']} VP",
    "vp": lambda e, v: f"{_who(e, v)} scored {e['vp']} VP (personal-die space)",
    "gain_die": lambda e, v: f"{_who(e, v)} gained a personal die and rolled {e['face']}",
    "die_placed": lambda e, v: f"{_who(e, v)} put the new personal die on F{e['field']}",
    "decline": lambda e, v: f"{_who(e, v)} declined {_TASKS.get(e.get('task', ''), 'it')}",
    "lapse": lambda e, v: f"{_who(e, v)}: {_TASKS.get(e['task'], e['task'])} lapses"
    " (nothing can be done)",
    "forfeit": lambda e, v: f"{_who(e, v)} forfeited a die of column {e['column']}"
    " (no action possible)",
    "round_end": lambda e, v: f"── Round {e['round']} is over: the dice go back to their owners ──",
}


def describe_event(event: Event, viewer: int | None) -> str | None:
    """One sentence for any Monasterium event."""
    return describe_with(_DESCRIBE, event, viewer)
