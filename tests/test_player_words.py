"""What a player reads is in the player's words: no machine names of decisions
(``die_column_4``, ``building_good``) and no rule ids (``M-49``) in any prompt, phase text,
choice note, log line or input error of random games of every game."""

from __future__ import annotations

import random
import re

import pytest

from monastic.engine import events_for, load_game
from monastic.engine.input import Unresolved, resolve

GAMES = ["monastery", "monasterium", "medieval-monastery"]
MACHINE_NAME = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
# Rule ids such as M-49 or WE-10; Monasterium's slots (I-1, IV-5) are notation, not rules.
RULE_ID = re.compile(r"\b(?![IVX]+-\d)[A-Z]{1,2}-\d+\b")


def machine_words(text: str) -> list[str]:
    return MACHINE_NAME.findall(text) + RULE_ID.findall(text)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_prompts_phases_notes_log_lines_and_errors(game_id: str, seed: int) -> None:
    game = load_game(game_id)
    state = game.new_game(None, seed)
    rng = random.Random(seed)
    earlier: list[str] = []  # texts legal at some earlier decision: typical wrong input
    read = 0
    while not state.is_over():
        seat = state.to_act()[0]
        view = state.view(seat)
        texts = [view["decision"]["prompt"], view["phase_text"]]
        texts += view["decision"]["notes"].values()
        legal = view["decision"]["actions"]
        for stale in rng.sample(earlier, min(3, len(earlier))):
            if stale not in legal:
                with pytest.raises(Unresolved) as err:
                    resolve(state, seat, stale)
                texts.append(str(err.value))
        earlier = (earlier + legal)[-200:]
        events = state.apply(seat, rng.choice(legal))
        for viewer in (seat, None):
            texts += [game.describe(event, viewer) for event in events_for(events, viewer)]
        for text in texts:
            assert not machine_words(text), text
        read += len(texts)
    assert read > 500
