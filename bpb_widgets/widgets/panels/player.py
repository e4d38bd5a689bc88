"""The player view as a widget part: its state is only the projection of what players may see
(``bpb_widgets.player.projection``), and it accepts no command (``js/panels/player.js``)."""

from __future__ import annotations

from typing import Any

from bpb_widgets.engine import Change, Encounter
from bpb_widgets.player.projection import ViewOptions, diff, project
from bpb_widgets.widgets._host import Delta, Host, Part
from bpb_widgets.widgets.panels.state import PlayerViewState


class PlayerPart(Part[Encounter[Any]]):
    """What the players see: round, whose turn, the order, each visible combatant. Every field
    is the projection's; a change the players cannot see sends nothing."""

    key = "player"
    state_type = PlayerViewState
    title = "Player view"

    def __init__(self, host: Host[Any], encounter: Encounter[Any]) -> None:
        super().__init__(host, encounter)
        self.state = {}  # no error line: nothing is ever sent to this part
        self.options = ViewOptions()

    def refresh(self, delta: Delta | None) -> None:
        view = project(self.encounter, self.options, None if delta is None else self.state)
        if delta is None:
            for field, value in view.items():
                self.put(field, value)
            return
        patch = diff(self.state, view)
        for field, value in patch.set.items():
            self.put(field, value)
        if patch.merge:
            self.put_items("combatants", patch.merge)

    def changed(self, change: Change) -> None:
        """No command is sent here, so there is no refusal to clear."""
