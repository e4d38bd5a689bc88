"""Hostile command sequences, one state machine per rule set (hypothesis): the rules of the
stateful tests, plus any command and any query of the encounter called with hostile arguments
(wrong types, huge and non-finite numbers, iterators and generators, sets, odd text).

After every step: a refusal was a ``RuleError`` and changed nothing (``CommandMachine.attempt``),
a query changed nothing, and the fight can be written (``to_json``, valid UTF-8 JSON); at the end
it reloads equal. ``HOSTILE`` sets the number of cases each machine runs."""

from __future__ import annotations

import inspect
import json
import random
import types
from collections.abc import Callable
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, rule

from bpb_widgets import Encounter, RuleError
from bpb_widgets.engine.command import commands_of
from tests.engine import test_stateful, test_stateful_systems
from tests.engine.helpers import snapshot
from tests.engine.hostile import call_for, hostile_for, shaped

#: What each machine runs: hypothesis cases (fights) and steps per case.
HOSTILE = settings(max_examples=100, stateful_step_count=30, deadline=None)
#: Queries left out: ``save`` writes files (test_autosave_lock.py), ``subscribe`` takes a function.
NOT_QUERIED = {"save", "subscribe"}
SHEETS = {
    "bpb2e": ["perception", "agility", "brawn", "expertise", "group", "aware", "player",
              "super_speed", "protection", "weight_lbs", "strength"],
    "blackout": ["pc", "step", "ap", "hp", "dr", "armor", "evasion", "stamina", "group", "aware"],
    "d10-ap": ["agb", "awarb", "traits", "initiative_bonus", "group", "aware"],
}  # fmt: skip


def queries(cls: type) -> dict[str, Callable[..., Any]]:
    """The public methods of ``cls`` that take arguments and are not commands."""
    found = {}
    for name in dir(cls):
        member = inspect.getattr_static(cls, name)
        if (
            name.startswith("_")
            or name in NOT_QUERIED
            or not isinstance(member, types.FunctionType)
            or getattr(member, "is_command", False)
        ):
            continue
        method = inspect.unwrap(member)
        if len(inspect.signature(method).parameters) > 1:
            found[name] = method
    return found


class Hostile:
    """Rules mixed into a rule set's machine (which holds ``self.enc`` and ``attempt``)."""

    NAMES: list[str]
    enc: Encounter
    attempt: Callable[..., None]

    def sheet_keys(self) -> list[str]:
        return SHEETS.get(self.enc.rules.name, SHEETS["bpb2e"])

    @initialize(rnd=st.randoms(use_true_random=False))
    def odd_shapes(self, rnd: random.Random) -> None:
        """The ordinary rules' commands get their arguments in odd shapes: generators, dict
        keys, decomposed and padded text ..."""
        shaped(self.enc, rnd)

    def _any_command(self, data: st.DataObject) -> None:
        commands = commands_of(type(self.enc))
        name = data.draw(st.sampled_from(sorted(commands)), label="command")
        kwargs = data.draw(call_for(commands[name], self.NAMES, self.sheet_keys()), label="args")
        self.attempt(lambda: getattr(self.enc, name)(**kwargs))

    @rule(data=st.data())
    def any_command(self, data: st.DataObject) -> None:
        self._any_command(data)

    @rule(data=st.data())
    def any_command_again(self, data: st.DataObject) -> None:
        """Hostile calls often: as often as two of the ordinary rules."""
        self._any_command(data)

    @rule(data=st.data())
    def any_query(self, data: st.DataObject) -> None:
        found = queries(type(self.enc))
        name = data.draw(st.sampled_from(sorted(found)), label="query")
        kwargs = data.draw(call_for(found[name], self.NAMES, self.sheet_keys()), label="args")
        mutating = name in ("undo", "redo", "undo_to")
        before = snapshot(self.enc)
        try:
            getattr(self.enc, name)(**kwargs)
        except RuleError:
            assert snapshot(self.enc) == before, f"a refused {name} changed the encounter"
            return
        if not mutating:
            assert snapshot(self.enc) == before, f"the query {name} changed the encounter"

    @rule(steps=hostile_for(int, []))
    def undo_any(self, steps: Any) -> None:
        self.attempt(lambda: self.enc.undo(steps), check_undo=False)

    @invariant()
    def the_fight_can_be_written(self) -> None:
        text = self.enc.to_json()
        assert json.loads(text.encode("utf-8"))["format"] == "bpb_widgets.encounter"

    def teardown(self) -> None:
        text = self.enc.to_json()
        assert snapshot(Encounter.from_json(text)) == snapshot(self.enc)
        while self.enc.can_redo:  # everything undone redoes, as loading checked it would
            self.enc.redo()
        assert snapshot(Encounter.from_json(self.enc.to_json())) == snapshot(self.enc)


class HostileBulletproofBlues(Hostile, test_stateful.Fight):
    NAMES = test_stateful.NAMES


class HostileWiki(Hostile, test_stateful.WikiFight):
    NAMES = test_stateful.NAMES


class HostileBlackout(Hostile, test_stateful_systems.Fight):
    NAMES = test_stateful_systems.NAMES


class HostileD10AP(Hostile, test_stateful_systems.D10Fight):
    NAMES = test_stateful_systems.NAMES


TestHostileBpb2e = HostileBulletproofBlues.TestCase
TestHostileBpb2e.settings = HOSTILE
TestHostileBpb2eWiki = HostileWiki.TestCase
TestHostileBpb2eWiki.settings = HOSTILE
TestHostileBlackout = HostileBlackout.TestCase
TestHostileBlackout.settings = HOSTILE
TestHostileD10AP = HostileD10AP.TestCase
TestHostileD10AP.settings = HOSTILE
