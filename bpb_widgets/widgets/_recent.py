"""What happened lately, read from the encounter log (for what ``TurnState`` does not carry).

Only the current round (and, for surprise checks, the round before) is read, newest first, so the
cost is the length of a round, not of the fight.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bpb_widgets.engine import Encounter, Event


def since(encounter: Encounter, first_round: int) -> Iterator[Event]:
    """The log's events from round ``first_round`` on, newest first."""
    log = encounter.log
    for index in range(len(log) - 1, -1, -1):
        event = log[index]
        if event.round < first_round:
            return
        yield event


def this_round(encounter: Encounter, kind: str) -> dict[str, dict[str, Any]]:
    """The data of each combatant's latest ``kind`` event in this round (e.g. "delay", "ap")."""
    latest: dict[str, dict[str, Any]] = {}
    if not encounter.started:
        return latest
    for event in since(encounter, encounter.round):
        if event.kind == kind and event.actor is not None:
            latest.setdefault(event.actor, event.data)
    return latest


def surprise_penalty(encounter: Encounter, name: str) -> int:
    """The AP a surprise check will take from ``name``'s AP dice this round (d10-ap): a check
    applies to its round's first ``roll_ap`` (seed 003, "Step 1- Determine Surprise")."""
    due = max(encounter.round, 1)
    for event in since(encounter, due - 1):
        if event.actor != name:
            continue
        if event.kind == "ap" and event.round == due:
            return 0
        if event.kind == "surprise":
            return int(event.data["penalty"]) if event.data["round"] == due else 0
    return 0
