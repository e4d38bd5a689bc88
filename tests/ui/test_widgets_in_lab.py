"""The widgets in a real JupyterLab: render, click, check the kernel; command from Python, check
the page; hostile names; refusals; light and dark themes."""

from __future__ import annotations

import hashlib
import json

from lab import DARK, LIGHT, LabServer, Notebook, open_notebook
from playwright.sync_api import Browser, Locator, expect

from bpb_widgets.widgets._host import STATIC

FIGHT = """
from bpb_widgets import Encounter
from bpb_widgets.widgets import DefensePanel, DiceRoller, EncounterLog, GMScreen, TurnOrderStrip
def fight():
    enc = Encounter(seed=7)
    enc.add("Blueshift", perception=4, agility=5, prowess=4, expertise={"dodge"})
    enc.add("Ganyeka", perception=3, prowess=5, brawn=6)
    enc.add("Monolith", prowess=6, brawn=8, expertise={"block"})
    enc.add("Ganyeka's henchmen", group=True)
    return enc
"""
XSS = '<img src=x onerror="window.__bpb_xss = 1">'


def setup(notebook: Notebook) -> None:
    if notebook.kernel("print('fight' in globals())").strip() != "True":
        notebook.kernel(FIGHT)


def show(notebook: Notebook, var: str, widget: str, *, start: bool = True) -> Locator:
    """Create ``var = fight()`` in the kernel, display ``widget(var)`` in a new cell."""
    setup(notebook)
    begin = f"{var}.start()\n" if start else ""
    return notebook.run_cell(f"{var} = fight()\n{begin}{widget}({var})")


def in_both_themes(notebook: Notebook, out: Locator, name: str) -> None:
    """Screenshots of ``out`` in the light theme, then the dark: <name>-light, <name>-dark."""
    notebook.screenshot(out, f"{name}-light")
    notebook.set_theme(DARK)
    try:
        notebook.screenshot(out, f"{name}-dark")
    finally:
        notebook.set_theme(LIGHT)


def chip(output: Locator, name: str) -> Locator:
    return output.locator(f".bpb-chip[data-name={json.dumps(name, ensure_ascii=False)}]")


def test_gm_screen_renders_and_end_turn_reaches_the_kernel(notebook: Notebook) -> None:
    out = show(notebook, "enc_a", "GMScreen")
    expect(out.locator(".bpb")).to_have_count(7)  # and Players
    expect(out).not_to_contain_text("Error displaying widget")
    expect(chip(out, "Blueshift")).to_have_attribute("aria-current", "true")
    expect(out.locator(".bpb-attack .bpb-arithmetic").first).to_be_visible()
    notebook.screenshot(out, "gm-screen-light")
    out.get_by_role("button", name="End turn").click()
    assert notebook.wait_kernel("print(enc_a.current)", "Ganyeka") == "Ganyeka"
    expect(chip(out, "Ganyeka")).to_have_attribute("aria-current", "true")
    expect(chip(out, "Blueshift")).not_to_have_attribute("aria-current", "true")
    expect(chip(out, "Blueshift")).to_contain_text("acted")


def test_a_command_run_from_python_shows_in_every_widget(notebook: Notebook) -> None:
    first = show(notebook, "enc_b", "TurnOrderStrip")
    second = notebook.run_cell("EncounterLog(enc_b)")
    notebook.kernel("enc_b.end_turn(); enc_b.end_turn()")
    expect(chip(first, "Monolith")).to_have_attribute("aria-current", "true")
    expect(second.locator(".bpb-entry").last).to_contain_text("Monolith")


def test_delay_then_take_the_delayed_turn(notebook: Notebook) -> None:
    out = show(notebook, "enc_c", "TurnOrderStrip")
    out.get_by_role("button", name="Delay").click()
    expect(chip(out, "Blueshift")).to_contain_text("delaying")
    chip(out, "Blueshift").get_by_role("button", name="Take delayed turn").click()
    assert notebook.wait_kernel("print(enc_c.current)", "Blueshift") == "Blueshift"
    expect(chip(out, "Blueshift")).to_have_attribute("aria-current", "true")


def test_keyboard_shortcuts_run_commands(notebook: Notebook) -> None:
    out = show(notebook, "enc_d", "TurnOrderStrip")
    chip(out, "Blueshift").focus()
    notebook.page.keyboard.press("e")
    assert notebook.wait_kernel("print(enc_d.current)", "Ganyeka") == "Ganyeka"
    notebook.page.keyboard.press("u")
    assert notebook.wait_kernel("print(enc_d.current)", "Blueshift") == "Blueshift"
    # D twice is JupyterLab's "delete cell": inside the widget it delays, then asks before
    # delaying the next turn too (issue 35), and D a third time does; nothing else happens
    cells = notebook.page.locator(".jp-Notebook .jp-Cell").count()
    notebook.page.keyboard.press("d")
    assert notebook.wait_kernel("print(enc_d.current)", "Ganyeka") == "Ganyeka"
    notebook.page.keyboard.press("d")
    expect(out.get_by_role("status")).to_contain_text("Delay Ganyeka's turn too?")
    notebook.page.keyboard.press("d")
    assert notebook.wait_kernel("print(enc_d.current)", "Monolith") == "Monolith"
    assert notebook.page.locator(".jp-Notebook .jp-Cell").count() == cells


def test_block_with_physical_dice_shows_the_result_and_the_revised_order(
    notebook: Notebook,
) -> None:
    out = show(notebook, "enc_e", "DefensePanel")
    panel = out.locator(".bpb-defense")
    panel.get_by_label("Attacker").select_option("Ganyeka")
    panel.get_by_label("Defender").select_option("Monolith")
    panel.get_by_label("Attack rank").fill("5")
    panel.get_by_label("Attack rank").dispatch_event("change")
    expect(panel.locator(".bpb-block .bpb-consequence")).to_contain_text("Monolith")
    panel.get_by_label("Physical dice").fill("6 6")
    panel.get_by_role("button", name="Block").click()
    expect(panel.locator(".bpb-result")).to_contain_text("extreme success")
    assert notebook.kernel("print(enc_e.log[-1].kind)").strip() == "block"
    notebook.screenshot(panel, "defense-panel-after-block")


def test_a_refused_command_shows_its_message(notebook: Notebook) -> None:
    """A hit waits for Ganyeka's answer: End turn is refused, with the reason, and nothing
    changes."""
    out = show(notebook, "enc_f", "TurnOrderStrip")
    notebook.kernel("enc_f.attack('Blueshift', 'Ganyeka', 5, dice=(6, 5))")
    out.get_by_role("button", name="End turn").click()
    expect(out.get_by_role("alert")).to_contain_text("First resolve Blueshift's hit on Ganyeka")
    assert notebook.kernel("print(enc_f.current, len(enc_f.pending_hits))").strip() == "Blueshift 1"


def test_names_render_as_typed_never_as_html(notebook: Notebook) -> None:
    setup(notebook)
    out = notebook.run_cell(f"enc_x = fight()\nenc_x.add({XSS!r})\nenc_x.start()\nGMScreen(enc_x)")
    expect(chip(out, XSS)).to_contain_text(XSS)
    expect(out.locator("img")).to_have_count(0)
    assert notebook.page.evaluate("() => window.__bpb_xss") is None


def test_dice_roller_shows_odds_and_explains_the_roll(notebook: Notebook) -> None:
    out = show(notebook, "enc_g", "DiceRoller")
    roller = out.locator(".bpb-dice")
    expect(roller.locator(".bpb-odds-text")).to_contain_text("Success")
    expect(roller.locator("svg.bpb-chart rect")).to_have_count(11)
    roller.get_by_label("Physical dice").fill("3 4")
    roller.get_by_role("button", name="Roll").click()
    expect(roller.locator(".bpb-result")).to_contain_text("2d6 (3+4)")
    notebook.screenshot(roller, "dice-roller")


def test_choosing_a_log_entry_undoes_back_to_it(notebook: Notebook) -> None:
    out = show(notebook, "enc_h", "EncounterLog")
    notebook.kernel("enc_h.end_turn(); enc_h.end_turn()")
    entries = out.locator(".bpb-entry")
    expect(entries.last).to_contain_text("Monolith")
    out.locator(".bpb-entry-button", has_text="Ganyeka's turn").click()
    dialog = out.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Undo back to just before “Ganyeka's turn”? This takes back:")
    assert notebook.kernel("print(enc_h.current)").strip() == "Monolith"  # asked, not done
    dialog.get_by_role("button", name="Undo 2 commands").click()
    assert notebook.wait_kernel("print(enc_h.current)", "Blueshift") == "Blueshift"
    out.get_by_role("button", name="Redo all (2)").click()
    assert notebook.wait_kernel("print(enc_h.current)", "Monolith") == "Monolith"


def test_a_log_line_opens_the_rule_it_cites(notebook: Notebook) -> None:
    """The § of a line shows the rule in the project's own words with its source; the engine's
    own ruling reads as one."""
    out = show(notebook, "enc_r", "EncounterLog")
    notebook.kernel(
        "enc_r.block('Monolith', attacker='Ganyeka', rank=5, dice=(6, 6))\n"
        "enc_r.attack('Blueshift', \"Ganyeka's henchmen\", 6, dice=(6, 6)); enc_r.take_hit()"
    )
    block = out.locator(".bpb-entry", has_text="Block: Prowess 6")
    block.get_by_role("button", name="The rule: Blocking").click()
    rule = block.get_by_role("note", name="The rule: Blocking")
    expect(rule).to_contain_text('seed 000, "Blocking"')
    expect(rule).to_contain_text("Prowess + 2d6")
    assert notebook.kernel("print(enc_r.can_redo)").strip() == "False"  # opening undoes nothing
    out_line = out.locator(".bpb-entry", has_text="out of the fight at Endurance 0")
    out_line.get_by_role("button", name="The rule: Endurance 0").click()
    expect(out_line.get_by_role("note")).to_contain_text("bpb_widgets' ruling")
    in_both_themes(notebook, out, "log-rule")
    block.get_by_role("button", name="The rule: Blocking").click()
    expect(rule).to_have_count(0)


CHECKS = """
from bpb_widgets import Check, rules
import ipywidgets
odds = rules.odds(6, 17, bonus=3, expertise=True)
choice = Check.choice(
    "Monolith (Prowess 6, block expertise +3) blocks a rank 9 Blast. What does he need on 2d6?",
    ["8 or more", "11 or more", "17 or more"],
    answer="8 or more",
    why=f"17 - 6 - 3 = 8: {rules.chance(odds)}.",
    wrong={"11 or more": "That forgets his +3 expertise.",
           "17 or more": "17 is the total; his Prowess and expertise count toward it."},
    hint="Take his Prowess and expertise off the difficulty, 8 + 9.",
)
number = Check.number("How many of the 36 rolls of 2d6 make 8 or more?", answer=15, unit="rolls",
                      why="5 + 4 + 3 + 2 + 1.", hint="Count the ways of 8, 9, 10, 11, 12.")
enc_k = fight()
enc_k.start()
task = Check.task(
    "End Blueshift's turn.", enc_k,
    missing=lambda e: None if e.current != "Blueshift" else "It is still Blueshift's turn.",
    solve=lambda e: e.end_turn(), why="End turn passes the turn on.", hint="Press End turn.",
    how="End turn.")
"""


def test_a_check_tells_right_or_wrong_why_and_a_hint(notebook: Notebook) -> None:
    setup(notebook)
    notebook.kernel(CHECKS)
    out = notebook.run_cell("ipywidgets.VBox([choice, number, task])")
    predict = out.get_by_role("region", name="Predict").first
    predict.get_by_role("button", name="17 or more").click()
    status = predict.get_by_role("status")
    expect(status).to_contain_text("Not quite. 17 is the total")
    expect(status).to_contain_text("Hint: Take his Prowess")
    predict.get_by_role("button", name="Show the answer").click()
    expect(predict).to_contain_text("Answer: 8 or more. 17 - 6 - 3 = 8: 41.7% (15 of 36 rolls")
    predict.get_by_role("button", name="8 or more").click()
    expect(status).to_contain_text("Right. 17 - 6 - 3 = 8")
    second = out.get_by_role("region", name="Predict").nth(1)
    second.get_by_label("Your answer").fill("6")
    second.get_by_label("Your answer").press("Enter")
    expect(second.get_by_role("status")).to_contain_text("Not 6 rolls: that is too low.")
    in_both_themes(notebook, out, "check")
    second.get_by_label("Your answer").fill("15")
    second.get_by_role("button", name="Answer", exact=True).click()
    expect(second.get_by_role("status")).to_contain_text("Right.")
    turn = out.get_by_role("region", name="Your turn")
    turn.get_by_role("button", name="Check").click()
    expect(turn.get_by_role("status")).to_contain_text("Not yet. It is still Blueshift's turn.")
    turn.get_by_role("button", name="Show me").click()
    expect(turn.get_by_role("status")).to_contain_text("Right. End turn passes the turn on.")
    assert notebook.kernel("print(enc_k.current)").strip() == "Ganyeka"


def test_dark_theme(notebook: Notebook) -> None:
    out = show(notebook, "enc_i", "GMScreen")
    notebook.kernel("enc_i.delay(); enc_i.force('Monolith', 'dives for cover')")
    expect(chip(out, "Monolith")).to_contain_text("dives for cover")
    notebook.set_theme(DARK)
    try:
        strip = out.locator(".bpb-strip")
        colour = strip.evaluate("el => getComputedStyle(el).backgroundColor")
        notebook.screenshot(out, "gm-screen-dark")
    finally:
        notebook.set_theme(LIGHT)
    assert colour != strip.evaluate("el => getComputedStyle(el).backgroundColor")


def test_in_an_ipywidgets_box_a_screen_takes_the_row_and_keeps_a_width_given_to_it(
    notebook: Notebook,
) -> None:
    """A GM screen's width comes from its container (for the container query), so in a flex row
    it has none of its own: it must take the room the row leaves, not shrink to a sliver."""
    setup(notebook)
    out = notebook.run_cell(
        "import ipywidgets\n"
        "enc_box = fight(); enc_box.start()\n"
        "ipywidgets.VBox([\n"
        "    ipywidgets.Box([GMScreen(enc_box)], _dom_classes=['alone']),\n"
        "    ipywidgets.HBox([ipywidgets.Button(description='Next'), GMScreen(enc_box)],"
        " _dom_classes=['beside']),\n"
        "    ipywidgets.HBox([GMScreen(enc_box, layout=ipywidgets.Layout(width='40%'))],"
        " _dom_classes=['given']),\n"
        "])"
    )
    expect(out.locator(".bpb-host")).to_have_count(3)

    def share(box: str) -> float:
        row = out.locator(f".{box}")
        return float(
            row.evaluate(
                "row => row.querySelector('.bpb-host').getBoundingClientRect().width"
                " / row.getBoundingClientRect().width"
            )
        )

    assert share("alone") > 0.95
    assert 0.7 < share("beside") < 1
    assert 0.35 < share("given") < 0.45
    # stacked into one column at 40 % of the output, two columns when it has the row (848 px:
    # table mode by default, one column, and two once the toggle turns it off)
    columns = "el => getComputedStyle(el).gridTemplateColumns.split(' ').length"
    alone = out.locator(".alone")
    assert alone.locator(".bpb-screen").evaluate(columns) == 1
    alone.get_by_role("button", name="Table mode").click()
    assert alone.locator(".bpb-screen").evaluate(columns) == 2
    assert out.locator(".given .bpb-screen").evaluate(columns) == 1


def test_declare_the_order_by_keyboard_and_by_dragging(notebook: Notebook) -> None:
    out = show(notebook, "enc_j", "TurnOrderStrip", start=False)
    chip(out, "Blueshift").focus()
    notebook.page.keyboard.press("Alt+ArrowRight")
    assert notebook.wait_kernel("print(enc_j.order[:2])", "['Ganyeka', 'Blueshift']") == (
        "['Ganyeka', 'Blueshift']"
    )
    expect(out.locator(".bpb-chip").first).to_have_attribute("data-name", "Ganyeka")
    expect(chip(out, "Blueshift")).to_be_focused()
    chip(out, "Monolith").drag_to(chip(out, "Ganyeka"))
    assert notebook.wait_kernel("print(enc_j.order[0])", "Monolith") == "Monolith"


def test_the_last_of_500_chips_is_named_and_reordered_by_keyboard_and_by_dragging(
    notebook: Notebook,
) -> None:
    """The list's own listeners serve every chip: the 500th, scrolled out of view, keeps its
    accessible name and still reaches the kernel by Alt+arrow and by dragging."""
    setup(notebook)
    out = notebook.run_cell(
        "enc_many = Encounter(seed=1)\n"
        "for i in range(500):\n"
        "    enc_many.add(f'Fighter {i:03d}', perception=1 + i % 14)\n"
        "TurnOrderStrip(enc_many)"
    )
    order = out.get_by_role("list", name="Order of play")
    expect(order.locator(".bpb-chip[data-name]")).to_have_count(500)
    last = order.get_by_role("listitem", name="Fighter 499", exact=True)
    expect(last).not_to_be_in_viewport()
    last.focus()
    notebook.page.keyboard.press("Alt+ArrowLeft")
    moved = "['Fighter 499', 'Fighter 498']"
    assert notebook.wait_kernel("print(enc_many.order[-2:])", moved) == moved
    expect(last).to_be_focused()
    last.drag_to(order.get_by_role("listitem", name="Fighter 497", exact=True))
    dropped = "['Fighter 499', 'Fighter 497', 'Fighter 498']"
    assert notebook.wait_kernel("print(enc_many.order[-3:])", dropped) == dropped


#: Count the changes to the widgets' <style> from now on (``window.__bpb_style_changes``).
WATCH_STYLESHEET = """() => {
    const style = document.getElementById("bpb_widgets");
    window.__bpb_style_changes = 0;
    new MutationObserver((changes) => { window.__bpb_style_changes += changes.length; })
        .observe(style, {childList: true, characterData: true, subtree: true});
    return style.sheet.cssRules.length;
}"""


def test_every_kind_of_widget_shares_one_stylesheet_and_one_import_of_the_bundle(
    notebook: Notebook,
) -> None:
    """anywidget writes the stylesheet again for every new widget; the page would style all of
    itself anew each time. One <style> serves every kind of widget, and a new widget of any
    kind leaves it as it is. anywidget also imports each widget's code afresh: every widget
    gets the one import of the bundle the page made (js/board.js)."""
    strip = show(notebook, "enc_css", "TurnOrderStrip")
    expect(chip(strip, "Blueshift")).to_be_visible()
    rules = notebook.page.evaluate(WATCH_STYLESHEET)
    assert rules > 100
    screen = notebook.run_cell("GMScreen(enc_css)")
    expect(chip(screen, "Blueshift")).to_be_visible()
    log = notebook.run_cell("EncounterLog(enc_css)")
    expect(log.locator(".bpb")).to_be_visible()
    page = notebook.page
    assert page.evaluate("document.querySelectorAll('style#bpb_widgets').length") == 1
    assert page.evaluate("window.__bpb_style_changes") == 0
    assert page.evaluate("document.getElementById('bpb_widgets').sheet.cssRules.length") == rules
    bundle = hashlib.sha256((STATIC / "widgets.js").read_bytes()).hexdigest()[:16]
    assert page.evaluate("Object.keys(window.__bpbWidgets)") == [bundle]
    background = "el => getComputedStyle(el).backgroundColor"
    assert chip(screen, "Blueshift").evaluate(background) == chip(strip, "Blueshift").evaluate(
        background
    )


def test_a_saved_notebook_runs_all_cells_and_its_widgets_stay_in_sync(
    lab_server: LabServer, browser: Browser
) -> None:
    cells = [FIGHT, "enc = fight()\nenc.start()\nGMScreen(enc)", "TurnOrderStrip(enc)"]
    book = open_notebook(lab_server, browser, "run-all.ipynb", cells)
    try:
        strips = book.run_all(wait_for=".bpb-strip", count=2)
        expect(book.page.locator(".jp-Notebook")).not_to_contain_text("Error displaying widget")
        strips.nth(1).get_by_role("button", name="End turn").click()
        for strip in (strips.nth(0), strips.nth(1)):
            expect(chip(strip, "Ganyeka")).to_have_attribute("aria-current", "true")
        assert book.kernel("print(enc.current)").strip() == "Ganyeka"
    finally:
        book.page.close()
