"""Forgiving input: what a person typed, turned into one legal action where that is unambiguous.

Every front end (the terminal, the full-screen interface, the game server) reads a person's
text through ``resolve``, so the same text means the same move everywhere. In order:

1. the canonical text of a legal action, spaces tidied;
2. the same in any letter case (``PLAY p3`` is ``play P3``);
3. the start of exactly one legal action's text, word by word in any case: the last word
   typed may be cut short (``play z`` when one Z card is playable), and words left off at the
   end are filled in when only one action fits (a move typed without its cost:
   ``move A 3,1/0`` is ``move A 3,1/0 c1`` when that is the only cost).

Anything else raises ``Unresolved`` (an ``IllegalAction``), whose message says what is wrong
in the game's own words and lists the nearest legal texts, and whose ``near`` holds them.
"""

from __future__ import annotations

import difflib
import re

from monastic.engine.errors import IllegalAction
from monastic.engine.state import MAX_ACTION_TEXT, Action, State

__all__ = ["NEAR", "Unresolved", "near_matches", "resolve"]

#: Rule ids in brackets, as a game's reasons cite them: " (M-49, M-50)".
_RULE_IDS = re.compile(r" ?\((?:[A-Z]{1,2}-\d+[a-z]?(?:, )?)+\)")

#: How many near matches an error lists.
NEAR = 5


class Unresolved(IllegalAction):
    """The text is no legal action (or fits several); ``near`` holds the closest legal texts."""

    def __init__(self, message: str, near: list[str]) -> None:
        super().__init__(message)
        self.near = near


def _words(text: str) -> list[str]:
    return text.lower().split()


def _fits(typed: list[str], legal: list[str]) -> bool:
    """``typed`` is ``legal`` cut short: whole words, then the start of one, then nothing."""
    if not typed or len(typed) > len(legal):
        return False
    *whole, last = typed
    return legal[: len(whole)] == whole and legal[len(whole)].startswith(last)


def near_matches(texts: list[str], typed: str, limit: int = NEAR) -> list[str]:
    """The legal texts closest to ``typed``: those sharing its first word, best first."""
    words = _words(typed)
    if not words:
        return texts[:limit]
    lowered = {text.lower(): text for text in texts}
    close = difflib.get_close_matches(" ".join(words), list(lowered), n=limit, cutoff=0.5)
    found = [lowered[text] for text in close]
    # Texts of the same kind of action help as well when the spelling is far off.
    for text in texts:
        if len(found) >= limit:
            break
        if _words(text)[:1] == words[:1] and text not in found:
            found.append(text)
    return found


def resolve(state: State, seat: int, text: str) -> Action:
    """The one legal action of ``seat`` that ``text`` means; raises ``Unresolved``."""
    if not isinstance(text, str):
        raise Unresolved(f"an action is a text, not {type(text).__name__}", [])
    if len(text) > MAX_ACTION_TEXT:
        raise Unresolved(f"that is {len(text)} characters long: no action is", [])
    tidy = " ".join(text.split())
    actions = state.legal_actions(seat)
    texts = [str(action) for action in actions]
    if not tidy:
        raise Unresolved("nothing was typed", texts[:NEAR])
    if tidy in texts:
        return actions[texts.index(tidy)]
    typed = _words(tidy)
    same = [i for i, t in enumerate(texts) if _words(t) == typed]
    if len(same) == 1:
        return actions[same[0]]
    fitting = [i for i, t in enumerate(texts) if _fits(typed, _words(t))]
    if len(fitting) == 1:
        return actions[fitting[0]]
    if fitting:
        shown = [texts[i] for i in fitting[:NEAR]]
        more = f" and {len(fitting) - NEAR} more" if len(fitting) > NEAR else ""
        raise Unresolved(
            f"{tidy!r} fits {len(fitting)} choices: {', '.join(shown)}{more}; type more of it",
            shown,
        )
    near = near_matches(texts, tidy)
    reason = _reason(state, seat, tidy)
    hint = f"; did you mean: {', '.join(near)}?" if near else ""
    raise Unresolved(f"{reason}{hint}", near)


def _reason(state: State, seat: int, text: str) -> str:
    """Why ``text`` is no legal action, in the game's words where it has some (never the
    machine name of a decision: a person reads the decision's prompt instead)."""
    if state.is_over() or seat not in state.to_act():
        return "it is not your turn to decide"
    try:
        action = state.game.read_action(text)
    except ValueError as err:  # ActionSyntaxError: the game names what is wrong
        return str(err)
    asked = state.decision(seat)
    kinds = {str(a).split(" ", 1)[0] for a in state.legal_actions(seat)}
    if str(action).split(" ", 1)[0] not in kinds:
        return f"{action} is not a choice now: {_sentence(asked.prompt)}"
    try:
        reason = state.why_illegal(seat, action)
    except (ValueError, KeyError, IndexError, TypeError):
        return f"{action} is not a legal choice now"
    # Rule ids belong in help that asks for them; a decision's machine name never shows.
    reason = _RULE_IDS.sub("", reason)
    return reason.replace(f"'{asked.kind}'", f"'{_sentence(asked.prompt)}'")


def _sentence(prompt: str) -> str:
    """A prompt as part of a sentence: its first letter small, no full stop."""
    prompt = prompt.rstrip(". ")
    return prompt[:1].lower() + prompt[1:]
