"""Reports as self-contained HTML (plots embedded) or as Markdown with PNG files beside it."""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path

from monastic.lab.report_model import Report, TableData

__all__ = ["to_html", "to_markdown", "write_figures"]

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }
table { border-collapse: collapse; margin: 0.5rem 0 1.2rem; font-size: 0.92rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.55rem; text-align: left; }
td.n { text-align: right; }
th { background: #f2efe8; }
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
.note { color: #555; font-size: 0.88rem; }
img { max-width: 100%; }
pre { background: #f7f7f7; padding: 0.6rem; overflow-x: auto; font-size: 0.85rem; }
.blunder { background: #f8d0d0; } .mistake { background: #fbe3c4; }
.inaccuracy { background: #fbf3c4; }
"""


_NUMBER = re.compile(r"^[-+=]?[\d.,]*\d[\d.,%]*( of \d+)?$|^[-=]$|^n/a$")


def _cell(text: str) -> str:
    # Figures line up on the right, words on the left.
    kind = " class='n'" if _NUMBER.match(text) else ""
    return f"<td{kind}>{html.escape(text)}</td>"


def _html_table(table: TableData, row_ids: list[str] | None = None) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in table.headers)
    body = []
    for number, row in enumerate(table.rows):
        attrs = f' id="{row_ids[number]}"' if row_ids else ""
        body.append(f"<tr{attrs}>" + "".join(_cell(c) for c in row) + "</tr>")
    note = f'<p class="note">{html.escape(table.note)}</p>' if table.note else ""
    return (
        f"<table><caption>{html.escape(table.title)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>{note}"
    )


def to_html(report: Report, extra: str = "") -> str:
    """The report as one HTML page; ``extra`` is trusted HTML appended before the raw table."""
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(report.title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(report.title)}</h1>",
    ]
    parts += [f"<p>{html.escape(p)}</p>" for p in report.lead]
    for section in report.sections:
        parts.append(f"<h2>{html.escape(section.title)}</h2>")
        parts += [f"<p>{html.escape(p)}</p>" for p in section.paragraphs]
        for figure in section.figures:
            data = base64.b64encode(figure.png).decode()
            alt = html.escape(figure.title)
            parts.append(
                f"<figure><img alt='{alt}' src='data:image/png;base64,{data}'>"
                f"<figcaption class='note'>{html.escape(figure.title)}</figcaption></figure>"
            )
        parts += [_html_table(t) for t in section.tables]
    parts.append(extra)
    if report.raw is not None:
        parts.append(f"<h2>{html.escape(report.raw.title)}</h2><details><summary>")
        parts.append(f"{len(report.raw.rows)} rows</summary>{_html_table(report.raw)}</details>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def _md_table(table: TableData) -> str:
    lines = [f"**{table.title}**", ""]
    lines.append("| " + " | ".join(_md_cell(h) for h in table.headers) + " |")
    lines.append("|" + "|".join("---" for _ in table.headers) + "|")
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
    if table.note:
        lines += ["", table.note]
    return "\n".join(lines)


def to_markdown(report: Report, level: int = 1) -> str:
    """The report as Markdown; figures are linked by file name (``write_figures`` puts them)."""
    mark = "#" * level
    lines = [f"{mark} {report.title}", ""]
    for paragraph in report.lead:
        lines += [paragraph, ""]
    for section in report.sections:
        lines += [f"{mark}# {section.title}", ""]
        for paragraph in section.paragraphs:
            lines += [paragraph, ""]
        for figure in section.figures:
            lines += [f"![{figure.title}]({figure.name})", ""]
        for table in section.tables:
            lines += [_md_table(table), ""]
    return "\n".join(lines)


def write_figures(report: Report, folder: str | Path) -> list[Path]:
    """Write every figure of the report as a PNG file into ``folder``."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for figure in report.figures():
        path = out / figure.name
        path.write_bytes(figure.png)
        paths.append(path)
    return paths
