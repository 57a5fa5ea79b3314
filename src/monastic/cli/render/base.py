"""What a game's renderer provides, and the wording every renderer shares.

A renderer is a module ``monastic.cli.render.<game_package>`` that draws (the words of a
game, events included, come from the game itself: ``Game.describe``). It has two functions:

- ``render_table(view, console)``: draw the table as ``view["viewer"]`` sees it. The play
  loop adds ``view["names"]``, one label per seat ("you", "greedy", ...).
- ``help_text() -> str``: the rules summary shown by the ``help`` command.

and optionally ``style_action(text) -> rich.text.Text`` (how a legal action is listed) and
``render_breakdown(result, console)`` (the details of a final result).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from rich.console import Console
from rich.text import Text

__all__ = ["Describer", "Renderer", "describe_with", "seat_label", "seats_label"]


class Renderer(Protocol):
    """The functions the play loop calls; ``monastic.cli.render.renderer_for`` builds one."""

    def render_table(self, view: dict[str, Any], console: Console) -> None: ...

    def help_text(self) -> str: ...

    def style_action(self, text: str) -> Text: ...

    def render_breakdown(self, result: dict[str, Any], console: Console) -> None: ...


#: One kind of event in words, for a viewer (None: a spectator); None to skip it.
Describer = Callable[[dict[str, Any], int | None], str | None]


def describe_with(
    table: Mapping[str, Describer], event: dict[str, Any], viewer: int | None
) -> str | None:
    """``event`` in words by its kind's entry in ``table``; an unknown kind shows raw."""
    describe = table.get(str(event.get("kind")))
    if describe is None:
        return f"{event.get('kind')}: {event}"
    return describe(event, viewer)


def seat_label(seat: Any, viewer: int | None, *, capital: bool = True) -> str:
    """``Seat 2``, or ``You``/``you`` when the seat is the viewer's."""
    if viewer is not None and seat == viewer:
        return "You" if capital else "you"
    return f"Seat {seat}" if capital else f"seat {seat}"


def seats_label(seats: Iterable[Any], viewer: int | None) -> str:
    """``Seat 0, Seat 2 and you``."""
    names = [seat_label(s, viewer, capital=True) for s in seats]
    names = [n if n != "You" else "you" for n in names]
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return ", ".join(names[:-1]) + " and " + names[-1]
