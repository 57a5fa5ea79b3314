"""Reading what the player typed, and listing long lists of legal actions briefly."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from monastic.cli.choices import read_typed, show_choices


def test_numbers_commands_and_action_text() -> None:
    assert read_typed(" 3 ", 5).action == "3"
    assert read_typed("9", 5).error == "There is no choice 9: choose 1 to 5."
    assert read_typed("", 5).error
    typed = read_typed("LIST  combo flush", 5)
    assert (typed.command, typed.argument) == ("list", "combo flush")
    assert read_typed("play   P7", 5).action == "play P7"


def listing(texts: list[str], only: str = "") -> str:
    out = io.StringIO()
    show_choices(Console(file=out, width=100, color_system=None), texts, Text, only)
    return out.getvalue()


def test_short_lists_are_numbered_in_full() -> None:
    text = listing(["play P1", "play W2", "done"])
    assert "  1  play P1" in text and "  3  done" in text


def test_long_lists_summarise_big_kinds_and_keep_the_numbers() -> None:
    texts = ["done"] + [
        f"offer {t} {c} for {a}" for t in (1, 2) for c in "ABCDEFGHIJ" for a in "PQRSTUVWX"
    ]
    text = listing(texts)
    assert "  1  done" in text
    assert "offer 1 ...: 90 choices" in text and "offer 2 ...: 90 choices" in text
    assert "list offer 1" in text
    assert " 92  offer 2 A for P" in listing(texts, "offer 2 A")
