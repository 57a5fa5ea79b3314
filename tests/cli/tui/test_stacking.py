"""Side-pane tables too wide for their pane are stacked, one block per row, none cut."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from monastic.cli.tui.stacking import natural_width, stacked


def _seats() -> Table:
    table = Table(box=None, pad_edge=False, padding=(0, 1))
    for header in ("", "seat", "hand", "track", "monks"):
        table.add_column(header, no_wrap=True)
    table.add_row("▶", "You (green) ✝", "4", "abomnibus", "A1 out0 ✝4")
    table.add_row("", "Seat 1 (yellow) greedy", "3", "malisamen", "A0 out1 ✝4 (1 praying)")
    return table


def test_a_table_that_fits_is_left_as_it_is() -> None:
    table = _seats()
    assert stacked(table, natural_width(table)) is table


def test_a_wide_table_reads_whole_within_the_pane() -> None:
    out = stacked(_seats(), 30)
    assert isinstance(out, Text)
    lines = out.plain.split("\n")
    assert lines == [
        "▶ You (green) ✝",
        "  hand 4 · track abomnibus",
        "  monks A1 out0 ✝4",
        "Seat 1 (yellow) greedy",
        "  hand 3 · track malisamen",
        "  monks A0 out1 ✝4 (1 praying)",
    ]
    assert max(len(line) for line in lines) <= 30


def test_the_heading_takes_as_many_cells_as_asked() -> None:
    table = Table()
    for header in ("tile", "name", "V", "boxes"):
        table.add_column(header)
    table.add_row("PATH_L", "Path (corner)", "0", "-")
    out = stacked(table, 20, heading=2)
    assert isinstance(out, Text)
    assert out.plain.split("\n") == ["PATH_L Path (corner)", "  V 0 · boxes -"]


def test_a_table_with_a_drawing_in_a_cell_scrolls_instead() -> None:
    table = Table()
    table.add_column("seat")
    table.add_column("area")
    inner = Table()
    inner.add_column("x" * 40)
    table.add_row("You", inner)
    assert stacked(table, 10) is table
