"""The log pane: a person's log in the game's words, newest at the bottom.

A rich log wraps each line once, at the width it has when the line comes; this one keeps
the lines and writes them all again when its width changes, so a resized terminal does not
leave the log wrapped for the old width, and keeps the newest line in sight when the
panes above it grow.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

__all__ = ["LogPane"]


class LogPane(RichLog):
    """Shows a list of log lines, keeping up as it grows (or is cut back by an undo)."""

    def __init__(
        self, style_line: Callable[[str], Text], *, id: str | None = None, classes: str = ""
    ) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, min_width=20)
        self.style_line = style_line
        self._lines: list[str] = []
        self._width = 0

    def show(self, lines: list[str]) -> None:
        """Show ``lines``: only the new ones are written, unless the start changed."""
        if lines[: len(self._lines)] != self._lines:
            self.clear()
            self._lines = []
        for line in lines[len(self._lines) :]:
            self.write(Text("· ", style="dim") + self.style_line(line))
        self._lines = list(lines)

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._width:
            self._width = event.size.width
            lines, self._lines = self._lines, []
            self.clear()
            self.show(lines)
        elif self.auto_scroll:
            # Shorter (a pane above it grew), it would hide the newest line until the next.
            self.call_after_refresh(self.scroll_end, animate=False)
