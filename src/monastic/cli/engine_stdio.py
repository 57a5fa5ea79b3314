"""``monastic engine --stdio``: one process that plays games over standard input and output.

As UCI and GTP engines do, it reads one command per line and answers each with exactly one
line: a JSON object with ``"ok": true`` and the answer's fields, or ``"ok": false`` and an
``"error"`` in words. A bad command changes nothing and the session goes on; end of input
(or ``quit``) ends it. The game is held in memory, so a bot in any language drives a whole
game without starting a process per move; ``save``/``load`` use the save files of the
one-shot ``monastic engine`` commands.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from monastic.cli.common import CliError, game_or_error, load_match, write_atomic
from monastic.engine import Match, events_for
from monastic.engine.jsonio import excerpt

__all__ = ["COMMANDS", "EngineSession", "serve_stdio"]

Answer = dict[str, Any]
MAX_LINE = 1 << 16  # no command comes near this; a longer line is refused unread

#: Every command with its arguments and what it answers, for ``help`` and the docs.
COMMANDS = {
    "new": "new GAME [players=N] [seed=S] [NAME=VALUE ...]: a new game; answers to_act",
    "load": "load FILE: continue the game in a save file",
    "save": "save FILE: write the game to a save file",
    "to-act": "to-act: the seats to act now",
    "moves": "moves [SEAT]: the legal action texts (default: the first seat to act)",
    "apply": "apply SEAT ACTION TEXT: play an action; answers the events that seat saw",
    "view": "view [SEAT]: a seat's view (no seat: the spectator's)",
    "result": "result: scores, winners, ranks and breakdown of a finished game",
    "record": "record: the game's record (game, players, seed, options, moves)",
    "help": "help: this list",
    "quit": "quit: end the session",
}


class EngineSession:
    """The game of one session and the commands that act on it."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self._handlers: dict[str, Callable[[list[str]], Answer]] = {
            "new": self._new,
            "load": self._load,
            "save": self._save,
            "to-act": self._to_act,
            "moves": self._moves,
            "apply": self._apply,
            "view": self._view,
            "result": self._result,
            "record": self._record,
            "help": self._help,
        }

    def answer(self, line: str) -> Answer:
        """The answer to one command line; never raises for bad input."""
        try:
            words = shlex.split(line)
        except ValueError as err:
            return {"ok": False, "error": f"cannot read the line: {err}"}
        if not words:
            return {"ok": False, "error": "an empty line is no command (try 'help')"}
        name, args = words[0].lower(), words[1:]
        handler = self._handlers.get(name)
        if handler is None:
            return {"ok": False, "error": f"unknown command {excerpt(name)} (try 'help')"}
        try:
            return {"ok": True, **handler(args)}
        except (CliError, ValueError) as err:
            return {"ok": False, "error": str(err)}

    # Commands -----------------------------------------------------------------------------

    def _game(self) -> Match:
        if self.match is None:
            raise CliError("no game yet: start one with 'new GAME' or 'load FILE'")
        return self.match

    def _new(self, args: list[str]) -> Answer:
        if not args:
            raise CliError("usage: new GAME [players=N] [seed=S] [NAME=VALUE ...]")
        game = game_or_error(args[0])
        settings = _pairs(args[1:])
        players = _whole(settings.pop("players", str(game.default_players)), "players")
        seed = _whole(settings.pop("seed", "0"), "seed")
        self.match = Match.new(game.id, players, seed, settings)
        return {"game": game.id, "players": players, "to_act": self.match.state.to_act()}

    def _load(self, args: list[str]) -> Answer:
        self.match = load_match(_one(args, "load FILE"))
        return {"game": self.match.game.id, "to_act": self.match.state.to_act()}

    def _save(self, args: list[str]) -> Answer:
        path = _one(args, "save FILE")
        try:
            write_atomic(path, json.dumps(self._game().to_dict()))
        except OSError as err:
            raise CliError(f"cannot save to {path}: {err.strerror or err}") from None
        return {"file": str(Path(path))}

    def _to_act(self, args: list[str]) -> Answer:
        return {"to_act": self._game().state.to_act()}

    def _moves(self, args: list[str]) -> Answer:
        state = self._game().state
        if args:
            seat = self._seat(args[0])
        elif state.to_act():
            seat = state.to_act()[0]
        else:
            return {"seat": None, "moves": []}
        return {"seat": seat, "moves": state.legal_texts(seat)}

    def _apply(self, args: list[str]) -> Answer:
        if len(args) < 2:
            raise CliError("usage: apply SEAT ACTION TEXT")
        match = self._game()
        seat = self._seat(args[0])
        events = match.apply(seat, " ".join(args[1:]))
        state = match.state
        return {
            "events": events_for(events, seat),
            "to_act": state.to_act(),
            "over": state.is_over(),
        }

    def _view(self, args: list[str]) -> Answer:
        seat = self._seat(args[0]) if args else None
        return {"view": self._game().state.view(seat)}

    def _result(self, args: list[str]) -> Answer:
        state = self._game().state
        if not state.is_over():
            raise CliError(f"the game is not over (to act: {state.to_act()})")
        return {"result": state.result().to_dict()}

    def _record(self, args: list[str]) -> Answer:
        return {"record": self._game().record.to_dict()}

    def _help(self, args: list[str]) -> Answer:
        return {"commands": list(COMMANDS.values())}

    def _seat(self, text: str) -> int:
        players = self._game().state.players
        if not (text.isascii() and text.isdigit()) or int(text) >= players:
            raise CliError(f"there is no seat {excerpt(text)} (seats are 0..{players - 1})")
        return int(text)


def _one(args: list[str], usage: str) -> str:
    if len(args) != 1:
        raise CliError(f"usage: {usage}")
    return args[0]


def _pairs(items: Iterable[str]) -> dict[str, str]:
    settings: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise CliError(f"{excerpt(item)} is not NAME=VALUE")
        settings[name] = value
    return settings


def _whole(text: str, name: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 40:
        raise CliError(f"{name} must be a whole number, not {excerpt(text)}")
    return int(text)


def _lines(source: TextIO) -> Iterator[str | None]:
    """The lines of ``source``; None for a line longer than ``MAX_LINE`` (skipped whole)."""
    while True:
        line = source.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while (rest := source.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass
            yield None
        else:
            yield line


def serve_stdio(source: TextIO | None = None, out: TextIO | None = None) -> int:
    """Answer every line of ``source`` on ``out`` until ``quit`` or the end of input."""
    source = source or sys.stdin
    out = out or sys.stdout
    session = EngineSession()
    for line in _lines(source):
        if line is None:
            answer: Answer = {"ok": False, "error": f"a line of over {MAX_LINE} characters"}
        elif line.strip().lower() == "quit":
            break
        else:
            answer = session.answer(line)
        out.write(json.dumps(answer, separators=(",", ":")) + "\n")
        out.flush()
    return 0
