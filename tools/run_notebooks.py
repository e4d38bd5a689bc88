"""Run the example notebooks top to bottom in a fresh kernel and save them with their outputs.

``make notebooks`` calls this after a notebook or the package changes, so the committed outputs
are the ones ``pytest --nbval`` checks. Saved widget state (which embeds each widget's whole
front end) and run timings are dropped, to keep the files small and stable.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def run(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(notebook, path)
    print(f"ran {path.name}")


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")):
        run(NOTEBOOKS / name)
