"""The undo journal: every change to an encounter's state is recorded with what it replaced.

Undoing a command rolls back only that command's changes, so undo costs as much as the command
did, never a replay of the history (design.md, "Cost").
"""

from __future__ import annotations

from typing import Any

_MISSING = object()
#: One recorded change: (operation, target, key or index or attribute, the value it replaced).
Entry = tuple[int, Any, Any, Any]


class Journal:
    """Mutations of dicts, lists and attributes that remember how to reverse themselves."""

    __slots__ = ("_entries", "aspects", "touched")

    def __init__(self) -> None:
        self._entries: list[Entry] = []
        #: Combatant names whose state changed since the last ``clear``.
        self.touched: set[str] = set()
        #: What else changed: "order" (the order of play), "roster" (who is in the fight).
        self.aspects: set[str] = set()

    def clear(self) -> None:
        """Forget what changed (a new command begins)."""
        self.touched.clear()
        self.aspects.clear()

    def changed(self, aspect: str) -> None:
        """Mark an aspect of the fight as changed ("order", "roster")."""
        self.aspects.add(aspect)

    def set(self, mapping: dict[Any, Any], key: Any, value: Any) -> None:
        """``mapping[key] = value``."""
        self._entries.append((0, mapping, key, mapping.get(key, _MISSING)))
        mapping[key] = value
        self._touch(key)

    def pop(self, mapping: dict[Any, Any], key: Any) -> Any:
        """Remove ``key`` from ``mapping`` (if present) and return its value; undone, it comes
        back in its place (the order of a roster, of conditions, is part of the state)."""
        if key not in mapping:
            return None
        last = next(reversed(mapping))
        if key == last:
            old = mapping.pop(key)
            self._entries.append((0, mapping, key, old))
        else:
            index = list(mapping).index(key)
            old = mapping.pop(key)
            self._entries.append((4, mapping, (key, index), old))
        self._touch(key)
        return old

    def attr(self, obj: object, name: str, value: Any) -> None:
        """``obj.name = value``."""
        self._entries.append((1, obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def insert(self, items: list[Any], index: int, item: Any) -> None:
        """``items.insert(index, item)``."""
        items.insert(index, item)
        self._entries.append((2, items, index, None))

    def delete(self, items: list[Any], index: int) -> Any:
        """``del items[index]``, returning the removed item."""
        item = items.pop(index)
        self._entries.append((3, items, index, item))
        return item

    def append(self, items: list[Any], item: Any) -> None:
        """``items.append(item)``."""
        self.insert(items, len(items), item)

    def _touch(self, key: Any) -> None:
        if isinstance(key, str):
            self.touched.add(key)
        elif isinstance(key, tuple) and key and isinstance(key[0], str):
            self.touched.add(key[0])

    def mark(self) -> int:
        """A point to take or roll back to."""
        return len(self._entries)

    def take(self, mark: int) -> list[Entry]:
        """Remove and return the entries recorded since ``mark`` (one command's changes)."""
        entries = self._entries[mark:]
        del self._entries[mark:]
        return entries

    def rollback(self, mark: int) -> None:
        """Reverse every change since ``mark``."""
        self.reverse(self.take(mark))

    @staticmethod
    def reverse(entries: list[Entry]) -> None:
        """Reverse recorded ``entries``, newest first."""
        for op, target, key, old in reversed(entries):
            if op == 0:
                if old is _MISSING:
                    del target[key]
                else:
                    target[key] = old
            elif op == 1:
                setattr(target, key, old)
            elif op == 2:
                del target[key]
            elif op == 3:
                target.insert(key, old)
            else:  # a dict entry back in its place
                name, index = key
                items = list(target.items())
                items.insert(index, (name, old))
                target.clear()
                target.update(items)
