"""The example notebooks in Notebook 7 (``/notebooks/``, the classic-looking Jupyter), at a
narrow 800 px: every cell runs, the GM screen renders, and End turn clicked on it runs in the
kernel and shows on the screen."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from host_kit import note_time_to_interactive
from lab import LabServer, Notebook
from playwright.sync_api import Browser, expect

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def screens_shown(source: Path) -> int:
    """How many GM screens the notebook's saved outputs show (notebook 05 shows the screen as it
    stood at each step, then the live one)."""
    document = json.loads(source.read_text())
    return sum(
        "".join(output.get("data", {}).get("text/plain", "")).startswith("GMScreen(")
        for cell in document["cells"]
        for output in cell.get("outputs", [])
    )


def open_in_notebook7(server: LabServer, browser: Browser, source: Path) -> tuple[Notebook, float]:
    """Copy an example notebook (outputs cleared) to the server and open it in Notebook 7; the
    page and when it was opened."""
    document = json.loads(source.read_text())
    for cell in document["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    (server.root / source.name).write_text(json.dumps(document))
    page = browser.new_page(viewport={"width": 800, "height": 1500})
    opened = time.monotonic()
    page.goto(f"{server.url}/notebooks/{source.name}?token={server.token}")
    page.wait_for_function(
        """(name) => window.jupyterapp?.shell.currentWidget?.context?.path === name
            && window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel""",
        arg=source.name,
        timeout=60_000,
    )
    book = Notebook(page)
    assert book.wait_kernel("print('ready')", "ready", timeout=60) == "ready"
    return book, opened


@pytest.mark.parametrize(
    "name",
    ["01_quick_start", "05_full_encounter", "08_d10_surprise_and_action_points"],
)
def test_a_notebook_renders_and_end_turn_works(
    lab_server: LabServer, browser: Browser, name: str
) -> None:
    source = NOTEBOOKS / f"{name}.ipynb"
    book, opened = open_in_notebook7(lab_server, browser, source)
    page = book.page
    try:
        screens = book.run_all(wait_for=".bpb-screen", count=screens_shown(source))
        # the kernel answers once every cell has run (its request waits behind them)
        assert book.kernel("print('done')").strip() == "done"
        not_run = page.evaluate(
            """() => window.jupyterapp.shell.currentWidget.content.model.sharedModel.cells
                .filter((c) => c.cell_type === "code" && c.execution_count == null).length"""
        )
        assert not_run == 0, f"{not_run} cells did not run (an error stopped the notebook)"
        stderr = "application/vnd.jupyter.stderr"
        errors = page.locator(f".jp-OutputArea-output[data-mime-type='{stderr}']")
        expect(errors).to_have_count(0)

        screen = screens.last  # the live screen, on ``enc``
        screen.scroll_into_view_if_needed()
        panels = screen.locator(".bpb")
        assert panels.count() >= 5  # the order of play, the roster, the dice, the log, files
        for panel in panels.all():
            expect(panel).to_be_visible()
        turns = int(book.kernel("print(enc.turns)"))
        screen.locator(".bpb-strip").get_by_role("button", name="End turn").click()
        assert book.wait_kernel("print(enc.turns)", str(turns + 1)) == str(turns + 1)
        current = book.kernel("print(enc.current)").strip()
        strip = screen.locator(".bpb-strip")
        expect(strip.locator(".bpb-chip.bpb-current")).to_contain_text(current)
        expect(strip.locator(".bpb-error")).to_be_hidden()
        if name == "01_quick_start":
            note_time_to_interactive("Notebook 7 (notebook 01)", time.monotonic() - opened)
    finally:
        page.close()
