"""The full-screen game: board, hand, players, log and the decision, in one Textual app.

The app draws; the ``Session`` (``cli/session.py``, shared with line mode) plays. Bots
think in a worker thread (on a copy of the state), so the screen keeps redrawing and
answering keys while they do. Every pane scrolls on its own: the board, drawn wider than
its pane, scrolls sideways instead of being cut, and a side table too wide for its pane is
stacked a row to a block (``stacking.py``), so the screen works from 80x24 up.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.timer import Timer
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from monastic.cli.common import CliError
from monastic.cli.outcome import show_result
from monastic.cli.render import renderer_for
from monastic.cli.rules_cmd import game_text
from monastic.cli.session import Hint, NoHint, Session
from monastic.cli.tui.drawing import Drawing
from monastic.cli.tui.filtering import exact_choice, matching
from monastic.cli.tui.log_pane import LogPane
from monastic.cli.tui.panes import (
    board_drawing,
    capture,
    natural_width,
    pane_set,
    standings_text,
    text_wrapped,
)
from monastic.cli.tui.screens import HandOverScreen, ReadingScreen, ResultScreen
from monastic.cli.tui.stacking import stacked
from monastic.engine import Action

__all__ = ["PlayApp"]

_RESULT_MIN = 72  # the result screen's tables need this many columns
_REDRAW_AFTER = 0.25  # seconds: while bots play, the table is redrawn this often at most
_HINTS = 3  # how many of the search's choices a hint names

_KEYS = """\
| key | what it does |
|---|---|
| typing | filters the choices (words or the starts of words, any case) |
| ↑ ↓ PgUp PgDn | move through the choices |
| Enter | choose the highlighted choice, or the action you typed in full |
| mouse | click a choice to make it; the wheel scrolls the pane under it |
| Esc | clear what you typed |
| Tab | move between the panes (then the arrow keys scroll them) |
| F1 | this help |
| F2 | the rulebook |
| F3 | how a turn works |
| F4 | the board alone on the screen (again: back) |
| F5 | a hint: the search's favourite choices, from what you know (it takes a moment) |
| Ctrl+Z | undo your last decision, where the rules allow it |
| Ctrl+S | save the game and quit (resume with `--resume FILE`) |
"""


class AnswerInput(Input):
    """The answer line: typing filters the choices, the arrow keys move through them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "app.move(-1)", show=False),
        Binding("down", "app.move(1)", show=False),
        Binding("pageup", "app.move(-8)", show=False),
        Binding("pagedown", "app.move(8)", show=False),
    ]


class ChoiceList(OptionList, can_focus=False):
    """The choices: clicked or moved through from the answer line, which keeps the focus
    so that whatever the person types goes there."""


class PlayApp(App[str]):
    """A game of monastic in the terminal; ``run()`` returns what to print at the end."""

    CSS_PATH = "play.tcss"
    TITLE = "monastic"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("f2", "rules", "Rules"),
        Binding("f3", "turn", "Turn"),
        Binding("f4", "zoom", "Board"),
        Binding("f5", "hint", "Hint"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+s", "save_quit", "Save&quit"),
        Binding("escape", "clear", "Clear", show=False),
    ]

    def __init__(
        self,
        session: Session,
        save_path: Path,
        *,
        delay: float = 0.0,
        show_turn: bool = True,
        save_at_end: bool = False,
    ) -> None:
        super().__init__()
        self.session = session
        self.save_path = save_path
        self.delay = delay
        self.show_turn = show_turn
        self.save_at_end = save_at_end
        self.renderer = renderer_for(session.game.id)
        self.panes = pane_set(session.game.id)
        #: The seat whose decision is on the screen (None while bots think or at the end).
        self.awaiting: int | None = None
        #: The person at the keyboard (whose view is shown); None: a spectator.
        self.viewer: int | None = session.viewers[0]
        self.finished = False
        self.legal: list[str] = []
        self.shown: list[str] = []
        self.notes: dict[str, str] = {}
        self._redraw_timer: Timer | None = None
        self.title = session.game.title

    # Layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="table"):
            with Vertical(id="main"):
                yield Drawing(id="board-pane", classes="pane")
                with Vertical(id="decision"):
                    yield Static(id="prompt")
                    yield AnswerInput(
                        placeholder="type to filter, or an action in full; Enter chooses",
                        id="answer",
                    )
                    yield Static(id="message")
                    yield ChoiceList(id="choices")
            with Vertical(id="side"):
                yield Drawing(id="players-pane", classes="pane")
                yield Drawing(id="hand-pane", classes="pane")
                yield LogPane(self.renderer.style_action, id="log", classes="pane")
        # Compact, and without the palette key: every key of the game fits 80 columns.
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#board-pane").border_title = "Board"
        self.query_one("#players-pane").border_title = "Players"
        self.query_one("#hand-pane").border_title = self.panes.hand_title
        self.query_one("#log").border_title = "Log"
        self.query_one("#decision").border_title = "Decision"
        self.query_one("#answer", Input).cursor_blink = False
        self._fit(self.size.width, self.size.height)
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        self.redraw()
        if self.show_turn:
            self.action_turn()
        self.advance()

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width, event.size.height)

    @on(Drawing.Resized)
    def _pane_resized(self) -> None:
        # Each pane says so once its new size is known; one redraw serves them all.
        self.redraw_soon(at_once=True)

    def _fit(self, width: int, height: int) -> None:
        """Classes the stylesheet sizes the panes by: narrow below 110 columns, short
        below 32 rows."""
        self.screen.set_class(width < 110, "narrow")
        self.screen.set_class(height < 32, "short")

    # Drawing -------------------------------------------------------------------------

    def redraw_soon(self, *, at_once: bool = False) -> None:
        """Redraw in a moment (or at the next refresh), unless something redraws first: bots
        may move hundreds of times a second, and a person's decision redraws at once."""
        if at_once:
            self.call_after_refresh(self.redraw)
        elif self._redraw_timer is None:
            self._redraw_timer = self.set_timer(_REDRAW_AFTER, self.redraw)

    def redraw(self) -> None:
        """Draw every pane from the viewer's current view."""
        if self._redraw_timer is not None:
            self._redraw_timer.stop()
            self._redraw_timer = None
        view = self.session.view(self.viewer)
        board = self.query_one("#board-pane", Drawing)
        width = max(board.scrollable_content_region.width, self.panes.board_width)
        if board.changed(view, width):
            board.show(board_drawing(self.renderer, view, self.panes, width), width)
        players = self.query_one("#players-pane", Drawing)
        # What the seats' tables and standings are drawn from (the rest changes them not).
        keys = ("players", "to_act", "names", "screen", "monks", "abbot", "phase")
        if players.changed([view.get(key) for key in keys], 0):
            self._draw_players(players, view)
        hand_pane = self.query_one("#hand-pane", Drawing)
        if hand_pane.changed(self.panes.hand_data(view), 0):
            hand = self.panes.hand(view)
            hand_pane.display = hand is not None
            if hand is not None:
                self._draw_side(hand_pane, hand, self.panes.hand_heading)
        self._draw_log()
        self.query_one("#status", Static).update(self._status(view))

    def _draw_players(self, pane: Drawing, view: dict[str, Any]) -> None:
        """The renderer's table of seats, and the standings where it lacks them."""
        table = self.panes.players(view)
        standings = self.session.standings(self.viewer) if self.panes.standings else []
        if standings:
            title = "Testament so far" if self.session.game.id == "monastery" else "Standings"
            self._draw_side(pane, Group(table, standings_text(standings, title)), 2)
        else:
            self._draw_side(pane, table, 2)

    def _draw_side(self, pane: Drawing, renderable: RenderableType, heading: int) -> None:
        """A side pane: a line of text wraps in it; a table wider than the pane is stacked,
        one block per row with its first ``heading`` cells on top (squeezed, its rows
        would break in two; scrolled, they would show only their first columns)."""
        visible = pane.scrollable_content_region.width
        if isinstance(renderable, Text):
            pane.show(renderable, visible or natural_width(renderable))
            return
        parts = renderable.renderables if isinstance(renderable, Group) else [renderable]
        group = Group(
            *(
                stacked(part, visible, heading) if isinstance(part, Table) else part
                for part in parts
            )
        )
        width = max(natural_width(group), visible)
        pane.show(text_wrapped(group, visible, width), width)

    def _draw_log(self) -> None:
        self.query_one("#log", LogPane).show(self.session.log(self.viewer))

    def _status(self, view: dict[str, object]) -> Text:
        """The game, whose decision it is (yours, or which bot is thinking), the phase."""
        line = Text(f" {self.session.game.title} · ", style="bold")
        seat = self.session.next_seat()
        if self.finished:
            line.append("the game is over", style="bold")
        elif self.awaiting is not None:
            line.append(f"your decision, Seat {self.awaiting}", style="bold green")
        elif seat is not None and self.session.is_bot(seat):
            spec = self.session.label(seat, None)
            line.append(f"Seat {seat} ({spec}) is thinking…", style="yellow")
        phase = view.get("phase_text")
        if phase:
            line.append(f" · {phase}")
        return line

    # The game goes on ----------------------------------------------------------------

    def advance(self) -> None:
        """Hand the next decision to a bot or a person, or end the game."""
        seat = self.session.next_seat()
        if seat is None:
            self._finish()
            return
        if self.session.is_bot(seat):
            self._wait_for_bot(seat)
            return
        if len(self.session.seating.humans) > 1 and self.viewer != seat:
            self.viewer = seat
            self._clear_decision()
            message = (
                f"{self.session.game.title}: Seat {seat} to play.\n\n"
                f"Pass the keyboard to Seat {seat}, who presses Enter."
            )
            self.push_screen(HandOverScreen(message), lambda _: self._ask(seat))
            return
        self._ask(seat)

    def _wait_for_bot(self, seat: int) -> None:
        self._clear_decision()
        self.redraw_soon()
        self.query_one("#status", Static).update(self._status(self.session.view(self.viewer)))
        self._think(seat)

    @work(thread=True, exclusive=True, group="bots")
    def _think(self, seat: int) -> None:
        # The session thinks on a copy of the state: the screen may read it meanwhile.
        action, note = self.session.bot_choice(seat)
        self.call_from_thread(self._bot_chose, seat, action, note)

    def _bot_chose(self, seat: int, action: Action, note: str | None) -> None:
        self.session.apply(seat, action, "bot")
        if note:
            self.notify(note, title=f"Seat {seat}", severity="warning")
        if self.delay > 0:
            self.redraw()
            self.set_timer(self.delay, self.advance)
        else:
            self.advance()

    def _ask(self, seat: int) -> None:
        if self.session.play_forced() is not None:
            self.call_later(self.advance)
            return
        self.awaiting = seat
        view = self.session.view(seat)
        decision = view.get("decision") or {}
        self.legal = self.session.legal_texts(seat)
        self.notes = dict(decision.get("notes") or self.session.choice_notes(seat))
        self.query_one("#prompt", Static).update(
            Text(str(decision.get("prompt") or "Your decision"), style="bold")
        )
        self._say("")
        answer = self.query_one("#answer", Input)
        answer.value = ""
        self._fill_choices("")
        self.redraw()
        answer.screen.set_focus(answer)  # at once, on its own screen (a dialogue may be up)

    def _clear_decision(self) -> None:
        self.awaiting = None
        self.legal, self.shown = [], []
        self.query_one("#choices", OptionList).clear_options()
        self._say("")
        self.query_one("#answer", Input).value = ""
        self.query_one("#prompt", Static).update(Text("Waiting for the other players…", "dim"))

    def _say(self, message: Text | str) -> None:
        """A line under the answer: what was wrong with it, or why a key did nothing."""
        line = self.query_one("#message", Static)
        line.update(message)
        line.display = bool(message)

    def _fill_choices(self, typed: str) -> None:
        self.shown = matching(self.legal, typed)
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        options.add_options([Option(self._choice(text)) for text in self.shown])
        options.highlighted = 0 if self.shown else None
        count = f"{len(self.shown)} of {len(self.legal)} choices"
        options.border_title = count if typed else f"{len(self.legal)} choices"

    def _choice(self, text: str) -> Text:
        line = self.renderer.style_action(text)
        note = self.notes.get(text)
        if note:
            line.append(f"  {note}", style="dim italic")
        return line

    def _choose(self, text: str) -> None:
        seat = self.awaiting
        if seat is None:
            return
        try:
            self.session.submit(seat, text)
        except ValueError as err:  # illegal or unclear: the game is unchanged
            self._say(Text(f"✗ {err}", style="bold red"))
            return
        self._clear_decision()
        self.advance()

    def _finish(self) -> None:
        self.finished = True
        self._clear_decision()
        humans = self.session.seating.humans
        viewer = humans[0] if len(humans) == 1 else None
        self.viewer = viewer
        self.redraw()
        width = max(self.size.width - 2, _RESULT_MIN)
        state = self.session.state
        outcome = capture(
            lambda console: show_result(
                state, console, self.renderer, lambda s: self.session.label(s, viewer)
            ),
            width,
        )
        # The seed foretells every draw, so it is shown only now that nothing is hidden.
        footnote = Text(f"The game's seed was {self.session.record.seed}.", style="dim")
        if self.save_at_end:
            self.session.save(self.save_path)
            footnote.append(f"\nThe finished game is saved in {self.save_path}")
        table = board_drawing(self.renderer, self.session.view(viewer), self.panes, width)
        title = f" {self.session.game.title}: the game is over"
        self.push_screen(ResultScreen(title, Group(outcome, footnote), table))

    # Typing and choosing -------------------------------------------------------------

    @on(Input.Changed, "#answer")
    def _typed(self, event: Input.Changed) -> None:
        if self.awaiting is not None:
            self._fill_choices(event.value)
            self._say("")

    @on(Input.Submitted, "#answer")
    def _submitted(self, event: Input.Submitted) -> None:
        typed = event.value.strip()
        exact = exact_choice(self.legal, typed) if typed else None
        highlighted = self.query_one("#choices", OptionList).highlighted
        if exact is not None:
            self._choose(exact)
        elif highlighted is not None and highlighted < len(self.shown):
            self._choose(self.shown[highlighted])
        elif typed:
            self._choose(typed)  # the game may read it (or say what is wrong)

    @on(OptionList.OptionSelected, "#choices")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        if event.option_index < len(self.shown):
            self._choose(self.shown[event.option_index])

    def action_move(self, by: int) -> None:
        options = self.query_one("#choices", OptionList)
        if not self.shown:
            return
        current = options.highlighted or 0
        options.highlighted = min(max(current + by, 0), len(self.shown) - 1)

    def action_clear(self) -> None:
        self.query_one("#answer", Input).value = ""

    # Commands ------------------------------------------------------------------------

    def action_help(self) -> None:
        text = f"## Keys\n\n{_KEYS}\n## {self.session.game.title}\n\n```text\n"
        text += self.renderer.help_text() + "\n```\n"
        self.push_screen(ReadingScreen(f" Help: {self.session.game.title}", text))

    def action_rules(self) -> None:
        self._read("rulebook", f" The rulebook of {self.session.game.title}")

    def action_turn(self) -> None:
        self._read("turn", f" {self.session.game.title}: how a turn works (Esc: back to the game)")

    def _read(self, part: str, title: str) -> None:
        try:
            text = game_text(self.session.game, part)
        except CliError as err:
            self._say(Text(f"✗ {err}", style="bold red"))
            return
        self.push_screen(ReadingScreen(title, text))

    def action_zoom(self) -> None:
        if self.screen.maximized is not None:
            self.screen.minimize()
        else:
            self.screen.maximize(self.query_one("#board-pane"))

    def action_hint(self) -> None:
        seat = self.awaiting
        if seat is None:
            self._say(Text("A hint needs a decision of yours.", style="yellow"))
            return
        self._say(Text("Thinking about a hint…", style="dim"))
        self._search_hint(seat, len(self.session.record.moves))

    @work(thread=True, exclusive=True, group="hint")
    def _search_hint(self, seat: int, moves: int) -> None:
        try:
            hints: list[Hint] | str = self.session.hint(seat, _HINTS)
        except NoHint as err:
            hints = str(err)
        self.call_from_thread(self._show_hint, seat, moves, hints)

    def _show_hint(self, seat: int, moves: int, hints: list[Hint] | str) -> None:
        if self.awaiting != seat or len(self.session.record.moves) != moves:
            return  # the decision it was for is gone
        if isinstance(hints, str):
            self._say(Text(hints, style="yellow"))
            return
        best = hints[0]
        line = Text("Hint: ", style="bold green") + self.renderer.style_action(best.action)
        line.append(f" ({best.share:.0%} of the search, mean reward {best.reward:.2f})", "dim")
        others = [h.action for h in hints[1:3]]
        if others:
            line.append("; then " + ", ".join(others), style="dim")
        self._say(line)
        if best.action in self.shown:  # highlighted: Enter plays it
            self.query_one("#choices", OptionList).highlighted = self.shown.index(best.action)

    def action_undo(self) -> None:
        seat = self.awaiting
        if seat is None:
            self._say(Text("Undo works when it is your decision.", style="yellow"))
            return
        try:
            taken = self.session.undo(seat)
        except ValueError as err:  # NoUndo: the rule allows nothing now, and says why
            self._say(Text(f"✗ {err}", style="yellow"))
            return
        self._clear_decision()
        mine = [move.text for move in taken if move.by == "person"]
        self.advance()
        self._say(Text(f"Taken back: {', '.join(mine)}", style="green"))

    def action_save_quit(self) -> None:
        if self.finished:
            self.exit()
            return
        self.session.save(self.save_path)
        game, path = self.session.game.id, self.save_path
        self.exit(f"Saved to {path}\nResume with: monastic play {game} --resume {path}")

    async def action_quit(self) -> None:
        self.action_save_quit()
