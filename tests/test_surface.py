"""The surface every front end reads, the same for every game (docs/engine.md "The surface").

Over whole random games of every game and player count: each view starts with the shared
keys in order, with the same meaning everywhere; the public seat entries are the same for
every viewer; a decision is offered exactly to the seats to act, with their legal texts;
every event a viewer sees reads as one plain line; the game ends with ``game_over``.
"""

from __future__ import annotations

import json
import pathlib
import random
import re

import pytest

import monastic
from monastic.engine import GAME_OVER, VIEW_KEYS, events_for

GAMES = monastic.game_ids()
CASES = [
    (game_id, players, seed)
    for game_id in GAMES
    for players in range(
        monastic.load_game(game_id).info.min_players,
        monastic.load_game(game_id).info.max_players + 1,
    )
    for seed in (1, 2)
]
SHORT = {"medieval-monastery": {"turns": 2}}
MACHINE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
VIEW_EVERY = 7  # views are checked at every 7th step (and the last): the shape, not the speed


def _check_view(state: monastic.State, viewer: int | None) -> dict[str, object]:
    view = state.view(viewer)
    assert list(view)[: len(VIEW_KEYS)] == list(VIEW_KEYS)
    json.dumps(view)
    assert view["game"] == state.game.id
    assert view["viewer"] == viewer
    players = view["players"]
    assert isinstance(players, list) and len(players) == state.players
    assert all(isinstance(entry, dict) for entry in players)
    assert isinstance(view["phase"], str) and MACHINE_NAME.match(view["phase"])
    assert isinstance(view["phase_text"], str) and view["phase_text"].strip()
    assert "\n" not in view["phase_text"]
    assert view["to_act"] == state.to_act()
    assert view["over"] is state.is_over()
    if viewer is None or viewer not in state.to_act():
        assert view["decision"] is None
    else:
        decision = view["decision"]
        assert isinstance(decision, dict)
        assert set(decision) == {"kind", "prompt", "actions", "notes"}
        assert set(decision["notes"]) <= set(decision["actions"])
        assert all(isinstance(note, str) and note for note in decision["notes"].values())
        assert MACHINE_NAME.match(decision["kind"])
        assert isinstance(decision["prompt"], str) and decision["prompt"].strip()
        assert decision["actions"] == state.legal_texts(viewer)
    if state.is_over():
        assert view["result"] == state.result().to_dict()
    else:
        assert view["result"] is None
    return view


def _check_event_words(game: monastic.Game, event: dict[str, object], viewer: int | None) -> None:
    line = game.describe(event, viewer)
    assert isinstance(line, str) and line.strip(), f"no words for {event}"
    assert "\n" not in line, f"more than one line for {event}: {line!r}"
    assert "{" not in line and "_" not in line, f"raw data in the words for {event}: {line!r}"


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_views_events_and_words_share_one_shape(game_id: str, players: int, seed: int) -> None:
    game = monastic.load_game(game_id)
    state = game.new_game(players, seed, SHORT.get(game_id))
    rng = random.Random(seed)
    viewers = [None, *range(players)]
    last_events: list[dict[str, object]] = []
    step = 0
    while not state.is_over():
        if step % VIEW_EVERY == 0:
            public = [_check_view(state, viewer)["players"] for viewer in viewers]
            assert all(entry == public[0] for entry in public), "players must be public"
        seat = rng.choice(state.to_act())
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for viewer in viewers:
            seen = events_for(events, viewer)
            for event in seen:
                assert MACHINE_NAME.match(str(event["kind"]))
                _check_event_words(game, event, viewer)
            if viewer is None:
                last_events = seen
        step += 1
    for viewer in viewers:
        _check_view(state, viewer)
    ends = [event for event in last_events if event["kind"] == GAME_OVER]
    assert len(ends) == 1, "the last move must announce the end of the game"
    assert ends[0]["scores"] == list(state.result().scores)
    assert ends[0]["winners"] == list(state.result().winners)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_names_its_strategy_or_none(game_id: str) -> None:
    strategy = monastic.load_game(game_id).strategy()
    assert strategy is not None, "every shipped game has a heuristic"
    state = monastic.load_game(game_id).new_game(2, 5)
    seat = state.to_act()[0]
    assert strategy.greedy_action(state, seat, monastic.engine.Rng(1)) in state.legal_actions(seat)
    assert len(strategy.evaluate(state)) == 2


def test_the_engine_names_no_game() -> None:
    """Games declare themselves; the engine's code never names one."""
    engine = pathlib.Path(monastic.engine.__file__).parent
    for path in engine.glob("*.py"):
        text = path.read_text().lower()
        for game_id in GAMES:
            assert game_id not in text and game_id.replace("-", "_") not in text, path.name
