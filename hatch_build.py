"""Hatch build hook: bundle the widgets' front end (js/ -> bpb_widgets/static/) when it is missing.

A checkout needs node and npm to build; a wheel or sdist already carries the bundles (see
``artifacts`` in pyproject.toml), so installing one needs no node.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    """Runs ``npm ci && npm run build`` unless each entry of js/ is in bpb_widgets/static/."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        static = root / "bpb_widgets" / "static"
        entries = [path.name for path in (root / "js").glob("*.*")]
        if entries and all((static / name).is_file() for name in entries):
            return
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError(
                "bpb_widgets/static/ is missing and npm is not installed: install Node.js 20+ "
                "to build the widgets' front end from js/, or install a built wheel."
            )
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=True)
        subprocess.run([npm, "run", "build"], cwd=root, check=True)
