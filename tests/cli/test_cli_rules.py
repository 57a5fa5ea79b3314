"""``monastic rules GAME [--turn]``: piped it prints the markdown, in a terminal it pages."""

from __future__ import annotations

import subprocess
import sys

import pexpect  # type: ignore[import-untyped]
import pytest

import monastic
from monastic.cli.main import main
from monastic.cli.rules_cmd import game_text

GAMES = ("medieval-monastery", "monastery", "monasterium")


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "monastic.cli.main", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_piped_rules_print_the_markdown(game_id: str, cli_env: dict[str, str]) -> None:
    done = run(["rules", game_id], cli_env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == game_text(monastic.load_game(game_id))
    assert done.stdout.startswith("# ")
    assert "<!--" not in done.stdout


@pytest.mark.parametrize("game_id", GAMES)
def test_turn_shows_how_a_turn_works(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", game_id, "--turn"]) == 0
    out = capsys.readouterr().out
    assert out == game_text(monastic.load_game(game_id), "turn")
    assert "How a turn works" in out


def test_game_names_are_forgiving(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "Medieval_Monastery", "--turn"]) == 0
    assert "Cenobitic" in capsys.readouterr().out


def test_unknown_game_lists_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "chess"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err
    for game_id in GAMES:
        assert game_id in err
    assert "Traceback" not in err


def test_missing_game_argument_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 2
    assert "GAME" in capsys.readouterr().err


def test_in_a_terminal_the_rulebook_is_rendered_and_paged(cli_env: dict[str, str]) -> None:
    # The pager marks every line it is given, so the test sees that the text went through it.
    env = {**cli_env, "PAGER": "sed 's/^/PAGED| /'", "TERM": "xterm"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "monastic.cli.main", "rules", GAMES[0]],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 100),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    lines = [line for line in child.before.splitlines() if line.strip()]
    assert len(lines) > 200
    assert all(line.startswith("PAGED| ") for line in lines)
    text = "\n".join(lines)
    assert "the rulebook" in text
    assert "# " not in text  # rendered, not the markdown source
    assert "|---" not in text


def test_turn_in_a_terminal_is_rendered_without_a_pager(cli_env: dict[str, str]) -> None:
    env = {**cli_env, "PAGER": "sed 's/^/PAGED| /'", "TERM": "xterm"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "monastic.cli.main", "rules", GAMES[-1], "--turn"],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 100),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "How a turn works" in child.before
    assert "PAGED|" not in child.before
    assert "**" not in child.before
