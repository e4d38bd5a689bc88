"""The forecast panel's tests record what the kernel sends, as tests/widgets does."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import comm
import pytest
from comm.base_comm import BaseComm
from forecast_kit import Sent


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[Sent]:
    recorded = Sent()

    class RecordingComm(BaseComm):
        def publish_msg(self, msg_type: str, data: Any = None, *args: Any, **kwargs: Any) -> None:
            if msg_type == "comm_msg" and data.get("method") == "custom":
                with recorded.lock:
                    recorded.messages.append(data["content"])
                    recorded.threads.append(threading.current_thread().name)

    monkeypatch.setattr(comm, "create_comm", RecordingComm)
    yield recorded
