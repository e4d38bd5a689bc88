"""Every make target fails when a step fails: a broken pyproject.toml stops the install at once
(pip's error shown), and nothing marks the environment as installed. The filter that drops
pip's mirror warnings once swallowed pip's exit status, so make went on as if installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

#: Not part of a clone: environments, packages and whatever the tests and builds left.
NOT_CLONED = (".git", ".venv*", "node_modules", "build", "dist", "test-output", ".*_cache",
              ".hypothesis", "__pycache__")  # fmt: skip


def test_a_broken_pyproject_makes_the_install_fail(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    shutil.copytree(ROOT, clone, ignore=shutil.ignore_patterns(*NOT_CLONED))
    pyproject = clone / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + "\ndependencies = [\n")
    # a make of its own, as a user types it (not one taking this run's variables, LOWEST=1...)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    made = subprocess.run(
        ["make", ".venv/.installed", f"PYTHON={sys.executable}"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert made.returncode != 0, made.stdout[-2000:]
    assert not (clone / ".venv" / ".installed").exists()
    assert "TOMLDecodeError" in made.stdout + made.stderr  # pip's own error, not filtered out
