"""The GM's choice of who attacks whom, for a game system's parts that set up an attack: it holds
for the rest of the turn and comes back after an undo back to that turn."""

from __future__ import annotations

from typing import Any

from bpb_widgets.player.actions import targets
from bpb_widgets.widgets._host import E, Host, Part


class ChoosingAttack(Part[E]):
    """A part whose state's ``selection`` is an attacker and a target the GM chose."""

    def __init__(self, host: Host[Any], encounter: E) -> None:
        super().__init__(host, encounter)
        #: The GM's last choice of who attacks whom (``choose``), stamped with its turn.
        self._choice: dict[str, Any] = {}

    def choose_attack(self, selection: dict[str, Any]) -> None:
        """Set the GM's choice of who attacks whom (``selection``, stamped with the turn): it
        holds for the rest of the turn, and comes back after an undo back to this turn (End turn
        clicked too soon, then Undo)."""
        self._choice = selection
        self.put("selection", selection)

    def new_attacker(self) -> str | None:
        """Whose attack a panel sets up now: the current combatant, or None while the GM's choice
        made this turn still holds (or comes back, undone back to its turn), or when nobody acts
        (the choice is then cleared)."""
        enc, chosen = self.encounter, self.state["selection"]
        holds = chosen and chosen.get("turn") == enc.turns and chosen.get("attacker") in enc.names
        # the GM's choice holds; a default holds while someone acts and it has a target (one
        # with nobody to attack is made again: someone may have joined)
        offered = enc.current is not None and chosen.get("target") is not None
        if holds and (chosen == self._choice or offered):
            return None
        kept = self._choice
        if kept.get("turn") == enc.turns and enc.current is not None and self._all_here(kept):
            self.put("selection", kept)
            return None
        if enc.current is None:
            self.put("selection", {})
        return enc.current

    def first_foe(self, attacker: str) -> str | None:
        """Whom ``attacker`` would attack first: a foe (another side) still in the fight, else
        anyone else still in it; never someone out of the fight (None: the GM chooses). A
        player's phone offers the same targets, in the same order (``player.actions.targets``),
        but the hidden."""
        enc = self.encounter
        found = targets(enc, attacker, set(enc.names))
        return found[0] if found else None
