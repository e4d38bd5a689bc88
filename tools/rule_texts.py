"""Make each game system's rule texts (``<system>/data/rule_texts.json``) from docs/rules.md's
"The rules in brief": what opening a log line shows, shipped in the package so that nothing reads
docs/ at run time (``make rule-texts``; ``tests/test_rule_texts.py`` fails when they differ).

Under that section, each ``###`` heading is a game system, each ``####`` heading a rule as log
lines cite it, then a ``Source:`` line and the text (paragraphs joined, line breaks as spaces).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules.md"
SECTION = "## The rules in brief"
#: Each system's heading (how it starts) -> its package folder.
SYSTEMS = {
    "Bulletproof Blues": "bpb_widgets/bpb",
    "blackout": "bpb_widgets/blackout",
    "d10-ap": "bpb_widgets/d10_ap",
}
#: How the engine marks its own rulings (bpb_widgets/engine/rule_texts.py, ``RULING``).
RULING = "bpb_widgets' ruling"


def _join(lines: list[str]) -> str:
    """Markdown paragraphs as plain text: lines of a paragraph joined, paragraphs apart."""
    text = "\n".join(lines).strip()
    return "\n\n".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text))


def parse(markdown: str) -> dict[str, list[dict[str, object]]]:
    """Each system's folder -> its rule texts, in the order docs/rules.md gives them."""
    start = markdown.index(SECTION)
    end = markdown.find("\n## ", start + len(SECTION))
    lines = markdown[start : end if end != -1 else None].splitlines()
    made: dict[str, list[dict[str, object]]] = {}
    folder: str | None = None
    entry: dict[str, object] | None = None
    body: list[str] = []

    def close() -> None:
        if entry is not None and folder is not None:
            entry["text"] = _join(body)
            made[folder].append(entry)

    for line in lines:
        if line.startswith("### "):
            close()
            entry, body = None, []
            title = line[4:]
            folder = next(path for name, path in SYSTEMS.items() if title.startswith(name))
            made[folder] = []
        elif line.startswith("#### "):
            close()
            entry, body = {"name": line[5:].strip()}, []
        elif entry is not None and line.startswith("Source: ") and "source" not in entry:
            source = line[len("Source: ") :].strip().removesuffix(".")
            entry["source"] = source
            entry["ruling"] = source.startswith(RULING)
        elif entry is not None:
            body.append(line)
    close()
    return made


def files(markdown: str) -> dict[Path, str]:
    """Every rule-texts file, with the text it should hold."""
    return {
        ROOT / folder / "data" / "rule_texts.json": json.dumps(
            {"made_by": "tools/rule_texts.py from docs/rules.md", "rules": rules},
            indent=1,
            ensure_ascii=False,
        )
        + "\n"
        for folder, rules in parse(markdown).items()
    }


def main() -> None:
    for path, text in files(DOCS.read_text(encoding="utf-8")).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
