"""``monastic play`` in a real terminal opens the full-screen interface by default."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect


def test_play_in_a_terminal_is_full_screen_and_saves_on_ctrl_s(
    tmp_path: Path, cli_env: dict[str, str]
) -> None:
    env = {**cli_env, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("NO_COLOR", None)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[3] / "src")
    save = tmp_path / "game.json"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "monastic.cli", "play", "medieval-monastery", "--seed", "4", "--save", str(save)],
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=60,
    )
    try:
        child.expect("how a turn works")  # the full screen starts with the turn summary
        child.send("\x1b")  # Esc: to the table
        child.expect("Decision")
        child.send("\x13")  # Ctrl+S: save and quit
        child.expect("Resume with: monastic play medieval-monastery --resume")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert save.exists()
