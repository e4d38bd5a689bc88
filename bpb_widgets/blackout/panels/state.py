"""The state of each of blackout's parts, declared (see ``widgets/panels/state.py``)."""

from typing import Never, NotRequired, TypedDict

from bpb_widgets.widgets.panels.state import (
    Distribution,
    Empty,
    Exact,
    FormError,
    PartState,
    Refused,
    Result,
)

# -- combat ---------------------------------------------------------------------------------------


class CombatSelection(TypedDict):
    """The attack test being set up."""

    turn: int
    attacker: str
    target: str | None
    pool: int
    ap: int
    take_time: bool
    friend: bool


class TestOdds(TypedDict):
    """An attack test's odds."""

    refused: NotRequired[Never]
    pool: int
    difficulty: int
    success: Exact
    critical: Exact
    #: Successes.
    distribution: Distribution


class HitWaiting(TypedDict):
    """A hit waiting for its damage test."""

    attacker: str
    target: str
    critical: bool


class DamageChoice(TypedDict):
    """The damage test's pool, and whether the attack is non-lethal (and ranged)."""

    pool: int
    non_lethal: bool
    ranged: bool


class DamageOdds(TypedDict):
    """A damage test's odds: the hit points it leaves."""

    refused: NotRequired[Never]
    target: str
    armor: int
    dr: int
    hp: int
    out: Exact
    #: Hit points left.
    distribution: Distribution


class CombatState(PartState):
    """Actions and tests (``CombatPart``)."""

    kinds: list[str]
    terrain: list[str]
    names: list[str]
    sides: dict[str, str]
    current: str | None
    #: "Thugs' turn", possessive as the log writes it (empty while nobody's turn).
    turn: str
    ap: int | None
    one_two: str | None
    vitality_due: str | None
    selection: CombatSelection | Empty
    preview: TestOdds | Refused | Empty
    hit: HitWaiting | None
    damage: DamageChoice
    damage_preview: DamageOdds | Refused | Empty
    result: Result | Empty
    form_error: FormError


# -- initiative -----------------------------------------------------------------------------------


class InitiativeChoices(TypedDict):
    #: The fewest and the most initiative dice.
    dice: tuple[int, int]


class InitiativeSheet(TypedDict):
    pc: bool
    step: int | None


class InitiativeSelection(TypedDict):
    combatant: str | None
    #: How many initiative dice.
    count: int


class InitiativePreview(TypedDict):
    """The chance of each step with ``count`` dice."""

    count: int
    distribution: Distribution
    #: The lowest enemy step, or null without enemies.
    first_enemy: int | None
    #: The chance of acting before every enemy.
    before: Exact
    mean: float


class InitiativeState(PartState):
    """Initiative dice (``InitiativePart``)."""

    choices: InitiativeChoices
    sheets: dict[str, InitiativeSheet]
    selection: InitiativeSelection | Empty
    preview: InitiativePreview
    result: Result | Empty
