"""What more than one shared part puts in its state: a combatant's conditions (the strip's chips,
the roster's cards)."""

from __future__ import annotations

from bpb_widgets.engine import TurnState


def conditions(turn: TurnState) -> list[dict[str, str]]:
    """A combatant's conditions as the front end shows them: each with when it ends."""
    return [
        {"name": c.name, "until": c.until, "rule": c.rule, "note": c.note, "by": c.by or ""}
        for c in turn.conditions
    ]
