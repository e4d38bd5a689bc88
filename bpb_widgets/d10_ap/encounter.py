"""``D10AP``: the encounter class of the "d10-ap" rule set: surprise checks, d10 initiative and
action-point dice rolled at the start of every turn (seed 003, "Surprise, Rounds, & Turns").

The arithmetic is :mod:`bpb_widgets.d10_ap.rules`; the sheet, the rule set and the previews have
their own modules (``sheet``, ``rule_sets``, ``previews``); this class keeps each combatant's
initiative, surprise penalty and this turn's AP, through the undo journal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from bpb_widgets.d10_ap import rules as d10
from bpb_widgets.d10_ap.previews import APPreview, SurprisePreview
from bpb_widgets.d10_ap.rule_sets import D10_AP, D10Rules
from bpb_widgets.d10_ap.sheet import SHEET_FIELDS, D10Combatant, make_sheet
from bpb_widgets.engine import rule_texts
from bpb_widgets.engine.checks import (
    check_note,
    check_sheet_fields,
    check_whole,
    noted,
)
from bpb_widgets.engine.command import command
from bpb_widgets.engine.encounter import Controls, HandAction, SheetField, Vitals
from bpb_widgets.engine.initiative import InitiativeEncounter
from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.engine.rule_texts import RuleText
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError

SEED = "seed 003"
#: The most AP the GM adds or takes at once.
MAX_AP_CHANGE = 20

#: The key of a penalty waiting for the combatant's first turn (a check before the fight).
FIRST_TURN = 0


class D10AP(InitiativeEncounter[D10Combatant]):
    """A d10-ap fight: surprise checks, d10 + AgB initiative (highest first), action-point dice
    rolled at the start of every turn (seed 003)."""

    rule_sets: ClassVar[tuple[RuleSet, ...]] = (D10_AP,)
    title: ClassVar[str] = "d10-ap"
    panels: ClassVar[tuple[str, ...]] = ("strip", "roster", "d10", "log", "files")
    #: ``vitals`` shows action points, not health (the player view describes no health).
    health_meter: ClassVar[bool] = False
    rule_texts: ClassVar[Mapping[str, RuleText]] = rule_texts.load("bpb_widgets.d10_ap")
    controls: ClassVar[Controls] = Controls(
        roll_order="Roll initiative",
        roll_order_help="d10 + AgB for everyone without initiative, highest first (seed 003)",
        ap_dice=True,
        ap_dice_help="AgB d10s for whoever's turn it is: each 5+ is 1 AP, plus 1 (seed 003)",
    )
    hand_actions: ClassVar[tuple[HandAction, ...]] = (HandAction("AP", "adjust_ap", "delta"),)
    rules: D10Rules

    def _setup(self) -> None:
        super()._setup()
        #: AP left this turn, and the turn's AP as rolled.
        self._ap: dict[str, int] = {}
        self._ap_rolled: dict[str, int] = {}
        #: Surprise penalties waiting: name -> ((the turn they apply to, AP), ...); the turn is
        #: FIRST_TURN (a check before the fight) or the number of the round that follows a check
        #: during the fight. Each is applied when its turn rolls AP dice, or lapses with it.
        self._surprise: dict[str, tuple[tuple[int, int], ...]] = {}

    # ------------------------------------------------------------------ hooks

    def _dismiss(self, name: str) -> None:
        """A combatant who leaves takes their AP and surprise penalties."""
        super()._dismiss(name)
        for table in (self._ap, self._ap_rolled, self._surprise):
            self._journal.pop(table, name)

    def _edited(self, before: D10Combatant, after: D10Combatant) -> None:
        """A new AgB or initiative bonus counts with the d10 already rolled: the initiative is
        d10 + AgB + bonus (seed 003, "Step 2- Determine Initiative"), in force from the next
        round's order; the AP dice of later turns use the new AgB."""
        name = after.name
        rolled = self._initiative.get(name)
        same = (before.agb, before.initiative_bonus) == (after.agb, after.initiative_bonus)
        if rolled is None or same:
            return
        now = d10.initiative(after.agb, roll=rolled.roll, bonus=after.initiative_bonus)
        self._journal.set(self._initiative, name, now)
        self._event(
            "initiative",
            f"{possessive(name)} initiative is now d10 ({rolled.roll}) + AgB {after.agb}"
            f"{f' + {after.initiative_bonus}' if after.initiative_bonus else ''} = {now.total} "
            f"(was {rolled.total}) (Step 2- Determine Initiative, {SEED})",
            name,
        )

    def make_sheet(self, name: object, **sheet: Any) -> D10Combatant:
        """d10-ap (seed 003): ``agb``, ``awarb``, ``traits``, ``initiative_bonus``."""
        check_sheet_fields(sheet, SHEET_FIELDS, "d10-ap", SEED)
        return make_sheet(name, **sheet)

    def _roll_one(self, name: str, dice: object, rolled: object) -> int:
        """d10 + AgB + bonuses, highest first, ``rolled`` a physical d10 (``roll=``; seed 003,
        "Step 2- Determine Initiative")."""
        if dice is not None:
            raise RuleError("d10-ap initiative is one d10: give roll=, not dice=.")
        sheet = self._sheets[name]
        die = self._dice(None if rolled is None else (rolled,), count=1, sides=10)[0]
        result = d10.initiative(sheet.agb, roll=die, bonus=sheet.initiative_bonus)
        self._journal.set(self._initiative, name, result)
        bonus = f" + {sheet.initiative_bonus}" if sheet.initiative_bonus else ""
        self._event(
            "initiative",
            f"{name} rolls initiative: d10 ({die}) + AgB {sheet.agb}{bonus}"
            f" = {result.total} (Step 2- Determine Initiative, {SEED})",
            name,
            {"dice": [die], "total": result.total},
        )
        return result.total

    def _ranked(self) -> list[str]:
        ties = [n for n in self._tie_order if n in self._initiative]
        return list(d10.turn_order(self._initiative, tie_order=ties))

    def _turn_ended(self, name: str) -> None:
        self._journal.pop(self._ap, name)
        self._journal.pop(self._ap_rolled, name)
        # the turn is over: a penalty waiting for it (no AP dice were rolled) lapses
        self._lapse(name, lambda turn: turn in (FIRST_TURN, self._round), "its turn is over")

    def _new_round(self) -> None:
        """AP dice are rolled at the beginning of every turn (seed 003, "Turns"): a turn held
        into this round rolls its own, so the AP left from the round it was delayed in are gone;
        penalties for the round that ended lapse."""
        for name in [n for n in self._sheets if n in self._ap]:  # roster order: undo reorders
            self._journal.pop(self._ap, name)
            self._journal.pop(self._ap_rolled, name)
            self._event(
                "ap lost",
                f"{name} holds a delayed turn into round {self._round}: the AP rolled in round "
                f"{self._round - 1} are gone; the turn rolls its own AP dice when it begins "
                f"(Turns, {SEED})",
                name,
            )
        for name in [n for n in self._sheets if n in self._surprise]:
            self._lapse(name, lambda turn: FIRST_TURN < turn < self._round, "no AP dice that round")

    def _lapse(self, name: str, due: Callable[[int], bool], why: str) -> None:
        """Drop ``name``'s surprise penalties whose turn passes ``due`` (logged)."""
        pending = self._surprise.get(name, ())
        kept = tuple(entry for entry in pending if not due(entry[0]))
        if len(kept) == len(pending):
            return
        self._keep(self._surprise, name, kept)
        lost = " and ".join(f"-{ap} AP" for turn, ap in pending if due(turn))
        self._event(
            "surprise lapses",
            f"{possessive(name)} surprise penalty ({lost}) lapses: {why} "
            f"(Step 1- Determine Surprise, {SEED})",
            name,
        )

    def _initiative_value(self, name: str) -> int | None:
        entry = self._initiative.get(name)
        return None if entry is None else entry.total

    def _ap_max(self, name: str) -> int | None:
        return self._ap_rolled.get(name)

    # ------------------------------------------------------------------ reading the fight

    def ap(self, name: str) -> int | None:
        """This turn's AP left, once rolled; None before the roll."""
        return self._ap.get(self._known(name))

    @classmethod
    def sheet_fields(cls) -> tuple[SheetField, ...]:
        """A d10-ap sheet (seed 003): agility and awareness bonuses, surprise traits, an
        initiative bonus."""
        return (
            *super().sheet_fields(),
            SheetField("agb", "Agility bonus (AgB)", "rank", 3, 0, d10.MAX_BONUS),
            SheetField("awarb", "Awareness bonus (AwarB)", "rank", 3, 0, d10.MAX_BONUS),
            SheetField(
                "traits", "Surprise traits", "choices", [], choices=tuple(d10.SURPRISE_MODIFIERS)
            ),
            SheetField(
                "initiative_bonus",
                "Initiative bonus",
                "rank",
                0,
                -d10.MAX_INITIATIVE_BONUS,
                d10.MAX_INITIATIVE_BONUS,
            ),
        )

    def vitals(self, name: str) -> Vitals:
        """Action points: those left of this turn's roll, out of the most the AP dice can give
        (AgB + 1; seed 003, "Turns")."""
        name = self._known(name)
        most = self._sheets[name].agb + 1
        left, rolled = self.ap(name), self._ap_rolled.get(name)
        extra = () if rolled is None else (("rolled", rolled),)
        return Vitals("AP", left or 0, max(most, rolled or 0), extra=extra)

    def surprise_preview(self, name: str) -> SurprisePreview:
        """The exact chance that ``name`` is surprised, and of each AP penalty (seed 003)."""
        sheet = self.combatant(name)
        odds = d10.surprise_odds(sheet.awarb, traits=sheet.traits)
        return SurprisePreview(
            sheet.name, odds.awarb + odds.modifier, odds.modifier, odds.surprised, odds.penalties
        )

    def ap_preview(self, name: str) -> APPreview:
        """The exact chance of each AP ``name``'s AP dice can give, less any surprise penalty."""
        sheet = self.combatant(name)
        penalty = self.surprise_penalty(sheet.name)
        return APPreview(sheet.name, sheet.agb, penalty, d10.ap_odds(sheet.agb, penalty=penalty))

    def _applying(self, name: str) -> tuple[int, ...]:
        """The surprise penalties ``name``'s next AP roll this round takes: the one waiting for
        the first turn, and the one for this round."""
        now = max(self._round, 1)
        return tuple(ap for turn, ap in self._surprise.get(name, ()) if turn in (FIRST_TURN, now))

    def _combined(self, penalties: Sequence[int]) -> int:
        """Penalties on one turn, combined by the rule option ``surprise_same_turn``."""
        if not penalties:
            return 0
        return max(penalties) if self.rules.surprise_same_turn == "largest" else sum(penalties)

    def surprise_penalty(self, name: str) -> int:
        """The AP a surprise check will take from ``name``'s next AP roll this round (seed 003,
        "Step 1- Determine Surprise"): a check before the fight cuts the first turn, one during
        it the round after; both on one turn combine by ``surprise_same_turn``."""
        return self._combined(self._applying(self._known(name)))

    def surprise_penalties(self, name: str) -> tuple[tuple[int, int], ...]:
        """Every surprise penalty ``name`` has waiting: (turn, AP), the turn 0 for their first
        turn (a check before the fight) or the round a check during the fight applies to."""
        return self._surprise.get(self._known(name), ())

    @command
    def surprise_check(
        self, name: str, roll: int | None = None, *, now: Iterable[str] = ()
    ) -> d10.SurpriseCheck:
        """``name`` makes a surprise check: d10 against AwarB (+1 Paranoid, +1 Auspex / Motion
        Detector or a Screamer beyond 30 m, -1 unaware of a Screamer); over it, their first turn
        loses the difference in AP (a 10 always surprises and costs at least 1). ``now`` adds
        what holds for this check only, such as ``{"unaware of screamer"}``. A check during the
        fight applies to the following round; a penalty waiting from before the fight still
        applies to the first turn (seed 003, "Step 1- Determine Surprise")."""
        name = self._known(name)
        sheet = self._sheets[name]
        if isinstance(now, str):
            raise RuleError(f"Give what holds now as a set of traits, not {now!r}.")
        traits = sheet.traits | d10.check_traits(now)
        d10.surprise_modifier(traits)  # refuses clashing traits before the die
        die = self._dice(None if roll is None else (roll,), count=1, sides=10)[0]
        check = d10.surprise_check(
            sheet.awarb, roll=die, traits=traits, during_round=self._round or None
        )
        turn = check.round if self.started else FIRST_TURN
        if check.surprised:
            pending = self._surprise.get(name, ())
            self._journal.set(self._surprise, name, (*pending, (turn, check.ap_penalty)))
        when = (
            "the first turn of round 1, or their first turn if it comes later"
            if turn == FIRST_TURN
            else f"their turn in round {turn}"
        )
        outcome = (
            f"surprised: -{check.ap_penalty} AP on {when}" if check.surprised else "not surprised"
        )
        self._event(
            "surprise",
            f"Surprise check for {name}: d10 ({die}) vs AwarB {sheet.awarb}"
            + (f" {check.modifier:+d}" if check.modifier else "")
            + f" = {check.awareness}: {outcome} (Step 1- Determine Surprise, {SEED})",
            name,
            {"dice": [die], "penalty": check.ap_penalty, "round": check.round},
        )
        return check

    @command
    def roll_ap(self, name: str, dice: Sequence[int] | None = None) -> int:
        """At the start of ``name``'s turn (a held turn too, in the round it is taken): AgB d10s,
        each 5+ one AP, plus 1, less the surprise penalties for this turn (seed 003, "Turns",
        "Step 1- Determine Surprise"). With 0 AP the turn ends at once. Returns the AP."""
        name = self._known(name)
        if name != self._current:
            raise RuleError(f"{name} rolls AP dice at the start of their own turn.")
        if name in self._ap:
            raise RuleError(f"{name} has already rolled AP dice this turn.")
        sheet = self._sheets[name]
        rolled = self._dice(dice, count=sheet.agb, sides=10)
        penalties = self._applying(name)
        penalty = self._combined(penalties)
        result = d10.action_points(sheet.agb, dice=rolled, penalty=penalty)
        if penalties:
            now = max(self._round, 1)
            kept = tuple(e for e in self._surprise[name] if e[0] not in (FIRST_TURN, now))
            self._keep(self._surprise, name, kept)
        self._journal.set(self._ap, name, result.ap)
        self._journal.set(self._ap_rolled, name, result.ap)
        hits = sum(d >= d10.AP_DIE_SUCCESS for d in rolled)
        how = "" if len(penalties) < 2 else f" ({self.rules.surprise_same_turn} of {penalties})"
        less = f" - {penalty} surprise{how}" if penalty else ""
        shown = (
            f"rolls {sheet.agb} AP dice ({' '.join(map(str, rolled))}): {hits} of 5+ + 1"
            if sheet.agb
            else "has AgB 0, so no AP dice: 1"
        )
        self._event(
            "ap",
            f"{name} {shown}{less} = {result.ap} AP (Turns, {SEED})",
            name,
            {"dice": list(rolled), "ap": result.ap},
        )
        if result.ap == 0:
            self._finish_ap_turn(name)
        return result.ap

    @command
    def spend_ap(self, name: str, ap: int = 1, action: str = "") -> int:
        """``name`` spends ``ap`` on an action; when all AP are spent the turn ends (seed 003,
        "Turns"). Returns the AP left."""
        name = self._known(name)
        if name != self._current or name not in self._ap:
            raise RuleError(f"{name} spends AP on their own turn, after rolling AP dice.")
        cost = check_whole(ap, "Action points to spend", low=1)
        left = self._ap[name]
        if cost > left:
            raise RuleError(f"{name} has {left} AP left, not {cost}.")
        self._journal.set(self._ap, name, left - cost)
        what = f" on {check_note(action)}" if action else ""
        self._event(
            "spend",
            f"{name} spends {cost} AP{what}; {left - cost} left (Turns, {SEED})",
            name,
            {"ap": left - cost},
        )
        if left == cost:
            self._finish_ap_turn(name)
        return left - cost

    @command
    def adjust_ap(self, name: str, delta: int, *, note: str = "") -> int:
        """``name`` gains (``delta`` > 0) or loses AP this turn by the GM's hand (a talent, a
        wound, an effect the GM rules), never below 0; with none left the turn ends, as when
        all AP are spent (seed 003, "Turns"). Returns the AP left."""
        name = self._known(name)
        if name != self._current or name not in self._ap:
            raise RuleError(f"{name} gains or loses AP on their own turn, after rolling AP dice.")
        delta = check_whole(delta, "AP more or fewer", low=-MAX_AP_CHANGE, high=MAX_AP_CHANGE)
        if not delta:
            raise RuleError("Give the AP to add (2) or take away (-1), not 0.")
        left = self._ap[name]
        now = max(0, left + delta)
        self._journal.set(self._ap, name, now)
        why = noted(note)
        self._event(
            "ap",
            f"{name} {'gains' if delta > 0 else 'loses'} {abs(delta)} AP{why}, by the GM's hand: "
            f"{left} -> {now} left (Turns, {SEED})",
            name,
            {"ap": now},
        )
        if not now:
            self._finish_ap_turn(name, "has no AP left")
        return now

    def _finish_ap_turn(self, name: str, why: str = "has spent every AP") -> None:
        self._event("turn over", f"{name} {why}: the turn ends (Turns, {SEED})", name)
        self._end_current_turn()
