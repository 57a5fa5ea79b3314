"""The take-back rule every front end uses (the server and the terminal alike).

A seat may take back its own decisions of the current turn, latest first, as long as
nothing has been learnt since the first of them:

1. No chance outcome was revealed: the move left the state's random generator untouched.
2. No hidden information was revealed: the move gave no event with a restricted audience
   (someone was shown something in private), and the mover's own view after the move is the
   one it would see in a world resampled from what it knew before (``determinize``). A card
   turned from a shuffled deck, a die rolled or a hand seen differs between the true world
   and a sampled one; a decision that only moves the mover's own pieces does not.
3. No other seat has acted since.
4. The game is not over.

A move that breaks 1 or 2 is *sealed*: neither it nor anything before it can be taken back.
The rule is decided from the engine contract alone, so it holds for every game. The sampled
check of rule 2 uses a generator seeded by the caller, so the same move is always judged the
same way; with two sampled worlds a revealed card that happens to match in both goes unseen
only when the hidden pool is tiny.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from monastic.engine.events import Event
from monastic.engine.rng import Rng
from monastic.engine.state import Action, State

__all__ = ["Step", "seal_reason", "undoable"]

SAMPLES = 2


@dataclass(frozen=True, slots=True)
class Step:
    """One applied move as the rule needs it: who made it, and whether it sealed the past."""

    seat: int
    sealed: bool


def _generator_state(state: State) -> int | None:
    # Every game keeps its generator as ``rng`` (an engine ``Rng``); a state without one is
    # judged by the sampled check alone, which catches chance too (the copy is reseeded).
    rng = getattr(state, "rng", None)
    return rng.state if isinstance(rng, Rng) else None


def seal_reason(
    before: State, seat: int, action: Action, after: State, events: Sequence[Event], seed: int
) -> str | None:
    """Why the move ``before -> after`` by ``seat`` may never be taken back, or None.

    ``before`` is a copy of the state as it was before ``action`` was applied (left unchanged
    here); ``events`` are what the move returned; ``seed`` seeds the sampled worlds.
    """
    if after.is_over():
        return "the game is over"
    if _generator_state(before) != _generator_state(after):
        return "a chance outcome was revealed"
    if any(event.audience is not None for event in events):
        return "hidden information was revealed"
    seen = after.view(seat)
    sampler = Rng(seed)
    for _ in range(SAMPLES):
        world = before.determinize(seat, sampler.next64())
        world.apply_unchecked(seat, action)
        if world.view(seat) != seen:
            return "hidden information was revealed"
    return None


def undoable(steps: Sequence[Step], seat: int, over: bool = False) -> int:
    """How many of the latest moves ``seat`` may take back now (0: none)."""
    if over:
        return 0
    count = 0
    for step in reversed(steps):
        if step.seat != seat or step.sealed:
            break
        count += 1
    return count
