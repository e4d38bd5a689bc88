"""A saved fight's snapshot: loading it gives the very fight that replaying its commands gives,
which goes on alike (dice, undo and redo included); a file whose commands or snapshot changed
since it was saved, or whose snapshot another version wrote, is replayed as before; a state the
snapshot cannot take is saved with its commands alone."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gc
import hashlib
import itertools
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpb_widgets import Encounter, EncounterFileError, RuleError
from bpb_widgets.engine import snapshot as snapshots
from bpb_widgets.engine import storage
from bpb_widgets.engine.command import commands_of
from tests.engine.helpers import snapshot, started
from tests.engine.hostile import call_for

NAMES = ["Rex", "Vega", "Moth"]


def replayed(text: str) -> Encounter:
    """The fight a file's commands replay to, whatever its snapshot says."""
    return Encounter._replayed(storage.decode(text))


def from_snapshot(text: str) -> Encounter:
    """The fight loaded from a file's snapshot (its commands not replayed)."""
    assert '"digest":' in text, "saved without a snapshot"
    enc = Encounter.from_json(text)
    assert enc._history._past == enc.undoable, "replayed, not read from its snapshot"
    return enc


def same(one: Encounter, other: Encounter) -> None:
    """Two encounters hold the same fight: all a GM sees, the file, the whole state."""
    assert snapshot(one) == snapshot(other)
    assert one._state() == other._state()
    assert one.to_json() == other.to_json()


def twice(act: Callable[[Encounter], object], *encounters: Encounter) -> None:
    """Do ``act`` to each encounter: refused for all, or done for all, alike."""
    outcomes = []
    for enc in encounters:
        try:
            outcomes.append(("done", act(enc)))
        except RuleError as error:
            outcomes.append(("refused", str(error)))
    assert all(outcome == outcomes[0] for outcome in outcomes), outcomes
    for enc in encounters[1:]:
        same(encounters[0], enc)


def commands(system: str) -> st.SearchStrategy[list[tuple[str, dict[str, Any]]]]:
    """Commands of a system's encounter with plausible (and odd) arguments; End turn often."""
    found = commands_of(type(Encounter(rules=system)))
    one = st.sampled_from(sorted(found)).flatmap(
        lambda name: st.tuples(st.just(name), call_for(found[name], NAMES, []).map(kept))
    )
    return st.lists(st.just(("end_turn", {})) | one, max_size=25)


def kept(value: Any) -> Any:
    """Arguments that can be passed twice (an iterator passed once is used up)."""
    if isinstance(value, Iterator):
        return tuple(kept(item) for item in value)
    if isinstance(value, dict):
        return {key: kept(item) for key, item in value.items()}
    if isinstance(value, list):
        return [kept(item) for item in value]
    return value


def play(enc: Encounter, steps: list[tuple[str, dict[str, Any]]]) -> None:
    for name, kwargs in steps:
        with contextlib.suppress(RuleError):
            getattr(enc, name)(**kwargs)


Fight = tuple[Encounter, list[tuple[str, dict[str, Any]]]]


@st.composite
def fights(draw: st.DrawFn, systems: list[str] | None = None) -> Fight:
    """A fight of one of ``systems`` (by default every rule set registered) played for a while
    (a few commands undone), and the commands that go on from there."""
    system = draw(st.sampled_from(systems or sorted(Encounter._registry)))
    enc = Encounter(seed=draw(st.integers(0, 2**32)), rules=system)
    for name in NAMES:
        enc.add(name)
    play(enc, [("roll_order", {}), ("start", {})])
    assert enc.started
    play(enc, draw(commands(system)))
    if enc.can_undo:
        enc.undo(draw(st.integers(1, enc.undoable)))
    return enc, draw(commands(system))


def loaded_alike(fight: Fight) -> None:
    """Loaded by its snapshot or by replay, a fight is the same, and goes on alike: more
    commands, undo all the way back (past the load: the snapshot's commands replayed), redo."""
    enc, going_on = fight
    text = enc.to_json()
    fast, slow = from_snapshot(text), replayed(text)
    same(fast, enc)
    same(fast, slow)
    for name, kwargs in going_on:  # the same dice, the same refusals
        twice(lambda e, name=name, kwargs=kwargs: getattr(e, name)(**kwargs), fast, slow)
    twice(lambda e: e.undo(e.undoable) if e.can_undo else None, fast, slow)
    assert fast._history._past == 0
    twice(lambda e: e.redo(e.redoable) if e.can_redo else None, fast, slow)
    twice(lambda e: e.end_turn(), fast, slow)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights())
def test_a_fight_loaded_from_its_snapshot_is_the_fight_its_commands_replay_to(
    fight: Fight,
) -> None:
    loaded_alike(fight)


def test_loading_from_the_snapshot_replays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    enc = started()
    for _ in range(9):
        enc.end_turn()
    text = enc.to_json()

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("replayed")

    with monkeypatch.context() as patched:
        patched.setattr(Encounter, "_replay", refuse)
        loaded = from_snapshot(text)
    same(loaded, enc)


def test_commands_after_the_load_undo_without_replaying_the_past() -> None:
    enc = started()
    for _ in range(5):
        enc.end_turn()
    loaded = from_snapshot(enc.to_json())
    for fight in (loaded, enc):
        fight.end_turn()
        fight.end_turn()
        fight.undo(2)
    assert loaded._history._past == enc.undoable  # the past still unreplayed
    same(loaded, enc)
    loaded.undo(3)  # back past the load: replayed once, then undone
    enc.undo(3)
    assert loaded._history._past == 0
    same(loaded, enc)


def test_undo_past_the_load_keeps_the_encounter_and_its_observers() -> None:
    """A GM screen holds the loaded encounter and listens to it: after undo replays the past,
    it is the same object, still heard."""
    enc = started()
    for _ in range(4):
        enc.end_turn()
    loaded = from_snapshot(enc.to_json())
    heard: list[str] = []
    loaded.subscribe(lambda change: heard.append(change.command))
    kept = loaded
    loaded.undo(2)
    loaded.end_turn()
    assert loaded is kept and heard == ["undo", "end_turn"]
    enc.undo(2)
    enc.end_turn()
    same(loaded, enc)


def test_the_undo_preview_reads_a_loaded_fight_without_replaying_it() -> None:
    """What the log offers to undo back to (each entry's command, how many commands there are)
    needs no replay."""
    enc = started()
    for _ in range(6):
        enc.end_turn()
    loaded = from_snapshot(enc.to_json())
    assert [e.command for e in loaded.log] == [e.command for e in enc.log]
    assert loaded.undoable == enc.undoable and loaded.history == enc.history
    assert loaded._history._past == enc.undoable
    loaded.undo_to(loaded.log[-3])
    enc.undo_to(enc.log[-3])
    same(loaded, enc)


def digested(text: str) -> str:
    """``text`` with its digest made again (as a GM who edited the file by hand might)."""
    body = text[: -len(',"digest":"') - 66]
    return f'{body},"digest":"{hashlib.sha256(body.encode()).hexdigest()}"}}'


def test_a_changed_snapshot_or_digest_is_replayed() -> None:
    enc = started()
    for _ in range(5):
        enc.end_turn()
    text = enc.to_json()
    damaged = [
        text.replace(f'"_round":{enc.round}', '"_round":9', 1),  # the snapshot changed
        text[:-10] + "0000000" + text[-3:],  # the digest changed
        text.replace('"rng":[3,', '"rng":[4,', 1),
        text[:-2],  # cut short
    ]
    assert all(damage != text for damage in damaged)
    for damage in damaged[:3]:
        loaded = Encounter.from_json(damage)
        assert loaded._history._past == 0
        same(loaded, enc)
    with pytest.raises(EncounterFileError):
        Encounter.from_json(damaged[3])


def test_edited_commands_are_replayed_and_refused_if_they_do_not_replay() -> None:
    enc = started()
    enc.dodge("Monolith", attacker="Blueshift", rank=3)
    enc.end_turn()
    text = enc.to_json()
    edited = text.replace('"rank":3', '"rank":4')
    assert edited != text
    loaded = Encounter.from_json(edited)
    assert loaded._history._past == 0
    assert loaded.history != enc.history
    with pytest.raises(EncounterFileError, match="does not replay"):
        Encounter.from_json(text.replace('"attacker":"Blueshift"', '"attacker":"Nobody"'))


def test_an_edited_and_digested_snapshot_is_trusted_until_undo_goes_past_it() -> None:
    """The file is the GM's own: a snapshot edited and digested again is read as it says, but
    undo back past the load, which replays the commands, is refused (and changes nothing)."""
    enc = started()
    for _ in range(5):
        enc.end_turn()
    edited = digested(enc.to_json().replace(f'"_round":{enc.round}', '"_round":9', 1))
    loaded = from_snapshot(edited)
    assert loaded.round == 9
    before = snapshot(loaded)
    with pytest.raises(EncounterFileError, match="not what its commands replay to"):
        loaded.undo(2)
    assert snapshot(loaded) == before


def test_a_snapshot_of_another_version_or_format_is_replayed() -> None:
    enc = started()
    enc.end_turn()
    text = enc.to_json()
    for edit in (
        lambda t: t.replace(f'"release":"{snapshots.release()}"', '"release":"0.0.1"'),
        lambda t: t.replace(f'"format":{snapshots.FORMAT},"release"', '"format":99,"release"'),
    ):
        loaded = Encounter.from_json(digested(edit(text)))
        assert loaded._history._past == 0
        same(loaded, enc)


class Opaque:
    """Not a plain value: a snapshot cannot take it."""


@pytest.mark.parametrize(
    "extra",
    [
        lambda enc: Opaque(),
        lambda enc: enc._slots,
        lambda enc: float("nan"),
        lambda enc: {1: object()},
    ],
    ids=["an object", "a list held twice", "not a number", "a dict of objects"],
)
def test_a_state_the_snapshot_cannot_take_is_saved_with_its_commands_alone(
    extra: Callable[[Encounter], object],
) -> None:
    enc = started()
    enc.end_turn()
    enc._extra = extra(enc)  # type: ignore[attr-defined]
    text = enc.to_json()
    assert '"snapshot"' not in text and '"digest"' not in text
    loaded = Encounter.from_json(text)
    assert loaded._history._past == 0
    del enc._extra  # type: ignore[attr-defined]
    same(loaded, enc)


def test_the_log_data_the_snapshot_cannot_take_saves_commands_alone() -> None:
    enc = started()
    enc.end_turn()
    enc._history.event(1, "note", "odd data", None, {"at": {1: "not keyed by text"}})
    assert '"snapshot"' not in enc.to_json()


def test_the_snapshot_reads_back_every_kind_it_takes() -> None:
    from bpb_widgets.engine.conditions import Condition

    values = [
        None, True, 0, -3, 1.5, "text", [], (), [1, "a"], (1, (2, 3)), {"a": [1]},
        {(1, "x"): 2, 3: None}, frozenset({"a", "b"}), {1, 2},
        [(1, "a", None), (2, "b", True)], [(1,)] * 3,
    ]  # fmt: skip
    for value in values:
        seen: dict[int, object] = {}
        again = snapshots.decode(json.loads(storage.compact(snapshots.encode(value, seen))))
        assert again == value and type(again) is type(value), value
    enc = started()
    enc.add_condition("Blueshift", "Dazed", rounds=2)
    conditions = enc._conditions
    assert conditions and all(type(c) is Condition for row in conditions.values() for c in row)
    seen = {}
    again = snapshots.decode(json.loads(storage.compact(snapshots.encode(conditions, seen))))
    assert again == conditions


def test_a_long_list_is_encoded_again_only_where_it_changed() -> None:
    """The transcript's lines and the log are kept in blocks: a save encodes the blocks that
    changed since the last one (none right after a load, which keeps those it read)."""
    enc = started()
    for _ in range(snapshots.BLOCK * 2 + 10):
        enc.end_turn()
    first = enc.to_json()
    kept = enc._history.blocks["_lines"]._kept
    assert len(kept) == 2
    pieces = [piece for _, piece in kept]
    enc.end_turn()
    second = enc.to_json()
    assert all(a is b for (_, a), b in zip(kept, pieces, strict=True))
    enc.undo(snapshots.BLOCK + 20)  # the second block's lines undone: the first is kept
    third = enc.to_json()
    assert len(kept) == 1 and kept[0][1] is pieces[0]
    for text in (first, second, third):
        same(from_snapshot(text), replayed(text))
    loaded = from_snapshot(second)
    read = [piece for _, piece in loaded._history.blocks["_lines"]._kept]
    assert len(read) == 2 and loaded.to_json() == second
    again = loaded._history.blocks["_lines"]._kept
    assert all(a is b for (_, a), b in zip(again, read, strict=True))


def test_an_autosave_after_a_command_holds_a_snapshot_and_after_an_undo_its_commands(
    tmp_path: Any,
) -> None:
    """An undo writes the file before it takes its commands back (so a failed write changes
    nothing): that file has no snapshot, and loads by replay; the next command's has one."""
    path = tmp_path / "fight.json"
    enc = started()
    enc.autosave = path
    enc.end_turn()
    assert '"digest"' in path.read_text()
    from_snapshot(path.read_text())
    enc.undo()
    assert '"digest"' not in path.read_text()
    same(Encounter.load(path), enc)
    enc.end_turn()
    same(from_snapshot(path.read_text()), enc)
    enc.autosave = None


def test_a_load_leaves_the_garbage_collector_as_it_found_it() -> None:
    enc = started()
    enc.end_turn()
    text = enc.to_json()
    assert gc.isenabled()
    from_snapshot(text)
    wrong = text[:-3] + ("1" if text[-3] == "0" else "0") + text[-2:]
    assert Encounter.from_json(wrong)._history._past == 0  # a wrong digest: replayed
    assert gc.isenabled()
    gc.disable()
    try:
        from_snapshot(text)
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(EncounterFileError):
        Encounter.from_json(text[:-2])
    assert gc.isenabled()


def test_undo_past_the_load_of_a_state_no_snapshot_takes_compares_the_log_and_dice() -> None:
    enc = started()
    for _ in range(3):
        enc.end_turn()
    loaded = from_snapshot(enc.to_json())
    loaded._extra = Opaque()  # type: ignore[attr-defined]
    loaded.undo(2)
    enc.undo(2)
    del loaded._extra  # type: ignore[attr-defined]
    same(loaded, enc)


@dataclasses.dataclass
class Noted:
    """A dataclass with more than its fields in it."""

    rank: int = 1


class Slotted:
    __slots__ = ("extra",)


@dataclasses.dataclass(slots=True)
class SlottedNoted(Slotted):
    rank: int = 1


def test_a_dataclass_holding_more_than_its_fields_is_not_taken() -> None:
    noted = Noted()
    noted.extra = 2  # type: ignore[attr-defined]
    slotted = SlottedNoted()
    slotted.extra = 3
    for value in (noted, slotted):
        with pytest.raises(snapshots.Unsupported, match="more than its fields"):
            snapshots.encode(value, {})
    assert snapshots.decode(snapshots.encode(Noted(4), {})) == Noted(4)


def test_equal_sets_are_the_same_text_whatever_their_order() -> None:
    """A set's members are written in one order (its own changes with the hash seed and how it
    was built): a fight loaded from its snapshot is the same text as one replayed."""
    members = ["dodge", "block", "blast", "sonic", "agility"]
    built = [frozenset(members), frozenset(reversed(members)), frozenset(sorted(members))]
    texts = {json.dumps(snapshots.encode(value, {})) for value in built}
    assert texts == {json.dumps({"f": sorted(members)})}
    assert snapshots.encode(set(members), {}) == {"s": sorted(members)}


def long_fight() -> tuple[Encounter, str]:
    """A fight whose log fills three blocks and more, and its file."""
    enc = started()
    while len(enc.log) < snapshots.BLOCK * 3 + 10:
        enc.end_turn()
    return enc, enc.to_json()


def test_a_long_log_is_decoded_a_block_at_a_time_as_its_events_are_read() -> None:
    enc, text = long_fight()
    loaded = from_snapshot(text)
    waiting = loaded._history.log._waiting
    assert sorted(waiting) == [0, 1, 2]  # the whole blocks; the last one, in part, is read
    assert loaded.log[-1] == enc.log[-1] and len(loaded.log) == len(enc.log)
    assert loaded.to_json() == text  # saved again, the blocks not read are kept as they were
    middle = snapshots.BLOCK + 500
    assert loaded.log[middle] == enc.log[middle] and sorted(waiting) == [0, 2]
    assert loaded.to_json() == text  # a block read, the blocks on either side not read
    assert loaded.log[middle - 10 : middle + 10] == enc.log[middle - 10 : middle + 10]
    assert [*itertools.islice(reversed(loaded.log), 5)] == list(reversed(enc.log))[:5]
    assert sorted(waiting) == [0, 2]
    assert list(loaded.log) == list(enc.log) and not waiting
    assert loaded.to_json() == text
    loaded.end_turn()
    enc.end_turn()
    same(loaded, enc)


def test_undo_into_a_block_not_read_yet_reads_it_and_undoes_exactly() -> None:
    enc, text = long_fight()
    back = len(enc.history) - enc.log[snapshots.BLOCK * 2 + 3].command
    loaded = from_snapshot(text)
    loaded.undo_to(snapshots.BLOCK * 2 + 3)
    enc.undo(back)
    same(loaded, enc)
    assert 2 not in loaded._history.log._waiting
    loaded.redo(back)
    enc.redo(back)
    same(loaded, enc)
    assert loaded.to_json() == text


def test_a_block_of_the_log_damaged_and_digested_again_is_refused_when_read() -> None:
    """The digest matches (the GM edited the file and made it again): the fight loads from its
    snapshot, and reading the damaged block is an error that says so, changing nothing."""
    enc, text = long_fight()
    at = text.index('"b":[[', text.index('"log":')) + 6
    damaged = digested(text[:at] + "\x7b" + text[at + 1 :])
    loaded = from_snapshot(damaged)
    assert loaded.log[-1] == enc.log[-1]
    before = loaded.transcript()
    with pytest.raises(EncounterFileError, match="rows 0 to 1023 of its log cannot be read"):
        loaded.log[3]
    assert loaded.transcript() == before and loaded.log[-1] == enc.log[-1]
    assert loaded.log[snapshots.BLOCK] == enc.log[snapshots.BLOCK]


LONG = functools.cache(long_fight)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("read"), st.integers(0, snapshots.BLOCK * 3 + 9)),
            st.tuples(st.just("undo"), st.integers(1, 1500)),
            st.tuples(st.just("end_turn"), st.just(0)),
            st.tuples(st.just("save"), st.just(0)),
        ),
        max_size=8,
    )
)
def test_a_long_log_read_in_any_order_goes_on_as_the_fight_it_was(
    steps: list[tuple[str, int]],
) -> None:
    """Reading some of a loaded fight's log, undoing into blocks read or not, playing on and
    saving: the loaded fight stays the fight it was saved from."""
    text = LONG()[1]
    loaded, original = from_snapshot(text), replayed(text)
    for step, value in steps:
        if step == "read":
            index = value % max(len(original.log), 1)
            assert loaded.log[index : index + 1] == original.log[index : index + 1]
        elif step == "undo":
            twice(lambda enc, steps=value: enc.undo(min(steps, enc.undoable)), loaded, original)
        elif step == "end_turn":
            twice(lambda enc: enc.end_turn(), loaded, original)
        else:
            assert loaded.to_json() == original.to_json()
    same(loaded, original)
