"""``monastic play``: a game in the terminal against bots, or hot-seat between people.

The loop is the same for every game: it asks the seats in ``to_act()`` one at a time (bots
first, so people see who has already chosen), applies their choices through a ``Match``
(so a bad input never changes the game), and tells each person what they may see of what
happened, in the game's own words (``Game.describe``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from monastic.cli.choices import Typed, read_typed, show_choices
from monastic.cli.common import CliError, game_or_error, load_match, parse_options
from monastic.cli.outcome import show_result
from monastic.cli.render import Renderer, renderer_for
from monastic.cli.saves import default_save_path
from monastic.cli.seats import Seating, seating_from_names, split_bot_specs
from monastic.cli.session import NoHint, Session
from monastic.cli.standings import TITLES
from monastic.engine import Match, fresh_seed

__all__ = ["PlaySession", "add_play_parser", "run_play"]

_HINTS = 5  # how many of the search bot's choices a hint shows
#: Games whose table already shows each seat's score so far (the card game's lowest suit,
#: Monasterium's points): the standings line would only repeat it.
_TABLE_HAS_STANDINGS = frozenset({"medieval-monastery", "monasterium"})
_SINCE_LINES = 2  # each rival's "since your last turn" line wraps to at most this many lines
_COMMAND_HELP = (
    "Commands: a number or an action's text to choose (any case; the start of one is enough"
    " when only one fits); 'list [WORD]' all choices; 'undo' take back your last decision;"
    " 'standings'; 'log'; 'hint'; 'turn' how a turn works; 'rules' the rulebook; 'help';"
    " 'quit' (saves)."
)


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
        "--no-auto",
        action="store_true",
        help="ask even when there is only one choice (by default it plays itself)",
    )
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
    """Line mode: prints a ``Session`` (the shared model) and reads a person's lines."""

    def __init__(
        self,
        match: Match,
        seating: Seating,
        console: Console,
        save_path: Path,
        *,
        delay: float = 0.0,
        save_at_end: bool = False,
        auto_forced: bool = True,
        show_turn: bool = False,
    ) -> None:
        self.session = Session(match, seating, auto_forced=auto_forced)
        self.console = console
        self.save_path = save_path
        self.delay = delay
        self.save_at_end = save_at_end  # only when the player named the file (or resumed)
        self.show_turn = show_turn  # "how a turn works" before the first decision
        self.renderer: Renderer = renderer_for(match.game.id)
        self.at_keyboard: int | None = None

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def seating(self) -> Seating:
        return self.session.seating

    @property
    def logs(self) -> dict[int | None, list[str]]:
        """Each viewer's whole log."""
        return {viewer: self.session.log(viewer) for viewer in self.session.viewers}

    def replay_log(self, show_last: int = 8) -> None:
        """A resumed game shows each viewer the last lines of its log again."""
        for viewer in self.session.viewers:
            self.session.show_last(viewer, show_last)

    # The loop -------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or someone quits; returns the exit status."""
        session = self.session
        try:
            if self.show_turn:
                self._print_markdown(session.turn_text())
            while not session.is_over():
                seat = session.next_seat()
                assert seat is not None
                if session.is_bot(seat):
                    self._bot_move(seat)
                elif session.play_forced() is None:
                    self._human_move(seat)
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

    def _bot_move(self, seat: int) -> None:
        bot = self.seating.bots[seat]
        thinking: AbstractContextManager[Any] = nullcontext()
        if self.seating.humans and self._interactive():
            thinking = self.console.status(f"Seat {seat} ({bot.spec}) is thinking...")
        with thinking:
            action, note = self.session.bot_choice(seat)
        if note:
            self.console.print(f"Note: {note}", style="yellow", markup=False)
        self.session.apply(seat, action, "bot")
        if self.delay > 0 and self.at_keyboard in self.session.viewers:
            self._flush_log(self.at_keyboard)
            time.sleep(self.delay)

    # A person's decision -------------------------------------------------------------

    def _human_move(self, seat: int) -> None:
        if len(self.seating.humans) > 1 and self.at_keyboard != seat:
            self._hand_over(seat)
        self.at_keyboard = seat
        told = self._flush_log(seat)
        tall = self._show_table(seat)
        if tall + told > self.console.height:
            self._show_since(seat)  # the log above has scrolled away
        legal = self.session.legal_texts(seat)
        notes = self.session.choice_notes(seat)
        self._show_decision(seat)
        show_choices(self.console, legal, self.renderer.style_action, notes=notes)
        while True:
            typed = read_typed(self._input(f"Seat {seat}> "), len(legal))
            if typed.error:
                self._error(typed.error)
            elif typed.command:
                if self._command(seat, typed, legal, notes):
                    return  # the game moved (undo): show it afresh
            elif typed.action is not None:
                text = legal[int(typed.action) - 1] if typed.action.isdigit() else typed.action
                try:
                    move = self.session.submit(seat, text)
                except ValueError as err:  # Unresolved: state unchanged
                    self._error(f"{err}")
                    continue
                if text != move.text:
                    self.console.print(f"({text} read as {move.text})", style="dim", markup=False)
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

    def _command(self, seat: int, typed: Typed, legal: list[str], notes: dict[str, str]) -> bool:
        """Run a command; True if it changed the game (so the decision is shown again)."""
        if typed.command == "quit":
            raise Quit
        if typed.command == "help":
            self.console.print(self.renderer.help_text(), markup=False, highlight=False)
            self.console.print(_COMMAND_HELP, style="dim", markup=False)
        elif typed.command == "list":
            show_choices(self.console, legal, self.renderer.style_action, typed.argument, notes)
        elif typed.command == "log":
            lines = self.session.log(seat)
            self.console.print(
                "\n".join(lines[-200:]) or "Nothing has happened yet.",
                markup=False,
                highlight=False,
            )
        elif typed.command == "hint":
            self._hint(seat, legal)
        elif typed.command == "turn":
            self._print_markdown(self.session.turn_text())
        elif typed.command == "rules":
            self._show_rulebook()
        elif typed.command == "standings":
            self._show_standings(seat)
        elif typed.command == "undo":
            try:
                taken = self.session.undo(seat)
            except ValueError as err:  # NoUndo
                self._error(f"{err}")
                return False
            mine = next(move for move in taken if move.by == "person")
            self.console.print(f"Took back: {mine.text}", style="bold", markup=False)
            return True
        return False

    def _hint(self, seat: int, legal: list[str]) -> None:
        self.console.print("Thinking...", style="dim")
        try:
            hints = self.session.hint(seat, _HINTS)
        except NoHint as err:
            self.console.print(str(err))
            return
        width = max(len(h.action) for h in hints)
        for h in hints:
            number = legal.index(h.action) + 1 if h.action in legal else 0
            line = Text(f"{number:>3}  ", style="bold") + self.renderer.style_action(h.action)
            line.append(" " * (width - len(h.action)))
            line.append(f"   visits {h.share:6.1%}   mean reward {h.reward:.2f}", style="dim")
            self.console.print(line)

    # Output --------------------------------------------------------------------------

    def _show_table(self, viewer: int | None) -> int:
        """Print the table; returns how many lines it took."""
        view = self.session.view(viewer)
        self.console.rule(style="dim")
        with self.console.capture() as captured:
            self.renderer.render_table(view, self.console)
        text = captured.get()
        self.console.file.write(text)
        self.console.file.flush()
        return text.count("\n") + 1

    def _show_since(self, seat: int) -> None:
        """A line per rival: what it did since this person's last decision (shortened)."""
        moves = self.session.moves
        if not any(move.seat == seat for move in moves) or moves[-1].seat == seat:
            return  # the first turn (the log above told it all), or the middle of a turn
        rivals = self.session.since_last_turn(seat)
        if not rivals:
            return
        self.console.print(Text("Since your last turn:", style="bold"))
        for rival in rivals:
            line = Text(f"  Seat {rival.seat} ({rival.name}): ", style="bold")
            line.append("; ".join(rival.lines) or "nothing you could see")
            line.truncate(self.console.width * _SINCE_LINES, overflow="ellipsis")
            self.console.print(line)

    def _show_decision(self, seat: int) -> None:
        standings = self.session.standings(seat)
        if standings and self.match.game.id not in _TABLE_HAS_STANDINGS:
            parts = [
                f"{s.name} {s.score} ({s.detail})"
                if s.complete
                else f"Seat {s.seat} {s.name}: {s.detail}"
                for s in standings
            ]
            title = TITLES.get(self.match.game.id, "Standings")
            self.console.print(Text(f"{title}: ", style="bold") + Text(" · ".join(parts)))
        undo = self.session.undo_count(seat)
        if undo:
            self.console.print(
                f"(undo takes back your last decision: {undo} can be taken back)", style="dim"
            )

    def _show_standings(self, seat: int) -> None:
        for standing in self.session.standings(seat):
            score = "?" if standing.score is None else str(standing.score)
            self.console.print(
                f"Seat {standing.seat} {standing.name}: {score}  ({standing.detail})",
                markup=False,
            )

    def _show_rulebook(self) -> None:
        text = self.session.rulebook_text()
        if not self._interactive():
            self.console.print(text, markup=False, highlight=False)
            return
        os.environ.setdefault("LESS", "FRX")
        with self.console.pager(styles=True):
            self.console.print(Markdown(text))

    def _print_markdown(self, text: str) -> None:
        if self._interactive():
            self.console.print(Markdown(text))
        else:
            self.console.print(text, markup=False, highlight=False)

    def _flush_log(self, viewer: int | None) -> int:
        """Print what ``viewer`` has not been told yet; returns how many lines."""
        lines = self.session.take_unseen(viewer)
        for line in lines:
            self.console.print(Text("· ", style="dim") + Text(line))
        return len(lines)

    def _finish(self) -> None:
        viewers = self.session.viewers
        for viewer in viewers:
            if len(viewers) > 1:
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
        self.session.save(self.save_path)

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
    """The full-screen interface unless asked for line mode, or not at a terminal that can
    draw one (a pipe, a script, ``TERM=dumb``), or Textual is not installed."""
    if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    if os.environ.get("TERM", "dumb") == "dumb":
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
            auto_forced=not args.no_auto,
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
    play = PlaySession(
        match,
        seating,
        console,
        save_path,
        delay=args.delay,
        save_at_end=named,
        auto_forced=not args.no_auto,
        show_turn=not args.resume,
    )
    if args.resume:
        play.replay_log()
    return play.run()
