"""``monastic play`` driven as a person would, through a pseudo-terminal (pexpect)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]

PROMPT = "Seat 0> "
FIRST_CHOICE = re.compile(r"^\s+1  (\S[^\r\n]*?)(?:\s{3,}|\r?$)", re.M)


def spawn(args: list[str], env: dict[str, str]) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "monastic.cli.main", "play", *args],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 120),
    )


def first_choice(child: pexpect.spawn) -> str:
    """The text of choice 1 in the list printed before the prompt just matched."""
    found = FIRST_CHOICE.findall(child.before)
    assert found, child.before
    return str(found[-1]).strip()


def record_of(path: Path) -> dict[str, object]:
    record: dict[str, object] = json.loads(path.read_text())["record"]
    return record


def test_bad_input_numbers_text_help_quit_and_resume(
    tmp_path: Path, cli_env: dict[str, str]
) -> None:
    save = tmp_path / "game.json"
    args = [
        "medieval-monastery",
        "--players",
        "2",
        "--seed",
        "1",
        "--bots",
        "random",
        "--option",
        "turns=1",
        "--save",
        str(save),
    ]
    child = spawn(args, cli_env)
    child.expect("Starting Medieval Monastery")
    child.expect(PROMPT)
    assert "Your hand (10)" in child.before

    # Bad input: an error, the prompt again, and nothing changed.
    child.sendline("0")
    child.expect("There is no choice 0")
    child.expect(PROMPT)
    child.sendline("play Q9")
    child.expect("is not a card")
    child.expect(PROMPT)
    child.sendline("dance")
    child.expect("unknown action")
    child.expect(PROMPT)

    child.sendline("help")
    child.expect("Combos")
    child.expect(PROMPT)
    child.sendline("list play")
    child.expect("  1  play ")
    child.expect(PROMPT)

    # By number, then by text.
    child.sendline("1")
    child.expect("You played")
    child.expect(PROMPT)
    typed = first_choice(child)
    child.sendline(typed)
    child.expect(PROMPT)

    child.sendline("log")
    child.expect("You played")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(["visits", "Hints need"])
    child.expect(PROMPT)

    child.sendline("quit")
    child.expect("Saved to")
    child.expect("--resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    moves = record_of(save)["moves"]
    assert isinstance(moves, list)
    mine = [text for seat, text in moves if seat == 0]
    assert len(mine) >= 2 and mine[1] == typed  # then any forced moves, played for you

    # Resume: the same game goes on, to its end.
    child = spawn(["medieval-monastery", "--resume", str(save)], cli_env)
    child.expect("Resuming Medieval Monastery")
    for _ in range(80):
        if child.expect([PROMPT, "Final result"]) == 1:
            break
        child.sendline("1")
    else:
        raise AssertionError("the game did not end")
    child.expect("The finished game is saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    resumed = record_of(save)["moves"]
    assert isinstance(resumed, list) and resumed[: len(moves)] == moves
    assert len(resumed) > len(moves)


def test_default_save_path_and_quit_on_end_of_input(
    tmp_path: Path, cli_env: dict[str, str]
) -> None:
    child = spawn(["medieval-monastery", "--players", "3", "--seed", "4"], cli_env)
    child.expect(PROMPT)
    child.sendeof()
    child.expect("Saved to")
    child.expect(pexpect.EOF)
    child.close()
    saves = list((Path(cli_env["HOME"]) / ".monastic" / "saves").glob("medieval-monastery-*.json"))
    assert len(saves) == 1
    assert record_of(saves[0])["names"] == ["human", "greedy", "greedy"]


def test_hot_seat_hides_a_hand_until_its_owner_is_at_the_keyboard(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    args = [
        "medieval-monastery",
        "--players",
        "2",
        "--humans",
        "2",
        "--seed",
        "2",
        "--save",
        str(tmp_path / "hot.json"),
    ]
    child = spawn(args, cli_env)
    child.expect("Seat 0, press Enter")
    assert "Your hand" not in child.before
    child.sendline("")
    child.expect(PROMPT)
    assert "Your hand (10)" in child.before
    child.sendline("1")
    # Seat 0 plays again (Prayer discards) or Seat 1 takes over; either way no hand shows
    # before its owner confirms.
    index = child.expect([PROMPT, "Seat 1, press Enter"])
    if index == 1:
        assert "Your hand" not in child.before
        child.sendline("")
        child.expect("Seat 1> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()


def test_bad_resume_file_exits_2(tmp_path: Path, cli_env: dict[str, str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"record": {"game": "medieval-monastery"}}')
    child = spawn(["medieval-monastery", "--resume", str(broken)], cli_env)
    child.expect("not a valid save file")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
