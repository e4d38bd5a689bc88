"""Shared test data (the rule texts' worked examples, tests/data/worked_examples.json), the
package's sdist and wheel, built once for the session (``distributions``), and the browser every
browser test drives: one Chromium and one JupyterLab (which also serves Notebook 7) for the whole
session. Playwright's sync API allows one instance per thread, so the browser tests of every
folder (ui, hosts, player, package) share it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.ui.lab import CHROMIUM, LabServer, launch

WORKED_EXAMPLES = Path(__file__).parent / "data" / "worked_examples.json"
ROOT = Path(__file__).resolve().parents[1]
#: Stands in for npm: writes down each call and fails, so nothing is built by it.
FAKE_NPM = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/calls"
exit 1
"""


@dataclass(frozen=True)
class Distributions:
    """The sdist and the wheel ``python -m build`` made, and every npm call it made."""

    sdist: Path
    wheel: Path
    npm_calls: list[str]


def fake_npm(folder: Path, script: str = FAKE_NPM) -> dict[str, str]:
    """An environment whose ``npm`` is ``script`` in ``folder`` (its calls in folder/calls)."""
    folder.mkdir(parents=True, exist_ok=True)
    npm = folder / "npm"
    npm.write_text(script)
    npm.chmod(0o755)
    return {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}


def npm_calls(folder: Path) -> list[str]:
    calls = folder / "calls"
    return calls.read_text().splitlines() if calls.is_file() else []


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


@pytest.fixture(scope="session")
def distributions(tmp_path_factory: pytest.TempPathFactory) -> Distributions:
    """``python -m build`` of this checkout, once for the session: the sdist, then the wheel built
    from it, as a packager makes them. The front end is built already (``make`` does it first),
    so npm is not needed: a stand-in records any call."""
    out = tmp_path_factory.mktemp("dist")
    npm = tmp_path_factory.mktemp("npm")
    built = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        env=fake_npm(npm),
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, (
        "python -m build failed (is the front end built? make does it):\n" + built.stderr[-3000:]
    )
    (sdist,) = out.glob("bpb_widgets-*.tar.gz")
    (wheel,) = out.glob("bpb_widgets-*.whl")
    return Distributions(sdist, wheel, npm_calls(npm))
