"""Who sits where: human seats and bots, and bots that fall back to random play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from monastic.bots import Bot, RandomBot, bot_names, make
from monastic.cli.common import CliError
from monastic.engine import Action, State, fresh_seed

__all__ = ["HUMAN", "SafeBot", "Seating", "seating_from_names", "split_bot_specs"]

#: The name a human seat has in a match record.
HUMAN = "human"


class SafeBot:
    """A bot that plays random moves, and says so, if it cannot play this game yet.

    Greedy and search bots load the game's strategy module on first use; a game still being
    written may not have one.
    """

    def __init__(self, spec: str, seed: int) -> None:
        self.spec = spec
        self.seed = seed
        try:
            self.bot: Bot = make(spec, seed)
        except ValueError as err:
            raise CliError(str(err)) from None
        self.note: str | None = None

    @property
    def name(self) -> str:
        return self.spec

    def choose(self, state: State, seat: int) -> Action:
        """The bot's choice, or a random one if the bot cannot play this game."""
        try:
            return self.bot.choose(state, seat)
        except ImportError as err:
            self.note = f"bot {self.spec!r} cannot play this game yet ({err}); it plays randomly"
            self.bot = RandomBot(self.seed)
            return self.bot.choose(state, seat)

    def take_note(self) -> str | None:
        """A message to show once, if the bot had to fall back."""
        note, self.note = self.note, None
        return note


@dataclass(slots=True)
class Seating:
    """The human seats, a bot for each other seat, and the names for the record."""

    humans: list[int]
    bots: dict[int, SafeBot] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        """Record names: ``human`` or the bot spec, per seat."""
        players = len(self.humans) + len(self.bots)
        return [HUMAN if seat in self.humans else self.bots[seat].spec for seat in range(players)]

    def label(self, seat: int, viewer: int | None) -> str:
        """How a seat is shown to ``viewer``: ``you``, ``human`` or the bot spec."""
        if seat == viewer:
            return "you"
        return HUMAN if seat in self.humans else self.bots[seat].spec

    @classmethod
    def build(
        cls, players: int, humans: int, specs: Sequence[str], seed: int | None = None
    ) -> Seating:
        """Seats 0..humans-1 are human; the others get ``specs`` in turn (cycling).

        Each bot is seeded from the system's randomness, never from the game's seed (which
        would let a player who knows one foretell the other); a ``seed`` makes them
        reproducible for tests.
        """
        if not 0 <= humans <= players:
            raise CliError(f"--humans must be between 0 and {players}, not {humans}")
        specs = list(specs) or ["greedy"]
        bots = {
            seat: SafeBot(specs[i % len(specs)], _bot_seed(seed, seat))
            for i, seat in enumerate(range(humans, players))
        }
        return cls(list(range(humans)), bots)


def _bot_seed(seed: int | None, seat: int) -> int:
    return fresh_seed() if seed is None else seed * 1009 + seat


def seating_from_names(names: Sequence[str], players: int, seed: int | None = None) -> Seating:
    """Restore the seating of a saved match from its record names."""
    if len(names) != players:
        return Seating.build(players, 1, ["greedy"], seed)
    humans = [seat for seat, name in enumerate(names) if name == HUMAN]
    bots = {
        seat: SafeBot(name, _bot_seed(seed, seat))
        for seat, name in enumerate(names)
        if name != HUMAN
    }
    return Seating(humans, bots)


def split_bot_specs(text: str | None) -> list[str]:
    """Bot specs from a comma-separated list.

    An item that is not a bot kind joins the spec before it when that spec has settings:
    ``greedy,ismcts:time=1,cutoff=10`` is ``greedy`` and ``ismcts:time=1,cutoff=10``.
    """
    kinds = set(bot_names())
    specs: list[str] = []
    for item in (part.strip() for part in (text or "").split(",")):
        if not item:
            continue
        if specs and item.partition(":")[0] not in kinds and ":" in specs[-1]:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs
