"""The transcript: round listings in the seeds' own format (seed 000's examples).

::

    Round 6
    Blueshift's turn
    Ganyeka's turn
    Blueshift's turn (forced from round 7)
    Monolith's turn
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bpb_widgets.errors import RuleError

#: One transcript line: its round, and its text (None for the round's heading).
Line = tuple[int, "str | None"]


def possessive(name: str) -> str:
    """``Ganyeka's henchmen`` -> ``Ganyeka's henchmen's``, as the seeds' listings write it; a name
    ending in s takes the apostrophe alone: ``Hooligans`` -> ``Hooligans'``."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def render(lines: Sequence[Line], rounds: int | Iterable[int] | None = None) -> str:
    """The listing of ``rounds`` (all by default): a heading per round, then its turns."""
    wanted = _rounds(rounds)
    return "\n".join(
        f"Round {r}" if text is None else text for r, text in lines if wanted is None or r in wanted
    )


def _rounds(rounds: int | Iterable[int] | None) -> set[int] | None:
    if rounds is None:
        return None
    if isinstance(rounds, bool):
        raise RuleError(f"Name rounds by number, not {rounds!r}.")
    if isinstance(rounds, int):
        return {rounds}
    try:
        wanted = set(rounds)
    except TypeError:
        raise RuleError(f"Name rounds by number or a range, not {rounds!r}.") from None
    if not all(isinstance(r, int) and not isinstance(r, bool) for r in wanted):
        raise RuleError(f"Name rounds by number or a range, not {rounds!r}.")
    return wanted
