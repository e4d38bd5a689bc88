"""Helpers for the Python-side widget tests: a recording comm, a delivered message, a fight."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bpb_widgets import Encounter


@dataclass
class Wire:
    """Every message the kernel sent to the front end, with its size in bytes as JSON."""

    messages: list[dict[str, Any]] = field(default_factory=list)

    def clear(self) -> None:
        self.messages.clear()

    @property
    def bytes(self) -> int:
        return sum(len(json.dumps(m, separators=(",", ":"))) for m in self.messages)

    def custom(self) -> list[dict[str, Any]]:
        return [m["content"] for m in self.messages if m.get("method") == "custom"]

    def updates(self) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for m in self.messages:
            if m.get("method") == "update":
                merged.update(m["state"])
        return merged


def send(widget: Any, content: object) -> None:
    """Deliver ``content`` as the front end's custom message would arrive."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def fight(seed: int = 7) -> Encounter:
    """Seed 000's cast, declared in awareness order, not started."""
    enc = Encounter(seed=seed)
    enc.add("Blueshift", perception=4, agility=5, prowess=4, expertise={"dodge"})
    enc.add("Ganyeka", perception=3, prowess=5, brawn=6)
    enc.add("Monolith", prowess=6, brawn=8, expertise={"block"})
    enc.add("Ganyeka's henchmen", group=True)
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
