"""Bulletproof Blues rules between the seeds' worked examples, as a GM plays them: the 2012 rule
set's defenses, attacks that are not Endurance damage, grapples that last, range and
explosions, and the conditions extreme effects and defenses leave (seeds 000/001 and 004)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpb_widgets import Encounter, RuleError, find_rule_set, rules
from tests.engine.helpers import snapshot

BLAST = {"name": "Blast", "rank": 6, "kind": "normal"}
TELEPATHY = {"name": "Telepathy", "rank": 5, "kind": "non-endurance"}


def fight(rule_set: str = "bpb2e", **options: object) -> Encounter:
    """Ann (attacker, first), Bo and Cy, declared in that order and started."""
    enc = Encounter(seed=3, rules=rule_set, options=options or None)
    enc.add(
        "Ann",
        prowess=5,
        agility=5,
        brawn=5,
        willpower=4,
        expertise={"blast", "telepathy", "grappling"},
        attacks=[BLAST, TELEPATHY],
        side="heroes",
    )
    enc.add(
        "Bo", prowess=6, agility=4, brawn=4, endurance=8, expertise={"block"}, attacks=[TELEPATHY]
    )
    enc.add("Cy", prowess=3, agility=3, endurance=6, protection=2)
    enc.start()
    return enc


# -- 5: the 2012 rule set follows the 2012 text -------------------------------------------------


def test_the_2012_rules_give_no_expertise_bonus_and_do_not_revise_the_order() -> None:
    """Seed 004, "Blocking", "Dodging": no +3 for expertise, and an extreme success does not
    revise the order of play; "Extreme Success" needs expertise (both rule sets)."""
    enc = fight("bpb2e-wiki")
    enc.attack("Ann", "Bo", power="Blast", dice=(6, 6))
    result = enc.block("Bo", dice=(6, 6))  # Prowess 6 + 12 = 18 vs 8 + 6 = 14: 4 over, expert
    assert result.preview.bonus == 0 and result.total == 18
    assert result.extreme and not result.revised
    assert "acts after" not in result.text
    assert enc.revisions == ()
    modern = fight()
    modern.attack("Ann", "Bo", power="Blast", dice=(6, 6))
    block = modern.block("Bo", dice=(6, 6))
    assert block.preview.bonus == 3 and block.total == 21 and block.revised
    assert "Ann now acts after Bo" in block.text  # Ann acted before Bo: she moves
    assert modern.revisions[0][:2] == ("Ann", "Bo")


@settings(max_examples=120, deadline=None)
@given(
    rule_set=st.sampled_from(["bpb2e", "bpb2e-wiki"]),
    kind=st.sampled_from(["block", "dodge"]),
    expertise=st.booleans(),
    rank=st.integers(1, 14),
    attack=st.integers(1, 4),
    dice=st.tuples(st.integers(1, 6), st.integers(1, 6)),
)
def test_the_library_and_the_engine_agree_under_each_rule_set(
    rule_set: str, kind: str, expertise: bool, rank: int, attack: int, dice: tuple[int, int]
) -> None:
    """rules.block/rules.dodge(expertise=...) give the engine's numbers under the same rule set."""
    enc = Encounter(seed=1, rules=rule_set)
    enc.add("Att")
    enc.add("Def", prowess=5, agility=4, expertise={kind} if expertise else set())
    enc.start()
    for _ in range(attack):
        result = getattr(enc, kind)("Def", attacker="Att", rank=rank, dice=(1, 1))
    preview = enc.defense_preview(kind, "Def", attacker="Att", rank=rank)
    roll = getattr(rules, kind)(
        5 if kind == "block" else 4,
        rank,
        attack=attack + 1,
        expertise=expertise,
        rules=find_rule_set(rule_set),
        dice=dice,
    )
    engine = preview.roll(dice)
    assert (engine.total, engine.difficulty, engine.extreme) == (
        roll.total,
        roll.difficulty,
        roll.extreme,
    )
    assert result.preview.rules == find_rule_set(rule_set)


# -- 6: attacks that are not Endurance damage ----------------------------------------------------


def test_a_non_endurance_attack_deals_no_endurance_damage() -> None:
    """Seed 004, "Protection": some attacks inflict other forms of damage; "Slamming",
    "Staggering": only attacks that inflict Endurance damage slam or stagger."""
    enc = fight()
    with pytest.raises(RuleError, match="Only attacks that inflict Endurance damage"):
        enc.attack("Ann", "Cy", power="Telepathy", effect="staggering")
    enc.attack("Ann", "Cy", power="Telepathy", effect="overwhelming", dice=(6, 6))
    assert enc.pending_attack is not None and enc.pending_attack.rank == 5 + 3
    assert enc.take_hit() is None
    assert enc.endurance("Cy").current == 6
    assert "not Endurance damage" in enc.log[-1].text


def test_only_the_same_power_blocks_a_non_endurance_attack() -> None:
    """Seed 000, "Blocking": "only attacks which inflict Endurance damage may be blocked.
    However, if the defender has the same power as the attacker, they may use that power";
    a similar power with the GM's permission."""
    enc = fight()
    enc.attack("Ann", "Bo", power="Telepathy", dice=(6, 5))
    before = snapshot(enc)
    with pytest.raises(RuleError, match="only someone with the same power"):
        enc.block("Bo")
    with pytest.raises(RuleError, match="no power called"):
        enc.block("Bo", power="Blast")
    assert snapshot(enc) == before
    result = enc.block("Bo", power="Telepathy", dice=(6, 6))  # Telepathy 5 + 12 vs 8 + 5
    assert result.total == 17 and result.success and result.preview.bonus == 0
    assert result.text.startswith("Block with Telepathy: Telepathy 5 + 2d6 (6+6) = 17 vs")
    assert enc.pending_attack is None
    enc2 = fight()
    enc2.add("Dex", attacks=[{"name": "Mind Shield", "rank": 4, "kind": "non-endurance"}])
    enc2.attack("Ann", "Dex", power="Telepathy", dice=(6, 5))
    with pytest.raises(RuleError, match="GM's permission"):
        enc2.dodge("Dex", power="Mind Shield")
    assert enc2.dodge("Dex", power="Mind Shield", similar=True, dice=(1, 1)).preview.power


# -- 7: grapples that last -------------------------------------------------------------------------


def grappled() -> Encounter:
    enc = fight()
    grab = enc.grab("Ann", "Cy", "hold", dice=(6, 6), reaction_dice=(1, 1))
    assert grab.held and enc.held_by("Cy") == "Ann" and enc.holding("Ann") == "Cy"
    return enc


def test_a_held_target_is_easier_to_hit_and_its_attacks_harder() -> None:
    """Seed 004, "Grappling": attackers gain +3 against the grappled character; defenders gain
    +3 against the grappled character's attacks; no normal movement."""
    enc = grappled()
    assert [c.name for c in enc.conditions("Cy")] == ["held"]
    assert enc.conditions("Cy")[0].by == "Ann"
    assert enc.conditions("Cy")[0].until == "until Ann lets go"
    enc.end_turn()  # Bo
    attack = enc.attack("Bo", "Cy", 3, dice=(1, 1))
    assert attack.roll.bonus == 3 and "Cy is held" in attack.text
    enc.undo()
    enc.end_turn()  # Cy, held, attacks Bo
    assert enc.attack("Cy", "Bo", 3, dice=(1, 1)).roll.difficulty == 8 + 4 + 3


def test_the_held_try_to_break_free_on_their_turn() -> None:
    enc = grappled()
    with pytest.raises(RuleError, match="on their own turn"):
        enc.break_free("Cy")
    enc.end_turn()
    enc.end_turn()  # Cy's turn
    roll = enc.break_free("Cy", dice=(6, 6))  # greater of Brawn/Agility 3 + 12 vs 8 + 5
    assert roll.success and enc.held_by("Cy") is None and enc.holding("Ann") is None


def test_a_hold_ends_when_the_grappler_lets_go_or_is_out_of_the_fight() -> None:
    enc = grappled()
    enc.let_go("Ann")
    assert enc.held_by("Cy") is None and "Ann lets go" in enc.log[-1].text
    enc.undo()
    enc.end_turn()
    enc.attack("Bo", "Ann", 14, dr=14, dice=(6, 6))
    enc.take_hit()
    assert enc.endurance("Ann").out and enc.held_by("Cy") is None
    assert "out of the fight" in enc.log[-1].text


def test_a_grappler_squeezes_or_shields_on_later_turns() -> None:
    enc = grappled()
    for _ in range(3):
        enc.end_turn()  # round 2: Ann again
    harm = enc.grapple("Ann", "squeeze")
    assert harm is not None and harm.dr == 5  # the greater of Brawn and Agility
    enc.end_turn()
    enc.undo()
    enc.grapple("Ann", "interpose")
    assert enc.has_condition("Ann", "interposing")
    enc.end_turn()  # Bo attacks Ann behind her shield
    assert enc.attack("Bo", "Ann", 3, dice=(1, 1)).roll.difficulty == 8 + 5 + 3
    with pytest.raises(RuleError, match="holding nobody"):
        enc.grapple("Bo", "hold")


# -- 8: range, circumstances and explosions ------------------------------------------------------


def test_range_bands_beyond_the_power_add_a_defense_bonus() -> None:
    """Seed 004, "Range Bands": +3 for each range band beyond the power's."""
    enc = fight()
    near = enc.attack("Ann", "Bo", power="Blast", distance=100, dice=(1, 1))
    enc.undo()
    far = enc.attack("Ann", "Bo", power="Blast", distance=6 * 5280, dice=(1, 1))  # band 7
    assert far.roll.difficulty - near.roll.difficulty == 3
    assert "1 range band beyond" in far.text
    with pytest.raises(RuleError, match="hand-to-hand"):
        enc.attack("Ann", "Bo", 3, hand_to_hand=True, distance=10)


def test_an_explosion_is_one_roll_at_9_against_everyone_it_catches() -> None:
    """Seed 004, "Exploding": difficulty 9, no extreme success, full DR within half the radius
    and half beyond; the only way to avoid it is diving for cover ("Diving For Cover")."""
    enc = fight()
    grenade = {"name": "Grenade", "rank": 5, "kind": "exploding", "radius": 50}
    enc.add("Zed", attacks=[grenade, {"name": "Knife", "rank": 2, "hand_to_hand": True}])
    for _ in range(3):
        enc.end_turn()
    assert enc.current == "Zed"
    with pytest.raises(RuleError, match="does not explode"):
        enc.explode("Zed", ["Bo"], power="Knife")
    blast = enc.explode("Zed", ["Bo", "Cy"], power="Grenade", outer=["Cy"], dice=(6, 6))
    assert blast.roll.difficulty == 9 and not blast.roll.extreme
    assert [(h.target, h.dr) for h in blast.hits] == [("Bo", 5), ("Cy", 3)]
    with pytest.raises(RuleError, match="cannot be blocked"):
        enc.block("Bo")
    enc.dive_for_cover("Bo")
    assert enc.has_condition("Bo", "prone")
    enc.take_hit("Cy")
    assert enc.endurance("Cy").current == 6 - (3 - 2)
    assert enc.pending_hits == ()


# -- 10: conditions from extreme effects and defense ---------------------------------------------


def test_a_stagger_takes_the_next_action_and_switches_powers_off_until_it_comes() -> None:
    """Seed 004, "Staggering": losing their next action; activated powers switch off unless a
    challenging Willpower roll (12) keeps them, until the character can act again."""
    enc = fight()
    enc.edit("Bo", activated=["Force Field"])
    enc.attack("Ann", "Bo", power="Blast", effect="staggering", dice=(6, 6))
    enc.take_hit(reaction_dice=(1, 1), powers_dice=(1, 2))
    assert [c.name for c in enc.conditions("Bo")] == ["staggered", "powers off"]
    assert "Bo tries to keep force field on" in enc.log[-2].text
    enc.end_turn()  # Bo's turn is lost: Cy acts
    assert enc.current == "Cy" and enc.has_condition("Bo", "staggered")
    enc.end_turn()
    enc.end_turn()  # round 2: Ann, then Bo's next action comes
    assert (enc.round, enc.current) == (2, "Bo")
    assert enc.conditions("Bo") == ()


def test_a_stagger_roll_can_keep_powers_on() -> None:
    enc = fight()
    enc.edit("Bo", activated=["Force Field", "Growth"])
    enc.attack("Ann", "Bo", power="Blast", effect="staggering", dice=(6, 6))
    enc.take_hit(reaction_dice=(1, 1), powers_dice=(6, 6))
    assert [c.name for c in enc.conditions("Bo")] == ["staggered"]
    assert "Bo tries to keep force field, growth on" in enc.log[-1].text
    assert "activated powers stay on" in enc.log[-1].text


def test_one_with_no_power_to_activate_has_nothing_to_keep_on() -> None:
    """Seed 004, "Staggering": "Any powers which must be activated, such as Force Field and
    Growth, normally turn off"; a character without such powers makes no roll for them (it was
    made for everyone before format 3, and fights saved then still replay so)."""
    enc = fight()
    enc.attack("Ann", "Bo", power="Blast", effect="staggering", dice=(6, 6))
    enc.take_hit(reaction_dice=(1, 1))
    assert [c.name for c in enc.conditions("Bo")] == ["staggered"]
    assert not any(event.kind == "powers" for event in enc.log)
    assert "rolls" not in enc.history[-1]  # no die was rolled for powers Bo does not have
    earlier = fight(keep_powers_needs_activated=False)
    earlier.attack("Ann", "Bo", power="Blast", effect="staggering", dice=(6, 6))
    earlier.take_hit(reaction_dice=(1, 1), powers_dice=(1, 2))
    assert [c.name for c in earlier.conditions("Bo")] == ["staggered", "powers off"]


def test_a_hit_answered_before_its_effect_is_chosen_lands_as_a_normal_one_and_says_so() -> None:
    """Seed 004, "Extreme Success": "the attacker may choose one of three bonus effects"."""
    enc = fight()
    enc.attack("Ann", "Bo", power="Blast", dice=(6, 6))
    assert enc.pending_attack is not None and enc.pending_attack.roll.extreme
    enc.take_hit()
    said = [e.text for e in enc.log if e.kind == "effect"]
    assert said == [
        "Ann chose no bonus effect for the extreme success: the hit lands as a normal one "
        "(Extreme Success: the attacker may choose one of three)"
    ]


def test_diving_for_cover_leaves_one_prone_until_the_end_of_their_next_turn() -> None:
    """Seed 004, "Diving For Cover": the diver "ends up on the ground prone"; standing is the
    movement action of their next turn (interpretation: prone ends with that turn)."""
    enc = fight()
    enc.attack("Ann", "Cy", power="Blast", dice=(6, 6))
    enc.dive_for_cover("Cy")  # forced: Cy's round 1 turn is given up
    assert enc.has_condition("Cy", "prone")
    for _ in range(4):  # Bo, Ann (round 2), Bo, Cy's next turn ...
        enc.end_turn()
    assert (enc.round, enc.current) == (2, "Cy") and enc.has_condition("Cy", "prone")
    enc.end_turn()  # ... ends: standing up was its movement action
    assert not enc.has_condition("Cy", "prone")
