"""The course (notebooks 01 to 08) teaches every rule a player meets at the table, and every lesson
asks the learner something: at least three checks, each told right or wrong.

- **Coverage**: docs/rules.md's table "Where each rule is implemented and taught" names, for each
  rule, a lesson (a notebook and a heading in it). Every rule of seeds 000 and 004 that a player
  meets at the table (``AT_THE_TABLE`` below, with the seed's words) must have a row; the
  notebook and the heading must exist; the cells under the heading must mention the rule.
- **Checks**: each lesson's code runs here, in this process, and every ``Check`` it makes is
  answered through its front end's messages: each wrong choice (or a wrong number) is told wrong,
  why and with a hint, the right one right; a task, not done, is told what is missing, and shown
  (done before the learner's eyes) it is told right.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bpb_widgets.widgets import Check
from bpb_widgets.widgets.panels.check import Choice, Number, Task

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
RULES = ROOT / "docs" / "rules.md"
LESSONS = sorted(p.stem for p in NOTEBOOKS.glob("0[1-8]_*.ipynb"))

#: Every rule of seeds 000 and 004 a player meets at the table: the "seed, section" of its row in
#: docs/rules.md, and words its lesson's cells must say (any one of each group, ignoring case).
AT_THE_TABLE: dict[str, tuple[tuple[str, ...], ...]] = {
    # 004 "Rolling Dice": "the player rolls 2d6, counts the dots, and adds the result to the
    # relevant attribute. This roll is compared to a difficulty number the GM assigns."
    "004 Rolling Dice": (("attribute",), ("2d6", "two dice"), ("difficulty",)),
    "004 Rolling Dice (odds)": (("36",), ("or more", "at least")),
    # 004 "Unopposed Tasks": "a challenging task ... has a task difficulty of 12 ... If the task
    # difficulty exceeds the character's relevant attribute (plus bonuses) by more than 12, the
    # task is just too difficult"
    "004 Unopposed Tasks": (("challenging",), ("too difficult",)),
    # 004 "Time": "Combat time is divided into rounds. One combat round is six seconds ... In a
    # round, each character gets a turn."
    "004 Time": (("round",), ("turn",), ("six seconds", "6 s")),
    # 004 "Actions": "There are four kinds of actions ... free actions, movement actions, task
    # actions, and roleplay actions ... Reactions can be attempted at any time"
    "004 Actions": (
        ("free action",),
        ("movement action",),
        ("task action",),
        ("roleplay",),
        ("reaction",),
    ),
    # 004 "Protection": "any remaining damage is subtracted from target's appropriate attribute
    # (typically Endurance)"; at Endurance 0 the seed's "Death" is "XXX working".
    "004 Protection; the engine's ruling Endurance 0": (
        ("endurance",),
        ("out of the fight",),
        ("ruling",),
    ),
    # 000 "Order Of Play": "If a character is not aware of their opponent, then they don't have
    # the opportunity to attack."
    "000 Order Of Play": (("aware",), ("group",)),
    # 000 "Order Of Play": "make a Perception task roll ... a bonus to the Perception task roll
    # equal to the rank in Super-speed"
    "000 Order Of Play (roll)": (("perception",), ("super-speed",)),
    # 000 "Order Of Play": "The environment always goes last in a round."
    "000 Order Of Play (environment)": (("environment",), ("last",)),
    # 000 "Delaying A Turn": "the character may delay their turn ... The character may then
    # pre-empt another character's turn."
    "000 Delaying A Turn": (("delay",), ("pre-empt",)),
    # 000 "Forcing An Action": "sacrifice their next turn in order to block, dodge, dive for cover
    # ... The character may not force an action which the GM could construe as an attack ... A
    # character may only force an action once per round."
    "000 Forcing An Action": (("force",), ("once per round",), ("attack",), ("next",)),
    # 004 "Opposed Tasks": "the task difficulty is equal to 8 plus the defender's relevant
    # attribute ... only the largest attribute bonus and the largest difficulty modifier apply"
    "004 Opposed Tasks": (("8 +",), ("largest",), ("held",)),
    # 004 "Defense": "If the target of an attack is unconscious or unable to move freely to avoid
    # the attack, the attacker gains a +6 attack bonus."
    "004 Defense": (("unconscious", "helpless"), ("+6",)),
    "004 Taking The Average, Taking The Max": (("take the average",), ("take the max",)),
    "004 Extended Tasks": (("extended task",), ("three",)),
    # 004 "Extreme Success": "If the player has expertise in the power or skill, and rolls three
    # or more over the task difficulty, the character achieves an extreme success."
    "004 Extreme Success": (("extreme success",), ("expertise",), ("three or more",)),
    "004 Attack, Task Action": (("task action",), ("8 +",)),
    # 004 "Range Bands": "the defender gains a +3 difficulty modifier (or defense bonus) for each
    # additional range band"
    "004 Range Bands": (("range band",), ("+3",)),
    # 004 "Movement": "A character who is running ... incurs a +3 difficulty modifier ...
    # sprinting ... +6"
    "004 Movement": (("walk",), ("run",), ("sprint",), ("+6",)),
    # 000 "Blocking": "the player attempts a Prowess task roll against the rank of the attacker's
    # power or weapon ... If the defender has expertise with blocking, they gain a +3 bonus"
    "000 Blocking, Dodging": (
        ("block",),
        ("dodge",),
        ("prowess",),
        ("agility",),
        ("8 + the rank",),
        ("forced",),
    ),
    # 000 "Blocking": "Normally, only attacks which inflict Endurance damage may be blocked.
    # However, if the defender has the same power as the attacker, they may use that power"
    "000 Blocking, Dodging (what can be blocked)": (("endurance damage",), ("same power",)),
    # 000 "Blocking": "If the defender rolls an extreme success, then the order of play is
    # revised"
    "000 Blocking, Dodging (extreme success)": (("extreme success",), ("order of play",)),
    # 004 "Blocking": "The difficulty modifier for the block increases by 1 for every attack
    # after the first."
    "004 Blocking, Dodging": (("continue",), ("+1", "by 1", "1 harder")),
    # 004 "Diving For Cover": "they can take a forced action to dive for cover ... and ends up on
    # the ground prone"
    "004 Diving For Cover": (("dive for cover", "dives for cover"), ("prone",), ("forced",)),
    # 004 "Damage": "an unarmed character's damage rating is equal to their rank in Brawn ...
    # weapons ... inflict damage equal to their inherent damage rating (DR), or to the Brawn rank
    # of the wielder, whichever is greater."
    "004 Damage": (("brawn",), ("weapon",), ("greater",), ("stunning",)),
    # 004 "Protection": "Multiple layers of the same type of protection do not stack"
    "004 Protection": (("protection",), ("do not stack",)),
    "004 Penetrating": (("penetrating",), ("half",)),
    "004 Stunning": (("stunning",), ("temporary",)),
    # 004 "Exploding": "the difficulty of the task roll is 9 ... they do not benefit from extreme
    # success ... one-half of its full value in the remainder"
    "004 Exploding": (("explosion",), ("difficulty 9",), ("half",)),
    "004 Overwhelming, Slamming, Staggering": (("overwhelming",), ("slamming",), ("staggering",)),
    # 004 "Recovery": "an injured character recovers half the endurance they have recently lost"
    "004 Recovery": (("half",), ("rest",)),
    # 004 "Grabbing": "Grabbing an opponent requires a Prowess task roll against the Prowess of
    # the intended target ... using their Brawn or Agility attribute (whichever is greater)"
    "004 Grabbing": (("grab",), ("prowess",), ("break free", "breaking free")),
    # 004 "Grappling": Hold, Squeeze, Interpose
    "004 Grappling": (("hold",), ("squeeze",), ("interpose",), ("restrained",)),
    "004 Throwing": (("throw",), ("lifts",), ("throws",)),
    # 004 "Tripping": "Tripping is only effective against targets whose feet are on the ground"
    "004 Tripping": (("trip",), ("prone",), ("agility",)),
    # 004 "Plot Points": "Each player begins each game session with one plot point."
    "004 Plot Points, Gaining Plot Points": (
        ("each session",),
        ("complication",),
        ("do not carry over",),
    ),
    "004 Automatic Success": (("automatic success",), ("expertise",)),
    "004 Power Boost": (("power boost",), ("one rank",)),
    "004 Power Stunt, Rally, Retcon": (("power stunt",), ("rally",), ("retcon",)),
}


@dataclass(frozen=True)
class Row:
    rule: str
    section: str
    lessons: tuple[tuple[str, str], ...]


def table() -> dict[str, Row]:
    """docs/rules.md's table of where each rule is taught, by its "seed, section"."""
    text = RULES.read_text(encoding="utf-8")
    start = text.index("## Where each rule is implemented and taught")
    rows = {}
    for line in text[start : text.index("\n## ", start + 1)].splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not cells[3].startswith("`"):
            continue
        lessons = tuple(
            (match[1], match[2].strip())
            for part in cells[3].split("; `")
            if (match := re.match(r"`?(\d\d_[a-z0-9_]+)`: (.+)", part))
        )
        rows[cells[1]] = Row(cells[0], cells[1], lessons)
    return rows


@cache
def notebook(name: str) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())["cells"]
    return cells


def lesson_text(name: str, heading: str) -> str:
    """What the cells under ``heading`` (a markdown heading of the notebook) say, to the next
    heading of the same or a higher level: one text, markdown's emphasis and line breaks gone."""
    found: list[str] = []
    level = 0
    for cell in notebook(name):
        lines = "".join(cell["source"]).splitlines()
        if cell["cell_type"] != "markdown":
            found += lines if level else []
            continue
        for line in lines:
            match = re.match(r"(#+) (.+)", line)
            if match and level and len(match[1]) <= level:
                return " ".join(" ".join(found).replace("*", "").replace("`", "").split())
            if match and match[2].strip() == heading:
                level = len(match[1])
            if level:
                found.append(line)
    if not level:
        raise AssertionError(f"{name} has no heading {heading!r}")
    return " ".join(" ".join(found).replace("*", "").replace("`", "").split())


def test_the_table_names_a_lesson_for_every_rule_and_every_lesson_exists() -> None:
    rows = table()
    assert len(rows) >= len(AT_THE_TABLE)
    for row in rows.values():
        assert row.lessons, f"{row.rule}: no lesson named"
        for name, heading in row.lessons:
            assert (NOTEBOOKS / f"{name}.ipynb").is_file(), f"{row.rule}: no notebook {name}"
            assert lesson_text(name, heading), f"{row.rule}: {name} has no {heading!r}"


@pytest.mark.parametrize("section", AT_THE_TABLE)
def test_every_rule_a_player_meets_is_taught_in_the_course(section: str) -> None:
    row = table().get(section)
    assert row is not None, f"docs/rules.md's table has no row for {section!r}"
    assert all(name in LESSONS for name, _ in row.lessons), f"{section}: not in the course"
    taught = "\n".join(lesson_text(name, heading) for name, heading in row.lessons).lower()
    for words in AT_THE_TABLE[section]:
        assert any(word.lower() in taught for word in words), (
            f"{section}: the lesson never says {' or '.join(words)!r}"
        )


def test_a_missing_heading_is_caught() -> None:
    with pytest.raises(AssertionError, match="no heading"):
        lesson_text("01_how_to_play", "A heading no lesson has")


# -- the checks of each lesson, answered ------------------------------------------------------


def checks_of(name: str, monkeypatch: pytest.MonkeyPatch) -> list[Check]:
    """Run the lesson's code cells here and return every check it made, in order."""
    made: list[Check] = []
    real = Check.__init__

    def recording(self: Check, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(Check, "__init__", recording)
    namespace: dict[str, Any] = {"__name__": f"lesson_{name}"}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in notebook(name):
            if cell["cell_type"] == "code":
                exec("".join(cell["source"]), namespace)
    return made


def send(check: Check, **message: object) -> dict[str, Any]:
    """Deliver a message as the check's front end sends it; the check's state after it."""
    check._handle_msg(
        {
            "content": {
                "data": {"method": "custom", "content": {"panel": "check", **message}},
            },
            "buffers": [],
        }
    )
    state: dict[str, Any] = check.panels["check"]
    assert state["error"] == "", state["error"]
    return state


@pytest.mark.parametrize("name", LESSONS)
def test_each_lesson_asks_three_things_and_tells_each_answer_right_or_wrong(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    checks = checks_of(name, monkeypatch)
    assert len(checks) >= 3, f"{name} asks the learner {len(checks)} things"
    for check in checks:
        q = check.question
        if isinstance(q, Choice):
            for index, choice in enumerate(q.choices):
                if choice == q.answer:
                    continue
                told = send(check, cmd="answer", choice=index)["verdict"]
                assert told == {"right": False, "why": q.wrong[choice], "hint": q.hint}
                assert told["why"] and told["hint"]
            told = send(check, cmd="answer", choice=q.choices.index(q.answer))["verdict"]
            assert told == {"right": True, "why": q.why, "hint": ""}
        elif isinstance(q, Number):
            for number in (*q.wrong, q.answer + q.tolerance + 100):
                told = send(check, cmd="answer", number=number)["verdict"]
                assert told["right"] is False and told["hint"] == q.hint and told["why"]
            told = send(check, cmd="answer", number=q.answer)["verdict"]
            assert told == {"right": True, "why": q.why, "hint": ""}
        else:
            assert isinstance(q, Task)
            told = send(check, cmd="check")["verdict"]
            assert told["right"] is False, f"{name}: the notebook did its own task {q.prompt!r}"
            assert told["why"] and told["hint"] == q.hint
            shown = send(check, cmd="show")
            assert shown["verdict"] == {"right": True, "why": q.why, "hint": ""}
            assert shown["solution"].startswith(q.how)
            assert send(check, cmd="check")["verdict"]["right"] is True


def test_a_wrong_answer_is_told_the_mistake_it_comes_from(monkeypatch: pytest.MonkeyPatch) -> None:
    """04's block question (Prowess 6, +3 block expertise, against 8 + rank 9 = 17: 8+ on the
    dice, 15 of 36): each wrong number it foresees is explained by the count of 36 that makes it
    and the roll it needs, and leaving out the expertise is 3 of 36 (needs 11+), 8.3 %."""
    block = next(
        c
        for c in checks_of("04_attacks_and_defences", monkeypatch)
        if isinstance(c.question, Number) and "rank 9 attack" in c.question.prompt
    )
    q = block.question
    assert isinstance(q, Number)
    needs = {8.3: 11, 16.7: 10, 27.8: 9, 58.3: 7}
    assert set(q.wrong) == set(needs)
    for number, roll in needs.items():
        ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= roll)
        assert round(100 * ways / 36, 1) == number
        told = send(block, cmd="answer", number=number)["verdict"]
        assert told["right"] is False
        assert f"{ways} of 36" in told["why"] and f"{roll}+" in told["why"]
    assert "expertise" in q.wrong[8.3]
