"""The game-agnostic engine: generator, options, records, errors, exports (design.md)."""

from __future__ import annotations

import json

import pytest

import monastic
from monastic.engine import BadOption, BadSaveFile, Match, OptionSpec, Record, Rng, validate_options
from monastic.engine.rng import fresh_seed


def test_public_api_names_are_pinned() -> None:
    """design.md 'The public Python API': the names outside users build on."""
    assert set(monastic.__all__) >= {
        "game_ids",
        "load_game",
        "replay",
        "IllegalAction",
        "State",
        "Game",
        "Result",
    }
    assert issubclass(monastic.IllegalAction, ValueError)
    assert issubclass(monastic.ActionSyntaxError, ValueError)


def test_rng_is_reproducible_and_copies_independently() -> None:
    """Chance comes from a seeded generator whose state is one int (replays bit for bit)."""
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.copy()
    assert a.below(1000) == c.below(1000)
    items = list(range(20))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_rng_stream_is_fixed() -> None:
    """SplitMix64's first outputs for seed 0 are fixed forever (records depend on them)."""
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


WRAPS_SOON = ((1 << 64) - 3 * 0x9E3779B97F4A7C15) % (1 << 64)  # the counter passes 2**64


def test_wide_seeds_are_streams_of_their_own_and_out_of_range_seeds_are_refused() -> None:
    """A seed has 128 bits: the high half is not folded away (5 and 5 + 2**64 differ), and a
    seed outside 0..2**128-1 is refused, not folded."""
    firsts = {Rng(seed).next64() for seed in (5, 5 + (1 << 64), 5 + (2 << 64), 5 + (3 << 64))}
    assert len(firsts) == 4
    assert Rng(5).next64() == Rng(5).next64()
    wide = Rng(123 + (456 << 64))
    wide.next64()
    assert Rng(wide.state) == wide and Rng(wide.state).next64() == wide.copy().next64()
    for bad in (-1, 1 << 128, True, 1.5):
        with pytest.raises(ValueError, match="2\\*\\*128"):
            Rng(bad)
    game = monastic.load_game("medieval-monastery")
    for bad in (-1, 1 << 128):
        with pytest.raises(BadOption, match="seed"):
            game.new_game(2, bad)
    a, b = game.new_game(2, 5), game.new_game(2, 5 + (1 << 64))
    assert a.view(0) != b.view(0)


def test_fresh_seeds_have_128_bits_of_the_systems_randomness() -> None:
    seeds = [fresh_seed() for _ in range(64)]
    assert len(set(seeds)) == 64 and all(0 <= s < 1 << 128 for s in seeds)
    assert max(seeds).bit_length() > 120  # 64 draws all below 2**120: chance 2**-512


@pytest.mark.parametrize("seed", [0, 7, (1 << 64) - 1, WRAPS_SOON, 5 + (9 << 64), (1 << 128) - 1])
def test_block_draws_and_shuffles_are_the_one_at_a_time_stream(seed: int) -> None:
    """``draws`` computes many outputs at once (lanes of one big int); it must give exactly
    the ``next64`` stream, also across blocks and where the state wraps past 2**64, and
    ``shuffle`` must be Fisher-Yates over that stream, so every saved record replays."""
    for count in (0, 1, 63, 64, 65, 200):
        one, block = Rng(seed), Rng(seed)
        assert block.draws(count) == [one.next64() for _ in range(count)]
        assert block == one
    for size in (0, 1, 2, 52, 64, 65, 72, 150):
        reference, rng = Rng(seed), Rng(seed)
        expected, items = list(range(size)), list(range(size))
        for i in range(size - 1, 0, -1):
            j = reference.next64() % (i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        rng.shuffle(items)
        assert items == expected and rng == reference


def test_options_fill_defaults_and_reject_bad_values() -> None:
    """A bad option gets a clear error naming what is wrong."""
    specs = (
        OptionSpec("turns", 10, "turns", minimum=1, maximum=20),
        OptionSpec("variant", "standard", "variant", choices=("standard", "team")),
        OptionSpec("silence", False, "vow of silence"),
    )
    assert dict(validate_options(specs, None)) == {
        "turns": 10,
        "variant": "standard",
        "silence": False,
    }
    assert validate_options(specs, {"turns": "12", "silence": "yes"})["turns"] == 12
    for bad, message in [
        ({"turns": 0}, "at least 1"),
        ({"turns": "x"}, "whole number"),
        ({"variant": "solo"}, "one of"),
        ({"silence": 3}, "true or false"),
        ({"colour": 1}, "unknown option 'colour'"),
    ]:
        with pytest.raises(BadOption, match=message):
            validate_options(specs, bad)


def test_record_round_trips_and_replays() -> None:
    """A record (game id, options, seed, players, moves) replays to the identical state."""
    match = Match.new("medieval-monastery", 3, 5, {"turns": 1}, names=["Ann", "Bob", "Cy"])
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        match.apply(seat, match.state.legal_actions(seat)[0])
    text = match.record.to_json()
    assert Record.from_data(text) == match.record
    assert monastic.replay(text).to_json() == match.state.to_json()
    assert monastic.replay(json.loads(text)).to_json() == match.state.to_json()


def test_broken_records_and_saves_name_the_problem() -> None:
    """A broken save file gets a clear error message naming what is wrong."""
    with pytest.raises(BadSaveFile, match="not valid JSON"):
        Record.from_data("{oops")
    with pytest.raises(BadSaveFile, match="no field 'seed'"):
        Record.from_data({"game": "medieval-monastery", "players": 2})
    bad_move = {"game": "medieval-monastery", "players": 2, "seed": 1, "moves": [[0, "play Q9"]]}
    with pytest.raises(BadSaveFile, match="move 1"):
        monastic.replay(bad_move)
    match = Match.new("medieval-monastery", 2, 1)
    saved = match.to_dict()
    saved["state"]["state"]["turn"] = 5
    with pytest.raises(BadSaveFile, match="does not match"):
        Match.from_dict(saved)


def test_illegal_and_malformed_actions_leave_the_game_unchanged() -> None:
    """Bad input never corrupts a game: IllegalAction/ActionSyntaxError, state unchanged."""
    game = monastic.load_game("medieval-monastery")
    state = game.new_game(3, 1)
    before = state.to_json()
    seat = state.to_act()[0]
    for text in ("", "play", "play Q1", "fly away", "combo flush", "offer 1 P1 W"):
        with pytest.raises(monastic.ActionSyntaxError):
            state.apply(seat, text)
    other = (seat + 1) % 3
    with pytest.raises(monastic.IllegalAction, match="not to act"):
        state.apply(other, state.legal_actions(seat)[0])
    with pytest.raises(monastic.IllegalAction, match="no seat"):
        state.apply(7, "play P1")
    with pytest.raises(monastic.IllegalAction):
        state.apply(seat, "pick P1")
    assert state.to_json() == before


def test_option_texts_read_name_value_pairs_and_refuse_the_rest() -> None:
    from monastic.engine.options import option_texts

    assert option_texts(["turns=3", " variant = team ", "empty="]) == {
        "turns": "3",
        "variant": "team",
        "empty": "",
    }
    assert option_texts(None) == {}
    for bad in ("turns", "=3"):
        with pytest.raises(BadOption, match="NAME=VALUE"):
            option_texts([bad])
