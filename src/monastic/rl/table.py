"""A game as learners step it: one token at a time, by one seat at a time.

Every adapter (PettingZoo, Gymnasium, OpenSpiel) drives a ``Table``. Simultaneous choices
are asked in seat order; a choice stays hidden from the others until the engine reveals it
(the engine's own rule), so asking them one after another changes nothing anyone knows. A
seat that has begun a staged action (a straight, a placement) finishes it before anyone
else is asked.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Self

import numpy as np

from monastic.engine import IllegalAction, Result, State
from monastic.rl.codec import MORE, ActionCodec, Choices, Mask, Tokens
from monastic.rl.observation import Observer, Tensor

__all__ = ["REWARDS", "Table", "rewards"]

#: ``win``: 1 for a sole win, 1/k for a win shared by k seats, else 0 (the returns add up
#: to 1). ``score``: the seat's final score less the mean of all seats', divided by the
#: spread of the scores (at least 1), so in -1..1 and adding up to 0.
REWARDS = ("win", "score")


def rewards(result: Result, kind: str) -> list[float]:
    """Each seat's reward for a finished game (``REWARDS``)."""
    seats = range(len(result.scores))
    if kind == "win":
        return [result.reward(seat) for seat in seats]
    if kind == "score":
        scores = [float(s) for s in result.scores]
        mean = sum(scores) / len(scores)
        spread = max(1.0, max(scores) - min(scores))
        return [(s - mean) / spread for s in scores]
    raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {kind!r}")


class Table:
    """A state plus the tokens one seat has entered so far of a staged action.

    What the adapters read of a moment (a seat's legal actions by their tokens, the tokens
    each prefix allows, its tensor) is worked out once and kept until an action is applied
    or the state is replaced: asking twice costs one, and the tokens of a staged action,
    which leave the state as it stands, keep it too.
    """

    __slots__ = (
        "_choices",
        "_memo",
        "_to_act",
        "codec",
        "entering",
        "moves",
        "prefix",
        "state",
    )

    def __init__(self, codec: ActionCodec, state: State) -> None:
        if state.players != codec.players:
            raise ValueError(f"a {codec.players}-player codec for a {state.players}-player game")
        self.codec = codec
        self.state = state
        self.prefix: Tokens = ()
        self.entering: int | None = None  # the seat that has entered ``prefix``
        self.moves: list[tuple[int, Hashable]] = []  # the game actions made, in order
        self._choices: dict[int, Choices] = {}
        self._memo: dict[Hashable, Any] = {}  # the adapters' other reads of this moment
        self._to_act: list[int] | None = None  # the state's to_act(), read once a moment

    def clone(self) -> Self:
        copy = type(self)(self.codec, self.state.clone())
        copy.prefix, copy.entering = self.prefix, self.entering
        copy.moves = self.moves[:]
        copy._choices = dict(self._choices)  # Choices never change: sharing them is safe
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """OpenSpiel's clones deep-copy a state's attributes: the engine's fast clone."""
        return self.clone()

    def replace_state(self, state: State) -> None:
        """Go on in another world of the same moment (a ``determinize`` of the state)."""
        self.state = state
        self._changed()
        self._choices.clear()

    def _changed(self) -> None:
        """The state changed (or the world was replaced): what was read of it is stale."""
        self._memo.clear()
        self._to_act = None

    def is_over(self) -> bool:
        return self.state.is_over()

    def to_act(self) -> list[int]:
        """The seats that may enter a token now (a fresh list)."""
        return list(self._acting())

    def _acting(self) -> list[int]:
        """``to_act``, kept for the moment: the caller must not change it."""
        if self.entering is not None:
            return [self.entering]
        found = self._to_act
        if found is None:
            found = self._to_act = self.state.to_act()
        return found

    def current(self) -> int | None:
        """The seat asked next (the lowest of ``to_act``), None once the game is over."""
        if self.entering is not None:
            return self.entering
        seats = self._to_act
        if seats is None:
            seats = self._to_act = self.state.to_act()
        return seats[0] if seats else None

    def choices(self, seat: int) -> Choices:
        found = self._choices.get(seat)
        if found is None:
            found = self._choices[seat] = self.codec.choices(self.state, seat)
        return found

    def prefix_of(self, seat: int) -> Tokens:
        return self.prefix if seat == self.entering else ()

    def legal_tokens(self, seat: int) -> list[int]:
        if seat == self.entering:
            return self.choices(seat).next_tokens(self.prefix)
        if self.entering is not None or seat not in self._acting():
            return []
        return self.choices(seat).next_tokens(())

    def mask(self, seat: int) -> Mask:
        """The tokens ``seat`` may enter now, as 0/1 (a fresh array the caller may change).

        Written afresh at every call: zeroing a new array and setting a few tokens costs no
        more than copying a kept one, and most moments ask once (the AEC's info)."""
        if seat == self.entering:
            return self.choices(seat).mask(self.prefix)
        if self.entering is None and seat in self._acting():
            return self.choices(seat).mask(())
        return np.zeros(self.codec.size, dtype=np.int8)

    def tensor(self, observer: Observer, seat: int, fresh: bool = True) -> Tensor:
        """``seat``'s observation tensor now: a fresh array the caller may change, or with
        ``fresh=False`` the one kept for this moment, which the caller must only read.

        The state is written once per moment and seat: the tokens of a staged action change
        only the ``entered`` slice, so each is that tensor with its tokens written in."""
        prefix = self.prefix_of(seat)
        memo = self._memo
        base: Tensor | None = memo.get((observer, seat, ()))
        if base is None:
            base = memo[observer, seat, ()] = observer.observe(self.state, seat)
        if not prefix:
            return base.copy() if fresh else base
        if fresh:  # ``enter`` writes into a copy: that copy is the caller's
            return observer.enter(base, prefix)
        key = (observer, seat, prefix)
        found: Tensor | None = memo.get(key)
        if found is None:
            found = memo[key] = observer.enter(base, prefix)
        return found

    def tensors(self, observer: Observer, seats: Sequence[int]) -> list[Tensor]:
        """``tensor(observer, seat)`` of each seat (fresh arrays), the public features
        written once for all of them (``Observer.observe_seats``)."""
        memo = self._memo
        missing = [seat for seat in seats if (observer, seat, ()) not in memo]
        if len(missing) > 1:
            for seat, found in zip(
                missing, observer.observe_seats(self.state, missing), strict=True
            ):
                memo[observer, seat, ()] = found
        return [self.tensor(observer, seat) for seat in seats]

    def remember(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """``make()``, worked out once for this moment (an adapter's own reading of it)."""
        memo = self._memo
        if key in memo:
            return memo[key]
        found = memo[key] = make()
        return found

    def play(self, seat: int, token: object) -> Hashable | None:
        """Enter one token (an int or a NumPy integer, as spaces sample them) for ``seat``;
        returns the action it completes (then applied)."""
        if type(token) is not int:  # the common case first: every step comes here
            if isinstance(token, bool) or not isinstance(token, np.integer):
                raise IllegalAction(f"a token is a whole number, not {token!r}")
            token = int(token)
        if seat == self.entering:
            prefix = self.prefix
        elif self.entering is None and seat in self._acting():
            prefix = ()
        else:
            raise IllegalAction(f"seat {seat} is not to act now (token {self._name(token)})")
        action = self.choices(seat).take(prefix, token)
        if action is None:
            raise IllegalAction(f"token {self._name(token)} is not legal for seat {seat} now")
        if action is MORE:  # the state stands, and what was read of it; who may act not
            self.prefix, self.entering = (*prefix, token), seat
            return None
        self._memo.clear()  # ``_changed``, without a call: every action comes here
        self._to_act = None
        self.prefix, self.entering = (), None
        self.state.apply_quiet(seat, action)
        self.moves.append((seat, action))
        self._choices.clear()
        return action

    def _name(self, token: int) -> str:
        return self.codec.token_name(token) if 0 <= token < self.codec.size else str(token)

    def apply(self, seat: int, action: Hashable) -> None:
        """Apply a whole legal action (a bot's) for ``seat``, which must not be entering one."""
        if self.entering is not None:
            raise IllegalAction(f"seat {self.entering} is entering an action")
        if action not in self.choices(seat).actions():  # a bot's, from legal_actions
            raise IllegalAction(f"{action} is not legal for seat {seat} now")
        self.state.apply_quiet(seat, action)
        self.moves.append((seat, action))
        self._choices.clear()
        self._changed()

    def rewards(self, kind: str) -> list[float]:
        return rewards(self.state.result(), kind)

    def render(self) -> str:
        """A few lines of text for a person: the phase, who acts, the last actions."""
        view: dict[str, Any] = self.state.view(None)
        lines = [f"{self.state.game.title}: {_phase(view)}"]
        for seat, action in self.moves[-3:]:
            lines.append(f"  seat {seat}: {action}")
        if self.is_over():
            result = self.state.result()
            lines.append(f"over: scores {list(result.scores)}, winners {list(result.winners)}")
        else:
            entering = "" if self.entering is None else f" (entering {self._prefix_text()})"
            lines.append(f"to act: {self.to_act()}{entering}")
        return "\n".join(lines)

    def _prefix_text(self) -> str:
        return " ".join(self.codec.token_name(t) for t in self.prefix)


def _phase(view: dict[str, Any]) -> str:
    text = view.get("phase_text")
    return str(text) if text else str(view.get("phase", ""))
