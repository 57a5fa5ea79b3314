"""Monastery in words: the names of its components, its hours, phases and decisions, and
every event as one sentence for a viewer.

A viewer reads an event as ``events_for`` gave it to them: a tile drawn by someone else, or
a building laid under cover, arrives without its name, and the sentence does without it too
(M-5). "You" stands for the viewer's own seat. Tile names come from the game's data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from monastic.engine import GAME_OVER, ROUND
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
from monastic.games.monastery.catalogue import (
    BOARD_COLUMNS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    TYPE_BY_ID,
    TYPES,
)
from monastic.games.monastery.rules.common import HOURS_PER_DAY, LAST_ROUND, NIGHT, hour_kind

__all__ = [
    "DESCRIBE",
    "END_REASONS",
    "HOUR_DISC",
    "HOUR_NAMES",
    "PHASE_NAMES",
    "SHORT_TILE_NAMES",
    "board_cell_name",
    "clock_text",
    "colour_of_letter",
    "day_of",
    "describe",
    "ending_text",
    "hour_title",
    "pending_text",
    "phase_text",
    "prompt",
    "round_of_text",
    "scoring_text",
    "seat_name",
    "seats_name",
    "short_tile_name",
    "step_text",
    "symbol_name",
    "testament_title",
    "tile_name",
]

Event = dict[str, Any]

# Components -------------------------------------------------------------------------------

#: The hours with a name of their own (§1.1); the others are known by their kind.
HOUR_NAMES = {1: "Matins", 5: "Sext", 8: "Vespers", NIGHT: "Night"}
#: The hour-disc as printed: each hour's name, or its kind for the hours without one.
HOUR_DISC = tuple(
    HOUR_NAMES.get(hour, hour_kind(hour).capitalize()) for hour in range(1, HOURS_PER_DAY + 1)
)
#: Each symbol (the ``symbol`` of a tile in the data) by the name of the tile that bears it.
_SYMBOL_NAMES = {t.symbol: t.name for t in TYPES if t.symbol}
#: Tile names that fit a narrow cell of the map; the full names are in the data.
SHORT_TILE_NAMES = {
    "CHAPEL": "Chapel",
    "SCRIPTORIUM": "Scriptm",
    "LIBRARY": "Library",
    "ABBOTS_HOUSE": "AbbotHs",
    "ALMONRY": "Almonry",
    "PRISON_CELL": "Prison",
    "DORMITORY": "Dormit",
    "CHAPTER_HOUSE": "Chapter",
    "GUEST_HOUSE": "GuestHs",
    "CLOISTER": "Cloistr",
    "KITCHEN": "Kitchen",
    "WORKSHOP": "Worksh",
    "STABLES": "Stables",
    "BREWHOUSE": "Brewhs",
    "FARM": "Farm",
    "BAKEHOUSE": "Bakehs",
    "MILL": "Mill",
    "SMITHY": "Smithy",
    "GRANARY": "Granary",
    "REFECTORY": "Refect",
    "INFIRMARY": "Infirm",
    "GARDEROBES": "Gardrbs",
    "PATH_I": "Path I",
    "PATH_L": "Path L",
    "PATH_T": "Path T",
    "PATH_X": "Path X",
    "FIELD_I": "Field I",
    "FIELD_L": "Field L",
    "FIELD_T": "Field T",
    "GARDEN_1": "Garden1",
    "GARDEN_I": "GardenI",
    "BEEHIVE": "Beehive",
    "CARP_POND": "CarpPnd",
    "DOVECOTE": "Dovecot",
    "PASSAGE_RED": "Pass R",
    "PASSAGE_BLUE": "Pass B",
    "PASSAGE_GREEN": "Pass G",
    "PASSAGE_YELLOW": "Pass Y",
}
assert set(SHORT_TILE_NAMES) == set(TYPE_BY_ID), "every tile needs a short name"


def tile_name(tile_id: str) -> str:
    """``PATH_T`` -> ``Path (T-junction)``; unknown ids are shown as they are."""
    tile = TYPE_BY_ID.get(tile_id)
    return tile.name if tile else tile_id


def short_tile_name(tile_id: str) -> str:
    """``CHAPTER_HOUSE`` -> ``Chapter``: a name for a narrow map cell."""
    return SHORT_TILE_NAMES.get(tile_id, tile_id)


def symbol_name(symbol: str | None) -> str:
    """``abbots_house`` -> ``Abbot's House``; no symbol -> an empty text."""
    if not symbol:
        return ""
    return _SYMBOL_NAMES.get(symbol, symbol.replace("_", " "))


def colour_of_letter(letter: str) -> str:
    """``B`` -> ``Blue``."""
    index = COLOUR_LETTERS.find(letter)
    return COLOUR_NAMES[index].capitalize() if index >= 0 else letter


def board_cell_name(cell: int) -> str:
    """A Prayer Board cell as the actions write it: row colour and column 1-10 (``R2``)."""
    return f"{COLOUR_LETTERS[cell // BOARD_COLUMNS]}{cell % BOARD_COLUMNS + 1}"


def seat_name(seat: Any, viewer: int | None, *, capital: bool = True) -> str:
    """``Seat 2``, or ``You``/``you`` when the seat is the viewer's."""
    if viewer is not None and seat == viewer:
        return "You" if capital else "you"
    return f"Seat {seat}" if capital else f"seat {seat}"


def seats_name(seats: Iterable[Any], viewer: int | None) -> str:
    """``Seat 0, Seat 2 and you``."""
    names = ["you" if viewer is not None and s == viewer else f"Seat {s}" for s in seats]
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return ", ".join(names[:-1]) + " and " + names[-1]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _place(x: int, y: int, box: int = -1) -> str:
    if (x, y) == ABBEY_XY:
        return "the Abbey"
    return f"{x},{y}" + (f" box {box}" if box >= 0 else "")


# Hours, phases and decisions ----------------------------------------------------------------

#: Each phase (``state.PHASES``) in a few words.
PHASE_NAMES = {
    "step": "step (lay a tile, move monks)",
    "score": "scoring",
    "brew": "Brewhouse choice",
    "starthand": "start hand: put tiles back",
    "prayer_after_election": "election",
    "night": "Night",
    "over": "game over",
}
#: How the game ended (``result().breakdown["end"]``), after "the game ended after round N:".
END_REASONS = {"E1": "the last letter was bought", "E2": "no tile could be laid", "E3": "two days"}
_ENDING = {"E1": "the last letter has been bought", "E2": "no tile can be laid any more"}


def day_of(round_: int) -> int:
    return (round_ - 1) // HOURS_PER_DAY + 1


def hour_title(hour: int) -> str:
    """``Sext, prayer hour``, ``Study round``, ``Toil round`` or ``Night``."""
    kind = hour_kind(hour)
    name = HOUR_NAMES.get(hour)
    if name and kind == "prayer":
        return f"{name}, prayer hour"
    return name or f"{kind.capitalize()} round"


def phase_text(round_: int, hour: int, phase: str) -> str:
    """``Day 1, Sext (prayer): Brewhouse choice``, ``Day 2, hour 3 (toil): scoring``."""
    if phase == "over":
        return "Game over"
    name = HOUR_NAMES.get(hour)
    kind = hour_kind(hour)
    if name is None:
        when = f"hour {hour} ({kind})"
    else:
        when = name if kind == "night" else f"{name} ({kind})"
    return f"Day {day_of(round_)}, {when}: {PHASE_NAMES.get(phase, phase)}"


def ending_text(ending: str) -> str:
    """Why the round under way is the last (``view["ending"]`` ``E1``/``E2``)."""
    return f"the game ends after this round: {_ENDING.get(ending, ending)}"


def clock_text(round_: int, hour: int) -> str:
    """``Day 1 · hour 2 of 10``, and ``round 2 of 20`` apart: the two parts of the clock."""
    return f"Day {day_of(round_)} · hour {hour} of {HOURS_PER_DAY}"


def round_of_text(round_: int) -> str:
    return f"round {round_} of {LAST_ROUND}"


def testament_title(round_: Any, end: Any) -> str:
    """The heading of the final scores."""
    why = END_REASONS.get(str(end), str(end))
    return f"Testament (the game ended after round {round_}: {why})"


_RETURN_WHY = {"exchange": "after an exchange", "workshop": "after the Workshop"}


def pending_text(pending: Mapping[str, Any]) -> str:
    """A decision due before play goes on (``view["pending"]``), as what must be done."""
    kind = pending["kind"]
    if kind == "elect":
        tied = [str(c) for c in pending["candidates"]]
        choices = " / ".join(f"elect {c[:1].upper()}" for c in tied)
        return f"the election is tied: choose the Abbot among {', '.join(tied)} ({choices})"
    if kind == "imprison":
        return "put a monk from the Abbey into the Prison Cell (imprison R/B/G/Y or none)"
    why = _RETURN_WHY.get(str(pending.get("why")), "to keep 3 in hand")
    return f"return a tile from hand to the bag {why} (return TILE)"


def step_text(movement_points: int, laid: bool, encouraging: bool) -> str:
    """``4 MP left · no tile laid yet``: where a step stands."""
    text = f"{movement_points} MP left · {'tile laid' if laid else 'no tile laid yet'}"
    return text + (" · encouraging" if encouraging else "")


def scoring_text(points: int, stage: str, prayed: bool) -> str:
    """``3 points · symbols or prayer``: where a scoring stands."""
    text = f"{_plural(points, 'point')} · {'symbols or prayer' if stage == 'symbols' else 'buying'}"
    return text + (" · prayed" if prayed else "")


def prompt(
    kind: str,
    pending: Mapping[str, Any] | None = None,
    step: Mapping[str, Any] | None = None,
    scoring: Mapping[str, Any] | None = None,
) -> str:
    """The decision ``kind`` (``Decision.kind``) as a request to the seat that decides."""
    if pending is not None:
        text = pending_text(pending)
        return text[0].upper() + text[1:]
    if kind == "step" and step is not None:
        if step["encouraging"]:
            return "Put blessings on tiles under construction (encourage), or end the step"
        lay = "" if step["laid"] else "lay or exchange a tile, "
        what = f"{lay}move monks ({step['movement_points']} MP left), encourage, or end the step"
        return what[0].upper() + what[1:]
    if kind == "scoring" and scoring is not None:
        points = _plural(int(scoring["points"]), "point")
        if scoring["stage"] == "symbols":
            return f"Scoring, {points}: use a symbol, pray with a monk, or go on to buying"
        return f"Scoring, {points}: buy letters and monks, or end the scoring"
    if kind == "brewhouse":
        return "Brewhouse: keep a monk out or stand a praying monk upright, or end"
    return "Choose one of the legal actions"


# Events -----------------------------------------------------------------------------------


def _round(e: Event, v: int | None) -> str:
    hour = int(e["hour"])
    name = HOUR_NAMES.get(hour)
    kind = hour_kind(hour)
    what = f"{name} ({kind})" if name and kind != "night" else name or f"{kind.capitalize()} round"
    abbot = seat_name(e["abbot"], v)
    verb = "are" if e["abbot"] == v else "is"
    return f"── Day {day_of(int(e['round']))}, hour {hour}: {what} ── {abbot} {verb} Abbot"


def _draw(e: Event, v: int | None) -> str:
    if "tile" in e:
        return f"{seat_name(e['seat'], v)} drew {tile_name(e['tile'])}"
    return f"{seat_name(e['seat'], v)} drew a tile"


def _return(e: Event, v: int | None) -> str:
    what = tile_name(e["tile"]) if "tile" in e else "a tile"
    return f"{seat_name(e['seat'], v)} put {what} back into the bag"


def _lay(e: Event, v: int | None) -> str:
    who, where = seat_name(e["seat"], v), f"{e['x']},{e['y']}"
    if "tile" in e:
        return f"{who} laid {tile_name(e['tile'])} at {where} r{e['rot']}"
    boxes = "/".join(str(b) for b in e.get("boxes", []))
    return (
        f"{who} laid a hidden {e.get('colour', '')} {e.get('category', 'tile')} at {where}"
        f" (boxes {boxes}, edges {e.get('edges', '?')})"
    )


def _parsed(e: Event) -> Any:
    try:
        return parse_action(str(e["action"]))
    except ValueError:
        return None


def _move(e: Event, v: int | None) -> str:
    who = seat_name(e["seat"], v)
    move = _parsed(e)
    if isinstance(move, Move):
        return (
            f"{who} moved a monk from {_place(move.sx, move.sy, move.sbox)} to"
            f" {_place(move.dx, move.dy, move.dbox)} ({move.cost} MP)"
        )
    return f"{who}: {e['action']}"


def _shift(e: Event, v: int | None) -> str:
    who = seat_name(e["seat"], v)
    shift = _parsed(e)
    if isinstance(shift, Shift):
        return f"{who} shifted a monk on {shift.x},{shift.y} from box {shift.a} to box {shift.b}"
    return f"{who}: {e['action']}"


def _scored(entries: Sequence[Any]) -> str:
    """``Kitchen at 1,3: 4, the Abbey: 1``."""
    parts = []
    for place, points, name in entries:
        where = "the Abbey" if place == "A" else f"{name} at {place}"
        parts.append(f"{where}: {points}")
    return ", ".join(parts)


def _scores(e: Event, v: int | None) -> str:
    """``Seat 1 scores``: each part of a scoring starts alike, so they read as one."""
    return f"{seat_name(e['seat'], v)} {'score' if e['seat'] == v else 'scores'}"


def _build(e: Event, v: int | None) -> str:
    tiles = e.get("tiles") or []
    if not tiles:
        return f"{_scores(e, v)} nothing for buildings"
    # A building others may not know yet is named by its place only.
    entries = [(t[0], t[1], t[2] if len(t) > 2 and t[2] else "a hidden building") for t in tiles]
    total = f" = {e['points']}" if len(entries) > 1 else ""
    return f"{_scores(e, v)}: building {_scored(entries)}{total}"


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
    who = seat_name(e["seat"], v)
    action = _parsed(e)
    if isinstance(action, BuyLetter):
        track = colour_of_letter(COLOUR_LETTERS[action.colour])
        return (
            f"{who} bought the letter {e.get('letter', '?')} (board {board_cell_name(action.cell)})"
            f" for {track}'s track, space {action.space + 1}"
        )
    if isinstance(action, BuyMonk):
        monk = colour_of_letter(COLOUR_LETTERS[action.colour])
        cross = colour_of_letter(COLOUR_LETTERS[action.row])
        return f"{who} bought a {monk} monk from the {cross} row's cross; it goes to the Abbey"
    return f"{who}: {e['action']}"


_WHY = {
    "letter": " for a letter placed small side up on another track",
    "livestock": " from livestock",
    "leftover": " for leftover points",
    "almonry": " from the Almonry",
}


def _blessing(e: Event, v: int | None) -> str:
    text = f"{seat_name(e['seat'], v)} received a blessing{_WHY.get(e.get('why', ''), '')}"
    if "held" in e:
        holds = "you hold" if v is not None and e["seat"] == v else "now holds"
        text += f"; {holds} {e['held']}" + (" (locked this scoring)" if e.get("locked") else "")
    return text


def _library(e: Event, v: int | None) -> str:
    who = seat_name(e["seat"], v)
    action = _parsed(e)
    if isinstance(action, Library):
        a, b = board_cell_name(action.a), board_cell_name(action.b)
        return f"{who} used the Library: the letters at {a} and {b} swapped (now small side up)"
    return f"{who}: {e['action']}"


def _brewhouse(e: Event, v: int | None) -> str:
    who = seat_name(e["seat"], v)
    action = _parsed(e)
    if isinstance(action, Keep):
        return f"{who} kept a monk at {_place(action.x, action.y, action.box)} (Brewhouse)"
    return f"{who} stood a praying monk upright at {str(e['action']).split(' ')[-1]} (Brewhouse)"


def _election(e: Event, v: int | None) -> str:
    counts = ", ".join(f"{seat_name(s, v)} {c}" for s, c in enumerate(e["counts"]))
    tied = e.get("tied") or []
    tie = f"; tie between {seats_name(tied, v)}" if len(tied) > 1 else ""
    return f"Election, monks in the Abbey: {counts}{tie}"


def _game_end(e: Event, v: int | None) -> str:
    if e.get("rule") == "E1":
        return "The last letter has left the Prayer Board: this round is the last"
    return "No tile can ever be laid again: this round is the last"


def _game_over(e: Event, v: int | None) -> str:
    scores = ", ".join(f"{seat_name(s, v)} {x:g}" for s, x in enumerate(e["scores"]))
    winners = [seat_name(s, v) for s in e["winners"]]
    if len(winners) == 1:
        won = f"{winners[0]} {'win' if winners[0] == 'You' else 'wins'}"
    else:
        names = seats_name(e["winners"], v)
        won = f"{names[0].upper()}{names[1:]} share the victory"
    return f"Game over. Testament scores: {scores}. {won}"


#: Each event kind in words, for a viewer (None: a spectator).
DESCRIBE: dict[str, Callable[[Event, int | None], str]] = {
    ROUND: _round,
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
    GAME_OVER: _game_over,
    "encourage": lambda e, v: f"{seat_name(e['seat'], v)} put an encouragement blessing"
    f" on {e['x']},{e['y']}",
    "claim": lambda e, v: f"{seat_name(e['seat'], v)} claimed"
    f" {_plural(int(e['blessings']), 'blessing')} lying on {e['x']},{e['y']}",
    "end_step": lambda e, v: f"{seat_name(e['seat'], v)} ended the step",
    "flip": lambda e, v: f"{tile_name(e['tile'])} at {e['x']},{e['y']} is finished",
    "abbots_house": lambda e, v: f"{seat_name(e['seat'], v)} used the Abbot's House:"
    " an election at once",
    "abbot": lambda e, v: f"{seat_name(e['seat'], v)} {'are' if e['seat'] == v else 'is'}"
    " the Abbot",
    "imprison": lambda e, v: f"The Abbot put a {colour_of_letter(e['colour'])} monk from the"
    " Abbey into the Prison Cell",
    "night": lambda e, v: "Night: every monk not kept goes back to the Abbey, upright",
    "blessing_lost": lambda e, v: f"No blessing was left for"
    f" {seat_name(e['seat'], v, capital=False)}",
    "blessings_returned": lambda e, v: f"The supply was empty: {seats_name(e['seats'], v)}"
    " each returned a blessing",
}


def describe(event: Mapping[str, Any], viewer: int | None) -> str:
    """One line of plain English for an event as ``viewer`` (a seat or None) sees it."""
    e = dict(event)
    kind = str(e.get("kind"))
    words = DESCRIBE.get(kind)
    if words is None:  # a kind this module does not know yet: its name, in words
        who = f"{seat_name(e['seat'], viewer)}: " if "seat" in e else ""
        return f"{who}{kind.replace('_', ' ')}"
    return words(e, viewer)
