"""The character files of docs/characters.md: the samples load into their system's fight, another
system's fight refuses them, and the document names every field each system's sheet has."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from bpb_widgets import Encounter, RuleError
from bpb_widgets.engine.game_system import declared as declared_systems
from tests.engine.helpers import snapshot

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(ROOT.glob("bpb_widgets/*/data/characters.json"))
DOC = (ROOT / "docs" / "characters.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.parent.parent.name)
def test_each_sample_loads_into_its_own_system_only(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    system = json.loads(text)["system"]
    enc = Encounter(seed=1, rules=system)
    sheets = enc.sheets_from_json(text)
    enc.add_party(sheets)
    assert enc.names == [s["name"] for s in sheets]
    assert all(enc.side_of(s["name"]) == s.get("side", "") for s in sheets)
    other = next(
        r for r in ("bpb2e", "blackout", "d10-ap") if Encounter.system_of(r) is not type(enc)
    )
    fight = Encounter(seed=1, rules=other)
    before = snapshot(fight)
    with pytest.raises(RuleError, match=f"This character file is for .* \\({system}\\)"):
        fight.add_party(fight.sheets_from_json(text))
    assert snapshot(fight) == before


@pytest.mark.parametrize("rules", ["bpb2e", "blackout", "d10-ap"])
def test_the_document_names_every_field_of_every_sheet(rules: str) -> None:
    documented = set(re.findall(r"`([a-z_]+)`", DOC))
    fields = {f.name for f in Encounter(rules=rules).sheet_fields()}
    assert fields <= documented, sorted(fields - documented)


def test_the_samples_are_where_the_document_says() -> None:
    declared = {
        Path(str(resources.files(s.package).joinpath(s.samples)))
        for s in declared_systems()
        if s.samples and s.package.startswith("bpb_widgets.")
    }
    assert declared == set(SAMPLES) and len(SAMPLES) >= 3
    assert "`bpb_widgets/<system>/data/characters.json`" in DOC
