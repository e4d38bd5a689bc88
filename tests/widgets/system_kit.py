"""Fights under the other initiative systems, for the widget tests."""

from __future__ import annotations

from bpb_widgets import Encounter


def blackout_fight(seed: int = 7) -> Encounter:
    """Two PCs without steps yet and an enemy at step 9 with 4 AP (seed 002), not started."""
    enc = Encounter(rules="blackout", seed=seed)
    enc.add("Kara")
    enc.add("Vex")
    enc.add("Mech", pc=False, step=9, ap=4)
    return enc


def d10_fight(seed: int = 7) -> Encounter:
    """Seed 003's Evan (AgB 3, AwarB 4) and a paranoid orc, not started."""
    enc = Encounter(rules="d10-ap", seed=seed)
    enc.add("Evan", agb=3, awarb=4)
    enc.add("Orc", agb=2, awarb=2, traits={"paranoid"})
    return enc
