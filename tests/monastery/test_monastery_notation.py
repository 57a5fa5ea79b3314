"""Action texts: every kind parses back to itself; bad text gives a clear error."""

from __future__ import annotations

import pytest
from mon_helpers import GAME

from monastic.engine import ActionSyntaxError

EXAMPLES = [
    "lay PATH_I 1,2 r0",
    "lay DORMITORY 3,0 r90",
    "stables BEEHIVE 0,2 r0",
    "exchange",
    "return DORMITORY",
    "move A 1,2/0 c2",
    "move -1,0 3,1 c2",
    "move 1,3/2 A c1",
    "shift 1,3/0>2",
    "encourage 1,3",
    "end",
    "library R2 G10",
    "workshop",
    "abbotshouse",
    "almonry",
    "pray 5,5",
    "purchase",
    "buy R2 R1",
    "buy G2 G2",
    "monk B R",
    "elect Y",
    "imprison B",
    "imprison none",
    "stand 6,6",
    "keep 6,6/1",
    "keep 5,5",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_round_trip(text: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == text
    assert GAME.parse_action(str(action)) == action
    assert hash(action) == hash(GAME.parse_action(text))


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("lay NOTHING 1,2 r0", "unknown tile"),
        ("buy R11 R1", "columns are 1-10"),
        ("buy R1 R0", "spaces are 1-9"),
        ("fly away", "not a monastery action"),
        ("lay PATH_I 1,2 r45", "not a monastery action"),
    ],
)
def test_syntax_errors(text: str, needle: str) -> None:
    with pytest.raises(ActionSyntaxError, match=needle):
        GAME.parse_action(text)


def test_extra_spaces_are_ignored() -> None:
    assert str(GAME.parse_action("  move   A  1,2  c1 ")) == "move A 1,2 c1"
