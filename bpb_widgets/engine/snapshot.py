"""A fight's state as plain JSON values, saved beside its commands so that loading need not replay
them (docs/architecture.md, "The encounter file").

The encoding is generic: it takes what an encounter's state is made of (whole numbers, text,
lists, tuples, dicts, sets and the engine's dataclasses, such as sheets and conditions) and
nothing else. Reading one back never imports a module or runs code from the file: a dataclass is
named by its module and name, found among the modules already loaded, and filled field by field.
State it cannot take (another kind of object, a list or dict held in two places) raises
``Unsupported``, and the file is then saved with its commands alone (it loads by replay).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gc
import importlib.metadata
import itertools
import json
import math
import operator
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from bpb_widgets.engine.storage import EncounterFileError, compact

#: The snapshot's own format: a snapshot of another format (or another bpb_widgets version) is
#: ignored and the file replayed.
FORMAT = 2
_ATOMS = (str, int, bool, type(None))
_ATOM_TYPES = frozenset(_ATOMS)
#: Rows of a long list encoded together and kept (``Blocks``): a long fight's save encodes only
#: what changed since the last one.
BLOCK = 1024


class Unsupported(Exception):
    """State the snapshot cannot take: the file keeps its commands alone."""


def encode(value: Any, seen: dict[int, object]) -> Any:
    """``value`` as JSON values, each kind but lists and atoms tagged by a one-key object; lists
    of tuples of atoms are kept column by column (``"z"``), which reads back fast. ``seen``
    holds the mutable containers met so far: one met twice is ``Unsupported``."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is float:
        if not math.isfinite(value):
            raise Unsupported(f"the number {value!r}")
        return value
    if kind is tuple:
        return {"t": [encode(item, seen) for item in value]}
    if kind is frozenset:
        return {"f": _members(value, seen)}
    if kind in (list, dict, set):
        if id(value) in seen:
            raise Unsupported(f"a {kind.__name__} held in two places")
        seen[id(value)] = value
    if kind is list:
        columns = _columns(value)
        if columns is not None:
            return {"z": [list(column) for column in columns]}
        return [encode(item, seen) for item in value]
    if kind is set:
        return {"s": _members(value, seen)}
    if kind is dict:
        if all(type(key) is str for key in value):
            return {"d": {key: encode(item, seen) for key, item in value.items()}}
        return {"p": [[encode(key, seen), encode(item, seen)] for key, item in value.items()]}
    if dataclasses.is_dataclass(value):
        return {"o": [_name(kind), _fields(value, seen)]}
    raise Unsupported(f"a {kind.__name__}")


def _members(value: set[Any] | frozenset[Any], seen: dict[int, object]) -> list[Any]:
    """A set's members encoded, in one order whatever the set's own (which hash seeds and
    insertion history change): equal sets are the same text."""
    return sorted((encode(item, seen) for item in value), key=_canonical)


def _canonical(encoded: Any) -> str:
    return json.dumps(encoded, sort_keys=True, ensure_ascii=False)


def decode(value: Any) -> Any:
    """What ``encode`` gave, as the values it was given."""
    if type(value) is list:
        return [decode(item) for item in value]
    if type(value) is not dict:
        return value
    if len(value) != 1:
        raise Unsupported("a damaged value")
    ((tag, inner),) = value.items()
    if tag == "t":
        return tuple(decode(item) for item in inner)
    if tag == "z":
        return list(zip(*inner, strict=True)) if inner else []
    if tag == "d":
        return {key: decode(item) for key, item in inner.items()}
    if tag == "p":
        return {decode(key): decode(item) for key, item in inner}
    if tag == "f":
        return frozenset(decode(item) for item in inner)
    if tag == "s":
        return {decode(item) for item in inner}
    if tag == "o":
        return _dataclass(*inner)
    raise Unsupported(f"an unknown tag {tag!r}")


def _columns(items: Sequence[Any], least: int = 2) -> list[tuple[Any, ...]] | None:
    """``least`` or more tuples of atoms, all of one length, as their columns (else None)."""
    if len(items) < least or set(map(type, items)) != {tuple}:
        return None
    widths = set(map(len, items))
    if len(widths) != 1 or 0 in widths:
        return None
    columns = list(zip(*items, strict=True))
    if not all(set(map(type, column)) <= _ATOM_TYPES for column in columns):
        return None
    return columns


def _name(kind: type) -> str:
    """How a dataclass is named: ``module:qualified name``, which must find it again."""
    name = f"{kind.__module__}:{kind.__qualname__}"
    if _find(name) is not kind:
        raise Unsupported(f"the class {name}, which cannot be found by its name")
    return name


def _fields(value: Any, seen: dict[int, object]) -> dict[str, Any]:
    """A dataclass's fields, encoded; one with anything else in it is ``Unsupported``."""
    kind: type = type(value)
    names = _field_names(kind)
    if _other_slots(kind) or (hasattr(value, "__dict__") and set(vars(value)) - set(names)):
        raise Unsupported(f"a {kind.__name__} holding more than its fields")
    if not kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        if id(value) in seen:
            raise Unsupported(f"a {kind.__name__} held in two places")
        seen[id(value)] = value
    return {name: encode(getattr(value, name), seen) for name in names}


@functools.cache
def _field_names(kind: type) -> list[str]:
    return [field.name for field in dataclasses.fields(kind)]


@functools.cache
def _other_slots(kind: type) -> bool:
    """Whether a dataclass has slots for more than its fields (which a snapshot would miss)."""
    slots = {name for base in kind.__mro__ for name in getattr(base, "__slots__", ())}
    return bool(slots - set(_field_names(kind)) - {"__dict__", "__weakref__"})


def _find(name: str) -> object:
    """The object called ``name`` (``module:qualified name``) in a module already loaded."""
    module_name, _, qualified = name.partition(":")
    found: object = sys.modules.get(module_name)
    for part in qualified.split("."):
        found = getattr(found, part, None)
    return found


def _dataclass(name: str, fields: dict[str, Any]) -> Any:
    """A dataclass named ``name`` with ``fields``, made without calling anything of the class."""
    kind = _find(name)
    if not isinstance(kind, type) or not dataclasses.is_dataclass(kind):
        raise Unsupported(f"no dataclass {name}")
    if _field_names(kind) != list(fields):
        raise Unsupported(f"{name} has other fields now")
    made = object.__new__(kind)
    for field, value in fields.items():
        object.__setattr__(made, field, decode(value))
    return made


def plain(data: Mapping[str, Any]) -> dict[str, Any]:
    """A log event's data as JSON values that read back (``freeze``) to the same data."""
    return {key: _plain(key, value) for key, value in data.items()}


def _plain(key: object, value: Any) -> Any:
    if type(key) is not str:
        raise Unsupported(f"event data keyed by {key!r}")
    kind = type(value)
    if kind in _ATOMS or (kind is float and math.isfinite(value)):
        return value
    if kind is tuple:
        return [_plain("", item) for item in value]
    if isinstance(value, Mapping):
        return plain(value)
    raise Unsupported(f"event data holding a {kind.__name__}")


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector paused while a snapshot is read. Reading one makes tens of
    thousands of rows (tuples of plain values, which the collector stops tracking the first
    time it sees them): paused, it sees them in one young pass after the load, instead of dozens
    of young passes during it, which in a kernel holding a large fight set off full passes over
    everything it holds (docs/performance.md, "How costs grow")."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@functools.cache
def release() -> str:
    """The bpb_widgets version that wrote a snapshot (as installed): another one's is not read
    (its state may be laid out otherwise)."""
    try:
        return importlib.metadata.version("bpb_widgets")
    except importlib.metadata.PackageNotFoundError:  # run from a folder, not installed
        return ""


def state_text(values: Mapping[str, Any], blocks: dict[str, Blocks]) -> str:
    """``values`` (an encounter's state, by attribute) encoded as one JSON object; a long list of
    tuples of atoms (the transcript's lines) is kept in ``blocks`` by its name, so that only its
    new rows are encoded again."""
    seen: dict[int, object] = {}
    parts = []
    for name, value in values.items():
        text = None
        if type(value) is list and len(value) >= BLOCK:
            text = blocks.setdefault(name, Blocks(_atom_columns)).text(value)
            if text is not None:
                seen[id(value)] = value
        if text is None:
            text = compact(encode(value, seen))
        parts.append(f"{compact(name)}:{text}")
    return "{" + ",".join(parts) + "}"


def read_state(state: Mapping[str, Any], blocks: dict[str, Blocks]) -> dict[str, Any]:
    """The values ``state_text`` encoded (as ``parse`` read them), its long lists' blocks kept
    in ``blocks`` as read: a save right after a load encodes none of them again."""
    values = {}
    for name, value in state.items():
        if type(value) is Pieces:
            values[name], blocks[name] = read_rows(value, _atom_columns, _atom_rows)
        else:
            values[name] = decode(value)
    return values


class Pieces(list[str]):
    """A long list's blocks as ``parse`` read them: each block's text, not yet decoded."""


def read_rows(
    pieces: Any,
    encode_rows: Callable[[Sequence[Any], int], list[Any] | None],
    make_rows: Callable[[Any, int], Iterable[Any]],
) -> tuple[list[Any], Blocks]:
    """The rows of a list's blocks (``Blocks.text``, read by ``parse``), each block's made by
    ``make_rows(its columns, the index of its first row)``, and the blocks as read."""
    if type(pieces) is not Pieces:
        raise Unsupported("a damaged long list")
    rows: list[Any] = []
    ends = []
    for piece in pieces:
        rows.extend(make_rows(_DECODER.decode(piece), len(rows)))
        ends.append(len(rows))
    whole = range(len(rows) // BLOCK)
    aligned = all(ends[number] == (number + 1) * BLOCK for number in whole)
    return rows, Blocks(encode_rows, rows, pieces if aligned else ())


class Rows(list[Any]):
    """A long list read from a snapshot whose whole blocks become rows only when one of their
    rows is read (``read``): loading a long fight decodes only its last block of the log, and
    the log panel's latest entries only the blocks they are in. A row not read yet is None in
    the list, which ``append``, ``len`` and a save's unchanged blocks (``Blocks``) take as it
    is; other readers go through ``read``, and cutting the list short through ``cut``."""

    __slots__ = ("_make", "_waiting")

    def __init__(
        self,
        rows: Iterable[Any] = (),
        make_rows: Callable[[Any, int], Iterable[Any]] | None = None,
        waiting: dict[int, str] | None = None,
    ) -> None:
        super().__init__(rows)
        #: ``make_rows(columns, start)`` of ``read_rows``, for the blocks waiting.
        self._make = make_rows
        #: The text of each whole block not decoded yet, by its number.
        self._waiting = waiting or {}

    @classmethod
    def lazily(
        cls,
        pieces: Any,
        encode_rows: Callable[[Sequence[Any], int], list[Any] | None],
        make_rows: Callable[[Any, int], Iterable[Any]],
    ) -> tuple[Rows, Blocks]:
        """``read_rows``, its whole blocks but the last left as text until read: each holds
        ``BLOCK`` rows, as ``Blocks.text`` writes them (one that does not is found damaged
        when it is read)."""
        if type(pieces) is not Pieces:
            raise Unsupported("a damaged long list")
        waiting = dict(enumerate(pieces[:-1]))
        start = len(waiting) * BLOCK
        tail = list(make_rows(_DECODER.decode(pieces[-1]), start)) if pieces else []
        if len(tail) > BLOCK:
            raise ValueError("a damaged long list")
        rows = cls([*itertools.repeat(None, start), *tail], make_rows, waiting)
        return rows, Blocks(encode_rows, rows, pieces)

    def read(self, index: Any) -> Any:
        """``self[index]`` (an index or a slice), the blocks it reaches decoded first."""
        if self._waiting:
            reached = range(len(self))[index]
            if type(reached) is int:
                self._fill(reached // BLOCK, reached // BLOCK)
            elif reached:
                self._fill(
                    min(reached[0], reached[-1]) // BLOCK, max(reached[0], reached[-1]) // BLOCK
                )
        return self[index]

    def cut(self, start: int) -> None:
        """``del self[start:]``, the block ``start`` falls in decoded first (it is kept in part)."""
        if self._waiting:
            self._fill(start // BLOCK, start // BLOCK)
            for number in [n for n in self._waiting if n * BLOCK >= start]:
                del self._waiting[number]
        del self[start:]

    def _fill(self, first: int, last: int) -> None:
        make = self._make
        assert make is not None
        for number in range(first, last + 1):
            text = self._waiting.get(number)
            if text is None:
                continue
            try:
                rows = list(make(_DECODER.decode(text), number * BLOCK))
                if len(rows) != BLOCK:
                    raise ValueError(f"{len(rows)} rows")
            except (ValueError, TypeError, KeyError, IndexError, RecursionError) as error:
                raise EncounterFileError(
                    f"This fight's file was changed after it was saved: rows {number * BLOCK} to "
                    f"{(number + 1) * BLOCK - 1} of its log cannot be read ({error})."
                ) from None
            del self._waiting[number]
            self[number * BLOCK : (number + 1) * BLOCK] = rows


def _atom_columns(rows: Sequence[Any], start: int) -> list[Any] | None:
    """The columns of ``rows``, tuples of atoms of one length (None: other rows)."""
    columns = _columns(rows, least=1)
    return None if columns is None else packed(columns)


def _atom_rows(columns: Any, start: int) -> Iterable[Any]:
    return zip(*unpacked(columns), strict=True)


#: A None in a column of text kept as one text (``packed``).
_NONE = "\x00"
_NONES = {_NONE: None}


def packed(columns: Iterable[Sequence[Any]]) -> list[Any]:
    """Columns as a block keeps them: one of text (or None) that holds no line break as a single
    text, a line per value, which reads back many times faster than a list of texts; any other
    as a list."""
    return [_packed(column) for column in columns]


def _packed(column: Sequence[Any]) -> Any:
    kinds = set(map(type, column))
    if str in kinds and kinds <= {str, type(None)}:
        text = "\n".join(_NONE if value is None else value for value in column)
        if text.count("\n") == len(column) - 1 and text.count(_NONE) == column.count(None):
            return text
    return list(column)


def unpacked(columns: Iterable[Any]) -> list[list[Any]]:
    """The columns ``packed`` kept, as lists."""
    return [_unpacked(column) for column in columns]


def _unpacked(column: Any) -> list[Any]:
    if type(column) is not str:
        return column  # type: ignore[no-any-return]
    lines = column.split("\n")
    return list(map(_NONES.get, lines, lines)) if _NONE in column else lines


class Blocks:
    """A long list of rows kept as JSON, ``BLOCK`` rows at a time, each block column by column:
    ``{"n":[its length,...],"b":[block,...]}``, each block's length in characters so that a
    load can cut the blocks out without decoding them (``Rows``). A block whose rows are still
    the very same objects (rows are tuples of plain values, which never change) is not encoded
    again, and a block read from a file is kept as it was read."""

    __slots__ = ("_encode", "_kept")

    def __init__(
        self,
        encode_rows: Callable[[Sequence[Any], int], list[Any] | None],
        rows: Sequence[Any] = (),
        pieces: Sequence[str] = (),
    ) -> None:
        #: ``encode_rows(rows, start)``: the columns of rows from index ``start`` (None: rows of
        #: another kind than it encodes).
        self._encode = encode_rows
        #: Per whole block: its rows and its JSON text.
        self._kept: list[tuple[tuple[Any, ...], str]] = [
            (tuple(rows[number * BLOCK : (number + 1) * BLOCK]), piece)
            for number, piece in enumerate(pieces[: len(rows) // BLOCK])
        ]

    def text(self, rows: list[Any]) -> str | None:
        """``rows`` as ``{"n":[length,...],"b":[block,...]}`` (None: rows of another kind)."""
        kept, pieces = self._kept, []
        for number in range(len(rows) // BLOCK):
            block = rows[number * BLOCK : (number + 1) * BLOCK]
            if number < len(kept) and all(map(operator.is_, kept[number][0], block)):
                pieces.append(kept[number][1])
                continue
            columns = self._encode(block, number * BLOCK)
            if columns is None:
                return None
            made = (tuple(block), compact(columns))
            kept[number : number + 1] = [made]  # each block alone: the ones after it may hold
            pieces.append(made[1])
        del kept[len(rows) // BLOCK :]
        whole = len(rows) // BLOCK * BLOCK
        if whole < len(rows):
            tail = self._encode(rows[whole:], whole)
            if tail is None:
                return None
            pieces.append(compact(tail))
        lengths = ",".join(str(len(piece)) for piece in pieces)
        return f'{{"n":[{lengths}],"b":[' + ",".join(pieces) + "]}"


_DECODER = json.JSONDecoder()


def parse(text: str, at: int, depth: int = 2) -> tuple[Any, int]:
    """The JSON value at ``at`` in ``text`` (written by this module, without spaces), and where
    it ends. A long list's blocks (``{"n":[...],"b":[...]}``) in objects down to ``depth`` are
    cut out block by block, each as its text (``Pieces``). Anything else than expected raises
    ``ValueError``."""
    if text.startswith('{"n":[', at):
        return _pieces(text, at + 5)
    if depth and text.startswith("{", at) and not text.startswith("{}", at):
        members: dict[str, Any] = {}
        at += 1
        while True:
            key, at = _DECODER.raw_decode(text, at)
            if type(key) is not str or text[at] != ":":
                raise ValueError("not a member of an object")
            members[key], at = parse(text, at + 1, depth - 1)
            if text[at] == "}":
                return members, at + 1
            if text[at] != ",":
                raise ValueError("not an object")
            at += 1
    return _DECODER.raw_decode(text, at)


def _pieces(text: str, at: int) -> tuple[Pieces, int]:
    """A long list's blocks, each cut out of ``text`` by its length (``Blocks.text``) without
    decoding it."""
    lengths, at = _DECODER.raw_decode(text, at)
    if type(lengths) is not list or not text.startswith(',"b":[', at):
        raise ValueError("not a long list")
    at += 6
    pieces = Pieces()
    for length in lengths:
        if type(length) is not int or length < 2:
            raise ValueError("not a long list")
        end = at + length
        if text[at] != "[" or text[end - 1] != "]" or text[end] not in ",]":
            raise ValueError("not a long list")
        pieces.append(text[at:end])
        at = end + 1
    if not pieces:
        at += 1
    if text[at - 1] != "]" or text[at] != "}":
        raise ValueError("not a long list")
    return pieces, at + 1
