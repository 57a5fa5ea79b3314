"""The outcome of a finished game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Result", "ranks_from_scores"]


@dataclass(frozen=True, slots=True)
class Result:
    """Final scores per seat, the winners (several on a tie), ranks (1 = best) and details."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    breakdown: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "breakdown": dict(self.breakdown),
        }

    def reward(self, seat: int) -> float:
        """1 for a sole win, 1/k for a win shared by k seats, 0 otherwise."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def ranks_from_scores(keys: Sequence[Any]) -> tuple[int, ...]:
    """Rank = 1 + number of seats with a strictly better key (higher is better)."""
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
