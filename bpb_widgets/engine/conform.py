"""Arguments checked against type hints and made plain: the boundary every command call crosses.

A command's arguments are saved as JSON and replayed from it, so each is turned into a plain JSON
value *before* the command runs, and the command sees that value: sequences, ranges, generators
and dict views become lists (an iterator is read once, here), sets sorted lists, mappings with text
keys dicts; text is Unicode NFC; bool, whole numbers and None stay as they are; a finite float is
kept where the hint allows a float. Anything else (a ``Fraction``, ``nan``, an object, a lone
surrogate, a million items) is refused with an :class:`~bpb_widgets.errors.ArgumentError` that
names the command, the argument and what it takes: ``grab: then= takes text, not [].``

The same checks, without making values plain, guard an encounter's public queries
(``defense_preview([])`` is refused the same way): see :func:`checked`.
"""

from __future__ import annotations

import functools
import inspect
import math
import numbers
import types
import typing
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from bpb_widgets.errors import ArgumentError

F = TypeVar("F", bound=Callable[..., Any])

#: The most items a list or mapping argument may hold.
MAX_ITEMS = 1000
#: The longest text an argument may be.
MAX_TEXT = 1000
#: How deeply lists and mappings may nest in an argument.
MAX_DEPTH = 8
#: Whole numbers beyond this are refused: the front end (JavaScript) could not show them exactly,
#: and no fight needs them.
MAX_WHOLE = 2**53 - 1

#: Turns a value into the plain value a hint allows (``depth``: how deeply nested it is), or
#: raises ``Mismatch``.
Check = Callable[[object, int], object]


class Mismatch(Exception):
    """A value that does not fit a hint; ``why`` says more where the hint alone does not."""

    def __init__(self, why: str = "") -> None:
        super().__init__(why)
        self.why = why


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)``, shortened to ``limit`` characters for a message (and never failing)."""
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


# -- plain values ----------------------------------------------------------------------------


#: Unicode categories of characters no typed text may hold: control characters (but whitespace),
#: invisible formatting (zero-width spaces, direction overrides, tags) and lone surrogates.
HIDDEN = frozenset({"Cc", "Cf", "Cs"})
#: The invisible formatting characters that belong in text as typed: the zero-width joiner and
#: non-joiner (emoji sequences such as 🦸‍♀️, Persian and Indic words) and the direction marks of
#: right-to-left writing (LRM, RLM, ALM). Names are compared without them (``fold_name``).
JOINERS_AND_MARKS = frozenset("\u200c\u200d\u200e\u200f\u061c")


def hidden_character(text: str) -> str | None:
    """The first invisible, control (other than whitespace) or broken character in ``text``,
    described ("the invisible character U+200B"), or None. Joiners and direction marks are part
    of the text (``JOINERS_AND_MARKS``)."""
    if text.isprintable():
        return None
    for char in text:
        category = unicodedata.category(char)
        if category in HIDDEN and not char.isspace() and char not in JOINERS_AND_MARKS:
            kind = {"Cc": "control", "Cf": "invisible", "Cs": "broken"}[category]
            return f"the {kind} character U+{ord(char):04X}"
    return None


def plain_text(value: object, _depth: int = 0, *, longest: int = MAX_TEXT) -> str:
    """Text as saved: Unicode NFC, not too long (``longest`` characters), with no invisible or
    control characters (but whitespace) and no lone surrogates (they cannot be written to a
    file)."""
    if not isinstance(value, str):
        raise Mismatch
    text = str(value)
    if len(text) > longest:
        raise Mismatch(f"text is at most {longest:,} characters")
    hidden = hidden_character(text)
    if hidden is not None:
        raise Mismatch(f"it holds {hidden}")
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    return text


def plain_whole(value: object, _depth: int = 0) -> int:
    """A whole number (not True or False, not 3.0), small enough to save and show exactly."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise Mismatch
    whole = int(value)
    if abs(whole) > MAX_WHOLE:
        raise Mismatch(f"whole numbers here are at most {MAX_WHOLE:,} either side of 0")
    return whole


def plain_flag(value: object, _depth: int = 0) -> bool:
    if value is True or value is False:
        return value
    raise Mismatch


def plain_number(value: object, depth: int = 0) -> int | float:
    """A whole number, or a finite float (``nan`` and infinities cannot be saved)."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise Mismatch(f"{value!r} is not a finite number")
        return float(value)
    return plain_whole(value, depth)


def plain_none(value: object, _depth: int = 0) -> None:
    if value is not None:
        raise Mismatch


def _items(value: object, depth: int) -> list[Any]:
    """The items of a list-like value, read once: a set sorted, anything else in its order."""
    if depth >= MAX_DEPTH:
        raise Mismatch("it is nested too deeply")
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise Mismatch
    try:
        items = []
        for item in value:
            items.append(item)
            if len(items) > MAX_ITEMS:
                raise Mismatch(f"it has more than {MAX_ITEMS} items")
    except Mismatch:
        raise
    except Exception as error:
        raise Mismatch(f"reading it failed ({type(error).__name__})") from None
    return items


def _sorted(items: list[Any]) -> list[Any]:
    """A set's items in a fixed order: by kind (flags, numbers, text, others), then value."""

    def key(item: object) -> tuple[int, Any]:
        if isinstance(item, bool):
            return (0, item)
        if isinstance(item, (int, float)):
            return (1, item)
        if isinstance(item, str):
            return (2, item)
        return (3, shown(item, 10_000))

    return sorted(items, key=key)


def _fold(key: str) -> str:
    return " ".join(key.split()).casefold()


def _mapping(value: object, depth: int, key_check: Check, value_check: Check) -> dict[Any, Any]:
    if depth >= MAX_DEPTH:
        raise Mismatch("it is nested too deeply")
    if not isinstance(value, Mapping):
        raise Mismatch
    if len(value) > MAX_ITEMS:
        raise Mismatch(f"it has more than {MAX_ITEMS} items")
    result: dict[Any, Any] = {}
    folded: dict[str, Any] = {}
    try:
        pairs = list(value.items())
    except Exception as error:
        raise Mismatch(f"reading it failed ({type(error).__name__})") from None
    for key, item in pairs:
        key = key_check(key, depth + 1)
        if isinstance(key, str):
            same = folded.setdefault(_fold(key), key)
            if same != key:
                raise Mismatch(f"{same!r} and {key!r} name the same thing")
        result[key] = value_check(item, depth + 1)
    return result


def plain(value: object, depth: int = 0) -> object:
    """Any value a command may save: None, True/False, whole numbers, finite floats, text, and
    lists and text-keyed mappings of them."""
    if value is None or value is True or value is False:
        return value
    if isinstance(value, str):
        return plain_text(value)
    if isinstance(value, (numbers.Integral, float)):
        return plain_number(value)
    if isinstance(value, Mapping):
        return _mapping(value, depth, _key, plain)
    if isinstance(value, Iterable) and not isinstance(value, (bytes, bytearray)):
        items = [plain(item, depth + 1) for item in _items(value, depth)]
        return _sorted(items) if isinstance(value, (set, frozenset)) else items
    raise Mismatch(f"a {type(value).__name__} cannot be saved with the fight")


def _key(value: object, depth: int = 0) -> str:
    if not isinstance(value, str):
        raise Mismatch(f"its keys must be text, not {shown(value, 30)}")
    return plain_text(value, depth)


def fresh(value: Any) -> Any:
    """A copy of a plain value (its lists and mappings new), so that a command changing its
    arguments cannot change what is saved."""
    if isinstance(value, list):
        return [fresh(item) for item in value]
    if isinstance(value, dict):
        return {key: fresh(item) for key, item in value.items()}
    return value


def _same(value: object, _depth: int = 0) -> object:
    return value


# -- checks from type hints ------------------------------------------------------------------

_SEQUENCES = {Sequence, Iterable, Collection, list, tuple, set, frozenset, Set}
_MAPPINGS = {Mapping, dict}


def check_for(hint: Any, strict: bool) -> Check:
    """How ``hint`` checks a value. ``strict`` (commands): the value is made plain JSON; otherwise
    (queries) only its type is checked, collections read once into lists."""
    origin = get_origin(hint)
    if hint is Any or hint is object:
        return _any(strict)
    if hint is str:
        return plain_text if strict else _typed(str)
    if hint is bool:
        return plain_flag
    if hint is int:
        return plain_whole
    if hint is float:
        return plain_number
    if hint is None or hint is type(None):
        return plain_none
    if origin in (Union, types.UnionType):
        return _union(tuple(check_for(option, strict) for option in get_args(hint)))
    if origin is Literal:
        kinds = tuple(dict.fromkeys(type(option) for option in get_args(hint)))
        return _union(tuple(check_for(kind, strict) for kind in kinds))
    if origin in _SEQUENCES:
        args = get_args(hint)
        if origin is tuple and args and args[-1] is not Ellipsis:
            return _fixed(tuple(check_for(a, strict) for a in args))
        return _sequence(check_for(args[0], strict) if args else _any(strict))
    if origin in _MAPPINGS:
        key, item = get_args(hint) or (Any, Any)
        return functools.partial(
            _mapping, key_check=check_for(key, strict), value_check=check_for(item, strict)
        )
    if isinstance(hint, type) and origin is None and not strict:
        return _typed(hint)
    return _any(strict)


def _any(strict: bool) -> Check:
    return plain if strict else _same


def _typed(kind: type) -> Check:
    def check(value: object, _depth: int = 0) -> object:
        if not isinstance(value, kind):
            raise Mismatch
        return value

    return check


def _union(options: tuple[Check, ...]) -> Check:
    if len(options) == 1:
        return options[0]
    optional = plain_none in options

    def check(value: object, depth: int = 0) -> object:
        if value is None and optional:  # the common case of an optional argument left out
            return None
        reasons = []
        for option in options:
            try:
                return option(value, depth)
            except Mismatch as mismatch:
                if mismatch.why:
                    reasons.append(mismatch.why)
        raise Mismatch(reasons[0] if reasons else "")

    return check


def _sequence(item: Check) -> Check:
    def check(value: object, depth: int = 0) -> list[object]:
        items = _items(value, depth)
        checked = [item(one, depth + 1) for one in items]
        if isinstance(value, (set, frozenset)):
            checked = _sorted(checked)
        return checked

    return check


def _fixed(items: tuple[Check, ...]) -> Check:
    def check(value: object, depth: int = 0) -> list[object]:
        given = _items(value, depth)
        if len(given) != len(items):
            raise Mismatch(f"it needs {len(items)} items")
        return [item(one, depth + 1) for item, one in zip(items, given, strict=True)]

    return check


# -- what each hint takes, in words ----------------------------------------------------------


def describe(hint: Any, *, plural: bool = False) -> str:
    """What ``hint`` takes, in a GM's words: "text", "a list of whole numbers"."""
    origin = get_origin(hint)
    if hint is None or hint is type(None):
        return "None"
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        words = " or ".join(describe(a, plural=plural) for a in options)
        return f"{words} or None" if len(options) < len(get_args(hint)) else words
    if origin is Literal:
        return " or ".join(repr(option) for option in get_args(hint))
    if origin in _SEQUENCES:
        args = get_args(hint)
        inner = describe(args[0], plural=True) if args else "plain values"
        return f"lists of {inner}" if plural else f"a list of {inner}"
    if origin in _MAPPINGS:
        key, item = get_args(hint) or (Any, Any)
        words = f"{describe(key, plural=True)} to {describe(item, plural=True)}"
        return f"mappings of {words}" if plural else f"a mapping of {words}"
    singular, many = _WORDS.get(hint, ("", ""))
    if singular:
        return many if plural else singular
    if isinstance(hint, type) and hint is not object and hint is not Any:
        return f"{hint.__name__} values" if plural else f"a {hint.__name__}"
    return "plain values (text, numbers, True or False, and lists of them)"


_WORDS: dict[Any, tuple[str, str]] = {
    str: ("text", "text"),
    int: ("a whole number", "whole numbers"),
    bool: ("True or False", "True or False"),
    float: ("a number", "numbers"),
}


# -- a method's parameters -------------------------------------------------------------------


@dataclass(frozen=True)
class Parameters:
    """A method's signature with a check per parameter (read once per method)."""

    name: str
    signature: inspect.Signature
    hints: dict[str, Any]
    checks: dict[str, Check]
    #: The ``**keywords`` parameter, if any (``add(name, **sheet)``).
    var_keyword: str | None
    #: Parameters by position (after ``self``), for calls that do not bind them by name.
    positional: tuple[str, ...]
    #: Every parameter's name.
    names: frozenset[str]

    def keyword(self, key: object) -> str:
        """A keyword given to ``**keywords`` (``add(name, **sheet)``), as text that saves."""
        try:
            return plain_text(key)
        except Mismatch:
            raise ArgumentError(f"{self.name}: {shown(key)} is not a keyword it takes.") from None

    def conform(self, key: str, value: object) -> object:
        """``value`` for the argument ``key`` (a parameter, or a keyword of ``**keywords``),
        checked (and plain, for a command)."""
        parameter = key if key in self.names else (self.var_keyword or key)
        check = self.checks.get(parameter)
        if check is None:
            return value
        try:
            return check(value, 0)
        except Mismatch as mismatch:
            hint = self.hints.get(parameter, Any)
            why = f"; {mismatch.why}" if mismatch.why else ""
            raise ArgumentError(
                f"{self.name}: {key}= takes {describe(hint)}, not {shown(value)}{why}."
            ) from None


@functools.cache
def parameters(method: Callable[..., Any], strict: bool) -> Parameters:
    """The parameters of ``method`` with their checks (``strict``: made plain, for commands)."""
    signature = inspect.signature(method)
    try:
        hints = typing.get_type_hints(method)
    except Exception:  # an unresolvable hint: the values are still made plain (commands)
        hints = {}
    checks: dict[str, Check] = {}
    var_keyword = None
    positional: list[str] = []
    for key, parameter in list(signature.parameters.items())[1:]:
        check = check_for(hints.get(key, Any), strict)
        if parameter.kind is parameter.VAR_KEYWORD:
            var_keyword = key
        elif parameter.kind is parameter.VAR_POSITIONAL:
            raise TypeError(f"{method.__name__}: a command or query cannot take *{key}")
        elif parameter.kind is not parameter.KEYWORD_ONLY:
            positional.append(key)
        if check is not _same:
            checks[key] = check
    names = frozenset(signature.parameters)
    return Parameters(
        method.__name__, signature, hints, checks, var_keyword, tuple(positional), names
    )


def checked(method: F) -> F:
    """``method`` (a query) with its arguments checked against its type hints first: a wrong type
    is an ``ArgumentError``, not whatever the method would have raised. Methods with nothing to
    check are returned as they are."""
    spec = parameters(method, False)
    if not spec.checks:
        return method
    positional = spec.positional

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        if args:
            args = tuple(
                spec.conform(positional[i], value) if i < len(positional) else value
                for i, value in enumerate(args)
            )
        if kwargs:
            kwargs = {key: spec.conform(key, value) for key, value in kwargs.items()}
        return method(self, *args, **kwargs)

    return run  # type: ignore[return-value]
