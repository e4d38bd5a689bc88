"""Input checks shared by the rules: whole numbers, distances and named choices.

Every refusal is a :class:`~bpb_widgets.errors.RuleError` whose message names the thing a GM typed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping
from numbers import Real

from bpb_widgets.engine.conform import JOINERS_AND_MARKS, hidden_character, shown
from bpb_widgets.errors import RuleError


def check_whole(value: object, what: str, *, low: int | None = 0, high: int | None = None) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (either may be None: no limit)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be a whole number; got {value!r}.")
    if low is not None and value < low:
        raise RuleError(f"{what} cannot be less than {low}; got {value}.")
    if high is not None and value > high:
        raise RuleError(f"{what} cannot be more than {high}; got {value}.")
    return value


def check_distance(value: object, what: str, *, positive: bool = False) -> float:
    """``value`` as a distance in feet: finite, not negative (above zero if ``positive``)."""
    if isinstance(value, bool) or not isinstance(value, Real) or value != value:
        raise RuleError(f"{what} must be a distance in feet; got {value!r}.")
    if value < 0 or (positive and value == 0) or value == float("inf"):
        limit = "more than 0" if positive else "0 or more"
        raise RuleError(f"{what} must be {limit} feet; got {value}.")
    return float(value)


def check_choice(value: object, choices: Collection[str], what: str) -> str:
    """``value`` if it is one of ``choices``, otherwise a RuleError listing them."""
    if not isinstance(value, str) or value not in choices:
        listed = ", ".join(sorted(choices))
        raise RuleError(f"Unknown {what} {value!r}; choose one of: {listed}.")
    return value


#: The longest name the widgets are laid out for.
MAX_NAME = 120
#: The environment is not a combatant: it always acts last (seed 000, "Order Of Play").
RESERVED_NAMES = frozenset({"environment", "the environment"})
#: The longest note, forced action or action description the log takes.
MAX_NOTE = 300


def tidy_text(text: str, what: str) -> str:
    """``text`` as Unicode NFC with its whitespace tidied (runs of spaces, tabs and new lines
    become one space; none at either end); invisible and control characters are refused."""
    text = unicodedata.normalize("NFC", " ".join(text.split()))
    hidden = hidden_character(text)
    if hidden is not None:
        raise RuleError(f"{what} cannot hold {hidden}; type it again without it.")
    return text


def fold_name(name: str) -> str:
    """The form two names are compared in: "  blueshift " is Blueshift, and so is "Blueshift"
    with a joiner or a direction mark in it (they do not show)."""
    if not name.isprintable():
        name = "".join(char for char in name if char not in JOINERS_AND_MARKS)
    return unicodedata.normalize("NFC", " ".join(name.split())).casefold()


def check_name(name: object) -> str:
    """A combatant name: text, not blank, not too long, nothing invisible, not the environment.

    Names are normalised here, once for every system: Unicode NFC, trimmed, runs of whitespace
    as one space; invisible and control characters (a zero-width space, a lone surrogate) are
    refused, so "Environment\u200b" is not a way round the reserved name (nor, compared without
    them, is "Environment" with a joiner or direction mark)."""
    if not isinstance(name, str) or not name.strip():
        raise RuleError(f"A combatant needs a name (some text); got {shown(name)}.")
    name = tidy_text(name, "A name")
    if len(name) > MAX_NAME:
        raise RuleError(f"Names are at most {MAX_NAME} characters; this one has {len(name)}.")
    if fold_name(name) in RESERVED_NAMES:
        raise RuleError("The environment is not a combatant: it always acts last (Order Of Play).")
    return name


def check_flag(value: object, what: str) -> bool:
    """A yes/no setting such as ``group=True``."""
    if not isinstance(value, bool):
        raise RuleError(f"{what}= takes True or False, not {value!r}.")
    return value


def check_note(text: object, what: str = "Notes") -> str:
    """A short free-text note: Unicode NFC, its whitespace tidied, nothing invisible."""
    if not isinstance(text, str) or len(text) > MAX_NOTE:
        raise RuleError(f"{what} are text of at most {MAX_NOTE} characters.")
    return tidy_text(text, what)


def noted(note: object) -> str:
    """The GM's note on a change made by hand, as the log adds it: " (a gas main)", or ""."""
    text = check_note(note, "Notes")
    return f" ({text})" if text else ""


#: The longest name of a side.
MAX_SIDE = 40


def check_side(side: object) -> str:
    """The side a combatant fights on ("heroes", "villains", any name; "" for none)."""
    if not isinstance(side, str) or len(side.strip()) > MAX_SIDE:
        raise RuleError(f"A side is a name of at most {MAX_SIDE} characters, not {side!r}.")
    return tidy_text(side, "A side")


def check_sheet_fields(
    sheet: Mapping[str, object], fields: Collection[str], system: str, source: str
) -> None:
    """Refuse a field that is not on ``system``'s sheet, naming the fields it has."""
    unknown = [key for key in sheet if key not in fields]
    if unknown:
        raise RuleError(
            f"A {system} sheet has no {', '.join(map(repr, unknown))}; its fields are "
            f"{', '.join(fields)} ({source})."
        )
