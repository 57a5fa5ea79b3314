"""What clients may send, checked before anything acts on it.

A client message is one JSON object with a ``type``; anything else (bad JSON, a wrong type,
an unknown or missing field, too long) is refused with a message naming what is wrong, and
changes nothing. ``docs/server.md`` lists the messages.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from monastic.server.config import BOT_LEVELS

__all__ = ["ClientMessage", "ProtocolError", "parse_client_message"]

MAX_ACTION = 300  # characters in an action text
MAX_TOKEN = 100


class ProtocolError(ValueError):
    """A client message that cannot be acted on; the text says why."""


@dataclass(frozen=True, slots=True)
class ClientMessage:
    type: str
    version: int | None = None
    action: str | None = None
    text: str | None = None
    token: str | None = None
    seat: int | None = None
    bot: str | None = None


# type -> {field: kind}; every field listed is required, no other field is allowed.
_FIELDS: dict[str, dict[str, str]] = {
    "hello": {"token": "token?"},
    "move": {"version": "int", "action": "action"},
    "undo": {"version": "int"},
    "chat": {"text": "text"},
    "replace": {"seat": "int", "bot": "bot"},
    "return": {},
    "ping": {},
}


def parse_client_message(raw: str | bytes, max_bytes: int, max_chat: int) -> ClientMessage:
    """Check one message; raises ProtocolError naming what is wrong."""
    size = len(raw.encode("utf-8", "replace")) if isinstance(raw, str) else len(raw)
    if size > max_bytes:
        raise ProtocolError(f"message too long: {size} bytes (at most {max_bytes})")
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise ProtocolError("message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("message must be a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        known = ", ".join(sorted(_FIELDS))
        raise ProtocolError(f"unknown message type {_shown(kind)} (known: {known})")
    fields = _FIELDS[kind]
    extra = sorted(set(data) - set(fields) - {"type"})
    if extra:
        raise ProtocolError(f"'{kind}' message has an unknown field {_shown(extra[0])}")
    values: dict[str, Any] = {}
    for name, rule in fields.items():
        optional = rule.endswith("?")
        rule = rule.rstrip("?")
        if name not in data or (optional and data[name] is None):
            if optional:
                continue
            raise ProtocolError(f"'{kind}' message needs a '{name}' field")
        values[name] = _check(kind, name, rule, data[name], max_chat)
    return ClientMessage(type=kind, **values)


def _check(kind: str, name: str, rule: str, value: Any, max_chat: int) -> Any:
    where = f"'{name}' of a '{kind}' message"
    if rule == "int":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
            raise ProtocolError(f"{where} must be a whole number, not {_shown(value)}")
        return value
    if not isinstance(value, str):
        raise ProtocolError(f"{where} must be text, not {_shown(value)}")
    if rule == "action":
        value = value.strip()
        if not value or len(value) > MAX_ACTION or not value.isprintable():
            raise ProtocolError(f"{where} must be an action text of 1 to {MAX_ACTION} characters")
    elif rule == "token":
        if len(value) > MAX_TOKEN:
            raise ProtocolError(f"{where} is too long to be a seat token")
    elif rule == "text":
        value = " ".join(value.split())
        if not value:
            raise ProtocolError("a chat line cannot be empty")
        if len(value) > max_chat:
            raise ProtocolError(f"a chat line has at most {max_chat} characters")
    elif rule == "bot" and value not in BOT_LEVELS:
        known = ", ".join(BOT_LEVELS)
        raise ProtocolError(f"unknown bot level {_shown(value)} (levels: {known})")
    return value


def _shown(value: Any) -> str:
    """A client's value quoted back, cut short (never more than the client sent)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
