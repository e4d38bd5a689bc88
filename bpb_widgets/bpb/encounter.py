"""``BulletproofBlues``: the encounter class of Bulletproof Blues 2e, running its 2014 and 2012
rule sets (seeds 000/001 and 004)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bpb_widgets.bpb.defending import Defending
from bpb_widgets.bpb.grabs import Grabbing
from bpb_widgets.bpb.order_of_play import OrderOfPlay
from bpb_widgets.bpb.recovery import Recovery
from bpb_widgets.bpb.rule_sets import BPB2012, BPB2014
from bpb_widgets.bpb.task_rolls import TaskRolls
from bpb_widgets.engine import rule_texts
from bpb_widgets.engine.encounter import Controls, HandAction
from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.engine.rule_texts import RuleText
from bpb_widgets.engine.storage import Record

#: What a plot point spent on an automatic success before format 3 replays as.
UNAPPLIED = "an automatic success, spent before plot points took effect in play (not applied)"


class BulletproofBlues(OrderOfPlay, Defending, Grabbing, Recovery, TaskRolls, default=True):
    """A Bulletproof Blues 2e fight: the order of play by awareness or Perception, delaying,
    forcing, blocking and dodging, tasks, attacks, damage, effects, grappling and plot points.

    ``Encounter(rules="bpb2e")`` (the default) and ``Encounter(rules="bpb2e-wiki")`` make one.
    """

    rule_sets: ClassVar[tuple[RuleSet, ...]] = (BPB2014, BPB2012)
    title: ClassVar[str] = "Bulletproof Blues"
    panels: ClassVar[tuple[str, ...]] = ("strip", "roster", "attack", "task", "log", "files")
    rule_texts: ClassVar[Mapping[str, RuleText]] = rule_texts.load("bpb_widgets.bpb")
    started_order: ClassVar[str] = (
        "The order of play now changes when the GM declares it (from the next round), and by "
        "delaying, forcing and extreme blocks and dodges (Order Of Play)."
    )
    controls: ClassVar[Controls] = Controls(
        roll_order="Roll order",
        roll_order_help="Perception task rolls, highest first (Order Of Play)",
    )
    hand_actions: ClassVar[tuple[HandAction, ...]] = (
        HandAction("Damage", "damage", "amount"),
        HandAction("Heal", "heal", "amount"),
        HandAction("Recover", "recover", "all"),
        HandAction("Rest", "rest", "names"),
    )

    #: The rule options that play a fight saved before format 3 as it was played: the rules
    #: issue 32 corrected (docs/rules.md, "Fights saved by earlier versions").
    BEFORE_FORMAT_3: ClassVar[dict[str, Any]] = {
        "preempted_defense_forced": False,
        "interposing_forced": False,
        "expertise_covers_skill": False,
        "declare_order_this_round": False,
        "keep_powers_needs_activated": False,
    }

    @classmethod
    def upgrade_options(cls, version: int, options: dict[str, Any]) -> dict[str, Any]:
        """Version 1 spelled ``continued_defence_penalty``, and its fights held delayed turns
        into the next turn of the holder (``delay_later_in_round=False``); fights saved before
        version 3 go on under the rules they were played with (``BEFORE_FORMAT_3``)."""
        if version >= 3:
            return options
        if version == 1:
            options = {k.replace("defence", "defense"): v for k, v in options.items()}
            options["delay_later_in_round"] = False
        return {**options, **cls.BEFORE_FORMAT_3}

    @classmethod
    def upgrade_record(cls, version: int, record: Record) -> Record:
        """Version 1 attacks said ``stunning=True`` or ``penetrating=True``; today an attack has
        a ``kind``. Before version 3 a plot point spent on an automatic success did nothing: it
        replays as one spent on something else, saying so, so that the rolls after it come out
        as they were played; and ``recover(names)`` was the rest, today's ``rest``."""
        args, command = record["args"], record["cmd"]
        if version < 3 and command == "spend_plot_point" and args.get("use") == "automatic_success":
            return {**record, "args": {**args, "use": "other", "note": UNAPPLIED}}
        if version < 3 and command == "recover":  # today's rest; recover is stunning damage back
            return {**record, "cmd": "rest"}
        if version != 1 or command != "attack" or not {"stunning", "penetrating"} & set(args):
            return record
        upgraded = {k: v for k, v in args.items() if k not in ("stunning", "penetrating")}
        if args.get("stunning") is True:
            upgraded["kind"] = "stunning"
        elif args.get("penetrating") is True:
            upgraded["kind"] = "penetrating"
        return {**record, "args": upgraded}
