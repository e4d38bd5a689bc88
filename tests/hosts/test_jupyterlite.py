"""The JupyterLite demo (``make lite``): notebook 01 runs in the browser's own Python (Pyodide),
its GM screen is live, clicks reach the kernel and come back, and the page fetches nothing from
any other machine (every such request is refused and recorded).

The Pyodide kernel turns JavaScript's null into ``jsnull``, not None: the dice roller's Roll
sends nulls (no opposing combatant), so a roll that works here shows they are read as absent.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from host_kit import Loopback, expose_jupyterlite_app, note_time_to_interactive, static_server
from lab import Notebook
from playwright.sync_api import BrowserContext, expect

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "lite"
NOTEBOOK_01 = ROOT / "notebooks" / "01_quick_start.ipynb"
URL = re.compile(r"https?://")
#: Pyodide starts, installs the kernel and the package from the site's wheels: allow for it.
BOOT_MS = 180_000

needs_site = pytest.mark.skipif(
    not (SITE / "jupyter-lite.json").is_file(),
    reason="build/lite/ is missing: `make lite` builds it (`make test` does it first)",
)


@needs_site
def test_the_site_config_is_local_and_names_no_url() -> None:
    configs = [path.read_text() for path in SITE.rglob("jupyter-lite.json")]
    configs += [  # JupyterLite reads the metadata of these too
        json.dumps(json.loads(path.read_text())["metadata"].get("jupyter-lite", {}))
        for path in SITE.rglob("jupyter-lite.ipynb")
    ]
    assert len(configs) > 1
    for config in configs:
        assert not URL.search(config), config
    data = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = data["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./")
    assert (SITE / kernel["pyodideUrl"]).is_file()
    # every package Pyodide's lockfile names is in the site, beside it
    pyodide = (SITE / kernel["pyodideUrl"]).parent
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    assert {entry["file_name"] for entry in lock["packages"].values()} <= {
        path.name for path in pyodide.iterdir()
    }


@needs_site
def test_anywidget_front_end_and_python_side_are_one_version() -> None:
    data = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    extension = json.loads((SITE / "extensions" / "anywidget" / "package.json").read_text())
    wheels = {path.name.split("-")[0]: path.name.split("-")[1] for path in SITE.glob("pypi/*.whl")}
    assert "anywidget" in {e["name"] for e in data["federated_extensions"]}
    assert extension["version"].split(".")[:2] == wheels["anywidget"].split(".")[:2]
    assert "bpb_widgets" in wheels


def where_notebook_01_leaves_the_fight() -> tuple[tuple[int, str], str]:
    """The round and whose turn once notebook 01 has run, and whose turn after one End turn:
    the notebook's code run here, in this process."""
    notebook = json.loads(NOTEBOOK_01.read_text())
    namespace: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                exec("".join(cell["source"]), namespace)
    enc = namespace["enc"]
    done = (enc.round, enc.current)
    enc.end_turn()
    return done, enc.current


@needs_site
def test_notebook_01_runs_in_the_browser_with_live_widgets(
    loopback: tuple[BrowserContext, Loopback],
) -> None:
    context, guard = loopback
    expose_jupyterlite_app(context)
    with static_server(SITE) as url:
        page = context.new_page()
        opened = time.monotonic()
        page.goto(f"{url}/lab/index.html?path=01_quick_start.ipynb")
        page.wait_for_function(
            "(name) => window.jupyterapp?.shell.currentWidget?.context?.path === name",
            arg="01_quick_start.ipynb",
            timeout=60_000,
        )
        page.wait_for_function(
            "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel",
            timeout=60_000,
        )
        book = Notebook(page)
        assert book.wait_kernel("print('ready')", "ready", timeout=BOOT_MS / 1000) == "ready"
        # what the unit tests of message normalisation take Pyodide's null to be
        assert book.kernel("from pyodide.ffi import jsnull; print(type(jsnull).__name__)") == (
            "JsNull\n"
        )
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        screen = page.locator(".jp-Notebook .jp-OutputArea .bpb-screen").first
        strip = screen.locator(".bpb-strip")
        expect(strip).to_be_visible(timeout=BOOT_MS)
        # the notebook's last cell undid to round 1; wait for every cell to have run
        (done_round, done_current), after_click = where_notebook_01_leaves_the_fight()
        done = f"{done_round} {done_current}"
        assert book.wait_kernel("print(enc.round, enc.current)", done, 60) == done
        expect(strip.locator(".bpb-chip.bpb-current")).to_contain_text(done_current)

        strip.get_by_role("button", name="End turn").click()
        assert book.wait_kernel("print(enc.current)", after_click, 30) == after_click
        expect(strip.locator(".bpb-chip.bpb-current")).to_contain_text(after_click)
        note_time_to_interactive("JupyterLite (notebook 01, Pyodide)", time.monotonic() - opened)
        expect(strip.locator(".bpb-error")).to_be_hidden()

        dice = screen.locator(".bpb-dice")
        dice.get_by_role("button", name="Roll").click()
        expect(dice.locator(".bpb-result")).not_to_be_empty(timeout=30_000)
        expect(dice.locator(".bpb-error")).to_be_hidden()
        page.close()
    assert not guard.elsewhere(), guard.elsewhere()
    assert any(url.endswith("pyodide.asm.wasm") for url in guard.requested)


@needs_site
def test_notebook_09_runs_all_and_the_forecast_panel_runs_and_cancels_without_threads(
    loopback: tuple[BrowserContext, Loopback],
) -> None:
    """Issue 38: Pyodide starts no thread, so the panel's forecast runs a chunk at a time on the
    event loop; Run All passes notebook 09, and a GM's Forecast shows its progress and stops
    on Cancel."""
    context, guard = loopback
    expose_jupyterlite_app(context)
    with static_server(SITE) as url:
        page = context.new_page()
        page.goto(f"{url}/lab/index.html?path=09_forecast.ipynb")
        page.wait_for_function(
            "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel",
            timeout=60_000,
        )
        book = Notebook(page)
        assert book.wait_kernel("print('ready')", "ready", timeout=BOOT_MS / 1000) == "ready"
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        panel = page.get_by_role("region", name="Fight forecast")
        expect(panel).to_be_visible(timeout=BOOT_MS)
        # the notebook's panel.run(n=1000); panel.wait() ran, and so did every cell after it
        last = page.locator(".jp-Notebook .jp-Cell").last
        expect(last.locator(".jp-OutputArea")).to_contain_text(
            "no attack or damage", timeout=BOOT_MS
        )
        assert book.kernel("print(panel.forecast.fights, panel.running)").strip() == "1000 False"
        expect(panel.locator(".bpb-status")).to_contain_text("Done: 1,000 of 1,000 fights")

        panel.get_by_role("spinbutton", name="Fights to simulate").fill("200000")
        panel.get_by_role("button", name="Forecast", exact=True).click()
        expect(panel.locator(".bpb-status")).to_have_text(
            re.compile(r"Forecasting… [1-9][\d,]* of 200,000 fights"), timeout=60_000
        )
        panel.get_by_role("button", name="Cancel").click()
        expect(panel.locator(".bpb-status")).to_contain_text("Cancelled:", timeout=30_000)
        expect(panel.get_by_role("button", name="Forecast", exact=True)).to_be_enabled()
        done = book.kernel("print(panel.forecast.complete, panel.running)").strip()
        assert done == "False False"
        expect(panel.locator(".bpb-error")).to_be_hidden()
        page.close()
    assert not guard.elsewhere(), guard.elsewhere()
