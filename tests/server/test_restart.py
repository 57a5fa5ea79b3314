"""A server killed with SIGKILL in the middle of games and started again continues every
game where it stood: no stored move is lost, the seats' tokens still hold, the bots go on."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_harness import Client, create_table, join, play_out, start_server


@pytest.mark.parametrize("fresh_db", ["sqlite", "postgresql"], indirect=True)
def test_sigkill_mid_game_loses_nothing(fresh_db: tuple[str, str], tmp_path: Path) -> None:
    _kind, db = fresh_db
    server = start_server(db, tmp_path)
    try:
        with server.api() as api:
            made = create_table(
                api, "monasterium", ["human", "greedy", "human"], seed=77, name="Ann"
            )
            bob = join(api, made["table"], "Bob")
            bots_only = create_table(
                api, "medieval-monastery", ["random", "greedy"], {"turns": 2}, seed=78
            )
        tokens = [made["token"], bob["token"]]
        clients = [Client(server, made["table"], t) for t in tokens]
        play_out(clients, stop=lambda: clients[0].version >= 30, timeout=60)
        for client in clients:
            client.poll()
        seen = max(c.version for c in clients)
        views = {i: c.view for i, c in enumerate(clients) if c.version == seen}
        server.kill()
        for client in clients:
            client.close()

        server.start()
        again = [Client(server, made["table"], t) for t in tokens]
        for index, client in enumerate(again):
            snapshot = client.ready()
            assert snapshot["version"] >= seen  # a bot may have moved after the last message
            if snapshot["version"] == seen and index in views:
                assert snapshot["view"] == views[index]
        play_out(again, timeout=120)
        assert all(c.view["over"] for c in again)
        watcher = Client(server, bots_only["table"])
        watcher.wait(
            lambda m: m["type"] in ("snapshot", "update") and m["view"]["over"], timeout=60
        )
    finally:
        server.stop()
