"""Blackout combat (seed 002): an action with its AP, an attack test with the exact chance of
beating the target's passive evasion, the damage test of a hit with the chance of each hit-point
total it leaves, the Endurance [Vitality] test of someone out of the fight, healing, a surprise
attack, a fall (``combat.js``)."""

from __future__ import annotations

from typing import Any

from bpb_widgets.blackout import Blackout
from bpb_widgets.blackout.panels.state import CombatState
from bpb_widgets.engine.dice import Dice
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._choosing import ChoosingAttack
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta
from bpb_widgets.widgets._odds import bars, exact


class CombatPart(ChoosingAttack[Blackout]):
    """The current combatant acts, attacks (odds first), rolls damage on a hit, tests Vitality
    when out of the fight; anyone heals. Pools are rolled with the rule set's die, or the
    physical dice or the successes counted at the table are typed in."""

    key = "combat"
    state_type = CombatState
    title = "Actions and tests"
    role = "attack"
    encounter_type = Blackout

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        if delta is None:
            self.put("kinds", list(enc.actions))
            self.put("terrain", list(enc.terrain))
            self.put("selection", {})
            self.put("damage", {"pool": 4, "non_lethal": False, "ranged": False})
            self.put("result", {})
            self.put("form_error", {})
        else:
            self.follow_result()
            self.forget_the_gone()
        if delta is None or delta.roster:
            self.put("names", enc.names)
            self.put("sides", {name: enc.side_of(name) for name in enc.names})
        self.put("current", enc.current)
        self.put("turn", f"{possessive(enc.current)} turn" if enc.current else "")
        self.put("ap", None if enc.current is None else enc.ap(enc.current))
        self.put("one_two", enc.one_two)
        self.put("vitality_due", enc.vitality_due)
        self._follow_turn()
        self.put("preview", self._attack_odds())
        hit = enc.pending_hit
        self.put(
            "hit",
            None
            if hit is None
            else {"attacker": hit.attacker, "target": hit.target, "critical": hit.critical},
        )
        self.put("damage_preview", self._damage_odds())

    def _follow_turn(self) -> None:
        """The attacker is whoever's turn it is unless the GM chose otherwise this turn; the
        target, the first foe (another side) still in the fight."""
        enc = self.encounter
        attacker = self.new_attacker()
        if attacker is None:
            return
        side = enc.side_of(attacker)
        foe = self.first_foe(attacker)
        self.put(
            "selection",
            {
                "turn": enc.turns,
                "attacker": attacker,
                "target": foe,
                "pool": enc.min_attack_dice,
                "ap": 1,
                "take_time": False,
                "friend": bool(side) and foe is not None and enc.side_of(foe) == side,
            },
        )

    def _attack_odds(self) -> dict[str, Any]:
        s = self.state["selection"]
        if not s or s.get("target") is None:
            return {}
        try:
            preview = self.encounter.attack_preview(
                s["attacker"], s["target"], s["pool"], friend=s.get("friend", False)
            )
        except RuleError as exc:
            return {"refused": str(exc)}
        return {
            "pool": preview.pool,
            "difficulty": preview.difficulty,
            "success": exact(preview.success),
            "critical": exact(preview.critical),
            "distribution": bars(preview.successes),
        }

    def _damage_odds(self) -> dict[str, Any]:
        if self.encounter.pending_hit is None:
            return {}
        try:
            preview = self.encounter.damage_preview(self.state["damage"]["pool"])
        except RuleError as exc:
            return {"refused": str(exc)}
        return {
            "target": preview.target,
            "armor": preview.armor,
            "dr": preview.dr,
            "hp": preview.hp,
            "out": exact(preview.out_of_fight),
            "distribution": bars(preview.hp_after),
        }

    # -- commands ----------------------------------------------------------------------------

    @panel_command
    def choose(
        self,
        attacker: str,
        target: str,
        pool: int = 4,
        ap: int = 1,
        take_time: bool = False,
        friend: bool = False,
    ) -> None:
        """Set up the attack test and preview its odds."""
        enc = self.encounter
        self.choose_attack(
            {
                "turn": enc.turns,
                "attacker": enc.combatant(attacker).name,
                "target": enc.combatant(target).name,
                "pool": pool,
                "ap": ap,
                "take_time": take_time,
                "friend": friend,
            },
        )
        self.put("preview", self._attack_odds())

    @panel_command
    def attack(
        self,
        dice: Dice | None = None,
        successes: int | None = None,
        one_two: bool = False,
        reaction: bool = False,
    ) -> None:
        """Make the attack test set up: rolled, the physical ``dice``, or the ``successes``
        counted at the table; a ``one_two`` attack after a hit, or a ``reaction``."""
        s = self.state["selection"]
        if not s or s.get("target") is None:
            raise RuleError("Choose who attacks whom first.")
        pool = None if successes is not None else s["pool"]
        self.record(
            lambda: self.encounter.attack_test(
                s["attacker"],
                s["target"],
                successes,
                pool=pool,
                dice=dice,
                ap=s["ap"],
                take_time=s["take_time"],
                one_two=one_two,
                reaction=reaction,
                friend=s["friend"],
            )
        )

    @panel_command
    def choose_damage(self, pool: int, non_lethal: bool = False, ranged: bool = False) -> None:
        """The damage test's pool, and whether the attack is non-lethal (and ranged)."""
        self.put("damage", {"pool": pool, "non_lethal": non_lethal, "ranged": ranged})
        self.put("damage_preview", self._damage_odds())

    @panel_command
    def damage(
        self, dice: Dice | None = None, successes: int | None = None, vitality: int | None = None
    ) -> None:
        """The damage test of the hit waiting (``vitality``: the target's Endurance [Vitality]
        successes, when a non-lethal attack takes them out of the fight)."""
        d = self.state["damage"]
        pool = None if successes is not None else d["pool"]
        self.record(
            lambda: self.encounter.damage_test(
                successes,
                pool=pool,
                dice=dice,
                non_lethal=d["non_lethal"],
                ranged=d["ranged"],
                vitality=vitality,
            )
        )

    @panel_command
    def vitality(
        self, pool: int | None = None, dice: Dice | None = None, successes: int | None = None
    ) -> None:
        """The Endurance [Vitality] test of whoever is out of the fight at the start of their
        turn."""
        name = self.encounter.vitality_due
        if name is None:
            raise RuleError("Nobody has an Endurance [Vitality] test to make.")
        pool = None if successes is not None else pool
        self.record(lambda: self.encounter.vitality_test(name, successes, pool=pool, dice=dice))

    @panel_command
    def heal(
        self,
        healer: str,
        target: str,
        pool: int | None = None,
        dice: Dice | None = None,
        successes: int | None = None,
    ) -> None:
        """A Heal HP action: Intelligence [Medicine], 2 HP a success."""
        pool = None if successes is not None else pool
        self.record(lambda: self.encounter.heal(healer, target, successes, pool=pool, dice=dice))

    @panel_command
    def act(
        self,
        kind: str,
        ap: int | None = None,
        take_time: bool = False,
        stamina: int = 0,
        terrain: str | None = None,
        note: str = "",
        name: str | None = None,
    ) -> None:
        """``name`` (whoever's turn it is) takes an action, spending its AP."""
        who = name or self.encounter.current
        if who is None:
            raise RuleError("It is nobody's turn: name who reacts.")
        self.record(
            lambda: self.encounter.act(
                who,
                kind,
                ap,
                take_time=take_time,
                stamina=stamina,
                terrain=terrain or None,
                note=note,
            )
        )

    @panel_command
    def surprise(self, attackers: list[int], defenders: dict[str, object]) -> None:
        """A surprise attack: each attacker's Dexterity [Sneak] successes and each defender's
        Insight [Perception] successes (by name); below the attackers' average is surprised
        (seed 002, "Surprise Attacks")."""
        self.on_form(
            "surprise",
            lambda: self._blame_surprise(attackers, defenders),
            lambda: self.record(
                lambda: self.encounter.surprise(attackers, defenders)  # type: ignore[arg-type]
            ),
        )

    def _blame_surprise(self, attackers: object, defenders: object) -> str:
        """Which part of a surprise attack a refusal is about: the attackers' Sneak successes
        when the rules refuse them against no defender, else the defenders' Perception."""
        try:
            self.encounter.check_sneak(attackers)  # type: ignore[arg-type]
        except (RuleError, TypeError):
            return "attackers"
        return "defenders"

    @panel_command
    def fall(
        self, name: str, feet: float, successes: int | None = None, dice: Dice | None = None
    ) -> None:
        """``name`` falls ``feet``: D3 direct damage per 5 ft from 10 ft and prone, halved and
        not prone with enough Endurance [Fortitude] ``successes`` (blank: no test); the
        physical ``dice`` typed, else rolled (seed 002, "Falling")."""
        self.on_form(
            "fall",
            lambda: self._blame_fall(name, feet, successes, dice),
            lambda: self.record(
                lambda: self.encounter.fall(name, feet, successes=successes, rolled=dice)
            ),
        )

    def _blame_fall(self, name: str, feet: float, successes: int | None, dice: Dice | None) -> str:
        """Which field of the fall a refusal is about: the first the rules refuse, taken in
        the order the form reads (who, the height, the test, the dice)."""
        if name not in self.encounter.names:
            return "name"
        tries: list[tuple[str, dict[str, Any]]] = [
            ("feet", {}),
            ("successes", {"successes": successes}),
            ("dice", {"successes": successes, "rolled": dice}),
        ]
        for blamed, given in tries:
            try:
                self.encounter.check_fall(feet, **given)
            except RuleError:
                return blamed
        return ""
