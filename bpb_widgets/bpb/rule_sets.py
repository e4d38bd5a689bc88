"""The Bulletproof Blues rule sets and their options: the 2014 Order Of Play revision (seeds
000/001) and the 2012 wiki text (seed 004), as data on one class of rules."""

from __future__ import annotations

from dataclasses import dataclass

from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.errors import RuleError

#: The largest expertise bonus a house rule may set (the seeds give +3).
MAX_EXPERTISE_BONUS = 6
#: How a group's members take damage (rule option ``member_endurance``).
MEMBER_ENDURANCE = ("each", "shared")


@dataclass(frozen=True)
class BulletproofBluesRules(RuleSet):
    """A Bulletproof Blues rule set; every field after ``source`` is a rule option."""

    #: ``roll_order`` makes Perception task rolls (2014, seed 000 "Order Of Play") instead of
    #: ranking Perception > Agility > Willpower > coin with no roll (2012, seed 004).
    perception_roll: bool = True
    #: A delayed turn cannot pre-empt a character with higher Perception/Agility/Willpower
    #: (seed 004, "Delaying An Action"); the 2014 text (seed 000, "Delaying A Turn") has no limit.
    preempt_limit: bool = False
    #: +1 block/dodge difficulty for every attack after the first in one continued defense
    #: (seed 004, "Blocking", "Dodging"; seed 000 is silent).
    continued_defense_penalty: bool = True
    #: An extreme success needs expertise (seed 004, "Extreme Success"; seed 000 is silent).
    extreme_needs_expertise: bool = True
    #: Bonus to block/dodge rolls with block/dodge expertise (seed 000, "Blocking", "Dodging";
    #: the 2012 text of seed 004 gives none).
    expertise_bonus: int = 3
    #: An extreme success on a block or dodge puts the attacker after the defender in the
    #: following rounds (seed 000, "Blocking", "Dodging"; the 2012 text of seed 004 does not).
    extreme_revises_order: bool = True
    #: An explosion may be blocked or dodged. Seed 004 ("Diving For Cover") says the only way to
    #: avoid a particularly large attack is not to be under it; the default reads an explosion
    #: as one.
    explosions_blockable: bool = False
    #: A turn held to the end of the round comes then, before the environment, and a turn kept
    #: into the next round is taken there besides that round's own (seed 000, "Delaying A Turn":
    #: "later in the round or on a successive round"). False: a held turn not taken merges into
    #: the holder's next turn (bpb_widgets 0.1; fights saved by 0.1 replay so).
    delay_later_in_round: bool = True
    #: A combatant whose turn a delayed turn pre-empts has not yet had the opportunity to take it:
    #: a block, dodge or dive for cover before it is a forced action that gives that turn up
    #: (seed 000, "Forcing An Action": "before they have had the opportunity to take their
    #: turn"). False: the defense is their task action and the turn still comes (fights saved
    #: before format 3 replay so).
    preempted_defense_forced: bool = True
    #: Taking a hit for someone else (``take_hit(target, instead=...)``) is a forced action of
    #: the one who takes it: once per round, giving up their next available turn (seed 000,
    #: "Forcing An Action": "A forced action can also be used to take a defensive action on
    #: someone else's behalf, such as diving in front of an attack"). False: it costs nothing
    #: (fights saved before format 3 replay so).
    interposing_forced: bool = True
    #: Expertise in the power or skill an attack uses allows its extreme success: its name, the
    #: ``skill`` its sheet entry names, and for a hand-to-hand attack hand-to-hand (or melee)
    #: expertise (seed 004, "Extreme Success": "expertise in the power or skill"). False: only
    #: expertise spelt as the attack's name (fights saved before format 3 replay so).
    expertise_covers_skill: bool = True
    #: An order of play the GM declares as a round begins, before its first turn has ended,
    #: applies to that round (seed 000, "Delaying A Turn": on the second round Monolith runs in
    #: and "The GM declares that the order of play is Blueshift, then Ganyeka, then Monolith,
    #: then Ganyeka's henchmen", and round 2 is listed so). False: from the next round (fights
    #: saved before format 3 replay so).
    declare_order_this_round: bool = True
    #: How a group's counted members (``add(..., group=True, members=4)``) take damage; the
    #: seeds give no rule. "each": every member has the sheet's Endurance, damage falls on the
    #: member in front, and when it takes them to 0 they are out and the next stands unhurt;
    #: "shared": one Endurance for the whole group, which is out of the fight at 0.
    member_endurance: str = "each"

    def check(self) -> None:
        if self.member_endurance not in MEMBER_ENDURANCE:
            raise RuleError(
                f"member_endurance is one of {', '.join(map(repr, MEMBER_ENDURANCE))}, not "
                f"{self.member_endurance!r}."
            )
        if not 0 <= self.expertise_bonus <= MAX_EXPERTISE_BONUS:
            raise RuleError(
                f"The expertise bonus runs from 0 to {MAX_EXPERTISE_BONUS} (the seeds give +3); "
                f"not {self.expertise_bonus}."
            )


BPB2014 = BulletproofBluesRules("bpb2e", "Bulletproof Blues 2e, 2014 Order Of Play (seeds 000/001)")
BPB2012 = BulletproofBluesRules(
    "bpb2e-wiki",
    "Bulletproof Blues 2e, 2012 wiki text (seed 004)",
    perception_roll=False,
    preempt_limit=True,
    expertise_bonus=0,
    extreme_revises_order=False,
)
