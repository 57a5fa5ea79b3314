"""A small seeded random generator whose whole state is one integer.

The state is one 64-bit int, so copying it is free, it serialises as a number, and a
record replays bit for bit on every Python version (``random.Random``'s algorithms for
``randrange`` and ``shuffle`` are not promised to stay the same).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Rng"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


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

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        # next64 inlined, constants as locals: every deal and reshuffle runs this loop
        z0, golden, mask = self.state, _GOLDEN, _MASK
        for i in range(len(items) - 1, 0, -1):
            z0 = z = (z0 + golden) & mask
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = z0

    def copy(self) -> Rng:
        """Return an independent generator in the same state."""
        return Rng(self.state)

    def spawn(self) -> Rng:
        """Return a new generator seeded from this one (advances this one)."""
        return Rng(self.next64())
