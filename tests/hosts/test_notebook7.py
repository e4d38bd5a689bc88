"""The example notebooks in Notebook 7 (``/notebooks/``, the classic-looking Jupyter), at a
narrow 800 px: every cell runs, every widget renders, End turn clicked on the notebook's live
order of play runs in the kernel and shows on the screen, and the notebook's first check answers
a click with its verdict."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from host_kit import note_time_to_interactive
from lab import LabServer, Notebook, console_errors
from playwright.sync_api import Browser, expect

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


WIDGET = "application/vnd.jupyter.widget-view+json"
#: Notebook 7.6's own page error as it opens any notebook with a kernel, before a cell has run
#: and with no widget on the page ("t.plugins[id] is undefined" in its settings registry, in
#: notebook_core.js): upstream's, not ours, so it alone is let through.
NOTEBOOK7_OWN = "Cannot read properties of undefined (reading 'schema')"


def widgets_shown(source: Path) -> int:
    """How many widgets the notebook's saved outputs show (each one anywidget: a GM screen, a
    part of one, a check)."""
    document = json.loads(source.read_text())
    return sum(
        WIDGET in output.get("data", {})
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
    errors = console_errors(page)
    opened = time.monotonic()
    page.goto(f"{server.url}/notebooks/{source.name}?token={server.token}")
    page.wait_for_function(
        """(name) => window.jupyterapp?.shell.currentWidget?.context?.path === name
            && window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel""",
        arg=source.name,
        timeout=60_000,
    )
    book = Notebook(page, errors)
    assert book.wait_kernel("print('ready')", "ready", timeout=60) == "ready"
    return book, opened


@pytest.mark.parametrize(
    ("name", "live"),
    [
        ("01_how_to_play", "practice_turn"),
        ("08_a_full_fight", "enc"),
        ("13_d10_surprise_and_action_points", "enc"),
    ],
)
def test_a_notebook_renders_and_end_turn_works(
    lab_server: LabServer, browser: Browser, name: str, live: str
) -> None:
    """``live`` is the encounter of the notebook's last order of play, the one a reader plays."""
    source = NOTEBOOKS / f"{name}.ipynb"
    book, opened = open_in_notebook7(lab_server, browser, source)
    page = book.page
    try:
        book.run_all(wait_for=".bpb-screen", count=widgets_shown(source))
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
        # every panel shows, but those table mode keeps behind their button (issue 35: the
        # files, the dice roller), whose buttons show
        shown = ".jp-OutputArea .bpb:not(.bpb-table-mode .bpb[data-tuck])"
        for panel in page.locator(shown).all():
            expect(panel).to_be_visible()
        for button in page.locator(".jp-OutputArea .bpb-table-mode .bpb-disclose.bpb-tuck").all():
            expect(button).to_be_visible()

        strip = page.locator(".jp-OutputArea .bpb-strip").last
        strip.scroll_into_view_if_needed()
        turns = int(book.kernel(f"print({live}.turns)"))
        strip.get_by_role("button", name="End turn").click()
        assert book.wait_kernel(f"print({live}.turns)", str(turns + 1)) == str(turns + 1)
        current = book.kernel(f"print({live}.current)").strip()
        expect(strip.locator(".bpb-chip.bpb-current")).to_contain_text(current)
        expect(strip.locator(".bpb-error")).to_be_hidden()
        if name == "01_how_to_play":
            note_time_to_interactive("Notebook 7 (notebook 01)", time.monotonic() - opened)

        checks = page.locator(".jp-OutputArea .bpb-quiz")
        if checks.count():  # a game master's notebook asks nothing
            check = checks.first
            check.scroll_into_view_if_needed()
            choices = check.get_by_role("group", name="Choices")
            if choices.count():
                choices.get_by_role("button").first.click()
            else:
                check.get_by_label("Your answer").fill("-1")
                check.get_by_role("button", name="Answer", exact=True).click()
            verdict = re.compile(r"^(Right|Not quite)\.")
            expect(check.get_by_role("status")).to_contain_text(verdict)
        # from the page's opening, through Run All and clicks
        assert [error for error in book.console_errors if NOTEBOOK7_OWN not in error] == []
    finally:
        page.close()
