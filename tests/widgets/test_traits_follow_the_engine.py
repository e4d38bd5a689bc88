"""Every widget trait is a function of the encounter's state and the widget's own selection, never
of history (issue 17, point 2): after any commands, undos and redos, each widget shows exactly what
a new widget on the same encounter, with the same selection, shows.

One state machine per rule set (the engine's stateful rules, the widgets' own commands), checked
after every step; ``WIDGET_MACHINES`` sets the cases each runs."""

from __future__ import annotations

from typing import Any

from front_end_contract import declared_problems
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, precondition, rule
from widget_kit import fight, to

from bpb_widgets import Encounter
from bpb_widgets.widgets import DefensePanel, DiceRoller, GMScreen
from bpb_widgets.widgets._host import Host
from tests.engine import test_stateful, test_stateful_systems

WIDGET_MACHINES = settings(max_examples=25, stateful_step_count=25, deadline=None)
#: Fields that are not a function of the state: the last error and what the last roll showed
#: (``result``: dropped once its command is undone, see test_a_result_goes_with_its_command), a
#: refused form's message, the files part's view of the folder, and the log's window (checked on
#: its own).
NOT_COMPARED = {
    "error",
    "result",
    "form_error",
    "card_error",
    "editing",
    "files",
    "players",
    "status",
    "first",
    "entries",
}
#: What the GM chose in a part, and the command that chooses it: a new widget is given the same.
CHOICES = {"selection": "choose", "damage": "choose_damage"}


def widgets_for(enc: Encounter) -> list[Host[Any]]:
    """The GM screen for this encounter, and the block-or-dodge panel where there is one."""
    found: list[Host[Any]] = [GMScreen(enc)]
    if "defense" in enc.panels:
        found.append(DefensePanel(enc))
    return found


def state(part: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in part.items() if k not in NOT_COMPARED}


def differences(shown: Any, fresh: Any, path: str = "") -> list[str]:
    """Where two states differ, as paths (the assertion's message)."""
    if isinstance(shown, dict) and isinstance(fresh, dict):
        return [
            d
            for k in sorted(set(shown) | set(fresh), key=str)
            if k not in NOT_COMPARED
            for d in differences(shown.get(k), fresh.get(k), f"{path}/{k}")
        ]
    return [] if shown == fresh else [f"{path}: {shown!r} != {fresh!r}"]


def check_follows(widget: Host[Any]) -> None:
    """Each part of ``widget`` shows what the part of a new widget on its encounter, given the
    same selection, shows."""
    enc = widget.encounter
    fresh = type(widget)(enc)
    for key, part in widget.panels.items():
        if key == "log":
            assert 0 <= part["first"] <= len(enc.log)
            expected = [e.text for e in enc.log]
            assert [e["text"] for e in part["entries"]] == expected[part["first"] :]
            continue
        for chosen, name in CHOICES.items():
            selection = part.get(chosen) or {}
            choose = widget.part(key).commands.get(name)
            if selection and choose is not None and selection != fresh.panels[key][chosen]:
                takes = {p.name for p in choose.parameters}
                to(fresh, key, name, **{k: v for k, v in selection.items() if k in takes})
                assert fresh.panels[key]["error"] == "", f"{key} holds a stale {chosen}"
        assert state(part) == state(fresh.panels[key]), (key, differences(part, fresh.panels[key]))
    fresh.close()


class Watched:
    """Rules mixed into an engine state machine: widgets on its encounter, their own commands,
    and the check that each follows the encounter."""

    enc: Encounter
    NAMES: list[str]
    widgets: list[Host[Any]]

    @initialize()
    def watch(self) -> None:
        self.widgets = widgets_for(self.enc)

    @rule(data=st.data())
    def widget_command(self, data: st.DataObject) -> None:
        widget = data.draw(st.sampled_from(self.widgets))
        # files and players serve pages and write files: the host's, not the fight's
        own = ("files", "players")
        key = data.draw(st.sampled_from(sorted(k for k in widget.panels if k not in own)))
        commands = widget.part(key).commands
        name = data.draw(st.sampled_from(sorted(commands)))
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
            "target": names | st.none(),
            "how": st.sampled_from(["block", "dodge", "cover", "take"]),
            "effect": st.sampled_from(["overwhelming", "slamming", "staggering"]),
            "pool": st.integers(1, 6),
            "successes": st.none() | st.integers(0, 5),
            "kind": st.sampled_from(["free", "movement", "standard", "reaction"]),
            "aware": st.booleans(),
            "hidden": st.booleans(),
            "condition": st.sampled_from(["stunned", "prone"]),
        }
        params = {p.name for p in commands[name].parameters}
        msg = {k: data.draw(v) for k, v in values.items() if k in params}
        to(widget, key, name, **msg)

    @precondition(lambda self: self.enc.can_undo)
    @rule(steps=st.integers(1, 4))
    def undo_many(self, steps: int) -> None:
        self.enc.undo(min(steps, len(self.enc.history)))

    @invariant()
    def widgets_follow_the_encounter(self) -> None:
        for widget in getattr(self, "widgets", []):
            check_follows(widget)

    @invariant()
    def states_are_as_declared(self) -> None:
        """Every field of every part's state is declared, of its declared type (``state_type``),
        and every declared field is there."""
        for widget in getattr(self, "widgets", []):
            assert declared_problems(widget) == []

    def teardown(self) -> None:
        for widget in getattr(self, "widgets", []):
            widget.close()


class WatchedBpb2e(Watched, test_stateful.Fight):
    NAMES = test_stateful.NAMES


class WatchedWiki(Watched, test_stateful.WikiFight):
    NAMES = test_stateful.NAMES


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
    screen = GMScreen(enc)
    to(screen, "strip", "start")
    to(screen, "strip", "end_turn")
    to(screen, "strip", "end_turn")
    enc.undo(3)
    to(screen, "strip", "start")
    strip = screen.panels["strip"]
    assert strip["error"] == ""
    assert not [n for n, s in strip["states"].items() if s.get("acted", 0) == strip["round"]]
    check_follows(screen)


def test_a_result_goes_with_its_command() -> None:
    """A part shows the roll it made until that roll is undone, or the turn moves on."""
    enc = fight()
    enc.start()
    panel, roller = DefensePanel(enc), DiceRoller(enc)
    to(panel, "defense", "choose", attacker="Ganyeka", defender="Monolith", rank=3)
    to(panel, "defense", "dodge")
    to(roller, "task", "choose", combatant="Blueshift", attribute="agility", difficulty=8)
    to(roller, "task", "roll")
    assert panel.panels["defense"]["result"] and roller.panels["task"]["result"]
    enc.environment("the crane topples")
    enc.undo()  # a later command, undone: both still stand
    assert panel.panels["defense"]["result"] and roller.panels["task"]["result"]
    enc.undo()
    assert panel.panels["defense"]["result"] and roller.panels["task"]["result"] == {}
    enc.undo()
    assert panel.panels["defense"]["result"] == {}
    enc.redo(2)
    assert panel.panels["defense"]["result"] == {} == roller.panels["task"]["result"]
    to(roller, "task", "roll")
    enc.end_turn()  # the turn moves on: the result goes, and undoing the move does not bring it
    enc.undo()
    assert roller.panels["task"]["result"] == {}


def test_a_selection_of_someone_undone_is_dropped() -> None:
    enc = fight()
    enc.add("Late", agility=6)
    roller = DiceRoller(enc)
    to(roller, "task", "choose", combatant="Late", attribute="agility", difficulty=8)
    task = roller.panels["task"]
    assert task["selection"]["combatant"] == "Late" and task["preview"]
    enc.undo()
    assert task["selection"] == {} and task["preview"] == {}
    check_follows(roller)


def alone_on_screen() -> tuple[Encounter, GMScreen]:
    """Blackout: Rex and Ivy, started; the one who does not act first leaves: the one acting
    has nobody to attack (a GM screen on the fight)."""
    enc = Encounter(seed=5, rules="blackout")
    enc.add("Rex", hp=6)
    enc.add("Ivy", hp=5)
    enc.roll_order()
    enc.start()
    screen = GMScreen(enc)
    enc.remove(next(n for n in enc.names if n != enc.current))
    assert screen.panels["combat"]["selection"]["attacker"] == enc.current
    assert screen.panels["combat"]["selection"]["target"] is None
    return enc, screen


def test_the_attack_offered_goes_when_nobody_acts() -> None:
    """The last one acting is defeated: the attack the screen offered them goes, as a new
    screen would show none."""
    enc, screen = alone_on_screen()
    enc.defeat(enc.current)
    assert enc.current is None
    assert screen.panels["combat"]["selection"] == {}
    check_follows(screen)


def test_an_attack_offered_with_nobody_to_attack_takes_whoever_joins() -> None:
    """Zed joins the one acting with nobody to attack: the screen offers Zed, as a new screen
    would."""
    enc, screen = alone_on_screen()
    enc.add("Zed", aware=False)
    assert screen.panels["combat"]["selection"]["target"] == "Zed"
    check_follows(screen)
