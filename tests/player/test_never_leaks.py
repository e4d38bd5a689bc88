"""Random fights in every rule set (hypothesis, on the engine's own stateful machines, with the
GM hiding and revealing combatants as they go): no message to the player widget and no event of
the player page ever holds a hidden combatant's name, and the view never shows a hidden
combatant's turn, including while one acts.

Checked after every accepted command, undo and redo, against who is hidden at that moment (a name
may reach the players while it is visible: hiding someone later does not unsay it)."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import comm
from comm.base_comm import BaseComm
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule

from bpb_widgets import Encounter
from bpb_widgets.engine import Change
from bpb_widgets.player import Feed
from bpb_widgets.widgets import PlayerView
from tests.engine import test_stateful, test_stateful_systems

SETTINGS = settings(max_examples=25, stateful_step_count=30, deadline=None)


class Recorder(BaseComm):
    """A comm that keeps what the kernel would send to the front end."""

    sent: list[Any]

    def publish_msg(self, msg_type: str, data: Any = None, *args: Any, **kwargs: Any) -> None:
        self.__dict__.setdefault("sent", []).append(data)


def unseen(enc: Encounter) -> set[str]:
    """Who the players must not see now: hidden, or not aware of the fight (the default)."""
    return {n for n in enc.names if enc.hidden(n) or not enc.turn_state(n).aware}


class Watching:
    """Mixed into a fight machine: a player widget and a page feed on its encounter, and the GM
    hiding, revealing and adding hidden combatants."""

    enc: Encounter
    names: list[str]

    def watch(self) -> None:
        with mock.patch.object(comm, "create_comm", Recorder):
            self.view = PlayerView(self.enc)
        self.comm: Recorder = self.view.comm
        self.feed = Feed()
        self.events: list[bytes] = []
        self.checked = 0
        self.failures: list[str] = []
        self.check_messages()  # the state the comm opened with
        self.enc.subscribe(self.after)  # after the widget's own observer: its messages are out

    def after(self, _change: Change) -> None:
        """Check what was just sent (an observer's error is only logged: kept for the
        invariant below)."""
        sent = self.feed.update(self.enc)
        try:
            self.check_messages(() if sent is None else sent)
        except AssertionError as error:
            self.failures.append(str(error))

    @invariant()
    def nothing_hidden_was_sent(self) -> None:
        assert not getattr(self, "failures", None), self.failures[0]

    def check_messages(self, events: tuple[bytes, ...] = ()) -> None:
        hidden = unseen(self.enc)
        messages = self.comm.__dict__.get("sent", [])
        texts = [json.dumps(m, ensure_ascii=False) for m in messages[self.checked :]]
        texts += [e.decode() for e in events]
        self.checked = len(messages)
        for text in texts:
            leaked = [name for name in hidden if name in text]
            assert not leaked, f"{leaked} reached the players: {text[:300]}"

    @invariant()
    def the_view_shows_only_the_visible(self) -> None:
        if not hasattr(self, "view"):
            return
        hidden = unseen(self.enc)
        shown = set(self.enc.names) - hidden
        for view in (self.view.view, self.feed.update(self.enc) and self.feed.view):
            if not view:
                continue
            assert set(view["order"]) == set(view["combatants"]) == shown
            assert view["current"] is None or view["current"] in shown
            if self.enc.current in shown:
                assert (view["round"], view["current"]) == (self.enc.round, self.enc.current)
            for entry in view["combatants"].values():
                for condition in entry["conditions"]:
                    assert condition["by"] in shown | {""}
                    assert not any(n in condition["until"] for n in hidden)

    @rule(data=st.data())
    def hide_or_reveal(self, data: st.DataObject) -> None:
        who = data.draw(st.sampled_from(self.names))
        if data.draw(st.booleans()):
            self.attempt(lambda: self.enc.hide(who))  # type: ignore[attr-defined]
        else:
            self.attempt(lambda: self.enc.reveal(who))  # type: ignore[attr-defined]

    @rule(data=st.data())
    def hide_the_one_acting(self, data: st.DataObject) -> None:
        """Hide whoever acts now: the marker must stay on the last visible turn."""
        current = self.enc.current
        if current is not None and not self.enc.hidden(current):
            self.attempt(lambda: self.enc.hide(current))  # type: ignore[attr-defined]


class BulletproofBlues(Watching, test_stateful.Fight):
    names = test_stateful.NAMES

    def __init__(self) -> None:
        super().__init__()
        self.watch()

    @rule(who=st.sampled_from(["Shade", "Lurker"]), aware=st.booleans())
    def add_hidden(self, who: str, aware: bool) -> None:
        self.attempt(  # type: ignore[attr-defined]
            lambda: self.enc.add(who, perception=9, endurance=3, aware=aware, hidden=True)
        )


class BulletproofBluesWiki(BulletproofBlues):
    rule_set = "bpb2e-wiki"


class Blackout(Watching, test_stateful_systems.Fight):
    names = test_stateful_systems.NAMES

    def __init__(self) -> None:
        super().__init__()
        self.watch()

    @rule(who=st.sampled_from(["Shade", "Lurker"]))
    def add_hidden(self, who: str) -> None:
        if self.rule_set == "blackout":
            act = lambda: self.enc.add(who, pc=False, step=1, ap=2, hp=4, hidden=True)  # noqa: E731
        else:
            act = lambda: self.enc.add(who, agb=4, awarb=1, hidden=True)  # noqa: E731
        self.attempt(act)  # type: ignore[attr-defined]


class D10AP(Blackout):
    rule_set = "d10-ap"


TestBulletproofBlues = BulletproofBlues.TestCase
TestBulletproofBluesWiki = BulletproofBluesWiki.TestCase
TestBlackout = Blackout.TestCase
TestD10AP = D10AP.TestCase
for _case in (TestBulletproofBlues, TestBulletproofBluesWiki, TestBlackout, TestD10AP):
    _case.settings = SETTINGS
del _case
