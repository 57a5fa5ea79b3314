"""Post-game analysis: every decision of the chosen seats, judged by the search.

For each decision the search runs from the state *before* the move, sampling worlds only
from what the deciding seat knew (``ISMCTSBot.analyse`` searches determinized worlds), so
the analysis never uses the revealed truth. Each candidate's estimate is its mean reward
at the root (the seat's expected result, 1 = a sure win; in between, the search's
softmax of score differences), the best move is the one the search would play (the most
visited), and the loss is the best estimate minus the estimate of the move played.

The root of every analysis search is widened to all legal actions, so the move played is
always tried; a move the search tried only a few times has a rough estimate (the report
shows the visits). The budget is a number of iterations, and each decision's search has a
seed derived from the analysis seed and the move number: the same file, seed and budget
give the same analysis, whichever seats are analysed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from monastic.bots import make
from monastic.bots.ismcts import ISMCTSBot, game_tuned, spec_settings
from monastic.engine import Record, Rng, State, load_game

__all__ = [
    "LEVEL_ITERATIONS",
    "MARKS",
    "Candidate",
    "DecisionAnalysis",
    "GameAnalysis",
    "SeatSummary",
    "analyse_decision",
    "analyse_record",
    "analysis_spec",
    "mark_for",
]

#: (threshold on the loss in expected result, mark), worst first: a loss of at least 0.20
#: (a fifth of a win) is a blunder, 0.10 a mistake, 0.05 an inaccuracy.
MARKS: tuple[tuple[float, str], ...] = ((0.20, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))

#: The iteration budgets that stand in for the levels' time budgets, so analyses repeat.
LEVEL_ITERATIONS = {"easy": 300, "medium": 1000, "hard": 3000}

DEFAULT_SPEC = "ismcts:hard"


def mark_for(loss: float | None) -> str | None:
    """The mark a loss earns (None: none)."""
    if loss is None:
        return None
    for threshold, mark in MARKS:
        if loss >= threshold - 1e-12:
            return mark
    return None


def analysis_spec(spec: str) -> str:
    """``spec`` with an iteration budget: a level's time budget becomes its iterations.

    Raises ValueError for a spec that is not a search (``ismcts...``) or is malformed.
    """
    kind, _, params = spec.strip().partition(":")
    if kind != "ismcts":
        raise ValueError(f"the analysis needs a search bot (ismcts:...), not {spec!r}")
    _, fixed = spec_settings(params)
    if "iterations" in fixed:
        return spec.strip()
    if "seconds" in fixed:
        raise ValueError(
            f"{spec!r} has a time budget, so its analysis would not repeat: use iterations=N"
        )
    items = [p.strip() for p in params.split(",") if p.strip()]
    level = next((p for p in items if p in LEVEL_ITERATIONS), "medium")
    return "ismcts:" + ",".join([*items, f"iterations={LEVEL_ITERATIONS[level]}"])


@dataclass(frozen=True, slots=True)
class Candidate:
    """One legal action at a decision: its share of the search and its estimate."""

    action: str
    share: float  # of the root visits
    value: float  # mean reward: the seat's expected result after it


@dataclass(frozen=True, slots=True)
class DecisionAnalysis:
    """The search's verdict on one decision."""

    ply: int  # the move's index in the record (0-based)
    seat: int
    played: str
    best: str
    best_value: float
    played_value: float | None  # None: the search could not consider the move
    played_share: float
    loss: float | None
    mark: str | None
    candidates: tuple[Candidate, ...]  # most visited first
    legal: int
    phase: str
    view: dict[str, Any]  # the position as the seat saw it

    def position_text(self) -> str:
        """The seat's view as indented JSON text."""
        return json.dumps(self.view, indent=1, sort_keys=False)


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One player's figures over the analysed decisions."""

    seat: int
    name: str
    decisions: int
    accuracy: float  # share of decisions without a mark
    mean_loss: float
    marks: dict[str, int]
    worst: tuple[DecisionAnalysis, ...]  # the biggest losses, worst first


@dataclass(slots=True)
class GameAnalysis:
    """A whole game's analysis."""

    game: str
    players: int
    names: list[str]
    seats: list[int]
    spec: str
    seed: int
    moves: int
    result: dict[str, Any] | None
    decisions: list[DecisionAnalysis] = field(default_factory=list)

    def summaries(self, worst: int = 3) -> list[SeatSummary]:
        out = []
        for seat in self.seats:
            mine = [d for d in self.decisions if d.seat == seat]
            losses = [d.loss for d in mine if d.loss is not None]
            marks = {mark: sum(1 for d in mine if d.mark == mark) for _, mark in MARKS}
            biggest = sorted((d for d in mine if d.mark), key=lambda d: -(d.loss or 0.0))
            out.append(
                SeatSummary(
                    seat=seat,
                    name=self.names[seat] if seat < len(self.names) else f"seat {seat}",
                    decisions=len(mine),
                    accuracy=sum(1 for d in mine if d.mark is None) / len(mine) if mine else 1.0,
                    mean_loss=sum(losses) / len(losses) if losses else 0.0,
                    marks=marks,
                    worst=tuple(biggest[:worst]),
                )
            )
        return out


def _decision_seed(seed: int, ply: int) -> int:
    return Rng(seed * 1_000_003 + ply).next64() >> 1


def _search_for(state: State, seat: int, spec: str, seed: int) -> ISMCTSBot:
    """The analysis bot for this decision: the spec, with the root widened to every move."""
    params = spec.partition(":")[2]
    config, fixed = spec_settings(params)
    config = game_tuned(config, state.game.strategy(), fixed)
    legal = len(state.legal_actions(seat))
    if legal > config.widen:
        spec = f"{spec},widen={legal}"
    bot = make(spec, seed=seed)
    assert isinstance(bot, ISMCTSBot)
    return bot


def analyse_decision(
    state: State, seat: int, played: str, spec: str, seed: int = 0, ply: int = 0
) -> DecisionAnalysis:
    """The search's verdict on ``seat`` playing ``played`` (action text) in ``state``."""
    spec = analysis_spec(spec)
    bot = _search_for(state, seat, spec, _decision_seed(seed, ply))
    stats = bot.analyse(state, seat)
    candidates = tuple(Candidate(str(a), share, value) for a, share, value in stats)
    best = candidates[0]
    played_text = str(state.game.parse_action(played))
    mine = next((c for c in candidates if c.action == played_text), None)
    considered = mine is not None and mine.share > 0
    played_value = mine.value if mine is not None and considered else None
    loss = max(0.0, best.value - played_value) if played_value is not None else None
    if played_text == best.action:
        loss = 0.0
    view = state.view(seat)
    return DecisionAnalysis(
        ply=ply,
        seat=seat,
        played=played_text,
        best=best.action,
        best_value=best.value,
        played_value=played_value,
        played_share=mine.share if mine is not None else 0.0,
        loss=loss,
        mark=mark_for(loss),
        candidates=candidates,
        legal=len(candidates),
        phase=str(view.get("phase_text") or view.get("phase") or ""),
        view=view,
    )


def decisions_to_analyse(record: Record, seats: Iterable[int]) -> list[int]:
    """The move numbers of the record that are decisions of ``seats`` with a real choice."""
    wanted = set(seats)
    state = load_game(record.game).new_game(record.players, record.seed, record.options)
    plies = []
    for ply, (seat, text) in enumerate(record.moves):
        if seat in wanted and len(state.legal_actions(seat)) > 1:
            plies.append(ply)
        state.apply(seat, text)
    return plies


def analyse_record(
    record: Record,
    seats: Sequence[int] | None = None,
    spec: str = DEFAULT_SPEC,
    seed: int = 0,
    on_decision: Callable[[DecisionAnalysis, int], None] | None = None,
) -> GameAnalysis:
    """Analyse every decision of ``seats`` (default all) in a record.

    ``on_decision(analysis, total)`` is called after each analysed decision (progress).
    Raises ValueError for a bad seat or spec, BadSaveFile for a record that does not replay.
    """
    spec = analysis_spec(spec)
    chosen = sorted(set(range(record.players) if seats is None else seats))
    for seat in chosen:
        if not 0 <= seat < record.players:
            raise ValueError(f"there is no seat {seat} (seats are 0..{record.players - 1})")
    targets = set(decisions_to_analyse(record, chosen))
    state = load_game(record.game).new_game(record.players, record.seed, record.options)
    analysis = GameAnalysis(
        game=record.game,
        players=record.players,
        names=list(record.names) or [f"seat {s}" for s in range(record.players)],
        seats=chosen,
        spec=spec,
        seed=seed,
        moves=len(record.moves),
        result=None,
    )
    for ply, (seat, text) in enumerate(record.moves):
        if ply in targets:
            decision = analyse_decision(state, seat, text, spec, seed, ply)
            analysis.decisions.append(decision)
            if on_decision is not None:
                on_decision(decision, len(targets))
        state.apply(seat, text)
    if state.is_over():
        analysis.result = state.result().to_dict()
    return analysis
