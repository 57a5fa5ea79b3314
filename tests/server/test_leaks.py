"""Nothing hidden leaves the server: over whole games of every game, with two people, a bot
and a spectator, every message each connection was sent is checked against the game.

For every snapshot and update: its view is the seat's own ``view`` of the stored game at
that version, and the same view as in a world resampled from what the seat knows
(``determinize``), so it holds nothing else; its events are ``events_for`` that seat; and
no message holds the seed, the generator's state or another seat's token.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from server_harness import Client, ServerProcess, create_table, join, play_out

import monastic
from monastic.engine import events_for
from monastic.server.config import database_url
from monastic.server.store import Store
from monastic.server.surface import common_view

GAMES = [
    ("medieval-monastery", {"turns": 2}, 2**100 + 21),
    ("monasterium", {}, 2**100 + 22),
    ("monastery", {}, 2**100 + 23),
]
ENVELOPE = {
    "snapshot": {"type", "you", "version", "table", "view", "log", "undo", "chat"},
    "update": {"type", "version", "view", "events", "log", "undo", "table"},
    "table": {"type", "table"},
    "chat": {"type", "line"},
    "pong": {"type", "version"},
    "error": {"type", "code", "request", "message", "version"},
}
TABLE_KEYS = {
    "id",
    "game",
    "title",
    "players",
    "options",
    "settings",
    "status",
    "version",
    "moves",
    "rematch",
    "rematch_of",
    "chat_open",
    "clock",
    "seats",
}


def _random_choice(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda view: rng.choice(view["decision"]["actions"])


@pytest.mark.parametrize(("game_id", "options", "seed"), GAMES)
def test_every_message_holds_only_what_its_seat_may_know(
    sqlite_server: ServerProcess, game_id: str, options: dict[str, Any], seed: int
) -> None:
    with sqlite_server.api() as api:
        made = create_table(api, game_id, ["human", "greedy", "human"], options, seed, "Ann")
        bob = join(api, made["table"], "Bob")
    tokens = {0: made["token"], 2: bob["token"]}
    seats = [Client(sqlite_server, made["table"], tokens[s]) for s in (0, 2)]
    watcher = Client(sqlite_server, made["table"])
    choosers = {id(seats[0]): _random_choice(seed), id(seats[1]): _random_choice(seed + 1)}

    def choose(view: dict[str, Any]) -> str:
        chooser = choosers[id(seats[0])] if view["viewer"] == 0 else choosers[id(seats[1])]
        result: str = chooser(view)
        return result

    play_out([*seats, watcher], choose=choose, timeout=240)
    for client in [*seats, watcher]:
        client.poll()

    store = Store(database_url(sqlite_server.db))
    loaded = store.load(made["table"])
    store.close()
    assert loaded is not None
    row, moves = loaded
    game = monastic.load_game(game_id)
    states = [game.new_game(row.players, row.seed, row.options)]
    events = [[]]
    for move in moves:
        state = states[-1].clone()
        events.append(state.apply(move.seat, move.action))
        states.append(state)
    assert states[-1].is_over()
    secrets_of_game = [str(row.seed)]
    rngs = {str(s.rng.state) for s in states if hasattr(s, "rng")}
    sampler = random.Random(seed)

    for viewer, client in [(0, seats[0]), (2, seats[1]), (None, watcher)]:
        others = [t for s, t in tokens.items() if s != viewer]
        for raw in client.raw:
            assert not any(secret in raw for secret in secrets_of_game + others)
            assert not any(len(r) > 6 and r in raw for r in rngs)
        for message in client.messages:
            kind = message["type"]
            assert kind in ENVELOPE, message
            assert set(message) == ENVELOPE[kind], message
            if "table" in message:
                assert set(message["table"]) == TABLE_KEYS
            if kind not in ("snapshot", "update"):
                continue
            version = message["version"]
            state = states[version]
            assert message["view"] == common_view(state, viewer)
            if state.is_over():
                continue  # the result shows the end of the game to everyone
            if viewer is not None:
                world = state.determinize(viewer, sampler.getrandbits(64))
                assert message["view"] == common_view(world, viewer)
            else:
                for seat in range(row.players):
                    world = state.determinize(seat, sampler.getrandbits(64))
                    assert message["view"] == common_view(world, None)
            if kind == "update":
                assert message["events"] == events_for(events[version], viewer)
        # Simultaneous decisions race with the bot: a move sent for an older version is
        # refused as stale and sent again. No other error is expected.
        assert all(error["code"] == "stale" for error in client.errors), client.errors[:3]
    json.dumps([c.messages for c in seats])
