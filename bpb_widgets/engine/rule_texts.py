"""The rules a log line cites, in the project's own words: what the GM screen's log shows when a
line is opened.

Every log line ends with the sections it follows, in parentheses: ``(Blocking)``, ``(Attacking,
Evasion, seed 002)``, ``(Opposed Tasks, Extreme Success)``. Where the seeds are silent and the
engine decides, the line says so: ``(bpb_widgets' ruling: Endurance 0)``. Each game system ships
the texts of the sections its lines cite (``<system>/data/rule_texts.json``), made from
docs/rules.md's "The rules in brief" by ``tools/rule_texts.py`` (``make rule-texts``), so the
package never reads docs/ at run time; ``tests/test_rule_texts.py`` keeps the two in step.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType

#: How a log line marks a decision of the engine's own, where the seeds say nothing.
RULING = "bpb_widgets' ruling"
#: A parenthesised group of a log line (no nesting: the arithmetic's "(6+6)" is a group too, and
#: simply names no section).
_GROUP = re.compile(r"\(([^()]*)\)")


def ruling(name: str) -> str:
    """The citation of the engine's own ruling ``name``: ``bpb_widgets' ruling: Endurance 0``."""
    return f"{RULING}: {name}"


@dataclass(frozen=True, slots=True)
class RuleText:
    """One rule as a log line cites it: ``name`` (the seed's section heading, or the name of the
    engine's ruling), where it comes from (``source``: 'seed 004, "Opposed Tasks"'), and the rule
    in the project's own words. ``ruling``: the engine decided it, not the seeds."""

    name: str
    source: str
    text: str
    ruling: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "source": self.source, "text": self.text, "ruling": self.ruling}


def load(package: str) -> Mapping[str, RuleText]:
    """The rule texts a game system ships, by name: ``<package>/data/rule_texts.json``."""
    data = json.loads(resources.files(package).joinpath("data", "rule_texts.json").read_text())
    return MappingProxyType(
        {entry["name"]: RuleText(**entry) for entry in data["rules"]},
    )


def cited(line: str, texts: Mapping[str, RuleText]) -> tuple[RuleText, ...]:
    """The rule texts ``line`` cites, in the order it cites them: every name in its parentheses
    that ``texts`` holds (``Protection: other forms of damage`` cites ``Protection``; ``seed
    002`` and the arithmetic's groups name nothing)."""
    found: dict[str, RuleText] = {}
    for group in _GROUP.findall(line):
        for item in re.split(r"[;,]", group):
            head, _, rest = item.strip().partition(":")
            name = rest.strip() if head == RULING else head.strip()
            if name in texts:
                found.setdefault(name, texts[name])
    return tuple(found.values())
