"""The server reads a person's loose text as the terminal does (engine.input.resolve)."""

from __future__ import annotations

from server_harness import Client, ServerProcess, create_table, join


def test_a_move_in_other_letter_case_is_the_legal_move(server: ServerProcess) -> None:
    # Monasterium's own parser reads lower case only ("PLACE 1" is no action to it).
    with server.api() as api:
        made = create_table(api, "monasterium", ["human", "human"], {}, seed=11, name="Ann")
        other = join(api, made["table"], "Bob")
    clients = [Client(server, made["table"], token) for token in (made["token"], other["token"])]
    for client in clients:
        client.ready()
        client.poll()
    mover = next(c for c in clients if c.view["decision"])
    chosen = mover.view["decision"]["actions"][0]
    version = mover.version
    mover.move(chosen.swapcase())
    update = mover.wait(lambda m: m["type"] == "update")
    assert update["version"] == version + 1
    assert not mover.errors
