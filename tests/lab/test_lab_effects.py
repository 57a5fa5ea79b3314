"""The games' own figures read from finished games agree with what the games report."""

from __future__ import annotations

import pytest

from monastic.engine import Record, replay
from monastic.lab.effects import ending_of
from monastic.lab.facts import LabGame, action_kind, play_lab_game
from monastic.lab.games import GameTask


def _game(game: str, players: int, seed: int, bots: str = "random", **options: object) -> LabGame:
    task = GameTask(game, 0, seed, (bots,) * players, tuple(sorted(options.items())))
    return play_lab_game(task)


def test_action_kinds_count_every_move() -> None:
    played = _game("monastery", 2, 3)
    record = Record.from_data(played.outcome.record)
    assert played.moves == len(record.moves)
    for seat in range(2):
        assert sum(played.kinds[seat].values()) == sum(1 for s, _ in record.moves if s == seat)
    assert action_kind("lay PATH_I 1,2 r0") == "lay"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_monastery_denials_are_letters_on_other_tracks(seed: int) -> None:
    played = _game("monastery", 3, seed)
    record = Record.from_data(played.outcome.record)
    colours = [p["colour"][0].upper() for p in replay(record).view(None)["players"]]
    for seat, facts in enumerate(played.seat_facts):
        buys = [t.split() for s, t in record.moves if s == seat and t.startswith("buy ")]
        assert facts["letters"] == len(buys)
        assert facts["denials"] == sum(1 for b in buys if b[2][0] != colours[seat])
    assert played.ending == ending_of("monastery", played.outcome.result)
    assert played.ending.startswith(("E1", "E2", "E3"))


def test_random_play_uses_the_denial_move() -> None:
    # Random bots buy onto other tracks now and then: the reader must see it.
    total = sum(sum(f["denials"] for f in _game("monastery", 2, s).seat_facts) for s in range(4))
    assert total > 0


def test_monasterium_scoring_parts_add_up_to_the_score() -> None:
    played = _game("monasterium", 3, 4)
    record = Record.from_data(played.outcome.record)
    for seat, facts in enumerate(played.seat_facts):
        parts = sum(v for k, v in facts.items() if k.startswith("vp_"))
        assert parts == played.outcome.scores[seat]
        sends = [t for s, t in record.moves if s == seat and t.startswith("to ")]
        assert facts["sends"] == len(sends)
        assert facts["monasteries"] == len({t.split()[1].split("-")[0] for t in sends})


def test_card_game_combo_points_are_all_the_points() -> None:
    played = _game("medieval-monastery", 3, 5, "greedy", turns=3)
    suits = played.outcome.result["breakdown"]["suits"]
    combos = played.facts["combos"]
    assert combos, "greedy declares combos"
    for seat in range(3):
        mine = [points for s, _, points, _ in combos if s == seat]
        assert sum(mine) == sum(suits[seat]) == played.seat_facts[seat]["combo_points"]
        assert played.seat_facts[seat]["combos"] == len(mine)
    for _, name, _, lowest in combos:
        kind, size = name.split()
        assert kind in {"flush", "kind", "straight", "suits"} and int(size) >= 2
        assert lowest >= 0
