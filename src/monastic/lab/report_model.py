"""The parts a report is made of, rendered to HTML or Markdown by ``render``."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Figure", "Report", "Section", "TableData"]


@dataclass(frozen=True, slots=True)
class TableData:
    """A table of text cells; ``note`` says how to read it."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Figure:
    """A plot as PNG bytes; ``name`` is its file name (``monastery-2p-seats.png``)."""

    name: str
    title: str
    png: bytes


@dataclass(slots=True)
class Section:
    """A heading with paragraphs, tables and figures."""

    title: str
    paragraphs: list[str] = field(default_factory=list)
    tables: list[TableData] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)


@dataclass(slots=True)
class Report:
    """A whole report: a title, a lead paragraph and sections."""

    title: str
    lead: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    raw: TableData | None = None  # the raw rows, for the HTML report's last section

    def figures(self) -> list[Figure]:
        return [figure for section in self.sections for figure in section.figures]
