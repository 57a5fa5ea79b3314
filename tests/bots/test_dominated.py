"""The search makes no dominated choice: over every search decision of seeded games, in the
card game (``done`` beside a combo, a combo's cards declared as a type that scores less) and in
Monasterium (``decline`` beside a free good, a window tile without its free bonus)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import monastic
from monastic.bots import make
from monastic.engine import State
from monastic.games.medieval_monastery.actions import Combo, Done
from monastic.games.medieval_monastery.dominated import dominated_combos
from monastic.games.medieval_monastery.rules.combos import combo_points
from monastic.games.monasterium.actions import (
    BONUS_CHOICES,
    COLUMN_BONUS_CHOICE,
    NO_BONUS_CHOICE,
    ROW_BONUS_CHOICE,
    Bonus,
    Decline,
    Tile,
)
from monastic.games.monasterium.catalogue import COL_BONUS, ROW_BONUS

# A check says why a choice among ``legal`` is dominated, or None; it also says whether a
# dominated choice was on offer at all (so the test knows it was put to the proof).
Check = Callable[[State, int, list[Any], Any], tuple[bool, str | None]]


def _card_check(state: State, seat: int, legal: list[Any], chosen: Any) -> tuple[bool, str | None]:
    combos = [a for a in legal if isinstance(a, Combo)]
    if not combos:
        return False, None
    if isinstance(chosen, Done):
        return True, f"done beside {len(combos)} combos"
    for other in combos:
        if sorted(other.cards) == sorted(chosen.cards) and other.kind != chosen.kind:
            mine, theirs = (
                combo_points(chosen.kind, chosen.cards),
                combo_points(other.kind, other.cards),
            )
            better = all(t >= m for t, m in zip(theirs, mine, strict=True)) and theirs != mine
            if better and len(chosen.cards) < 6:  # no type of fewer than six cards draws
                return True, f"{chosen} scores less than {other}"
    return True, None


_FREE = {"influence", "rosary", "soup", "tool", "book"}


def _monasterium_check(
    state: State, seat: int, legal: list[Any], chosen: Any
) -> tuple[bool, str | None]:
    free = [a for a in legal if isinstance(a, Bonus) and BONUS_CHOICES[a.choice] in _FREE]
    free_declined = bool(free) and any(isinstance(a, Decline) for a in legal)
    window = state.window[seat]  # type: ignore[attr-defined]
    bare = set()
    for tile in legal:
        if isinstance(tile, Tile) and tile.bonus == NO_BONUS_CHOICE:
            row = Tile(tile.mon, tile.row, ROW_BONUS_CHOICE)
            col = Tile(tile.mon, tile.row, COLUMN_BONUS_CHOICE)
            column = len(window[tile.row])
            if (row in legal and ROW_BONUS[tile.row].kind == "take") or (
                col in legal and COL_BONUS[column].kind in ("take", "any")
            ):
                bare.add(tile)
    if free_declined and isinstance(chosen, Decline):
        return True, f"decline beside {free[0]}"
    if chosen in bare:
        return True, f"{chosen} without its free bonus"
    return free_declined or bool(bare), None


def _search_decisions(
    game_id: str, games: int, options: dict[str, Any], spec: str, check: Check
) -> tuple[int, int, list[str]]:
    """Search decisions made, those with a dominated choice on offer, and the faults."""
    game = monastic.load_game(game_id)
    made = offered = 0
    faults: list[str] = []
    for seed in range(games):
        bots = [make(spec, seed=seed * 2 + 1), make("greedy", seed=seed * 2 + 2)]
        if seed % 2:
            bots.reverse()
        state = game.new_game(2, 1000 + seed, options)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            chosen = bots[seat].choose(state, seat)
            if bots[seat].name != "greedy" and len(legal) > 1:
                made += 1
                on_offer, fault = check(state, seat, legal, chosen)
                offered += on_offer
                if fault:
                    faults.append(f"seed {seed}: {fault}")
            state.apply(seat, chosen)
    return made, offered, faults


def test_the_card_games_search_never_ends_declaring_beside_a_combo() -> None:
    made, offered, faults = _search_decisions(
        "medieval-monastery", 6, {"turns": 4}, "ismcts:iterations=60", _card_check
    )
    assert made > 100 and offered > 50, (made, offered)
    assert faults == []


def test_monasteriums_search_never_declines_a_free_good() -> None:
    """Dominated choices are rarer here (about 8% of decisions), so the search decides at
    every state of seeded greedy games where one is on offer."""
    game = monastic.load_game("monasterium")
    strategy = game.strategy()
    assert strategy is not None and strategy.search_actions is not None
    search = make("ismcts:iterations=40", seed=9)
    offered = 0
    faults = []
    for seed in range(3):
        state = game.new_game(2, 2000 + seed)
        players = [make("greedy", seed=1), make("greedy", seed=2)]
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(strategy.search_actions(state, seat, legal)) < len(legal):
                offered += 1
                chosen = search.choose(state, seat)
                on_offer, fault = _monasterium_check(state, seat, legal, chosen)
                assert on_offer, f"the check misses what the filter left out: {legal}"
                if fault:
                    faults.append(f"seed {seed}: {fault}")
            state.apply(seat, players[seat].choose(state, seat))
    assert offered > 30, offered
    assert faults == []


def test_a_flush_beats_a_straight_of_the_same_cards() -> None:
    game = monastic.load_game("medieval-monastery")
    flush = game.parse_action("combo flush P1 P2 P3")
    straight = game.parse_action("combo straight P1 P2 P3")
    kind = game.parse_action("combo kind P1 W1")
    assert dominated_combos([flush, straight, kind]) == {straight}


@pytest.mark.parametrize("game_id", ["medieval-monastery", "monasterium"])
def test_the_filter_keeps_a_choice_at_every_decision(game_id: str) -> None:
    game = monastic.load_game(game_id)
    strategy = game.strategy()
    assert strategy is not None and strategy.search_actions is not None
    state = game.new_game(2, 5)
    bot = make("greedy", seed=3)
    seen = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        kept = strategy.search_actions(state, seat, legal)
        assert kept and set(kept) <= set(legal)
        seen += len(kept) < len(legal)
        state.apply(seat, bot.choose(state, seat))
    assert seen > 0  # the filter did leave something out in this game
