"""The screens laid over the table: a text to read, the hand-over between people, the end."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Markdown, Static

__all__ = ["HandOverScreen", "ReadingScreen", "ResultScreen"]


class ReadingScreen(ModalScreen[None]):
    """Markdown to read (the rulebook, how a turn works, help), scrolled on its own."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,f2,f3", "dismiss", "Back to the game"),
    ]

    def __init__(self, title: str, markdown: str) -> None:
        super().__init__()
        self.heading = title
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with Vertical(id="reading"):
            yield Static(Text(self.heading, style="bold"), id="reading-title")
            with VerticalScroll(id="reading-body"):
                yield Markdown(self.markdown)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#reading-body").focus()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)


class HandOverScreen(ModalScreen[None]):
    """Hot-seat: the table hidden until the next person says they are at the keyboard."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "dismiss", "I am at the keyboard")]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        yield Static(Text(self.message, style="bold"), id="hand-over")
        yield Footer()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)


class ResultScreen(Screen[None]):
    """The end of the game: the final table and the result, until the player leaves."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape,enter", "leave", "Leave")]

    def __init__(self, heading: str, result: RenderableType, table: RenderableType) -> None:
        super().__init__()
        self.heading = heading
        self.result = result
        self.table = table

    def compose(self) -> ComposeResult:
        yield Static(Text(self.heading, style="bold"), id="result-title")
        with VerticalScroll(id="result-body"):
            yield Static(self.result, id="result-text")
            yield Static(self.table, id="result-table")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#result-body").focus()

    def action_leave(self) -> None:
        self.app.exit()
