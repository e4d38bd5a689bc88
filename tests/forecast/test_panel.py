"""ForecastPanel from Python: messages in, progress and results out, the fight untouched, the
kernel free while the forecast runs."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from forecast_kit import Sent, seed_fight

from bpb_widgets import Encounter
from bpb_widgets.forecast import Forecast, runner
from bpb_widgets.widgets import ForecastPanel


def to(widget: Any, cmd: str, **args: Any) -> None:
    """Deliver a command as the panel's view sends it."""
    content = {"panel": "forecast", "cmd": cmd, **args}
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def state(widget: ForecastPanel) -> dict[str, Any]:
    value: dict[str, Any] = widget.panels["forecast"]
    return value


def test_a_forecast_runs_off_the_main_thread_with_progress(sent: Sent) -> None:
    enc = seed_fight()
    saved = enc.to_json()
    panel = ForecastPanel(enc)
    assert panel.layout_panels == ["forecast"]
    assert state(panel)["status"] == "idle"
    to(panel, "run", n=1000, seed=3)
    assert state(panel)["error"] == ""
    assert panel.wait(60)
    assert state(panel)["status"] == "done"
    progress = sent.patches("forecast", "progress")
    assert progress[0] == {"done": 0, "total": 1000}
    assert [p["done"] for p in progress[1:]] == [250, 500, 750, 1000]
    assert "bpb-forecast" in sent.threads  # progress came from the worker thread
    result = state(panel)["result"]
    expected = Forecast(enc, n=1000, seed=3)
    assert result["sides"][0]["win"] == expected.win["heroes"]
    assert panel.forecast is not None and panel.forecast.tally == expected.tally
    assert enc.to_json() == saved


def test_bad_input_shows_the_reason_and_runs_nothing(sent: Sent) -> None:
    panel = ForecastPanel(seed_fight())
    to(panel, "run", n=0)
    assert "from 1 to 1,000,000" in state(panel)["error"]
    assert state(panel)["status"] == "idle"
    to(panel, "run", n="many")
    assert "whole number" in state(panel)["error"]
    to(panel, "cancel")
    assert state(panel)["error"] == "No forecast is running."


def test_a_d10_ap_fight_is_refused_with_the_reason(sent: Sent) -> None:
    enc = Encounter(rules="d10-ap", seed=1)
    enc.add("Evan", agb=3, awarb=4)
    panel = ForecastPanel(enc)
    to(panel, "run", n=100)
    assert "no attack or damage rules" in state(panel)["error"]


def test_cancel_stops_it_and_the_kernel_answers_meanwhile(sent: Sent) -> None:
    enc = seed_fight()
    panel = ForecastPanel(enc)
    to(panel, "run", n=200_000, seed=1)
    deadline = time.monotonic() + 30
    while state(panel)["progress"]["done"] == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    # the kernel's main thread is free: the fight goes on while the forecast runs
    enc.start()
    assert state(panel)["stale"] is True
    to(panel, "run", n=10)
    assert "already running" in state(panel)["error"]
    to(panel, "cancel")
    assert panel.wait(60)
    assert state(panel)["status"] == "cancelled"
    result = state(panel)["result"]
    assert not result["complete"] and 0 < result["fights"] < 200_000


def test_a_result_goes_stale_when_the_fight_changes(sent: Sent) -> None:
    enc = seed_fight()
    panel = ForecastPanel(enc)
    to(panel, "run", n=250, seed=1, max_rounds=5)
    assert panel.wait(60)
    assert state(panel)["stale"] is False
    assert state(panel)["result"]["max_rounds"] == 5
    enc.start()
    assert state(panel)["stale"] is True
    to(panel, "run", n=250, seed=1)
    assert panel.wait(60)
    assert state(panel)["stale"] is False
    assert "round 1" in state(panel)["result"]["where"]


def test_closing_stops_a_running_forecast(sent: Sent) -> None:
    panel = ForecastPanel(seed_fight())
    to(panel, "run", n=100_000, seed=1)
    panel.close()
    assert panel.wait(0)
    assert not any(t.name == "bpb-forecast" for t in threading.enumerate())


@pytest.mark.parametrize("cmd", ["run", "cancel"])
def test_unknown_arguments_are_refused(sent: Sent, cmd: str) -> None:
    panel = ForecastPanel(seed_fight())
    to(panel, cmd, dice=[1, 2])
    assert "takes" in state(panel)["error"]


def test_a_blackout_fight_is_forecast(sent: Sent) -> None:
    enc = Encounter(rules="blackout", seed=1)
    enc.add("Kim", hp=20, evasion=1, side="heroes")
    enc.add("Rex", pc=False, step=8, ap=3, hp=20, evasion=1, side="villains")
    saved = enc.to_json()
    panel = ForecastPanel(enc)
    to(panel, "run", n=500, seed=2)
    assert state(panel)["error"] == ""
    assert panel.wait(60)
    assert panel.forecast is not None and panel.forecast.fights == 500
    assert panel.forecast.to_dict()["measure"] == "HP"
    assert enc.to_json() == saved


Kernel = Callable[[Callable[[], Coroutine[Any, Any, None] | None]], None]


@pytest.fixture
def no_threads(monkeypatch: pytest.MonkeyPatch) -> Kernel:
    """A kernel where no thread can start, as Pyodide's in JupyterLite: what it is given runs on
    an event loop of its own if it is a coroutine function, else with no event loop, as in a
    plain script (on a thread of the test's, so that a loop an earlier test left running in this
    one, such as Playwright's, does not matter)."""
    start = threading.Thread.start

    def refused(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    def kernel(main: Callable[[], Coroutine[Any, Any, None] | None]) -> None:
        failed: list[BaseException] = []

        def run() -> None:
            try:
                coroutine = main()
                if coroutine is not None:
                    asyncio.run(coroutine)
            except BaseException as error:  # the test's assertion, raised again below
                failed.append(error)

        thread = threading.Thread(target=run)
        start(thread)
        thread.join()
        if failed:
            raise failed[0]

    monkeypatch.setattr(threading.Thread, "start", refused)
    return kernel


def test_without_threads_it_runs_in_chunks_on_the_event_loop_with_progress(
    sent: Sent, no_threads: Kernel
) -> None:
    """Issue 38: in JupyterLite the panel's thread could not start and the panel stayed
    "running", 0 of 3,000, for good."""
    enc = seed_fight()
    seen: list[int] = []

    async def kernel() -> None:
        panel = ForecastPanel(enc)
        to(panel, "run", n=1000, seed=3)
        assert state(panel)["error"] == ""
        assert state(panel)["status"] == "running"
        while panel.running:  # the loop is free between two chunks
            seen.append(state(panel)["progress"]["done"])
            await asyncio.sleep(0)
        assert state(panel)["status"] == "done"
        assert panel.forecast is not None
        assert panel.forecast.tally == Forecast(enc, n=1000, seed=3).tally

    no_threads(kernel)
    assert seen[:2] == [0, 250] and seen[-1] == 750
    assert [p["done"] for p in sent.patches("forecast", "progress")] == [0, 250, 500, 750, 1000]
    assert "bpb-forecast" not in sent.threads


def test_without_threads_cancel_is_heard_between_two_chunks(sent: Sent, no_threads: Kernel) -> None:
    async def kernel() -> None:
        panel = ForecastPanel(seed_fight())
        to(panel, "run", n=200_000, seed=1)
        while state(panel)["progress"]["done"] < 500:
            await asyncio.sleep(0)
        to(panel, "cancel")
        assert state(panel)["error"] == ""
        while panel.running:
            await asyncio.sleep(0)
        assert state(panel)["status"] == "cancelled"
        result = state(panel)["result"]
        assert not result["complete"] and 500 <= result["fights"] <= 750
        to(panel, "run", n=250, seed=1)  # and Forecast works again
        assert panel.wait(60) and state(panel)["status"] == "done"

    no_threads(kernel)


def test_without_threads_wait_runs_the_rest_and_a_script_runs_it_at_once(
    sent: Sent, no_threads: Kernel
) -> None:
    async def kernel() -> None:
        panel = ForecastPanel(seed_fight())
        panel.run(n=1000, seed=3)
        assert panel.running
        assert panel.wait()
        assert state(panel)["status"] == "done" and not panel.running
        await asyncio.sleep(0)  # the loop's task finds it ended and sends nothing more
        assert [p for p in sent.patches("forecast", "status")].count("done") == 1

    no_threads(kernel)

    def script() -> None:  # no event loop: a plain script
        panel = ForecastPanel(seed_fight())
        panel.run(n=500, seed=3)
        assert not panel.running and state(panel)["status"] == "done"
        assert panel.forecast is not None and panel.forecast.fights == 500

    no_threads(script)


def test_a_forecast_whose_process_is_killed_ends_with_an_error(
    sent: Sent, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33, point 13: one of the forecast's processes is killed (kill -9, or out of
    memory): the run ends with an error the GM reads, not "running" for ever, and the next one
    runs."""
    monkeypatch.setattr(runner.os, "cpu_count", lambda: 2)  # processes, even on one core
    enc = seed_fight()
    panel = ForecastPanel(enc)
    to(panel, "run", n=1_000_000, seed=3)
    deadline = time.monotonic() + 60
    while not (children := multiprocessing.active_children()) and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(children[0].pid, signal.SIGKILL)  # type: ignore[arg-type]
    assert panel.wait(60)
    assert state(panel)["status"] == "idle"
    assert state(panel)["error"] == (
        "A forecast process ended before its fights were done (it was killed, or ran out of "
        "memory): the forecast stopped. Run it again."
    )
    to(panel, "run", n=500, seed=3)
    assert panel.wait(60) and state(panel)["status"] == "done"
