"""The session model of a game played at a terminal: no printing, shared by every interface.

A ``Session`` holds one match and everything a front end needs around it, so that line mode
(``cli/play.py``) and the full-screen interface show the same game the same way:

- who sits where (``seating``: people and bots) and what each viewer has been told (``log``,
  ``take_unseen``): a viewer is a person's seat, or ``None`` (the spectator) when only bots
  play;
- whose decision is next (``next_seat``): bots first, so people see who has chosen;
- moves: a bot's (``bot_choice`` then ``apply``, so the thinking may run in a worker thread;
  or ``play_bot``), a person's text (``submit``, forgiving as ``engine.input.resolve`` is),
  and forced decisions (``play_forced``: a person's single legal action plays itself when
  ``auto_forced`` is on, with a line in their log);
- undo of a person's own decisions as far as the engine's rule allows (``undo_count``,
  ``undo``, ``why_no_undo``; the rule is ``engine.undo``, the one the game server uses);
- the running standings (``standings``) and what each rival did since a person's last turn
  (``since_last_turn``, ``moves_since_last_turn``; ``view`` carries them as ``last_moves``
  for the maps of ``cli/render``);
- hints (``hint``): the search's favourite actions for a person's decision, searched from
  what that seat knows only;
- the game's texts for players: ``turn_text`` (how a turn works) and ``rulebook_text``;
- save and resume (``save``, ``Session.resume``): a resumed session has the whole log.

Every method that changes the game raises ``ValueError`` subclasses (``IllegalAction``,
``Unresolved``, ``NoUndo``) on bad input and then leaves everything unchanged. The session is
not thread-safe: call ``bot_choice`` in a worker if you like, but apply its answer from the
thread that owns the session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from monastic.cli.common import load_match
from monastic.cli.rules_cmd import game_text
from monastic.cli.saves import save_match
from monastic.cli.seats import Seating, seating_from_names
from monastic.cli.standings import Standing, standings_for
from monastic.engine import Action, Event, Game, IllegalAction, Match, Record, State, events_for
from monastic.engine.input import resolve
from monastic.engine.undo import Step, seal_reason, undoable

__all__ = [
    "By",
    "Hint",
    "Move",
    "NoHint",
    "NoUndo",
    "RivalMoves",
    "Session",
    "Standing",
    "Viewer",
]

#: A person's seat, or None for the spectator of a game only bots play.
Viewer = int | None
#: Who made a move: a person, a bot, or the session for a person (a forced decision).
By = Literal["person", "bot", "forced"]


class NoUndo(IllegalAction):
    """Nothing may be taken back now; the message says why."""


class NoHint(ValueError):
    """No hint can be given here (no search bot, or none for this game); the message says
    why in the player's words."""


#: The search a hint asks: a fixed budget (about a second on one core), so the same position
#: gives the same hint however busy the machine is; a time budget would not.
HINT_BOT = "ismcts:iterations=500"


@dataclass(frozen=True, slots=True)
class Hint:
    """One of the search's candidates: the action, its share of the root's visits (the
    search's preference) and its mean reward (1 is a sure win)."""

    action: str
    share: float
    reward: float


@dataclass(frozen=True, slots=True)
class Move:
    """One applied move and what it told each viewer.

    ``lines[viewer]`` are the log lines the move added to that viewer's log (its events in the
    game's words, and for a forced decision a line saying so to its seat). ``sealed``: the move
    revealed chance or hidden information (or was a bot's), so nothing up to it can be undone.
    """

    index: int  # its place in the match record, from 0
    seat: int
    text: str  # the canonical action text
    by: By
    sealed: bool
    lines: dict[Viewer, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class RivalMoves:
    """What one other seat did since a viewer's last decision: its moves' log lines."""

    seat: int
    name: str  # the seat's label for the viewer: "greedy", "human", ...
    lines: tuple[str, ...]


@dataclass(slots=True)
class _Log:
    lines: list[str] = field(default_factory=list)
    shown: int = 0  # how many of the lines the viewer has been shown


class Session:
    """One game at a terminal: the match, the seats, each viewer's log, undo and standings."""

    def __init__(self, match: Match, seating: Seating, *, auto_forced: bool = True) -> None:
        """Start or continue ``match``; its moves so far are replayed into the logs (all
        shown already) and count as sealed except the latest run of one seat's moves."""
        self.match = match
        self.seating = seating
        self.auto_forced = auto_forced
        #: The log owners: each person's seat, or only the spectator when nobody plays.
        self.viewers: list[Viewer] = list(seating.humans) or [None]
        self.moves: list[Move] = []
        self._logs: dict[Viewer, _Log] = {viewer: _Log() for viewer in self.viewers}
        if match.record.moves:
            self._replay_moves()

    # Making and loading ----------------------------------------------------------------

    @classmethod
    def resume(
        cls, path: str | Path, seating: Seating | None = None, *, auto_forced: bool = True
    ) -> Session:
        """Continue a saved game (raises ``CliError`` for a bad file); by default the seats
        are those the save file names (people and bot kinds)."""
        match = load_match(path)
        record = match.record
        if seating is None:
            seating = seating_from_names(record.names, record.players)
        else:
            record.names = seating.names
        return cls(match, seating, auto_forced=auto_forced)

    def save(self, path: str | Path) -> None:
        """Write the save file atomically (raises ``CliError`` if it cannot be written)."""
        save_match(self.match, Path(path))

    # What the game is -----------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def state(self) -> State:
        """The live state: read it, never change it (use the session's methods)."""
        return self.match.state

    @property
    def record(self) -> Record:
        return self.match.record

    def is_over(self) -> bool:
        return self.match.state.is_over()

    def is_bot(self, seat: int) -> bool:
        return seat in self.seating.bots

    def label(self, seat: int, viewer: Viewer) -> str:
        """How ``seat`` is named to ``viewer``: "you", "human" or the bot's spec."""
        return self.seating.label(seat, viewer)

    def names(self, viewer: Viewer) -> list[str]:
        return [self.label(seat, viewer) for seat in range(self.match.state.players)]

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """``state.view(viewer)`` with two keys of the session's own, which the renderers of
        ``cli/render`` read: ``names`` (each seat's label for this viewer) and
        ``last_moves`` (``[{"seat", "action"}]``: the other seats' moves since the viewer's
        last one, oldest first, which the maps mark)."""
        view = dict(self.match.state.view(viewer))
        view["names"] = self.names(viewer)
        view["last_moves"] = [
            {"seat": move.seat, "action": move.text} for move in self.moves_since_last_turn(viewer)
        ]
        return view

    def legal_texts(self, seat: int) -> list[str]:
        return self.match.state.legal_texts(seat)

    def choice_notes(self, seat: int) -> dict[str, str]:
        """The value of some of ``seat``'s choices in a few words (``State.choice_notes``)."""
        return self.match.state.choice_notes(seat)

    def turn_text(self) -> str:
        """How a turn works, in a few lines of markdown (``monastic rules GAME --turn``)."""
        return game_text(self.game, "turn")

    def rulebook_text(self) -> str:
        """The game's whole rulebook as markdown (``monastic rules GAME``)."""
        return game_text(self.game, "rulebook")

    # Whose decision ---------------------------------------------------------------------

    def next_seat(self) -> int | None:
        """The seat to decide next (bots first), or None once the game is over."""
        acting = self.match.state.to_act()
        if not acting:
            return None
        bots = [seat for seat in acting if seat in self.seating.bots]
        return bots[0] if bots else acting[0]

    def forced(self, seat: int) -> str | None:
        """The text of ``seat``'s only legal action, if it has exactly one."""
        texts = self.match.state.legal_texts(seat)
        return texts[0] if len(texts) == 1 else None

    # Moves ------------------------------------------------------------------------------

    def bot_choice(self, seat: int) -> tuple[Action, str | None]:
        """The bot's action for ``seat`` and a note to show once (a bot that had to fall back
        to random play says so). Thinks on a copy, so it may run in a worker thread."""
        bot = self.seating.bots[seat]
        action = bot.choose(self.match.state.clone(), seat)
        return action, bot.take_note()

    def hint(self, seat: int, top: int = 5) -> list[Hint]:
        """The search's ``top`` candidates for ``seat``'s decision, best first. It searches
        worlds sampled from that seat's information (the bot never reads the hidden truth),
        on a copy, so it may run in a worker thread; the same position gives the same hint.
        Raises ``NoHint`` saying why when none can be given."""
        from monastic.bots import make

        try:
            bot: Any = make(HINT_BOT, seed=len(self.match.record.moves))
        except ValueError as err:
            raise NoHint("Hints need the search bot (ismcts), which is not installed.") from err
        analyse = getattr(bot, "analyse", None)
        if analyse is None:
            raise NoHint("Hints need a search bot that can analyse positions.")
        try:
            stats = analyse(self.match.state.clone(), seat)
        except ImportError as err:
            raise NoHint(f"The search bot cannot analyse this game yet ({err}).") from err
        return [Hint(str(action), share, reward) for action, share, reward in stats[:top]]

    def play_bot(self, seat: int) -> Move:
        """Let the bot of ``seat`` choose and play (its fallback note, if any, is dropped:
        use ``bot_choice`` to show it)."""
        action, _ = self.bot_choice(seat)
        return self.apply(seat, action, "bot")

    def submit(self, seat: int, text: str) -> Move:
        """A person's text for ``seat``: a legal action however loosely typed (any case, a
        unique start of it). Raises ``Unresolved`` (with near matches) and changes nothing."""
        return self.apply(seat, resolve(self.match.state, seat, text), "person")

    def play_forced(self) -> Move | None:
        """Play the next seat's single legal action if that seat is a person's and
        ``auto_forced`` is on; None otherwise."""
        seat = self.next_seat()
        if not self.auto_forced or seat is None or self.is_bot(seat):
            return None
        text = self.forced(seat)
        if text is None:
            return None
        return self.apply(seat, text, "forced")

    def apply(self, seat: int, action: Action | str, by: By = "person") -> Move:
        """Apply a checked action (or its exact text) and log it for every viewer."""
        state = self.match.state
        if isinstance(action, str):
            action = self.game.read_action(action)
        before = state.clone() if by != "bot" else None
        events = self.match.apply(seat, action)
        sealed = True
        if before is not None:
            seed = self.record.seed * 7919 + len(self.record.moves)
            sealed = seal_reason(before, seat, action, state, events, seed) is not None
        return self._log_move(seat, str(action), by, sealed, events)

    def _log_move(self, seat: int, text: str, by: By, sealed: bool, events: list[Event]) -> Move:
        lines: dict[Viewer, tuple[str, ...]] = {}
        for viewer in self.viewers:
            said = [self.game.describe(event, viewer) for event in events_for(events, viewer)]
            if by == "forced" and viewer == seat:
                said.insert(0, f"Your only choice, {text}, was played for you.")
            lines[viewer] = tuple(said)
            self._logs[viewer].lines.extend(said)
        move = Move(len(self.moves), seat, text, by, sealed, lines)
        self.moves.append(move)
        return move

    def _replay_moves(self) -> None:
        """Rebuild the moves and logs of a loaded match by replaying its record."""
        record = self.match.record
        state = self.game.new_game(record.players, record.seed, record.options)
        last = record.moves[-1][0]
        run = 0  # the latest moves all made by one seat: only they may still be undone
        for seat, _ in reversed(record.moves):
            if seat != last:
                break
            run += 1
        for index, (seat, text) in enumerate(record.moves):
            action = self.game.read_action(text)
            check = index >= len(record.moves) - run and seat in self.seating.humans
            before = state.clone() if check else None
            by: By = "bot" if seat in self.seating.bots else "person"
            if by == "person" and self.auto_forced and len(state.legal_actions(seat)) == 1:
                by = "forced"  # it played itself (the record does not say; this rule does)
            events = state.apply(seat, action)
            sealed = True
            if before is not None:
                seed = record.seed * 7919 + index
                sealed = seal_reason(before, seat, action, state, events, seed) is not None
            self._log_move(seat, text, by, sealed, events)
        for log in self._logs.values():
            log.shown = len(log.lines)

    # Undo -----------------------------------------------------------------------------

    def _undoable_moves(self, seat: int) -> int:
        steps = [Step(move.seat, move.sealed) for move in self.moves]
        return undoable(steps, seat, self.match.state.is_over())

    def undo_count(self, seat: int) -> int:
        """How many of ``seat``'s own decisions may be taken back now (forced moves that
        followed one go back with it and are not counted)."""
        if seat not in self.seating.humans:
            return 0
        count = self._undoable_moves(seat)
        return sum(1 for move in self.moves[len(self.moves) - count :] if move.by == "person")

    def why_no_undo(self, seat: int) -> str:
        """Why ``seat`` cannot take anything back now, in a player's words."""
        if seat not in self.seating.humans:
            return "only a person's own decisions can be taken back"
        if self.match.state.is_over():
            return "the game is over"
        mine = [move for move in self.moves if move.seat == seat]
        if not mine:
            return "you have not decided anything yet"
        last = self.moves[-1]
        if last.seat != seat:
            return f"Seat {last.seat} has played since your last decision"
        return "your last decision revealed something new (a card, a die or a hidden choice)"

    def undo(self, seat: int) -> list[Move]:
        """Take back ``seat``'s latest decision (and the forced moves after it); returns the
        moves taken back, latest first. Raises ``NoUndo`` when the rule allows nothing."""
        if self.undo_count(seat) == 0:
            raise NoUndo(f"nothing to take back: {self.why_no_undo(seat)}")
        taken: list[Move] = []
        while True:
            move = self.moves[-1]
            taken.append(move)
            self.moves.pop()
            if move.by == "person":
                break
        keep = len(self.moves)
        record = self.match.record
        moves = record.moves[:keep]
        replayed = Match(
            Record(record.game, record.players, record.seed, dict(record.options), moves)
        )
        record.moves = moves
        self.match.state = replayed.state
        for viewer, log in self._logs.items():
            dropped = sum(len(move.lines[viewer]) for move in taken)
            del log.lines[len(log.lines) - dropped :]
            log.shown = min(log.shown, len(log.lines))
        return taken

    # What a viewer reads ------------------------------------------------------------------

    def log(self, viewer: Viewer) -> list[str]:
        """Everything ``viewer`` has been told, oldest first (a copy)."""
        return list(self._logs[viewer].lines) if viewer in self._logs else []

    def unseen(self, viewer: Viewer) -> list[str]:
        """The log lines ``viewer`` has not been shown yet (not marking them shown)."""
        log = self._logs.get(viewer)
        return log.lines[log.shown :] if log else []

    def take_unseen(self, viewer: Viewer) -> list[str]:
        """The log lines ``viewer`` has not been shown yet, marking them shown."""
        log = self._logs.get(viewer)
        if log is None:
            return []
        lines = log.lines[log.shown :]
        log.shown = len(log.lines)
        return lines

    def show_last(self, viewer: Viewer, count: int) -> None:
        """Mark all but the last ``count`` lines of ``viewer``'s log as shown (a resumed
        game shows its latest lines again)."""
        log = self._logs.get(viewer)
        if log is not None:
            log.shown = max(0, len(log.lines) - count)

    def standings(self, viewer: Viewer) -> list[Standing]:
        """Each seat's standing so far, as ``viewer`` may see it, in seat order."""
        return standings_for(self.view(viewer))

    def moves_since_last_turn(self, viewer: Viewer) -> list[Move]:
        """The other seats' moves between ``viewer``'s previous turn and its current one,
        oldest first: what a front end marks on the map as "last moves". A turn is a run of
        the viewer's own moves, so the rivals' moves stay marked while the viewer makes the
        several decisions of one turn. All moves if it has not moved yet; for the
        spectator, each seat's latest run of moves."""
        if viewer is None:
            return self._latest_turns()
        end = len(self.moves)
        while end and self.moves[end - 1].seat == viewer:
            end -= 1  # the viewer's current turn
        start = end
        while start and self.moves[start - 1].seat != viewer:
            start -= 1
        return self.moves[start:end]

    def _latest_turns(self) -> list[Move]:
        """Each seat's latest run of moves, oldest first (what a spectator is shown)."""
        runs: dict[int, list[Move]] = {}
        for move in reversed(self.moves):
            run = runs.setdefault(move.seat, [])
            if run and run[0].index != move.index + 1:
                if len(runs) == self.match.state.players:
                    break
                continue
            run.insert(0, move)
        return sorted((m for run in runs.values() for m in run), key=lambda m: m.index)

    def since_last_turn(self, viewer: Viewer) -> list[RivalMoves]:
        """What each other seat did between ``viewer``'s previous turn and this one, in seat
        order, as the log lines ``viewer`` got from those moves (less the lines about the
        viewer itself, which the games start with "You"); seats that did nothing are left
        out."""
        done: dict[int, list[str]] = {}
        for move in self.moves_since_last_turn(viewer):
            # A rival's move may set off the viewer's own events ("You score ..."): those
            # are not what the rival did.
            lines = [line for line in move.lines.get(viewer, ()) if not _about_viewer(line)]
            done.setdefault(move.seat, []).extend(lines)
        return [
            RivalMoves(seat, self.label(seat, viewer), tuple(lines))
            for seat, lines in sorted(done.items())
        ]


def _about_viewer(line: str) -> bool:
    return line.startswith(("You ", "Your "))
