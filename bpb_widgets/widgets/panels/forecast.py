"""The fight forecast beside the GM screen (issue 16): simulate the fight from where it stands,
with a progress bar that moves while it runs and a Cancel button (``js/panels/forecast.js``).

The forecast runs on a thread of its own, so the kernel keeps answering the GM screen; its
fights run on a fork of the fight taken when Forecast is clicked (the live fight is only read,
on the kernel's main thread). The thread writes only the fields it owns (``progress``,
``status``, ``result``) and sends each edit as its own patch message. A result goes stale, and
says so, once the fight changes.

Where no thread can start (Pyodide, in JupyterLite), the fights run a chunk at a time on the
event loop (``runner.Steps``), which hears the GM's clicks, Cancel included, between two chunks;
``wait()`` runs what is left at once.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
import time
from typing import Any

from bpb_widgets.engine import Encounter
from bpb_widgets.errors import RuleError
from bpb_widgets.forecast import MAX_ROUNDS, Forecast, plan
from bpb_widgets.forecast.runner import DEFAULT_ROUNDS, Plan, Steps
from bpb_widgets.widgets._commands import panel_command
from bpb_widgets.widgets._host import Delta, Part, shown_error
from bpb_widgets.widgets.panels.state import ForecastState

log = logging.getLogger(__name__)
#: The fights a forecast runs unless the GM asks for another number.
DEFAULT_FIGHTS = 10_000


class ForecastPart(Part[Encounter[Any]]):
    """Forecast the fight: each side's chance to win with its interval, the rounds it lasts,
    who drops first, each combatant's chance to end out of the fight and Endurance left."""

    key = "forecast"
    state_type = ForecastState
    title = "Fight forecast"

    def __init__(self, host: Any, encounter: Encounter[Any]) -> None:
        super().__init__(host, encounter)
        self._thread: threading.Thread | None = None
        #: The forecast running a chunk at a time on the event loop, where threads cannot start.
        self._steps: Steps | None = None
        self._task: asyncio.Task[None] | None = None
        self._cancel = threading.Event()
        #: The last finished forecast (Python only; the front end gets ``result``).
        self.forecast: Forecast | None = None

    def refresh(self, delta: Delta | None) -> None:
        if delta is None:
            self.put("status", "idle")
            self.put("progress", {"done": 0, "total": 0})
            self.put("result", {})
            self.put("settings", {"n": DEFAULT_FIGHTS, "seed": None, "max_rounds": DEFAULT_ROUNDS})
            self.put("limits", {"max_rounds": MAX_ROUNDS})
            self.put("stale", False)
        elif self.state.get("result") or self.running:
            self.put("stale", True)  # the fight moved on since the forecast was taken

    @property
    def running(self) -> bool:
        if self._steps is not None:
            return True
        return self._thread is not None and self._thread.is_alive()

    @panel_command
    def run(
        self, n: int | None = None, seed: int | None = None, max_rounds: int | None = None
    ) -> None:
        """Forecast ``n`` fights (default 10,000) from where the fight stands; ``seed`` makes it
        repeatable (none: a fresh one, shown with the result)."""
        if self.running:
            raise RuleError("A forecast is already running: wait for it, or cancel it.")
        settings = {
            "n": DEFAULT_FIGHTS if n is None else n,
            "seed": seed,
            "max_rounds": DEFAULT_ROUNDS if max_rounds is None else max_rounds,
        }
        checked = plan(self.encounter, settings["n"], seed=seed, max_rounds=settings["max_rounds"])
        self.put("settings", settings)
        self.put("stale", False)
        self.put("status", "running")
        self.put("progress", {"done": 0, "total": checked.n})
        self._cancel = threading.Event()
        thread = threading.Thread(
            target=self._work, args=(checked, self._cancel), name="bpb-forecast", daemon=True
        )
        try:
            thread.start()
        except RuntimeError:  # no threads here: chunks on the event loop
            self._in_steps(checked)
        else:
            self._thread = thread

    @panel_command
    def cancel(self) -> None:
        """Stop the running forecast; the fights run so far are shown."""
        if not self.running:
            raise RuleError("No forecast is running.")
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the running forecast to end (scripts, tests); False if it still runs. Where
        it runs a chunk at a time on the event loop, the rest is run here and now."""
        steps = self._steps
        if steps is not None:
            end = None if timeout is None else time.monotonic() + timeout
            while steps.step():
                if end is not None and time.monotonic() > end:
                    return False
            self._end_steps(steps)
            return True
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self.running

    def stop(self) -> None:
        """Cancel a running forecast and wait for it (the widget is closing)."""
        self._cancel.set()
        self.wait()

    # -- the worker thread -------------------------------------------------------------------

    def _send(self, field: str, value: Any) -> None:
        """Set a field the worker owns and send it at once, as one patch message."""
        self.state[field] = value
        self.host.send({"type": "patch", "panels": {self.key: [{"field": field, "value": value}]}})

    def _progress(self, done: int, total: int) -> None:
        self._send("progress", {"done": done, "total": total})

    def _work(self, checked: Plan, cancel: threading.Event) -> None:
        try:
            forecast = Forecast.run(checked, progress=self._progress, cancel=cancel)
        except Exception as error:  # a tactic's illegal choice, a process killed ...
            if not isinstance(error, RuleError):  # a fault: logged, and the run still ends
                log.exception("The forecast stopped")
            self._refused(error)
            return
        self._done(forecast)

    def _refused(self, error: Exception) -> None:
        self._send("error", shown_error(str(error) or type(error).__name__))
        self._send("status", "idle")

    def _done(self, forecast: Forecast) -> None:
        self.forecast = forecast
        self._send("result", forecast.to_dict())
        self._send("status", "done" if forecast.complete else "cancelled")

    # -- where no thread can start -----------------------------------------------------------

    def _in_steps(self, checked: Plan) -> None:
        """Run the forecast a chunk at a time on the event loop (or at once, with none)."""
        steps = self._steps = Steps(checked, progress=self._progress, cancel=self._cancel)
        loop = _event_loop()
        if loop is None:
            self.wait()
        else:
            self._task = loop.create_task(self._drive(steps))

    async def _drive(self, steps: Steps) -> None:
        while steps.step():
            await asyncio.sleep(0)  # the browser's event loop takes the GM's clicks meanwhile
        self._end_steps(steps)

    def _end_steps(self, steps: Steps) -> None:
        """Show what a forecast run in steps found (once: ``wait`` may have ended it first)."""
        if self._steps is not steps:
            return
        self._steps = None
        if steps.error is not None:
            self._refused(steps.error)
        else:
            self._done(Forecast.of(steps.plan, steps.tally, 1, steps.seconds))


def _event_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop to run chunks on: the running one, or Pyodide's (the browser's own, always
    running); None in a plain script."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":
        return asyncio.get_event_loop()
    return None
