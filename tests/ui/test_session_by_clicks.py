"""A whole session from the screen (issue 32), by clicks only after one cell ``GMScreen()``: seed
000's fight, rounds 1 to 8 as the seed lists them (Monolith placed before the henchmen in round
2, Blueshift's delay and Monolith's grab in round 3, Blueshift leaping between Ganyeka and
Monolith in round 6 and losing her turn in round 7), with an extreme success; in JupyterLab
(light) and Notebook 7 (dark), 800 px wide. Every step is a click, a choice or a key typed into a
box, found by its role and accessible name, and checked in the kernel and on the page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gm_screen import Screen
from lab import DARK, LIGHT, LabServer, open_notebook
from playwright.sync_api import Browser, expect

from tests.engine.test_worked_examples import listing

CAST = Path(__file__).resolve().parents[2] / "examples" / "characters" / "seed_000_cast.json"
HENCHMEN = "Ganyeka's henchmen"
ENC = "screen.encounter"


@pytest.fixture(
    params=[("lab", LIGHT), ("notebook", DARK)], ids=["jupyterlab-light", "notebook7-dark"]
)
def screen(
    request: pytest.FixtureRequest, lab_server: LabServer, browser: Browser
) -> Iterator[Screen]:
    app, theme = request.param
    book = open_notebook(lab_server, browser, f"session-{app}.ipynb", app=app, width=800)
    book.set_theme(theme)
    out = book.run_cell("from bpb_widgets import GMScreen\nscreen = GMScreen()\nscreen")
    yield Screen(book, out)
    book.page.close()


def end_turn(s: Screen, then: str) -> None:
    """End the turn; ``then`` is "<round> <name>", who acts next."""
    s.click(s.strip, "End turn")
    round_, name = then.split(" ", 1)
    s.until(f"({ENC}.round, {ENC}.current)", repr((int(round_), name)))


def test_seed_000_rounds_1_to_8_by_clicks(screen: Screen, examples: dict[str, Any]) -> None:
    """Seed 000, "Delaying A Turn" and "Forcing An Action", rounds 1 to 8: the listing the screen
    makes is the seed's."""
    s = screen
    expect(s.out).not_to_contain_text("Error displaying widget")
    name = s.notebook.page.url.split("/")[-1].split("?")[0].replace(".ipynb", "")

    # the cast from a character file; Monolith has not come round the corner yet
    s.roster.get_by_text("New combatant…").click()
    s.roster.get_by_label("Character file").set_input_files(CAST)
    s.until(f"len({ENC}.names)", "4")
    monolith = s.card("Monolith")
    monolith.get_by_text("Sheet and actions").click()
    s.click(monolith, "Unaware")
    expect(monolith.get_by_role("button", name="Place now")).to_be_visible()
    s.click(s.strip, "Start")
    s.until(f"({ENC}.round, {ENC}.current)", "(1, 'Blueshift')")

    # round 1: Blueshift, Ganyeka, the henchmen
    s.attack_with("Ganyeka", "Sonic punch", "1 1")  # a miss: nothing to answer
    s.until(f"{ENC}.log[-1].kind", "attack")
    end_turn(s, "1 Ganyeka")
    end_turn(s, f"1 {HENCHMEN}")
    end_turn(s, "2 Blueshift")

    # round 2: Monolith runs around the corner and is placed after Ganyeka, this round
    monolith.get_by_role("combobox", name="Place Monolith after").select_option("Ganyeka")
    s.click(monolith, "Place now")
    s.until(f"{ENC}.turn_state('Monolith').aware", "True")
    expect(s.strip.get_by_role("listitem", name="Monolith")).to_be_visible()
    for then in ("2 Ganyeka", "2 Monolith", f"2 {HENCHMEN}", "3 Blueshift"):
        end_turn(s, then)

    # round 3: Blueshift delays; Monolith grabs Ganyeka and holds him; Blueshift takes her
    # delayed turn after Monolith's
    s.click(s.strip, "Delay")
    s.until(f"{ENC}.current", "Ganyeka")
    end_turn(s, "3 Monolith")
    s.attack.get_by_text("Grab, throw or trip").click()
    s.attack.get_by_role("combobox", name="Target").select_option("Ganyeka")
    s.attack.get_by_role("combobox", name="Then").select_option("hold")
    s.attack.get_by_role("textbox", name="Physical dice").fill("6 5 1 1")
    s.click(s.attack, "Grab")
    s.until(f"{ENC}.held_by('Ganyeka')", "Monolith")
    expect(s.card("Ganyeka").get_by_role("list", name="Conditions on Ganyeka")).to_contain_text(
        "held"
    )
    expect(s.card("Monolith").get_by_role("list", name="Conditions on Monolith")).to_contain_text(
        "holding"
    )
    expect(s.attack).to_contain_text("Monolith holds Ganyeka.")
    end_turn(s, f"3 {HENCHMEN}")
    s.click(s.strip.get_by_role("listitem", name="Blueshift"), "Take delayed turn")
    s.until(f"{ENC}.current", "Blueshift")
    end_turn(s, f"3 {HENCHMEN}")
    end_turn(s, "4 Blueshift")

    # round 4: Ganyeka tries to break free and fails; Monolith holds on
    end_turn(s, "4 Ganyeka")
    expect(s.attack).to_contain_text("Ganyeka is held by Monolith.")
    s.attack.get_by_role("textbox", name="Physical dice").fill("1 1")
    s.click(s.attack, "Break free")
    s.until(f"{ENC}.log[-1].kind", "break free")
    end_turn(s, "4 Monolith")
    s.click(s.attack, "Hold on")
    s.until(f"{ENC}.log[-1].kind", "hold")
    s.click(s.attack, "Let go")
    s.until(f"{ENC}.held_by('Ganyeka')", "None")
    end_turn(s, f"4 {HENCHMEN}")
    end_turn(s, "5 Blueshift")

    # round 5 as usual
    for then in ("5 Ganyeka", "5 Monolith", f"5 {HENCHMEN}", "6 Blueshift"):
        end_turn(s, then)

    # round 6: Ganyeka fires at Monolith; Blueshift leaps between them, forcing her next action
    end_turn(s, "6 Ganyeka")
    s.attack_with("Monolith", "Mind spike", "6 5")
    leap = s.answers.get_by_role("group", name="Blueshift")
    expect(leap).to_contain_text("forced action: uses Blueshift's turn in round 7")
    s.notebook.screenshot(s.attack, f"{name}-interpose")
    s.click(leap, "Take it for Monolith")
    s.until(f"{ENC}.pending_hits", "()")
    end_turn(s, "6 Monolith")
    end_turn(s, f"6 {HENCHMEN}")
    end_turn(s, "7 Ganyeka")  # round 7: Blueshift's turn is gone

    # round 7, then round 8 as usual, with an extreme success: Monolith's Haymaker, overwhelming
    end_turn(s, "7 Monolith")
    end_turn(s, f"7 {HENCHMEN}")
    end_turn(s, "8 Blueshift")
    end_turn(s, "8 Ganyeka")
    end_turn(s, "8 Monolith")
    s.attack_with("Ganyeka", "Haymaker", "6 6")
    s.until(f"{ENC}.pending_attack.roll.extreme", "True")
    s.click(s.attack, "Overwhelm")
    s.answer("Take the hit")
    s.until(f"{ENC}.turn_state('Ganyeka').out", "True")
    expect(s.card("Ganyeka")).to_contain_text("out of the fight")
    end_turn(s, f"8 {HENCHMEN}")
    end_turn(s, "9 Blueshift")

    expected = listing(examples, "Delaying A Turn", "Forcing An Action")
    assert s.notebook.kernel(f"print({ENC}.transcript(range(1, 9)))").strip() == expected
    s.notebook.screenshot(s.out, f"{name}-round-9")
