"""Spec strings of the ISMCTS bot: levels, budgets, settings and the errors for bad ones."""

from __future__ import annotations

import pytest

from level_helpers import tuned
from monastic import bots
from monastic.bots.ismcts import (
    LEVELS,
    ISMCTSBot,
    from_spec,
    parse_spec,
)
from monastic.engine import load_game


def test_plain_spec_is_medium() -> None:
    assert parse_spec("") == LEVELS["medium"]
    assert from_spec("", seed=1).name == "ismcts:medium"


def test_levels_budget_by_time() -> None:
    easy, medium, hard = (parse_spec(level) for level in ("easy", "medium", "hard"))
    assert easy.seconds is not None and medium.seconds is not None and hard.seconds is not None
    assert easy.seconds < medium.seconds <= 0.25 < hard.seconds <= 2.0
    # Hard pools trees of medium's size.
    assert hard.seconds / hard.trees == pytest.approx(medium.seconds)
    assert medium.trees == easy.trees == 1


def test_hard_is_one_tree_of_the_whole_budget_where_the_game_says_so() -> None:
    """Every game's own settings for ``hard`` make it one tree (docs/bots.md: Monasterium's
    and the card game's since 2026-12-06, Monastery's since 2026-12-07), and a spec's own
    ``trees`` wins over the game's."""
    for game_id in ("monasterium", "medieval-monastery", "monastery"):
        config = tuned(load_game(game_id).strategy(), "hard")
        assert (config.trees, config.seconds) == (1, LEVELS["hard"].seconds), game_id
    assert tuned(load_game("monasterium").strategy(), "hard,trees=9").trees == 9


def test_explicit_budget_replaces_the_levels() -> None:
    config = parse_spec("iterations=2000")
    assert (config.iterations, config.seconds) == (2000, None)
    config = parse_spec("time=0.5")
    assert (config.iterations, config.seconds) == (None, 0.5)


def test_settings_combine_with_a_level() -> None:
    config = parse_spec("hard,cutoff=20, epsilon=0.25")
    assert config.seconds == LEVELS["hard"].seconds
    assert (config.cutoff, config.epsilon) == (20, 0.25)


def test_registry_builds_the_bot() -> None:
    bot = bots.make("ismcts:medium,cutoff=20", seed=3)
    assert isinstance(bot, ISMCTSBot)
    assert bot.name == "ismcts:medium,cutoff=20"
    assert bot.config.cutoff == 20
    assert "ismcts" in bots.bot_names()


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ("brutal", "brutal"),
        ("depth=3", "depth"),
        ("iterations=0", "iterations"),
        ("iterations=many", "iterations"),
        ("time=-1", "time"),
        ("epsilon=2", "epsilon"),
        ("rivals=1.5", "rivals"),
        ("blind=1", "blind"),
        ("blind=-0.5", "blind"),
        ("cutoff=1.5", "cutoff"),
        ("trees=0", "trees"),
        ("halving=-2", "halving"),
        ("halving=8.5", "halving"),
        ("horizon=-1", "horizon"),
        ("horizon=2.5", "horizon"),
        ("medium,,cutoff=3", "empty"),
    ],
)
def test_bad_specs_name_the_fault(params: str, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        from_spec(params, seed=0)
    with pytest.raises(ValueError, match=named):
        bots.make(f"ismcts:{params}")
