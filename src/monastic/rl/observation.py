"""Observation tensors: one fixed-shape float32 vector per seat, of what ``view(seat)`` shows.

A view holds exactly what its seat may know, so a tensor of nothing else can leak nothing.
Each game's observer lays its features out in named slices (``layout``); the shared ones
come first and the tokens the seat has entered of a staged action last. Seats are absolute
(seat 0 is slot 0), as in the action tokens; ``viewer`` says who looks. Counts are divided by
a fixed scale named beside each feature, so most values lie in 0..1.

Two ways to the same tensor: ``encode(view)`` reads the JSON view (the reference), and
``observe(state, seat)`` writes the same floats straight from the state's fields, through
the game's own rules of what a seat may know (``write``), without building the view: the
view's texts and notes cost far more than a game step. ``tests/rl/test_observations.py``
checks that the two agree bit for bit over random states of every game and player count.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from mypy_extensions import mypyc_attr

from monastic.engine import State
from monastic.rl.codec import ActionCodec, Tokens

#: Every feature lies within -BOUND..BOUND (scaled counts and coordinates stay far inside).
BOUND = 1000.0

__all__ = [
    "BOUND",
    "Features",
    "Observer",
    "Tensor",
    "as_floats",
    "index_of",
    "multi_hot",
    "one_hot",
]

Tensor = npt.NDArray[np.float32]
Parts = dict[str, Tensor]


class Features:
    """Lays named features end to end."""

    def __init__(self) -> None:
        self.slices: dict[str, slice] = {}
        self.shapes: dict[str, tuple[int, ...]] = {}
        self.size = 0

    def add(self, name: str, *shape: int) -> None:
        if name in self.slices:
            raise ValueError(f"feature {name} is laid out twice")
        count = int(np.prod(shape))
        self.slices[name] = slice(self.size, self.size + count)
        self.shapes[name] = shape
        self.size += count


def one_hot(part: Tensor, index: int | None) -> None:
    """Set ``part[index]`` (nothing for None)."""
    if index is not None:
        part[index] = 1.0


@mypyc_attr(allow_interpreted_subclasses=True)  # a researcher's own tensor, say
class Observer(ABC):
    """The tensor of one game at one player count."""

    game_id: ClassVar[str]

    def __init__(self, codec: ActionCodec) -> None:
        if codec.game_id != self.game_id:
            raise ValueError(f"a {codec.game_id} codec for a {self.game_id} observer")
        self.codec = codec
        self.players = players = codec.players
        features = Features()
        features.add("viewer", players)  # one-hot
        features.add("to_act", players)  # the seats that must decide now
        features.add("decides", 1)  # 1 if the viewer must decide now
        features.add("over", 1)
        self.declare(features)
        # Each token entered so far of a staged action: its block one-hot, then its entry
        # in the block as (entry + 1) / block size.
        self._blocks = {block: i for i, block in enumerate(codec.blocks)}
        features.add("entered", codec.max_tokens - 1, len(codec.blocks) + 1)
        self.layout: Mapping[str, slice] = MappingProxyType(features.slices)
        #: Where each named slice starts (the writers' offsets).
        self.at: Mapping[str, int] = MappingProxyType(
            {name: where.start for name, where in features.slices.items()}
        )
        #: The shape of each named slice (``tensor[layout[name]].reshape(shapes[name])``).
        self.shapes: Mapping[str, tuple[int, ...]] = MappingProxyType(features.shapes)
        self.size = features.size

    @abstractmethod
    def declare(self, features: Features) -> None:
        """Lay out the game's own features."""

    @abstractmethod
    def fill(self, parts: Parts, view: Mapping[str, Any]) -> None:
        """Write the game's own features of ``view`` (parts are zeroed flat slices)."""

    #: Whether ``write`` is ``write_public`` then ``write_own``: the features every seat
    #: sees alike, then the seat's own. ``observe_seats`` then writes the public ones once.
    splits: ClassVar[bool] = False

    def write(self, out: Tensor, state: State, seat: int) -> None:
        """Write the game's own features of ``state`` as ``seat`` sees it into the zeroed
        ``out``: the floats ``fill`` writes from ``state.view(seat)``. Games override it to
        read the state's fields without building the view; this default builds it."""
        if self.splits:
            self.write_public(out, state)
            self.write_own(out, state, seat)
            return
        self.fill({name: out[where] for name, where in self.layout.items()}, state.view(seat))

    def write_public(self, out: Tensor, state: State) -> None:
        """The features of ``write`` that are the same for every seat (``splits`` games)."""
        raise NotImplementedError(f"{self.game_id}: the tensor does not split")

    def write_own(self, out: Tensor, state: State, seat: int) -> None:
        """The features of ``write`` that only ``seat`` sees (``splits`` games)."""
        raise NotImplementedError(f"{self.game_id}: the tensor does not split")

    def observe(self, state: State, seat: int, entered: Tokens = ()) -> Tensor:
        """``encode(state.view(seat), entered)``, written straight from the state."""
        self._check(state)
        self._check_seat(seat)
        out = np.zeros(self.size, dtype=np.float32)
        to_act = state.to_act()
        self._write_shared(out, state, to_act)
        self._write_seat(out, seat, to_act)
        self.write(out, state, seat)
        if entered:
            self._write_entered(out[self.layout["entered"]], entered)
        return out

    def observe_seats(self, state: State, seats: Sequence[int]) -> list[Tensor]:
        """``observe(state, seat)`` of each seat (no tokens entered): in a game whose tensor
        ``splits``, its public features are written once and copied to each seat."""
        if not self.splits:
            return [self.observe(state, seat) for seat in seats]
        self._check(state)
        for seat in seats:
            self._check_seat(seat)
        public = np.zeros(self.size, dtype=np.float32)
        to_act = state.to_act()
        self._write_shared(public, state, to_act)
        self.write_public(public, state)
        found = []
        for seat in seats:
            out = public.copy()
            self._write_seat(out, seat, to_act)
            self.write_own(out, state, seat)
            found.append(out)
        return found

    def _check(self, state: State) -> None:
        if state.game.id != self.game_id or state.players != self.players:
            raise ValueError(
                f"a {state.players}-player {state.game.id} state for a {self.players}-player"
                f" {self.game_id} observer"
            )

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat!r} (seats are 0..{self.players - 1})")

    def _write_shared(self, out: Tensor, state: State, to_act: list[int]) -> None:
        """``to_act`` and ``over``, the shared slices that do not depend on the viewer."""
        at = self.at
        start = at["to_act"]
        for s in to_act:  # a seat or a few: one by one costs less than an index array
            out[start + s] = 1.0
        if state.is_over():
            out[at["over"]] = 1.0

    def _write_seat(self, out: Tensor, seat: int, to_act: list[int]) -> None:
        """``viewer`` and ``decides``, the shared slices of the viewer."""
        out[self.at["viewer"] + seat] = 1.0
        if seat in to_act:
            out[self.at["decides"]] = 1.0

    def enter(self, tensor: Tensor, entered: Tokens) -> Tensor:
        """A copy of ``tensor`` (one with no tokens entered) with ``entered`` written in."""
        out = tensor.copy()
        self._write_entered(out[self.layout["entered"]], entered)
        return out

    def encode(self, view: Mapping[str, Any], entered: Tokens = ()) -> Tensor:
        """The tensor of a seat's ``view`` and the tokens it has entered of an action."""
        viewer = view.get("viewer")
        if view.get("game") != self.game_id or not isinstance(viewer, int):
            raise ValueError(f"not a seat's {self.game_id} view (game {view.get('game')!r})")
        out = np.zeros(self.size, dtype=np.float32)
        parts = {name: out[where] for name, where in self.layout.items()}
        parts["viewer"][viewer] = 1.0
        for seat in view["to_act"]:
            parts["to_act"][seat] = 1.0
        parts["decides"][0] = float(view["decision"] is not None)
        parts["over"][0] = float(bool(view["over"]))
        self.fill(parts, view)
        self._write_entered(parts["entered"], entered)
        return out

    def _write_entered(self, cells: Tensor, entered: Tokens) -> None:
        width = len(self.codec.blocks) + 1
        for i, token in enumerate(entered):
            block = self.codec.block_of(token)
            cells[i * width + self._blocks[block]] = 1.0
            cells[i * width + width - 1] = (token - block.start + 1) / block.size

    def named(self, tensor: Tensor) -> dict[str, Tensor]:
        """The tensor cut into its named features, each in its shape."""
        return {
            name: tensor[where].reshape(self.shapes[name]) for name, where in self.layout.items()
        }


def as_floats(tensor: Tensor) -> list[float]:
    """``tensor.tolist()``, built around its zeros: a tensor is mostly 0, so the list starts
    as one shared 0.0 and only the other entries are made Python floats (-0.0 among them:
    its bits are not zero)."""
    out = [0.0] * len(tensor)
    at = np.flatnonzero(tensor.view(np.uint32))
    for i, value in zip(at.tolist(), tensor[at].tolist(), strict=True):
        out[i] = value
    return out


def multi_hot(part: Tensor, indices: Iterable[int], value: float = 1.0) -> None:
    for index in indices:
        part[index] += value


def index_of(names: Sequence[str], name: str, what: str) -> int:
    try:
        return names.index(name)
    except ValueError:
        raise ValueError(f"unknown {what} {name!r} in the view") from None
