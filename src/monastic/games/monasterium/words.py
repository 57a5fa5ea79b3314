"""Monasterium in words: the names of its components, its phases and decisions, and every
event as one sentence for a viewer.

Every Monasterium event is public, so each viewer reads the same sentences; only "you"
replaces the viewer's own seat. The wording of actions, goods and places is built from the
game's data tables, so a corrected number in the data shows up here too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from monastic.engine import GAME_OVER, ROUND
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
    YEARS,
    Effect,
    Mission,
)

Event = dict[str, Any]

BUILDING_NAMES = {"P": "profane building", "W": "workshop", "C": "common room"}
BONUS_NAMES = {
    "inf_or_ros": "Influence or Rosary",
    "soup_swap": "Soup or swap",
    "personal_die": "personal die",
    "any_action": "any action",
    "window_any": "window tile",
}
#: What a die on each field F1..F6 does: the standard action of its column; F6 a joker.
FIELD_NAMES = ("send", "Soup", "Rosary", "Influence", "move", "joker")
#: Each road bonus in a letter or two (for drawing the road), and the legend of the codes.
ROAD_BONUS_CODES = {
    "inf_or_ros": "IR",
    "soup_swap": "SS",
    "personal_die": "D",
    "any_action": "A",
    "window_any": "W",
}
ROAD_BONUS_LEGEND = (
    "IR Influence/Rosary · SS Soup or swap · D personal die · A any action · W window tile"
)
#: Building kinds in a word, where space is short.
SHORT_PLACE_KINDS = {"profane building": "profane", "common room": "common rm"}
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


def seat_name(seat: Any, viewer: int | None, *, capital: bool = True) -> str:
    """``Seat 2``, or ``You``/``you`` when the seat is the viewer's."""
    if viewer is not None and seat == viewer:
        return "You" if capital else "you"
    return f"Seat {seat}" if capital else f"seat {seat}"


def _who(e: Event, v: int | None) -> str:
    return seat_name(e.get("seat"), v)


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


def _game_over(e: Event, v: int | None) -> str:
    scores = ", ".join(f"{seat_name(p, v)} {s:g}" for p, s in enumerate(e["scores"]))
    winners = [seat_name(p, v) for p in e["winners"]]
    won = winners[0] if len(winners) == 1 else " and ".join(winners) + " share the victory"
    verb = "" if len(winners) > 1 else (" win" if winners[0] == "You" else " wins")
    return f"Final scoring done: {scores}. {won}{verb}"


def _tile(e: Event, v: int | None) -> str:
    mon = e["mon"]
    name = MON_NAMES[MON_IDS.index(mon)] if mon in MON_IDS else mon
    row = ("W-I", "W-II", "W-III")[e["row"] - 1]
    return f"{_who(e, v)} placed a {mon} ({name}) window tile in {row}, column {e['col']}"


#: Each event kind in words, for a viewer (None: a spectator).
DESCRIBE: dict[str, Callable[[Event, int | None], str]] = {
    "roll": _roll,
    "reroll": _reroll,
    "place": _place,
    "take": _take,
    "use": _use,
    "send": _send,
    "mission": _mission,
    GAME_OVER: _game_over,
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
    ROUND: lambda e, v: f"── Round {e['round']} (year {e['year']}) begins:"
    " the dice are back with their owners ──",
}


def describe(event: Mapping[str, Any], viewer: int | None) -> str:
    """One line of plain English for an event as ``viewer`` (a seat or None) sees it."""
    e = dict(event)
    kind = str(e.get("kind"))
    words = DESCRIBE.get(kind)
    if words is None:  # a kind this module does not know yet: its name, in words
        return f"{_who(e, viewer)}: {kind.replace('_', ' ')}"
    return words(e, viewer)


# Phases and decisions --------------------------------------------------------------------

#: Each phase (``state.PHASES``) in a word or two.
PHASE_NAMES = {"place": "Dice placement", "act": "Actions", "over": "Game over"}


def phase_text(phase: str, round_: int, year: int, players: int) -> str:
    """``Year 2/3, round 4/9: Dice placement``, or ``Game over``."""
    if phase == "over":
        return PHASE_NAMES[phase]
    return f"Year {year}/{YEARS}, round {round_}/{YEARS * players}: {PHASE_NAMES[phase]}"


#: Each pending decision as what the seat to act is doing: "{who} to place dice".
_WAITING = {
    "place": "{who} to place dice",
    "take": "{who} to take dice from a field",
    "destination": "{who} to choose where the novice goes",
    "road_bonus": "{who} to take a road bonus",
    "road": "{who} to take a road bonus",
    "any_action": "{who} to choose an action (any-action bonus, no die)",
    "window_tile": "{who} to place a window tile",
    "extra_send": "{who} may send the extra novice for free",
    "new_die": "{who} may re-roll the new personal die",
    "building_good": "{who} to take the building's good",
    "over": "The game is over",
}

#: Each pending decision as a question to the seat that must answer it.
_PROMPTS = {
    "place": "Choose a value: all your rolled dice showing it go onto its field",
    "take": "Take 1-3 dice from one field F1-F5, or a joker from F6 onto a column",
    "destination": "Where does the novice go?",
    "road_bonus": "Take the road bonus (or decline it)",
    "road": "Take the road bonus (or decline it)",
    "any_action": "Choose any action (the any-action bonus, no die), or decline",
    "window_tile": "Place a window tile",
    "extra_send": "Send the extra novice for free, or decline",
    "new_die": "Re-roll the new personal die, or keep it",
    "building_good": "Take the building's good, or decline it",
}


def _column(decision: str) -> str | None:
    """The column of a ``die_column_<c>`` decision, else None."""
    head, _, column = decision.rpartition("_")
    return column if head == "die_column" else None


def waiting_text(decision: str, who: str, dice_left: int) -> str:
    """The pending decision as what ``who`` (``You``, ``Seat 2``) is doing now."""
    column = _column(decision)
    if column is not None:
        return f"{who} to use a die of column {column} ({dice_left} on the action tile)"
    return _WAITING.get(decision, "{who} to decide").format(who=who)


def prompt(decision: str, dice_left: int, can_reroll: bool) -> str:
    """The pending decision as a question to the seat that decides."""
    column = _column(decision)
    if column is not None:
        return f"Use a die of column {column} for one of its actions ({dice_left} on the tile)"
    if decision == "place" and can_reroll:
        return _PROMPTS["place"] + ", or re-roll some of them (once this round)"
    return _PROMPTS.get(decision, "Choose one of the legal actions")
