"""The state of each of Bulletproof Blues' parts, declared (see ``widgets/panels/state.py``)."""

from typing import Literal, Never, NotRequired, TypedDict

from bpb_widgets.widgets.panels.state import (
    Distribution,
    Empty,
    Exact,
    FormError,
    Moment,
    PartState,
    Refused,
    Result,
)

#: One ``[key, value, text]`` row of the choices: a circumstance (``[key, bonus, wording]``).
ChoiceRow = tuple[str, int, str]
#: A block or a dodge.
DefenseKind = Literal["block", "dodge"]


class OddsPayload(TypedDict):
    """The odds of one task roll (``payloads.odds_payload``)."""

    refused: NotRequired[Never]
    difficulty: int
    expertise: bool
    #: The lowest total that is an extreme success (with expertise).
    extreme_total: int
    success: Exact
    extreme: Exact
    #: What the 2d6 must show to succeed (2 or less: any roll; over 12: none).
    needs: int
    #: How many of the 36 rolls of 2d6 succeed.
    ways: int
    #: What the 2d6 must show for an extreme success.
    extreme_needs: int
    #: How many of the 36 rolls are an extreme success.
    extreme_ways: int
    #: Taking the average or the max: no roll.
    take: Literal["average", "max"] | None
    #: More than 12 above attribute plus bonuses: even a 12 fails.
    too_difficult: bool
    #: The chance of each total (none on an answer's card).
    distribution: NotRequired[Distribution]


class DefenseOdds(OddsPayload):
    """A block's or dodge's arithmetic, odds and cost (``payloads.defense_payload``)."""

    attribute_name: str
    attribute: int
    bonus: int
    rank: int
    continued: int
    consequence: str
    forced: bool


class PlotOffer(TypedDict):
    """Who rolls next and their plot points (``plot_offer``), when they can buy an automatic
    success."""

    roller: str
    points: int
    #: One bought already waits for their next roll.
    waiting: bool


class RankBounds(TypedDict):
    """The bounds of a rank the GM types in (rules/ranks.py), and the rank it starts at."""

    low: int
    high: int
    typed: int


# -- attack ---------------------------------------------------------------------------------------


class Circumstances(TypedDict):
    attack: list[ChoiceRow]
    defense: list[ChoiceRow]


class PowerState(TypedDict):
    """An attack on a sheet (``Power.to_dict``)."""

    name: str
    rank: int
    kind: str
    hand_to_hand: NotRequired[bool]
    dr: NotRequired[int]
    radius: NotRequired[float]


class AttackSelection(TypedDict):
    """The attack being set up."""

    turn: int
    attacker: str
    target: str | None
    power: str | None
    rank: int | None
    kind: str | None
    hand_to_hand: bool | None
    distance: float | None
    attack_bonus: list[str]
    defense_bonus: list[str]
    targets: list[str]
    outer: list[str]


class Weapon(TypedDict):
    name: str
    rank: int
    kind: str
    dr: int
    stunning: bool


class AttackOdds(OddsPayload):
    """The odds of the attack set up (``AttackPart._preview``)."""

    roll: str
    against: str
    automatic: list[str]
    effects: list[str]
    weapon: Weapon


class ExplosionPreview(TypedDict):
    """An explosion set up: one roll against its difficulty, whoever is caught."""

    refused: NotRequired[Never]
    exploding: Literal[True]
    difficulty: int


class HitState(TypedDict):
    """A hit waiting for its target's answer."""

    attacker: str
    target: str
    power: str
    rank: int
    kind: str
    dr: int
    extreme: bool
    effect: str | None
    #: "Cy's Kick (rank 3) hits Bo": the hit in words, possessive as the log writes it.
    title: str


class Cover(TypedDict):
    refused: NotRequired[Never]
    consequence: str


class TakeState(TypedDict, total=False):
    """What taking the hit does."""

    #: A non-Endurance attack: the GM says.
    effect: str
    damage: int
    stunning: bool
    #: Only half the protection counts.
    penetrating: bool
    protection: int
    dr: int
    #: Endurance before.
    before: int
    #: Endurance after.
    after: int
    #: Out of the fight after.
    out: bool


class Interposer(TypedDict):
    name: str
    cost: str


class AnswersState(TypedDict):
    """What the target of the first hit waiting can do, each with its odds and cost."""

    target: str
    attacker: str
    #: The extreme success's effects, while none is chosen.
    choose_effect: NotRequired[list[str]]
    block: DefenseOdds | Refused
    dodge: DefenseOdds | Refused
    cover: Cover | Refused
    take: TakeState
    #: Who may take the hit in the target's place, and the cost.
    interpose: list[Interposer]
    #: The power a non-Endurance attack is blocked or dodged with.
    power: str | None


class Grapple(TypedDict):
    holding: str | None
    held_by: str | None


class AttackState(PartState):
    """The attack and its target's answers (``AttackPart``)."""

    kinds: list[str]
    ranks: RankBounds
    circumstances: Circumstances
    names: list[str]
    sides: dict[str, str]
    powers: dict[str, list[PowerState]]
    current: str | None
    selection: AttackSelection | Empty
    preview: AttackOdds | ExplosionPreview | Refused | Empty
    pending: list[HitState]
    answers: AnswersState | Empty
    result: Result | Empty
    follow_ups: list[tuple[str, str]]
    grapple_actions: list[tuple[str, str]]
    grapple: Grapple | Empty
    plot: PlotOffer | Empty
    form_error: FormError


# -- defense --------------------------------------------------------------------------------------


class DefenseSelection(TypedDict):
    """The attack defended against: the hit waiting (``hit``), or one the GM names."""

    attacker: str
    defender: str
    rank: int
    hit: bool


class DefensePreview(TypedDict):
    block: DefenseOdds | Refused
    dodge: DefenseOdds | Refused


class DefenseResult(Moment):
    kind: DefenseKind
    lines: list[str]
    success: bool
    extreme: bool
    revision: str | None


class DefenseState(PartState):
    """Block or dodge (``DefensePart``)."""

    ranks: RankBounds
    names: list[str]
    current: str | None
    selection: DefenseSelection | Empty
    preview: DefensePreview | Empty
    result: DefenseResult | Empty


# -- task -----------------------------------------------------------------------------------------


class TaskChoices(TypedDict):
    """What the task roller offers."""

    attributes: list[str]
    #: ``[name, value, examples]``, easiest first.
    difficulties: list[ChoiceRow]
    #: The attack bonuses, ``[key, bonus, wording]``.
    attack: list[ChoiceRow]
    #: The difficulty modifiers, ``[key, bonus, wording]``.
    defense: list[ChoiceRow]


class TaskSelection(TypedDict):
    """The roll being set up."""

    combatant: str | None
    attribute: str | None
    bonus: int
    difficulty: int | None
    opposed: str | None
    opposed_attribute: str | None
    expertise: bool
    attack: list[str]
    defense: list[str]


class TaskPreview(OddsPayload):
    """Both sides of the arithmetic and the odds."""

    attribute: int
    bonus: int
    roll: str
    against: str


class TaskResult(Moment):
    """The last roll."""

    lines: list[str]
    dice: list[int]
    total: int
    difficulty: int
    success: bool
    extreme: bool


class TaskState(PartState):
    """The task roller (``TaskPart``)."""

    choices: TaskChoices
    #: Who can roll: the combatants, in the order they joined.
    names: list[str]
    selection: TaskSelection | Empty
    preview: TaskPreview | Empty
    result: TaskResult | Empty
    plot: PlotOffer | Empty
