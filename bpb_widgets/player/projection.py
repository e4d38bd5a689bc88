"""What the players may see of a fight: a projection computed here, in Python, so that a player
screen only ever receives it (never the whole state, filtered in the browser).

``project(enc, options, before)`` is a pure function of the encounter, the view's options and
the view the players were shown last. It holds the round, whose turn it is, the order of play,
and each visible combatant's side, state, conditions and health: exact for the players' side,
described for the others (unhurt / hurt / badly hurt / out, or per ``others_health``). It holds
nothing of a hidden combatant (``enc.hide``, ``add(..., hidden=True)``) nor, by default, of one
not yet aware of the fight: nothing they are, do or cause is named or hinted (no name, no number,
no turn; a condition's text is built from who it names, and says nothing of them). While a
hidden combatant acts, the view stays as the players were last shown it (``before``): the round,
the marker and every combatant's entry, their action points included; only someone hidden since
leaves it, and someone revealed since joins it. No log line, note or roll is in it: the log
explains the GM's dice.

The players' side: the sides named by ``players=`` ("heroes", or several), else the sides of the
visible combatants whose sheet marks them as a player character (``player=True`` under Bulletproof
Blues, ``pc=True`` under blackout). With neither, nobody's numbers are exact.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any, Literal

from bpb_widgets.engine import Encounter, Sheet, TurnState
from bpb_widgets.engine.checks import check_side
from bpb_widgets.engine.conditions import Condition
from bpb_widgets.errors import RuleError

#: How the health of those not on the players' side reads: described in words, exact, or not at
#: all (only "out" shows).
HealthReads = Literal["described", "exact", "none"]
HEALTH_READS: tuple[HealthReads, ...] = ("described", "exact", "none")
#: The sheet fields that mark a player character, by the systems that have one.
PLAYER_FIELDS = ("player", "pc")
#: Log events that begin a turn (the engine's "turn" and "delayed" events name whose).
TURN_EVENTS = frozenset({"turn", "delayed"})
#: The most sides ``players=`` may name.
MAX_SIDES = 20

View = dict[str, Any]


@dataclass(frozen=True, slots=True)
class ViewOptions:
    """How a player view reads the fight.

    ``players``: the players' side(s), or None for the sides of the visible player characters;
    ``others_health``: "described" (unhurt / hurt / badly hurt / out), "exact" or "none";
    ``show_unaware``: show combatants not yet aware of the fight (hidden by default).
    """

    players: tuple[str, ...] | None = None
    others_health: HealthReads = "described"
    show_unaware: bool = False

    @classmethod
    def checked(
        cls,
        players: str | Sequence[str] | AbstractSet[str] | None = None,
        others_health: str = "described",
        show_unaware: bool = False,
    ) -> ViewOptions:
        """The options, checked: a bad one is a ``RuleError``."""
        sides: tuple[str, ...] | None
        if players is None:
            sides = None
        elif isinstance(players, str):
            sides = (check_side(players),)
        elif isinstance(players, (Sequence, AbstractSet)) and len(players) <= MAX_SIDES:
            sides = tuple(dict.fromkeys(check_side(side) for side in _listed(players)))
        else:
            raise RuleError(
                f"players= names the players' side (a side's name, or a list of at most "
                f"{MAX_SIDES}), not {players!r:.60}."
            )
        if not isinstance(others_health, str) or others_health not in HEALTH_READS:
            raise RuleError(
                f"others_health= is one of {', '.join(HEALTH_READS)}, not {others_health!r:.60}."
            )
        if not isinstance(show_unaware, bool):
            raise RuleError(f"show_unaware= is True or False, not {show_unaware!r:.60}.")
        return cls(sides, others_health, show_unaware)


def _listed(sides: Sequence[str] | AbstractSet[str]) -> list[str]:
    """Sides in their given order (a set's, sorted: a view's options never depend on hashing)."""
    if isinstance(sides, AbstractSet):
        return sorted(sides, key=str)
    return list(sides)


def check_encounter(encounter: object) -> Encounter[Any]:
    """``encounter``, if it is one."""
    if not isinstance(encounter, Encounter):
        raise RuleError(f"A player view shows an Encounter, not {encounter!r:.60}.")
    return encounter


def plays(sheet: Sheet) -> bool:
    """Whether ``sheet`` marks a player character (a field of ``PLAYER_FIELDS`` set to True)."""
    return any(getattr(sheet, field, False) is True for field in PLAYER_FIELDS)


def visible(
    enc: Encounter[Any], options: ViewOptions, turns: Mapping[str, TurnState] | None = None
) -> list[str]:
    """The combatants the players may see, in the order they joined (``turns``: their turn
    states, if already at hand)."""
    turns = turns if turns is not None else {n: enc.turn_state(n) for n in enc.names}
    return [
        name
        for name in enc.names
        if not turns[name].hidden and (options.show_unaware or turns[name].aware)
    ]


def players_sides(enc: Encounter[Any], options: ViewOptions, shown: Iterable[str]) -> set[str]:
    """The players' side(s): named, or those of the visible player characters."""
    if options.players is not None:
        return set(options.players)
    sheets = (enc.combatant(name) for name in shown)
    return {sheet.side for sheet in sheets if plays(sheet)}


def marker(enc: Encounter[Any], shown: set[str]) -> tuple[int, str | None]:
    """The round and whose turn the players see: the encounter's, unless a hidden combatant is
    acting; then the round and the combatant of the last turn a visible combatant began (round
    0, nobody, before any: as before the start)."""
    current = enc.current
    if current is None or current in shown:
        return enc.round, current
    log = enc.log
    for index in range(len(log) - 1, -1, -1):
        event = log[index]
        if event.kind in TURN_EVENTS and event.actor in shown:
            return event.round, event.actor
    return 0, None


def _words(names: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern finding any of ``names`` as a whole word (case-insensitive)."""
    alternatives = [re.escape(name.casefold()) for name in names if name]
    if not alternatives:
        return None
    return re.compile(rf"(?<!\w)(?:{'|'.join(alternatives)})(?!\w)")


def project(
    enc: Encounter[Any], options: ViewOptions | None = None, before: Mapping[str, Any] | None = None
) -> View:
    """What the players may see of ``enc`` now (plain JSON values); ``before``: the view they
    were shown last, if any (kept while a hidden combatant acts)."""
    options = options or ViewOptions()
    turns = {name: enc.turn_state(name) for name in enc.names}
    names = visible(enc, options, turns)
    shown = set(names)
    round_, current = marker(enc, shown)
    seen = _Seen(
        enc,
        options,
        shown,
        _words(n for n in enc.names if n not in shown),
        players_sides(enc, options, names),
        round_,
        # a hidden combatant acts: the last visible turn goes on
        current if current != enc.current else None,
    )
    order = [n for n in enc.order if n in shown]
    placed = set(order)
    order += [n for n in names if n not in placed]
    view = {
        "title": enc.title,
        "started": round_ > 0,
        "round": round_,
        "current": current,
        "order": order,
        "combatants": {name: seen.combatant(name, turns[name]) for name in order},
    }
    if before is None or enc.current is None or enc.current in shown:
        return view
    return _kept(before, view, seen.unseen)


def _kept(before: Mapping[str, Any], view: View, unseen: re.Pattern[str] | None) -> View:
    """The view while a hidden combatant acts: ``before``, as the players were last shown it
    (the marker, who has acted, their action points, conditions and health: nothing changes, so
    nothing tells that a hidden turn began or what it does), less anyone hidden since and any
    entry that names them; someone revealed since joins it, as ``view`` shows them."""
    now: dict[str, Any] = view["combatants"]
    kept: Mapping[str, Any] = before.get("combatants", {})
    order = [name for name in before.get("order", ()) if name in now]
    placed = set(order)
    order += [name for name in view["order"] if name not in placed]
    entries = {
        name: kept[name] if name in kept and not _names(unseen, kept[name]) else now[name]
        for name in order
    }
    whose = before.get("current")
    if whose is not None and whose not in now:  # whose turn it showed is hidden now
        return {**view, "order": order, "combatants": entries}
    shown = {k: before[k] for k in ("title", "started", "round", "current") if k in before}
    return {**view, **shown, "order": order, "combatants": entries}


def _names(unseen: re.Pattern[str] | None, value: object) -> bool:
    """Whether any text in ``value`` names someone ``unseen`` finds."""
    if unseen is None:
        return False
    return unseen.search(json.dumps(value, ensure_ascii=False).casefold()) is not None


@dataclass(frozen=True, slots=True)
class _Seen:
    """What one projection knows of the fight: who is shown, the hidden names as a pattern, the
    players' sides, the round shown, and whose turn goes on while a hidden one acts."""

    enc: Encounter[Any]
    options: ViewOptions
    shown: set[str]
    unseen: re.Pattern[str] | None
    ours: set[str]
    round: int
    held: str | None

    def combatant(self, name: str, turn: TurnState) -> dict[str, Any]:
        """One visible combatant (whose turn, if held, shows as going on: not yet acted)."""
        sheet = self.enc.combatant(name)
        players = sheet.side in self.ours
        unseen = self.unseen
        return {
            "side": sheet.side,
            "players": players,
            "group": sheet.group,
            "aware": turn.aware,
            "acted": self.round > 0 and turn.last_acted == self.round and name != self.held,
            "delaying": turn.delaying,
            "out": turn.out,
            "conditions": [
                self.condition(c) for c in turn.conditions if not _names(unseen, c.name)
            ],
            "health": _health(
                self.enc, name, turn.out, "exact" if players else self.options.others_health
            ),
        }

    def condition(self, condition: Condition) -> dict[str, str]:
        """A condition as the players see it: its name, when it ends and who imposes it, built
        from whom it names (whose turn ends it, who holds) and left blank where that is someone
        they may not see ("held", not "until Shade lets go")."""
        named = {condition.of, condition.by} - {None}
        return {
            "name": condition.name,
            "until": condition.until if named <= self.shown else "",
            "by": condition.by if condition.by in self.shown else "",
        }


def _out(out: bool) -> dict[str, str] | None:
    return {"reads": "out"} if out else None


def _health(enc: Encounter[Any], name: str, out: bool, reads: HealthReads) -> dict[str, Any] | None:
    """Exact numbers, a description of health, or only whether they are out (None: nothing to
    show)."""
    if reads == "none":
        return _out(out)
    vitals = enc.vitals(name)
    if reads == "exact":
        if vitals is None:
            return _out(out)
        return {
            "label": vitals.label,
            "value": vitals.value,
            "maximum": vitals.maximum,
            "apart": vitals.apart,
            "apart_label": vitals.apart_label,
            "extra": [[label, value] for label, value in vitals.extra],
            **({"reads": "out"} if out else {}),
        }
    if out or vitals is None or not type(enc).health_meter:
        return _out(out)
    return {"reads": describe(vitals.value, vitals.maximum)}


def describe(value: int, maximum: int) -> str:
    """Health in words: unhurt (all of it), hurt (more than half), badly hurt (half or less)."""
    if value >= maximum:
        return "unhurt"
    return "hurt" if 2 * value > maximum else "badly hurt"


@dataclass(frozen=True, slots=True)
class Patch:
    """What changed between two projections: fields with new values (``combatants`` whole when
    someone left the view), and combatants whose entry changed (``merge``). A patch never names
    anyone who is not in the new projection."""

    set: dict[str, Any]
    merge: dict[str, Any]

    def __bool__(self) -> bool:
        return bool(self.set or self.merge)

    def to_dict(self) -> dict[str, Any]:
        return {"set": self.set, "merge": self.merge}


def diff(old: Mapping[str, Any] | None, new: View) -> Patch:
    """The patch from ``old`` (None: nothing yet) to ``new``."""
    if old is None:
        return Patch(dict(new), {})
    fields = {k: v for k, v in new.items() if k != "combatants" and old.get(k) != v}
    before: Mapping[str, Any] = old.get("combatants", {})
    after: dict[str, Any] = new["combatants"]
    if set(before) - set(after):
        fields["combatants"] = after
        return Patch(fields, {})
    return Patch(fields, {k: v for k, v in after.items() if before.get(k) != v})


#: Sheet fields a player's own page never shows (the GM's notes).
PRIVATE_FIELDS = frozenset({"notes", "note", "gm_notes"})


def project_player(
    enc: Encounter[Any],
    options: ViewOptions | None,
    name: str,
    before: Mapping[str, Any] | None = None,
    held: str | None = None,
) -> View:
    """What the player of ``name`` sees on their own page: the shared view (``project``), plus
    ``you``: their character's sheet, exact health, plot points and conditions, and what they
    may do now (``actions.offer``; ``held``: their answer the GM holds, in words). While a
    hidden combatant acts, all of it stays as it was last shown (``before``), like the shared
    view; if ``name`` is hidden or left, ``you`` is None."""
    from bpb_widgets.player import actions

    options = options or ViewOptions()
    view = project(enc, options, before)
    turns = {n: enc.turn_state(n) for n in enc.names}
    shown = set(visible(enc, options, turns))
    unseen = _words(n for n in enc.names if n not in shown)
    if before is not None and enc.current is not None and enc.current not in shown:
        kept = before.get("you")
        you = kept if kept is not None and name in shown and not _names(unseen, kept) else None
        return {**view, "you": you}
    if name not in shown:
        return {**view, "you": None}
    sheet = enc.combatant(name)
    seen = _Seen(enc, options, shown, unseen, set(), enc.round, None)
    fields = {
        key: value
        for key, value in sheet.to_dict().items()
        if key not in PRIVATE_FIELDS and not _names(unseen, value)
    }
    points = getattr(enc, "plot_points", None)
    you = {
        "name": name,
        "side": sheet.side,
        "sheet": json.loads(json.dumps(fields, ensure_ascii=False, default=str)),
        "health": _health(enc, name, turns[name].out, "exact"),
        "plot_points": points(name) if callable(points) else None,
        "conditions": [
            seen.condition(c) for c in turns[name].conditions if not _names(unseen, c.name)
        ],
        "actions": actions.offer(enc, name, shown, held),
    }
    return {**view, "you": you}
