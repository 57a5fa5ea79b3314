"""The engine contract every game implements: ``Game`` makes ``State``s.

A state holds the whole truth of one game, hidden parts and the random generator
included. Every front end reads the same surface: ``view(seat)`` in one shape for all games
(``VIEW_KEYS``, then the game's own keys), the game's words for events (``Game.describe``),
phases and decisions, and action texts.

``apply`` checks legality and leaves the state unchanged on any error; ``apply_unchecked``
is the trusted path for actions taken from ``legal_actions``, and ``apply_quiet`` the same
without events, for search.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from mypy_extensions import mypyc_attr

from monastic.engine.errors import ActionSyntaxError, BadOption, BadSaveFile, IllegalAction
from monastic.engine.events import Event
from monastic.engine.jsonio import excerpt, read_json
from monastic.engine.options import OptionSpec, validate_options
from monastic.engine.result import Result
from monastic.engine.rng import SEED_LIMIT, Rng

if TYPE_CHECKING:
    from monastic.engine.strategy import Strategy

__all__ = ["VIEW_KEYS", "Action", "Decision", "Game", "GameInfo", "State", "as_rng"]

#: Actions are small frozen values of ids with one canonical text form, ``str(action)``.
Action = Hashable
Seat = int
#: No action text of any game comes near this; longer input is refused before parsing.
MAX_ACTION_TEXT = 200


def as_rng(rng: random.Random | Rng | int) -> Rng:
    """Turn a caller's generator (or a seed) into a fresh ``Rng`` without touching any state's."""
    if isinstance(rng, Rng):
        return rng.spawn()
    if isinstance(rng, int):
        return Rng(rng)
    return Rng(rng.getrandbits(64))


#: The keys every view starts with, the same in every game; the game's own keys follow.
VIEW_KEYS = (
    "game",  # the game id
    "viewer",  # the seat whose view this is, or None for a spectator
    "players",  # one public entry per seat, in seat order
    "phase",  # a machine name of the phase, e.g. "play"
    "phase_text",  # the phase in words, e.g. "Day 2, Sext (prayer)"
    "to_act",  # the seats that must decide now
    "decision",  # None unless the viewer decides now: {"kind", "prompt", "actions", "notes"}
    "over",  # whether the game has ended
    "result",  # None until the end, then Result.to_dict()
)


@dataclass(frozen=True, slots=True)
class Decision:
    """What a seat is asked now: a machine name (``"combo"``) and a prompt in words."""

    kind: str
    prompt: str


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts about a game that user interfaces and learners read instead of guessing."""

    min_players: int
    max_players: int
    chance: str  # "sampled": chance happens inside apply, from the state's own generator
    information: str  # "imperfect" or "perfect"
    simultaneous: bool  # whether several seats may be asked at once
    max_decisions: int  # a generous upper bound on the decisions in one game


# Compiled, they stay open to subclasses in plain Python (a test's toy game, an adapter).
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One game in progress. Subclasses are plain data plus the rules."""

    __slots__ = ()
    game: ClassVar[Game]

    # The contract -------------------------------------------------------------------------

    @property
    @abstractmethod
    def players(self) -> int:
        """The number of seats, 0..players-1 in clockwise order."""

    @abstractmethod
    def to_act(self) -> list[Seat]:
        """The seats that must decide now, ascending; empty once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every legal action for ``seat`` now, in a fixed order; empty if it is not to act."""

    @abstractmethod
    def apply_unchecked(self, seat: Seat, action: Action) -> list[Event]:
        """Apply an action known to be legal (taken from ``legal_actions``)."""

    def apply_quiet(self, seat: Seat, action: Action) -> None:
        """``apply_unchecked`` without building events: the path of search and random play,
        which never read them. Games override it when skipping events saves time."""
        self.apply_unchecked(seat, action)

    # The entry points below take ``object`` where they check a caller's value themselves:
    # compiled, an ``int`` parameter would turn True into 1 and refuse None with a TypeError
    # before the check could name what is wrong.

    def view(self, seat: object) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator), JSON-ready: ``VIEW_KEYS`` first, with
        the same meaning in every game, then the game's own keys (``view_details``)."""
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players
        ):
            raise ValueError(f"there is no seat {seat!r} (seats are 0..{self.players - 1})")
        over = self.is_over()
        to_act = self.to_act()
        decision = None
        if seat is not None and seat in to_act:
            asked = self.decision(seat)
            actions = self.legal_texts(seat)
            notes = self.choice_notes(seat)
            decision = {
                "kind": asked.kind,
                "prompt": asked.prompt,
                "actions": actions,
                "notes": {text: notes[text] for text in actions if text in notes},
            }
        view: dict[str, Any] = {
            "game": self.game.id,
            "viewer": seat,
            "players": self.public_players(),
            "phase": self.current_phase(),
            "phase_text": self.phase_text(),
            "to_act": to_act,
            "decision": decision,
            "over": over,
            "result": self.result().to_dict() if over else None,
        }
        details = self.view_details(seat)
        clash = view.keys() & details.keys()
        if clash:
            raise RuntimeError(f"{self.game.id} view details reuse shared keys {sorted(clash)}")
        view.update(details)
        return view

    # The view's parts: every game fills them in ------------------------------------------

    @abstractmethod
    def current_phase(self) -> str:
        """The phase as a machine name (``"play"``, ``"scoring"``, ``"over"``)."""

    @abstractmethod
    def phase_text(self) -> str:
        """The phase in words for a person (``"Day 2, Sext (prayer)"``)."""

    @abstractmethod
    def decision(self, seat: Seat) -> Decision:
        """What ``seat``, one of ``to_act()``, is asked now."""

    def choice_notes(self, seat: Seat) -> dict[str, str]:
        """A few words of value for some of ``seat``'s legal action texts, so a person decides
        without arithmetic (``"+12 points"``, ``"costs 2 blessings"``). Only what ``seat`` may
        know; the default has none."""
        return {}

    @abstractmethod
    def public_players(self) -> list[dict[str, Any]]:
        """One entry per seat of what everyone may see of that seat."""

    @abstractmethod
    def view_details(self, seat: Seat | None) -> dict[str, Any]:
        """The game's own part of ``view(seat)``: nothing that ``seat`` may not know."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def result(self) -> Result:
        """Final scores, winners and ranks; raises ValueError while the game goes on."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The whole truth as JSON-ready data (the saved state)."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy; changing it never changes this state."""

    @abstractmethod
    def determinize(self, seat: Seat, rng: random.Random | Rng | int) -> Self:
        """A copy in which all that ``seat`` cannot know is resampled from ``rng``.

        The copy's own generator is reseeded from ``rng`` too, so a search never sees the
        true game's future draws. This state and its generator are left untouched.
        """

    # Shared behaviour ---------------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy`` is ``clone``. Compiled, what a game's copies share (values that
        never change, such as a board's derived tables) could not be copied object by
        object."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its saved data, read back by its class's ``from_dict``; what a state
        keeps beside its data is made again when first needed."""
        return (_unpickled, (type(self), self.to_dict()))

    def is_legal(self, seat: Seat, action: Action) -> bool:
        """Whether ``action`` is legal for ``seat`` now (games may answer without listing all)."""
        return action in self.legal_actions(seat)

    def why_illegal(self, seat: Seat, action: Action) -> str:
        """A reason a person can read; games override it with sharper reasons."""
        return f"{action} is not a legal action for seat {seat} now"

    def apply(self, seat: object, action: Action | str) -> list[Event]:
        """Check and apply an action (or its text); raise IllegalAction, changing nothing."""
        if isinstance(action, str):
            action = self.game.read_action(action)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(
                f"there is no seat {excerpt(seat)} (seats are 0..{self.players - 1})"
            )
        if self.is_over():
            raise IllegalAction("the game is over")
        acting = self.to_act()
        if seat not in acting:
            raise IllegalAction(f"seat {seat} is not to act now (to act: {_seats(acting)})")
        if not self.is_legal(seat, action):
            raise IllegalAction(self.why_illegal(seat, action))
        return self.apply_unchecked(seat, action)

    def legal_texts(self, seat: Seat) -> list[str]:
        """The canonical texts of ``legal_actions(seat)``."""
        return [str(action) for action in self.legal_actions(seat)]

    def to_json(self) -> str:
        """The saved state as versioned JSON text."""
        return json.dumps(
            {"game": self.game.id, "version": self.game.state_version, "state": self.to_dict()},
            separators=(",", ":"),
        )

    def __str__(self) -> str:  # for debugging only
        return json.dumps(self.view(None), indent=1)


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(str(s) for s in seats) or "nobody"


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game: its facts and options, and how to make, parse and load its states."""

    id: ClassVar[str]
    title: ClassVar[str]
    info: ClassVar[GameInfo]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    state_version: ClassVar[int] = 1
    #: ``upgrades[v]`` turns a saved state of version ``v`` into one of version ``v + 1``, so
    #: saves of every earlier version listed here still load.
    upgrades: ClassVar[Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}
    default_players: ClassVar[int] = 2

    def __init__(self, strategy: Strategy[Any] | None = None) -> None:
        # A game's package hands its strategy in when it makes its one Game object, so that
        # the rules never import the strategy (which reads the rules).
        self._strategy = strategy

    def __repr__(self) -> str:
        return f"monastic.load_game({self.id!r})"

    def new_game(
        self, players: object = None, seed: object = 0, options: Mapping[str, Any] | None = None
    ) -> State:
        """A new game; raises BadOption for a bad player count or option."""
        if players is None:
            players = self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOption(f"players must be a whole number, not {players!r}")
        if not self.info.min_players <= players <= self.info.max_players:
            raise BadOption(
                f"{self.id} takes {self.info.min_players} to {self.info.max_players} players,"
                f" not {players}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
            raise BadOption(f"seed must be a whole number from 0 to 2**128 - 1, not {seed!r}")
        return self._new(players, seed, validate_options(self.option_specs, options))

    def options(self, given: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
        """The full option set (defaults filled in) for ``given``; raises BadOption."""
        return validate_options(self.option_specs, given)

    @abstractmethod
    def describe(self, event: Mapping[str, Any], viewer: Seat | None) -> str:
        """One event (as ``events_for`` gave it to ``viewer``) in one line of plain words."""

    def strategy(self) -> Strategy[Any] | None:
        """The game's evaluation and heuristic for bots; None if it has none."""
        return self._strategy

    @abstractmethod
    def _new(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        """Set up a game with validated arguments."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Text to action; raises ActionSyntaxError naming what is wrong."""

    def read_action(self, text: str) -> Action:
        """``parse_action`` for text from outside: over-long input is refused unparsed."""
        if not isinstance(text, str):
            raise ActionSyntaxError(f"an action is a text, not {excerpt(text)}")
        if len(text) > MAX_ACTION_TEXT:
            raise ActionSyntaxError(
                f"{excerpt(text)} is not an action: {len(text)} characters is too long"
            )
        return self.parse_action(text)

    @abstractmethod
    def _from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``State.to_dict`` output (may raise KeyError, ValueError...)."""

    def from_json(self, text: str | bytes | Mapping[str, Any]) -> State:
        """Load a state saved by ``to_json``; raises BadSaveFile naming what is wrong."""
        if isinstance(text, Mapping):
            doc: Any = text
        else:
            doc = read_json(text)
        if not isinstance(doc, dict):
            raise BadSaveFile("save file must hold a JSON object")
        if doc.get("game") != self.id:
            raise BadSaveFile(f"save file is for game {excerpt(doc.get('game'))}, not {self.id!r}")
        version = doc.get("version")
        readable = [v for v in range(1, self.state_version) if v in self.upgrades]
        readable.append(self.state_version)
        if isinstance(version, bool) or version not in readable:
            raise BadSaveFile(
                f"save file has version {excerpt(version)}; this program reads"
                f" version{'s' if len(readable) > 1 else ''} {', '.join(map(str, readable))}"
            )
        if not isinstance(doc.get("state"), dict):
            raise BadSaveFile("save file has no 'state' object")
        try:
            data = doc["state"]
            for old in range(version, self.state_version):
                data = self.upgrades[old](data)
            return self._from_dict(data)
        except BadSaveFile:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            what = f"missing field {err}" if isinstance(err, KeyError) else str(err)
            raise BadSaveFile(f"save file state is broken: {what}") from None


def _unpickled(cls: Any, data: dict[str, Any]) -> State:
    """A pickled state back (``State.__reduce__``): every game's state class reads its own
    ``to_dict`` output with ``from_dict``."""
    state: State = cls.from_dict(data)
    return state
