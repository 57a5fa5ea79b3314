"""The play loop without a terminal: hot-seat games to the end, one seat asked at a time,
and no person told what their seat may not know."""

from __future__ import annotations

import builtins
import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from monastic.cli.play import PlaySession
from monastic.cli.seats import Seating
from monastic.engine import Match


def play_hot_seat(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, players: int, seed: int
) -> tuple[PlaySession, list[str], str]:
    seating = Seating.build(players, players, ["random"], seed)
    match = Match.new("medieval-monastery", players, seed, {"turns": 1}, names=seating.names)
    out = io.StringIO()
    session = PlaySession(
        match, seating, Console(file=out, width=100), tmp_path / "g.json", save_at_end=True
    )
    rng = random.Random(seed)
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        if "press Enter" in prompt:
            return ""
        seat = int(prompt.split()[1].rstrip(">"))
        assert match.state.to_act() and seat in match.state.to_act()
        return str(rng.randint(1, len(match.state.legal_actions(seat))))

    monkeypatch.setattr(builtins, "input", fake_input)
    assert session.run() == 0
    return session, prompts, out.getvalue()


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_hot_seat_games_end_and_save_a_loadable_record(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, players: int, seed: int
) -> None:
    session, prompts, text = play_hot_seat(monkeypatch, tmp_path, players, seed)
    assert session.match.state.is_over()
    assert "Final result" in text
    saved = Match.from_dict(json.loads((tmp_path / "g.json").read_text()))
    assert saved.record.moves == session.match.record.moves
    # Every change of person at the keyboard went through a hand-over prompt.
    asked = [int(p.split()[1].rstrip(">,")) for p in prompts]
    for before, after, prompt in zip(asked, asked[1:], prompts[1:], strict=False):
        if before != after:
            assert "press Enter" in prompt


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_no_log_shows_cards_drawn_or_given_to_another_seat(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, players: int, seed: int
) -> None:
    session, _, _ = play_hot_seat(monkeypatch, tmp_path, players, seed)
    card = r"[PWSRZOAM][1-9]"
    for viewer, lines in session.logs.items():
        for line in lines:
            assert not re.match(rf"Seat \d drew {card}", line), (viewer, line)
            assert not re.match(rf"Seat \d gave {card}", line), (viewer, line)
            assert not re.search(rf"Seat \d gave a card to seat \d.*{card}", line)
            if line.endswith("(secret until everyone has chosen)"):
                assert line.startswith("You chose")
