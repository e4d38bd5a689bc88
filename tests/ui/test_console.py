"""A JupyterLab page that shows the GM screen and takes a click logs no error to the browser's
console: none of ours, none of an extension installed beside JupyterLab (the JupyterLite Pyodide
kernel's extension logged "Shared module @jupyterlite/services doesn't exist in shared scope
default" in every page, until ``make lite`` got an environment of its own)."""

from __future__ import annotations

from lab import LabServer, open_notebook
from playwright.sync_api import Browser, expect

GM_SCREEN = """
from bpb_widgets import Encounter, GMScreen
enc = Encounter(seed=7)
enc.add("Blueshift", perception=4, agility=5)
enc.add("Ganyeka", perception=3, prowess=5)
enc.start()
GMScreen(enc)
"""


def test_the_lab_page_logs_no_console_error(lab_server: LabServer, browser: Browser) -> None:
    book = open_notebook(lab_server, browser, "console.ipynb", width=800)
    try:
        out = book.run_cell(GM_SCREEN)
        out.get_by_role("button", name="End turn").click()
        assert book.wait_kernel("print(enc.current)", "Ganyeka") == "Ganyeka"
        expect(out.locator(".bpb-chip[aria-current=true]")).to_contain_text("Ganyeka")
        assert book.console_errors == [], (
            "an environment made before `make lite` had its own may still hold the Pyodide "
            "kernel: .venv/bin/pip uninstall jupyterlite-pyodide-kernel (or make clean)"
        )
    finally:
        book.page.close()
