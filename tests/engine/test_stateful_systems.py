"""Random command sequences under the blackout and d10-ap rule sets (hypothesis): the
invariants of ``tests/engine/machine.py`` hold after every step."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from bpb_widgets import Encounter
from tests.engine.machine import CommandMachine

NAMES = ["Rex", "Ivy", "Mech", "Nobody"]
name = st.sampled_from(NAMES)
small = st.integers(-1, 7)
maybe_dice = st.none() | st.lists(st.integers(0, 11), min_size=1, max_size=4).map(tuple)


class Fight(CommandMachine):
    rule_set = "blackout"

    def __init__(self) -> None:
        super().__init__()
        self.enc = Encounter(seed=5, rules=self.rule_set)

    @initialize(start=st.sampled_from([True, True, True, False]))
    def cast(self, start: bool) -> None:
        if self.rule_set == "blackout":
            self.enc.add("Rex", hp=6, armor=1, evasion=1, stamina=1)
            self.enc.add("Ivy", hp=5, evasion=2)
            self.enc.add("Mech", pc=False, step=9, ap=3, hp=8, armor=1, group=True, members=3)
        else:
            self.enc.add("Rex", agb=2, awarb=3)
            self.enc.add("Ivy", agb=3, awarb=2, traits={"paranoid"})
            self.enc.add("Mech", agb=1, awarb=1, group=True, members=3)
        if start:
            self.enc.roll_order()
            self.enc.start()

    @rule(who=name, dice=st.none() | st.integers(0, 4), rolled=maybe_dice)
    def roll_initiative(self, who: str, dice: int | None, rolled: tuple | None) -> None:
        if self.rule_set == "blackout":
            self.attempt(lambda: self.enc.roll_initiative(who, dice, rolled=rolled))
        else:
            roll = rolled[0] if rolled else None
            self.attempt(lambda: self.enc.roll_initiative(who, roll=roll))

    @rule(order=st.permutations(["Rex", "Ivy", "Mech"]))
    def set_order(self, order: list[str]) -> None:
        self.attempt(lambda: self.enc.set_order(order))

    @rule(to=st.none() | st.integers(0, 19))
    def delay(self, to: int | None) -> None:
        self.attempt(lambda: self.enc.delay(to=to) if to is not None else self.enc.delay())

    @rule(
        who=name,
        kind=st.sampled_from(["free", "movement", "standard", "reaction", "jump"]),
        ap=st.none() | small,
        take_time=st.booleans(),
    )
    def act(self, who: str, kind: str, ap: int | None, take_time: bool) -> None:
        self.attempt(lambda: self.enc.act(who, kind, ap, take_time=take_time))

    @precondition(lambda self: self.enc.current is not None)
    @rule(victim=name, successes=small, friend=st.booleans())
    def attack_test(self, victim: str, successes: int, friend: bool) -> None:
        attacker = self.enc.current
        self.attempt(lambda: self.enc.attack_test(attacker, victim, successes, friend=friend))

    @rule(successes=small, non_lethal=st.booleans(), vitality=st.none() | small)
    def damage_test(self, successes: int, non_lethal: bool, vitality: int | None) -> None:
        self.attempt(
            lambda: self.enc.damage_test(successes, non_lethal=non_lethal, vitality=vitality)
        )

    @rule(who=name, successes=small, d3=st.none() | st.integers(0, 4))
    def vitality_test(self, who: str, successes: int, d3: int | None) -> None:
        self.attempt(lambda: self.enc.vitality_test(who, successes, d3=d3))

    @rule(healer=name, victim=name, successes=small)
    def heal(self, healer: str, victim: str, successes: int) -> None:
        self.attempt(lambda: self.enc.heal(healer, victim, successes))

    @rule(who=name, feet=st.integers(0, 40))
    def fall(self, who: str, feet: int) -> None:
        self.attempt(lambda: self.enc.fall(who, feet))

    @rule(
        who=name,
        field=st.sampled_from(["hp", "dr", "stamina", "step", "ap", "pc", "agb", "awarb"]),
        value=st.integers(-1, 12) | st.booleans(),
    )
    def edit(self, who: str, field: str, value: int | bool) -> None:
        self.attempt(lambda: self.enc.edit(who, **{field: value}))

    @rule(who=name, amount=st.integers(-2, 12), how=st.sampled_from(["damage", "heal", "ap"]))
    def by_hand(self, who: str, amount: int, how: str) -> None:
        enc = self.enc
        if self.rule_set == "blackout":
            act = enc.damage if how == "damage" else enc.heal_hp
            self.attempt(lambda: act(who, amount))
        else:
            self.attempt(lambda: enc.adjust_ap(who, amount - 5))

    @rule(who=name, count=st.integers(0, 3), back=st.booleans())
    def members(self, who: str, count: int, back: bool) -> None:
        act = self.enc.bring_back if back else self.enc.take_out
        self.attempt(lambda: act(who, count))

    @rule(who=name, roll=st.none() | st.integers(0, 11))
    def surprise_check(self, who: str, roll: int | None) -> None:
        self.attempt(lambda: self.enc.surprise_check(who, roll=roll))

    @rule(who=name, dice=maybe_dice)
    def roll_ap(self, who: str, dice: tuple | None) -> None:
        self.attempt(lambda: self.enc.roll_ap(who, dice=dice))

    @precondition(lambda self: self.enc.current is not None)
    @rule()
    def current_rolls_ap(self) -> None:
        who = self.enc.current
        self.attempt(lambda: self.enc.roll_ap(who))

    @precondition(lambda self: self.enc.current is not None)
    @rule(ap=st.sampled_from([1, 1, 2, 0, 5]))
    def spend_ap(self, ap: int) -> None:
        who = self.enc.current
        self.attempt(lambda: self.enc.spend_ap(who, ap))


class D10Fight(Fight):
    rule_set = "d10-ap"


SETTINGS = settings(max_examples=100, stateful_step_count=50, deadline=None)
TestBlackout = Fight.TestCase
TestBlackout.settings = SETTINGS
TestD10AP = D10Fight.TestCase
TestD10AP.settings = SETTINGS
