"""Rule sets: a name, the text it follows, and its named rule options.

Each game system defines its own ``RuleSet`` subclass whose extra fields are its rule options,
and its encounter class lists the rule sets it runs. Every option is listed with its default and
the seed section it interprets in docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, TypeVar

from bpb_widgets.errors import RuleError

#: The fields every rule set has; the others are its options.
_NAMING = ("name", "source")
R = TypeVar("R", bound="RuleSet")


@dataclass(frozen=True)
class RuleSet:
    """A rule set: its name, the seed text it follows, and (in subclasses) its rule options."""

    name: str
    #: Where the rules come from, for explanations.
    source: str

    def options(self) -> dict[str, Any]:
        """The rule options (every field but the name and source)."""
        values = asdict(self)
        for key in _NAMING:
            del values[key]
        return values

    def with_options(self: R, options: object) -> R:
        """This rule set with some options changed; unknown options, wrong types and values out
        of range are refused."""
        if options is None:
            return self
        if not isinstance(options, Mapping):
            raise RuleError(
                f"Rule options are a mapping of option names to values, not {options!r}."
            )
        known = {f.name for f in fields(self)} - set(_NAMING)
        for key, value in options.items():
            if key not in known:
                listed = ", ".join(sorted(known)) or "none"
                raise RuleError(
                    f"Unknown rule option {key!r} for {self.name}; its options are {listed}."
                )
            default = getattr(self, key)
            if type(value) is not type(default):
                raise RuleError(
                    f"Rule option {key!r} takes a {type(default).__name__}, not {value!r}."
                )
        changed = replace(self, **options)
        changed.check()
        return changed

    def renamed(self: R, name: str, source: str) -> R:
        """This rule set under another name (a house rule set that saves and loads as itself)."""
        for what, text in (("name", name), ("source", source)):
            if not isinstance(text, str) or not text.strip() or len(text) > 120:
                raise RuleError(f"A rule set's {what} is a line of text, not {text!r}.")
        return replace(self, name=name.strip(), source=source.strip())

    def check(self) -> None:
        """Refuse option values out of their range (subclasses with ranged options)."""
