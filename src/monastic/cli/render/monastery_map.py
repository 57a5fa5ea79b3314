"""The monastery as a grid of tiles drawn with characters: names, boxes, monks and edges.

North is up (y grows North, x grows East, as in the action texts). Each cell has a border;
an edge is marked in the middle of the border it lies on: ``P`` path, ``G`` gateway in
capitals where both sides link, in small letters where only one side has it (an open path
end next to an empty cell, or a gateway facing a wall).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from rich.text import Text

from monastic.games.monastery.catalogue import ABBEY_CELLS, ABBEY_SEGMENTS
from monastic.games.monastery.words import short_tile_name

__all__ = ["CLASS_STYLES", "LAST_MOVE", "MONK_STYLES", "marked_cells", "monk_text", "render_map"]

MONK_STYLES = {"R": "bold red1", "B": "bold dodger_blue1", "G": "bold green3", "Y": "bold yellow1"}
CLASS_STYLES = {
    "grey": "grey85",
    "brown": "dark_orange3",
    "dual": "orchid",
    "neutral": "wheat1",
}
_INNER_H = 3  # text lines inside a cell (2 for big monasteries)
_MAX_W, _MIN_W = 9, 4  # inner width of a cell, in characters
_MARGIN = 4  # room for the y labels on the left
_BORDER = "grey42"
_EDGE_STYLE = {"P": "bold wheat1", "G": "bold green"}
_DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # N E S W
# Box-drawing glyph for a corner, by which borders meet there: up, down, left, right.
_CORNERS = {
    (1, 1, 0, 0): "│",
    (1, 0, 0, 0): "│",
    (0, 1, 0, 0): "│",
    (0, 0, 1, 1): "─",
    (0, 0, 1, 0): "─",
    (0, 0, 0, 1): "─",
    (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└",
    (1, 0, 1, 0): "┘",
    (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤",
    (0, 1, 1, 1): "┬",
    (1, 0, 1, 1): "┴",
    (1, 1, 1, 1): "┼",
}
_ABBEY = set(ABBEY_CELLS)
_ABBEY_EDGES = {(x, y, d): "-PG"[code] for x, y, d, code in ABBEY_SEGMENTS}


def monk_text(letter: str, posture: str = "") -> Text:
    """A monk in his colour: ``R`` upright, ``r`` praying, ``r`` underlined a prisoner."""
    style = MONK_STYLES.get(letter.upper(), "bold")
    if posture == "praying":
        return Text(letter.lower(), style=style + " italic")
    if posture == "prisoner":
        return Text(letter.lower(), style=style + " underline")
    return Text(letter, style=style)


class _Canvas:
    """A grid of characters, each with a style."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, row: int, col: int, text: str | Text, style: str = "", limit: int = 0) -> None:
        """Write ``text`` from (row, col), at most ``limit`` characters when given."""
        plain = text.plain if isinstance(text, Text) else text
        if limit:
            plain = plain[:limit]
        for i, ch in enumerate(plain):
            if 0 <= row < len(self.chars) and 0 <= col + i < len(self.chars[row]):
                self.chars[row][col + i] = ch
                self.styles[row][col + i] = _style_at(text, i) if isinstance(text, Text) else style

    def lines(self) -> list[Text]:
        out = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            line = Text(no_wrap=True, overflow="crop")  # a wrapped map line is garbage
            start = 0
            for i in range(1, len(chars) + 1):
                if i == len(chars) or styles[i] != styles[start]:
                    line.append("".join(chars[start:i]), style=styles[start] or None)
                    start = i
            line.rstrip()
            out.append(line)
        return out


def _style_at(text: Text, offset: int) -> str:
    """The style of one character of ``text``, as a style definition."""
    styles = [str(text.style)] if text.style else []
    styles += [str(span.style) for span in text.spans if span.start <= offset < span.end]
    return " ".join(styles)


def _edge(tiles: dict[tuple[int, int], dict[str, Any]], x: int, y: int, d: int) -> str | None:
    """The edge of cell (x, y) on side d: P, G or -; None for an empty cell."""
    if (x, y) in _ABBEY:
        return _ABBEY_EDGES.get((x, y, d), "-")
    tile = tiles.get((x, y))
    return None if tile is None else str(tile["edges"])[d]


def _marker(a: str | None, b: str | None) -> str:
    """What a border shows for the two facing edges (see the module docstring)."""
    sides = [e for e in (a, b) if e in ("P", "G")]
    if not sides:
        return ""
    if len(sides) == 2:
        return "P" if sides == ["P", "P"] else "G"
    return sides[0].lower()


def _boxes(tile: dict[str, Any], width: int) -> Text:
    parts = []
    for value, monk in zip(tile.get("boxes", []), tile.get("box_monks", []), strict=False):
        part = Text(str(value), style="bold")
        part.append_text(monk_text(monk) if monk else Text("·", style="dim"))
        parts.append(part)
    spaced = Text(" ").join(parts)
    return spaced if len(spaced) <= width else Text("").join(parts)


def _cell_lines(
    tile: dict[str, Any], monks: list[tuple[str, str]], width: int, height: int, round_no: int
) -> list[Text]:
    """Name; boxes (uc) or monks and value (finished); status. Two lines drop the status."""
    style = CLASS_STYLES.get(str(tile.get("colour")), "")
    finished = bool(tile.get("finished"))
    if "tile" in tile:
        name = Text(short_tile_name(tile["tile"]), style=style)
        if tile["category"] == "passage":
            name.stylize(MONK_STYLES.get(tile["tile"].split("_")[1][0], ""))
    else:
        name = Text(f"?{tile.get('colour', '')}", style=style)
    name.stylize("bold" if finished else "italic")
    blessings = (
        Text(f"✚{tile['blessings']}", style="bold magenta") if tile.get("blessings") else None
    )
    if finished:
        second = Text("").join(monk_text(letter, posture) for letter, posture in monks)
        if "value" in tile and tile.get("category") != "livestock":
            value = f"V{tile['value']}"
            gap = max(1, width - len(second) - len(value))
            second.append(" " * gap + value, style="dim")
    else:
        second = _boxes(tile, width)
    status = Text()
    if tile.get("category") == "livestock":
        status.append("stock", style="dim")
    elif finished:
        if tile.get("built_round") == round_no:
            status.append("new", style="cyan")
    else:
        status.append("uc", style="yellow")
    if blessings is not None:
        target = status if height >= 3 else second
        target.append(" " if len(target) else "")
        target.append_text(blessings)
    return [name, second, status][:height]


def _monks_by_cell(view: dict[str, Any]) -> tuple[dict[tuple[int, int], list[Any]], Counter[str]]:
    """Monks on finished tiles by cell (colour letter, posture), and per colour in the Abbey."""
    on: dict[tuple[int, int], list[tuple[str, str]]] = {}
    abbey: Counter[str] = Counter()
    for colour, places in (view.get("monks") or {}).items():
        letter = colour[:1].upper()
        for place in places:
            where, _, posture = str(place).partition(" ")
            if where == "A":
                abbey[letter] += 1
            elif "," in where and "/" not in where and where != "cross":
                x, y = (int(v) for v in where.split(","))
                on.setdefault((x, y), []).append((letter, posture))
    return on, abbey


#: The sign on a cell a rival's last move changed.
LAST_MOVE = "◆"
_BORDER_GLYPHS = set("─│┌┐└┘├┤┬┴┼")
_PLACE = re.compile(r"^(-?\d+),(-?\d+)")
# The word of an action text that names the cell it changes: lay, stables, pray, encourage
# and shift name it first; a move names where the monk goes second.
_CELL_WORD = {"lay": 2, "stables": 2, "pray": 1, "encourage": 1, "shift": 1, "move": 2}


def marked_cells(view: dict[str, Any]) -> dict[tuple[int, int], str]:
    """The cells the other seats' last moves changed (``view["last_moves"]``, which the
    session adds), each with the colour letter of the latest mover there."""
    colours = [str(p.get("colour", ""))[:1].upper() for p in view.get("players", [])]
    out: dict[tuple[int, int], str] = {}
    for move in view.get("last_moves") or []:
        words = str(move.get("action", "")).split()
        index = _CELL_WORD.get(words[0]) if words else None
        if index is None or index >= len(words):
            continue
        place = _PLACE.match(words[index])
        seat = move.get("seat")
        if place and isinstance(seat, int) and 0 <= seat < len(colours):
            out[(int(place.group(1)), int(place.group(2)))] = colours[seat]
    return out


def render_map(view: dict[str, Any], width: int) -> list[Text]:
    """The monastery as lines of text, at most about ``width`` characters wide."""
    tiles = {(int(t["x"]), int(t["y"])): t for t in view.get("tiles", [])}
    occupied = set(tiles) | _ABBEY
    xs = [x for x, _ in occupied]
    ys = [y for _, y in occupied]
    cols = list(range(min(xs) - 1, max(xs) + 2))
    rows = list(range(max(ys) + 1, min(ys) - 2, -1))  # North at the top
    w = max(_MIN_W, min(_MAX_W, (width - _MARGIN) // len(cols) - 1))
    # Big monasteries get two-line cells so that the screen stays within a terminal.
    h = _INNER_H if len(rows) <= 10 else 2
    # The free rows above and below only carry their y label: one line each.
    heights = [1 if i in (0, len(rows) - 1) else h for i in range(len(rows))]
    tops = [1 + sum(heights[:i]) + i for i in range(len(rows))]
    canvas = _Canvas(_MARGIN + len(cols) * (w + 1) + 1, tops[-1] + heights[-1] + 1)
    # Cell text starts one column in when there is room, away from the edge markers.
    pad = 1 if w >= 8 else 0

    def origin(x: int, y: int) -> tuple[int, int]:
        """Canvas (row, col) of the top-left corner of cell (x, y)."""
        return tops[rows.index(y)], _MARGIN + cols.index(x) * (w + 1)

    def drawn(a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether the border between two neighbouring cells is drawn."""
        if a in _ABBEY and b in _ABBEY:
            return False
        return a in occupied or b in occupied

    # Axis labels: x above each column, y left of each row.
    for x in cols:
        _, col = origin(x, rows[0])
        label = str(x)
        canvas.put(0, col + 1 + (w - len(label)) // 2, label, "bold cyan")
    for y in rows:
        row, _ = origin(cols[0], y)
        canvas.put(row + 1 + heights[rows.index(y)] // 2, 0, f"{y:>3}", "bold cyan")
    # Borders and the edge markers in their middle.
    for y in rows:
        for x in cols:
            row, col = origin(x, y)
            if drawn((x, y), (x, y + 1)):
                canvas.put(row, col + 1, "─" * w, _BORDER)
                mark = _marker(_edge(tiles, x, y, 0), _edge(tiles, x, y + 1, 2))
                if mark:
                    canvas.put(row, col + 1 + w // 2, mark, _EDGE_STYLE[mark.upper()])
            if drawn((x, y), (x - 1, y)):
                for i in range(h):
                    canvas.put(row + 1 + i, col, "│", _BORDER)
                mark = _marker(_edge(tiles, x, y, 3), _edge(tiles, x - 1, y, 1))
                if mark:
                    canvas.put(row + 1 + h // 2, col, mark, _EDGE_STYLE[mark.upper()])
    # Corners (top-left of each cell). The grid has a free margin, so the borders past its
    # last row and column are never drawn.
    for y in rows:
        for x in cols:
            up = drawn((x, y + 1), (x - 1, y + 1))
            down = drawn((x, y), (x - 1, y))
            left = drawn((x - 1, y), (x - 1, y + 1))
            right = drawn((x, y), (x, y + 1))
            glyph = _CORNERS.get((int(up), int(down), int(left), int(right)))
            if glyph:
                row, col = origin(x, y)
                canvas.put(row, col, glyph, _BORDER)
    # The rivals' last moves: the cell's border in the mover's colour.
    for (x, y), letter in marked_cells(view).items():
        if x not in cols or y not in rows:
            continue
        row, col = origin(x, y)
        bottom = row + heights[rows.index(y)] + 1
        for r in range(row, bottom + 1):
            for c in range(col, col + w + 2):
                edge = r in (row, bottom) or c in (col, col + w + 1)
                if edge and canvas.chars[r][c] in _BORDER_GLYPHS:
                    canvas.styles[r][c] = MONK_STYLES.get(letter, "bold")
        # A sign that shows without colours too, at the start of the top border.
        canvas.put(row, col + 1, LAST_MOVE, MONK_STYLES.get(letter, "bold"))
    on, abbey = _monks_by_cell(view)
    round_no = int(view.get("round", 0))
    for (x, y), tile in tiles.items():
        row, col = origin(x, y)
        for i, line in enumerate(_cell_lines(tile, on.get((x, y), []), w - pad, h, round_no)):
            canvas.put(row + 1 + i, col + 1 + pad, line, limit=w - pad)
    # The Abbey: one block over its six cells.
    row, col = origin(0, 1)
    inner = 3 * (w + 1) - 1
    title = "ABBEY" if inner >= 10 else "Abbey"
    canvas.put(row + h // 2 + 1, col + 1 + (inner - len(title)) // 2, title, "bold")
    monks = Text(" ").join(
        monk_text(letter) + Text(str(count)) for letter, count in sorted(abbey.items())
    )
    at = col + 1 + max(0, (inner - len(monks)) // 2)
    canvas.put(row + h + 1 + (h + 1) // 2, at, monks, limit=inner)
    lines = canvas.lines()
    if max(len(line) for line in lines) > width:
        lines.append(Text("(the map is cut at the right: widen the terminal)", style="yellow"))
    return lines
