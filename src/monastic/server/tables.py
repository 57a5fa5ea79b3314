"""Making a table from a request: the game, the seats, the options and the table settings,
each checked with a message naming what is wrong."""

from __future__ import annotations

import secrets
import time
from typing import Any

from monastic.engine import SEED_LIMIT, BadOption, Game, fresh_seed, game_ids, load_game
from monastic.server.clocks import CLOCKS
from monastic.server.config import BOT_LEVELS
from monastic.server.store import SeatRow, TableRow

__all__ = ["check_name", "game_catalogue", "new_table", "table_summary"]

MAX_NAME = 40


class BadRequest(ValueError):
    """A request that names something wrong."""


def check_name(value: Any) -> str:
    """A player's name: 1 to 40 printable characters."""
    if not isinstance(value, str):
        raise BadRequest("a name must be text")
    name = " ".join(value.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise BadRequest(f"a name has 1 to {MAX_NAME} printable characters")
    return name


def _game(value: Any) -> Game:
    if not isinstance(value, str):
        raise BadRequest("'game' must be a game id")
    try:
        return load_game(value)
    except ValueError as err:
        raise BadRequest(str(err)) from None


def new_table(body: Any, allow_seed: bool = False) -> TableRow:
    """A new open table from a create request; raises BadRequest.

    ``seed`` is accepted only from a server started to allow it (reproducible tests):
    whoever knows a game's seed knows its every draw.
    """
    if not isinstance(body, dict):
        raise BadRequest("the request must be a JSON object")
    known = {"game", "players", "options", "seats", "settings", "name"}
    if allow_seed:
        known.add("seed")
    extra = sorted(set(body) - known)
    if extra:
        raise BadRequest(f"unknown field {extra[0]!r} (known: {', '.join(sorted(known))})")
    game = _game(body.get("game"))
    players = body.get("players", game.default_players)
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadRequest("'players' must be a whole number")
    if not game.info.min_players <= players <= game.info.max_players:
        raise BadRequest(
            f"{game.id} takes {game.info.min_players} to {game.info.max_players} players,"
            f" not {players}"
        )
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise BadRequest("'options' must be an object of option names and values")
    try:
        full = dict(game.options(options))
        game.new_game(players, 0, full)  # the game itself may refuse a combination
    except BadOption as err:
        raise BadRequest(str(err)) from None
    seats = body.get("seats") or ["human"] * players
    if not isinstance(seats, list) or len(seats) != players:
        raise BadRequest(f"'seats' must list {players} entries: 'human' or a bot level")
    rows = []
    for index, kind in enumerate(seats):
        if kind == "human":
            rows.append(SeatRow(index, True))
        elif isinstance(kind, str) and kind in BOT_LEVELS:
            rows.append(SeatRow(index, False, f"Bot ({kind})", None, kind))
        else:
            levels = ", ".join(BOT_LEVELS)
            raise BadRequest(f"seat {index} must be 'human' or a bot level ({levels})")
    settings = _settings(game, body.get("settings") or {})
    seed = body.get("seed", fresh_seed())
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise BadRequest("'seed' must be a whole number from 0 to 2**128 - 1")
    now = time.time()
    return TableRow(
        id=secrets.token_urlsafe(6),
        game=game.id,
        players=players,
        options=full,
        seed=seed,
        settings=settings,
        status="open" if any(s.human for s in rows) else "running",
        version=0,
        created_at=now,
        updated_at=now,
        seats=rows,
    )


def _settings(game: Game, given: Any) -> dict[str, Any]:
    if not isinstance(given, dict):
        raise BadRequest("'settings' must be an object")
    clock = CLOCKS.get(game.id)
    allowed = {clock.setting} if clock else set()
    extra = sorted(set(given) - allowed)
    if extra:
        known = ", ".join(sorted(allowed)) or "none"
        raise BadRequest(f"unknown table setting {extra[0]!r} for {game.id} (known: {known})")
    out: dict[str, Any] = {}
    if clock is not None:
        value = given.get(clock.setting, clock.default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadRequest(f"{clock.setting!r} must be a whole number of seconds")
        if not clock.minimum <= value <= clock.maximum:
            raise BadRequest(
                f"{clock.setting!r} must be {clock.minimum} to {clock.maximum} seconds"
            )
        out[clock.setting] = value
    return out


def game_catalogue() -> list[dict[str, Any]]:
    """The games a table can be made for, with their options and table settings."""
    out = []
    for game_id in game_ids():
        game = load_game(game_id)
        clock = CLOCKS.get(game_id)
        out.append(
            {
                "id": game.id,
                "title": game.title,
                "min_players": game.info.min_players,
                "max_players": game.info.max_players,
                "default_players": game.default_players,
                "options": [
                    {
                        "name": spec.name,
                        "default": spec.default,
                        "help": spec.help,
                        "choices": list(spec.choices) if spec.choices is not None else None,
                        "minimum": spec.minimum,
                        "maximum": spec.maximum,
                    }
                    for spec in game.option_specs
                ],
                "settings": (
                    [
                        {
                            "name": clock.setting,
                            "help": f"{clock.label}: seconds on the clock",
                            "default": clock.default,
                            "minimum": clock.minimum,
                            "maximum": clock.maximum,
                        }
                    ]
                    if clock
                    else []
                ),
            }
        )
    return out


def table_summary(row: TableRow) -> dict[str, Any]:
    """A lobby line: what anyone may know of a table (no seed, no tokens)."""
    return {
        "id": row.id,
        "game": row.game,
        "title": load_game(row.game).title,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "updated_at": row.updated_at,
        "rematch": row.rematch,
        "seats": [
            {"seat": s.seat, "name": s.name, "human": s.human, "taken": s.taken, "bot": s.bot}
            for s in row.seats
        ],
    }
