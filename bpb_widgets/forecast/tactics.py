"""Tactics: how each simulated combatant fights, as plain functions a GM can replace.

A forecast asks five questions of a combatant's tactics, each a plain function of a read-only
view of the simulated fight (:class:`FightView`) and the combatant's name:

- ``target(view, me)``: whom to attack on my turn: a foe still in the fight, or None to pass.
  Default :func:`most_hurt_foe`.
- ``attack(view, me, target)``: which of my attacks (its name on my sheet). Default
  :func:`best_expected_damage`.
- ``defend(view, me, hit, threshold)``: answer a hit with "block", "dodge" or None (take it).
  Default :func:`defend_when_likely`: when a defense is available (a continued one, or a forced
  action not yet used this round) and its chance beats ``threshold``.
- ``plot_point(view, me, roll)``: spend a plot point on this roll for an automatic success
  (seed 004, "Automatic Success")? Default :func:`plot_point_to_stay_in`.
- ``effect(view, me, target)``: what an extreme success on an attack does: "overwhelming",
  "slamming", "staggering" or None (seed 004, "Extreme Success"). Default :func:`overwhelm`.

``Tactics(...)`` bundles them; ``Forecast(enc, tactics=...)`` takes one for everyone, or a
mapping from a side or a combatant's name to a ``Tactics`` (a name wins over its side). A
function that answers something the rules do not allow (a friend as target, an attack not on
the sheet, a block with no defense available) stops the forecast with a ``RuleError`` naming the
function, the combatant and the round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, NamedTuple, Protocol, TypeVar

from bpb_widgets.engine.checks import check_whole
from bpb_widgets.engine.rule_set import RuleSet
from bpb_widgets.errors import RuleError

DefenseChoice = Literal["block", "dodge"]
#: What a roll a plot point could win is for.
RollKind = Literal["attack", "block", "dodge"]
#: The default odds a forced block or dodge must beat: it costs the defender's next turn.
DEFAULT_THRESHOLD = 0.5


class Weapon(NamedTuple):
    """One attack a simulated combatant can make: a power or weapon from the sheet, or unarmed
    (rank and damage rating equal to Brawn, seed 004 "Damage")."""

    name: str
    rank: int
    dr: int
    kind: str
    hand_to_hand: bool
    stunning: bool
    #: Expertise in it: an extreme success is possible (seed 004, "Extreme Success").
    expert: bool


class Hit(NamedTuple):
    """A hit waiting for its target's answer."""

    attacker: str
    target: str
    weapon: str
    #: The rank a block or dodge is against (three more when overwhelming).
    rank: int
    dr: int
    kind: str
    #: The extreme-success effect in force, or None.
    effect: str | None
    #: The Endurance it would take if it lands (after protection; 0 for non-Endurance attacks).
    damage: int


class Roll(NamedTuple):
    """A roll a plot point could turn into an automatic success."""

    what: RollKind
    #: The chance of success without the plot point.
    chance: Fraction
    #: The hit a block or dodge would negate (None for an attack).
    hit: Hit | None


class FightView(Protocol):
    """What tactics may read of the simulated fight (nothing here changes it)."""

    @property
    def round(self) -> int: ...
    @property
    def rules(self) -> RuleSet:
        """The fight's rule set and its options."""
        ...

    def side_of(self, name: str) -> str: ...
    def foes(self, name: str) -> list[str]:
        """Foes of ``name`` still in the fight, in the order of play."""
        ...

    def allies(self, name: str) -> list[str]:
        """Others on ``name``'s side still in the fight."""
        ...

    def endurance(self, name: str) -> int:
        """Endurance left."""
        ...

    def endurance_rank(self, name: str) -> int: ...
    def plot_points(self, name: str) -> int: ...
    def weapons(self, name: str) -> tuple[Weapon, ...]:
        """The attacks ``name`` can make (unarmed when the sheet lists none)."""
        ...

    def hit_chance(self, attacker: str, target: str, weapon: str) -> Fraction:
        """The exact chance the attack hits (before any block or dodge)."""
        ...

    def expected_damage(self, attacker: str, target: str, weapon: str) -> Fraction:
        """The chance to hit times the Endurance a hit takes after protection."""
        ...

    def defenses(self, name: str, hit: Hit) -> dict[DefenseChoice, Fraction]:
        """The defenses ``name`` may answer ``hit`` with now, each with its exact chance (empty
        when none is allowed)."""
        ...

    def continuing(self, name: str) -> DefenseChoice | None:
        """The defense ``name`` keeps up until their next action (costs no more turns)."""
        ...


TargetTactic = Callable[[FightView, str], "str | None"]
AttackTactic = Callable[[FightView, str, str], str]
DefendTactic = Callable[[FightView, str, Hit, float], "DefenseChoice | None"]
PlotPointTactic = Callable[[FightView, str, Roll], bool]
EffectTactic = Callable[[FightView, str, str], "str | None"]

A = TypeVar("A", bound=AttackTactic)
#: The attack tactics marked with :func:`sheets_only`.
_SHEETS_ONLY: set[AttackTactic] = set()


def sheets_only(tactic: A) -> A:
    """Mark an attack tactic whose choice depends only on the sheets (``view.weapons``,
    ``view.hit_chance``, ``view.expected_damage``: never Endurance, plot points, the round or
    the dice): a forecast asks it once per attacker and target and keeps its answer for every
    fight it runs."""
    _SHEETS_ONLY.add(tactic)
    return tactic


def reads_sheets_only(tactic: AttackTactic) -> bool:
    """Whether ``tactic`` is marked with :func:`sheets_only`."""
    return tactic in _SHEETS_ONLY


P = TypeVar("P", bound=PlotPointTactic)
#: The plot-point tactics marked with :func:`defenses_only`.
_DEFENSES_ONLY: set[PlotPointTactic] = set()


def defenses_only(tactic: P) -> P:
    """Mark a plot-point tactic that never spends a plot point on an attack roll, only on blocks
    and dodges: a forecast does not ask it about attacks (``Tactics.asks_about_attacks``)."""
    _DEFENSES_ONLY.add(tactic)
    return tactic


def most_hurt_foe(view: FightView, me: str) -> str | None:
    """The foe with the least Endurance left (the first in the order of play among equals); every
    foe is in reach, since the forecast knows no positions."""
    foes = view.foes(me)
    return min(foes, key=view.endurance) if foes else None


def first_foe(view: FightView, me: str) -> str | None:
    """The first foe in the order of play: focus on whoever acts soonest."""
    foes = view.foes(me)
    return foes[0] if foes else None


def strongest_foe(view: FightView, me: str) -> str | None:
    """The foe whose best attack does the most expected damage to me."""
    foes = view.foes(me)
    if not foes:
        return None

    def threat(foe: str) -> Fraction:
        return max(view.expected_damage(foe, me, w.name) for w in view.weapons(foe))

    return max(foes, key=threat)


@sheets_only
def best_expected_damage(view: FightView, me: str, target: str) -> str:
    """The attack with the highest chance to hit times damage after protection (the first listed
    among equals)."""
    weapons = view.weapons(me)
    return max(weapons, key=lambda w: view.expected_damage(me, target, w.name)).name


def defend_when_likely(
    view: FightView, me: str, hit: Hit, threshold: float
) -> DefenseChoice | None:
    """Block or dodge, whichever is likelier to succeed, when it is allowed and either it costs
    nothing more (a defense continuing until my next action) or its chance beats ``threshold``
    or the hit would take me out of the fight (a forced action gives up my next turn)."""
    options = view.defenses(me, hit)
    block, dodge = options.get("block"), options.get("dodge")
    kind: DefenseChoice
    if block is not None and (dodge is None or block >= dodge):  # block among equals
        kind, chance = "block", block
    elif dodge is not None:
        kind, chance = "dodge", dodge
    else:
        return None
    if not chance:
        return None
    free = view.continuing(me) is not None
    dropping = hit.damage >= view.endurance(me)
    return kind if free or dropping or chance > threshold else None


def never_defend(view: FightView, me: str, hit: Hit, threshold: float) -> DefenseChoice | None:
    """Take every hit: keep every turn for attacking."""
    return None


def always_block(view: FightView, me: str, hit: Hit, threshold: float) -> DefenseChoice | None:
    """Block every hit a block is allowed against, whatever the odds."""
    return "block" if "block" in view.defenses(me, hit) else None


@defenses_only
def plot_point_to_stay_in(view: FightView, me: str, roll: Roll) -> bool:
    """Spend a plot point on a block or dodge that would otherwise let in the hit that takes me
    out of the fight; never on attacks."""
    if roll.hit is None or roll.what == "attack":
        return False
    return roll.chance < 1 and roll.hit.damage >= view.endurance(me)


@defenses_only
def never_spend(view: FightView, me: str, roll: Roll) -> bool:
    """Keep every plot point."""
    return False


def overwhelm(view: FightView, me: str, target: str) -> str | None:
    """Make an extreme success overwhelming: three more ranks of damage and of difficulty to
    block or dodge (seed 004, "Overwhelming")."""
    return "overwhelming"


def stagger_them(view: FightView, me: str, target: str) -> str | None:
    """Make an extreme success staggering where allowed (the target may lose their next action,
    seed 004 "Staggering"), else overwhelming."""
    hurt = any(w.kind != "non-endurance" for w in view.weapons(me))
    return "staggering" if hurt else "overwhelming"


@dataclass(frozen=True, slots=True)
class Tactics:
    """The five choices of a simulated combatant; replace any of them with your own function.
    (With slots: a fight reads them on every turn, and CPython 3.11 reads a slot fast even
    after the plan holding them was pickled, which gives a plain instance its dict.)"""

    target: TargetTactic = most_hurt_foe
    attack: AttackTactic = best_expected_damage
    defend: DefendTactic = defend_when_likely
    plot_point: PlotPointTactic = plot_point_to_stay_in
    effect: EffectTactic = overwhelm
    #: The chance a forced block or dodge must beat (``defend``'s ``threshold``).
    threshold: float = DEFAULT_THRESHOLD
    #: What the forecast's summary calls these tactics.
    label: str = field(default="", compare=False)
    #: Blackout only (seed 002 gives no sheet a pool): the dice of each attack test (at least 4
    #: are rolled) and of each damage test; None for the forecast's defaults
    #: (``bpb_widgets.blackout.forecast.DEFAULT_ATTACK_DICE``, ``DEFAULT_DAMAGE_DICE``).
    attack_dice: int | None = None
    damage_dice: int | None = None
    #: Whether a forecast asks ``plot_point`` about attack rolls: not when it is marked
    #: :func:`defenses_only` (worked out when these tactics are made).
    asks_about_attacks: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("target", "attack", "defend", "plot_point", "effect"):
            if not callable(getattr(self, name)):
                raise RuleError(f"Tactics {name}= must be a function, not {getattr(self, name)!r}.")
        if not isinstance(self.threshold, (int, float)) or not 0 <= self.threshold <= 1:
            raise RuleError(f"A defense threshold is a chance from 0 to 1, not {self.threshold!r}.")
        for name in ("attack_dice", "damage_dice"):  # the blackout model checks its pool's limit
            if getattr(self, name) is not None:
                check_whole(getattr(self, name), f"Tactics {name}=", low=1)
        marked = any(self.plot_point is tactic for tactic in _DEFENSES_ONLY)  # unhashable too
        object.__setattr__(self, "asks_about_attacks", not marked)

    @property
    def pools(self) -> bool:
        """Whether these tactics set a blackout pool."""
        return self.attack_dice is not None or self.damage_dice is not None

    def describe(self) -> str:
        """The functions by name, or the label."""
        if self.label:
            return self.label
        changed = [
            f"{name}={tactic_name(getattr(self, name))}"
            for name in ("target", "attack", "defend", "plot_point", "effect")
            if getattr(self, name) is not getattr(DEFAULT, name)
        ]
        if self.threshold != DEFAULT_THRESHOLD:
            changed.append(f"threshold={self.threshold:g}")
        for name in ("attack_dice", "damage_dice"):
            if getattr(self, name) is not None:
                changed.append(f"{name}={getattr(self, name)}")
        return ", ".join(changed) or "default"


DEFAULT = Tactics()

TacticsChoice = Tactics | Mapping[str, Tactics] | None


def tactic_name(function: object) -> str:
    """How an error names a tactic function."""
    return str(getattr(function, "__qualname__", None) or getattr(function, "__name__", function))
