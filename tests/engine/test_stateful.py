"""Random command sequences under the Bulletproof Blues rules (hypothesis): the invariants of
``tests/engine/machine.py`` hold after every step."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    initialize,
    precondition,
    rule,
)

from bpb_widgets import Encounter, RuleError
from tests.engine.machine import CommandMachine

NAMES = ["Blueshift", "Ganyeka", "Monolith", "Widow", "Hooligans", "Nobody"]
rank = st.integers(min_value=-1, max_value=15)
die = st.integers(0, 7)
dice = st.none() | st.tuples(die, die)
name = st.sampled_from(NAMES)


class Fight(CommandMachine):
    rule_set = "bpb2e"

    def __init__(self) -> None:
        super().__init__()
        self.enc = Encounter(seed=99, rules=self.rule_set)

    @initialize(start=st.booleans())
    def cast(self, start: bool) -> None:
        """Most fights start with a few combatants; some are then built step by step."""
        self.enc.add(
            "Blueshift", perception=4, agility=5, expertise={"dodge", "blast"}, player=True
        )
        self.enc.add("Ganyeka", brawn=5, prowess=4, endurance=4, expertise={"block", "blast"})
        self.enc.add("Hooligans", group=True, members=3, endurance=3, aware=False)
        if start:
            self.enc.start()

    @rule(
        who=name,
        perception=rank,
        agility=rank,
        aware=st.booleans(),
        group=st.booleans(),
        player=st.booleans(),
        speed=st.integers(0, 15),
        experts=st.sets(st.sampled_from(["block", "dodge"])),
    )
    def add(
        self,
        who: str,
        player: bool,
        perception: int,
        agility: int,
        aware: bool,
        group: bool,
        speed: int,
        experts: set[str],
    ) -> None:
        self.attempt(
            lambda: self.enc.add(
                who,
                perception=perception,
                agility=agility,
                aware=aware,
                group=group,
                super_speed=speed,
                expertise=experts | {"blast"},
                player=player,
                endurance=4,
            )
        )

    @rule(data=st.data())
    def set_order(self, data: st.DataObject) -> None:
        order = data.draw(st.permutations(self.enc.names))
        self.attempt(lambda: self.enc.set_order(order))

    @rule(physical=st.dictionaries(name, dice, max_size=3))
    def roll_order(self, physical: dict) -> None:
        self.attempt(lambda: self.enc.roll_order(dice=physical or None))

    @rule()
    def delay(self) -> None:
        self.attempt(self.enc.delay)

    @rule(who=name)
    def take_delayed(self, who: str) -> None:
        self.attempt(lambda: self.enc.take_delayed(who))

    @rule(who=name, action=st.sampled_from(["dives for cover", "attacks", "", "raises a shield"]))
    def force(self, who: str, action: str) -> None:
        self.attempt(lambda: self.enc.force(who, action))

    @rule(kind=st.sampled_from(["block", "dodge"]), defender=name, attacker=name, r=rank, d=dice)
    def defend(self, kind: str, defender: str, attacker: str, r: int, d: tuple | None) -> None:
        act = getattr(self.enc, kind)
        self.attempt(lambda: act(defender, attacker=attacker, rank=r, dice=d))

    @rule(who=name, after=st.none() | name)
    def becomes_aware(self, who: str, after: str | None) -> None:
        self.attempt(lambda: self.enc.becomes_aware(who, after=after))

    @rule(note=st.sampled_from(["the crate falls", "", "the car rolls"]))
    def environment(self, note: str) -> None:
        self.attempt(lambda: self.enc.environment(note))

    @rule(
        attacker=name,
        victim=name,
        r=rank,
        d=dice,
        hand=st.booleans(),
        effect=st.none() | st.sampled_from(["overwhelming", "slamming", "staggering", "x"]),
    )
    def attack(
        self, attacker: str, victim: str, r: int, d: tuple | None, hand: bool, effect: str | None
    ) -> None:
        self.attempt(
            lambda: self.enc.attack(
                attacker, victim, r, hand_to_hand=hand, effect=effect, power="blast", dice=d
            )
        )

    @precondition(lambda self: self.enc.current is not None)
    @rule(victim=name, r=rank, d=dice, effect=st.sampled_from(["slamming", "staggering", None]))
    def current_attacks(self, victim: str, r: int, d: tuple | None, effect: str | None) -> None:
        attacker = self.enc.current
        self.attempt(
            lambda: self.enc.attack(attacker, victim, r, power="blast", effect=effect, dice=d)
        )

    @precondition(lambda self: self.enc.pending_attack is not None)
    @rule(kind=st.sampled_from(["block", "dodge"]), d=dice, r=dice)
    def target_defends(self, kind: str, d: tuple | None, r: tuple | None) -> None:
        target = self.enc.pending_attack.target
        act = getattr(self.enc, kind)
        self.attempt(lambda: act(target, dice=d, reaction_dice=r))

    @rule(instead=st.none() | name, d=dice)
    def take_hit(self, instead: str | None, d: tuple | None) -> None:
        self.attempt(lambda: self.enc.take_hit(instead=instead, reaction_dice=d))

    @rule(who=name, reached=st.booleans())
    def dive_for_cover(self, who: str, reached: bool) -> None:
        self.attempt(lambda: self.enc.dive_for_cover(who, reached=reached))

    @rule(
        attacker=name,
        victim=name,
        then=st.sampled_from(["throw", "trip", "squeeze", "hold"]),
        d=dice,
        r=dice,
    )
    def grab(self, attacker: str, victim: str, then: str, d: tuple | None, r: tuple | None) -> None:
        self.attempt(lambda: self.enc.grab(attacker, victim, then, dice=d, reaction_dice=r))

    @rule(
        who=name,
        use=st.sampled_from(["rally", "retcon", "nap", "automatic_success", "power_boost"]),
        boost=st.none() | st.sampled_from(["agility", "blast", "endurance", "Flight"]),
        lasts=st.sampled_from(["round", "scene", "week"]),
        gain=st.booleans(),
    )
    def plot_point(self, who: str, use: str, boost: str | None, lasts: str, gain: bool) -> None:
        if gain:
            self.attempt(lambda: self.enc.gain_plot_point(who, "reward"))
        else:
            self.attempt(lambda: self.enc.spend_plot_point(who, use, boost=boost, lasts=lasts))

    @precondition(lambda self: self.enc.current is not None)
    @rule(victim=name, d=dice)
    def current_attacks_with_a_plot_point(self, victim: str, d: tuple | None) -> None:
        attacker = self.enc.current
        self.attempt(
            lambda: self.enc.attack(attacker, victim, 4, power="blast", dice=d, plot_point=True)
        )

    @precondition(lambda self: self.enc.pending_attack is not None)
    @rule(data=st.data(), d=st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    def someone_takes_the_hit_for_the_target(self, data: st.DataObject, d: tuple | None) -> None:
        """Whoever ``interposers`` names may take the waiting hit; nobody else may."""
        able = self.enc.interposers()
        who = data.draw(st.sampled_from([*self.enc.names, "Nobody"]))
        before = self.enc.to_json()
        try:
            self.enc.take_hit(instead=who, reaction_dice=d)
        except RuleError:
            assert who not in able and self.enc.to_json() == before
            return
        assert who in able

    @rule(
        who=name,
        field=st.sampled_from(["brawn", "endurance", "prowess", "protection", "player", "group"]),
        value=st.integers(-1, 15) | st.booleans(),
        expertise=st.none() | st.sets(st.sampled_from(["block", "hand-to-hand", "blast"])),
    )
    def edit(self, who: str, field: str, value: int | bool, expertise: set[str] | None) -> None:
        more = {} if expertise is None else {"expertise": expertise}
        self.attempt(lambda: self.enc.edit(who, **{field: value}, **more))

    @rule(
        who=name,
        count=st.integers(-1, 5),
        back=st.booleans(),
        members=st.none() | st.integers(0, 5),
    )
    def members(self, who: str, count: int, back: bool, members: int | None) -> None:
        enc = self.enc
        if members is not None:
            self.attempt(lambda: enc.edit(who, members=members))
        elif back:
            self.attempt(lambda: enc.bring_back(who, count))
        else:
            self.attempt(lambda: enc.take_out(who, count))

    @rule()
    def rest(self) -> None:
        self.attempt(self.enc.rest)

    @rule(
        who=name,
        how=st.sampled_from(["damage", "stunning", "heal", "recover"]),
        amount=st.none() | st.integers(-1, 12),
    )
    def endurance_by_hand(self, who: str, how: str, amount: int | None) -> None:
        enc = self.enc
        act = {
            "damage": lambda: enc.damage(who, amount),
            "stunning": lambda: enc.damage(who, amount, stunning=True),
            "heal": lambda: enc.heal(who, amount),
            "recover": lambda: enc.recover(who, amount),
        }[how]
        self.attempt(act)

    @precondition(lambda self: self.enc.current is not None)
    @rule(
        victims=st.lists(name, max_size=3),
        outer=st.lists(name, max_size=2),
        r=rank,
        d=dice,
    )
    def explode(self, victims: list[str], outer: list[str], r: int, d: tuple | None) -> None:
        attacker = self.enc.current
        self.attempt(lambda: self.enc.explode(attacker, victims, r, outer=outer, dice=d))

    @precondition(lambda self: self.enc.current is not None)
    @rule(
        victim=name,
        kind=st.sampled_from(["normal", "penetrating", "stunning", "non-endurance", "x"]),
        distance=st.none() | st.sampled_from([0, 100, 5000, 10**6, -5]),
        d=dice,
    )
    def attack_of_a_kind(self, victim: str, kind: str, distance: int | None, d: tuple) -> None:
        attacker = self.enc.current
        self.attempt(
            lambda: self.enc.attack(attacker, victim, 5, kind=kind, distance=distance, dice=d)
        )

    @rule(who=name, action=st.sampled_from(["hold", "squeeze", "interpose", "hug"]))
    def grapple(self, who: str, action: str) -> None:
        self.attempt(lambda: self.enc.grapple(who, action))

    @rule(who=name, d=dice, let_go=st.booleans())
    def break_free_or_let_go(self, who: str, d: tuple | None, let_go: bool) -> None:
        if let_go:
            self.attempt(lambda: self.enc.let_go(who))
        else:
            self.attempt(lambda: self.enc.break_free(who, dice=d))

    @rule(
        who=name,
        condition=st.sampled_from(["stunned", "prone", ""]),
        ends=st.sampled_from([None, "start", "end", "never"]),
        of=st.none() | name,
        rounds=st.none() | st.integers(-1, 3),
        remove=st.booleans(),
    )
    def condition(
        self,
        who: str,
        condition: str,
        ends: str | None,
        of: str | None,
        rounds: int | None,
        remove: bool,
    ) -> None:
        if remove:
            self.attempt(lambda: self.enc.remove_condition(who, condition))
        else:
            self.attempt(
                lambda: self.enc.add_condition(who, condition, ends=ends, of=of, rounds=rounds)
            )


class WikiFight(Fight):
    """The same machine under the 2012 rules (run by the hostile, widget and player machines)."""

    rule_set = "bpb2e-wiki"


TestFight = Fight.TestCase
TestFight.settings = settings(max_examples=150, stateful_step_count=50, deadline=None)
