"""``monastic engine``: a scripting protocol over a save file, one command per call.

Every command reads the save file (``Match.to_dict()`` JSON), so scripts in any language
can drive a game: ``new`` writes one, ``moves`` lists the legal action texts, ``apply``
plays one and rewrites the file atomically. Errors go to stderr with exit status 2 and
leave the file untouched.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from monastic.cli.common import (
    CliError,
    game_or_error,
    load_match,
    parse_options,
    print_json,
    write_atomic,
)
from monastic.cli.engine_stdio import serve_stdio
from monastic.engine import BadSaveFile, Match, Record, events_for, replay
from monastic.engine.jsonio import read_json

__all__ = ["add_engine_parser", "run_engine"]


def add_engine_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``monastic engine ...`` and its commands."""
    engine = sub.add_parser(
        "engine",
        help="scripting protocol over a save file (new, moves, apply, view, result, replay)",
        description="Drive a game one command at a time through a save file.",
    )
    engine.add_argument(
        "--stdio",
        action="store_true",
        help="one process for a whole session: commands on stdin, one JSON answer per line",
    )
    cmds = engine.add_subparsers(dest="engine_command", metavar="COMMAND")

    new = cmds.add_parser("new", help="start a game and write its save file")
    new.add_argument("game", help="game id, e.g. medieval-monastery")
    new.add_argument("--players", type=int, help="number of seats (default: the game's)")
    new.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    new.add_argument("-o", "--output", help="save file to write (default ./GAME-SEED.json)")
    new.add_argument("--force", action="store_true", help="overwrite the save file if it exists")
    new.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (may repeat)"
    )

    moves = cmds.add_parser("moves", help="legal action texts, one per line")
    moves.add_argument("file")
    moves.add_argument("--seat", help="seat to list for (default: first to act)")

    apply = cmds.add_parser("apply", help="apply one action and rewrite the file")
    apply.add_argument("file")
    apply.add_argument("seat", help="the seat that acts: 0, 1, ...")
    apply.add_argument("action", help='the action text, e.g. "play P7"')

    view = cmds.add_parser("view", help="a seat's view as JSON (no seat: spectator)")
    view.add_argument("file")
    view.add_argument("--seat")

    result = cmds.add_parser("result", help="the result of a finished game as JSON")
    result.add_argument("file")

    to_act = cmds.add_parser("to-act", help="the seats to act now, as a JSON list")
    to_act.add_argument("file")

    rep = cmds.add_parser("replay", help="replay a record or save file; print result or view")
    rep.add_argument("record", help="a record JSON file or a save file")


def run_engine(args: argparse.Namespace) -> int:
    """Run one engine command; CliError and ValueError become exit status 2."""
    if args.stdio:
        if args.engine_command:
            raise CliError("--stdio takes no command: the commands come on standard input")
        return serve_stdio()
    if not args.engine_command:
        raise CliError(
            "name a command (new, moves, apply, view, result, to-act, replay) or --stdio"
        )
    return _COMMANDS[args.engine_command](args)


def _cmd_new(args: argparse.Namespace) -> int:
    game = game_or_error(args.game)
    players = args.players if args.players is not None else game.default_players
    match = Match.new(game.id, players, args.seed, parse_options(args.option))
    path = Path(args.output or f"{game.id}-{args.seed}.json")
    if path.exists() and not args.force:  # a game in progress must not vanish by accident
        raise CliError(f"{path} already exists (use --force to overwrite it)")
    _save(match, path)
    print(path)
    return 0


def _cmd_moves(args: argparse.Namespace) -> int:
    state = load_match(args.file).state
    seat = args.seat
    if seat is None:
        acting = state.to_act()
        if not acting:
            return 0
        seat = acting[0]
    seat = _check_seat(seat, state.players)
    for text in state.legal_texts(seat):
        print(text)
    return 0


def _cmd_apply(args: argparse.Namespace) -> int:
    match = load_match(args.file)
    seat = _check_seat(args.seat, match.state.players)
    events = match.apply(seat, args.action)  # raises before any change
    _save(match, Path(args.file))
    for event in events_for(events, seat):
        print(json.dumps(event))
    return 0


def _cmd_view(args: argparse.Namespace) -> int:
    state = load_match(args.file).state
    seat = None if args.seat is None else _check_seat(args.seat, state.players)
    print_json(state.view(seat))
    return 0


def _cmd_result(args: argparse.Namespace) -> int:
    state = load_match(args.file).state
    if not state.is_over():
        raise CliError(f"the game in {args.file} is not over (to act: {state.to_act()})")
    print_json(state.result().to_dict())
    return 0


def _cmd_to_act(args: argparse.Namespace) -> int:
    print_json(load_match(args.file).state.to_act())
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    try:
        text = Path(args.record).read_bytes()
    except OSError as err:
        raise CliError(f"cannot read {args.record}: {err.strerror or err}") from None
    try:
        data = read_json(text, "record")
        # A save file wraps its record; a bare record is the record itself.
        if isinstance(data, dict) and isinstance(data.get("record"), dict):
            data = data["record"]
        state = replay(Record.from_data(data))
    except BadSaveFile as err:
        raise CliError(f"{args.record} does not replay: {err}") from None
    if state.is_over():
        print_json({"over": True, "result": state.result().to_dict()})
    else:
        print_json({"over": False, "to_act": state.to_act(), "view": state.view(None)})
    return 0


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "new": _cmd_new,
    "moves": _cmd_moves,
    "apply": _cmd_apply,
    "view": _cmd_view,
    "result": _cmd_result,
    "to-act": _cmd_to_act,
    "replay": _cmd_replay,
}


def _check_seat(text: str | int, players: int) -> int:
    """The seat the command line names, in words when there is none such."""
    if isinstance(text, str):
        plain = text.strip()
        if not (plain.isascii() and plain.isdigit() and len(plain) <= 3):
            raise CliError(f"a seat is a number (0 to {players - 1}), not {text[:20]!r}")
        text = int(plain)
    if not 0 <= text < players:
        raise CliError(f"there is no seat {text} (seats are 0..{players - 1})")
    return text


def _save(match: Match, path: Path) -> None:
    try:
        write_atomic(path, json.dumps(match.to_dict()))
    except OSError as err:
        raise CliError(f"cannot write {path}: {err.strerror or err}") from None
