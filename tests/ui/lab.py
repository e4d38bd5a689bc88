"""Drive a real JupyterLab 4 with Playwright's Chromium (browser tests and the benchmark).

``LabServer`` runs ``jupyter lab`` on a free loopback port in its own process group with its own
settings and workspace folders; ``open_notebook`` opens a notebook in a page; ``Notebook.run_cell``
appends a cell, runs it and returns its output, so one page and one kernel serve many checks.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path

from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, Playwright, expect

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OUTPUT = Path(__file__).resolve().parents[2] / "test-output"
#: Where the README's screenshot goes (``make screenshot``).
DOCS = Path(__file__).resolve().parents[2] / "docs"
STARTUP_SECONDS = 90
#: JupyterLab as it ships (long notebooks windowed: cells off screen are skipped by the browser's
#: ``content-visibility``, the default ``windowingMode``), with no news toast: what a GM has, and
#: what the bench measures in.
AS_SHIPPED = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
}
#: For the tests: every cell shown, even off screen, so a page's screenshots and checks see all.
SETTINGS = {**AS_SHIPPED, "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"}}
LIGHT, DARK = "JupyterLab Light", "JupyterLab Dark"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _write_settings(folder: Path, settings: Mapping[str, object]) -> None:
    for plugin, values in settings.items():
        path = folder / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


class LabServer:
    """A running ``jupyter lab`` process."""

    def __init__(self, root: Path, home: Path, settings: Mapping[str, object] = SETTINGS) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.port = _free_port()
        self.token = secrets.token_hex(16)
        _write_settings(home / "settings", settings)
        env = {
            **os.environ,
            "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
            "JUPYTER_CONFIG_DIR": str(home / "config"),
            "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        }
        env.pop("ANYWIDGET_HMR", None)
        self.log = (home / "lab.log").open("wb")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jupyter",
                "lab",
                "--no-browser",
                "--allow-root",
                f"--port={self.port}",
                "--ip=127.0.0.1",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={root}",
                "--LabApp.news_url=",
                "--LabApp.expose_app_in_browser=True",
                "--JupyterNotebookApp.expose_app_in_browser=True",
            ],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self._wait_ready()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"jupyter lab exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/status?token={self.token}", timeout=2):
                    return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"jupyter lab did not answer within {STARTUP_SECONDS} s")

    def stop(self) -> None:
        """Kill the server, its kernels and anything else in its process group."""
        for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
            try:
                os.killpg(self.process.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.process.wait(wait)
                break
            except subprocess.TimeoutExpired:
                continue
        self.log.close()


#: The kernel's pid, or null when it does not answer within a second (dead or restarting).
ASK_PID = """async () => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel;
    if (!kernel || kernel.status !== "idle") return null;
    const code = "import os; print(os.getpid())";
    const future = kernel.requestExecute({code, store_history: false});
    let text = "";
    future.onIOPub = (msg) => { if (msg.header.msg_type === "stream") text += msg.content.text; };
    const late = new Promise((resolve) => setTimeout(() => resolve(null), 1000));
    return (await Promise.race([future.done.then(() => text.trim(), () => null), late])) || null;
}"""


class Notebook:
    """One open notebook in the lab page, with helpers to run cells and query the kernel.
    ``console_errors`` holds every error the page logged to its console or threw, from its
    opening on (``console_errors(page)`` before it opens)."""

    def __init__(self, page: Page, errors: list[str] | None = None) -> None:
        self.page = page
        self.console_errors = errors if errors is not None else console_errors(page)

    def run_cell(
        self, source: str, *, wait_for: str | None = ".bpb", timeout: float = 20_000
    ) -> Locator:
        """Append a code cell, run it, return its output area once ``wait_for`` shows in it."""
        index = self.page.evaluate(
            """(source) => {
                const nb = window.jupyterapp.shell.currentWidget.content;
                const cells = nb.model.sharedModel;
                cells.insertCell(cells.cells.length, {cell_type: "code", source});
                nb.activeCellIndex = cells.cells.length - 1;
                window.jupyterapp.commands.execute("notebook:run-cell");
                return cells.cells.length - 1;
            }""",
            source,
        )
        output = self.page.locator(".jp-Notebook .jp-Cell").nth(index).locator(".jp-OutputArea")
        if wait_for:
            expect(output.locator(wait_for).first).to_be_visible(timeout=timeout)
        return output

    def run_all(self, *, wait_for: str = ".bpb", count: int = 1) -> Locator:
        """Run every cell (the command is not awaited: it can wait on dialogs) and wait until
        ``count`` elements match ``wait_for`` in the notebook's outputs."""
        self.page.evaluate(
            "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
        )
        found = self.page.locator(f".jp-Notebook .jp-OutputArea {wait_for}")
        expect(found).to_have_count(count, timeout=30_000)
        return found

    def kernel(self, code: str) -> str:
        """Run ``code`` in the notebook's kernel (no cell) and return what it printed."""
        return self.page.evaluate(
            """async (code) => {
                const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
                const future = kernel.requestExecute({code, store_history: false});
                let text = "";
                future.onIOPub = (msg) => {
                    const c = msg.content;
                    if (msg.header.msg_type === "stream") text += c.text;
                    if (msg.header.msg_type === "error") text += `${c.ename}: ${c.evalue}`;
                };
                await future.done;
                return text;
            }""",
            code,
        )

    def wait_kernel(self, code: str, expected: str, timeout: float = 10.0) -> str:
        """Poll ``kernel(code)`` until it prints ``expected`` (a click's effect can lag)."""
        deadline = time.monotonic() + timeout
        while True:
            got = self.kernel(code).strip()
            if got == expected or time.monotonic() > deadline:
                return got
            time.sleep(0.1)

    def restarted(self, dead_pid: int, timeout: float = 60.0) -> int:
        """Wait until the kernel, killed as process ``dead_pid``, has been restarted by the server
        (accepting JupyterLab's "Kernel Restarting" notice); return the new kernel's pid."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            accept = self.page.locator(".jp-Dialog .jp-mod-accept")
            if accept.count():
                accept.first.click()
            pid = self.page.evaluate(ASK_PID)
            if pid and int(pid) != dead_pid:
                return int(pid)
            time.sleep(0.3)
        raise RuntimeError(f"the kernel did not restart within {timeout} s")

    def set_theme(self, theme: str) -> None:
        self.page.evaluate(
            "(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})", theme
        )
        expect(self.page.locator("body")).to_have_attribute(
            "data-jp-theme-light", "true" if theme == LIGHT else "false"
        )

    def screenshot(self, target: Locator, name: str, folder: Path = OUTPUT) -> Path:
        """Save ``target``'s screenshot as <folder>/<name>.png (test-output/ by default). The
        notebook scrolls inside the page, so a target taller than the window is shown whole in
        a window made tall enough for the shot."""
        folder.mkdir(exist_ok=True)
        path = folder / f"{name}.png"
        size = self.page.viewport_size
        box = target.bounding_box()
        tall = size is not None and box is not None and box["height"] + 200 > size["height"]
        if tall and size is not None and box is not None:
            self.page.set_viewport_size(
                {"width": size["width"], "height": int(box["height"]) + 300}
            )
            target.scroll_into_view_if_needed()
        try:
            target.screenshot(path=str(path), animations="disabled")
        finally:
            if tall and size is not None:
                self.page.set_viewport_size(size)
        return path


def console_errors(page: Page) -> list[str]:
    """Every error ``page`` logs to its console or throws from now on (a list that grows)."""
    errors: list[str] = []

    def logged(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", logged)
    page.on("pageerror", lambda error: errors.append(f"{error.name}: {error.message}"))
    return errors


def open_notebook(
    server: LabServer,
    browser: Browser,
    name: str = "ui.ipynb",
    cells: Sequence[str] = (),
    *,
    app: str = "lab",
    width: int = 1280,
) -> Notebook:
    """Write a notebook of code ``cells``, open it in a new page ``width`` pixels wide, in
    JupyterLab (``app="lab"``) or Notebook 7 (``app="notebook"``), and wait for its kernel."""
    kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    code = [
        {
            "cell_type": "code",
            "source": source,
            "metadata": {},
            "outputs": [],
            "execution_count": None,
        }
        for source in cells
    ]
    document = {
        "cells": code,
        "metadata": {"kernelspec": kernelspec},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (server.root / name).write_text(json.dumps(document))
    page = browser.new_page(viewport={"width": width, "height": 1500})
    errors = console_errors(page)
    if app == "notebook":
        page.goto(f"{server.url}/notebooks/{name}?token={server.token}")
    else:  # a fresh workspace per page, so no page restores another's notebooks
        workspace = Path(name).stem
        page.goto(f"{server.url}/lab/workspaces/{workspace}/tree/{name}?reset&token={server.token}")
    page.wait_for_function(
        "(name) => window.jupyterapp?.shell.currentWidget?.context?.path === name",
        arg=name,
        timeout=60_000,
    )
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    page.wait_for_function(
        """() => document.querySelector('.jp-Dialog')
            || window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel""",
        timeout=60_000,
    )
    if accept.count():
        accept.click()
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.ready")
    book = Notebook(page, errors)
    if book.wait_kernel("print('ready')", "ready", timeout=60) != "ready":
        raise RuntimeError("the notebook's kernel did not answer")
    return book


def launch(playwright: Playwright) -> Browser:
    """The system Chromium, headless (never a downloaded browser)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
