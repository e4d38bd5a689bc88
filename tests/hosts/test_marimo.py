"""The marimo app (examples/marimo_fight.py, ``marimo run``): the whole GM screen shows through
``mo.ui.anywidget`` (every panel the rule set names), and clicks run the fight: Start, then End
turn, each answered by the engine in Python and shown on the screen; the course's check beside
it answers a wrong choice and the right one with their verdicts. The page reaches nothing but
this machine."""

from __future__ import annotations

import re
import time
from pathlib import Path

from axe_check import assert_no_violations, luminance
from host_kit import Loopback, marimo_app, note_time_to_interactive
from playwright.sync_api import BrowserContext, expect

from bpb_widgets import Encounter, GMScreen

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "examples" / "marimo_fight.py"
OUTPUT = ROOT / "test-output"
PANEL_CLASSES = {
    "strip": "bpb-strip",
    "roster": "bpb-roster",
    "attack": "bpb-attack",
    "defense": "bpb-defense",
    "task": "bpb-dice",
    "log": "bpb-log",
    "files": "bpb-files",
    "players": "bpb-players",
}


def test_the_gm_screen_runs_a_fight_in_marimo(loopback: tuple[BrowserContext, Loopback]) -> None:
    context, guard = loopback
    with marimo_app(APP, ROOT) as url:
        page = context.new_page()
        opened = time.monotonic()
        page.goto(url)
        screen = page.locator(".bpb-screen").filter(has=page.locator(".bpb-strip"))
        expect(screen).to_be_visible(timeout=60_000)
        assert "Jupyter widgets are not supported" not in page.content()
        for key in GMScreen(Encounter()).layout_panels:  # every panel of a Python-side screen
            expect(screen.locator(f".{PANEL_CLASSES[key]}")).to_be_visible()

        strip = screen.locator(".bpb-strip")
        expect(strip.locator(".bpb-round")).to_contain_text("Not started")
        strip.get_by_role("button", name="Start").click()
        expect(strip.locator(".bpb-round")).to_contain_text("Round 1", timeout=20_000)
        note_time_to_interactive("marimo run", time.monotonic() - opened)
        current = strip.locator(".bpb-chip.bpb-current")
        expect(current).to_contain_text("Blueshift")
        log = screen.locator(".bpb-log")
        expect(log).to_contain_text("Round 1")

        strip.get_by_role("button", name="End turn").click()
        expect(current).to_contain_text("Ganyeka", timeout=20_000)
        expect(strip.locator(".bpb-chip.bpb-done")).to_contain_text("Blueshift")
        expect(strip.locator(".bpb-error")).to_be_hidden()

        question = page.get_by_role("region", name="Predict")
        question.get_by_role("button", name="nothing").click()
        verdict = question.get_by_role("status")
        expect(verdict).to_contain_text("Not quite. Only on his own turn", timeout=20_000)
        expect(verdict).to_contain_text("Hint: Whose turn is it when he blocks?")
        question.get_by_role("button", name="his next available turn").click()
        expect(verdict).to_contain_text("Right. A block outside one's own turn is a forced action")
        page.close()
    assert not guard.elsewhere(), guard.elsewhere()


def test_the_gm_screen_follows_marimos_dark_theme(
    loopback: tuple[BrowserContext, Loopback],
) -> None:
    """marimo's dark theme (``?theme=dark``: ``color-scheme: dark`` on its root, no ``--jp-*``
    variables) makes the widget dark, with light text that axe-core finds readable:
    test-output/marimo-dark.png."""
    context, guard = loopback
    with marimo_app(APP, ROOT) as url:
        page = context.new_page()
        page.goto(f"{url}?theme=dark")
        screen = page.locator(".bpb-screen").filter(has=page.locator(".bpb-strip"))
        expect(screen).to_be_visible(timeout=60_000)
        expect(page.locator("body")).to_have_class(re.compile(r"\bdark\b"))
        strip = screen.locator(".bpb-strip")
        strip.get_by_role("button", name="Start").click()
        expect(strip.locator(".bpb-round")).to_contain_text("Round 1", timeout=20_000)
        style = "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
        for panel in screen.locator(".bpb").all():
            background, color = panel.evaluate(style)
            assert luminance(background) < 0.05, f"{panel.get_attribute('class')}: {background}"
            assert luminance(color) > 0.5, f"{panel.get_attribute('class')}: {color}"
        OUTPUT.mkdir(exist_ok=True)
        screen.screenshot(path=str(OUTPUT / "marimo-dark.png"), animations="disabled")
        assert_no_violations(page, screen, "the GM screen in marimo's dark theme")
        page.close()
    assert not guard.elsewhere(), guard.elsewhere()
