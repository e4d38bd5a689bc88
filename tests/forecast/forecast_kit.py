"""Helpers of the forecast tests: the seeds' fights, and what the kernel sent."""

from __future__ import annotations

import threading
from typing import Any

from benchmarks.forecast import SEED_FIGHT as BENCHMARK_FIGHT
from bpb_widgets import Encounter


class Sent:
    """Every custom message the widgets sent, and from which thread."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.threads: list[str] = []
        self.lock = threading.Lock()

    def patches(self, key: str, field: str) -> list[Any]:
        """Every value sent for panel ``key``'s ``field``, in order."""
        with self.lock:
            messages = list(self.messages)
        return [
            edit["value"]
            for m in messages
            if m.get("type") == "patch"
            for edit in m["panels"].get(key, [])
            if edit["field"] == field and "value" in edit
        ]


#: Blueshift, Monolith, Ganyeka and his henchmen (seed 000's examples), with sides and attacks
#: of our own choosing (the seed gives only their order of play): the benchmark's fight, with
#: Ganyeka's claws besides, so that the tactics choose between two attacks.
CLAWS: dict[str, Any] = {"name": "Claws", "rank": 5, "hand_to_hand": True}
SEED_FIGHT: list[dict[str, Any]] = [
    {**c, "attacks": [*c["attacks"], CLAWS]} if c["name"] == "Ganyeka" else c
    for c in BENCHMARK_FIGHT
]


def seed_fight(rules: str = "bpb2e", seed: int = 7) -> Encounter[Any]:
    enc = Encounter(rules=rules, seed=seed)
    enc.add_party(SEED_FIGHT)
    return enc


def duel(
    attacker: dict[str, Any], defender: dict[str, Any], rules: str = "bpb2e"
) -> Encounter[Any]:
    """Two combatants on two sides, the attacker first in the order of play, started."""
    enc = Encounter(rules=rules, seed=1)
    enc.add("A", side="heroes", **attacker)
    enc.add("D", side="villains", **defender)
    enc.set_order(["A", "D"])
    enc.start()
    return enc
