"""Shared test data: the rule texts' worked examples (tests/data/worked_examples.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

WORKED_EXAMPLES = Path(__file__).parent / "data" / "worked_examples.json"


@pytest.fixture(scope="session")
def examples() -> dict[str, Any]:
    """The worked examples of the seeds, each with its seed file and section."""
    data: dict[str, Any] = json.loads(WORKED_EXAMPLES.read_text(encoding="utf-8"))
    return data
