"""``PlayerView.serve()`` in a notebook (issue 35): it prints the URL and returns it, and the
notebook does not echo the returned URL a second time under the print."""

from __future__ import annotations

import pytest

from bpb_widgets import Encounter
from bpb_widgets.widgets import PlayerView


def test_serve_shows_its_url_once(capsys: pytest.CaptureFixture[str]) -> None:
    view = PlayerView(Encounter())
    try:
        url = view.serve()
        printed = capsys.readouterr().out
        assert printed == f"Player view: {url}\n"
        assert isinstance(url, str) and url.startswith("http://127.0.0.1:")
        # IPython shows a cell's value by its _ipython_display_ when it has one: nothing here
        assert hasattr(url, "_ipython_display_") and url._ipython_display_() is None
        assert capsys.readouterr().out == ""
        assert type(view.serve(quiet=True)) is str  # quiet: the plain URL, for code to use
    finally:
        view.stop()
