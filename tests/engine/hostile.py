"""Hostile arguments for the stateful tests: for any type hint, a value that fits (in every shape
Python allows: tuples, iterators, generators, ranges, sets, dict views) or one that does not (wrong
types, huge and non-finite numbers, fractions, objects, odd text)."""

from __future__ import annotations

import inspect
import random
import types
import typing
import unicodedata
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal, Union, get_args, get_origin

from hypothesis import strategies as st

#: Words the commands of every system take somewhere (kinds, uses, attributes, circumstances).
WORDS = [
    "throw", "trip", "squeeze", "hold", "reward", "rally", "retcon", "block", "dodge", "free",
    "movement", "standard", "reaction", "jump", "agility", "prowess", "brawn", "perception",
    "surprised", "start", "end", "overwhelming", "slamming", "staggering", "paranoid",
    "unaware of screamer", "on fire", "blast", "the crate falls", "prone",
]  # fmt: skip
ODD_TEXT = [
    "", " ", "\ud800", "a\udc80b", "Environment\u200b", "\u202eRex", "Rex\x00", "x" * 1500,
    "Blu\u0308eshift", " blueshift ", "BLUESHIFT", "e\u0301", "\U0001f9d1\u200d\U0001f692",
    "the environment", "<b>x</b>", "null", "\n\t",
]  # fmt: skip
HUGE = [10**30, -(10**30), 2**53, 2**64, -(2**63), 10**400]


class Opaque:
    """An object no command can save."""

    def __repr__(self) -> str:
        return "Opaque()"


def shapes(items: st.SearchStrategy[list[Any]]) -> st.SearchStrategy[Any]:
    """The same items as a list, tuple, iterator, generator, deque, dict keys or frozenset."""
    hashable = items.filter(lambda values: all(isinstance(v, Hashable) for v in values))
    return st.one_of(
        items,
        items.map(tuple),
        items.map(iter),
        items.map(lambda values: (v for v in values)),
        items.map(deque),
        hashable.map(lambda values: dict.fromkeys(values).keys()),
        hashable.map(frozenset),
    )


junk: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(HUGE),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([float("nan"), float("inf"), -float("inf"), 1e308, -0.0]),
    st.fractions(max_denominator=7),
    st.text(max_size=12),
    st.sampled_from(ODD_TEXT),
    st.binary(max_size=4),
    st.builds(Opaque),
    st.lists(st.integers(-3, 9), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.sets(st.integers(0, 7), max_size=3),
    st.lists(st.integers(0, 7), max_size=3).map(iter),
    st.just(range(1, 3)),
    st.just(Fraction(3)),
    st.lists(st.lists(st.none(), max_size=1), max_size=2),
)


def hostile_for(hint: Any, names: Sequence[str]) -> st.SearchStrategy[Any]:
    """A value for ``hint``: mostly one that fits (odd shapes included), sometimes junk."""
    plausible = _plausible(hint, names)
    return st.one_of(plausible, plausible, junk)


def _plausible(hint: Any, names: Sequence[str]) -> st.SearchStrategy[Any]:
    origin = get_origin(hint)
    text = st.sampled_from([*names, *WORDS]) | st.sampled_from(ODD_TEXT)
    if hint is str:
        return text
    if hint is int:
        return st.integers(-2, 20) | st.sampled_from(HUGE)
    if hint is bool:
        return st.booleans()
    if hint is float:
        return st.floats(0, 100) | st.integers(0, 60) | st.sampled_from([float("nan"), 1e308])
    if hint is type(None):
        return st.none()
    if origin in (Union, types.UnionType):
        return st.one_of(*(_plausible(option, names) for option in get_args(hint)))
    if origin is Literal:
        return st.sampled_from(get_args(hint))
    if origin in (Sequence, Iterable, list, tuple, set, frozenset):
        (item, *_) = get_args(hint) or (Any,)
        if item is int:
            return shapes(st.lists(st.integers(0, 11), max_size=4)) | st.just(range(3, 5))
        items = st.lists(_plausible(item, names), max_size=3)
        return shapes(items)
    if origin is Mapping:
        key, value = get_args(hint)
        return st.dictionaries(_plausible(key, names), _plausible(value, names), max_size=3)
    return junk


def call_for(
    method: Callable[..., Any], names: Sequence[str], sheet: Sequence[str]
) -> st.SearchStrategy[dict[str, Any]]:
    """Keyword arguments for ``method``: required ones always, optional ones sometimes, and for
    ``**sheet`` a few of the sheet's keys."""
    hints = typing.get_type_hints(method)
    required: dict[str, st.SearchStrategy[Any]] = {}
    optional: dict[str, st.SearchStrategy[Any]] = {}
    for key, parameter in list(inspect.signature(method).parameters.items())[1:]:
        if parameter.kind is parameter.VAR_KEYWORD:
            for field in sheet:
                optional[field] = _sheet_value(names)
            continue
        target = required if parameter.default is parameter.empty else optional
        target[key] = hostile_for(hints.get(key, Any), names)
    return st.fixed_dictionaries(required, optional=optional)


def _sheet_value(names: Sequence[str]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.integers(0, 12),
        st.integers(0, 12),
        st.booleans(),
        st.none(),
        shapes(st.lists(st.sampled_from(WORDS), max_size=2)),
        st.sets(st.sampled_from(["block", "dodge", "blast", "paranoid"]), max_size=2),
        st.floats(1, 400),
        junk,
    )


def reshape(value: Any, rnd: random.Random) -> Any:
    """``value`` in another shape a caller might use: a list as a tuple, iterator, generator,
    deque or dict keys; a set as a frozenset or dict keys; text decomposed (NFD) or padded."""
    if isinstance(value, str):
        return rnd.choice([value, unicodedata.normalize("NFD", value), f" {value}  ", value])
    if isinstance(value, (set, frozenset)):
        items = [reshape(v, rnd) for v in value]
        return rnd.choice([set, frozenset, _keys, list])(items)
    if isinstance(value, (list, tuple)):
        items = [reshape(v, rnd) for v in value]
        makers: list[Callable[[list[Any]], Any]] = [
            list,
            tuple,
            iter,
            lambda v: (x for x in v),
            deque,
            _keys,
        ]
        return rnd.choice(makers)(items)
    if isinstance(value, Mapping):
        return {
            reshape(k, rnd) if rnd.random() < 0.2 else k: reshape(v, rnd) for k, v in value.items()
        }
    return value


def _keys(items: list[Any]) -> Any:
    """The items as a dict's keys, where they can be (hashable, none twice)."""
    try:
        keys = dict.fromkeys(items).keys()
    except TypeError:
        return items
    return keys if len(keys) == len(items) else items


def shaped(encounter: Any, rnd: random.Random) -> None:
    """Make every command of ``encounter`` reshape its arguments before the call (an instance
    attribute over each command method), so that the state machine's ordinary rules run with
    arguments in odd shapes."""
    for name in type(encounter).commands():
        method = getattr(encounter, name)

        def call(*args: Any, _method: Callable[..., Any] = method, **kwargs: Any) -> Any:
            args = tuple(reshape(a, rnd) for a in args)
            kwargs = {k: reshape(v, rnd) for k, v in kwargs.items()}
            return _method(*args, **kwargs)

        setattr(encounter, name, call)
