"""Golden playthroughs: a seeded game written out step by step, for replay-and-diff tests.

At every step the text shows each seat's view, the legal action texts of every seat to act,
the action taken and the events each seat saw; it ends with the result. A test replays the
recorded moves and diffs the text, so any change of behaviour shows up line by line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from monastic.engine.events import events_for
from monastic.engine.registry import load_game
from monastic.engine.rng import Rng

__all__ = ["parse_playthrough", "write_playthrough"]

HEADER_KEYS = ("game", "players", "seed", "options", "max_steps")


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def write_playthrough(
    game_id: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    moves: Sequence[tuple[int, str]] | None = None,
    max_steps: int = 2000,
) -> str:
    """The playthrough text; ``moves`` replays given moves, else a random walk from ``seed``."""
    game = load_game(game_id)
    full_options = dict(game.options(options))
    state = game.new_game(players, seed, full_options)
    chooser = Rng(seed ^ 0x9E3779B9)
    lines = [
        f"game: {game_id}",
        f"players: {players}",
        f"seed: {seed}",
        f"options: {_compact(full_options)}",
        f"max_steps: {max_steps}",
        "",
    ]
    step = 0
    while not state.is_over() and step < max_steps:
        lines.append(f"# step {step}")
        acting = state.to_act()
        lines.append(f"to_act: {_compact(acting)}")
        for viewer in [None, *range(players)]:
            lines.append(
                f"view {'-' if viewer is None else viewer}: {_compact(state.view(viewer))}"
            )
        for seat in acting:
            lines.append(f"legal {seat}: {' | '.join(state.legal_texts(seat))}")
        if moves is not None:
            if step >= len(moves):
                break
            seat, text = moves[step]
        else:
            seat = chooser.choice(acting)
            text = str(chooser.choice(state.legal_actions(seat)))
        lines.append(f"action: {seat} {text}")
        events = state.apply(seat, text)
        for viewer in [None, *range(players)]:
            seen = events_for(events, viewer)
            lines.append(f"events {'-' if viewer is None else viewer}: {_compact(seen)}")
        lines.append("")
        step += 1
    lines.append("# end")
    if state.is_over():
        lines.append(f"result: {_compact(state.result().to_dict())}")
    else:
        lines.append("result: not over (step limit)")
    return "\n".join(lines) + "\n"


def parse_playthrough(text: str) -> dict[str, Any]:
    """The header (game, players, seed, options, max_steps) and the moves of a playthrough."""
    header: dict[str, Any] = {}
    moves: list[tuple[int, str]] = []
    for line in text.splitlines():
        key, _, value = line.partition(": ")
        if key in HEADER_KEYS and key not in header:
            header[key] = value if key == "game" else json.loads(value)
        elif key == "action":
            seat, _, action = value.partition(" ")
            moves.append((int(seat), action))
    return {**header, "moves": moves}
