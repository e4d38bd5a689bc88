"""Log lines cite the right sections, and every section they cite has its text in the project's own
words (docs/rules.md, "The rules in brief"): what the GM screen's log shows when a line is opened.

Seed 004, "Opposed Tasks": "When attempting an opposed task, the task difficulty is equal to 8 plus
the defender's relevant attribute. ... circumstances which favor the attacker are applied as
attribute bonuses to the task roll". "Taking The Average": "the player may 'take the average', and
assume that they would roll an average amount (rounded up in the player's favor): 7." "Death
(XXX working)": the seeds leave Endurance 0 unwritten, so being out of the fight there is the
engine's ruling, and the line says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from bpb_widgets import Encounter
from bpb_widgets.engine.rule_texts import RULING
from bpb_widgets.errors import RuleError

GROUP = re.compile(r"\(([^()]*)\)")
#: What a group holds besides sections: the seed named (blackout, d10-ap), a rule option.
NOT_SECTIONS = re.compile(r"seed \d{3}|rule option .*")


def citations(line: str) -> list[str]:
    """The section names in ``line``'s parentheses: groups whose items (besides the seed and a
    rule option) are all capitalised, as a citation's are; "(6+6)", "(staggered)" and "(Throws
    column, rank 6)" are not citations."""
    found = []
    for group in GROUP.findall(line):
        items = [item.strip() for item in re.split(r"[;,]", group)]
        names = [item for item in items if not NOT_SECTIONS.fullmatch(item)]
        if names and all(item[:1].isupper() or item.startswith(RULING) for item in names):
            for item in names:
                head, _, rest = item.partition(":")
                found.append(rest.strip() if head == RULING else head.strip())
    return found


def bpb_fight() -> Encounter:
    """A Bulletproof Blues fight that says most of what a fight can say: the order of play, delays,
    forced actions, tasks of every kind, attacks and their answers, effects, grabs and plot
    points."""
    enc = Encounter(seed=5)
    enc.add("Blueshift", perception=4, agility=5, prowess=4, expertise={"dodge", "blast"},
            player=True, attacks=[{"name": "Blast", "rank": 6}])  # fmt: skip
    enc.add("Ganyeka", perception=4, agility=4, prowess=5, brawn=5, endurance=6,
            expertise={"grappling", "dodge", "engineering"}, protection=2,
            attacks=[{"name": "Disruptor", "rank": 8, "kind": "penetrating"},
                     {"name": "Grenade", "rank": 5, "kind": "exploding", "radius": 50},
                     {"name": "Mind Lash", "rank": 5, "kind": "non-endurance"}])  # fmt: skip
    enc.add("Monolith", perception=2, prowess=6, brawn=9, endurance=9, expertise={"block"})
    enc.add("Hooligan", prowess=2, agility=2, brawn=2, endurance=2, aware=False)
    enc.roll_order()
    enc.start()
    enc.becomes_aware("Hooligan")
    enc.environment("a crate topples")
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", "Hooligan"])
    for name in ("Blueshift", "Ganyeka", "Monolith", "Hooligan"):
        enc.task(name, "agility", difficulty=12, dice=(3, 4))
    enc.task("Ganyeka", "reason", difficulty=15, take="average")
    enc.task("Ganyeka", "reason", difficulty=15, take="max")
    enc.task("Blueshift", "agility", opponent="Ganyeka", attack_bonus=["surprised"], dice=(6, 6),
             expertise=True)  # fmt: skip
    while enc.current != "Blueshift":
        enc.end_turn()
    enc.delay()
    enc.take_delayed("Blueshift")
    enc.attack("Blueshift", "Ganyeka", power="Blast", effect="staggering", dice=(6, 6))
    enc.take_hit(reaction_dice=(1, 1))
    enc.end_turn()
    enc.force("Monolith", "shields the hooligan")
    while enc.current != "Ganyeka":
        enc.end_turn()
    enc.attack("Ganyeka", "Monolith", power="Disruptor", dice=(6, 5))
    enc.block("Monolith", dice=(6, 6))
    enc.attack("Ganyeka", "Blueshift", power="Mind Lash", dice=(6, 5))
    enc.take_hit()
    enc.explode("Ganyeka", ["Blueshift", "Hooligan"], power="Grenade", dice=(5, 5))
    enc.dive_for_cover("Blueshift")
    enc.take_hit("Hooligan")
    enc.end_turn()
    while enc.current != "Ganyeka":
        enc.end_turn()
    enc.grab("Ganyeka", "Monolith", "hold", dice=(6, 6), reaction_dice=(1, 1))
    enc.grapple("Ganyeka", "interpose")
    enc.end_turn()
    while enc.current != "Monolith":
        enc.end_turn()
    enc.break_free("Monolith", dice=(6, 6))
    enc.attack("Monolith", "Ganyeka", 9, hand_to_hand=True, effect="slamming", dice=(6, 6))
    enc.take_hit(reaction_dice=(1, 1))
    enc.gain_plot_point("Blueshift", "reward")
    enc.gain_plot_point("Blueshift", "complication")
    enc.gain_plot_point("Blueshift", "cooperation")
    enc.spend_plot_point("Blueshift", "rally")
    enc.spend_plot_point("Blueshift", "power_boost", boost="agility")
    enc.spend_plot_point("Blueshift", "power_stunt", note="a blast that freezes")
    enc.task("Blueshift", "agility", difficulty=21, plot_point=True, dice=(1, 1))
    enc.add("Ganyeka's henchmen", group=True, members=3, endurance=2)
    enc.take_out("Ganyeka's henchmen", 1)
    enc.bring_back("Ganyeka's henchmen", 1)
    enc.damage("Ganyeka's henchmen", 2)
    enc.damage("Blueshift", 1, stunning=True)
    enc.recover("Blueshift")
    enc.heal("Ganyeka", 1)
    enc.edit("Monolith", brawn=10)
    enc.add_condition("Blueshift", "stunned", rounds=2)
    enc.rest()
    return enc


def blackout_fight() -> Encounter:
    enc = Encounter(seed=2, rules="blackout")
    enc.add("Rex", hp=12, armor=2, evasion=2, stamina=2)
    enc.add("Ivy", hp=10, armor=1, evasion=1, stamina=1)
    enc.add("Mech", pc=False, step=9, ap=4, hp=24, armor=4, evasion=0)
    enc.surprise([3], {"Rex": 3, "Ivy": 1})
    enc.roll_initiative("Rex", 3, rolled=(2, 5, 6))
    enc.roll_initiative("Ivy", 1, rolled=(4,))
    enc.start()
    enc.end_turn()
    enc.delay(to=14)
    enc.act("Rex", "free", note="shouts")
    enc.act("Rex", "movement", 1, terrain="difficult")
    enc.attack_test("Rex", "Mech", 3, ap=1)
    enc.damage_test(2)
    enc.end_turn()
    enc.attack_test("Mech", "Ivy", 3, ap=2)
    enc.damage_test(3)
    enc.end_turn()
    enc.vitality_test("Ivy", 3)
    enc.end_turn()
    enc.end_turn()
    enc.heal("Rex", "Ivy", 3)
    enc.fall("Rex", 20, successes=0)
    enc.damage("Mech", 3)
    enc.heal_hp("Mech", 2)
    return enc


def d10_fight() -> Encounter:
    enc = Encounter(seed=3, rules="d10-ap")
    enc.add("Evan", agb=3, awarb=4)
    enc.add("Thug", agb=2, awarb=3)
    enc.surprise_check("Evan", roll=6)
    enc.roll_initiative("Evan", roll=5)
    enc.roll_initiative("Thug", roll=4)
    enc.start()
    enc.roll_ap("Evan", dice=(4, 7, 8))
    enc.adjust_ap("Evan", 1)
    enc.spend_ap("Evan", 1, "moves")
    enc.end_turn()
    return enc


@pytest.mark.parametrize("make", [bpb_fight, blackout_fight, d10_fight], ids=lambda f: f.__name__)
def test_every_section_a_log_line_cites_has_its_text(make: Callable[[], Encounter]) -> None:
    enc = make()
    cited = {name: event.text for event in enc.log for name in citations(event.text)}
    assert len(cited) >= 3
    missing = {name: line for name, line in cited.items() if name not in enc.rule_texts}
    assert not missing, missing
    for event in enc.log:
        assert {t.name for t in enc.cited(event)} == set(citations(event.text)), event.text


def task_line(**task: object) -> str:
    enc = Encounter(seed=1)
    enc.add("Blueshift", agility=5)
    enc.add("Ganyeka", agility=4, reason=6)
    enc.task(**task)
    return enc.log[-1].text


def test_an_opposed_task_with_the_table_s_bonuses_cites_opposed_tasks() -> None:
    line = task_line(
        roller="Blueshift",
        attribute="agility",
        opponent="Ganyeka",
        attack_bonus=["surprised"],
        defense_bonus=["running"],
        dice=(4, 4),
    )
    assert line.endswith("(Opposed Tasks)"), line
    bonus_only = task_line(roller="Blueshift", attribute="agility", difficulty=12,
                           attack_bonus=["surprised"], dice=(4, 4))  # fmt: skip
    assert bonus_only.endswith("(Opposed Tasks)"), bonus_only


def test_an_unopposed_task_cites_unopposed_tasks_and_an_extreme_one_extreme_success() -> None:
    plain = task_line(roller="Blueshift", attribute="agility", difficulty=12, dice=(4, 4))
    assert plain.endswith("(Unopposed Tasks)"), plain
    extreme = task_line(roller="Blueshift", attribute="agility", difficulty=12, expertise=True,
                        dice=(6, 6))  # fmt: skip
    assert extreme.endswith("(Unopposed Tasks, Extreme Success)"), extreme


def test_taking_the_average_or_the_max_cites_its_own_section() -> None:
    average = task_line(roller="Ganyeka", attribute="reason", difficulty=15, take="average")
    assert average.endswith("(Unopposed Tasks, Taking The Average)"), average
    best = task_line(roller="Ganyeka", attribute="reason", difficulty=15, take="max")
    assert best.endswith("(Unopposed Tasks, Taking The Max)"), best


def test_out_of_the_fight_at_endurance_0_is_marked_as_the_engine_s_ruling() -> None:
    enc = Encounter(seed=1)
    enc.add("Black Steel", prowess=6, brawn=4)
    enc.add("Hooligan", prowess=2, endurance=3)
    enc.start()
    enc.attack("Black Steel", "Hooligan", 4, hand_to_hand=True, dice=(4, 3))
    enc.take_hit()
    line = enc.log[-1].text
    assert line == "Hooligan is out of the fight at Endurance 0 (bpb_widgets' ruling: Endurance 0)"
    (rule,) = enc.cited(line)
    assert rule.ruling and rule.name == "Endurance 0"


def test_a_plot_point_spent_cites_the_section_of_its_use() -> None:
    """Seed 004, "Spending Plot Points" has a section per use: "Automatic Success", "Power
    Boost", "Power Stunt", "Rally", "Retcon"."""
    enc = Encounter(seed=1)
    enc.add("Blueshift", agility=5, player=True)
    enc.start()
    enc.spend_plot_point("Blueshift", "power_boost", boost="agility")
    assert enc.log[-1].text.endswith("(Spending Plot Points, Power Boost)")
    assert [t.name for t in enc.cited(enc.log[-1])] == ["Spending Plot Points", "Power Boost"]


def test_breaking_free_on_one_s_own_turn_is_marked_as_the_engine_s_ruling() -> None:
    """Seed 004, "Grappling": the held "can't use normal movement until they break the
    grapple", and says no more of how: the try on their own turn is the engine's."""
    enc = Encounter(seed=1)
    enc.add("Ganyeka", prowess=5, brawn=5, agility=4)
    enc.add("Widow", prowess=4, agility=5, brawn=3)
    enc.start()
    enc.grab("Ganyeka", "Widow", "hold", dice=(5, 5), reaction_dice=(1, 2))
    enc.end_turn()
    enc.break_free("Widow", dice=(6, 6))
    line = next(e.text for e in enc.log if e.kind == "break free")
    assert line.endswith("(Grappling; bpb_widgets' ruling: Breaking Free)"), line
    grappling, breaking_free = enc.cited(line)
    assert not grappling.ruling and grappling.name == "Grappling"
    assert breaking_free.ruling and breaking_free.name == "Breaking Free"


def test_only_diving_escapes_an_explosion_is_marked_as_the_engine_s_ruling() -> None:
    """Seed 004, "Diving For Cover": "Attacks which are particularly large, such as a thrown car
    or bus, are much more difficult to avoid. The only way to avoid such attacks is to not be
    under them when they land." It names no explosion: refusing to block one is the engine's."""
    enc = Encounter(seed=1)
    grenade = {"name": "Grenade", "rank": 5, "kind": "exploding", "radius": 50}
    enc.add("Ganyeka", agility=4, attacks=[grenade])
    enc.add("Monolith", prowess=6)
    enc.start()
    enc.explode("Ganyeka", ["Monolith"], power="Grenade", dice=(6, 6))
    with pytest.raises(RuleError) as refusal:
        enc.block("Monolith")
    line = str(refusal.value)
    assert line.endswith("(bpb_widgets' ruling: Explosions)."), line
    (rule,) = enc.cited(line)
    assert rule.ruling and rule.name == "Explosions"
    assert "Diving For Cover" not in line
