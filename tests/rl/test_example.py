"""The training example runs as its README says (here for a second) and saves its plot."""

from __future__ import annotations

import pathlib
import runpy
import sys

import pytest
from tests.rl.helpers import needs_common_view

EXAMPLE = pathlib.Path(__file__).parents[2] / "examples" / "train_card_game.py"


@needs_common_view("medieval-monastery")
def test_the_training_example_runs_and_saves_its_curve(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "curve.png"
    argv = ["train", "--seconds", "1", "--every", "5", "--eval-games", "4", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    assert out.read_bytes().startswith(b"\x89PNG")
    printed = capsys.readouterr().out
    assert "of the points against random" in printed and "trained on" in printed
