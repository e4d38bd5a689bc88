"""A system refines an engine command by overriding it and calling ``super()``: the fight records
the outer command once, undo takes all of it back, a saved fight replays it, and a refusal after
the inner call changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpb_widgets import BulletproofBlues, RuleError
from bpb_widgets.engine.command import command
from bpb_widgets.engine.conditions import Condition
from tests.engine.helpers import snapshot


class Knockdown(BulletproofBlues):
    """Bulletproof Blues with a house rule: whoever is stunned is knocked prone too, and nobody
    is stunned twice."""

    @command
    def add_condition(
        self,
        name: str,
        condition: str,
        *,
        ends: str | None = None,
        of: str | None = None,
        note: str = "",
        rounds: int | None = None,
    ) -> Condition:
        """As every system's, and "stunned" also knocks ``name`` prone."""
        if condition == "stunned" and self.has_condition(name, "stunned"):
            super().add_condition(name, "dazed")  # changed, then refused: nothing stays
            raise RuleError(f"{name} is already stunned.")
        given = super().add_condition(name, condition, ends=ends, of=of, note=note, rounds=rounds)
        if condition == "stunned":
            super().add_condition(name, "prone", note="knocked down")
        return given


def fight() -> Knockdown:
    enc = Knockdown(seed=3)
    enc.add("Blueshift", perception=4, agility=5)
    enc.add("Ganyeka", perception=3)
    return enc


def shown(enc: BulletproofBlues, name: str) -> list[str]:
    return [c.name for c in enc.conditions(name)]


def test_a_refined_command_is_one_record_and_one_undo() -> None:
    enc = fight()
    before = snapshot(enc, redo=False)
    enc.add_condition("Ganyeka", "stunned", rounds=2)
    assert shown(enc, "Ganyeka") == ["stunned", "prone"]
    assert [record["cmd"] for record in enc.history[-1:]] == ["add_condition"]
    assert enc.undoable == 3
    enc.undo()
    assert shown(enc, "Ganyeka") == [] and snapshot(enc, redo=False) == before
    enc.redo()
    assert shown(enc, "Ganyeka") == ["stunned", "prone"] and enc.undoable == 3


def test_a_refined_command_refused_after_its_inner_call_changes_nothing() -> None:
    enc = fight()
    enc.add_condition("Ganyeka", "stunned")
    before = snapshot(enc)
    with pytest.raises(RuleError, match="already stunned"):
        enc.add_condition("Ganyeka", "stunned")
    assert snapshot(enc) == before and "dazed" not in shown(enc, "Ganyeka")


def test_a_refined_command_is_saved_once_and_replayed(tmp_path: Path) -> None:
    enc = fight()
    enc.add_condition("Blueshift", "stunned", note="a sucker punch")
    path = enc.save(tmp_path / "fight.json")
    loaded = Knockdown.load(path)
    assert shown(loaded, "Blueshift") == ["stunned", "prone"]
    assert loaded.history == enc.history and snapshot(loaded) == snapshot(enc)
