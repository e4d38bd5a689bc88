"""Shared test helpers: where the seed texts live."""

from __future__ import annotations

from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"


@pytest.fixture(scope="session")
def seeds() -> Path:
    if not SEEDS.is_dir():
        pytest.fail(f"The seed texts are expected beside the repository, at {SEEDS}")
    return SEEDS
