"""The HTTP and WebSocket protocol against a real server process, on SQLite and PostgreSQL:
tables and seats, secret tokens, stale versions, hostile messages, reconnecting, take-backs,
chat, bots taking a leaver's seat, rematches and replays."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from server_harness import Client, ServerProcess, create_table, join, play_out
from websockets.exceptions import ConnectionClosed

import monastic

CARDS = "medieval-monastery"
SHORT = {"turns": 1}


def _two_humans(server: ServerProcess, game: str = CARDS, **kw: Any) -> tuple[str, list[str]]:
    with server.api() as api:
        made = create_table(
            api,
            game,
            ["human", "human"],
            kw.get("options", SHORT),
            seed=kw.get("seed", 11),
            name="Ann",
        )
        other = join(api, made["table"], "Bob")
    return made["table"], [made["token"], other["token"]]


def _seated(server: ServerProcess, table: str, tokens: list[str]) -> list[Client]:
    clients = [Client(server, table, token) for token in tokens]
    for client in clients:
        client.ready()
    return clients


def _acting(clients: list[Client], need_idle: bool = True) -> tuple[Client, Client]:
    """The client to act now and one that is not (or just another one)."""
    for client in clients:
        client.poll()
    to_act = [c for c in clients if c.view["decision"]]
    idle = [c for c in clients if not c.view["decision"]]
    assert to_act and (idle or not need_idle)
    return to_act[0], (idle or [c for c in clients if c is not to_act[0]])[0]


# Tables and seats -----------------------------------------------------------------------


def test_games_and_lobby_list_what_a_table_needs(server: ServerProcess) -> None:
    with server.api() as api:
        games = api.get("/api/games").json()
        assert [g["id"] for g in games["games"]] == monastic.game_ids()
        assert "greedy" in games["bot_levels"]
        made = create_table(api, CARDS, ["human", "human", "greedy"], SHORT, name="Ann")
        listed = {t["id"]: t for t in api.get("/api/tables").json()["tables"]}
    entry = listed[made["table"]]
    assert entry["status"] == "open"
    assert [s["taken"] for s in entry["seats"]] == [True, False, True]
    assert "seed" not in json.dumps(entry)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": CARDS, "players": 9}, "2 to 6 players"),
        ({"game": CARDS, "players": 2, "options": {"turns": 99}}, "at most 20"),
        ({"game": CARDS, "players": 2, "options": {"colour": 1}}, "unknown option 'colour'"),
        ({"game": CARDS, "players": 2, "seats": ["human", "genius"]}, "seat 1 must be"),
        ({"game": CARDS, "players": 2, "seats": ["human"]}, "must list 2 entries"),
        ({"game": CARDS, "players": 2, "settings": {"study_clock": 1}}, "5 to 3600"),
        ({"game": "monastery", "players": 2, "settings": {"study_clock": 9}}, "unknown table"),
        ({"game": CARDS, "players": 2, "name": ""}, "a name has 1 to 40"),
        ({"game": CARDS, "players": True}, "whole number"),
        ({"game": CARDS, "players": 2, "seed": -1}, "'seed' must be"),
        ({"game": CARDS, "players": 2, "x": 1}, "unknown field 'x'"),
        ([1, 2], "JSON object"),
    ],
)
def test_a_bad_table_request_is_refused_by_name(
    server: ServerProcess, body: Any, words: str
) -> None:
    with server.api() as api:
        before = len(api.get("/api/tables").json()["tables"])
        reply = api.post("/api/tables", json=body)
        assert reply.status_code == 400
        assert words in reply.json()["error"]
        assert len(api.get("/api/tables").json()["tables"]) == before


def test_requests_that_are_not_json_or_too_long_are_refused(server: ServerProcess) -> None:
    with server.api() as api:
        reply = api.post("/api/tables", content=b"{nope")
        assert reply.status_code == 400 and "not valid JSON" in reply.json()["error"]
        reply = api.post("/api/tables", content=b"[" + b" " * 20000 + b"]")
        assert reply.status_code == 400 and "too long" in reply.json()["error"]


def test_joining_fills_seats_once_and_starts_the_game(server: ServerProcess) -> None:
    with server.api() as api:
        made = create_table(api, CARDS, ["human", "human", "greedy"], SHORT, name="Ann")
        table = made["table"]
        assert api.get(f"/api/tables/{table}").json()["table"]["status"] == "open"
        taken = api.post(f"/api/tables/{table}/join", json={"name": "Eve", "seat": 0})
        assert taken.status_code == 409 and "not free" in taken.json()["error"]
        bad = api.post(f"/api/tables/{table}/join", json={"name": "x" * 41})
        assert bad.status_code == 400
        assert api.post("/api/tables/nothing/join", json={"name": "Al"}).status_code == 404
        bob = join(api, table, "Bob")
        assert bob["seat"] == 1
        full = api.post(f"/api/tables/{table}/join", json={"name": "Cy"})
        assert full.status_code == 409 and "every seat" in full.json()["error"]
        public = api.get(f"/api/tables/{table}").json()["table"]
    assert public["status"] == "running"
    assert [s["name"] for s in public["seats"]][:2] == ["Ann", "Bob"]
    text = json.dumps(public)
    assert made["token"] not in text and bob["token"] not in text and "seed" not in text


def test_moves_wait_until_the_seats_are_filled(server: ServerProcess) -> None:
    with server.api() as api:
        made = create_table(api, CARDS, ["human", "human"], SHORT, seed=3, name="Ann")
    ann = Client(server, made["table"], made["token"])
    ann.ready()
    ann.move(ann.view["decision"]["actions"][0] if ann.view["decision"] else "done")
    assert "waits for 1 more player" in ann.error()["message"]
    ann.close()


# Tokens ---------------------------------------------------------------------------------


def test_only_a_seat_token_acts_for_its_seat(server: ServerProcess) -> None:
    table, tokens = _two_humans(server)
    stranger = Client(server, table, "not-a-token")
    assert stranger.error()["code"] == "bad-token"
    with pytest.raises(ConnectionClosed):
        stranger.recv(timeout=5)
    _other_table, other_tokens = _two_humans(server)
    wrong = Client(server, table, other_tokens[0])
    assert wrong.error()["code"] == "bad-token"
    clients = _seated(server, table, tokens)
    mover, idle = _acting(clients)
    watcher = Client(server, table)
    watcher.ready()
    assert watcher.latest is not None and watcher.latest["you"] is None
    action = mover.view["decision"]["actions"][0]
    watcher.move(action, watcher.version)
    assert watcher.error()["message"] == "spectators cannot move"
    idle.move(action, idle.version)
    assert "not your turn" in idle.error()["message"]
    assert mover.ping()["version"] == 0  # nothing happened


def test_a_stale_version_is_refused_and_changes_nothing(server: ServerProcess) -> None:
    table, tokens = _two_humans(server)
    clients = _seated(server, table, tokens)
    mover, _ = _acting(clients)
    action = mover.view["decision"]["actions"][0]
    for version in (mover.version + 1, mover.version - 1 + 10):
        mover.move(action, version)
        error = mover.error()
        assert error["code"] == "stale" and "version" in error["message"]
    assert mover.ping()["version"] == 0
    mover.move(action)
    mover.wait(lambda m: m["type"] == "update")
    assert mover.version == 1
    mover.move(action, 0)  # the version it had before its own move
    assert mover.error()["code"] == "stale"


HOSTILE: list[tuple[str | bytes, str]] = [
    ("not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('"move"', "JSON object"),
    ("{}", "unknown message type None"),
    ('{"type": "teleport"}', "unknown message type 'teleport'"),
    ('{"type": "move"}', "needs a 'version'"),
    ('{"type": "move", "version": 0}', "needs a 'action'"),
    ('{"type": "move", "version": true, "action": "done"}', "whole number"),
    ('{"type": "move", "version": "0", "action": "done"}', "whole number"),
    ('{"type": "move", "version": 1e300, "action": "done"}', "whole number"),
    ('{"type": "move", "version": 0, "action": 7}', "must be text"),
    ('{"type": "move", "version": 0, "action": ""}', "action text"),
    ('{"type": "move", "version": 0, "action": "done", "seat": 1}', "unknown field 'seat'"),
    ('{"type": "move", "version": 0, "action": "' + "x" * 400 + '"}', "action text"),
    ('{"type": "move", "version": 0, "action": "fly to the moon"}', "is not an action"),
    ('{"type": "chat", "text": "   "}', "cannot be empty"),
    ('{"type": "chat", "text": "' + "y" * 600 + '"}', "at most 500"),
    ('{"type": "replace", "seat": 0, "bot": "godlike"}', "unknown bot level"),
    ('{"type": "hello", "token": null}', "said hello already"),
    ("[" * 4000 + "]" * 4000, "not valid JSON"),
    ('{"type": "chat", "text": "' + "z" * 9000 + '"}', "message too long"),
    (b"\xff\xfe\x00binary", "not valid JSON"),
]


def test_hostile_messages_get_a_clear_error_and_change_nothing(server: ServerProcess) -> None:
    table, tokens = _two_humans(server)
    clients = _seated(server, table, tokens)
    mover, _ = _acting(clients)
    view_before = mover.view
    for raw, words in HOSTILE:
        mover.send(raw)
        error = mover.error()
        assert words in error["message"], (raw[:60], error)
        assert error["version"] == 0
        assert len(error["message"]) < 200  # never echoes a long input back
    assert mover.ping()["version"] == 0
    fresh = Client(server, table, tokens[clients.index(mover)])
    assert fresh.ready()["view"] == view_before


def test_an_illegal_action_is_refused_without_the_engines_reasons(server: ServerProcess) -> None:
    table, tokens = _two_humans(server)
    clients = _seated(server, table, tokens)
    mover, _ = _acting(clients)
    legal = set(mover.view["decision"]["actions"])
    game = monastic.load_game(CARDS)
    state = game.new_game(2, 11, SHORT)
    illegal = next(str(a) for s in range(2) for a in _all_texts(state) if str(a) not in legal)
    mover.move(illegal)
    error = mover.error()
    assert error["message"] == f"{illegal!r} is not one of your legal actions now"


def _all_texts(state: monastic.State) -> list[str]:
    """Some well-formed action texts (the card plays of every card)."""
    return [f"play {suit}{rank}" for suit in "PWSRZOAM" for rank in range(1, 10)]


# Reconnecting ---------------------------------------------------------------------------


def test_reconnecting_restores_the_exact_view_and_log(server: ServerProcess) -> None:
    table, tokens = _two_humans(server)
    clients = _seated(server, table, tokens)
    for _ in range(4):
        mover, _idle = _acting(clients, need_idle=False)
        mover.move(mover.view["decision"]["actions"][-1])
        mover.wait(lambda m: m["type"] == "update")
        for client in clients:
            target = mover.version
            if client.version < target:
                client.wait(lambda m, v=target: m["type"] == "update" and m["version"] == v)
    for index, client in enumerate(clients):
        log = [
            line
            for m in client.messages
            if m["type"] in ("snapshot", "update")
            for line in m["log"]
        ]
        client.close()
        again = Client(server, table, tokens[index])
        snapshot = again.ready()
        assert snapshot["view"] == client.view
        assert snapshot["log"] == log
        assert snapshot["version"] == client.version
        again.close()


# Take-backs -----------------------------------------------------------------------------


def test_take_backs_follow_the_rule(server: ServerProcess) -> None:
    """A seat takes back an open move of its own (the exact view comes back); a move that
    revealed something, another seat's move, and a spectator's request are refused."""
    table, tokens = _two_humans(server, "monastery", options={}, seed=5)
    clients = _seated(server, table, tokens)
    undone = refused_sealed = refused_other = 0
    for _ in range(80):
        if undone and refused_sealed and refused_other:
            break
        mover, idle = _acting(clients)
        before = mover.view
        mover.move(mover.view["decision"]["actions"][0])
        update = mover.wait(lambda m: m["type"] == "update")
        idle.wait(lambda m, v=update["version"]: m["type"] == "update" and m["version"] == v)
        if update["undo"] and not undone:
            mover.send({"type": "undo", "version": mover.version})
            back = mover.wait(lambda m: m["type"] == "snapshot")
            assert back["view"] == before and back["version"] == update["version"] + 1
            idle.wait(lambda m: m["type"] == "snapshot")
            idle.send({"type": "undo", "version": idle.version})
            assert idle.error()["code"] in ("no-undo", "refused")
            undone += 1
        elif not update["undo"] and update["view"]["to_act"] == before["to_act"]:
            if not refused_sealed:
                mover.send({"type": "undo", "version": mover.version})
                assert "revealed" in mover.error()["message"]
                refused_sealed += 1
        elif not update["undo"] and not refused_other:
            idle.poll()
            if idle.view["decision"]:
                idle.send({"type": "undo", "version": idle.version})
                message = idle.error()["message"]
                assert "another seat" in message or "no move" in message
                refused_other += 1
    assert undone and refused_sealed and refused_other
    watcher = Client(server, table)
    watcher.ready()
    watcher.send({"type": "undo", "version": watcher.version})
    assert watcher.error()["message"] == "spectators cannot move"


# Chat -----------------------------------------------------------------------------------


def test_chat_reaches_everyone_at_the_table(server: ServerProcess) -> None:
    table, tokens = _two_humans(server)
    clients = _seated(server, table, tokens)
    watcher = Client(server, table)
    watcher.ready()
    clients[0].send({"type": "chat", "text": "  Pax   vobiscum "})
    for client in [*clients, watcher]:
        line = client.wait(lambda m: m["type"] == "chat")["line"]
        assert line["text"] == "Pax vobiscum" and line["name"] == "Ann"
    watcher.send({"type": "chat", "text": "hello"})
    assert watcher.error()["message"] == "spectators cannot chat"
    late = Client(server, table, tokens[1])
    assert late.ready()["chat"][-1]["text"] == "Pax vobiscum"


def test_the_vow_of_silence_closes_chat_outside_prayer_hours(server: ServerProcess) -> None:
    table, tokens = _two_humans(server, "monastery", options={"vow_of_silence": True}, seed=2)
    clients = _seated(server, table, tokens)
    assert clients[0].view["chat_allowed"] is False
    assert clients[0].latest is not None and clients[0].latest["table"]["chat_open"] is False
    clients[0].send({"type": "chat", "text": "psst"})
    assert "vow of silence" in clients[0].error()["message"]
    open_table, open_tokens = _two_humans(server, "monastery", options={}, seed=2)
    talker = _seated(server, open_table, open_tokens)[0]
    talker.send({"type": "chat", "text": "Deo gratias"})
    assert talker.wait(lambda m: m["type"] == "chat")["line"]["text"] == "Deo gratias"


# Bots taking seats ----------------------------------------------------------------------


def test_a_leaver_is_replaced_by_a_bot_and_takes_the_seat_back(server: ServerProcess) -> None:
    table, tokens = _two_humans(server, "monasterium", options={}, seed=4)
    clients = _seated(server, table, tokens)
    ann, bob = clients
    ann.send({"type": "replace", "seat": 1, "bot": "random"})
    assert "still here" in ann.error()["message"]
    bob.send({"type": "replace", "seat": 1, "bot": "random"})
    seated = bob.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1]["bot"])
    assert seated["table"]["seats"][1]["bot"] == "random"

    # The bot plays seat 1 while Ann plays seat 0.
    def bot_moved() -> bool:
        bob.poll()
        return (
            any(m["type"] == "update" and 1 in (m["view"]["to_act"] or []) for m in bob.messages)
            and ann.version > 6
        )

    play_out([ann], stop=bot_moved, timeout=60)
    bob.poll()
    bob.move("anything")
    assert "a bot plays your seat" in bob.error()["message"]
    bob.send({"type": "return"})
    back = bob.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1]["bot"] is None)
    assert back["table"]["seats"][1]["bot"] is None
    play_out([ann, bob], timeout=120)
    assert ann.view["over"] and bob.view["over"]


def test_an_absent_players_seat_goes_to_a_bot_only_after_a_while(server: ServerProcess) -> None:
    table, tokens = _two_humans(server, "monasterium", options={}, seed=6)
    ann = Client(server, table, tokens[0])
    ann.ready()
    ann.send({"type": "replace", "seat": 1, "bot": "greedy"})
    assert "wait" in ann.error()["message"]


# Rematch and replay ---------------------------------------------------------------------


def test_a_finished_game_is_replayed_and_rematched(server: ServerProcess) -> None:
    table, tokens = _two_humans(server)
    clients = _seated(server, table, tokens)
    with server.api() as api:
        early = api.get(f"/api/tables/{table}/replay", params={"seat": 0, "step": 1})
        assert early.status_code == 409 and "finished" in early.json()["error"]
        early_rematch = api.post(
            f"/api/tables/{table}/rematch", headers={"x-seat-token": tokens[0]}
        )
        assert early_rematch.status_code == 409
        play_out(clients)
        finals = [c.view for c in clients]
        steps = clients[0].latest["table"]["moves"] if clients[0].latest else 0
        for seat in (0, 1):
            last = api.get(f"/api/tables/{table}/replay", params={"seat": seat, "step": steps})
            assert last.status_code == 200
            assert last.json()["view"] == finals[seat]
            first = api.get(f"/api/tables/{table}/replay", params={"seat": seat, "step": 0})
            assert first.json()["step"] == 0 and first.json()["log"] == []
        watch = api.get(f"/api/tables/{table}/replay", params={"seat": "spectator", "step": 2})
        assert watch.json()["view"]["viewer"] is None
        assert api.get(f"/api/tables/{table}/replay", params={"seat": 5}).status_code == 400
        stranger = api.post(f"/api/tables/{table}/rematch", headers={"x-seat-token": "x"})
        assert stranger.status_code == 403
        first_ask = api.post(f"/api/tables/{table}/rematch", headers={"x-seat-token": tokens[0]})
        # The other seat waits for its player: a stranger from the lobby may only watch.
        held = api.get(f"/api/tables/{first_ask.json()['table']}").json()["table"]["seats"]
        assert [s["held"] for s in held] == [s["seat"] != first_ask.json()["seat"] for s in held]
        stranger_join = api.post(
            f"/api/tables/{first_ask.json()['table']}/join", json={"name": "Stranger"}
        )
        assert stranger_join.status_code == 409, stranger_join.text
        assert "kept" in stranger_join.json()["error"]
        second_ask = api.post(f"/api/tables/{table}/rematch", headers={"x-seat-token": tokens[1]})
        assert first_ask.status_code == second_ask.status_code == 200
        assert first_ask.json()["table"] == second_ask.json()["table"] != table
        assert {first_ask.json()["seat"], second_ask.json()["seat"]} == {0, 1}
        fresh = api.get(f"/api/tables/{first_ask.json()['table']}").json()["table"]
    assert fresh["status"] == "running" and fresh["rematch_of"] == table
    notice = clients[0].wait(lambda m: m["type"] == "table" and m["table"]["rematch"])
    assert notice["table"]["rematch"] == fresh["id"]


def test_a_finished_game_is_analysed_and_an_unfinished_one_is_not(server: ServerProcess) -> None:
    table, tokens = _two_humans(server, seed=12)
    clients = _seated(server, table, tokens)
    with server.api() as api:
        early = api.get(f"/analysis/{table}")
        assert early.status_code == 409 and "finished" in early.json()["error"]
        assert api.get("/analysis/no-such-table").status_code == 404
        play_out(clients)
        waiting = api.get(f"/analysis/{table}")
        assert waiting.status_code in (200, 202)
        if waiting.status_code == 202:
            assert "Analysing this game" in waiting.text and 'http-equiv="refresh"' in waiting.text
        deadline = time.monotonic() + 120
        page = waiting
        while page.status_code == 202 and time.monotonic() < deadline:
            time.sleep(0.5)
            page = api.get(f"/analysis/{table}")
    assert page.status_code == 200, page.text[:300]
    assert "analysis of every decision" in page.text
    assert "Ann" in page.text and "Bob" in page.text  # the seats' names
    assert "<svg" in page.text or "data:image/png" in page.text  # the win-chance plot


def test_pages_and_static_files_are_served(server: ServerProcess) -> None:
    with server.api() as api:
        for path in ("/", "/table/abc", "/replay/abc"):
            reply = api.get(path)
            assert reply.status_code == 200 and "<html" in reply.text.lower()
        assert api.get("/api/tables/none").status_code == 404


def test_metrics_count_the_moves_served(server: ServerProcess) -> None:
    with server.api() as api:
        before = api.get("/api/metrics").json()["moves"]
    table, tokens = _two_humans(server)
    clients = _seated(server, table, tokens)
    mover, _ = _acting(clients)
    mover.move(mover.view["decision"]["actions"][0])
    mover.wait(lambda m: m["type"] == "update")
    deadline = time.monotonic() + 5
    while True:
        with httpx.Client(base_url=server.url) as api:
            summary = api.get("/api/metrics").json()
        if summary["moves"] > before or time.monotonic() > deadline:
            break
    assert summary["moves"] > before and summary["p50_ms"] is not None
