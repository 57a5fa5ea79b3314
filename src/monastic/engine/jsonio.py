"""Reading JSON that may come from anyone: a save file, a record, a network message.

``read_json`` raises only ``BadSaveFile``: besides broken syntax it refuses what Python's
parser would accept or crash on, namely ``NaN`` and ``Infinity``, numbers of more than
``MAX_DIGITS`` digits, nesting deeper than ``MAX_DEPTH`` and texts over ``MAX_BYTES``. The
message quotes at most a short excerpt of the input.
"""

from __future__ import annotations

import json
from typing import Any

from monastic.engine.errors import BadSaveFile

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "excerpt", "read_json"]

MAX_BYTES = 64 << 20  # a long game's save is well under a megabyte
MAX_DEPTH = 64  # a save nests about six levels deep
MAX_DIGITS = 60  # a 128-bit seed has 39 digits


def excerpt(text: object, limit: int = 40) -> str:
    """``repr`` of ``text`` cut to about ``limit`` characters, for error messages."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def _reject_constant(name: str) -> Any:
    raise BadSaveFile(f"{name} is not a number a save file may hold")


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise BadSaveFile(f"a number of {len(digits)} digits is too long")
    return int(digits)


def _bounded_float(digits: str) -> float:
    if len(digits) > MAX_DIGITS:
        raise BadSaveFile(f"a number of {len(digits)} characters is too long")
    value = float(digits)
    if value in (float("inf"), float("-inf")):
        raise BadSaveFile(f"{excerpt(digits)} is too large")
    return value


def _depth(text: str) -> int:
    """How deep the brackets nest, outside strings (a cheap scan before parsing)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def read_json(data: str | bytes, what: str = "save file") -> Any:
    """Parse ``data``; raises ``BadSaveFile`` naming ``what`` and the fault."""
    if len(data) > MAX_BYTES:
        raise BadSaveFile(f"{what} is too large ({len(data)} bytes; at most {MAX_BYTES})")
    try:
        text = data.decode() if isinstance(data, bytes) else data
    except UnicodeDecodeError as err:
        raise BadSaveFile(f"{what} is not UTF-8 text: {err.reason}") from None
    if _depth(text) > MAX_DEPTH:
        raise BadSaveFile(f"{what} nests deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=_bounded_int,
            parse_float=_bounded_float,
        )
    except json.JSONDecodeError as err:
        raise BadSaveFile(f"{what} is not valid JSON: {err.msg} at line {err.lineno}") from None
    except BadSaveFile as err:
        raise BadSaveFile(f"{what}: {err}") from None
    except (RecursionError, ValueError) as err:  # defensive: the checks above come first
        raise BadSaveFile(f"{what} cannot be read: {excerpt(str(err), 80)}") from None
