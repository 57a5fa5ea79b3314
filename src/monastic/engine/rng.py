"""A small seeded random generator whose whole state is one integer.

The state is one 64-bit int, so copying it is free, it serialises as a number, and a
record replays bit for bit on every Python version (``random.Random``'s algorithms for
``randrange`` and ``shuffle`` are not promised to stay the same).
"""

from __future__ import annotations

import struct
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Rng"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")

# ``draws`` runs SplitMix64 on 64 states at once, one per 128-bit lane of a single integer:
# a lane's sum or 64x64-bit product never reaches the next lane, and shifted-in bits are
# masked off, so each lane computes exactly what ``next64`` would, in C-speed big-int steps.
_LANES = 64
_ONES = sum(1 << (128 * lane) for lane in range(_LANES))
_LANE_MASK = _ONES * _MASK
_STEPS = sum((lane + 1) * _GOLDEN << (128 * lane) for lane in range(_LANES))
_UNPACK = struct.Struct("<" + "Q8x" * _LANES).unpack  # each lane's low 8 bytes


def _block(state: int) -> tuple[int, ...]:
    """The next ``_LANES`` outputs of SplitMix64 from ``state``."""
    z = (state * _ONES + _STEPS) & _LANE_MASK
    z = ((z ^ ((z >> 30) & _LANE_MASK)) * 0xBF58476D1CE4E5B9) & _LANE_MASK
    z = ((z ^ ((z >> 27) & _LANE_MASK)) * 0x94D049BB133111EB) & _LANE_MASK
    z ^= (z >> 31) & _LANE_MASK
    return _UNPACK(z.to_bytes(16 * _LANES, "little"))


class Rng:
    """SplitMix64: fast, well mixed, and trivially copyable."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def __repr__(self) -> str:
        return f"Rng({self.state})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    __hash__ = None  # type: ignore[assignment]  # mutable

    def next64(self) -> int:
        """Return the next 64 random bits."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a number in ``range(n)``; the modulo bias is below 2**-58 for n < 64."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.next64() % n

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return items[self.below(len(items))]

    def draws(self, count: int) -> list[int]:
        """The next ``count`` results of ``next64``, computed in blocks (same numbers)."""
        out: list[int] = []
        state = self.state
        while len(out) < count:
            out.extend(_block(state)[: count - len(out)])
            state = (state + _LANES * _GOLDEN) & _MASK
        self.state = (self.state + count * _GOLDEN) & _MASK
        return out

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, the swap partner of ``i`` is ``next64() % (i + 1)``)."""
        last = len(items) - 1
        if last < 1:
            return
        for i, z in zip(range(last, 0, -1), self.draws(last), strict=True):
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        """Return an independent generator in the same state."""
        return Rng(self.state)

    def spawn(self) -> Rng:
        """Return a new generator seeded from this one (advances this one)."""
        return Rng(self.next64())
