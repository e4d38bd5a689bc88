"""The bundled front end: one ES module for every widget and the stylesheet, built and loaded."""

from __future__ import annotations

import re

import pytest
from widget_kit import WIDGETS, fight

from bpb_widgets.widgets import (
    DefensePanel,
    GMScreen,
)
from bpb_widgets.widgets._host import STATIC

BUNDLE = STATIC / "widgets.js"
#: Every part's front-end module, by the key its state has in the host.
PANELS = ["strip", "roster", "attack", "combat", "defense", "task", "initiative", "d10", "log",
          "files"]  # fmt: skip


def test_one_self_contained_bundle_is_built() -> None:
    assert BUNDLE.is_file(), "run `make test` or `npm run build` to bundle js/"
    assert (STATIC / "widgets.css").is_file()
    esm = BUNDLE.read_text()
    assert "export" in esm and not re.search(r"^import |\bimport\s*\(", esm, re.M)
    assert "innerHTML" not in esm  # names are text, never HTML
    assert sorted(p.name for p in STATIC.glob("*.js")) == ["widgets.js"]


def test_the_bundle_draws_every_part_the_python_side_has() -> None:
    esm = BUNDLE.read_text()
    keys = {cls.key for cls in GMScreen.part_types} | {cls.key for cls in DefensePanel.part_types}
    assert keys == set(PANELS)
    for key in [*PANELS, "check"]:  # the renderers' table keeps its keys through minifying
        assert re.search(rf"\b{key}:", esm), key


@pytest.mark.parametrize("cls", WIDGETS, ids=lambda cls: cls.__name__)
def test_every_widget_loads_the_bundle_and_the_shared_stylesheet(cls: type) -> None:
    widget = cls(fight())
    assert widget._esm == BUNDLE.read_text()
    assert widget._css == (STATIC / "widgets.css").read_text()
