"""Random fights in every rule set (hypothesis, on the engine's own stateful machines, with the
GM hiding and revealing combatants as they go, and hidden combatants grabbing, holding, attacking
and giving or ending conditions, from every source a rule set has: docs/player-view.md lists
them): no message to the player widget and no event of the player page ever holds a hidden
combatant's name, no condition says when or by whom where that is someone hidden, and the view
never shows a hidden combatant's turn: while one acts, nothing at all is sent (unless the GM
changes who the players may see).

Checked after every accepted command, undo and redo, against who is hidden at that moment (a name
may reach the players while it is visible: hiding someone later does not unsay it)."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import comm
import pytest
from comm.base_comm import BaseComm
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from bpb_widgets import Encounter
from bpb_widgets.engine import Change
from bpb_widgets.player import Feed
from bpb_widgets.widgets import PlayerView
from tests.engine import test_stateful, test_stateful_systems

SETTINGS = settings(max_examples=50, stateful_step_count=30, deadline=None)
#: The hidden combatants the machines add.
HIDDEN = ["Shade", "Lurker"]
#: Conditions the GM gives: one in the GM's own words that names a hidden combatant.
CONDITIONS = ["stunned", "blinded", "marked by shade"]


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
        #: Each combatant's own page (a player's phone): the shared view, their sheet and
        #: health, what they may do (a hidden one's page shows them nothing of themselves).
        self.personal = [Feed(player=name) for name in self.names]
        self.events: list[bytes] = []
        self.checked = 0
        self.failures: list[str] = []
        self.check_messages()  # the state the comm opened with
        self.seen = self.who_is_seen()
        self.enc.subscribe(self.after)  # after the widget's own observer: its messages are out

    def after(self, _change: Change) -> None:
        """Check what was just sent (an observer's error is only logged: kept for the
        invariant below)."""
        sent = self.feed.update(self.enc)
        mine = [e for feed in self.personal for e in feed.update(self.enc) or ()]
        try:
            texts = self.check_messages((() if sent is None else sent) + tuple(mine))
            self.check_quiet_while_hidden_acts(texts)
        except AssertionError as error:
            self.failures.append(str(error))

    def who_is_seen(self) -> tuple[tuple[str, ...], frozenset[str]]:
        return tuple(self.enc.names), frozenset(unseen(self.enc))

    def check_quiet_while_hidden_acts(self, texts: list[str]) -> None:
        """A hidden combatant acts (their turn began, or goes on): nothing is sent, not even a
        field of a visible combatant (their action points, whether they acted), unless the GM
        changed who is in the fight or who the players may see."""
        seen, self.seen = self.seen, self.who_is_seen()
        current = self.enc.current
        if current is not None and current in seen[1] and seen == self.seen:
            assert not texts, f"sent while {current} (hidden) acts: {texts[0][:300]}"

    @invariant()
    def nothing_hidden_was_sent(self) -> None:
        assert not getattr(self, "failures", None), self.failures[0]

    def check_messages(self, events: tuple[bytes, ...] = ()) -> list[str]:
        """Check what reached the players since the last check; return it."""
        hidden = unseen(self.enc)
        messages = self.comm.__dict__.get("sent", [])
        texts = [json.dumps(m, ensure_ascii=False) for m in messages[self.checked :]]
        texts += [e.decode() for e in events]
        self.checked = len(messages)
        for text in texts:
            leaked = [name for name in hidden if name.casefold() in text.casefold()]
            assert not leaked, f"{leaked} reached the players: {text[:300]}"
        return texts

    @invariant()
    def the_view_shows_only_the_visible(self) -> None:
        if not hasattr(self, "view"):
            return
        hidden = unseen(self.enc)
        shown = set(self.enc.names) - hidden
        for feed in self.personal:
            feed.update(self.enc)
            you = feed.view and feed.view["you"]
            if you:
                assert you["name"] in shown
                text = json.dumps(you, ensure_ascii=False).casefold()
                assert not [n for n in hidden if n.casefold() in text], text[:300]
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
                    assert not any(n.casefold() in condition["name"] for n in hidden)

    @rule(data=st.data())
    def hide_or_reveal(self, data: st.DataObject) -> None:
        who = data.draw(st.sampled_from(self.names))
        if data.draw(st.booleans()):
            self.attempt(lambda: self.enc.hide(who))  # type: ignore[attr-defined]
        else:
            self.attempt(lambda: self.enc.reveal(who))  # type: ignore[attr-defined]

    @precondition(lambda self: self.enc.names)
    @rule(
        data=st.data(),
        what=st.sampled_from(CONDITIONS),
        ends=st.sampled_from(["start", "end", "rounds", None]),
    )
    def condition_of_the_hidden(self, data: st.DataObject, what: str, ends: str | None) -> None:
        """The GM gives a condition that ends on someone's turn (a hidden one's, most often), or
        lasts a number of rounds."""
        names = self.enc.names
        who = data.draw(st.sampled_from(names))
        if ends == "rounds":
            rounds = data.draw(st.integers(1, 3))
            self.attempt(  # type: ignore[attr-defined]
                lambda: self.enc.add_condition(who, what, rounds=rounds)
            )
            return
        of = data.draw(st.sampled_from([n for n in names if n in HIDDEN] or names))
        self.attempt(  # type: ignore[attr-defined]
            lambda: self.enc.add_condition(who, what, ends=ends, of=of if ends else None)
        )

    @rule(data=st.data())
    def hide_the_one_acting(self, data: st.DataObject) -> None:
        """Hide whoever acts now: the marker must stay on the last visible turn."""
        current = self.enc.current
        if current is not None and not self.enc.hidden(current):
            self.attempt(lambda: self.enc.hide(current))  # type: ignore[attr-defined]


def someone_acts(machine: Watching) -> bool:
    return machine.enc.current is not None


class BulletproofBlues(Watching, test_stateful.Fight):
    names = test_stateful.NAMES

    def __init__(self) -> None:
        super().__init__()
        self.watch()

    @rule(who=st.sampled_from(HIDDEN), aware=st.booleans())
    def add_hidden(self, who: str, aware: bool) -> None:
        self.attempt(  # type: ignore[attr-defined]
            lambda: self.enc.add(who, perception=9, endurance=3, aware=aware, hidden=True)
        )

    def hidden_one_acting(self) -> str:
        """Whoever acts, hidden now if they were not."""
        who = self.enc.current
        assert who is not None
        if not self.enc.hidden(who):
            self.attempt(lambda: self.enc.hide(who))  # type: ignore[attr-defined]
        return who

    @precondition(someone_acts)
    @rule(
        victim=st.sampled_from(test_stateful.NAMES),
        then=st.sampled_from(["hold", "hold", "trip", "throw", "squeeze", "interpose"]),
    )
    def hidden_grabs(self, victim: str, then: str) -> None:
        """The hidden one acting grabs someone, and holds them or hides behind them (seed 004,
        "Grabbing")."""
        holder = self.hidden_one_acting()
        self.attempt(  # type: ignore[attr-defined]
            lambda: self.enc.grab(holder, victim, then, dice=(6, 6), reaction_dice=(1, 1))
        )

    @precondition(lambda self: someone_acts(self) and not self.enc.pending_hits)
    @rule(
        victim=st.sampled_from(test_stateful.NAMES),
        effect=st.sampled_from(["staggering", "staggering", "slamming", "overwhelming", None]),
        lands=st.booleans(),
    )
    def hidden_attacks(self, victim: str, effect: str | None, lands: bool) -> None:
        """The hidden one acting, with Agility 14 and expertise in its blast, hits someone
        with an extreme success; it lands at once (``lands``: staggered, and powers off for one
        with a force field) or is answered by the machine's rules (a dive for cover: prone)."""
        attacker = self.hidden_one_acting()
        enc = self.enc
        attempt = self.attempt  # type: ignore[attr-defined]
        attempt(lambda: enc.edit(attacker, agility=14, expertise={"blast"}))
        attempt(lambda: enc.edit(victim, activated=["force field"]))
        attempt(lambda: enc.attack(attacker, victim, 1, power="blast", effect=effect, dice=(6, 6)))
        if lands and enc.pending_hits:
            attempt(lambda: enc.take_hit(reaction_dice=(1, 1), powers_dice=(1, 1)))

    @precondition(lambda self: self.enc.pending_hits)
    @rule(data=st.data())
    def hidden_interposes(self, data: st.DataObject) -> None:
        """A hidden one dives in front of the hit waiting (seed 000, "Forcing An Action")."""
        hidden = [n for n in self.enc.names if self.enc.hidden(n)]
        if hidden:
            who = data.draw(st.sampled_from(hidden))
            self.attempt(  # type: ignore[attr-defined]
                lambda: self.enc.take_hit(instead=who, reaction_dice=(1, 1), powers_dice=(1, 1))
            )


class BulletproofBluesWiki(BulletproofBlues):
    rule_set = "bpb2e-wiki"


class Blackout(Watching, test_stateful_systems.Fight):
    names = test_stateful_systems.NAMES

    def __init__(self) -> None:
        super().__init__()
        self.watch()

    @rule(who=st.sampled_from(HIDDEN))
    def add_hidden(self, who: str) -> None:
        if self.rule_set == "blackout":
            act = lambda: self.enc.add(who, pc=False, step=1, ap=3, hp=4, hidden=True)  # noqa: E731
        else:
            act = lambda: self.enc.add(who, agb=4, awarb=1, hidden=True)  # noqa: E731
        self.attempt(act)  # type: ignore[attr-defined]

    @precondition(lambda self: self.rule_set == "blackout" and self.enc.names)
    @rule(data=st.data(), successes=st.integers(0, 3))
    def surprise(self, data: st.DataObject, successes: int) -> None:
        """A surprise attack: the surprised until the end of their next turn (seed 002)."""
        who = data.draw(st.sampled_from(self.enc.names))
        self.attempt(lambda: self.enc.surprise([3, 4], {who: successes}))  # type: ignore[attr-defined]

    @precondition(lambda self: self.rule_set == "blackout" and self.enc.current is not None)
    @rule(terrain=st.sampled_from(["difficult", "climbing", "swimming", "clear"]))
    def moves_into(self, terrain: str) -> None:
        """The one acting moves into terrain that slows them, or out of it (seed 002)."""
        who = self.enc.current
        self.attempt(  # type: ignore[attr-defined]
            lambda: self.enc.act(who, "movement", ap=1, terrain=terrain)
        )

    @precondition(lambda self: self.rule_set == "blackout" and self.enc.names)
    @rule(data=st.data(), feet=st.sampled_from([10, 30, 60]), hp=st.sampled_from([3, 40]))
    def falls_and_harm(self, data: st.DataObject, feet: int, hp: int) -> None:
        """Someone falls (prone, seed 002 "Falling"), or the GM takes hit points off by hand, to
        out of the fight or dead (seed 002, "Damage")."""
        who = data.draw(st.sampled_from(self.enc.names))
        if data.draw(st.booleans()):
            self.attempt(lambda: self.enc.fall(who, feet))  # type: ignore[attr-defined]
        else:
            self.attempt(lambda: self.enc.damage(who, hp))  # type: ignore[attr-defined]

    @precondition(lambda self: self.rule_set == "blackout" and self.enc.current is not None)
    @rule(victim=st.sampled_from(test_stateful_systems.NAMES), ranged=st.booleans())
    def hidden_knocks_out(self, victim: str, ranged: bool) -> None:
        """The hidden one acting tries to incapacitate someone: knocked unconscious (stabilised)
        or, from range, killed (dead) (seed 002, "Non-Lethal Attacks")."""
        attacker = self.enc.current
        enc = self.enc
        attempt = self.attempt  # type: ignore[attr-defined]
        if not enc.hidden(attacker):
            attempt(lambda: enc.hide(attacker))
        attempt(lambda: enc.attack_test(attacker, victim, 5))
        attempt(lambda: enc.damage_test(3, non_lethal=True, ranged=ranged, vitality=0))


class D10AP(Blackout):
    rule_set = "d10-ap"


class Picks:
    """What ``st.data()`` would draw, given in order (to play a rule by hand)."""

    def __init__(self, *values: object) -> None:
        self.values = list(values)

    def draw(self, _strategy: object) -> object:
        return self.values.pop(0)


def played(machine: Watching, steps: list[tuple[str, dict[str, Any]]]) -> set[str]:
    """Play the machine's own rules in order, its leak checks after each; every condition any
    combatant held on the way."""
    given: set[str] = set()
    for name, arguments in steps:
        getattr(machine, name)(**arguments)
        machine.nothing_hidden_was_sent()
        machine.the_view_shows_only_the_visible()
        for who in machine.enc.names:
            given.update(c.name for c in machine.enc.conditions(who))
    return given


@pytest.mark.parametrize("machine", [BulletproofBlues, BulletproofBluesWiki])
def test_every_bulletproof_blues_condition_goes_through_the_checks(
    machine: type[BulletproofBlues],
) -> None:
    """The random fights above reach each source only now and then (staggered and interposing
    in a few runs of ten): here each is played once by the machine's own rules, hidden, and the
    leak checks run after every step."""
    held = played(
        machine(),
        [
            ("cast", {"start": True}),
            ("hidden_grabs", {"victim": "Ganyeka", "then": "hold"}),
            ("hidden_attacks", {"victim": "Hooligans", "effect": "staggering", "lands": True}),
            ("end_turn", {}),
            ("hidden_grabs", {"victim": "Hooligans", "then": "interpose"}),
        ],
    )
    tripped = played(
        machine(),
        [("cast", {"start": True}), ("hidden_grabs", {"victim": "Ganyeka", "then": "trip"})],
    )
    assert held | tripped >= {"held", "holding", "staggered", "powers off", "interposing", "prone"}


def test_every_blackout_condition_goes_through_the_checks() -> None:
    """As above, for blackout's surprise, terrain, incapacitating, falls, and the GM's own for a
    number of rounds or to the end of a hidden one's turn."""
    machine = Blackout()
    before = played(
        machine,
        [
            ("cast", {"start": False}),
            ("add_hidden", {"who": "Shade"}),
            ("surprise", {"data": Picks("Rex"), "successes": 0}),
        ],
    )
    machine.enc.roll_order()
    given = before | played(
        machine,
        [
            ("start", {}),
            ("moves_into", {"terrain": "difficult"}),
            ("hidden_knocks_out", {"victim": "Ivy", "ranged": False}),
            ("end_turn", {}),
            ("hidden_knocks_out", {"victim": "Rex", "ranged": True}),
            ("falls_and_harm", {"data": Picks("Mech", True), "feet": 30, "hp": 3}),
            (
                "condition_of_the_hidden",
                {"data": Picks("Mech", 2), "what": "stunned", "ends": "rounds"},
            ),
            (
                "condition_of_the_hidden",
                {"data": Picks("Mech", "Shade"), "what": "marked by shade", "ends": "end"},
            ),
        ],
    )
    assert given >= {"surprised", "slowed", "stabilised", "dead", "prone", "out of the fight"}
    assert given >= {"stunned", "marked by shade"}


TestBulletproofBlues = BulletproofBlues.TestCase
TestBulletproofBluesWiki = BulletproofBluesWiki.TestCase
TestBlackout = Blackout.TestCase
TestD10AP = D10AP.TestCase
for _case in (TestBulletproofBlues, TestBulletproofBluesWiki, TestBlackout, TestD10AP):
    _case.settings = SETTINGS
del _case
