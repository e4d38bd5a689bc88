"""Every widget trait is a function of the encounter's state and the widget's own selection, never
of history (issue 17, point 2): after any commands, undos and redos, each widget shows exactly what
a new widget on the same encounter, with the same selection, shows.

One state machine per rule set (the engine's stateful rules, the widgets' own commands), checked
after every step; ``WIDGET_MACHINES`` sets the cases each runs."""

from __future__ import annotations

from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, precondition, rule
from widget_kit import fight, send

from bpb_widgets import Encounter
from bpb_widgets.widgets import DefensePanel, DiceRoller, EncounterLog, TurnOrderStrip
from bpb_widgets.widgets._base import EncounterWidget
from tests.engine import test_stateful, test_stateful_systems

WIDGET_MACHINES = settings(max_examples=25, stateful_step_count=25, deadline=None)
#: Traits that are not a function of the state: the last error and what the last roll showed
#: (``result``: cleared once its command is undone, see test_a_result_goes_with_its_command),
#: the layout (a widget of its own).
NOT_COMPARED = {"error", "result", "layout", "first", "entries"}


def widgets_for(enc: Encounter) -> list[EncounterWidget[Any]]:
    """The widgets a GM screen shows for this encounter."""
    found: list[EncounterWidget[Any]] = [TurnOrderStrip(enc), EncounterLog(enc), DiceRoller(enc)]
    if "defense" in enc.panels:
        found.append(DefensePanel(enc))
    return found


def state(widget: EncounterWidget[Any]) -> dict[str, Any]:
    return {k: v for k, v in widget.get_state().items() if k not in NOT_COMPARED}


def check_follows(widget: EncounterWidget[Any]) -> None:
    """``widget`` shows what a new widget on its encounter, given its selection, shows."""
    enc = widget.encounter
    if isinstance(widget, EncounterLog):
        assert 0 <= widget.first <= len(enc.log)
        expected = [{"round": e.round, "kind": e.kind, "text": e.text} for e in enc.log]
        assert widget.entries == expected[widget.first :]
        return
    fresh = type(widget)(enc)
    selection = getattr(widget, "selection", None)
    if selection:
        send(fresh, {"cmd": "choose", **selection})
        assert fresh.error == "", f"{type(widget).__name__} holds a stale selection {selection}"
    assert state(widget) == state(fresh), type(widget).__name__
    fresh.close()


class Watched:
    """Rules mixed into an engine state machine: widgets on its encounter, their own commands,
    and the check that each follows the encounter."""

    enc: Encounter
    NAMES: list[str]
    widgets: list[EncounterWidget[Any]]

    @initialize()
    def watch(self) -> None:
        self.widgets = widgets_for(self.enc)

    def widget(self, kind: type[EncounterWidget[Any]]) -> EncounterWidget[Any] | None:
        return next((w for w in self.widgets if isinstance(w, kind)), None)

    @rule(data=st.data())
    def widget_command(self, data: st.DataObject) -> None:
        widget = data.draw(st.sampled_from(self.widgets))
        name = data.draw(st.sampled_from(sorted(widget.commands)))
        names = st.sampled_from(self.NAMES)
        values: dict[str, Any] = {
            "attacker": names,
            "defender": names,
            "combatant": names | st.none(),
            "opposed": names | st.none(),
            "name": names,
            "rank": st.integers(0, 12),
            "count": st.integers(0, 4),
            "difficulty": st.integers(4, 14),
            "attribute": st.sampled_from(["agility", "prowess", "perception"]),
            "dice": st.none() | st.lists(st.integers(1, 6), min_size=1, max_size=3),
            "to": st.integers(0, 19),
            "index": st.integers(0, 30),
            "names": st.permutations(self.enc.names),
        }
        params = {p.name for p in widget.commands[name].parameters}
        msg = {"cmd": name, **{k: data.draw(v) for k, v in values.items() if k in params}}
        send(widget, msg)

    @precondition(lambda self: self.enc.can_undo)
    @rule(steps=st.integers(1, 4))
    def undo_many(self, steps: int) -> None:
        self.enc.undo(min(steps, len(self.enc.history)))

    @invariant()
    def widgets_follow_the_encounter(self) -> None:
        for widget in getattr(self, "widgets", []):
            check_follows(widget)

    def teardown(self) -> None:
        for widget in getattr(self, "widgets", []):
            widget.close()


class WatchedBpb2e(Watched, test_stateful.Fight):
    NAMES = test_stateful.NAMES


class WatchedWiki(WatchedBpb2e):
    def __init__(self) -> None:
        super().__init__()
        self.enc = Encounter(seed=99, rules="bpb2e-wiki")


class WatchedBlackout(Watched, test_stateful_systems.Fight):
    NAMES = test_stateful_systems.NAMES


class WatchedD10AP(Watched, test_stateful_systems.D10Fight):
    NAMES = test_stateful_systems.NAMES


TestWidgetsBpb2e = WatchedBpb2e.TestCase
TestWidgetsBpb2e.settings = WIDGET_MACHINES
TestWidgetsBpb2eWiki = WatchedWiki.TestCase
TestWidgetsBpb2eWiki.settings = WIDGET_MACHINES
TestWidgetsBlackout = WatchedBlackout.TestCase
TestWidgetsBlackout.settings = WIDGET_MACHINES
TestWidgetsD10AP = WatchedD10AP.TestCase
TestWidgetsD10AP.settings = WIDGET_MACHINES


# -- the cases the issue reported -----------------------------------------------------------------


def test_undone_turns_leave_no_acted_marks() -> None:
    """Start, end two turns, undo three steps, start again: nobody has acted."""
    enc = fight()
    strip = TurnOrderStrip(enc)
    send(strip, {"cmd": "start"})
    send(strip, {"cmd": "end_turn"})
    send(strip, {"cmd": "end_turn"})
    enc.undo(3)
    send(strip, {"cmd": "start"})
    assert strip.error == ""
    assert not [n for n, s in strip.states.items() if s["acted"] == strip.round]
    check_follows(strip)


def test_a_result_goes_with_its_command() -> None:
    """The panel shows the roll it made until that roll is undone."""
    enc = fight()
    enc.start()
    panel, roller = DefensePanel(enc), DiceRoller(enc)
    send(panel, {"cmd": "dodge", "attacker": "Ganyeka", "defender": "Monolith", "rank": 3})
    send(
        roller, {"cmd": "choose", "combatant": "Blueshift", "attribute": "agility", "difficulty": 8}
    )
    send(roller, {"cmd": "roll"})
    assert panel.result and roller.result
    enc.end_turn()
    enc.undo()  # a later command: both still stand
    assert panel.result and roller.result
    enc.undo()
    assert panel.result and roller.result == {}
    send(panel, {"cmd": "undo"})
    assert panel.result == {} and panel.error == ""
    enc.redo(2)
    assert panel.result == {} and roller.result == {}  # redone, the log explains it


def test_a_selection_of_someone_undone_is_dropped() -> None:
    enc = fight()
    enc.add("Late", agility=6)
    roller = DiceRoller(enc)
    send(roller, {"cmd": "choose", "combatant": "Late", "attribute": "agility", "difficulty": 8})
    assert roller.selection["combatant"] == "Late" and roller.preview
    enc.undo()
    assert roller.selection == {} and roller.preview == {}
    check_follows(roller)
