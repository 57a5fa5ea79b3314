"""Fixed action spaces: every action of a game, at a player count, as a short run of tokens.

A codec numbers the actions of one game at one player count once and for all, from the
structure of the action values and the game's catalogue, never from the texts a state
happens to list. Its ``size`` tokens are split into named blocks (``play``, ``offer``,
``cell``...). Almost every action is one token. The few families whose true number is
far too large for one flat mask (a straight of the card game is one of 8**9 suit choices,
a Monastery placement one of 38 tiles x 4 turns x thousands of cells) are a head token
followed by a fixed number of stage tokens that the head decides (the straight's suit at
each rank; the cell). A learner enters them one token at a time, each step with an exact
mask, as OpenSpiel's own Hearts passes three cards one at a time.

Every action also has one integer, ``index(action)``, in the fixed range
``0..flat_size - 1``: its head's offset plus the stage tokens read as digits. It is the
flat number a search or a table can key on; the environments use tokens.

The tokens leave out only what the state decides (a Monastery move's cost, the number of
the offer being answered), so ``Choices.action`` reads them back from the legal actions.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from math import prod
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from monastic.engine import State

__all__ = ["MORE", "ActionCodec", "Block", "Choices", "Layout", "Mask"]

Mask = npt.NDArray[np.int8]
Tokens = tuple[int, ...]
#: What ``Choices.take`` answers for a token that begins or continues an action (not one).
MORE: Hashable = object()
#: The codec remembers the tokens of at most this many action values (then starts afresh).
_MEMO_LIMIT = 1 << 17


@dataclass(frozen=True, slots=True)
class Block:
    """A named run of token ids: ``start .. start + size - 1``."""

    name: str
    start: int
    size: int

    def at(self, offset: int) -> int:
        """The token of the block's ``offset``-th entry."""
        if not 0 <= offset < self.size:
            raise ValueError(f"{self.name}: entry {offset} is outside 0..{self.size - 1}")
        return self.start + offset

    def offset(self, token: int) -> int:
        """Which entry of the block ``token`` is."""
        if not self.start <= token < self.start + self.size:
            raise ValueError(f"token {token} is not in block {self.name}")
        return token - self.start


class Layout:
    """Lays blocks end to end; the codec's token ids."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.size = 0

    def add(self, name: str, size: int) -> Block:
        if size < 1:
            raise ValueError(f"block {name} must hold at least one token")
        block = Block(name, self.size, size)
        self.blocks.append(block)
        self.size += size
        return block


class ActionCodec(ABC):
    """The fixed action space of one game at one player count."""

    game_id: ClassVar[str]

    def __init__(self, players: int, layout: Layout, stage_blocks: Iterable[Block] = ()) -> None:
        self.players = players
        self.blocks: tuple[Block, ...] = tuple(layout.blocks)
        if self.blocks[0] != Block("wait", 0, 1):
            raise ValueError("token 0 must be the block 'wait' (a seat with nothing to do)")
        #: Token 0: what a seat sends in a Parallel step while others choose.
        self.wait = self.blocks[0]
        self.size = layout.size
        #: Blocks whose tokens only follow a head, never start an action.
        self.stage_blocks = frozenset(stage_blocks)
        self._starts = [block.start for block in self.blocks]
        heads = [t for t in range(self.size) if self.block_of(t) not in self.stage_blocks]
        widths = [prod(b.size for b in self.stages(t)) for t in heads]
        self._heads = heads
        self._head_offsets = [0, *accumulate(widths)]
        self._head_position = {t: i for i, t in enumerate(heads)}
        self.flat_size = self._head_offsets[-1]
        #: The longest token run of any action.
        self.max_tokens = 1 + max(len(self.stages(t)) for t in heads)
        #: The head tokens of staged actions.
        self.staged_heads = frozenset(t for t in heads if self.stages(t))
        #: The number of tokens of an action by its head, for the staged heads (else 1).
        self.run_length = {t: 1 + len(self.stages(t)) for t in self.staged_heads}
        self._memo: dict[Hashable, Tokens] = {}
        # By the action object itself: games hand out the same interned values again and
        # again, and an identity look-up skips hashing a dataclass. Holding the object keeps
        # its id from being reused while the entry lives.
        self._by_id: dict[int, Tokens] = {}
        self._first_by_id: dict[int, int] = {}
        self._kept: list[Hashable] = []
        #: Whether each token is the head of a staged action (a look-up for whole arrays).
        self.is_staged_head = np.zeros(self.size, dtype=np.bool_)
        self.is_staged_head[sorted(self.staged_heads)] = True

    # What each game fills in ---------------------------------------------------------------

    @abstractmethod
    def encode(self, action: Hashable) -> Tokens:
        """The tokens of an action value (state-free); ValueError if the space has none."""

    def stages(self, head: int) -> tuple[Block, ...]:
        """The blocks of the tokens that follow ``head`` (none for a one-token action)."""
        return ()

    # Shared ---------------------------------------------------------------------------------

    def tokens(self, action: Hashable) -> Tokens:
        """``encode``, remembered (actions are small frozen values, listed again and again)."""
        memo = self._memo
        found = memo.get(action)
        if found is None:
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            found = memo[action] = self.encode(action)
        return found

    def runs(self, actions: Sequence[Hashable]) -> list[Tokens]:
        """The tokens of each action, in order."""
        known = self._by_id
        found: list[Tokens | None] = [known.get(id(action)) for action in actions]
        if None in found:
            self._fill(found, actions, whole=True)
        return found  # type: ignore[return-value]  # no None left

    def first_tokens(self, actions: Sequence[Hashable]) -> list[int]:
        """The first token of each action, in order (the fast path of ``Choices``)."""
        known = self._first_by_id
        # A comprehension, not ``map`` of bound methods: compiled, it is a C loop.
        found: list[int | None] = [known.get(id(action)) for action in actions]
        if None in found:
            self._fill(found, actions, whole=False)
        return found  # type: ignore[return-value]  # no None left

    def _fill(self, found: list[Any], actions: Sequence[Hashable], whole: bool) -> None:
        """The runs (``whole``) or first tokens of the actions not known by identity (found
        by a C-level scan): mostly copies of values met before (a combo, an answer), read
        by value; only a value never met goes through ``_learn``."""
        by_value, at = self._memo.get, -1
        for _ in range(found.count(None)):
            at = found.index(None, at + 1)
            action = actions[at]
            run = by_value(action)
            if run is None:
                run = self._learn(action)
            found[at] = run if whole else run[0]

    def _learn(self, action: Hashable) -> Tokens:
        """The tokens of an action not known by its identity, remembered by it if it is new.

        Games hand out the same interned values again and again: those are remembered by
        identity on first sight, and kept alive alongside, so no id is reused while its
        entry lives; the look-ups then run without a Python-level step per action. A value
        met before as another object is one the game builds afresh at every listing (a
        combo, an answer): remembering each copy would only fill the table, so copies are
        read by value (one hash).
        """
        values = self._memo
        run = values.get(action)
        if run is not None:
            return run
        memo = self._by_id
        if len(memo) >= _MEMO_LIMIT or len(values) >= _MEMO_LIMIT:  # all start afresh
            memo.clear()
            self._first_by_id.clear()
            self._kept.clear()
            values.clear()
        run = values[action] = self.encode(action)  # ``tokens`` without hashing it again
        key = id(action)
        memo[key] = run
        self._first_by_id[key] = run[0]
        self._kept.append(action)
        return run

    def block_of(self, token: int) -> Block:
        if not 0 <= token < self.size:
            raise ValueError(f"token {token} is outside 0..{self.size - 1}")
        return self.blocks[bisect_right(self._starts, token) - 1]

    def token_name(self, token: int) -> str:
        """``play:7``: the block and the entry, for reading a trajectory."""
        block = self.block_of(token)
        return f"{block.name}:{token - block.start}"

    def index(self, action: Hashable) -> int:
        """The action's one integer in ``0..flat_size - 1``."""
        return self.index_of_tokens(self.tokens(action))

    def index_of_tokens(self, tokens: Sequence[int]) -> int:
        head, rest = tokens[0], tokens[1:]
        position = self._head_position.get(head)
        if position is None:
            raise ValueError(f"token {head} ({self.token_name(head)}) cannot start an action")
        stages = self.stages(head)
        if len(rest) != len(stages):
            raise ValueError(f"{self.token_name(head)} takes {len(stages)} more tokens")
        value = 0
        for block, token in zip(stages, rest, strict=True):
            value = value * block.size + block.offset(token)
        return self._head_offsets[position] + value

    def tokens_of_index(self, index: int) -> Tokens:
        """The tokens of the action numbered ``index`` (the inverse of ``index_of_tokens``)."""
        if not 0 <= index < self.flat_size:
            raise ValueError(f"index {index} is outside 0..{self.flat_size - 1}")
        position = bisect_right(self._head_offsets, index) - 1
        head = self._heads[position]
        value = index - self._head_offsets[position]
        digits: list[int] = []
        for block in reversed(self.stages(head)):
            value, digit = divmod(value, block.size)
            digits.append(block.start + digit)
        return (head, *reversed(digits))

    def choices(self, state: State, seat: int) -> Choices:
        """The legal actions of ``seat`` now, by their tokens."""
        return Choices(self, state.legal_actions(seat))


class Choices:
    """The legal actions of one seat at one moment, keyed by their token runs.

    ``mask(prefix)`` marks exactly the tokens that continue ``prefix`` towards some legal
    action, so a learner entering tokens under the masks can only ever make legal actions.
    Built for speed: a decision of one-token actions is only its list of first tokens. A
    staged action is found through the actions that share its prefix (``_group``), worked
    out only for the prefixes entered: a Monastery lay reads the cells of the one tile and
    rotation chosen, not the runs of every action listed.
    """

    __slots__ = (
        "_actions",
        "_array",
        "_by_tokens",
        "_complete",
        "_firsts",
        "_groups",
        "_next",
        "_staged",
        "codec",
    )

    def __init__(self, codec: ActionCodec, actions: Sequence[Hashable]) -> None:
        self.codec = codec
        self._actions = actions
        self._firsts = firsts = codec.first_tokens(actions)
        # A long list (a Study's hundreds of offers) is read as one array, for the mask too.
        self._array = np.fromiter(firsts, np.intp, len(firsts)) if len(firsts) > 32 else None
        self._staged = bool(
            codec.is_staged_head[self._array].any()
            if self._array is not None
            else not codec.staged_heads.isdisjoint(firsts)
        )
        self._by_tokens: dict[Tokens, Hashable] | None = None
        self._next: dict[Tokens, list[int]] = {}
        #: Per prefix entered: the runs and the actions that begin with it.
        self._groups: dict[Tokens, tuple[list[Tokens], list[Hashable]]] = {}
        #: Per prefix one token short of complete: its actions by their runs.
        self._complete: dict[Tokens, dict[int, Hashable]] = {}

    def _table(self) -> dict[Tokens, Hashable]:
        if self._by_tokens is None:
            runs = self.codec.runs(self._actions)
            self._by_tokens = _by_run(self.codec, runs, self._actions)
        return self._by_tokens

    def _group(self, prefix: Tokens) -> tuple[list[Tokens], list[Hashable]]:
        """The runs and the actions that begin with ``prefix`` (not empty)."""
        found = self._groups.get(prefix)
        if found is None:
            n = len(prefix) - 1
            last = prefix[n]
            actions: list[Hashable] = []
            if n == 0:  # the actions of one head: their runs, and only theirs, are read
                every, firsts = self._actions, self._firsts
                for i in range(len(firsts)):  # a plain loop: compiled, the fastest
                    if firsts[i] == last:
                        actions.append(every[i])
                runs = self.codec.runs(actions)
            else:
                runs = []
                above_runs, above = self._group(prefix[:n])
                for i in range(len(above_runs)):
                    run = above_runs[i]
                    if run[n] == last:
                        runs.append(run)
                        actions.append(above[i])
            found = self._groups[prefix] = (runs, actions)
        return found

    def _completing(self, prefix: Tokens) -> dict[int, Hashable]:
        """The actions whose runs are ``prefix`` and one token more, by that last token (a
        whole number: no run to hash); RuntimeError if two share a run (a codec's mistake)."""
        found = self._complete.get(prefix)
        if found is None:
            runs, actions = self._group(prefix)
            n = len(prefix)
            found = {}
            for i in range(len(runs)):
                found[runs[i][n]] = actions[i]
            if len(found) != len(runs):
                _by_run(self.codec, runs, actions)  # raises, naming the two
            self._complete[prefix] = found
        return found

    def _length(self, head: int) -> int:
        """The number of tokens of an action that starts with ``head``."""
        return self.codec.run_length.get(head, 1)

    def __len__(self) -> int:
        return len(self._actions)

    def actions(self) -> Sequence[Hashable]:
        return self._actions

    def runs(self) -> list[Tokens]:
        return list(self._table())

    def next_tokens(self, prefix: Tokens = ()) -> list[int]:
        """The tokens that continue ``prefix``, ascending; [] if there are none."""
        found = self._next.get(prefix)
        if found is None:
            if not prefix:
                found = sorted(set(self._firsts)) if self._staged else sorted(self._firsts)
            elif len(prefix) >= self._length(prefix[0]):
                found = []
            elif len(prefix) + 1 == self._length(prefix[0]):  # the last token: one pass
                found = sorted(self._completing(prefix))
            else:
                n = len(prefix)
                found = sorted({run[n] for run in self._group(prefix)[0]})
            self._next[prefix] = found
        return found

    def allows(self, prefix: Tokens, token: int) -> bool:
        """Whether ``token`` continues ``prefix`` towards a legal action."""
        if not prefix:
            return token in self._firsts
        return token in self.next_tokens(prefix)

    def mask(self, prefix: Tokens = ()) -> Mask:
        if not prefix and self._array is not None:
            mask = np.zeros(self.codec.size, np.int8)
            mask[self._array] = 1
            return mask
        # A few tokens (the common case) set in a zeroed bytearray the array then wraps
        # (writable, its own): cheaper than NumPy's item assignment or an index array.
        raw = bytearray(self.codec.size)
        for token in self._firsts if not prefix else self.next_tokens(prefix):
            raw[token] = 1
        return np.frombuffer(raw, np.int8)

    def action(self, tokens: Tokens) -> Hashable | None:
        """The legal action these tokens complete, or None while more are needed."""
        if not tokens or len(tokens) != self._length(tokens[0]):
            return None
        if len(tokens) == 1:
            try:
                return self._actions[self._firsts.index(tokens[0])]
            except ValueError:
                return None
        return self._completing(tokens[:-1]).get(tokens[-1])

    def is_complete(self, tokens: Tokens) -> bool:
        return self.action(tokens) is not None

    def take(self, prefix: Tokens, token: int) -> Hashable | None:
        """What ``token`` after ``prefix`` makes: the legal action it completes, ``MORE`` if
        it continues towards one, None if it is not legal (one look-up: every step asks)."""
        if not prefix:
            if token in self.codec.staged_heads:
                return MORE if token in self._firsts else None
            try:
                return self._actions[self._firsts.index(token)]
            except ValueError:
                return None
        if len(prefix) + 1 == self._length(prefix[0]):
            return self._completing(prefix).get(token)
        return MORE if token in self.next_tokens(prefix) else None


def _by_run(
    codec: ActionCodec, runs: list[Tokens], actions: Sequence[Hashable]
) -> dict[Tokens, Hashable]:
    """The actions by their runs; RuntimeError if two share one (a codec's mistake)."""
    table = dict(zip(runs, actions, strict=True))
    if len(table) != len(runs):
        seen: dict[Tokens, Hashable] = {}
        for run, action in zip(runs, actions, strict=True):
            if run in seen:
                raise RuntimeError(f"{codec.game_id}: {seen[run]} and {action} share tokens {run}")
            seen[run] = action
    return table
