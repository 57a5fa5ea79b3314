"""Declared game options, validated into a frozen mapping."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from monastic.engine.errors import BadOption

__all__ = ["OptionSpec", "option_texts", "validate_options"]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its name, default, and the values it accepts."""

    name: str
    default: Any
    help: str
    choices: Sequence[Any] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        """Return the value converted to the option's type, or raise BadOption."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "yes", "no"):
                value = value.lower() in ("true", "1", "yes")
            if not isinstance(value, bool):
                raise BadOption(f"option {self.name!r} must be true or false, not {value!r}")
        elif kind is int:
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise BadOption(
                        f"option {self.name!r} must be a whole number, not {value!r}"
                    ) from None
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOption(f"option {self.name!r} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise BadOption(
                    f"option {self.name!r} must be at least {self.minimum}, not {value}"
                )
            if self.maximum is not None and value > self.maximum:
                raise BadOption(f"option {self.name!r} must be at most {self.maximum}, not {value}")
        elif kind is str and not isinstance(value, str):
            raise BadOption(f"option {self.name!r} must be text, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise BadOption(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        return value


def validate_options(
    specs: Sequence[OptionSpec], given: Mapping[str, Any] | None
) -> Mapping[str, Any]:
    """Fill defaults, reject unknown names and bad values; return a read-only mapping."""
    by_name = {spec.name: spec for spec in specs}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise BadOption(f"unknown option {unknown[0]!r} (known options: {known})")
    out = {spec.name: spec.check(given.get(spec.name, spec.default)) for spec in specs}
    return MappingProxyType(out)


def option_texts(items: Sequence[str] | None) -> dict[str, str]:
    """``["turns=3", "variant=team"]`` -> ``{"turns": "3", ...}``, as the command lines take
    options; the values stay text (``validate_options`` converts them). Raises BadOption."""
    options: dict[str, str] = {}
    for item in items or []:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise BadOption(f"an option reads NAME=VALUE, not {item!r}")
        options[name.strip()] = value.strip()
    return options
