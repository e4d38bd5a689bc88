"""The course's check (``Check``): a question or a task, answered through its front end's
messages, told right or wrong and why, with a hint after a wrong one; the answer shown, the task
done; bad input refused with nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from widget_kit import Wire, fight, send, to

from bpb_widgets import Check, Encounter, RuleError
from bpb_widgets.widgets.panels.check import Choice, Number


def state(check: Check) -> dict[str, Any]:
    value: dict[str, Any] = check.panels["check"]
    return value


def block_question() -> Check:
    return Check.choice(
        "Monolith blocks a rank 9 Blast. What does his roll need to reach?",
        ["9", "17", "20"],
        answer="17",
        why="8 + the rank of the attack: 8 + 9 = 17.",
        wrong={"9": "That is the rank alone; add 8.", "20": "His expertise adds to his roll."},
        hint="Blocking is against 8 + the rank of the attacker's power.",
    )


def test_a_wrong_choice_is_told_why_with_a_hint_then_the_right_one_is_told_right() -> None:
    check = block_question()
    assert state(check)["kind"] == "choice" and state(check)["choices"] == ["9", "17", "20"]
    to(check, "check", "answer", choice=0)
    assert state(check)["error"] == ""
    assert state(check)["verdict"] == {
        "right": False,
        "why": "That is the rank alone; add 8.",
        "hint": "Blocking is against 8 + the rank of the attacker's power.",
    }
    assert (state(check)["answered"], state(check)["tries"]) == (0, 1)
    to(check, "check", "answer", choice=1)
    assert state(check)["verdict"] == {
        "right": True,
        "why": "8 + the rank of the attack: 8 + 9 = 17.",
        "hint": "",
    }
    assert check.verdict is not None and check.verdict.right
    assert state(check)["tries"] == 2


def test_a_number_is_right_within_its_tolerance_and_a_tempting_one_is_told_why_not() -> None:
    check = Check.number(
        "How many of the 36 rolls of 2d6 make 8 or more?",
        answer=15,
        why="5 + 4 + 3 + 2 + 1 = 15.",
        hint="Count the ways of rolling 8, 9, 10, 11 and 12.",
        unit="rolls",
        wrong={5: "5 is the ways of rolling exactly 8."},
    )
    to(check, "check", "answer", number=5)
    assert state(check)["verdict"]["why"] == "Not 5 rolls: 5 is the ways of rolling exactly 8."
    assert state(check)["verdict"]["hint"].startswith("Count")
    to(check, "check", "answer", number=21)
    assert state(check)["verdict"]["why"] == "Not 21 rolls: that is too high."
    to(check, "check", "answer", number=15.0)
    assert state(check)["verdict"]["right"] is True
    percent = Check.number("Chance?", answer=41.7, tolerance=0.5, why="15/36.", hint="h", unit="%")
    to(percent, "check", "answer", number=42)
    assert percent.verdict is not None and percent.verdict.right


def preempting_task() -> tuple[Check, Encounter]:
    enc = fight()
    enc.set_order(["Monolith", "Ganyeka", "Blueshift", "Ganyeka's henchmen"])
    enc.start()

    def missing(enc: Encounter) -> str | None:
        lines = enc.transcript(1).splitlines()
        if "Monolith's turn (delayed)" not in lines:
            return "Monolith has not taken a delayed turn yet."
        if lines.index("Monolith's turn (delayed)") > lines.index("Ganyeka's turn"):
            return "Monolith acted after Ganyeka."
        return None

    def solve(enc: Encounter) -> None:
        enc.delay()
        enc.take_delayed("Monolith")

    check = Check.task(
        "Make Monolith pre-empt Ganyeka.",
        enc,
        missing=missing,
        solve=solve,
        why="A delayed turn may be taken before anyone's.",
        hint="Delay on Monolith's turn, then take it back before Ganyeka acts.",
        how="Delay, then Take delayed turn on Monolith's chip.",
    )
    return check, enc


def test_a_task_is_checked_against_the_engine() -> None:
    check, enc = preempting_task()
    assert state(check)["kind"] == "task"
    to(check, "check", "check")
    assert state(check)["verdict"]["right"] is False
    assert state(check)["verdict"]["why"] == "Monolith has not taken a delayed turn yet."
    assert state(check)["verdict"]["hint"].startswith("Delay on Monolith's turn")
    enc.delay()
    enc.end_turn()  # Ganyeka acts first
    enc.take_delayed("Monolith")
    to(check, "check", "check")
    assert state(check)["verdict"]["why"] == "Monolith acted after Ganyeka."
    enc.undo(3)
    enc.delay()
    enc.take_delayed("Monolith")
    to(check, "check", "check")
    assert state(check)["verdict"] == {
        "right": True,
        "why": "A delayed turn may be taken before anyone's.",
        "hint": "",
    }


def test_show_me_does_the_task_from_where_it_began() -> None:
    check, enc = preempting_task()
    enc.delay()
    enc.end_turn()  # a wrong start, undone by Show me
    to(check, "check", "show")
    assert state(check)["error"] == ""
    assert state(check)["verdict"]["right"] is True
    assert enc.transcript(1).splitlines()[1] == "Monolith's turn (delayed)"
    assert state(check)["solution"].startswith("Delay, then Take delayed turn")


def test_show_the_answer_of_a_question() -> None:
    check = block_question()
    to(check, "check", "answer", choice=2)
    to(check, "check", "show")
    assert state(check)["solution"] == "17. 8 + the rank of the attack: 8 + 9 = 17."


def test_only_changes_are_sent(wire: Wire) -> None:
    check = block_question()
    wire.clear()
    to(check, "check", "answer", choice=1)
    [patch] = wire.patches()
    fields = {edit["field"] for edit in patch["panels"]["check"]}
    assert fields == {"tries", "answered", "verdict"}


@pytest.mark.parametrize(
    "message",
    [
        {"cmd": "answer", "choice": 7},
        {"cmd": "answer", "number": 3},
        {"cmd": "answer"},
        {"cmd": "check"},
        {"cmd": "answer", "choice": "17"},
        {"cmd": "reveal"},
        {"cmd": "answer", "choice": 1, "extra": 1},
    ],
)
def test_bad_messages_are_refused_and_change_nothing(message: dict[str, object]) -> None:
    check = block_question()
    before = {k: v for k, v in state(check).items() if k != "error"}
    send(check, {"panel": "check", **message})
    assert state(check)["error"]
    assert {k: v for k, v in state(check).items() if k != "error"} == before
    to(check, "check", "answer", choice=1)  # still working
    assert state(check)["error"] == "" and state(check)["verdict"]["right"] is True


def test_a_check_is_refused_when_it_cannot_be_answered() -> None:
    with pytest.raises(RuleError, match="not one of the choices"):
        Choice("Q?", ["a", "b"], "c", "why", "hint", {"b": "no"})
    with pytest.raises(RuleError, match="why each wrong choice"):
        Choice("Q?", ["a", "b", "c"], "a", "why", "hint", {"b": "no"})
    with pytest.raises(RuleError, match="two or more different"):
        Choice("Q?", ["a", "a"], "a", "why", "hint", {})
    with pytest.raises(RuleError, match="finite"):
        Number("Q?", float("nan"), "why", "hint")
    with pytest.raises(RuleError, match="on an encounter"):
        Check.task("Do it", "enc", missing=lambda e: None, solve=print, why="", hint="", how="")  # type: ignore[arg-type]


def test_the_repr_says_what_it_asks() -> None:
    assert repr(block_question()) == (
        "Check(choice: Monolith blocks a rank 9 Blast. What does his roll need to…)"
    )
