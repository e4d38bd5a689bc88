"""The bundled front end: every widget's ES module and the stylesheet are built and loaded."""

from __future__ import annotations

import pytest
from widget_kit import fight

from bpb_widgets.widgets import DefensePanel, DiceRoller, EncounterLog, TurnOrderStrip
from bpb_widgets.widgets._base import STATIC

BUNDLES = {
    TurnOrderStrip: "turn_order_strip.js",
    DiceRoller: "dice_roller.js",
    DefensePanel: "defense_panel.js",
    EncounterLog: "encounter_log.js",
}


@pytest.mark.parametrize(
    ("cls", "bundle"), BUNDLES.items(), ids=lambda v: getattr(v, "__name__", v)
)
def test_each_widget_loads_its_bundle_and_the_shared_stylesheet(cls: type, bundle: str) -> None:
    assert (STATIC / bundle).is_file(), "run `make test` or `npm run build` to bundle js/"
    widget = cls(fight())
    assert widget._esm == (STATIC / bundle).read_text()
    assert widget._css == (STATIC / "widgets.css").read_text()
    assert "export" in widget._esm and "import " not in widget._esm  # one self-contained module
    assert "innerHTML" not in widget._esm  # names are text, never HTML
