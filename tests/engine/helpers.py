"""Small encounters the engine tests share."""

from __future__ import annotations

import json

from bpb_widgets import D10AP, Blackout, BulletproofBlues, Encounter

HENCHMEN = "Ganyeka's henchmen"


def seed_cast(enc: Encounter, *, monolith_aware: bool = True) -> Encounter:
    """Blueshift, Ganyeka, Monolith and Ganyeka's henchmen, from seed 000's examples."""
    enc.add("Blueshift", perception=4, agility=5, prowess=4, expertise={"dodge"})
    enc.add("Ganyeka", perception=4, agility=4, prowess=4, brawn=5, expertise={"dodge"})
    enc.add("Monolith", perception=2, prowess=6, brawn=9, expertise={"block"}, aware=monolith_aware)
    enc.add(HENCHMEN, group=True)
    return enc


def started(seed: int = 5, **options: object) -> Encounter:
    """The seed cast in declared order, round 1 begun (Blueshift to act)."""
    enc = seed_cast(Encounter(seed=seed, options=options or None))
    enc.set_order(["Blueshift", "Ganyeka", "Monolith", HENCHMEN])
    enc.start()
    return enc


def snapshot(enc: Encounter, *, redo: bool = True) -> tuple[object, ...]:
    """Everything observable about an encounter, to compare before and after (without whether
    redo is possible, if ``redo`` is false)."""
    return (
        enc.round,
        enc.current,
        enc.order,
        [enc.turn_state(n) for n in enc.names],
        [enc.combatant(n) for n in enc.names],
        [e.to_dict() for e in enc.log],
        enc.transcript(),
        enc.environment_notes,
        enc.history,
        enc.can_redo if redo else None,
        _system_state(enc),
        saved_commands(enc) if redo else None,
        enc._history.rng.getstate(),
    )


def saved_commands(enc: Encounter) -> dict[str, object]:
    """What an encounter's file says besides its snapshot (which an encounter with commands
    replaced by the hostile tests, or other state, does not save: its file is replayed)."""
    saved = json.loads(enc.to_json())
    saved.pop("snapshot", None)
    saved.pop("digest", None)
    return saved


def _system_state(enc: Encounter) -> tuple[object, ...]:
    """What each game system keeps beyond the core."""
    if isinstance(enc, BulletproofBlues):
        return (
            enc.revisions,
            [enc.endurance(n) for n in enc.names],
            [enc.plot_points(n) for n in enc.names],
            [(enc.boosts(n), enc.automatic_success_waiting(n)) for n in enc.names],
            enc.pending_attack,
        )
    if isinstance(enc, Blackout):
        return ([enc.hit_points(n) for n in enc.names], enc.pending_hit)
    if isinstance(enc, D10AP):
        return tuple(enc.surprise_penalty(n) for n in enc.names)
    return tuple(enc.vitals(n) for n in enc.names)  # another system's meters (tests/fourth_system)
