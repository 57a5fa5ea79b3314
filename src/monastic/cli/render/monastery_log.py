"""Monastery events as sentences for the play log, as one seat may see them."""

from __future__ import annotations

from typing import Any

from monastic.cli.render.base import Describer, describe_with, seat_label, seats_label
from monastic.games.monastery.actions import (
    ABBEY_XY,
    BuyLetter,
    BuyMonk,
    Keep,
    Library,
    Move,
    Shift,
    parse_action,
)
from monastic.games.monastery.catalogue import COLOUR_LETTERS, COLOUR_NAMES, TYPE_BY_ID

__all__ = ["HOUR_NAMES", "colour_of_letter", "describe_event", "round_kind", "tile_name"]

Event = dict[str, Any]

HOUR_NAMES = {1: "Matins", 5: "Sext", 8: "Vespers", 10: "Night"}
_KINDS = {1: "prayer", 5: "prayer", 8: "prayer", 10: "night", 2: "study", 6: "study", 9: "study"}


def round_kind(hour: int) -> str:
    """``study``, ``toil``, ``prayer`` or ``night`` for an hour 1-10."""
    return _KINDS.get(hour, "toil")


def tile_name(tile_id: str) -> str:
    """``PATH_T`` -> ``Path (T-junction)``; unknown ids are shown as they are."""
    tile = TYPE_BY_ID.get(tile_id)
    return tile.name if tile else tile_id


def colour_of_letter(letter: str) -> str:
    """``B`` -> ``Blue``."""
    index = COLOUR_LETTERS.find(letter)
    return COLOUR_NAMES[index].capitalize() if index >= 0 else letter


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _place(x: int, y: int, box: int = -1) -> str:
    if (x, y) == ABBEY_XY:
        return "the Abbey"
    return f"{x},{y}" + (f" box {box}" if box >= 0 else "")


def _round(e: Event, v: int | None) -> str:
    hour = int(e["hour"])
    day = (int(e["round"]) - 1) // 10 + 1
    name = HOUR_NAMES.get(hour)
    kind = round_kind(hour)
    what = f"{name} ({kind})" if name and kind != "night" else name or f"{kind.capitalize()} round"
    abbot = seat_label(e["abbot"], v)
    return (
        f"── Day {day}, hour {hour}: {what} ── {abbot} {'are' if e['abbot'] == v else 'is'} Abbot"
    )


def _draw(e: Event, v: int | None) -> str:
    if "tile" in e:
        return f"{seat_label(e['seat'], v)} drew {tile_name(e['tile'])} ({e['tile']})"
    return f"{seat_label(e['seat'], v)} drew a tile"


def _return(e: Event, v: int | None) -> str:
    what = f"{tile_name(e['tile'])} ({e['tile']})" if "tile" in e else "a tile"
    return f"{seat_label(e['seat'], v)} put {what} back into the bag"


def _lay(e: Event, v: int | None) -> str:
    who, where = seat_label(e["seat"], v), f"{e['x']},{e['y']}"
    if "tile" in e:
        return f"{who} laid {tile_name(e['tile'])} at {where} r{e['rot']}"
    boxes = "/".join(str(b) for b in e.get("boxes", []))
    return (
        f"{who} laid a hidden {e.get('colour', '')} {e.get('category', 'tile')} at {where}"
        f" (boxes {boxes}, edges {e.get('edges', '?')})"
    )


def _move(e: Event, v: int | None) -> str:
    who = seat_label(e["seat"], v)
    try:
        move = parse_action(str(e["action"]))
    except ValueError:
        return f"{who}: {e['action']}"
    if isinstance(move, Move):
        return (
            f"{who} moved a monk from {_place(move.sx, move.sy, move.sbox)} to"
            f" {_place(move.dx, move.dy, move.dbox)} ({move.cost} MP)"
        )
    return f"{who}: {e['action']}"


def _shift(e: Event, v: int | None) -> str:
    who = seat_label(e["seat"], v)
    shift = parse_action(str(e["action"]))
    if isinstance(shift, Shift):
        return f"{who} shifted a monk on {shift.x},{shift.y} from box {shift.a} to box {shift.b}"
    return f"{who}: {e['action']}"


def _scored(entries: list[Any]) -> str:
    """``Kitchen at 1,3: 4, the Abbey: 1``."""
    parts = []
    for place, points, name in entries:
        where = "the Abbey" if place == "A" else f"{name} at {place}"
        parts.append(f"{where}: {points}")
    return ", ".join(parts)


def _build(e: Event, v: int | None) -> str | None:
    tiles = e.get("tiles") or []
    if not tiles:
        return None  # the toil sentence that follows gives the points
    # A building others may not know yet is named by its place only.
    entries = [(t[0], t[1], t[2] if len(t) > 2 and t[2] else "a hidden building") for t in tiles]
    total = f" = {e['points']}" if len(entries) > 1 else ""
    return f"{_scores(e, v)}: building {_scored(entries)}{total}"


def _scores(e: Event, v: int | None) -> str:
    """``Seat 1 scores``: each part of a scoring starts alike, so they read as one."""
    return f"{seat_label(e['seat'], v)} {'score' if e['seat'] == v else 'scores'}"


def _toil(e: Event, v: int | None) -> str:
    tiles = e.get("tiles") or []
    if not tiles and not e["total"]:
        return f"{_scores(e, v)} nothing"
    total = f" = {e['points']}" if len(tiles) > 1 else ""
    work = f"study/toil {_scored(tiles)}{total}" if tiles else "no study/toil"
    return f"{_scores(e, v)}: {work} → {_plural(int(e['total']), 'point')} to spend"


def _pray(e: Event, v: int | None) -> str:
    name = e.get("name") or "a tile"
    return f"{_scores(e, v)}: prayer in {name} at {e['x']},{e['y']}: {e['points']}"


def _buy(e: Event, v: int | None) -> str:
    who = seat_label(e["seat"], v)
    try:
        action = parse_action(str(e["action"]))
    except ValueError:
        return f"{who}: {e['action']}"
    if isinstance(action, BuyLetter):
        cell = f"{COLOUR_LETTERS[action.cell // 10]}{action.cell % 10 + 1}"
        track = colour_of_letter(COLOUR_LETTERS[action.colour])
        return (
            f"{who} bought the letter {e.get('letter', '?')} (board {cell}) for"
            f" {track}'s track, space {action.space + 1}"
        )
    if isinstance(action, BuyMonk):
        monk = colour_of_letter(COLOUR_LETTERS[action.colour])
        cross = colour_of_letter(COLOUR_LETTERS[action.row])
        return f"{who} bought a {monk} monk from the {cross} row's cross; it goes to the Abbey"
    return f"{who}: {e['action']}"


_WHY = {
    "letter": "for a letter placed small side up on another track",
    "livestock": "from livestock",
    "leftover": "for leftover points",
    "almonry": "from the Almonry",
}


def _blessing(e: Event, v: int | None) -> str:
    text = f"{seat_label(e['seat'], v)} received a blessing {_WHY.get(e.get('why', ''), '')}"
    if "held" in e:
        text += f"; you hold {e['held']}" + (" (locked this scoring)" if e.get("locked") else "")
    return text.replace("  ", " ").rstrip()


def _library(e: Event, v: int | None) -> str:
    who = seat_label(e["seat"], v)
    action = parse_action(str(e["action"]))
    if isinstance(action, Library):
        a, b = (f"{COLOUR_LETTERS[c // 10]}{c % 10 + 1}" for c in (action.a, action.b))
        return f"{who} used the Library: the letters at {a} and {b} swapped (now small side up)"
    return f"{who}: {e['action']}"


def _brewhouse(e: Event, v: int | None) -> str:
    who = seat_label(e["seat"], v)
    action = parse_action(str(e["action"]))
    if isinstance(action, Keep):
        return f"{who} kept a monk at {_place(action.x, action.y, action.box)} (Brewhouse)"
    return f"{who} stood a praying monk upright at {e['action'].split(' ')[-1]} (Brewhouse)"


def _election(e: Event, v: int | None) -> str:
    counts = ", ".join(f"{seat_label(s, v)} {c}" for s, c in enumerate(e["counts"]))
    tied = e.get("tied") or []
    tie = f"; tie between {seats_label(tied, v)}" if len(tied) > 1 else ""
    return f"Election, monks in the Abbey: {counts}{tie}"


def _game_end(e: Event, v: int | None) -> str:
    if e.get("rule") == "E1":
        return "The last letter has left the Prayer Board (E1): this round is the last"
    return "No tile can ever be laid again (E2): this round is the last"


def _game_over(e: Event, v: int | None) -> str:
    scores = ", ".join(f"{seat_label(s, v)} {x:g}" for s, x in enumerate(e.get("scores", [])))
    return f"Game over. Testament scores: {scores}"


_DESCRIBE: dict[str, Describer] = {
    "round": _round,
    "draw": _draw,
    "return": _return,
    "lay": _lay,
    "move": _move,
    "shift": _shift,
    "build": _build,
    "toil": _toil,
    "pray": _pray,
    "buy": _buy,
    "blessing": _blessing,
    "library": _library,
    "brewhouse": _brewhouse,
    "election": _election,
    "game_end_triggered": _game_end,
    "game_over": _game_over,
    "encourage": lambda e, v: f"{seat_label(e['seat'], v)} put an encouragement blessing"
    f" on {e['x']},{e['y']}",
    "claim": lambda e, v: f"{seat_label(e['seat'], v)} claimed"
    f" {_plural(int(e['blessings']), 'blessing')} lying on {e['x']},{e['y']}",
    "end_step": lambda e, v: f"{seat_label(e['seat'], v)} ended the step",
    "flip": lambda e, v: f"{tile_name(e['tile'])} at {e['x']},{e['y']} is finished",
    "abbots_house": lambda e, v: f"{seat_label(e['seat'], v)} used the Abbot's House:"
    " an election at once",
    "abbot": lambda e, v: f"{seat_label(e['seat'], v)} {'are' if e['seat'] == v else 'is'}"
    " the Abbot",
    "imprison": lambda e, v: f"The Abbot put a {colour_of_letter(e['colour'])} monk from the"
    " Abbey into the Prison Cell",
    "night": lambda e, v: "Night: every monk not kept goes back to the Abbey, upright",
    "blessing_lost": lambda e,
    v: f"No blessing was left for {seat_label(e['seat'], v, capital=False)}",
    "blessings_returned": lambda e, v: f"The supply was empty: {seats_label(e['seats'], v)}"
    " each returned a blessing",
}


def describe_event(event: Event, viewer: int | None) -> str | None:
    """One sentence, or None for events that add nothing for this viewer."""
    return describe_with(_DESCRIBE, event, viewer)
