"""A small seeded random generator whose whole state is one integer.

The state is one int, so copying it is free, it serialises as a number, and a record
replays bit for bit on every Python version (``random.Random``'s algorithms for
``randrange`` and ``shuffle`` are not promised to stay the same).

A seed is a whole number from 0 to ``SEED_LIMIT - 1`` (128 bits). Its low 64 bits start
SplitMix64's counter; its high 64 bits choose the counter's increment (SplitMix's "gamma",
made odd and well mixed as in Java's SplittableRandom), so every seed of the range is its own
stream and a 128-bit seed drawn from the operating system cannot be guessed by trying 2**64
streams. A seed below 2**64 keeps the classic increment: its stream is the one every record
made before wide seeds replays with.
"""

from __future__ import annotations

import secrets
import struct
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from mypy_extensions import mypyc_attr

__all__ = ["SEED_LIMIT", "Rng", "fresh_seed"]

SEED_LIMIT = 1 << 128
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")

# ``draws`` runs SplitMix64 on 64 states at once, one per 128-bit lane of a single integer:
# a lane's sum or 64x64-bit product never reaches the next lane, and shifted-in bits are
# masked off, so each lane computes exactly what ``next64`` would, in C-speed big-int steps.
_LANES = 64
_ONES = sum(1 << (128 * lane) for lane in range(_LANES))
_LANE_MASK = _ONES * _MASK
_COUNTS = sum((lane + 1) << (128 * lane) for lane in range(_LANES))  # times gamma: the steps
_GOLDEN_STEPS = _GOLDEN * _COUNTS
_UNPACK = struct.Struct("<" + "Q8x" * _LANES).unpack  # each lane's low 8 bytes


def fresh_seed() -> int:
    """A seed of 128 bits from the operating system's randomness."""
    return secrets.randbits(128)


def _mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _gamma(stream: int) -> int:
    """The increment of a stream: odd, with enough bit changes to mix well."""
    z = _mix64((stream * _GOLDEN) & _MASK) | 1
    if bin(z ^ (z >> 1)).count("1") < 24:
        z ^= 0xAAAAAAAAAAAAAAAA
    return z


def _block(state: int, steps: int) -> tuple[int, ...]:
    """The next ``_LANES`` outputs of SplitMix64 from ``state`` (``steps``: gamma's lanes)."""
    z = (state * _ONES + steps) & _LANE_MASK
    z = ((z ^ ((z >> 30) & _LANE_MASK)) * 0xBF58476D1CE4E5B9) & _LANE_MASK
    z = ((z ^ ((z >> 27) & _LANE_MASK)) * 0x94D049BB133111EB) & _LANE_MASK
    z ^= (z >> 31) & _LANE_MASK
    return _UNPACK(z.to_bytes(16 * _LANES, "little"))


@mypyc_attr(allow_interpreted_subclasses=True)  # e.g. fixed dice in tests
class Rng:
    """SplitMix64: fast, well mixed, and trivially copyable."""

    __slots__ = ("_counter", "_gamma", "_stream")

    def __init__(self, seed: object = 0) -> None:  # object: compiled, an int would take True
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"a seed is a whole number from 0 to 2**128 - 1, not {seed!r}")
        self._counter = seed & _MASK
        self._stream = seed >> 64
        self._gamma = _gamma(self._stream) if self._stream else _GOLDEN

    @property
    def state(self) -> int:
        """The whole state as one number: ``Rng(rng.state)`` continues the same stream."""
        return self._counter | (self._stream << 64)

    def __repr__(self) -> str:
        return f"Rng({self.state})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    __hash__ = None  # type: ignore[assignment]  # mutable

    def next64(self) -> int:
        """Return the next 64 random bits."""
        self._counter = z = (self._counter + self._gamma) & _MASK
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
        gamma = self._gamma
        steps = _GOLDEN_STEPS if gamma == _GOLDEN else gamma * _COUNTS
        state = self._counter
        while len(out) < count:
            out.extend(_block(state, steps)[: count - len(out)])
            state = (state + _LANES * gamma) & _MASK
        self._counter = (self._counter + count * gamma) & _MASK
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
        other = Rng.__new__(Rng)
        other._counter, other._gamma, other._stream = self._counter, self._gamma, self._stream
        return other

    def spawn(self) -> Rng:
        """Return a new generator seeded from this one (advances this one)."""
        return Rng(self.next64())
