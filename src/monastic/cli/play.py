"""``monastic play``: a game in the terminal against bots, or hot-seat between people.

The loop is the same for every game: it asks the seats in ``to_act()`` one at a time (bots
first, so people see who has already chosen), applies their choices through a ``Match``
(so a bad input never changes the game), and tells each person what they may see of what
happened, in the game's own words (``Game.describe``).
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from monastic.cli.choices import Typed, read_typed, show_choices
from monastic.cli.common import CliError, game_or_error, load_match, parse_options
from monastic.cli.outcome import show_result
from monastic.cli.render import Renderer, renderer_for
from monastic.cli.saves import default_save_path, save_match
from monastic.cli.seats import Seating, seating_from_names, split_bot_specs
from monastic.engine import Event, Match, events_for, fresh_seed

__all__ = ["PlaySession", "add_play_parser", "run_play"]

_HINTS = 5  # how many of the search bot's choices a hint shows


class Quit(Exception):
    """The person at the keyboard asked to stop (``quit``, end of input or Ctrl-C)."""


def add_play_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``monastic play``."""
    play = sub.add_parser("play", help="play a game in the terminal against bots or hot-seat")
    play.add_argument("game", help="game id, e.g. medieval-monastery")
    play.add_argument("--players", type=int, help="number of seats (default: the game's)")
    play.add_argument(
        "--bots", help="bot specs for the other seats, cycling (default greedy), e.g. greedy,random"
    )
    play.add_argument("--humans", type=int, help="seats 0..K-1 are people, hot-seat (default 1)")
    play.add_argument("--seed", type=int, help="random seed (default: a fresh one)")
    play.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (may repeat)"
    )
    play.add_argument("--resume", metavar="FILE", help="continue a saved game")
    play.add_argument("--save", metavar="FILE", help="save file (default ~/.monastic/saves/...)")
    play.add_argument(
        "--delay", type=float, default=0.0, metavar="SECONDS", help="pause after each bot move"
    )
    play.add_argument(
        "--plain",
        action="store_true",
        help="line mode (for scripts, screen readers and pipes) instead of the full-screen "
        "interface, which is the default in a terminal",
    )


class PlaySession:
    """One terminal game: the match, who sits where, and what each person has been told."""

    def __init__(
        self,
        match: Match,
        seating: Seating,
        console: Console,
        save_path: Path,
        *,
        delay: float = 0.0,
        save_at_end: bool = False,
    ) -> None:
        self.match = match
        self.seating = seating
        self.console = console
        self.save_path = save_path
        self.delay = delay
        self.save_at_end = save_at_end  # only when the player named the file (or resumed)
        self.renderer: Renderer = renderer_for(match.game.id)
        # Each person (or the spectator, when only bots play) has a log; `unseen` counts
        # the lines at its end that have not been printed to them yet.
        self.viewers: list[int | None] = list(seating.humans) or [None]
        self.logs: dict[int | None, list[str]] = {v: [] for v in self.viewers}
        self.unseen: dict[int | None, int] = {v: 0 for v in self.viewers}
        self.at_keyboard: int | None = None

    def replay_log(self, show_last: int = 8) -> None:
        """Rebuild everyone's log of a resumed game by replaying its record."""
        record = self.match.record
        state = self.match.game.new_game(record.players, record.seed, record.options)
        for seat, text in record.moves:
            self._log_events(state.apply(seat, text))
        for viewer in self.viewers:
            self.unseen[viewer] = min(show_last, len(self.logs[viewer]))

    # The loop -------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or someone quits; returns the exit status."""
        state = self.match.state
        try:
            while not state.is_over():
                acting = state.to_act()
                bots = [seat for seat in acting if seat in self.seating.bots]
                if bots:
                    self._bot_move(bots[0])
                else:
                    self._human_move(acting[0])
        except (Quit, KeyboardInterrupt):
            self._save()
            self.console.print(
                f"Saved to {self.save_path}\nResume with: monastic play {self.match.game.id}"
                f" --resume {self.save_path}",
                markup=False,
                soft_wrap=True,  # keep the command on one line, for copying
            )
            return 0
        self._finish()
        return 0

    def _apply(self, seat: int, action: Any) -> None:
        """Apply through the match (which checks and records) and log it for everyone."""
        self._log_events(self.match.apply(seat, action))

    def _log_events(self, events: list[Event]) -> None:
        for viewer in self.viewers:
            for event in events_for(events, viewer):
                self.logs[viewer].append(self.match.game.describe(event, viewer))
                self.unseen[viewer] += 1

    def _bot_move(self, seat: int) -> None:
        bot = self.seating.bots[seat]
        thinking: AbstractContextManager[Any] = nullcontext()
        if self.seating.humans and self._interactive():
            thinking = self.console.status(f"Seat {seat} ({bot.spec}) is thinking...")
        with thinking:
            action = bot.choose(self.match.state, seat)
        note = bot.take_note()
        if note:
            self.console.print(f"Note: {note}", style="yellow", markup=False)
        self._apply(seat, action)
        if self.delay > 0 and self.at_keyboard in self.logs:
            self._flush_log(self.at_keyboard)
            time.sleep(self.delay)

    # A person's decision -------------------------------------------------------------

    def _human_move(self, seat: int) -> None:
        if len(self.seating.humans) > 1 and self.at_keyboard != seat:
            self._hand_over(seat)
        self.at_keyboard = seat
        self._flush_log(seat)
        self._show_table(seat)
        legal = self.match.state.legal_texts(seat)
        show_choices(self.console, legal, self.renderer.style_action)
        while True:
            typed = read_typed(self._input(f"Seat {seat}> "), len(legal))
            if typed.error:
                self._error(typed.error)
            elif typed.command:
                self._command(seat, typed, legal)
            elif typed.action is not None:
                text = legal[int(typed.action) - 1] if typed.action.isdigit() else typed.action
                try:
                    self._apply(seat, text)
                except ValueError as err:  # IllegalAction, ActionSyntaxError: state unchanged
                    self._error(f"{err}")
                    continue
                return

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: hide everything until the seat's owner says they are at the keyboard."""
        self._clear()
        title = self.match.game.title
        self.console.print(
            Text(f"{title}: Seat {seat} to play. Pass the keyboard to Seat {seat}.", style="bold")
        )
        self._input(f"Seat {seat}, press Enter when you are at the keyboard... ")
        self._clear()

    def _command(self, seat: int, typed: Typed, legal: list[str]) -> None:
        if typed.command == "quit":
            raise Quit
        if typed.command == "help":
            self.console.print(self.renderer.help_text(), markup=False, highlight=False)
            self.console.print(
                "Commands: a number or an action's text to choose; 'list [WORD]' all choices;"
                " 'hint'; 'log'; 'help'; 'quit' (saves).",
                style="dim",
                markup=False,
            )
        elif typed.command == "list":
            show_choices(self.console, legal, self.renderer.style_action, typed.argument)
        elif typed.command == "log":
            lines = self.logs.get(seat, [])
            self.console.print(
                "\n".join(lines[-200:]) or "Nothing has happened yet.",
                markup=False,
                highlight=False,
            )
        elif typed.command == "hint":
            self._hint(seat, legal)

    def _hint(self, seat: int, legal: list[str]) -> None:
        from monastic.bots import make

        try:
            bot: Any = make("ismcts:medium", seed=len(self.match.record.moves))
        except ValueError:
            self.console.print("Hints need the search bot (ismcts), which is not installed.")
            return
        if not hasattr(bot, "analyse"):
            self.console.print("Hints need a search bot that can analyse positions.")
            return
        self.console.print("Thinking...", style="dim")
        try:
            stats = bot.analyse(self.match.state, seat)
        except ImportError as err:
            self.console.print(f"The search bot cannot analyse this game yet ({err}).")
            return
        top = [(str(action), share, reward) for action, share, reward in stats[:_HINTS]]
        width = max(len(text) for text, _, _ in top)
        for text, share, reward in top:
            number = legal.index(text) + 1 if text in legal else 0
            line = Text(f"{number:>3}  ", style="bold") + self.renderer.style_action(text)
            line.append(" " * (width - len(text)))
            line.append(f"   visits {share:6.1%}   mean reward {reward:.2f}", style="dim")
            self.console.print(line)

    # Output --------------------------------------------------------------------------

    def _show_table(self, viewer: int | None) -> None:
        view = dict(self.match.state.view(viewer))
        view["names"] = [self.seating.label(s, viewer) for s in range(self.match.state.players)]
        self.console.rule(style="dim")
        self.renderer.render_table(view, self.console)

    def _flush_log(self, viewer: int | None) -> None:
        count = self.unseen[viewer]
        if count:
            for line in self.logs[viewer][-count:]:
                self.console.print(Text("· ", style="dim") + Text(line))
            self.unseen[viewer] = 0

    def _finish(self) -> None:
        for viewer in self.viewers:
            if len(self.viewers) > 1:
                self.console.print(f"Seat {viewer} saw:", style="bold")
            self._flush_log(viewer)
        viewer = self.seating.humans[0] if len(self.seating.humans) == 1 else None
        self._show_table(viewer)
        show_result(
            self.match.state,
            self.console,
            self.renderer,
            lambda seat: self.seating.label(seat, viewer),
        )
        # The seed foretells every draw, so it is shown only now that nothing is hidden.
        self.console.print(f"The game's seed was {self.match.record.seed}.", style="dim")
        if self.save_at_end:
            self._save()
            self.console.print(f"The finished game is saved in {self.save_path}", markup=False)

    def _save(self) -> None:
        save_match(self.match, self.save_path)

    def _interactive(self) -> bool:
        return self.console.is_terminal and not self.console.is_dumb_terminal

    def _clear(self) -> None:
        if self._interactive():
            self.console.clear()
        else:
            self.console.print("\n" * 3)

    def _error(self, message: str) -> None:
        self.console.print(f"✗ {message}", style="bold red", markup=False, highlight=False)

    def _input(self, prompt: str) -> str:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise Quit from None


def _new_match(args: argparse.Namespace) -> tuple[Match, Seating]:
    game = game_or_error(args.game)
    players = args.players if args.players is not None else game.default_players
    seed = args.seed if args.seed is not None else fresh_seed()
    humans = 1 if args.humans is None else args.humans
    seating = Seating.build(players, humans, split_bot_specs(args.bots))
    match = Match.new(game.id, players, seed, parse_options(args.option), names=seating.names)
    return match, seating


def _resumed_match(args: argparse.Namespace) -> tuple[Match, Seating]:
    match = load_match(args.resume)
    if args.game != match.game.id:
        raise CliError(f"{args.resume} is a {match.game.id} game, not {args.game}")
    record = match.record
    if args.humans is None and args.bots is None:
        seating = seating_from_names(record.names, record.players)
    else:
        humans = 1 if args.humans is None else args.humans
        seating = Seating.build(record.players, humans, split_bot_specs(args.bots))
        record.names = seating.names
    return match, seating


def _full_screen(args: argparse.Namespace) -> bool:
    """The full-screen interface unless asked for line mode, or not at a terminal (a pipe,
    a script), or Textual is not installed."""
    if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    from monastic.cli.tui import available

    return available()


def run_play(args: argparse.Namespace) -> int:
    """The ``monastic play`` command."""
    if args.resume:
        match, seating = _resumed_match(args)
        save_path = Path(args.save or args.resume)
    else:
        match, seating = _new_match(args)
        save_path = Path(args.save) if args.save else default_save_path(match.game.id)
    named = bool(args.save or args.resume)
    if _full_screen(args):
        from monastic.cli.tui.run import run_full_screen

        return run_full_screen(
            match,
            seating,
            save_path,
            resumed=bool(args.resume),
            delay=args.delay,
            save_at_end=named,
        )
    console = Console(highlight=False)
    record = match.record
    me = seating.humans[0] if len(seating.humans) == 1 else None
    seats = ", ".join(f"{s} {seating.label(s, me)}" for s in range(record.players))
    verb = "Resuming" if args.resume else "Starting"
    console.print(
        f"{verb} {match.game.title}: {record.players} players (seats: {seats})."
        "\nType 'help' for the rules and commands.",
        markup=False,
    )
    return PlaySession(
        match, seating, console, save_path, delay=args.delay, save_at_end=named
    ).run()
