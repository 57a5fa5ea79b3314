"""``monastic rules GAME [--turn]``: a game's rulebook, or how a turn works, in the terminal.

Each game package ships its rulebook as ``data/rulebook.md`` and a few lines on how a turn
works as ``data/turn.md``. In a terminal the rulebook is rendered with rich and paged;
piped or redirected, the markdown itself is printed, so it can be saved or searched.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from importlib import resources
from typing import Any

from rich.console import Console
from rich.markdown import Markdown

from monastic.cli.common import CliError, game_or_error
from monastic.engine import Game

__all__ = ["add_rules_parser", "game_text", "run_rules"]

# The markers scripts/write_rulebook_tables.py fills in; a reader has no use for them.
_MARKER = re.compile(r"^<!-- (?:table|include): [a-z0-9_-]+ -->\n|^<!-- end \w+ -->\n", re.M)

_FILES = {"rulebook": "rulebook.md", "turn": "turn.md"}


def add_rules_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "rules",
        help="read a game's rulebook ('--turn': how a turn works)",
        description="Show a game's complete rulebook (paged in a terminal), or with --turn "
        "the few lines on how a turn works.",
    )
    parser.add_argument("game", metavar="GAME", help="the game id, e.g. monastery")
    parser.add_argument(
        "--turn", action="store_true", help="only the short summary of how a turn works"
    )


def game_text(game: Game, part: str = "rulebook") -> str:
    """The markdown of a game's ``rulebook`` or ``turn`` summary, as shipped in its package."""
    package = sys.modules[type(game).__module__].__package__ or type(game).__module__
    path = resources.files(package).joinpath("data", _FILES[part])
    what = "rulebook" if part == "rulebook" else "summary of a turn"
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        raise CliError(f"{game.title} has no {what} in this installation") from None
    return _MARKER.sub("", text)


def _game(name: str) -> Game:
    # Forgiving where it is unambiguous: "Monastery" or "medieval_monastery" name a game too.
    return game_or_error(name.strip().lower().replace("_", "-"))


def run_rules(args: argparse.Namespace, console: Console | None = None) -> int:
    game = _game(args.game)
    part = "turn" if args.turn else "rulebook"
    text = game_text(game, part)
    console = console or Console()
    if not console.is_terminal:
        console.file.write(text)
        return 0
    if part == "turn":
        console.print(Markdown(text))
        return 0
    # Like git: without the player's own LESS settings, less passes colours through (R),
    # quits when the text fits on one screen (F) and leaves it on the screen (X).
    os.environ.setdefault("LESS", "FRX")
    with console.pager(styles=True):
        console.print(Markdown(text))
    return 0
