"""Tables wider than their pane, drawn as one block per row.

A side pane at 80 columns is about 30 wide; a table of seats or tiles is often twice that.
Scrolled sideways, each row shows only its first columns; stacked, each row reads whole:
its leading cells on one line (the seat, the tile), then its other cells as ``header
value`` pairs below, packed into lines that never split a pair. What a web page does with a
wide table on a phone.
"""

from __future__ import annotations

import io

from rich.console import Console, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

__all__ = ["natural_width", "stacked"]

_INDENT = "  "
_BETWEEN = " · "


def natural_width(renderable: RenderableType, most: int = 120) -> int:
    """How wide ``renderable`` is when nothing squeezes it (at most ``most`` columns)."""
    console = Console(width=most, file=io.StringIO())
    return Measurement.get(console, console.options, renderable).maximum


def _text(cell: RenderableType) -> Text | None:
    """A cell as text (None: a cell that is not text, which stacking cannot place)."""
    if isinstance(cell, Text):
        return cell
    if isinstance(cell, str):
        return Text.from_markup(cell)
    return None


def _packed(pairs: list[Text], width: int) -> list[Text]:
    """``pairs`` joined by `` · `` into lines at most ``width`` wide, a pair never split
    (a pair wider than a line gets a line of its own and is cut by the pane)."""
    lines: list[Text] = []
    line = Text()
    for pair in pairs:
        if line.cell_len and line.cell_len + len(_BETWEEN) + pair.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(_BETWEEN, style="dim")
        line.append_text(pair)
    if line.cell_len:
        lines.append(line)
    return lines


def stacked(table: Table, width: int, heading: int = 2) -> Table | Text:
    """``table`` as it fits ``width`` columns: itself when it does, else one block per row,
    its first ``heading`` cells on the block's first line.

    A table whose cells are not all text is left as it is (the pane then scrolls sideways).
    """
    if table.row_count == 0 or natural_width(table) <= width:
        return table
    columns = _text_columns(table)
    if columns is None:
        return table
    headers = [_text(column.header) or Text() for column in table.columns]
    header_style = table.header_style or "dim"
    blocks: list[Text] = []
    for row in range(table.row_count):
        cells = [column[row] for column in columns]
        first = Text(" ").join(cell for cell in cells[:heading] if cell.plain.strip())
        pairs = [
            Text.assemble((headers[i].plain, header_style), " ", cells[i])
            if headers[i].plain
            else cells[i]
            for i in range(heading, len(cells))
            if cells[i].plain.strip()
        ]
        lines = [first] + [Text(_INDENT) + line for line in _packed(pairs, width - len(_INDENT))]
        blocks.append(Text("\n").join(lines))
    return Text("\n").join(blocks)


def _text_columns(table: Table) -> list[list[Text]] | None:
    """Every column's cells as text, None when some cell is not text."""
    columns: list[list[Text]] = []
    for column in table.columns:
        cells = [_text(cell) for cell in column.cells]
        texts = [cell for cell in cells if cell is not None]
        if len(texts) < len(cells):
            return None
        columns.append(texts)
    return columns
