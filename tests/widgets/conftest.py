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
    """Record what widgets created in the test send: the state each comm opens with
    (``wire.opened``, by comm id) and every message after it (``wire.messages``, what ``bytes``
    counts; ``wire.routed`` with the comm id)."""
    recorded = Wire()

    class RecordingComm(BaseComm):
        def publish_msg(self, msg_type: str, data: Any = None, *args: Any, **kwargs: Any) -> None:
            if msg_type == "comm_msg":
                recorded.messages.append(data)
                recorded.routed.append((self.comm_id, data))
            elif msg_type == "comm_open":
                recorded.opened[self.comm_id] = data["state"]

    monkeypatch.setattr(comm, "create_comm", RecordingComm)
    yield recorded
