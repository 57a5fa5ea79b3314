"""What each pane of the full-screen interface shows, drawn by the game's own renderer.

The board pane is the renderer's whole table (``render_table``) with the viewer's hidden
part left out, because that part has a pane of its own; the players pane is the renderer's
table of seats, kept in sight while the board scrolls. A game without a renderer of its own
gets the generic JSON table and a plain list of seats.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from monastic.cli.render import Renderer, monasterium, monastery
from monastic.cli.render import medieval_monastery as card_game
from monastic.cli.render.base import seat_label
from monastic.cli.standings import Standing
from monastic.cli.tui.stacking import natural_width

__all__ = [
    "PaneSet",
    "board_drawing",
    "capture",
    "natural_width",
    "pane_set",
    "standings_text",
]

View = dict[str, Any]


@dataclass(frozen=True, slots=True)
class PaneSet:
    """How one game fills the panes.

    ``hidden`` is the view key of what only the viewer sees (shown in the hand pane, not on
    the board); ``hand_title`` names that pane.
    """

    hand_title: str
    hidden: str | None
    hand: Callable[[View], RenderableType | None]
    players: Callable[[View], RenderableType]
    #: Narrower than this the renderer squeezes its tables: the board scrolls sideways.
    board_width: int = 72
    #: Whether the players pane adds the running standings (where the renderer's table of
    #: seats does not already show each one's score so far).
    standings: bool = False
    #: How many leading cells head each row of the hand's table where the pane is too
    #: narrow for it and its rows are stacked (``stacking.py``).
    hand_heading: int = 1

    def hand_data(self, view: View) -> object:
        """What the hand pane is drawn from (to redraw it only when that changes)."""
        if self.hidden is not None:
            return view.get(self.hidden)
        seat = view.get("viewer")
        return view["players"][seat] if isinstance(seat, int) else None


def _monastery_hand(view: View) -> RenderableType | None:
    parts = monastery._my_screen(view)
    return Group(*parts) if parts else None


def _card_hand(view: View) -> RenderableType | None:
    return card_game._hand(view) if view.get("hand") is not None else None


def _monasterium_hand(view: View) -> RenderableType | None:
    seat = view.get("viewer")
    if seat is None:
        return None
    player = view["players"][seat]
    unlocked = monasterium._unlocked(player)
    area = monasterium._area(view, player)
    return Group(area, unlocked) if unlocked is not None else area


def _generic_players(view: View) -> RenderableType:
    names = view.get("names") or []
    table = Table(box=None, pad_edge=False, padding=(0, 1), show_header=False)
    table.add_column("", width=1)
    table.add_column("seat", no_wrap=True)
    for player in view.get("players") or []:
        seat = int(player.get("seat", 0))
        name = names[seat] if seat < len(names) else ""
        table.add_row(
            "▶" if seat in (view.get("to_act") or []) else "",
            f"{seat_label(seat, view.get('viewer'))} {name}",
        )
    return table


_PANES: dict[str, PaneSet] = {
    "monastery": PaneSet(
        "Your screen",
        "screen",
        _monastery_hand,
        lambda v: monastery._players(v, colour=True),
        standings=True,
        hand_heading=2,
    ),
    "medieval-monastery": PaneSet(
        "Your hand", "hand", _card_hand, card_game._scores_table, board_width=44
    ),
    "monasterium": PaneSet("Your monastery", None, _monasterium_hand, monasterium._players_table),
}


def pane_set(game_id: str) -> PaneSet:
    """The panes of a game (a game without its own renderer: a list of seats, no hand)."""
    return _PANES.get(game_id, PaneSet("Your hand", None, lambda _: None, _generic_players))


def board_view(view: View, panes: PaneSet) -> View:
    """The view the board is drawn from: without what the hand pane already shows."""
    if panes.hidden is None or panes.hidden not in view:
        return view
    return {**view, panes.hidden: None}


class _Collector(Console):
    """A console that keeps what is printed on it, to draw it in a pane.

    The renderers print on a console; kept as renderables (not as printed text), their
    drawings go into the pane as they are, with no round trip through escape codes.
    """

    def __init__(self, width: int) -> None:
        super().__init__(width=width, file=io.StringIO(), color_system="truecolor")
        self.kept: list[RenderableType] = []

    def print(self, *objects: Any, **options: Any) -> None:
        for item in objects:
            if isinstance(item, str):
                markup = options.get("markup")
                item = Text(item) if markup is False else Text.from_markup(item)
            self.kept.append(item)


def capture(draw: Callable[[Console], None], width: int) -> RenderableType:
    """What ``draw`` prints on a console ``width`` columns wide."""
    console = _Collector(width)
    draw(console)
    return Group(*console.kept)


def board_drawing(renderer: Renderer, view: View, panes: PaneSet, width: int) -> RenderableType:
    """The board pane: the renderer's table at ``width`` columns."""
    shown = board_view(view, panes)
    return capture(lambda console: renderer.render_table(shown, console), width)


def text_wrapped(group: Group, visible: int, width: int) -> Group:
    """``group`` drawn ``width`` columns wide in a pane showing ``visible`` of them: its lines
    of text broken to ``visible`` columns, so they read whole while a table beside them
    keeps its width and scrolls sideways."""
    if not 0 < visible < width:
        return group
    console = Console(width=visible, file=io.StringIO())
    return Group(
        *(
            Text("\n").join(part.wrap(console, visible)) if isinstance(part, Text) else part
            for part in group.renderables
        )
    )


def standings_text(standings: list[Standing], title: str) -> Text:
    """``Testament so far: you 14 · greedy 9``, and below it, dim, how yours is reckoned
    (the others' reckoning only repeats that their hidden parts are hidden)."""
    line = Text(f"{title}: ", style="bold")
    for number, standing in enumerate(standings):
        line.append(" · " if number else "")
        score = "?" if standing.score is None else str(standing.score)
        line.append(f"{standing.name} {score}", style="bold" if standing.name == "you" else "")
    for standing in standings:
        if standing.name == "you":
            line.append(f"\n  you: {standing.detail}", style="dim")
    return line
