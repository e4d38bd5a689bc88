"""Binder: install from binder/requirements.txt into a fresh virtual environment, as Binder does
(paths resolved from the repository root), and run every example notebook there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Binder's own image provides the kernel and the notebook runner.
BINDER_IMAGE = ["ipykernel", "nbclient"]
RUN = """
import sys
from pathlib import Path
import nbformat
from nbclient import NotebookClient

for path in sorted(Path(sys.argv[1]).glob("*.ipynb")):
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    print("ran", path.name)
"""


@pytest.mark.binder
def test_the_notebooks_run_in_a_fresh_binder_environment(tmp_path: Path) -> None:
    venv = tmp_path / "binder-venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "-q",
            "-r",
            "binder/requirements.txt",
            *BINDER_IMAGE,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    ran = subprocess.run(
        [str(python), "-c", RUN, str(ROOT / "notebooks")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    names = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert ran.stdout.split() == [w for name in names for w in ("ran", name)]
    assert "python-3" in (ROOT / "binder" / "runtime.txt").read_text()
