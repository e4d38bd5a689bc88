"""Parts and the widgets that host them: commands in, checked by the engine, state out.

A **part** (the order of play, the combatants, the attack, the dice, the log, the files) is a
plain Python controller: it reads the encounter and writes its state, a dict of fields, and its
``@panel_command`` methods are what the front end may send it; its renderer ``<key>.js`` draws
it as a panel. A **host** is one anywidget that shows one part (``TurnOrderStrip``,
``DiceRoller`` ...) or several (``GMScreen``): every part's state lives in the host's one
synced trait, ``panels``, so a screen of many panels is still a single anywidget, which every
host of anywidget can show (JupyterLab, Notebook 7, marimo, JupyterLite, VS Code).

The front end sends ``{"panel": "strip", "cmd": "end_turn"}``; the host checks the command's
arguments against its type hints (``_commands.py``), runs it, and the panels follow the engine's
change notices. Fields are edited in place and the edit is sent as a small ``{"type": "patch"}``
message that ``js/lib/sync.js`` applies, so one End turn sends a few hundred bytes; a view opened
later still receives the whole, current state. The front end can write nothing back: the host
refuses any state it sends (``_esm`` and ``_css`` included) and sends the true values back.

A panel need not belong to a fight: ``Panel`` and ``Board`` are what parts and hosts share (state,
commands, patches); ``Part`` and ``Host`` add the encounter they follow. The course's check (a
question or a task a learner answers, ``panels/check.py``) is a panel on a board of its own.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

import anywidget
import traitlets

from bpb_widgets.engine import Change, Encounter
from bpb_widgets.engine.game_system import GameSystem
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import Command, collect, normalise, panel_command, shown
from bpb_widgets.widgets._player_page import PlayerPage
from bpb_widgets.widgets.panels.state import PartState

log = logging.getLogger(__name__)
STATIC = Path(__file__).resolve().parent.parent / "static"
#: The longest error a panel shows: a hostile message must not make the kernel echo megabytes.
ERROR_LIMIT = 400

E = TypeVar("E", bound="Encounter[Any]")
P = TypeVar("P", bound="Panel")
T = TypeVar("T")
State = dict[str, Any]


@dataclass(frozen=True)
class Delta:
    """One or more engine changes merged: what a panel must refresh (None: everything)."""

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


def shown_error(text: str) -> str:
    """An error message cut to ``ERROR_LIMIT`` characters."""
    return text if len(text) <= ERROR_LIMIT else f"{text[: ERROR_LIMIT - 1]}…"


def where(encounter: Encounter[Any]) -> str:
    """Where the fight stands, for a repr: ``round 2, Ganyeka to act`` or ``not started``."""
    if not encounter.round:
        return "not started"
    return f"round {encounter.round}, {encounter.current or 'nobody'} to act"


class Panel:
    """One panel of a widget: its state (a dict of fields) and the commands it accepts.

    Subclasses set ``key`` (the name of their state in the host and of their front-end module),
    ``title`` and ``state_type``, implement ``refresh`` and declare their commands with
    ``@panel_command``.
    """

    key: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: The commands the front end may send, by name (filled from the ``@panel_command`` methods).
    commands: ClassVar[dict[str, Command]] = {}
    #: What its state holds, declared (a ``TypedDict`` in ``panels/state.py``, the package's or
    #: its system's): the front end's types are generated from it (``tools/front_end_types.py``)
    #: and the tests check every state against it.
    state_type: ClassVar[type[Any]] = PartState

    @classmethod
    def renderer_source(cls) -> str | None:
        """The JavaScript module that draws this panel, for a panel defined outside the package
        (``<key>.js`` beside its module, sent to the front end with the state); None for the
        package's own panels, whose renderers are in the bundle (``js/build.mjs``)."""
        if cls.__module__.split(".")[0] == __name__.split(".")[0]:
            return None
        return Path(inspect.getfile(cls)).with_name(f"{cls.key}.js").read_text(encoding="utf-8")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.commands = collect(cls)

    def __init__(self, host: Board[Any]) -> None:
        self.host = host
        self.state: State = {"error": ""}

    def refresh(self, delta: Delta | None) -> None:
        """Bring the fields up to date after ``delta`` (None: everything, as when first shown)."""
        raise NotImplementedError

    # -- writing fields (in place, queued as patches) ----------------------------------------

    def put(self, field: str, value: Any) -> None:
        """Set a field, if its value changed."""
        if self.state.get(field, _MISSING) != value:
            self.state[field] = value
            self.host.queue(self.key, {"field": field, "value": value})

    def put_items(self, field: str, items: dict[str, Any]) -> None:
        """Set keys of a dict field in place (None removes one), sending only the keys that
        changed."""
        current: dict[str, Any] = self.state.setdefault(field, {})
        changed = {key: value for key, value in items.items() if current.get(key) != value}
        for key, value in changed.items():
            if value is None:
                current.pop(key, None)
            else:
                current[key] = value
        if changed:
            self.host.queue(self.key, {"field": field, "set": changed})

    def splice(self, field: str, start: int, items: list[Any]) -> None:
        """Replace a list field from ``start`` on by ``items``, in place."""
        current: list[Any] = self.state.setdefault(field, [])
        del current[start:]
        current.extend(items)
        self.host.queue(self.key, {"field": field, "splice": [start, items]})


_MISSING = object()


class Part(Panel, Generic[E]):
    """One part of a fight's screen: a panel that reads an encounter (of ``encounter_type``) and
    sends it commands."""

    encounter_type: ClassVar[type[Encounter[Any]]] = Encounter
    #: What a game system's own part does, for the single-part widgets that show it ("attack":
    #: ``AttackPanel``, "defense": ``DefensePanel``, "dice": ``DiceRoller``; the GM screen shows
    #: every part its encounter's class lists).
    role: ClassVar[str] = ""
    host: Host[Any]

    def __init__(self, host: Host[Any], encounter: E) -> None:
        super().__init__(host)
        self.encounter: E = encounter

    @classmethod
    def accepts(cls, encounter: Encounter[Any]) -> bool:
        """Whether this part works with ``encounter`` (its class names the part's key too)."""
        return isinstance(encounter, cls.encounter_type)

    def changed(self, change: Change) -> None:
        """The encounter changed: a refused command's message no longer applies."""
        self.put("error", "")

    def player_page_changed(self) -> None:
        """The screen's player page opened or closed (by this part or another): nothing here
        shows it unless a part says so."""

    def on_form(self, form: str, blame: Callable[[], str], run: Callable[[], object]) -> None:
        """Run the command of this part's ``form``; a refusal names the field ``blame`` finds
        (``form_error``, shown next to that field) and changes nothing."""
        try:
            run()
        except RuleError as error:
            self.put("form_error", {"form": form, "field": blame(), "message": str(error)})
            raise
        self.put("form_error", {})

    def record(self, run: Callable[[], T]) -> T:
        """Run an engine command and show what it logged as this part's ``result``: its
        ``lines``, stamped with the turn and the log's length before them, so that the result
        goes once the turn moves on or those lines are undone (see ``follow_result``)."""
        turn, at = self.encounter.turns, len(self.encounter.log)
        value = run()
        self.put("result", {"turn": turn, "at": at, "lines": self._lines_since(at)})
        return value

    def follow_result(self) -> None:
        """Keep the result current: the lines logged since it (an answer to a hit adds some),
        or nothing once the turn has moved on or its lines are undone. A stale result never
        shows."""
        result = self.state.get("result") or {}
        if not result:
            return
        moved = result["turn"] != self.encounter.turns
        if moved or len(self.encounter.log) <= result["at"]:
            self.put("result", {})
        else:
            lines = self._lines_since(result["at"])
            if lines != result["lines"]:
                self.put("result", {**result, "lines": lines})

    def forget_the_gone(self) -> None:
        """Drop a selection that names someone no longer in the fight (removed, or their add
        undone): it would be refused, and a stale selection never shows."""
        if not self._all_here(self.state.get("selection") or {}):
            self.put("selection", {})
            if "preview" in self.state:
                self.put("preview", {})

    def _all_here(self, selection: dict[str, Any]) -> bool:
        """Whether everyone ``selection`` names is in the fight."""
        keys = ("attacker", "target", "defender", "combatant", "opposed")
        named = [selection.get(k) for k in keys]
        named += [*selection.get("targets", ()), *selection.get("outer", ())]
        names = set(self.encounter.names)
        return not any(isinstance(n, str) and n not in names for n in named)

    def _lines_since(self, at: int) -> list[str]:
        return [event.text for event in self.encounter.log[at:]]


class UndoingPart(Part[E]):
    """A part with Undo and Redo buttons (the order of play, the log)."""

    @panel_command
    def undo(self) -> None:
        self.encounter.undo()

    @panel_command
    def redo(self) -> None:
        self.encounter.redo()


def _nothing() -> None:
    """What a host that no longer follows an encounter does when closed again."""


class Board(anywidget.AnyWidget, Generic[P]):
    """One anywidget showing panels: their states are the fields of one synced trait, ``panels``
    (``layout_panels`` says which to lay out), the front end's commands are checked and run, and
    the panels' edits go out as patches."""

    #: What anywidget loads for every widget: the bundle (``widgets.js``), imported once a page
    #: (``js/board.js``; anywidget alone would import a copy of it for each widget shown).
    _esm = STATIC / "board.js"
    _css = STATIC / "widgets.css"
    #: What anywidget names the page's ``<style>`` of ``_css`` by, one per id: every board
    #: shares one stylesheet, so one id (anywidget's default, one per class, would put a copy of
    #: the same stylesheet in the page for each kind of widget shown).
    STYLESHEET_ID: ClassVar[str] = "bpb_widgets"

    #: Every panel's state by its key; edited in place and sent as patches.
    panels = traitlets.Dict().tag(sync=True)
    #: The panels shown, in order.
    layout_panels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The renderers of panels defined outside the package, by key (``Panel.renderer_source``).
    renderers = traitlets.Dict().tag(sync=True)

    def __init__(self, parts: dict[str, P], **kwargs: Any) -> None:
        self._queued: dict[str, list[dict[str, Any]]] = {}
        self._parts: dict[str, P] = parts
        states = {key: self._fresh(panel) for key, panel in parts.items()}
        super().__init__(
            panels=states,
            layout_panels=list(parts),
            renderers=_renderers(parts),
            _anywidget_id=self.STYLESHEET_ID,
            **kwargs,
        )
        self._queued.clear()
        self.on_msg(self._on_message)

    @staticmethod
    def _fresh(panel: Panel) -> State:
        panel.refresh(None)
        return panel.state

    def part(self, key: str) -> P:
        """The panel called ``key``."""
        return self._parts[key]

    def set_state(self, sync_data: object) -> None:
        """A front-end "update" message: the front end owns none of this widget's traits (it
        sends commands; the code it runs, ``_esm`` and ``_css``, which view draws it, its layout
        and its panels all come from here), so whatever it sends is refused, nothing is stored
        or echoed to other views, and the true values of the traits it named are sent back."""
        if not isinstance(sync_data, dict):
            log.warning("%s: ignored a state update that is not a mapping", type(self).__name__)
            return
        refused = [key for key in self.keys if key in sync_data]
        log.warning(
            "%s: the front end may not set %s; ignored",
            type(self).__name__,
            ", ".join(map(str, sync_data))[:200] or "nothing",
        )
        if refused:
            self.send_state(refused)

    # -- commands from the front end ---------------------------------------------------------

    def _on_message(self, _widget: object, msg: object, _buffers: object) -> None:
        message = normalise(msg)
        panel = self._target(message)
        try:
            self._dispatch(panel, message)
        except RuleError as exc:
            if panel is not None:
                panel.put("error", shown_error(str(exc)))
        else:
            if panel is not None:
                panel.put("error", "")
        self._flush()

    def _target(self, msg: object) -> P | None:
        """The panel a message is for: named, or the only one."""
        key = msg.get("panel") if isinstance(msg, dict) else None
        if isinstance(key, str) and key in self._parts:
            return self._parts[key]
        if len(self._parts) == 1 and key is None:
            return next(iter(self._parts.values()))
        return None

    def _dispatch(self, panel: P | None, msg: object) -> None:
        if panel is None:
            raise RuleError(f"Unknown panel: this widget shows {', '.join(self._parts)}.")
        name = msg.get("cmd") if isinstance(msg, dict) else None
        declared = panel.commands.get(name) if isinstance(name, str) else None
        if declared is None or not isinstance(msg, dict):
            accepted = ", ".join(panel.commands)
            raise RuleError(f"Unknown command {shown(name)}: {panel.title} accepts {accepted}.")
        arguments = declared.arguments({k: v for k, v in msg.items() if k != "panel"})
        with self._batch():
            declared.method(panel, **arguments)

    @contextmanager
    def _batch(self) -> Iterator[None]:
        """What one front-end command runs in (a host merges the changes it causes)."""
        yield

    # -- state to the front end --------------------------------------------------------------

    def queue(self, key: str, op: dict[str, Any]) -> None:
        """Queue one field edit of panel ``key`` for the next patch message."""
        self._queued.setdefault(key, []).append(op)

    def _flush(self) -> None:
        if self._queued:
            queued, self._queued = self._queued, {}
            self.send({"type": "patch", "panels": queued})


def _renderers(parts: dict[str, Any]) -> dict[str, str]:
    found = ((key, type(panel).renderer_source()) for key, panel in parts.items())
    return {key: source for key, source in found if source is not None}


def parts_of(system: GameSystem) -> tuple[type[Part[Any]], ...]:
    """The parts a game system declares: ``PARTS`` in the module its ``panels`` names."""
    module = system.panel_module()
    return tuple(module.PARTS) if module is not None else ()


def system_parts(encounter: Encounter[Any]) -> tuple[type[Part[Any]], ...]:
    """The parts of the game system ``encounter`` follows (none for a class of no declared
    system)."""
    system = GameSystem.find(encounter)
    return parts_of(system) if system is not None else ()


class Host(Board[Part[Any]], Generic[E]):
    """A board showing parts of a fight, following its encounter: the shared ``part_types`` and
    the game system's own parts of the ``roles`` it shows, those that work with the encounter;
    with ``roles = None`` (the GM screen), the parts the encounter's class lists (``panels``), in
    that order."""

    #: The shared parts (not a game system's) this host can show.
    part_types: ClassVar[tuple[type[Part[Any]], ...]] = ()
    #: The roles of a game system's own parts this host shows (``Part.role``); None: the
    #: encounter class's ``panels``.
    roles: ClassVar[frozenset[str] | None] = frozenset()
    #: What it shows, for the refusal of a fight that has none of it ("an attack").
    shows: ClassVar[str] = ""

    def __init__(self, encounter: E, *, folder: str | Path = ".", **kwargs: Any) -> None:
        self.folder = Path(folder).expanduser()
        # set first: a constructor that raises still leaves a widget whose close() works
        self._unsubscribe: Callable[[], None] = _nothing
        self._pending: Delta | None = None
        self._batching = False
        #: The player page served from this widget ("Open player page"), following its fight.
        self.player_page = PlayerPage(self._player_page_changed)
        self._encounter: E = encounter
        super().__init__(self._parts_for(encounter), **kwargs)
        self._unsubscribe = encounter.subscribe(self._on_change)

    def _parts_for(self, encounter: Encounter[Any]) -> dict[str, Part[Any]]:
        roles = self.roles
        own = [k for k in system_parts(encounter) if roles is None or k.role in roles]
        offered = {kind.key: kind for kind in (*self.part_types, *own)}
        keys = offered if roles is not None else encounter.panels
        parts = {
            key: offered[key](self, encounter)
            for key in keys
            if key in offered and offered[key].accepts(encounter)
        }
        if not parts:
            wanted = self.shows or " or ".join(kind.title for kind in self.part_types)
            raise RuleError(
                f"{type(self).__name__} shows {wanted}, which the {encounter.rules.name} rules "
                "do not have."
            )
        return parts

    @property
    def encounter(self) -> E:
        """The encounter this widget shows and commands."""
        return self._encounter

    def _player_page_changed(self) -> None:
        for part in self._parts.values():
            part.player_page_changed()

    def rebind(self, encounter: E) -> None:
        """Show and command another encounter (a fight loaded, a new fight) in the same place."""
        parts = self._parts_for(encounter)
        self._unsubscribe()
        self._unsubscribe = _nothing
        self._encounter, self._parts = encounter, parts
        self._queued.clear()
        self.panels = {key: self._fresh(panel) for key, panel in parts.items()}
        self.renderers = _renderers(parts)
        self.layout_panels = list(parts)
        self._queued.clear()
        self._unsubscribe = encounter.subscribe(self._on_change)
        self.player_page.follow(encounter)

    def close(self) -> None:
        """Stop following the encounter, stop serving its player page and close the comm
        (again: nothing happens)."""
        # a subclass may raise before Host.__init__ ran (GMScreen's autosave): __del__ closes it
        unsubscribe = getattr(self, "_unsubscribe", _nothing)
        self._unsubscribe = _nothing
        unsubscribe()
        page = getattr(self, "player_page", None)
        if page is not None:
            page.close()
        super().close()

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

    def _on_change(self, change: Change) -> None:
        for panel in self._parts.values():
            panel.changed(change)
        delta = Delta.of(change)
        if self._batching:
            self._pending = delta if self._pending is None else self._pending.merge(delta)
        else:
            self._refresh(delta)
            self._flush()

    def _refresh(self, delta: Delta | None) -> None:
        for panel in self._parts.values():
            panel.refresh(delta)
