"""Setup (§2), notation, saving, views and messages."""

from __future__ import annotations

import json

import pytest
from monasterium_pos import act_position, do, new, texts

import monastic
from monastic import ActionSyntaxError, BadSaveFile, IllegalAction
from monastic.games.monasterium import GAME


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_2(n: int) -> None:
    """§2: goods, dice, stacks, messengers, blocked spaces, missions, first roll."""
    s = new(n, seed=9)
    assert s.goods == [[2, 2, 1, 0, 0]] * n
    assert s.supply == [36 - 2 * n, 30 - 2 * n, 30 - n, 20, 12]
    assert s.messenger_space == [1] * n and s.personal_dice == [1] * n and s.vp == [0] * n
    assert s.tile_stacks == [2 * n] * 5
    assert s.held_neutral == [{2: 5, 3: 3, 4: 2}[n]] * n
    assert s.occupied_slots == [(1 << 20) - 1] * n
    blocked = sum(1 for b in s.buildings if b == -2)
    assert blocked == (10 if n == 2 else 0)
    assert s.phase == "place" and s.current == s.start_player and s.round == 1
    roll = (s.rolled_personal or []) + s.rolled_neutral
    assert len(roll) == 1 + s.held_neutral[s.current]
    assert len(s.missions) == 6


def test_start_player_and_missions_vary_with_seed() -> None:
    """§2 step 3 and 6: random start player and missions from the state's generator."""
    starts = {new(4, seed).start_player for seed in range(30)}
    missions = {tuple(new(4, seed).missions) for seed in range(30)}
    assert starts == {0, 1, 2, 3} and len(missions) > 10
    assert new(4, 7).to_dict() == new(4, 7).to_dict()


def test_parse_round_trip_and_errors() -> None:
    """Every text parses back to the same action; bad text raises ActionSyntaxError."""
    for text in [
        "place 4",
        "reroll P4 N1 N1",
        "keep",
        "take 4x2",
        "take 6>3",
        "use std1 I-2",
        "use II-4 X-III",
        "use I-1 rosary",
        "use I-3 swap",
        "use I-3",
        "use II-5 2",
        "use III-5",
        "use std5",
        "to PUR-K6",
        "tile GRN W-II col",
        "bonus soup>tool",
        "decline",
    ]:
        assert str(GAME.parse_action(text)) == text
    for bad in ["", "place 7", "take 6x2", "use IV-1", "use std1", "use std2 I-1", "to X", "hop"]:
        with pytest.raises(ActionSyntaxError):
            GAME.parse_action(bad)


def test_illegal_action_message_and_state_unchanged() -> None:
    """A refused action names the pending decision and leaves the state as it was."""
    s = act_position(3, seat=0, fields={1: 1})
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="take"):
        s.apply(0, "take 2x1")
    with pytest.raises(IllegalAction, match="not to act"):
        s.apply(1, "take 1x1")
    assert s.to_dict() == before


def test_views_are_json_and_equal_for_all_seats() -> None:
    """Nothing is hidden: every seat's view is the spectator's view."""
    s = new(3)
    spectator = s.view(None)
    json.dumps(spectator)
    for seat in range(3):
        view = s.view(seat)
        asked = view["decision"] if seat == s.current else None
        assert view == spectator | {"viewer": seat, "decision": asked}
    assert spectator["pending"] == "place" and spectator["rolled"] is not None


def test_broken_saves_are_refused() -> None:
    """Loading validates the data and names the problem."""
    s = act_position(3, seat=0, fields={1: 1})
    data = json.loads(s.to_json())
    data["state"]["goods"][0][0] += 1
    with pytest.raises(BadSaveFile, match="supply"):
        GAME.from_json(json.dumps(data))
    data = json.loads(s.to_json())
    data["state"]["occupied_slots"][1] = 0
    with pytest.raises(BadSaveFile, match="novices"):
        GAME.from_json(json.dumps(data))
    data = json.loads(s.to_json())
    data["state"]["tasks"] = [[9]]
    with pytest.raises(BadSaveFile, match="task"):
        GAME.from_json(json.dumps(data))


def test_match_save_file_round_trip() -> None:
    """A Match (record + state) saves and loads."""
    match = monastic.Match.new("monasterium", 2, 4)
    for _ in range(30):
        seat = match.state.to_act()[0]
        match.apply(seat, match.state.legal_actions(seat)[-1])
    again = monastic.Match.from_dict(match.to_dict())
    assert again.state.to_dict() == match.state.to_dict()


def test_texts_helper_matches_legal_texts() -> None:
    """The decision of a fresh action turn is a take."""
    s = act_position(3, seat=0, fields={1: 2})
    do(s)
    assert texts(s) == ["take 1x1", "take 1x2"]


@pytest.mark.parametrize(
    ("n", "seed", "decisions", "scores"),
    [
        (2, 1, 223, [42, 28]),
        (3, 2, 352, [37, 24, 41]),
        (4, 3, 487, [45, 14, 39, 32]),
    ],
)
def test_golden_random_games(n: int, seed: int, decisions: int, scores: list[int]) -> None:
    """Regression: seeded random play (choices from Rng(seed)) gives these exact games."""
    from monastic.engine import Rng

    s = new(n, seed)
    r = Rng(seed)
    count = 0
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply_unchecked(seat, r.choice(s.legal_actions(seat)))
        count += 1
    assert (count, s.vp) == (decisions, scores)
