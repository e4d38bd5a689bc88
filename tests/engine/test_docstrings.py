"""The examples in the package's docstrings run as written."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import bpb_widgets
from bpb_widgets.engine import encounter


@pytest.mark.parametrize("module", [bpb_widgets, encounter], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, raise_on_error=False)
    assert result.attempted and not result.failed
