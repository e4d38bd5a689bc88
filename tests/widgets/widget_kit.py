"""Helpers for the Python-side widget tests: a recording comm, a delivered message, a front end
that applies the kernel's patches as ``js/lib/sync.js`` does, and the fights the tests use."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from bpb_widgets import Encounter
from bpb_widgets.widgets import (
    AttackPanel,
    DefensePanel,
    DiceRoller,
    EncounterLog,
    FightFiles,
    GMScreen,
    Roster,
    TurnOrderStrip,
)

#: Every widget that hosts parts of the GM screen (each takes an encounter and nothing else).
WIDGETS = [
    TurnOrderStrip,
    Roster,
    AttackPanel,
    DefensePanel,
    DiceRoller,
    EncounterLog,
    FightFiles,
    GMScreen,
]


def plain(value: object) -> Any:
    """``value`` as the front end receives it: through JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


@dataclass
class Wire:
    """Every message the kernel sent to the front end, with its size in bytes as JSON, and the
    state each widget's comm opened with."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    opened: dict[str, dict[str, Any]] = field(default_factory=dict)
    routed: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def clear(self) -> None:
        self.messages.clear()
        self.routed.clear()

    @property
    def bytes(self) -> int:
        return sum(len(json.dumps(m, separators=(",", ":"))) for m in self.messages)

    def custom(self) -> list[dict[str, Any]]:
        return [m["content"] for m in self.messages if m.get("method") == "custom"]

    def patches(self) -> list[dict[str, Any]]:
        """The ``{"type": "patch", "panels": ...}`` messages, in order."""
        return [c for c in self.custom() if isinstance(c, dict) and c.get("type") == "patch"]

    def updates(self) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for m in self.messages:
            if m.get("method") == "update":
                merged.update(m["state"])
        return merged


def edited(old: Any, edit: dict[str, Any]) -> Any:
    """One field after one edit, as ``js/lib/sync.js`` applies it."""
    if "value" in edit:
        return copy.deepcopy(edit["value"])
    if "splice" in edit:
        start, items = edit["splice"]
        return [*(old if isinstance(old, list) else [])[:start], *copy.deepcopy(items)]
    if "set" in edit:
        new = dict(old) if isinstance(old, dict) else {}
        for key, value in edit["set"].items():
            if value is None:
                new.pop(key, None)
            else:
                new[key] = copy.deepcopy(value)
        return new
    raise AssertionError(f"not an edit: {edit!r}")


class FrontEnd:
    """What the front end of one widget holds: the state its comm opened with, then every update
    of a trait and every patch sent to it, applied in order (create the widget with ``wire``, and
    this before clearing it)."""

    def __init__(self, wire: Wire, widget: Any) -> None:
        self.wire = wire
        self.comm_id: str = widget.comm.comm_id
        self.state: dict[str, Any] = plain(wire.opened[self.comm_id])
        self.seen = len(wire.routed)

    def catch_up(self) -> dict[str, Any]:
        """Apply what arrived since the last call; the panels as the view now shows them."""
        for comm_id, message in self.wire.routed[self.seen :]:
            if comm_id != self.comm_id:
                continue
            if message.get("method") == "update":
                self.state.update(plain(message["state"]))
            elif message.get("method") == "custom" and message["content"].get("type") == "patch":
                for key, edits in plain(message["content"]["panels"]).items():
                    panel = self.state["panels"].setdefault(key, {})
                    for edit in edits:
                        panel[edit["field"]] = edited(panel.get(edit["field"]), edit)
        self.seen = len(self.wire.routed)
        panels: dict[str, Any] = self.state["panels"]
        return panels


def send(widget: Any, content: object) -> None:
    """Deliver ``content`` as the front end's custom message would arrive."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def to(widget: Any, panel: str, cmd: str, **args: Any) -> None:
    """Send panel ``panel`` the command ``cmd`` as its view would (``{"panel", "cmd", ...}``)."""
    send(widget, {"panel": panel, "cmd": cmd, **args})


def fight(seed: int = 7) -> Encounter:
    """Seed 000's cast, declared in awareness order, not started."""
    enc = Encounter(seed=seed)
    enc.add("Blueshift", perception=4, agility=5, prowess=4, expertise={"dodge"})
    enc.add("Ganyeka", perception=3, prowess=5, brawn=6)
    enc.add("Monolith", prowess=6, brawn=8, expertise={"block"})
    enc.add("Ganyeka's henchmen", group=True)
    return enc


def battle(seed: int = 3) -> Encounter:
    """Two sides with powers, not started: Widow (heroes; an expert's Blast, a grenade, mind
    control), then the villains Thug (protection 2) and Brute (block expertise)."""
    enc = Encounter(seed=seed)
    enc.add(
        "Widow",
        perception=5,
        agility=6,
        endurance=4,
        side="heroes",
        expertise={"blast"},
        attacks=[
            {"name": "Blast", "rank": 7},
            {"name": "Grenade", "rank": 6, "kind": "exploding", "radius": 10},
            {"name": "Mind Control", "rank": 6, "kind": "non-endurance"},
        ],
    )
    enc.add("Thug", perception=2, agility=3, prowess=4, endurance=5, protection=2, side="villains")
    enc.add(
        "Brute", perception=1, prowess=6, brawn=7, endurance=6, side="villains", expertise={"block"}
    )
    return enc


def crowd(combatants: int, turns: int) -> Encounter:
    """A long fight: ``combatants`` combatants and ``turns`` turns of history."""
    enc = Encounter(seed=1)
    for i in range(combatants):
        enc.add(f"Combatant {i:03d}", perception=1 + i % 14)
    enc.start()
    for _ in range(turns):
        enc.end_turn()
    return enc
