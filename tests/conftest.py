"""Shared test data (the rule texts' worked examples, tests/data/worked_examples.json) and the
browser every browser test drives: one Chromium and one JupyterLab (which also serves Notebook 7)
for the whole session. Playwright's sync API allows one instance per thread, so the browser tests
of every folder (ui, hosts, player) share it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.ui.lab import CHROMIUM, LabServer, launch

WORKED_EXAMPLES = Path(__file__).parent / "data" / "worked_examples.json"


@pytest.fixture(scope="session")
def examples() -> dict[str, Any]:
    """The worked examples of the seeds, each with its seed file and section."""
    data: dict[str, Any] = json.loads(WORKED_EXAMPLES.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """The session's Chromium (the system's)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (make test installs it)")
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[LabServer]:
    """One ``jupyter lab`` on loopback for the session, in a temporary root, killed at the end."""
    server = LabServer(tmp_path_factory.mktemp("lab-root"), tmp_path_factory.mktemp("lab-home"))
    yield server
    server.stop()
