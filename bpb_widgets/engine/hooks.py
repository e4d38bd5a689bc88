"""The hooks a game system overrides: the one place the core lets a system in.

``Encounter`` inherits ``SystemHooks``; a system's class (``bpb_widgets/<system>/encounter.py``)
overrides the hooks it needs and nothing else of the core's (``tests/engine/test_hooks.py``
checks that every underscored method a system overrides is declared here, and that the core
calls every hook declared here). Each hook says when the core calls it and what it defaults to.

What a hook may do: the core calls it while a command runs, so any state it changes goes through
the undo journal (``self._journal.set``, ``.pop``, ``.attr`` ...: a refused command, undo and
replay then take it back exactly), and what it tells the GM goes to the log (``self._event``).
A hook that refuses raises ``RuleError``, and the whole command changes nothing. The queries
among them (``_fit``, ``_down``, ``_turn_label``, ``_unresolved`` ...) change nothing at all.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar


class Sheet(Protocol):
    """What every system's character sheet has."""

    @property
    def name(self) -> str: ...
    @property
    def group(self) -> bool: ...
    @property
    def aware(self) -> bool: ...
    @property
    def side(self) -> str: ...
    def summary(self) -> str: ...
    def to_dict(self) -> dict[str, object]: ...


S = TypeVar("S", bound=Sheet)


class SystemHooks(Generic[S]):
    """The extension points of ``Encounter``, each a no-op, a plain answer or a refusal to run
    without the system (``NotImplementedError``): a system overrides them, calling ``super()``
    where a parent system (``InitiativeEncounter``) fills them in too."""

    # -- the roster -----------------------------------------------------------------------

    def _setup(self) -> None:
        """Declare the state this system keeps beyond the core's, as ``__init__`` ends (the only
        hook that sets attributes directly: nothing has happened yet). Default: nothing."""

    def make_sheet(self, name: object, **sheet: Any) -> S:
        """A checked character sheet of this system, for ``add``, ``add_party`` and ``edit``
        (``edit`` passes the whole sheet, changed). Refuses a field or value the system does not
        take. Required."""
        raise NotImplementedError

    def _enrol(self, sheet: S) -> None:
        """A newcomer ``sheet`` has joined (in ``add``): set up the system's state of them and
        their place in the order of play. Required."""
        raise NotImplementedError

    def _dismiss(self, name: str) -> None:
        """``name`` is leaving the fight (``remove``): refuse it (a hit is waiting on them ...),
        or forget the system's state of them. Default: nothing."""

    def _check_edit(self, before: S, after: S) -> None:
        """Refuse a change of sheet (``edit``) the fight cannot take now (a hit waiting on them
        ...), before anything changes. Default: nothing refused."""

    def _edited(self, before: S, after: S) -> None:
        """``edit`` has given ``before``'s combatant the sheet ``after``: bring the system's state
        of them in line (their Endurance's rank, their hit points ...), logged. Default:
        nothing."""

    def _members_back(self, name: str) -> None:
        """Group ``name``, none of it up, has members back (``bring_back``): what stands is fit
        again by the system's rules. Default: nothing."""

    # -- the order of play ----------------------------------------------------------------

    def _declare_order(self, order: list[str]) -> None:
        """The GM declared ``order`` (``set_order``; checked: known names, each once): the
        order of play, or how ties fall, as the system says. Required."""
        raise NotImplementedError

    def _initiative_order(self) -> list[str] | None:
        """This round's order from initiative, asked at the start, each new round and for
        ``order`` before the start; None where the order of play is declared. Default: None."""
        return None

    def _place_aware(self, name: str, after: str | None) -> str:
        """Give ``name``, becoming aware (``becomes_aware``), a place in the order of play (right
        after ``after``, where the system lets the GM place them); say where, for the log.
        Required."""
        raise NotImplementedError

    def _check_ready(self) -> None:
        """Refuse ``start`` while something the first round needs is missing (initiative not
        rolled ...). Default: nothing refused."""

    def _late_delays(self) -> bool:
        """Whether a turn held to the end of the round comes then, before the environment, and a
        turn kept into the next round is taken there besides that round's own (seed 000, "Delaying
        A Turn"); otherwise a held turn not taken merges into the holder's next turn. Asked as
        turns and rounds end. Default: True."""
        return True

    def _check_preempt(self, name: str, target: str) -> None:
        """Refuse ``name`` pre-empting ``target`` with a delayed turn (``take_delayed``), where
        the rules limit it. Default: nothing refused."""

    # -- turns and rounds -------------------------------------------------------------------

    def _turn_label(self, name: str) -> str:
        """What the transcript adds to ``name``'s turn line as it begins (" (delayed to step
        12)"). Default: nothing."""
        return ""

    def _turn_started(self, name: str) -> None:
        """``name``'s turn (or delayed turn) has begun, its conditions that end now lifted.
        Default: nothing."""

    def _turn_ended(self, name: str) -> None:
        """``name``'s turn (or the part of it before a delay) is over, or they can no longer take
        it; called before the next turn begins. Default: nothing."""

    def _round_ended(self) -> None:
        """The environment has acted and the round's conditions have ended; the next round is
        about to begin. Default: nothing."""

    def _new_round(self) -> None:
        """A new round has begun (its order settled), before its first turn. Default:
        nothing."""

    def _turn_lost(self, name: str) -> bool:
        """Whether ``name``'s turn, about to begin (or to resume after a delayed turn), was given
        up (a forced action, a stagger): if so, log why (and list the lost turn in the
        transcript); the core passes over it. Default: False."""
        return False

    def _turn_given_up(self, name: str) -> str | None:
        """Why ``name``'s turn this round is given up, in words (what the strip shows), or None;
        a query. Default: None."""
        return None

    def _unresolved(self) -> str | None:
        """What must be resolved before the turn can move on (a hit waiting for an answer ...),
        in words, or None; asked by ``end_turn``, ``delay``, taking a delayed turn and what takes
        someone out of the fight. Default: None."""
        return None

    # -- fitness ----------------------------------------------------------------------------

    def _fit(self, name: str) -> bool:
        """Fit to take turns by the system's rules (not out of the fight, not staggered ...),
        besides being aware, not defeated and a group with a member up; a query. Default:
        True."""
        return True

    def _down(self, name: str) -> bool:
        """Out of the fight by the system's rules (Endurance 0, no hit points ...), besides being
        defeated or a group with no member up; a query. Default: False."""
        return False

    def _stopped(self, name: str) -> None:
        """``name`` could act and no longer can (out of the fight, defeated, unaware): end what
        only lasts while they can (a grapple they hold ...). Default: nothing."""
