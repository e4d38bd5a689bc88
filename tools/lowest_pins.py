"""Print pip constraints that pin every dependency of the package to its lower bound.

``make test LOWEST=1`` installs with them (CI's oldest-dependencies job), so the oldest versions
pyproject.toml allows are the ones tested there. Every dependency must have a lower bound
(``>=``): one without is an error, since its oldest allowed version is nobody knows which.

Usage: ``python tools/lowest_pins.py > pins.txt``, then ``pip install --constraint pins.txt ...``.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"
#: A requirement's name and its lower bound: ``anywidget>=0.9,<0.12`` -> anywidget, 0.9.
LOWER = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*[^;]*?>=\s*([^,;\s]+)")


def pins(requirements: list[str]) -> list[str]:
    """``name==lower`` for each requirement."""
    found = []
    for requirement in requirements:
        match = LOWER.match(requirement)
        if match is None:
            raise SystemExit(f"pyproject.toml: {requirement!r} has no lower bound (>=)")
        found.append(f"{match[1]}=={match[2]}")
    return found


def main() -> None:
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    print("\n".join(pins(project["dependencies"])))


if __name__ == "__main__":
    main()
