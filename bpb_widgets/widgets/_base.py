"""The base of every encounter widget: commands in, checked by the engine, state out.

The front end sends commands as custom messages (``{"cmd": "end_turn"}``). Each names a method
declared with ``@command`` (``_commands.py``); its arguments are checked against the method's type
hints, it runs on the :class:`~bpb_widgets.Encounter`, and the widget's traits follow the engine's
change notifications. A refused command sets :attr:`EncounterWidget.error`; nothing a message
contains can raise into the kernel.

Every trait is a function of the encounter's state and of the widget's own selection, never of
the history of what it was sent: refreshed after undo, it shows what a new widget would. The
front end writes no trait (an ipywidgets "update" message is refused, the front end's copy put
back); it changes things only through commands.

Large collections (a roster's per-combatant state, the log) are edited *in place*, which traitlets
does not sync, and the edit is sent as a small ``{"type": "patch"}`` message that ``js/lib/sync.js``
applies to the front-end model. A view opened later still receives the full, current trait values.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

import anywidget
import traitlets

from bpb_widgets.engine import Change, Encounter, Event
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import Command, collect, command, normalise, shown

STATIC = Path(__file__).resolve().parent.parent / "static"
log = logging.getLogger("bpb_widgets")

#: The longest error a widget shows: a hostile message must not make the kernel echo megabytes.
ERROR_LIMIT = 400

E = TypeVar("E", bound="Encounter[Any]")


@dataclass(frozen=True)
class Delta:
    """One or more engine changes merged: what a widget must refresh."""

    log_start: int
    touched: frozenset[str]
    order: bool
    roster: bool

    @classmethod
    def of(cls, change: Change) -> Delta:
        return cls(change.log_start, frozenset(change.touched), change.order, change.roster)

    def merge(self, other: Delta) -> Delta:
        return Delta(
            min(self.log_start, other.log_start),
            self.touched | other.touched,
            self.order or other.order,
            self.roster or other.roster,
        )


class Selection(traitlets.Dict):
    """A widget's own selection: empty, or exactly the keys given, each value checked by its
    trait (traitlets validation), so that no assignment can leave a selection the widget cannot
    read."""

    def __init__(self, **fields: traitlets.TraitType[Any, Any]) -> None:
        super().__init__(per_key_traits=fields)
        self.fields = frozenset(fields)

    def validate(self, obj: Any, value: Any) -> Any:
        value = super().validate(obj, value)
        if value and set(value) != self.fields:
            self.error(obj, value)
        return value


def shown_error(text: str) -> str:
    """An error message cut to ``ERROR_LIMIT`` characters, any character that cannot be sent (a
    lone surrogate) written as its escape."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= ERROR_LIMIT else f"{text[: ERROR_LIMIT - 1]}…"


def _nothing() -> None:
    """What a widget that no longer follows an encounter does when closed again."""


def where(encounter: Encounter[Any]) -> str:
    """Where the fight stands, for a repr: ``round 2, Ganyeka to act`` or ``not started``."""
    if not encounter.round:
        return "not started"
    return f"round {encounter.round}, {encounter.current or 'nobody'} to act"


class EncounterWidget(anywidget.AnyWidget, Generic[E]):
    """An anywidget bound to one encounter. Subclasses set ``_esm``, the encounter class they
    need (``encounter_type``) and implement ``_update``; their ``@command`` methods are what the
    front end may send."""

    _css = STATIC / "widgets.css"

    #: The last refused command's message, shown in the widget; cleared by the next accepted one.
    error = traitlets.Unicode("").tag(sync=True)

    #: The encounters this widget works with (a game system's class, or any encounter).
    encounter_type: ClassVar[type[Encounter[Any]]] = Encounter
    #: The traits the front end may set with an ipywidgets "update" message: none. It sends
    #: commands, which are checked; a trait it could set would be trusted unchecked.
    writable: ClassVar[frozenset[str]] = frozenset()
    #: The commands the front end may send, by name (filled from the ``@command`` methods).
    commands: ClassVar[dict[str, Command]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.commands = collect(cls)

    def __init__(self, encounter: E, **kwargs: Any) -> None:
        # set first: a constructor that raises still leaves a widget whose close() works
        self._unsubscribe: Callable[[], None] = _nothing
        if not isinstance(encounter, self.encounter_type):
            wanted = self.encounter_type
            rule_sets = ", ".join(r.name for r in wanted.rule_sets)
            raise RuleError(
                f"{type(self).__name__} is for {wanted.title} encounters ({rule_sets}), "
                f"not the {encounter.rules.name!r} rule set."
            )
        self._encounter: E = encounter
        self._pending: Delta | None = None
        self._batching = False
        self._patches: dict[str, dict[str, Any]] = {}
        #: Traits showing what a command of this widget did, with the last log event of that
        #: command: undone, the event is gone and the trait is cleared.
        self._anchors: dict[str, tuple[int, Event | None]] = {}
        # the traits are filled before the comm opens: the first sync is the open message alone
        self._update(None)
        super().__init__(**kwargs)
        self._unsubscribe = encounter.subscribe(self._on_change)
        self.on_msg(self._on_message)

    @property
    def encounter(self) -> E:
        """The encounter this widget shows and commands."""
        return self._encounter

    def close(self) -> None:
        """Stop following the encounter and close the comm (again: nothing happens)."""
        unsubscribe, self._unsubscribe = self._unsubscribe, _nothing
        unsubscribe()
        super().close()

    # -- commands from the front end ---------------------------------------------------------

    def set_state(self, sync_data: object) -> None:
        """A front-end "update" message: only ``writable`` traits are taken (none, for these
        widgets); the others are refused and the front end is sent their true values again."""
        if not isinstance(sync_data, dict):
            log.warning("%s: ignored a trait update that is not a mapping", type(self).__name__)
            return
        taken = {key: value for key, value in sync_data.items() if key in self.writable}
        refused = [key for key in sync_data if key not in taken and key in self.keys]
        if taken:
            try:
                super().set_state(taken)
            except Exception:
                log.exception("%s: refused a trait update", type(self).__name__)
                refused.extend(taken)
        if refused:
            log.warning(
                "%s: the front end may not set %s; sent back",
                type(self).__name__,
                ", ".join(shown(key) for key in refused[:5]),
            )
            self.send_state(refused)

    def _on_message(self, _widget: object, msg: object, _buffers: object) -> None:
        try:
            self._dispatch(normalise(msg))
        except RuleError as exc:
            self.error = shown_error(str(exc))
        else:
            self.error = ""

    def _dispatch(self, msg: object) -> None:
        name = msg.get("cmd") if isinstance(msg, dict) else None
        declared = self.commands.get(name) if isinstance(name, str) else None
        if declared is None or not isinstance(msg, dict):
            accepted = ", ".join(self.commands)
            raise RuleError(f"Unknown command {shown(name)}: this widget accepts {accepted}.")
        arguments = declared.arguments(msg)
        with self._batch():
            declared.method(self, **arguments)

    @contextmanager
    def _batch(self) -> Iterator[None]:
        """Merge the changes of one front-end command (e.g. several undos) into one refresh."""
        self._batching = True
        try:
            yield
        finally:
            self._batching = False
            pending, self._pending = self._pending, None
            if pending is not None:
                self._refresh(pending)

    @command
    def undo(self) -> None:
        """Undo the last command."""
        self._encounter.undo()

    @command
    def redo(self) -> None:
        """Redo the last undone command."""
        self._encounter.redo()

    # -- state to the front end --------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        self.error = ""
        delta = Delta.of(change)
        if self._batching:
            self._pending = delta if self._pending is None else self._pending.merge(delta)
        else:
            self._refresh(delta)

    def _refresh(self, delta: Delta | None) -> None:
        """Bring the traits up to date; ``delta`` None means everything (at construction)."""
        with self.hold_sync():
            self._drop_undone()
            self._update(delta)
        if self._patches:
            patches, self._patches = self._patches, {}
            self.send({"type": "patch", "traits": patches})

    def _update(self, delta: Delta | None) -> None:
        raise NotImplementedError

    def _show(self, trait: str, value: dict[str, Any]) -> None:
        """Set ``trait`` to what the command just run did; it is cleared once that command is
        undone (then the trait would show a roll the fight no longer has)."""
        events = self._encounter.log
        self._anchors[trait] = (len(events) - 1, events[-1] if events else None)
        setattr(self, trait, value)

    def _drop_undone(self) -> None:
        """Clear the traits ``_show`` set for a command since undone."""
        if not self._anchors:
            return
        events = self._encounter.log
        for trait, (index, event) in list(self._anchors.items()):
            if event is not None and (index >= len(events) or events[index] is not event):
                del self._anchors[trait]
                setattr(self, trait, {})

    def _patch_dict(self, name: str, values: dict[str, Any]) -> None:
        """Set keys of the dict trait ``name`` in place (None removes one) and queue only the keys
        whose value changed."""
        current: dict[str, Any] = getattr(self, name)
        changed = {key: value for key, value in values.items() if current.get(key) != value}
        for key, value in changed.items():
            if value is None:
                del current[key]
            else:
                current[key] = value
        if changed:
            self._patches.setdefault(name, {"set": {}})["set"].update(changed)

    def _splice(self, name: str, start: int, items: list[Any]) -> None:
        """Replace the list trait ``name`` from ``start`` on by ``items``, in place; queue that."""
        current: list[Any] = getattr(self, name)
        del current[start:]
        current.extend(items)
        self._patches[name] = {"splice": [start, items]}
