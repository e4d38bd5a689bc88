"""An attack from start to finish (Bulletproof Blues): attacker, target and power, range and
circumstances, the exact odds before the roll; on a hit the target's answers right there with
their odds and cost (block, dodge, dive for cover, take the hit); an extreme success's effect;
the damage. Grabs, grapples, throws and trips, letting go and breaking free
(``attack.js``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from bpb_widgets.bpb import ATTACK_KINDS, Attack, BulletproofBlues
from bpb_widgets.bpb.panels.payloads import (
    DEFAULT_RANK,
    choices,
    defense_payload,
    odds_payload,
    plot_offer,
    ranks,
)
from bpb_widgets.bpb.panels.state import AttackState
from bpb_widgets.bpb.rules import EXPLOSION_DIFFICULTY
from bpb_widgets.engine.dice import Dice, check_dice
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._choosing import ChoosingAttack
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta

#: The setup fields the GM chooses.
SETUP = (
    "attacker",
    "target",
    "power",
    "rank",
    "kind",
    "hand_to_hand",
    "distance",
    "attack_bonus",
    "defense_bonus",
    "targets",
    "outer",
)
#: The most combatants offered to take a hit in its target's place.
INTERPOSERS = 6
#: What the GM last chose for an attacker, offered again on their next turn.
REMEMBERED = ("power", "rank", "kind", "hand_to_hand", "target")
#: A grab's follow-ups (the engine's ``grab(then=...)``, seed 004 "Grabbing", "Throwing",
#: "Tripping") and a grapple's actions (``grapple(action=...)``, "Grappling"), as the GM reads them.
FOLLOW_UPS = {
    "hold": "hold them",
    "squeeze": "squeeze them",
    "interpose": "use them as a shield",
    "throw": "throw them",
    "trip": "trip them",
}
GRAPPLE_ACTIONS = {"hold": "Hold on", "squeeze": "Squeeze", "interpose": "Use as a shield"}


class AttackPart(ChoosingAttack[BulletproofBlues]):
    """The attack on the current turn, and the hit waiting for its target's answer."""

    key = "attack"
    state_type = AttackState
    title = "Attack"
    role = "attack"
    encounter_type = BulletproofBlues

    def __init__(self, host: Any, encounter: BulletproofBlues) -> None:
        super().__init__(host, encounter)
        #: What the GM last attacked with, by attacker (``REMEMBERED``).
        self._last: dict[str, dict[str, Any]] = {}

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None:
            offered = choices(enc.task_choices)
            self.put("follow_ups", [list(pair) for pair in FOLLOW_UPS.items()])
            self.put("grapple_actions", [list(pair) for pair in GRAPPLE_ACTIONS.items()])
            self.put("kinds", list(ATTACK_KINDS))
            self.put("ranks", ranks())
            self.put("circumstances", {"attack": offered["attack"], "defense": offered["defense"]})
            self.put("selection", {})
            self.put("result", {})
            self.put("form_error", {})
        else:
            self.follow_result()
            self.forget_the_gone()
        if delta is None or delta.roster:
            self.put("names", enc.names)
            self.put("powers", {name: self._powers(name) for name in enc.names})
            self.put("sides", {name: enc.side_of(name) for name in enc.names})
        self.put("current", enc.current)
        self._follow_turn()
        self.put("preview", self._preview())
        self.put("pending", [self._hit(hit) for hit in enc.pending_hits])
        self.put("answers", self._answers())
        self._follow_attacker()

    def _follow_attacker(self) -> None:
        """What follows the attacker chosen: their grapple, and the plot points of who rolls
        next (the attacker, or the target answering a hit)."""
        enc = self.encounter
        self.put("grapple", self._grapple())
        hit = enc.pending_attack
        roller = hit.target if hit is not None else self.state["selection"].get("attacker")
        self.put("plot", plot_offer(enc, roller))

    def _grapple(self) -> dict[str, Any]:
        """The attacker's grapple: whom they hold, who holds them."""
        attacker = self.state["selection"].get("attacker")
        if attacker not in self.encounter.names:
            return {}
        enc = self.encounter
        return {"holding": enc.holding(attacker), "held_by": enc.held_by(attacker)}

    def _powers(self, name: str) -> list[dict[str, Any]]:
        return [power.to_dict() for power in self.encounter.combatant(name).attacks]

    def _follow_turn(self) -> None:
        """The attacker is the current combatant unless the GM chose otherwise this turn; the
        target, a foe (another side) who can be attacked; the power, the first on the sheet."""
        enc = self.encounter
        attacker = self.new_attacker()
        if attacker is None:
            return
        powers = enc.combatant(attacker).attacks
        chosen = {
            "target": self.first_foe(attacker),
            "power": powers[0].name if powers else None,
            "rank": None if powers else DEFAULT_RANK,
            "kind": None,
            "hand_to_hand": None,
        }
        chosen.update(self._remembered(attacker))
        self.put(
            "selection",
            {
                "turn": enc.turns,
                "attacker": attacker,
                **chosen,
                "distance": None,
                "attack_bonus": [],
                "defense_bonus": [],
                "targets": [],
                "outer": [],
            },
        )

    def _remembered(self, attacker: str) -> dict[str, Any]:
        """What ``attacker`` last attacked with and whom, where it still holds: the attack
        (sheet or typed in, with its rank, kind and hand-to-hand), and the target while still in
        the fight."""
        enc = self.encounter
        last = dict(self._last.get(attacker, {}))
        if last.get("power") is not None and enc.combatant(attacker).power(last["power"]) is None:
            last = {k: v for k, v in last.items() if k == "target"}
        target = last.pop("target", None)
        if target in enc.names and not enc.turn_state(target).out:
            last["target"] = target
        return last

    def _exploding(self) -> bool:
        s = self.state["selection"]
        if s.get("kind") == "exploding":
            return True
        listed = (
            self.encounter.combatant(s["attacker"]).power(s["power"]) if s.get("power") else None
        )
        return listed is not None and listed.kind == "exploding" and s.get("kind") is None

    def _preview(self) -> dict[str, Any]:
        s = self.state["selection"]
        if not s or s.get("target") is None:
            return {}
        try:
            if self._exploding():
                return {"exploding": True, "difficulty": EXPLOSION_DIFFICULTY}
            preview = self.encounter.attack_preview(**self._arguments(s))
        except RuleError as exc:
            return {"refused": str(exc)}
        return {
            "roll": preview.roll_text,
            "against": preview.against_text,
            "automatic": list(preview.automatic),
            "effects": list(preview.effects),
            "weapon": {
                "name": preview.weapon.name,
                "rank": preview.weapon.rank,
                "kind": preview.weapon.kind,
                "dr": preview.weapon.dr,
                "stunning": preview.weapon.stunning,
            },
            **odds_payload(preview.odds),
        }

    @staticmethod
    def _arguments(s: dict[str, Any]) -> dict[str, Any]:
        """A selection as ``attack`` arguments."""
        return {
            "attacker": s["attacker"],
            "target": s["target"],
            "rank": s.get("rank"),
            "power": s.get("power"),
            "kind": s.get("kind"),
            "hand_to_hand": s.get("hand_to_hand"),
            "distance": s.get("distance"),
            "attack_bonus": s.get("attack_bonus") or [],
            "defense_bonus": s.get("defense_bonus") or [],
        }

    @staticmethod
    def _hit(hit: Attack) -> dict[str, Any]:
        return {
            "attacker": hit.attacker,
            "target": hit.target,
            "power": hit.power,
            "rank": hit.rank,
            "kind": hit.kind,
            "dr": hit.dr,
            "extreme": hit.roll.extreme and hit.kind != "exploding",
            "effect": hit.effect,
            "title": f"{possessive(hit.attacker)} {hit.power} (rank {hit.rank}"
            + ("" if hit.kind == "normal" else f", {hit.kind}")
            + f") hits {hit.target}",
        }

    def _answers(self) -> dict[str, Any]:
        """What the target of the first hit waiting can do, each with its odds and its cost."""
        enc = self.encounter
        hit = enc.pending_attack
        if hit is None:
            return {}
        target = hit.target
        answers: dict[str, Any] = {"target": target, "attacker": hit.attacker}
        if hit.roll.extreme and hit.effect is None and hit.kind != "exploding":
            answers["choose_effect"] = [
                e
                for e in ("overwhelming", "slamming", "staggering")
                if hit.endurance or e == "overwhelming"
            ]
        power = hit.power if not hit.endurance and enc.combatant(target).power(hit.power) else None
        for kind in ("block", "dodge"):  # an answer's card shows its chance, not a chart
            try:
                preview = enc.defense_preview(kind, target, power=power)
                answers[kind] = defense_payload(preview, chart=False)
            except RuleError as exc:
                answers[kind] = {"refused": str(exc)}
        try:
            answers["cover"] = {"consequence": enc.cover_preview(target)}
        except RuleError as exc:
            answers["cover"] = {"refused": str(exc)}
        harm = enc.hit_preview(target)
        answers["take"] = (
            {"effect": f"{hit.power} is not Endurance damage: the GM says what it does"}
            if harm is None
            else {
                "damage": harm.damage,
                "stunning": harm.stunning,
                "penetrating": hit.penetrating,
                "protection": harm.protection,
                "dr": harm.dr,
                "before": harm.before.current,
                "after": harm.after.current,
                "out": harm.after.out,
            }
        )
        answers["power"] = power
        answers["interpose"] = self._interposers(hit)
        return answers

    def _interposers(self, hit: Attack) -> list[dict[str, str]]:
        """Who may take ``hit`` in its target's place (on the target's side, when they have
        one), each with what it costs them (seed 000, "Forcing An Action")."""
        enc = self.encounter
        side = enc.side_of(hit.target)
        able = [
            name
            for name in enc.interposers(hit.target)
            if name not in (hit.target, hit.attacker) and (not side or enc.side_of(name) == side)
        ]
        return [
            {"name": n, "cost": enc.interpose_preview(n, hit.target)} for n in able[:INTERPOSERS]
        ]

    # -- commands ----------------------------------------------------------------------------

    @panel_command
    def choose(
        self,
        attacker: str,
        target: str | None = None,
        power: str | None = None,
        rank: int | None = None,
        kind: str | None = None,
        hand_to_hand: bool | None = None,
        distance: float | None = None,
        attack_bonus: list[str] | None = None,
        defense_bonus: list[str] | None = None,
        targets: list[str] | None = None,
        outer: list[str] | None = None,
    ) -> None:
        """Set up the attack and preview its odds."""
        enc = self.encounter
        attacker = enc.combatant(attacker).name
        if target is not None:
            target = enc.combatant(target).name
        self.choose_attack(
            {
                "turn": enc.turns,
                "attacker": attacker,
                "target": target,
                "power": power or None,
                "rank": rank,
                "kind": kind or None,
                "hand_to_hand": hand_to_hand,
                "distance": distance,
                "attack_bonus": attack_bonus or [],
                "defense_bonus": defense_bonus or [],
                "targets": targets or [],
                "outer": outer or [],
            },
        )
        self.put("preview", self._preview())
        self._follow_attacker()

    @panel_command
    def roll(self, dice: Dice | None = None, plot_point: bool = False) -> None:
        """Make the attack set up (``dice``: physical dice; ``plot_point``: an automatic success
        bought with a plot point); an exploding power catches the ``targets``, the ``outer``
        ones in the outer half of its radius. A refusal names the dice or the plot point."""
        self.on_form(
            "roll", lambda: _blame_roll(dice, plot_point), lambda: self._roll(dice, plot_point)
        )

    def _roll(self, dice: Dice | None, plot_point: bool) -> None:
        s = self.state["selection"]
        if not s:
            raise RuleError("Choose who attacks whom first.")
        if self._exploding():
            caught = s.get("targets") or ([s["target"]] if s.get("target") else [])
            self.record(
                lambda: self.encounter.explode(
                    s["attacker"],
                    caught,
                    s.get("rank"),
                    power=s.get("power"),
                    outer=s.get("outer") or [],
                    attack_bonus=s.get("attack_bonus") or [],
                    dice=dice,
                    plot_point=plot_point,
                )
            )
        else:
            if s.get("target") is None:
                raise RuleError("Choose whom to attack.")
            self.record(
                lambda: self.encounter.attack(
                    **self._arguments(s), dice=dice, plot_point=plot_point
                )
            )
        self._last[s["attacker"]] = {key: s.get(key) for key in REMEMBERED}

    @panel_command
    def grab(self, follow_up: str, dice: Dice | None = None, plot_point: bool = False) -> None:
        """The attacker grabs the target, who tries to break free, and a caught target is then
        held, squeezed, used as a shield, thrown or tripped (``follow_up``). ``dice``: the
        grab's two physical dice, and the target's two to break free after them (left out:
        rolled). ``plot_point``: the grab an automatic success."""
        s = self.state["selection"]
        if not s or s.get("target") is None:
            raise RuleError("Choose who grabs whom first.")
        grab, reaction = _split(dice)
        self.on_form(
            "grab",
            lambda: "follow_up" if follow_up not in FOLLOW_UPS else _blame_roll(dice, plot_point),
            lambda: self.record(
                partial(
                    self.encounter.grab,
                    s["attacker"],
                    s["target"],
                    follow_up,
                    dice=grab,
                    reaction_dice=reaction,
                    plot_point=plot_point,
                )
            ),
        )

    @panel_command
    def grapple(self, action: str) -> None:
        """The attacker, holding someone, holds on, squeezes them or uses them as a shield."""
        attacker = self._attacker()
        self.record(lambda: self.encounter.grapple(attacker, action))

    @panel_command
    def let_go(self) -> None:
        """The attacker lets go of whoever they hold."""
        attacker = self._attacker()
        self.record(lambda: self.encounter.let_go(attacker))

    @panel_command
    def break_free(self, dice: Dice | None = None, plot_point: bool = False) -> None:
        """The attacker, held, tries to break free on their turn (``dice``: physical dice;
        ``plot_point``: an automatic success)."""
        attacker = self._attacker()
        self.on_form(
            "break_free",
            lambda: _blame_roll(dice, plot_point),
            lambda: self.record(
                lambda: self.encounter.break_free(attacker, dice=dice, plot_point=plot_point)
            ),
        )

    def _attacker(self) -> str:
        attacker = self.state["selection"].get("attacker")
        if not isinstance(attacker, str):
            raise RuleError("Start the fight: the attacker is whoever's turn it is.")
        return attacker

    @panel_command
    def effect(self, effect: str) -> None:
        """Choose what the extreme success does."""
        self.encounter.choose_effect(effect)

    @panel_command
    def answer(
        self,
        how: str,
        dice: Dice | None = None,
        reaction_dice: Dice | None = None,
        reached: bool = True,
        instead: str | None = None,
        plot_point: bool = False,
        end_turn: bool = False,
    ) -> None:
        """The target of the first hit waiting answers it: "block", "dodge", "cover" (dive for
        cover; ``reached``: cover within a normal move) or "take" (``instead``: someone else
        takes it in the target's place, a forced action of theirs). ``end_turn``: the GM's
        "End the turn with the answer" (table mode's one click less a turn): once no hit waits,
        the attacker's turn ends, a command of its own (Undo takes it back first)."""
        enc = self.encounter
        hit = enc.pending_attack
        if hit is None:
            raise RuleError("No hit is waiting for an answer.")
        power = self.state["answers"].get("power")
        answers: dict[str, Callable[[], object]] = {
            "block": lambda: enc.block(
                hit.target,
                power=power,
                dice=dice,
                reaction_dice=reaction_dice,
                plot_point=plot_point,
            ),
            "dodge": lambda: enc.dodge(
                hit.target,
                power=power,
                dice=dice,
                reaction_dice=reaction_dice,
                plot_point=plot_point,
            ),
            "cover": lambda: enc.dive_for_cover(hit.target, reached=reached),
            "take": lambda: enc.take_hit(hit.target, instead=instead, reaction_dice=reaction_dice),
        }

        def run() -> None:
            if instead is not None and how != "take":
                raise RuleError(f"Someone else takes a hit for its target; they do not {how} it.")
            if plot_point and how not in ("block", "dodge"):
                raise RuleError(f"A plot point buys a roll's success; there is no roll to {how}.")
            if how not in answers:
                raise RuleError(f"A hit is answered by block, dodge, cover or take; not {how!r}.")
            if self.state["result"]:  # the attack's result goes on with the answer's lines
                answers[how]()
            else:
                self.record(answers[how])
            if end_turn and not enc.pending_hits and enc.current == hit.attacker:
                enc.end_turn()

        self.on_form(
            "answer",
            lambda: "instead" if instead is not None else _blame_roll(dice, plot_point),
            run,
        )


def _blame_roll(dice: Dice | None, plot_point: bool) -> str:
    """Which box a refused roll is about: the dice typed, when they are not two d6 (a grab's
    two, then the target's two), else the plot point spent on it, else none."""
    for typed in _split(dice):
        try:
            if typed is not None:
                check_dice(typed)
        except RuleError:
            return "dice"
    return "plot_point" if plot_point else ""


def _split(dice: Dice | None) -> tuple[Dice | None, Dice | None]:
    """A grab's typed dice: its own two, then the target's two to break free (rolled when only
    two are typed)."""
    if dice is None or len(dice) <= 2:
        return dice, None
    return dice[:2], dice[2:]
