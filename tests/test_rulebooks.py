"""The rulebooks: their tables are the data the engine plays with, and docs/ holds the same text.

After a change of a data file or of a rulebook: ``python scripts/write_rulebook_tables.py``.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from rich.console import Console
from rich.markdown import Markdown

import monastic
from monastic.cli.rules_cmd import game_text

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("medieval-monastery", "monastery", "monasterium")


def _script() -> ModuleType:
    path = ROOT / "scripts" / "write_rulebook_tables.py"
    spec = importlib.util.spec_from_file_location("write_rulebook_tables", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


@pytest.mark.parametrize("game_id", GAMES)
def test_rulebook_tables_match_the_data(game_id: str) -> None:
    shipped = SCRIPT.rulebook_path(game_id).read_text(encoding="utf-8")
    assert SCRIPT.build(game_id) == shipped, "run scripts/write_rulebook_tables.py"


@pytest.mark.parametrize("game_id", GAMES)
def test_docs_rulebook_is_the_shipped_one(game_id: str) -> None:
    shipped = SCRIPT.rulebook_path(game_id).read_text(encoding="utf-8")
    assert SCRIPT.docs_path(game_id).read_text(encoding="utf-8") == shipped


def test_a_stale_table_is_caught() -> None:
    text = SCRIPT.rulebook_path("medieval-monastery").read_text(encoding="utf-8")
    stale = text.replace("| 49 in the combo's suit |", "| 48 in the combo's suit |")
    assert stale != text
    assert SCRIPT.build("medieval-monastery", stale) == text
    with pytest.raises(ValueError, match="unknown table"):
        SCRIPT.build("medieval-monastery", text + "<!-- table: nonsense -->\n<!-- end table -->\n")


@pytest.mark.parametrize("game_id", GAMES)
def test_turn_summary_is_short_and_opens_the_rulebook(game_id: str) -> None:
    game = monastic.load_game(game_id)
    turn = game_text(game, "turn")
    assert 4 <= len(turn.strip().splitlines()) <= 16
    book = game_text(game, "rulebook")
    assert turn in book[:3000]
    assert "<!--" not in book


@pytest.mark.parametrize("game_id", GAMES)
def test_rulebook_renders_and_points_nowhere_outside(game_id: str) -> None:
    text = game_text(monastic.load_game(game_id), "rulebook")
    console = Console(width=100, record=True, color_system=None)
    console.print(Markdown(text))
    out = console.export_text()
    assert len(out.splitlines()) > 100
    assert not re.search(r"/work/|shared/|specs/|seeds/|\.txt\b", text)


def _block(game_id: str, name: str) -> str:
    text = SCRIPT.rulebook_path(game_id).read_text(encoding="utf-8")
    found = re.search(rf"<!-- table: {name} -->\n(.*?)<!-- end table -->", text, re.S)
    assert found, f"{game_id} has no table {name}"
    return found.group(1)


def test_numbers_agree_with_the_loaded_catalogues() -> None:
    from monastic.games.medieval_monastery.catalogue import COMBOS
    from monastic.games.monasterium.catalogue import ROAD_LEN
    from monastic.games.monastery.catalogue import INSTANCES, TYPES

    combos = _block("medieval-monastery", "combos")
    assert len(combos.splitlines()) - 2 == sum(len(rule.sizes) for rule in COMBOS.values())
    if "monastery" in GAMES:
        assert f"| **all tiles** | **{len(INSTANCES)}** |" in _block("monastery", "tile-totals")
        passages = sum(t.category == "passage" for t in TYPES)  # the four share one row
        assert len(_block("monastery", "tiles").splitlines()) - 2 == len(TYPES) - passages + 1
    if "monasterium" in GAMES:
        assert len(_block("monasterium", "road").splitlines()) - 2 == ROAD_LEN


def test_monastery_turn_summary_has_the_engine_numbers() -> None:
    from monastic.games.monastery.catalogue import BOARD
    from monastic.games.monastery.rules import common

    turn = game_text(monastic.load_game("monastery"), "turn")
    bands = sorted(BOARD.conversion)
    spans = [
        f"{low}-{bands[i + 1][0] - 1} → {got}" if i + 1 < len(bands) else f"{low}+ → {got}"
        for i, (low, got) in enumerate(bands)
    ]
    assert "Points left over become blessings: " + ", ".join(spans) + "." in turn
    draws = [common.DRAWS[h] for h in sorted(common.PRAYER_HOURS)]
    assert f"everyone draws {draws[0]}, {draws[1]} or {draws[2]} tiles" in turn
