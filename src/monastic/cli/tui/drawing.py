"""A pane that shows a drawing of the renderers, scrolling both ways where it is larger.

The drawing is rendered once into lines when it changes; scrolling and repainting then only
cut those lines (Textual's line API), so a big board costs little to keep on the screen.
"""

from __future__ import annotations

import json

from rich.console import RenderableType
from rich.segment import Segment
from textual.events import Resize
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

__all__ = ["Drawing"]


class Drawing(ScrollView, can_focus=True):
    """A scrolling pane holding one rich drawing."""

    class Resized(Message):
        """The pane's width changed: what it shows may need drawing for the new width."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._strips: list[Strip] = []
        self._drawn_from: str | None = None
        #: The pane's width when it was last drawn (0: never).
        self.drawn_at_width = 0

    def changed(self, data: object, width: int) -> bool:
        """Whether ``data`` at ``width`` differs from what the pane was last drawn from
        (drawing costs far more than this comparison)."""
        key = f"{width}:{json.dumps(data, sort_keys=True, default=str)}"
        if key == self._drawn_from:
            return False
        self._drawn_from = key
        return True

    def show(self, renderable: RenderableType, width: int) -> None:
        """Draw ``renderable`` at ``width`` columns (the pane scrolls if it is narrower)."""
        console = self.app.console
        options = console.options.update(width=width, height=None)
        lines = console.render_lines(renderable, options, pad=False)
        # Trailing blank lines would only add scrolling.
        while lines and not "".join(segment.text for segment in lines[-1]).strip():
            lines.pop()
        self._strips = [Strip(Segment.simplify(line)) for line in lines]
        self.drawn_at_width = self.size.width
        widest = max((strip.cell_length for strip in self._strips), default=0)
        self.virtual_size = Size(widest, len(self._strips))
        self.refresh()

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self.drawn_at_width:
            self._drawn_from = None
            self.post_message(self.Resized())

    @property
    def lines(self) -> list[str]:
        """The drawing as plain text, line by line."""
        return [strip.text for strip in self._strips]

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width = self.scrollable_content_region.width
        if index >= len(self._strips):
            return Strip.blank(width, self.rich_style)
        return self._strips[index].crop_extend(scroll_x, scroll_x + width, self.rich_style)
