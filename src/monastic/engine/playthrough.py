"""Golden playthroughs: a seeded game written out step by step, for replay-and-diff tests.

One line per step names who was to act and the action taken, with three digests: of the
legal action texts of every seat to act (and their count), of every seat's view (and the
spectator's), and of the events each of them saw. Every ``full_views_every`` steps, and after
the last step, the views themselves stand in full, so a diff shows what changed. The file
ends with the result. A test replays the recorded moves and diffs the text, so any change of
behaviour shows up at the step where it happens; the legal digest is kept apart from the
views and events so that a change of wording or view shape can be told from a change of
rules (``legal_digest`` of a step's ``legal N: ...`` lines is the same in every format).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from monastic.engine.events import events_for
from monastic.engine.registry import load_game
from monastic.engine.rng import Rng
from monastic.engine.state import State

__all__ = ["legal_digest", "legal_lines", "parse_playthrough", "write_playthrough"]

HEADER_KEYS = ("game", "players", "seed", "options", "max_steps", "full_views_every")
DIGEST_CHARS = 12


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:DIGEST_CHARS]


def legal_lines(state: State, acting: Sequence[int]) -> list[str]:
    """``legal SEAT: a | b | ...`` for every seat to act: what ``legal_digest`` hashes."""
    return [f"legal {seat}: {' | '.join(state.legal_texts(seat))}" for seat in acting]


def legal_digest(lines: Sequence[str]) -> str:
    """The digest of a step's legal action lines, with the number of actions in front."""
    count = sum(len(line.partition(": ")[2].split(" | ")) for line in lines)
    return f"{count}:{_digest(chr(10).join(lines))}"


def _views(state: State, players: int) -> list[str]:
    return [
        f"view {'-' if viewer is None else viewer}: {_compact(state.view(viewer))}"
        for viewer in [None, *range(players)]
    ]


def write_playthrough(
    game_id: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    moves: Sequence[tuple[int, str]] | None = None,
    max_steps: int = 2000,
    full_views_every: int = 50,
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
        f"full_views_every: {full_views_every}",
        "",
        "# step to_act seat action | legal count:digest | views digest | events digest",
    ]
    step = 0
    while not state.is_over() and step < max_steps:
        if moves is not None and step >= len(moves):
            break
        acting = state.to_act()
        legal = legal_digest(legal_lines(state, acting))
        views = _views(state, players)
        if step % full_views_every == 0:
            lines.extend(f"@{step} {line}" for line in views)
        if moves is not None:
            seat, text = moves[step]
        else:
            seat = chooser.choice(acting)
            text = str(chooser.choice(state.legal_actions(seat)))
        events = state.apply(seat, text)
        seen = [_compact(events_for(events, viewer)) for viewer in [None, *range(players)]]
        lines.append(
            f"{step} {_compact(acting)} {seat} {text} | L {legal}"
            f" | V {_digest(chr(10).join(views))} | E {_digest(chr(10).join(seen))}"
        )
        step += 1
    lines.append("# end")
    lines.extend(f"@end {line}" for line in _views(state, players))
    if state.is_over():
        lines.append(f"result: {_compact(state.result().to_dict())}")
    else:
        lines.append("result: not over (step limit)")
    return "\n".join(lines) + "\n"


def parse_playthrough(text: str) -> dict[str, Any]:
    """The header, the moves ``(seat, text)`` and each step's legal digest of a playthrough."""
    header: dict[str, Any] = {}
    moves: list[tuple[int, str]] = []
    legal: list[str] = []
    for line in text.splitlines():
        key, _, value = line.partition(": ")
        if key in HEADER_KEYS and key not in header:
            header[key] = value if key == "game" else json.loads(value)
        elif line[:1].isdigit():
            move, _, digests = line.partition(" | L ")
            _step, _acting, rest = move.split(" ", 2)
            seat, _, action = rest.partition(" ")
            moves.append((int(seat), action))
            legal.append(digests.partition(" | ")[0])
    return {**header, "moves": moves, "legal": legal}
