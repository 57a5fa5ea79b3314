"""The game-agnostic engine: the contract, records, replays, randomness and errors."""

from monastic.engine.errors import ActionSyntaxError, BadOption, BadSaveFile, IllegalAction
from monastic.engine.events import GAME_OVER, ROUND, Event, events_for
from monastic.engine.options import OptionSpec, validate_options
from monastic.engine.record import Match, Record, replay
from monastic.engine.registry import game_ids, load_game
from monastic.engine.result import Result, ranks_from_scores
from monastic.engine.rng import SEED_LIMIT, Rng, fresh_seed
from monastic.engine.state import VIEW_KEYS, Action, Decision, Game, GameInfo, State, as_rng
from monastic.engine.strategy import Strategy, frozen_levels

__all__ = [
    "GAME_OVER",
    "ROUND",
    "SEED_LIMIT",
    "VIEW_KEYS",
    "Action",
    "ActionSyntaxError",
    "BadOption",
    "BadSaveFile",
    "Decision",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Match",
    "OptionSpec",
    "Record",
    "Result",
    "Rng",
    "State",
    "Strategy",
    "as_rng",
    "events_for",
    "fresh_seed",
    "frozen_levels",
    "game_ids",
    "load_game",
    "ranks_from_scores",
    "replay",
    "validate_options",
]
