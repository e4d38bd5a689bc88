"""The undo journal: every change to an encounter's state is recorded with what it replaced.

Undoing a command rolls back only that command's changes, so undo costs as much as the command
did, never a replay of the history (design.md, "Cost").

An entry names what it changed by a number, not by a reference: the journal's owner (the
encounter) is 0, and every dict or list it changed has a number of its own. A command's entries
are then one flat tuple of plain values, which the garbage collector stops tracking the first time
it sees it, so a long fight's history adds nothing to the collector's passes (docs/performance.md,
"How costs grow").
"""

from __future__ import annotations

from typing import Any

_MISSING = object()
#: One recorded change is four values in a row: the operation, the number of what it changed, the
#: key or index or attribute, and the value it replaced.
SET, ATTR, INSERT, DELETE, PLACE = range(5)


class Journal:
    """Mutations of dicts, lists and attributes that remember how to reverse themselves."""

    __slots__ = ("_entries", "_numbers", "_owner", "_targets", "aspects", "touched")

    def __init__(self, owner: object) -> None:
        self._entries: list[Any] = []
        self._owner = owner
        #: What the entries changed, by number (kept alive while the history may reverse them).
        self._targets: list[object] = [owner]
        self._numbers: dict[int, int] = {id(owner): 0}
        #: Combatant names whose state changed since the last ``clear``.
        self.touched: set[str] = set()
        #: What else changed: "order" (the order of play), "roster" (who is in the fight).
        self.aspects: set[str] = set()

    def clear(self) -> None:
        """Forget what changed (a new command begins)."""
        if self.touched:
            self.touched.clear()
        if self.aspects:
            self.aspects.clear()

    def changed(self, aspect: str) -> None:
        """Mark an aspect of the fight as changed ("order", "roster")."""
        self.aspects.add(aspect)

    def set(self, mapping: dict[Any, Any], key: Any, value: Any) -> None:
        """``mapping[key] = value``."""
        number = self._numbers.get(id(mapping)) or self._number(mapping)
        self._entries += (SET, number, key, mapping.get(key, _MISSING))
        mapping[key] = value
        self._touch(key)

    def pop(self, mapping: dict[Any, Any], key: Any) -> Any:
        """Remove ``key`` from ``mapping`` (if present) and return its value; undone, it comes
        back in its place (the order of a roster, of conditions, is part of the state)."""
        if key not in mapping:
            return None
        last = next(reversed(mapping))
        number = self._numbers.get(id(mapping)) or self._number(mapping)
        if key == last:
            old = mapping.pop(key)
            self._entries += (SET, number, key, old)
        else:
            index = list(mapping).index(key)
            old = mapping.pop(key)
            self._entries += (PLACE, number, (key, index), old)
        self._touch(key)
        return old

    def attr(self, obj: object, name: str, value: Any) -> None:
        """``obj.name = value`` (nothing is recorded when it already is)."""
        old = getattr(obj, name)
        if old is value:
            return
        self._entries += (ATTR, 0 if obj is self._owner else self._number(obj), name, old)
        setattr(obj, name, value)

    def insert(self, items: list[Any], index: int, item: Any) -> None:
        """``items.insert(index, item)``."""
        number = self._numbers.get(id(items)) or self._number(items)
        items.insert(index, item)
        self._entries += (INSERT, number, index, None)

    def delete(self, items: list[Any], index: int) -> Any:
        """``del items[index]``, returning the removed item."""
        number = self._numbers.get(id(items)) or self._number(items)
        item = items.pop(index)
        self._entries += (DELETE, number, index, item)
        return item

    def append(self, items: list[Any], item: Any) -> None:
        """``items.append(item)``."""
        number = self._numbers.get(id(items)) or self._number(items)
        self._entries += (INSERT, number, len(items), None)
        items.append(item)

    def _number(self, target: object) -> int:
        """The number of what an entry changes, given at its first change (each change looks it
        up in ``_numbers`` first, and calls this only for a number it did not find, or the
        owner's 0)."""
        number = self._numbers.get(id(target))
        if number is None:
            number = self._numbers[id(target)] = len(self._targets)
            self._targets.append(target)
        return number

    def _touch(self, key: Any) -> None:
        if isinstance(key, str):
            self.touched.add(key)
        elif isinstance(key, tuple) and key and isinstance(key[0], str):
            self.touched.add(key[0])

    def mark(self) -> int:
        """A point to take or roll back to."""
        return len(self._entries)

    def take(self, mark: int) -> tuple[Any, ...]:
        """Remove and return the entries recorded since ``mark`` (one command's changes)."""
        entries = tuple(self._entries[mark:])
        del self._entries[mark:]
        return entries

    def rollback(self, mark: int) -> None:
        """Reverse every change since ``mark``."""
        self.reverse(self.take(mark))

    def reverse(self, entries: tuple[Any, ...]) -> None:
        """Reverse recorded ``entries``, newest first."""
        targets = self._targets
        for at in range(len(entries) - 4, -1, -4):
            op, number, key, old = entries[at : at + 4]
            target: Any = targets[number]
            if op == SET:
                if old is _MISSING:
                    del target[key]
                else:
                    target[key] = old
            elif op == ATTR:
                setattr(target, key, old)
            elif op == INSERT:
                del target[key]
            elif op == DELETE:
                target.insert(key, old)
            else:  # a dict entry back in its place
                name, index = key
                items = list(target.items())
                items.insert(index, (name, old))
                target.clear()
                target.update(items)

    def adopt(self, owner: object) -> None:
        """Make ``owner`` the object whose changes entry 0 records (a journal that replayed a
        fight into another encounter, taken over by the one it was loaded into)."""
        del self._numbers[id(self._owner)]
        self._owner = self._targets[0] = owner
        self._numbers[id(owner)] = 0
