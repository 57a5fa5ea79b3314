"""The same seed gives the same trajectories through every adapter of every game under two
``PYTHONHASHSEED`` values (separate processes)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest
from tests.rl.helpers import has_common_view

import monastic

SCRIPT = pathlib.Path(__file__).with_name("trajectory_digest.py")


GAMES = [g for g in ("medieval-monastery", "monasterium", "monastery") if has_common_view(g)]


def _digest(hash_seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    source = str(pathlib.Path(monastic.__file__).parents[1])  # this checkout's package first
    env["PYTHONPATH"] = os.pathsep.join([source, env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *GAMES], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.skipif(not GAMES, reason="no game's view is in the common shape yet")
def test_trajectories_do_not_depend_on_the_hash_seed() -> None:
    first = _digest("0")
    assert len(first) == 64
    assert _digest("4242") == first
