"""The rule texts the package ships (what opening a log line shows) are docs/rules.md's "The rules
in brief", as ``tools/rule_texts.py`` makes them: run ``make rule-texts`` after editing that
section."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from bpb_widgets import Encounter
from bpb_widgets.engine.rule_texts import RULING, RuleText, cited, ruling

ROOT = Path(__file__).resolve().parents[1]


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "rule_texts_tool", ROOT / "tools" / "rule_texts.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_texts_are_docs_rules_md_s() -> None:
    made = tool().files((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
    assert len(made) == 3
    for path, text in made.items():
        assert path.is_file(), f"{path} is missing: run `make rule-texts`"
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale: run `make rule-texts`"


def test_a_change_in_the_docs_is_a_change_in_the_texts() -> None:
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    edited = docs.replace("equal or higher\nsucceeds.", "higher succeeds.", 1)
    assert edited != docs
    before, after = tool().files(docs), tool().files(edited)
    assert before != after


@pytest.mark.parametrize("rules", ["bpb2e", "blackout", "d10-ap"])
def test_every_system_ships_its_texts_each_with_a_source(rules: str) -> None:
    texts = type(Encounter(rules=rules)).rule_texts
    assert texts
    for name, text in texts.items():
        assert text.name == name and text.text and text.source
        assert text.ruling == text.source.startswith(RULING)


def test_the_engine_s_own_ruling_is_marked_as_such() -> None:
    endurance_0 = Encounter().rule_texts["Endurance 0"]
    assert endurance_0.ruling and "unwritten" in endurance_0.source
    assert not Encounter().rule_texts["Blocking"].ruling
    line = f"Hooligan is out of the fight at Endurance 0 ({ruling('Endurance 0')})"
    assert cited(line, Encounter().rule_texts) == (endurance_0,)


def test_a_line_cites_every_section_in_its_parentheses_and_nothing_else() -> None:
    texts = {
        name: RuleText(name, f'seed 004, "{name}"', "...")
        for name in ("Opposed Tasks", "Extreme Success", "Delaying A Turn", "Protection")
    }
    names = [
        t.name
        for t in cited(
            "Task: Agility 5 + 2d6 (6+6) = 17 vs 8 + Agility 4 = 12: extreme success "
            "(Opposed Tasks, Extreme Success)",
            texts,
        )
    ]
    assert names == ["Opposed Tasks", "Extreme Success"]
    delayed = "Blueshift delays (Delaying A Turn); the order of play is unchanged"
    assert [t.name for t in cited(delayed, texts)] == ["Delaying A Turn"]
    other = "Ann's Telepathy takes effect (Protection: other forms of damage)"
    assert [t.name for t in cited(other, texts)] == ["Protection"]
    assert cited("Blueshift's turn", texts) == ()
    assert cited("Damage (6+6) (148 lb) (Grabbing, seed 002)", texts) == ()


def test_the_shipped_file_is_json_with_every_field() -> None:
    for folder in ("bpb", "blackout", "d10_ap"):
        data = json.loads((ROOT / "bpb_widgets" / folder / "data" / "rule_texts.json").read_text())
        assert data["rules"]
        for entry in data["rules"]:
            assert set(entry) == {"name", "source", "ruling", "text"}
