"""One arena game from a task, timing only real decisions.

A decision with a single legal action is forced: every bot plays it at once, so counting
it would dilute the thinking time per move with free moves. The arena's games count and
time only decisions with at least two legal actions. Bot seeds follow the seat (the lab's
``bot_seed``), so a game from the same task is the same game in the arena and the lab.
"""

from __future__ import annotations

from time import perf_counter

from monastic.bots import make
from monastic.engine import Match
from monastic.lab.games import GameOutcome, GameTask, bot_seed

__all__ = ["play_arena_task"]


def play_arena_task(task: GameTask) -> GameOutcome:
    """Play the task's game; ``decisions`` and ``think`` count real decisions only."""
    players = len(task.specs)
    bots = [make(spec, seed=bot_seed(task.seed, seat)) for seat, spec in enumerate(task.specs)]
    match = Match.new(task.game, players, task.seed, dict(task.options), names=list(task.specs))
    state = match.state
    decisions = [0] * players
    think = [0.0] * players
    while not state.is_over():
        # Simultaneous seats all choose from the same state, then their choices apply.
        picks = []
        for seat in state.to_act():
            real = len(state.legal_actions(seat)) > 1
            start = perf_counter()
            picks.append((seat, bots[seat].choose(state, seat)))
            if real:
                think[seat] += perf_counter() - start
                decisions[seat] += 1
        for number, (seat, action) in enumerate(picks):
            # A later pick that became stale is asked again on the next pass.
            if number == 0 or (seat in state.to_act() and state.is_legal(seat, action)):
                match.apply(seat, action)
    result = state.result()
    return GameOutcome(
        index=task.index,
        seed=task.seed,
        specs=task.specs,
        scores=tuple(float(s) for s in result.scores),
        rewards=tuple(result.reward(seat) for seat in range(players)),
        ranks=tuple(result.ranks),
        decisions=tuple(decisions),
        think=tuple(think),
        record=match.record.to_json(indent=1),
        result=result.to_dict(),
    )
