"""Python-side widget tests: a recording comm stands in for the front end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import comm
import pytest
from comm.base_comm import BaseComm
from widget_kit import Wire


@pytest.fixture
def wire(monkeypatch: pytest.MonkeyPatch) -> Iterator[Wire]:
    """Record what widgets created in the test send (comm opens are not counted)."""
    recorded = Wire()

    class RecordingComm(BaseComm):
        def publish_msg(self, msg_type: str, data: Any = None, *args: Any, **kwargs: Any) -> None:
            if msg_type == "comm_msg":
                recorded.messages.append(data)

    monkeypatch.setattr(comm, "create_comm", RecordingComm)
    yield recorded
