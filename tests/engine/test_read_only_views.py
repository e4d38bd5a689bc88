"""What an encounter gives out cannot change it (issue 17, point 10): the history is copies, an
event's data is read-only, ``to_dict`` is new values."""

from __future__ import annotations

import pickle

import pytest

from bpb_widgets import Encounter
from tests.engine.helpers import snapshot, started


def test_changing_the_history_given_out_changes_nothing() -> None:
    enc = started()
    enc.dodge("Monolith", attacker="Blueshift", rank=3, dice=[3, 4])
    before, saved = snapshot(enc), enc.to_json()
    history = enc.history
    history[0]["args"]["name"] = "X"
    history[-1]["args"]["dice"].append(6)
    history.clear()
    assert enc.to_json() == saved and snapshot(enc) == before
    assert enc.history[0]["args"]["name"] == "Blueshift"


def test_an_events_data_is_read_only() -> None:
    enc = started()
    enc.dodge("Monolith", attacker="Blueshift", rank=3, dice=[3, 4])
    event = enc.log[-1]
    before = snapshot(enc)
    with pytest.raises(TypeError):
        event.data["dice"] = [6, 6]  # type: ignore[index]
    with pytest.raises(AttributeError):
        event.data["dice"].append(6)
    with pytest.raises(AttributeError):
        event.text = "changed"  # type: ignore[misc]
    as_dict = event.to_dict()
    as_dict["data"]["dice"].append(6)
    as_dict["data"]["new"] = 1
    assert snapshot(enc) == before and "new" not in event.data
    assert event.data == {"dice": (3, 4), **{k: v for k, v in event.data.items() if k != "dice"}}
    assert pickle.loads(pickle.dumps(event)) == event


def test_a_log_slice_is_a_tuple() -> None:
    enc = started()
    assert isinstance(enc.log[:], tuple)
    assert Encounter.from_json(enc.to_json()).log[:] == enc.log[:]
