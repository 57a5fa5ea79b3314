"""The games' own figures in a finished game, read from its record, result and views.

Each game's reader returns (game-level facts, per-seat facts). Only the public surface is
read: action texts, ``Result.to_dict()`` and ``view``; a figure a game does not show is left
out (the report then says it is not available), never guessed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from monastic.engine import Record, load_game

__all__ = ["ENDINGS", "Facts", "ending_of", "game_effects"]

#: game-level facts (JSON-ready) and one dict of numbers per seat
Facts = tuple[dict[str, Any], list[dict[str, float]]]

#: how each end condition reads in a report
ENDINGS: dict[str, dict[str, str]] = {
    "monastery": {
        "E1": "E1: the last letter was bought",
        "E2": "E2: no tile can be laid any more",
        "E3": "E3: round 20 was played",
    },
}


def ending_of(game_id: str, result: Mapping[str, Any]) -> str:
    """Which end condition fired, in words."""
    breakdown = result.get("breakdown") or {}
    if game_id == "medieval-monastery":
        if breakdown.get("flush_winner") is not None:
            return "a nine-card flush won at once (C-16)"
        return "the last turn was played"
    if game_id == "monasterium":
        return "three years were played"
    end = breakdown.get("end")
    if end is None:
        return "the game ended"
    return ENDINGS.get(game_id, {}).get(str(end), str(end))


def _monastery(record: Record, result: Mapping[str, Any]) -> Facts:
    """Letter purchases, and the denial move: a letter bought onto another player's track."""
    players = record.players
    colours = list((result.get("breakdown") or {}).get("colours") or [])
    seats: list[dict[str, float]] = [{"letters": 0.0, "denials": 0.0} for _ in range(players)]
    for seat, text in record.moves:
        words = text.split()
        if words[0] != "buy" or len(words) < 3:
            continue
        seats[seat]["letters"] += 1
        if len(colours) == players and words[2][0] != colours[seat][0]:
            seats[seat]["denials"] += 1
    testament = (result.get("breakdown") or {}).get("testament") or []
    for seat, parts in enumerate(testament[:players]):
        for key in ("letters", "blessings", "unlaid"):
            if isinstance(parts, Mapping) and isinstance(parts.get(key), int | float):
                seats[seat][f"testament_{key}"] = float(parts[key])
    facts: dict[str, Any] = {}
    rounds = (result.get("breakdown") or {}).get("round")
    if isinstance(rounds, int):
        facts["rounds"] = rounds
    if not colours:
        for row in seats:
            row.pop("denials")
    return facts, seats


def _monasterium(record: Record, result: Mapping[str, Any]) -> Facts:
    """Where each seat sent its novices (one monastery or many) and its final scoring parts."""
    players = record.players
    sends: list[Counter[str]] = [Counter() for _ in range(players)]
    for seat, text in record.moves:
        words = text.split()
        if words[0] == "to" and len(words) == 2 and "-" in words[1]:
            sends[seat][words[1].split("-")[0]] += 1
    seats: list[dict[str, float]] = []
    parts = (result.get("breakdown") or {}).get("players") or []
    for seat in range(players):
        total = sum(sends[seat].values())
        row: dict[str, float] = {
            "sends": float(total),
            "monasteries": float(len(sends[seat])),
            "top_share": max(sends[seat].values()) / total if total else 0.0,
        }
        if seat < len(parts) and isinstance(parts[seat], Mapping):
            for key, value in parts[seat].items():
                if isinstance(value, int | float) and key != "total":
                    row[f"vp_{key}"] = float(value)
        seats.append(row)
    return {}, seats


def _combo_name(words: Sequence[str]) -> str:
    return f"{words[1]} {len(words) - 2}"


def _suit_scores(view: Mapping[str, Any], seat: int) -> list[float] | None:
    """A seat's eight suit scores as the spectator view shows them."""
    scores = view.get("scores")
    if isinstance(scores, list) and seat < len(scores) and isinstance(scores[seat], list):
        return [float(v) for v in scores[seat]]
    players = view.get("players")
    if isinstance(players, list) and seat < len(players) and isinstance(players[seat], Mapping):
        for key in ("suits", "scores", "suit_scores"):
            value = players[seat].get(key)
            if isinstance(value, list) and value and all(isinstance(v, int | float) for v in value):
                return [float(v) for v in value]
    return None


def _medieval(record: Record, result: Mapping[str, Any]) -> Facts:
    """Every declared combo: kind and size, its points and what it did to the lowest suit."""
    players = record.players
    seats: list[dict[str, float]] = [{"combos": 0.0, "combo_points": 0.0} for _ in range(players)]
    combos: list[list[Any]] = []
    state = load_game(record.game).new_game(record.players, record.seed, record.options)
    for seat, text in record.moves:
        words = text.split()
        before = _suit_scores(state.view(None), seat) if words[0] == "combo" else None
        state.apply(seat, text)
        if words[0] != "combo":
            continue
        seats[seat]["combos"] += 1
        after = _suit_scores(state.view(None), seat)
        if before is None or after is None or len(before) != len(after):
            combos.append([seat, _combo_name(words), None, None])
            continue
        points = sum(after) - sum(before)
        seats[seat]["combo_points"] += points
        combos.append([seat, _combo_name(words), points, min(after) - min(before)])
    return {"combos": combos}, seats


_READERS: dict[str, Callable[[Record, Mapping[str, Any]], Facts]] = {
    "monastery": _monastery,
    "monasterium": _monasterium,
    "medieval-monastery": _medieval,
}


def game_effects(record: Record, result: Mapping[str, Any]) -> Facts:
    """The game's own figures (empty for a game without a reader)."""
    reader = _READERS.get(record.game)
    if reader is None:
        return {}, [{} for _ in range(record.players)]
    return reader(record, result)
