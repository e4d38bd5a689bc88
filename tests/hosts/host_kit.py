"""Helpers of the host tests: a static file server on loopback, a guard that refuses every
request to another machine, and ``marimo run`` on loopback."""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Request, Route

STARTUP_SECONDS = 60
LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}
#: Every URL that would leave this machine. A pattern (matched inside Playwright, not in Python):
#: a Python predicate would hold each of the site's hundreds of requests until this process
#: answers it.
ELSEWHERE = re.compile(r"^(?!(https?|wss?)://(127\.0\.0\.1|localhost|\[::1\])[:/])[a-z]+://")
#: Schemes the page uses without the network (inline data, blobs of its own).
LOCAL_SCHEMES = {"data", "blob", "about"}


def local(url: str) -> bool:
    """Whether ``url`` stays on this machine."""
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or (parts.hostname or "") in LOOPBACK


class Loopback:
    """Refuses (and remembers) every request that would leave this machine."""

    def __init__(self) -> None:
        self.refused: list[str] = []
        self.requested: list[str] = []

    def refuse(self, route: Route) -> None:
        """Refuse a request to another machine (routed here by ``ELSEWHERE``)."""
        url = route.request.url
        if local(url):  # data: and blob: URLs match ELSEWHERE too
            route.continue_()
        else:
            self.refused.append(url)
            route.abort("blockedbyclient")

    def seen(self, request: Request) -> None:
        self.requested.append(request.url)

    def elsewhere(self) -> list[str]:
        """Every request, refused or only seen, that named another machine."""
        return sorted({*self.refused, *(url for url in self.requested if not local(url))})


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the base class's own attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the tests assert on what was requested, not on a log."""


@contextmanager
def static_server(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free 127.0.0.1 port (what any static host does); yield its URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def expose_jupyterlite_app(context: BrowserContext) -> None:
    """Let the tests reach JupyterLite's app as ``window.jupyterapp`` (JupyterLab's
    ``exposeAppInBrowser``), set in the config as the page receives it: the site stays as built."""

    def expose(route: Route) -> None:
        response = route.fetch()
        config = response.json()
        config["jupyter-config-data"]["exposeAppInBrowser"] = True
        route.fulfill(response=response, body=json.dumps(config))

    context.route("**/jupyter-lite.json*", expose)


@contextmanager
def marimo_app(app: Path, root: Path) -> Iterator[str]:
    """``marimo run --headless`` on ``app`` on a free 127.0.0.1 port, in its own process group
    (killed at the end); yield its URL once it answers."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    path = os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])
    # no update check: the server asks a package index for marimo's latest version otherwise
    env = {**os.environ, "PYTHONPATH": path, "MARIMO_SKIP_UPDATE_CHECK": "1"}
    command = [sys.executable, "-m", "marimo", "run", str(app), "--headless", "--no-token"]
    command += ["--host", "127.0.0.1", "--port", str(port)]
    # its output to a file, not a pipe: a full pipe would stall marimo
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            yield _answering(f"http://127.0.0.1:{port}", process, log)
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def _answering(url: str, process: subprocess.Popen[bytes], log: IO[bytes]) -> str:
    """``url`` once its server answers (or an error saying why it never will)."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while True:
        if process.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"marimo run ended: {log.read().decode()[-2000:]}")
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=2):
                return url
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{url} did not answer in {STARTUP_SECONDS} s") from None
            time.sleep(0.3)


#: Where each host's time to interactive is written (test-output/, beside the screenshots).
TIMES = Path(__file__).resolve().parents[2] / "test-output" / "time_to_interactive.json"


def note_time_to_interactive(host: str, seconds: float) -> None:
    """Record ``host``'s time to interactive, measured the same way in every host test: from
    opening the page (the server already up) until the GM screen has answered its first click
    (the kernel ran the command and the screen shows the result)."""
    TIMES.parent.mkdir(exist_ok=True)
    times = json.loads(TIMES.read_text()) if TIMES.is_file() else {}
    times[host] = round(seconds, 1)
    TIMES.write_text(json.dumps(times, indent=1, sort_keys=True) + "\n")
