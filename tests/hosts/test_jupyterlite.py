"""The JupyterLite demo (``make lite``): the course's first notebook runs in the browser's own
Python (Pyodide): a learner answers its first question, wrongly then rightly, and reads each
verdict; its widgets are live, clicks reach the kernel and come back; and the page fetches
nothing from any other machine (every such request is refused and recorded).

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

import pytest
from axe_check import assert_no_violations
from host_kit import Loopback, expose_jupyterlite_app, note_time_to_interactive, static_server
from lab import DARK, LIGHT, Notebook
from playwright.sync_api import Browser, BrowserContext, expect

from benchmarks.forecast import SEED_FIGHT, in_site_pyodide

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "lite"
FIRST = "01_how_to_play.ipynb"
NOTEBOOK_01 = ROOT / "notebooks" / FIRST
WIDGET = "application/vnd.jupyter.widget-view+json"
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


def widgets_shown(source: Path) -> int:
    """How many widgets the notebook's saved outputs show."""
    document = json.loads(source.read_text())
    return sum(
        WIDGET in output.get("data", {})
        for cell in document["cells"]
        for output in cell.get("outputs", [])
    )


@needs_site
def test_the_course_s_first_notebook_runs_in_the_browser_and_answers_a_learner(
    loopback: tuple[BrowserContext, Loopback],
) -> None:
    context, guard = loopback
    expose_jupyterlite_app(context)
    with static_server(SITE) as url:
        page = context.new_page()
        opened = time.monotonic()
        page.goto(f"{url}/lab/index.html?path={FIRST}")
        page.wait_for_function(
            "(name) => window.jupyterapp?.shell.currentWidget?.context?.path === name",
            arg=FIRST,
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
        widgets = page.locator(".jp-Notebook .jp-OutputArea .bpb-screen")
        expect(widgets).to_have_count(widgets_shown(NOTEBOOK_01), timeout=BOOT_MS)
        # the notebook's last cell has run: the story's fight stands in round 3
        assert book.wait_kernel("print(enc.round)", "3", 60) == "3"

        # a learner answers the first question: wrongly, then rightly
        question = page.get_by_role("region", name="Predict").first
        question.scroll_into_view_if_needed()
        question.get_by_label("Your answer").fill("1")
        question.get_by_role("button", name="Answer", exact=True).click()
        verdict = question.get_by_role("status")
        expect(verdict).to_contain_text("Not quite. Not 1: Rank 1 is below average", timeout=30_000)
        expect(verdict).to_contain_text("Hint: Run the next cell: its summary lists every")
        question.get_by_label("Your answer").fill("2")
        question.get_by_role("button", name="Answer", exact=True).click()
        expect(verdict).to_contain_text("Right. An attribute the sheet does not name is rank 2")
        note_time_to_interactive("JupyterLite (notebook 01, Pyodide)", time.monotonic() - opened)
        expect(question.locator(".bpb-error")).to_be_hidden()

        # the live order of play: End turn reaches the kernel and comes back
        strip = page.locator(".jp-Notebook .jp-OutputArea .bpb-strip").last
        strip.scroll_into_view_if_needed()
        strip.get_by_role("button", name="End turn").click()
        assert book.wait_kernel("print(practice_turn.current)", "Ganyeka", 30) == "Ganyeka"
        expect(strip.locator(".bpb-chip.bpb-current")).to_contain_text("Ganyeka")
        expect(strip.locator(".bpb-error")).to_be_hidden()

        dice = page.locator(".jp-Notebook .jp-OutputArea .bpb-dice").first
        dice.scroll_into_view_if_needed()
        dice.get_by_role("button", name="Roll").click()
        expect(dice.locator(".bpb-result")).not_to_be_empty(timeout=30_000)
        expect(dice.locator(".bpb-error")).to_be_hidden()

        # readable here too (issue 35): axe-core finds no contrast, name or role problem in the
        # notebook's widgets, in JupyterLite's light and dark themes
        for theme in (LIGHT, DARK):
            book.set_theme(theme)
            for number, widget in enumerate(widgets.all(), 1):
                assert_no_violations(page, widget, f"JupyterLite, {theme}, widget {number}")
        page.close()
    assert not guard.elsewhere(), guard.elsewhere()
    assert any(url.endswith("pyodide.asm.wasm") for url in guard.requested)


@needs_site
def test_notebook_10_runs_all_and_the_forecast_panel_runs_and_cancels_without_threads(
    loopback: tuple[BrowserContext, Loopback],
) -> None:
    """Issue 38: Pyodide starts no thread, so the panel's forecast runs a chunk at a time on the
    event loop; Run All passes notebook 10 (the forecast), and a GM's Forecast shows its progress
    and stops on Cancel."""
    context, guard = loopback
    expose_jupyterlite_app(context)
    with static_server(SITE) as url:
        page = context.new_page()
        page.goto(f"{url}/lab/index.html?path=10_forecast.ipynb")
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
        last = page.locator(".jp-Notebook .jp-CodeCell").last
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


#: A forecast's tally printed whole, for the same seed in both runtimes.
SAME_SEED = f"""
from bpb_widgets import Encounter
from bpb_widgets.forecast import Forecast
enc = Encounter(seed=7)
enc.add_party({SEED_FIGHT!r})
print(repr(Forecast(enc, n=600, seed=11, workers=1).tally))
"""


@needs_site
def test_the_demo_s_pyodide_forecasts_what_cpython_does_for_the_same_seed(
    browser: Browser,
) -> None:
    """The demo's Python in the browser (what ``make bench`` times the forecast in) plays the same
    fights as the kernel's for the same seed: every count of the tally alike."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(SAME_SEED, {})
    here = printed.getvalue().strip()
    assert here.startswith("Tally(fights=600, wins=Counter({")
    assert in_site_pyodide(browser, SAME_SEED).strip() == here
