"""Hatch build hook: bundle the widgets' front end (js/ -> bpb_widgets/static/) unless the bundle
is current.

The bundle (``widgets.js``, ``widgets.css``, and ``board.js``, what each widget loads) is current
when the files exist and no source of the
front end (js/, each game system's panel renderers ``bpb_widgets/<system>/panels/*.js``,
package.json, package-lock.json) is newer. An sdist carries the bundle beside its
sources, every file with the same time stamp, so building a wheel from it (``pip install`` of the
sdist, ``python -m build``'s second step) needs no Node. A checkout needs node and npm once, and
again after a change in js/ (``make`` rebuilds the bundle itself before installing).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

BUNDLE = ("widgets.js", "widgets.css", "board.js")
SOURCES = ("js", "package.json", "package-lock.json")


def sources(root: Path) -> Iterator[Path]:
    """Every file the bundle is built from."""
    for name in SOURCES:
        path = root / name
        yield from (p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    yield from (root / "bpb_widgets").glob("*/panels/*.js")


def bundle_is_current(root: Path) -> bool:
    """Whether bpb_widgets/static/ holds every bundle, none older than a source."""
    built = [root / "bpb_widgets" / "static" / name for name in BUNDLE]
    if not all(path.is_file() for path in built):
        return False
    oldest = min(path.stat().st_mtime for path in built)
    return all(path.stat().st_mtime <= oldest for path in sources(root) if path.exists())


class CustomBuildHook(BuildHookInterface):
    """Runs ``npm ci && npm run build`` unless the bundle is current."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        if bundle_is_current(root):
            return
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError(
                "bpb_widgets/static/ is missing or older than js/ and npm is not installed: "
                "install Node.js 20+ to build the widgets' front end, or install a built wheel."
            )
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=True)
        subprocess.run([npm, "run", "build"], cwd=root, check=True)
