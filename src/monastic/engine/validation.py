"""Checking a saved state once, when it is loaded: one way for every game.

A game describes its saved state as a schema built from the field types below (whole
numbers in a range, flags, names from a set, lists of a length, small fixed lists such as
pending tasks told apart by their first element), one schema per player count where sizes
depend on it. ``validate`` checks a state's data against the schema (types, ranges and
lengths, unknown and missing fields) and turns the first problem into a ``BadSaveFile``
that names the field path, e.g. ``state.goods[2][1]: must be at most 30, not 31``.

What one field cannot show the game checks next, on the built state, with the same
paths: ``conserve`` (a fixed supply adds up: every die, good, novice or tile exactly
once), ``exactly_once`` (every card of a deck in exactly one place), ``distinct`` and
``problem`` for the rest. Last, ``check_playable``: a game that is not over waits for a
seat with at least one legal action.

The schemas are pydantic models in strict mode: a bool is not a number, ``1.0`` is not
``1``, ``"3"`` is not ``3``. None of this runs after the load: the rules' fast paths
(``legal_actions``, ``apply_quiet``, ``clone``) trust the state they were given.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Annotated, Any, Literal, cast

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    GetCoreSchemaHandler,
    GetPydanticSchema,
    Tag,
    ValidationError,
    create_model,
)
from pydantic_core import CoreSchema, ErrorDetails, PydanticCustomError, core_schema

from monastic.engine.errors import BadSaveFile
from monastic.engine.jsonio import excerpt
from monastic.engine.state import State

__all__ = [
    "FLAG",
    "Path",
    "check_playable",
    "conserve",
    "distinct",
    "exactly_once",
    "fixed",
    "items",
    "nullable",
    "one_of",
    "problem",
    "schema",
    "tagged",
    "validate",
    "where",
    "whole",
]

#: Where a value lies in the saved state: field names and list indices, outermost first.
Path = tuple[str | int, ...]

_STRICT = ConfigDict(strict=True, extra="forbid")


# Naming a field -----------------------------------------------------------------------------


def where(path: Path, root: str = "state") -> str:
    """``("goods", 2, 1)`` -> ``state.goods[2][1]``."""
    out = root
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def problem(path: Path, message: str, root: str = "state") -> BadSaveFile:
    """The error for the value at ``path``: ``state.vp[1]: must be at most 999``."""
    return BadSaveFile(f"{where(path, root)}: {message}")


# Field types --------------------------------------------------------------------------------
# Each returns a type for a schema field; they are typed Any because they are built at run
# time (a schema's sizes come from the game's data and its player count).


def whole(lo: int, hi: int) -> Any:
    """A whole number from ``lo`` to ``hi`` (a bool or a float is none)."""
    return Annotated[int, Field(strict=True, ge=lo, le=hi)]


#: true or false, nothing else.
FLAG: Any = Annotated[bool, Field(strict=True)]


def one_of(*values: str | int) -> Any:
    """Exactly one of ``values`` (texts, or whole numbers: ``3.0`` is not ``3``)."""
    if all(isinstance(value, str) for value in values):
        return cast(Any, Literal).__getitem__(values)
    allowed = frozenset(values)
    expected = " or ".join(str(value) for value in values)

    def member(value: int) -> int:
        if value not in allowed:
            raise PydanticCustomError("literal_error", "must be {expected}", {"expected": expected})
        return value

    return Annotated[int, Field(strict=True), AfterValidator(member)]


def items(item: Any, length: int | None = None, *, at_least: int = 0, at_most: int = 0) -> Any:
    """A list of ``item``: exactly ``length`` long, or ``at_least`` to ``at_most``."""
    if length is not None:
        at_least = at_most = length
    return Annotated[list[item], Field(min_length=at_least, max_length=at_most)]


def nullable(kind: Any) -> Any:
    """``kind`` or null."""
    return kind | None


def fixed(*heads: Any, rest: Any = None, at_most: int | None = None) -> Any:
    """A short list read as a tuple: one value of each of ``heads``, then (with ``rest``)
    more values of ``rest`` up to ``at_most`` in all, e.g. a pending task ``[kind, ...]``."""

    def build(_source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        parts = [handler.generate_schema(kind) for kind in heads]
        if rest is not None:
            parts.append(handler.generate_schema(rest))
        return core_schema.tuple_schema(
            parts,
            variadic_item_index=len(heads) if rest is not None else None,
            min_length=len(heads),
            max_length=at_most if rest is not None else len(heads),
            strict=False,  # a JSON list; its items keep their own strict types
        )

    return Annotated[tuple[Any, ...], GetPydanticSchema(build)]


def tagged(tag_of: Callable[[Any], str | None], variants: Mapping[str, Any], expected: str) -> Any:
    """One of ``variants``, chosen by ``tag_of(value)`` (None: no variant fits, and the
    error says ``expected``). An error inside a variant names it: ``tasks[0][1]: must be at
    most 20, not 25 (in a road_bonus)``."""
    union = cast(Any, None)
    for name, kind in variants.items():
        option = cast(Any, Annotated)[kind, Tag(name)]
        union = option if union is None else union | option

    def tag(value: Any) -> str | None:
        # The data's list when it is read; the checked tuple when the model is dumped.
        return tag_of(list(value) if isinstance(value, tuple) else value)

    return Annotated[
        union,
        Discriminator(tag, custom_error_type="variant", custom_error_message=expected),
    ]


def schema(name: str, optional: Iterable[str] = (), **fields: Any) -> type[BaseModel]:
    """A strict model of these fields: each required (those in ``optional`` may be left
    out: they read as None), and no others allowed."""
    spare = set(optional)
    definitions: dict[str, Any] = {
        field: (kind, None if field in spare else ...) for field, kind in fields.items()
    }
    return create_model(name, __config__=_STRICT, **definitions)


# Checking -----------------------------------------------------------------------------------


def validate(model: type[BaseModel], data: Any, root: str = "state") -> dict[str, Any]:
    """``data`` checked against ``model``, as plain data (fixed lists become tuples);
    raises ``BadSaveFile`` naming the first field that is wrong."""
    try:
        checked = model.model_validate(data)
    except ValidationError as err:
        faults = err.errors(include_url=False)
        first = faults[0]
        path, variants = _data_path(data, first["loc"])
        told = f" (in a {', '.join(variants)})" if variants else ""
        more = f" (and {len(faults) - 1} more problems)" if len(faults) > 1 else ""
        raise problem(path, _message(first) + told + more, root) from None
    return checked.model_dump()


def _data_path(data: Any, loc: tuple[str | int, ...]) -> tuple[Path, list[str]]:
    """An error's place as a path in the data; the names of the ``tagged`` variants on the
    way (pydantic puts them into the place) are returned apart."""
    path: list[str | int] = []
    variants: list[str] = []
    for part in loc:
        if isinstance(part, str) and isinstance(data, list | tuple):
            variants.append(part)  # a variant's name: the data has no key here
            continue
        path.append(part)
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            data = None
    return tuple(path), variants


def _shown(value: Any) -> str:
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return excerpt(value)


def _length(fault: ErrorDetails) -> str:
    ctx = fault.get("ctx", {})
    lo, hi = ctx.get("min_length"), ctx.get("max_length")
    actual = ctx.get("actual_length")
    if fault["type"] == "too_short":
        return f"must have at least {lo} items, not {actual}"
    return f"must have at most {hi} items, not {actual}"


def _message(fault: ErrorDetails) -> str:
    """A pydantic error in the words of the other load errors."""
    kind, ctx, value = fault["type"], fault.get("ctx", {}), fault["input"]
    shown = _shown(value)
    if kind == "missing":
        return "is missing"
    if kind == "extra_forbidden":
        return "is not a field of this save"
    if kind in ("int_type", "int_parsing"):
        return f"must be a whole number, not {shown}"
    if kind == "bool_type":
        return f"must be true or false, not {shown}"
    if kind == "string_type":
        return f"must be a text, not {shown}"
    if kind in ("list_type", "tuple_type"):
        return f"must be a list, not {shown}"
    if kind in ("model_type", "dict_type"):
        return f"must be an object, not {shown}"
    if kind == "less_than_equal":
        return f"must be at most {ctx['le']}, not {shown}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx['ge']}, not {shown}"
    if kind in ("too_short", "too_long"):
        return _length(fault)
    if kind == "literal_error":
        return f"must be {ctx['expected']}, not {shown}"
    if kind == "variant":
        return f"{fault['msg']}, not {shown}"
    return f"{fault['msg'][:1].lower()}{fault['msg'][1:]}, not {shown}"


def conserve(what: str, total: int, parts: Sequence[tuple[Path, int]]) -> None:
    """A fixed supply: the counts at ``parts`` must add up to ``total``, each at least 0."""
    for path, count in parts:
        if count < 0:
            raise problem(path, f"{what}: a count below 0 ({count})")
    held = sum(count for _, count in parts)
    if held != total:
        some = [(path, count) for path, count in parts if count]  # the places that hold any
        shown = ", ".join(f"{where(path)[6:]} {count}" for path, count in some[:6]) or "none"
        more = ", ..." if len(some) > 6 else ""
        raise problem(
            parts[0][0],
            f"{what} add up to {held} ({shown}{more}); the game has {total}, each exactly once",
        )


def exactly_once(
    what: str, pieces: Iterable[Hashable], places: Iterable[tuple[Path, Iterable[Hashable]]]
) -> None:
    """Every one of ``pieces`` (a deck's cards, a bag's tiles) lies in exactly one of the
    ``places`` (lists at those paths), and nothing else lies there."""
    known = set(pieces)
    seen: dict[Hashable, Path] = {}
    for path, held in places:
        for index, piece in enumerate(held):
            at = (*path, index)
            if piece not in known:
                raise problem(at, f"{excerpt(piece)} is no {what} of this game")
            if piece in seen:
                raise problem(at, f"{what} {excerpt(piece)} is also at {where(seen[piece])}")
            seen[piece] = at
    missing = sorted((repr(piece) for piece in known - seen.keys()), key=len)
    if missing:
        raise problem((), f"{what} {missing[0]} is nowhere ({len(missing)} missing in all)")


def distinct(path: Path, values: Sequence[Hashable], what: str) -> None:
    """No value twice in the list at ``path``."""
    first: dict[Hashable, int] = {}
    for index, value in enumerate(values):
        if value in first:
            raise problem(
                (*path, index), f"{what} {excerpt(value)} is there twice (also [{first[value]}])"
            )
        first[value] = index


def check_playable(state: State) -> None:
    """A game that is not over must wait for a seat that has a legal action."""
    if state.is_over():
        return
    acting = state.to_act()
    if not acting:
        raise BadSaveFile("state: the game is not over, yet no seat is to act")
    for seat in acting:
        if not state.legal_actions(seat):
            raise BadSaveFile(f"state: seat {seat} is to act but has no legal action")
