"""Grabbing, and the grapple that follows: holding, squeezing, using the held as a shield,
throwing, tripping; letting go and breaking free (seed 004, "Grabbing", "Grappling", "Throwing",
"Tripping").

A hold is kept as conditions: the held combatant is "held" (by the grappler), the grappler
"holding". While it lasts, attacks on the held gain +3, the held's own attacks face +3 defense,
and the held cannot move normally (seed 004, "Grappling": "Hold"). It ends when the grappler lets
go or is out of the fight, or the held breaks free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bpb_widgets.bpb.base import by_plot_point
from bpb_widgets.bpb.conditions import HELD, HOLDING, INTERPOSING, PRONE
from bpb_widgets.bpb.fighting import Fighting, Harm
from bpb_widgets.bpb.rules.grappling import GRAB_OPTIONS, break_free, grab, squeeze, throw, trip
from bpb_widgets.bpb.rules.tasks import Task
from bpb_widgets.engine.checks import check_choice
from bpb_widgets.engine.command import command
from bpb_widgets.engine.rule_texts import ruling
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError

#: The expertise a grab's follow-up draws on (seed 004, "Grabbing").
GRAB_EXPERTISE = {"throw": "throwing", "trip": "tripping"}
#: The held trying to break free on their own turn: the seed says only "until they break the
#: grapple" (seed 004, "Grappling"), so the try, as when first grabbed, is the engine's ruling.
BREAKING_FREE = ruling("Breaking Free")
#: What a grappler may do with the held each round after the grab (seed 004, "Grappling").
GRAPPLE_ACTIONS = ("hold", "squeeze", "interpose")


@dataclass(frozen=True, slots=True)
class Grab:
    """A grab and what followed it (seed 004, "Grabbing")."""

    roll: Task
    break_free: Task | None
    then: str
    harm: Harm | None
    feet: float | None

    @property
    def held(self) -> bool:
        return self.roll.success and self.break_free is not None and not self.break_free.success


class Grabbing(Fighting):
    """Grabs, holds, squeezes, living shields, throws and trips; letting go, breaking free."""

    def holding(self, grappler: str) -> str | None:
        """Whom ``grappler`` holds, or None."""
        grappler = self._known(grappler)
        for name, held in self._conditions.items():
            if any(c.name == HELD.name and c.by == grappler for c in held):
                return name
        return None

    @command
    def grab(
        self,
        attacker: str,
        target: str,
        then: str,
        *,
        dice: Sequence[int] | None = None,
        reaction_dice: Sequence[int] | None = None,
        plot_point: bool = False,
    ) -> Grab:
        """``attacker`` grabs ``target`` (Prowess against 8 + Prowess), the target tries to break
        free (the greater of Brawn and Agility against 8 + the attacker's, +3 after an extreme
        grab), and a caught target is then held, squeezed or used as a shield (the grapple goes
        on), or thrown or tripped (it ends) (seed 004, "Grabbing", "Grappling", "Throwing",
        "Tripping"). ``plot_point=True``: the grab is an automatic success (seed 004,
        "Automatic Success")."""
        self._need_resolved()
        attacker, target = self._known(attacker), self._known(target)
        self._need_turn(attacker, "grab")
        if attacker == target:
            raise RuleError(f"{attacker} cannot grab themselves.")
        then = check_choice(then, GRAB_OPTIONS, "follow-up to a grab")
        already = self.holding(attacker)
        if already is not None:
            raise RuleError(f"{attacker} is holding {already}: let go first, or grapple them.")
        me, them = self._sheet(attacker), self._sheet(target)
        flight = throw(brawn=me.brawn, weight_lbs=them.weight_lbs) if then == "throw" else None
        skill = GRAB_EXPERTISE.get(then, "grappling")
        automatic = self._automatic_roll(attacker, plot_point)
        roll = grab(
            me.prowess,
            them.prowess,
            expertise=skill in me.expertise,
            dice=self._dice(dice),
            automatic=automatic,
        )
        shown = (
            f"Prowess {me.prowess} + 2d6 ({roll.dice[0]}+{roll.dice[1]}) = {roll.total} vs "
            f"8 + Prowess {them.prowess} = {roll.difficulty}{by_plot_point(roll)}"
        )
        if not roll.success:
            self._event("grab", f"{attacker} grabs at {target}: {shown}: miss (Grabbing)", attacker)
            return Grab(roll, None, then, None, None)
        reaction = break_free(
            them.brawn,
            them.agility,
            attacker_brawn=me.brawn,
            attacker_agility=me.agility,
            extreme=roll.extreme,
            dice=self._dice(reaction_dice),
            automatic=self._automatic_roll(target, False),
        )
        freed = "breaks free" if reaction.success else "is caught"
        self._event(
            "grab",
            f"{attacker} grabs {target}: {shown}: hit; {target} tries to break free: greater of "
            f"Brawn/Agility {reaction.attribute} + 2d6 ({reaction.dice[0]}+{reaction.dice[1]}) = "
            f"{reaction.total} vs {reaction.difficulty}{by_plot_point(reaction)}: {freed} "
            "(Grabbing)",
            attacker,
        )
        if reaction.success:
            return Grab(roll, reaction, then, None, None)
        harm, feet = None, None
        if flight is not None:
            feet = flight.feet
            self._event(
                "throw",
                f"{attacker} throws {target} {feet:g} ft: Brawn {me.brawn} - "
                f"Lifts rank {flight.weight_rank} ({them.weight_lbs:g} lb) = Throws rank "
                f"{flight.rank} (Throwing)",
                attacker,
                {"feet": feet},
            )
            harm = self._harm(target, flight.dr, False, False, "the impact")
        elif then == "trip":
            strike = trip(me.agility)
            harm = self._harm(target, strike.dr, strike.stunning, False, "the trip")
            self._give_condition(
                target,
                PRONE.give(self._turns, "end", target, rule="Tripping"),
            )
        else:
            self._hold(attacker, target)
            harm = self._grapple(attacker, target, then)
        return Grab(roll, reaction, then, harm, feet)

    @command
    def grapple(self, grappler: str, action: str) -> Harm | None:
        """On a later turn, a grappler holding someone holds on, squeezes them, or uses them as
        a shield again (seed 004, "Grappling": "the attacker may then do one of the following
        during this round")."""
        grappler = self._known(grappler)
        self._need_resolved()
        self._need_turn(grappler, "grapple")
        action = check_choice(action, GRAPPLE_ACTIONS, "grapple")
        held = self.holding(grappler)
        if held is None:
            raise RuleError(f"{grappler} is holding nobody: grab someone first.")
        return self._grapple(grappler, held, action)

    @command
    def let_go(self, grappler: str) -> None:
        """``grappler`` lets go of whoever they hold (a free action, any time)."""
        grappler = self._known(grappler)
        held = self.holding(grappler)
        if held is None:
            raise RuleError(f"{grappler} is holding nobody.")
        self._release(grappler, f"{grappler} lets go")

    @command
    def break_free(
        self, name: str, *, dice: Sequence[int] | None = None, plot_point: bool = False
    ) -> Task:
        """``name``, held, tries to break the grapple on their turn: the greater of their Brawn
        and Agility against 8 + the grappler's greater, as when first grabbed (seed 004,
        "Grabbing"; "until they break the grapple", "Grappling"). ``plot_point=True``: an
        automatic success (seed 004, "Automatic Success")."""
        name = self._known(name)
        grappler = self.held_by(name)
        if grappler is None:
            raise RuleError(f"{name} is not held.")
        self._need_resolved()
        self._need_turn(name, "try to break free")
        me, them = self._sheet(name), self._sheet(grappler)
        automatic = self._automatic_roll(name, plot_point)
        roll = break_free(
            me.brawn,
            me.agility,
            attacker_brawn=them.brawn,
            attacker_agility=them.agility,
            dice=self._dice(dice),
            automatic=automatic,
        )
        self._event(
            "break free",
            f"{name} tries to break {possessive(grappler)} hold: greater of Brawn/Agility "
            f"{roll.attribute} + 2d6 ({roll.dice[0]}+{roll.dice[1]}) = {roll.total} vs "
            f"{roll.difficulty}{by_plot_point(roll)}: "
            f"{'breaks free' if roll.success else 'still held'} (Grappling; {BREAKING_FREE})",
            name,
        )
        if roll.success:
            self._release(grappler, f"{name} breaks free")
        return roll

    def _hold(self, grappler: str, target: str) -> None:
        self._give_condition(
            target,
            HELD.give(0, by=grappler),
        )
        self._give_condition(grappler, HOLDING.give(0, note=target))

    def _grapple(self, grappler: str, target: str, action: str) -> Harm | None:
        """One round of a grapple: hold on, squeeze, or interpose (seed 004, "Grappling")."""
        if action == "squeeze":
            me = self._sheet(grappler)
            strike = squeeze(me.brawn, me.agility)
            return self._harm(target, strike.dr, strike.stunning, False, "the squeeze")
        if action == "interpose":
            self._give_condition(
                grappler, INTERPOSING.give(self._turns, "start", grappler, note=f"behind {target}")
            )
        self._event(
            action,
            f"{grappler} {'holds' if action == 'hold' else 'interposes'} "
            f"{target}: {GRAB_OPTIONS[action]} (Grappling)",
            grappler,
        )
        return None
