"""The combatants as cards: health as a meter (Endurance, HP ...), damage kept apart, conditions
with when they end, side, plot points; adding one from a form or a character file, removing,
marking defeated, aware or not, hidden from the players (``js/panels/roster.js``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, fields
from typing import Annotated, Any

from bpb_widgets.engine import Change, Encounter
from bpb_widgets.engine.encounter import MAX_CHARACTER_FILE
from bpb_widgets.engine.game_system import GameSystem
from bpb_widgets.errors import RuleError
from bpb_widgets.widgets._commands import Longest, panel_command
from bpb_widgets.widgets._host import Delta, Part
from bpb_widgets.widgets.panels.payloads import conditions
from bpb_widgets.widgets.panels.state import RosterState

#: Why a player gains a plot point, and what one buys, as the card's choices read (the engine's
#: ``gain_plot_point(reason=...)`` and ``spend_plot_point(use=...)``; seed 004, "Gaining Plot
#: Points", "Spending Plot Points").
PLOT_GAINS = {
    "complication": "a complication",
    "reward": "a reward",
    "cooperation": "cooperation",
}
PLOT_SPENDS = {
    "automatic_success": "automatic success",
    "power_boost": "power boost",
    "power_stunt": "power stunt",
    "rally": "rally",
    "retcon": "retcon",
    "other": "other",
}


class RosterPart(Part[Encounter[Any]]):
    """A card per combatant, and the roster's commands. A refused form names the field it is
    about, so the front end shows the engine's reason next to it."""

    key = "roster"
    state_type = RosterState
    title = "Combatants"

    def refresh(self, delta: Delta | None) -> None:
        enc = self.encounter
        every = delta is None or delta.roster or delta.order or self.state.get("round") != enc.round
        self.put("round", enc.round)
        if delta is None:
            self.put("fields", [asdict(f) for f in enc.sheet_fields()])
            self.put("form_error", {})
            self.put("card_error", {})
            self.put("editing", {})
            self.put("by_hand", [asdict(action) for action in enc.hand_actions])
            plot = hasattr(enc, "spend_plot_point")
            self.put("plot_gains", [list(p) for p in PLOT_GAINS.items()] if plot else [])
            self.put("plot_spends", [list(p) for p in PLOT_SPENDS.items()] if plot else [])
            self.put("samples", [str(sheet["name"]) for sheet in self._samples()])
        elif self.state["editing"].get("name") not in (None, *enc.names):
            self.put("editing", {})  # they left the fight
        if delta is None or delta.roster:
            self.put("names", enc.names)
            self.put("sides", enc.sides)
        self.put("current", enc.current)
        # table mode lays the cards out in order of play (put() sends nothing when unchanged)
        self.put("order", enc.order)
        if delta is None:
            self.put("cards", {name: self._card(name) for name in enc.names})
            return
        cards: dict[str, Any] = {}
        if delta.roster:
            cards = dict.fromkeys(set(self.state["cards"]) - set(enc.names))
        names = enc.names if every else delta.touched & set(enc.names)
        cards.update((name, self._card(name)) for name in names)
        self.put_items("cards", cards)

    def _card(self, name: str) -> dict[str, Any]:
        """What a card shows: side, health, conditions, the state of their turn."""
        enc = self.encounter
        turn = enc.turn_state(name)
        sheet = enc.combatant(name)
        vitals = enc.vitals(name)
        return {
            "side": sheet.side,
            "group": sheet.group,
            "aware": turn.aware,
            "out": turn.out,
            "defeated": turn.defeated,
            "hidden": turn.hidden,
            "skipped": turn.skipped,
            "vitals": None
            if vitals is None
            else {f.name: getattr(vitals, f.name) for f in fields(vitals)},
            "conditions": conditions(turn),
            "summary": sheet.summary(),
            "plot": self._plot(name),
            "members": self.encounter.members(name),
        }

    def _plot(self, name: str) -> dict[str, Any] | None:
        """A player's plot points (where the rules have them): how many, what they have bought
        that is in force, and what a power boost can raise."""
        enc: Any = self.encounter
        sheet = enc.combatant(name)
        if not hasattr(enc, "spend_plot_point") or not getattr(sheet, "player", False):
            return None
        turn = enc.turn_state(name)
        return {
            "points": enc.plot_points(name),
            "automatic": turn.automatic_success,
            "boosts": [boost.describe() for boost in turn.boosts],
            "raise": list(enc.boost_choices(name)),
        }

    # -- commands ----------------------------------------------------------------------------

    @panel_command
    def add(self, name: str, sheet: dict[str, object]) -> None:
        """Add a combatant from the form; a refusal names the field it is about."""
        self.on_form(
            "add", lambda: self._blame(name, sheet), lambda: self.encounter.add(name, **sheet)
        )

    @panel_command
    def open_edit(self, name: str | None = None) -> None:
        """Open ``name``'s card for editing, its sheet as it stands (None: close it)."""
        if name is None:
            self.put("editing", {})
            return
        name = self.encounter.combatant(name).name
        self.put("editing", {"name": name, "sheet": self.encounter.combatant(name).to_dict()})

    @panel_command
    def edit(self, name: str, sheet: dict[str, object]) -> None:
        """Change ``name``'s sheet (the fields the Edit form changed); a refusal names the field
        it is about, and changes nothing."""
        self.on_form(
            "edit",
            lambda: self._blame_edit(name, sheet),
            lambda: self.encounter.edit(name, **sheet),
        )
        self.put("editing", {})

    def _blame_edit(self, name: str, sheet: dict[str, object]) -> str:
        """Which changed field an edit's refusal is about: the first the rules refuse alone on
        the sheet as it stands."""
        enc = self.encounter
        try:
            current = enc.combatant(name).to_dict()
        except RuleError:
            return ""
        for field, value in sheet.items():
            try:
                enc.make_sheet(name, **{**current, field: value})
            except (RuleError, TypeError):
                return field
        return ""

    def _blame(self, name: str, sheet: dict[str, object]) -> str:
        """Which of the form's fields a refusal is about: the first one refused on its own."""
        enc = self.encounter
        try:
            enc.make_sheet(name)
        except (RuleError, TypeError):
            return "name"
        if name.strip().casefold() in (n.casefold() for n in enc.names):
            return "name"
        fields = {k: v for k, v in sheet.items() if k != "hidden"}
        try:
            enc.make_sheet(name, **fields)
        except (RuleError, TypeError):
            # fields that depend on each other (a blackout enemy needs a step): the one field
            # without which the rules accept the sheet
            for field in fields:
                try:
                    enc.make_sheet(name, **{k: v for k, v in fields.items() if k != field})
                except (RuleError, TypeError):
                    continue
                return field
        for field, value in sheet.items():
            try:
                enc.make_sheet(name, **({} if field == "hidden" else {field: value}))
            except (RuleError, TypeError):
                return field
        return ""

    def _samples(self) -> tuple[dict[str, Any], ...]:
        """The sample characters the fight's game system declares (none for a class of no
        declared system)."""
        system = GameSystem.find(self.encounter)
        return system.sample_sheets() if system is not None else ()

    @panel_command
    def add_sample(self, name: str) -> None:
        """Add one of the system's sample characters (``GameSystem.samples``) as it is."""
        chosen = [sheet for sheet in self._samples() if sheet["name"] == name]
        if not chosen:
            raise RuleError(f"{name!r} is not one of the {self.encounter.title} samples.")
        self.encounter.add_party(chosen)

    @panel_command
    def add_file(self, text: Annotated[str, Longest(MAX_CHARACTER_FILE)]) -> None:
        """Add the characters of a character file (its text: JSON, docs/characters.md; up to
        1 MB, where other texts are short)."""
        self.encounter.add_party(self.encounter.sheets_from_json(text))

    @panel_command
    def remove(self, name: str) -> None:
        self.encounter.remove(name)

    @panel_command
    def defeat(self, name: str) -> None:
        self.encounter.defeat(name)

    @panel_command
    def restore(self, name: str) -> None:
        self.encounter.restore(name)

    @panel_command
    def aware(self, name: str, aware: bool, after: str | None = None) -> None:
        """``name`` becomes aware of the fight (placed right after ``after`` when given, "Place
        now"), or loses track of it."""
        enc = self.encounter
        if aware:
            self._on_card(name, "place", lambda: enc.becomes_aware(name, after=after))
        elif after is not None:
            raise RuleError(f"{name} loses track of the fight: there is nowhere to place them.")
        else:
            enc.becomes_unaware(name)

    @panel_command
    def hide(self, name: str, hidden: bool) -> None:
        """Hide ``name`` from the players, or reveal them."""
        if hidden:
            self.encounter.hide(name)
        else:
            self.encounter.reveal(name)

    @panel_command
    def add_condition(
        self,
        name: str,
        condition: str,
        ends: str | None = None,
        of: str | None = None,
        rounds: int | None = None,
    ) -> None:
        """Put ``name`` under a condition until removed, until the start or end of ``of``'s
        next turn, or for a number of ``rounds`` (this one the first)."""
        self._on_card(
            name,
            "condition",
            lambda: self.encounter.add_condition(name, condition, ends=ends, of=of, rounds=rounds),
        )

    @panel_command
    def members(self, name: str, change: int) -> None:
        """Take members of the group ``name`` out of the fight (``change`` below 0) or bring them
        back (above 0)."""
        if change < 0:
            self._on_card(name, "members", lambda: self.encounter.take_out(name, -change))
        else:
            self._on_card(name, "members", lambda: self.encounter.bring_back(name, change))

    def changed(self, change: Change) -> None:
        super().changed(change)
        self.put("card_error", {})

    def _on_card(self, name: str, form: str, run: Callable[[], object]) -> None:
        """Run a command of one of ``name``'s card forms (``form``); a refusal is shown in that
        form (``card_error``) and changes nothing."""
        try:
            run()
        except RuleError as error:
            self.put("card_error", {"name": name, "form": form, "message": str(error)})
            raise
        self.put("card_error", {})

    @panel_command
    def vitals(
        self, name: str, how: str, amount: int | None = None, stunning: bool = False
    ) -> None:
        """Change ``name``'s meter by hand, as the GM says: ``how`` is the command of one of the
        encounter's ``hand_actions`` (damage, heal, recover, rest; blackout's HP, d10-ap's AP),
        ``amount`` what it takes, ``stunning`` for stunning damage."""
        enc = self.encounter
        action = next((a for a in enc.hand_actions if a.command == how), None)
        if action is None:
            listed = ", ".join(a.command for a in enc.hand_actions) or "nothing"
            raise RuleError(f"A card's meter takes {listed} by hand; not {how!r}.")
        run = getattr(enc, action.command)
        extra = {"stunning": True} if stunning else {}
        self._on_card(
            name,
            "vitals",
            lambda: run([name]) if action.takes == "names" else run(name, amount, **extra),
        )

    @panel_command
    def gain_plot_point(self, name: str, reason: str) -> None:
        """``name`` gains a plot point for ``reason`` (complication, reward, cooperation)."""
        self._on_card(name, "plot", lambda: self._plot_points().gain_plot_point(name, reason))

    @panel_command
    def spend_plot_point(
        self,
        name: str,
        use: str,
        boost: str | None = None,
        lasts: str = "round",
        note: str = "",
    ) -> None:
        """``name`` spends a plot point on ``use`` (a power boost raises ``boost`` for a round
        or the scene, ``lasts``; ``note`` says what a stunt, retcon or narrated boost does)."""
        self._on_card(
            name,
            "plot",
            lambda: self._plot_points().spend_plot_point(
                name, use, boost=boost or None, lasts=lasts, note=note
            ),
        )

    def _plot_points(self) -> Any:
        enc = self.encounter
        if not hasattr(enc, "spend_plot_point"):
            raise RuleError(f"The {enc.rules.name} rules have no plot points.")
        return enc

    @panel_command
    def remove_condition(self, name: str, condition: str) -> None:
        self.encounter.remove_condition(name, condition)
