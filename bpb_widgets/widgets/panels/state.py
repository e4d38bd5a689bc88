"""The state of each shared part, declared: what its ``refresh`` and commands put, field by field.

A part names its declaration (``Panel.State``); the front end's JSDoc types are generated from
these (``tools/front_end_types.py`` writes the part states' section of ``js/lib/types.js``), and a
test checks over random fights that every part's state matches its declaration. ``Empty`` is a
dict field the kernel has not filled (``{}``); a key declared ``NotRequired[Never]`` is never
there (so that a union tells its members apart by it, as ``refused`` does).
"""

from typing import Literal, NotRequired, TypedDict

#: An exact chance, ``[numerator, denominator, float]`` (widgets/_odds.py ``exact``).
Exact = tuple[int, int, float]
#: A chart's bars: ``[[value, probability], ...]``, values ascending.
Distribution = list[tuple[float, float]]


class Empty(TypedDict):
    """A dict field before the kernel first fills it, or once it is cleared: ``{}``."""


class PartState(TypedDict):
    """The fields every panel has."""

    #: The last refused command's message, "" when the last one was accepted.
    error: str


class Moment(TypedDict):
    """Where a result was made (``Part.record``): it goes once the turn moves on or is undone."""

    turn: int
    #: The log's length before the result's own entries.
    at: int


class Result(Moment):
    """A part's last result: the lines its command logged."""

    lines: list[str]


class FormError(TypedDict, total=False):
    """A refused form: which form, which field it blames, why (``Part.on_form``)."""

    form: str
    field: str
    message: str


class Refused(TypedDict):
    """An answer or defense the rules refuse, and why."""

    refused: str


class ConditionState(TypedDict):
    """A combatant's condition (``payloads.conditions``)."""

    name: str
    #: When it ends, in words ("until the end of Ganyeka's next turn").
    until: str
    rule: str
    note: str
    #: Who put it there ("" for the GM or the rules).
    by: str


# -- strip ----------------------------------------------------------------------------------------


class Controls(TypedDict):
    """The encounter class's ``Controls`` (engine/encounter.py): how the strip runs a turn."""

    #: The label of the button that settles the order before the start.
    roll_order: str
    #: What that button does.
    roll_order_help: str
    #: Delay asks for the step to delay to (initiative steps), from the first to the last step.
    delay_to_step: bool
    first_step: int
    last_step: int
    #: Each turn rolls action-point dice and spends them; what the roll is.
    ap_dice: bool
    ap_dice_help: str


class ChipState(TypedDict):
    """What a chip shows, the combatant's turn state (each system's own ``TurnState`` fields but
    those a chip does not show, ``strip.NOT_ON_A_CHIP``): the defense keys under Bulletproof
    Blues only, the initiative keys under the initiative systems only. A key at its default
    (``strip.CHIP_DEFAULTS``: not a group, no side, aware...) is left out."""

    group: NotRequired[bool]
    side: NotRequired[str]
    aware: NotRequired[bool]
    #: The round the combatant last acted in (0 or left out: not this fight's round).
    acted: NotRequired[int]
    delaying: NotRequired[bool]
    #: Why they get no turn this round, in words.
    skipped: NotRequired[str | None]
    conditions: NotRequired[list[ConditionState]]
    #: Turns given up to forced actions: ``[round, why]``.
    lost: NotRequired[list[tuple[int, str | None]]]
    #: "block" or "dodge" while a defense continues.
    defending: NotRequired[str | None]
    #: Attacks defended so far in that defense.
    defended: NotRequired[int]
    #: Step (blackout) or total (d10-ap).
    initiative: NotRequired[int | None]
    delayed_to: NotRequired[int | None]
    #: Action points left.
    ap: NotRequired[int | None]
    ap_max: NotRequired[int | None]


class StripState(PartState):
    """The order of play (``StripPart``)."""

    controls: Controls
    round: int
    current: str | None
    #: "Thugs' turn": the heading's words for whose turn it is, possessive as the log writes it
    #: (``transcript.possessive``), empty while nobody's turn.
    turn: str
    order: list[str]
    states: dict[str, ChipState]
    environment: list[str]
    changes: list[str]
    can_undo: bool
    can_redo: bool
    order_from: int


# -- roster ---------------------------------------------------------------------------------------


class SheetFieldState(TypedDict):
    """One field of the system's sheet (engine ``SheetField``)."""

    name: str
    label: str
    kind: Literal["rank", "flag", "text", "words", "choice", "choices", "attacks"]
    default: object
    low: int | None
    high: int | None
    choices: list[str]


class VitalsState(TypedDict):
    """What a combatant's health shows (engine ``Vitals``)."""

    #: "Endurance", "HP", "AP".
    label: str
    value: int
    maximum: int
    #: Damage shown apart (stunning).
    apart: int
    apart_label: str
    extra: list[tuple[str, int]]


#: A player's plot points on their card (``RosterPart._plot``): the points, whether an automatic
#: success waits for their next roll, the power boosts in force (in words), and what a power
#: boost can raise (``raise`` is a Python keyword: hence this spelling of the declaration).
PlotState = TypedDict(
    "PlotState",
    {"points": int, "automatic": bool, "boosts": list[str], "raise": list[str]},
)


class CardState(TypedDict):
    """A combatant's card (``RosterPart._card``)."""

    side: str
    group: bool
    aware: bool
    out: bool
    defeated: bool
    hidden: bool
    skipped: str | None
    vitals: VitalsState | None
    conditions: list[ConditionState]
    #: The sheet in one line.
    summary: str
    plot: PlotState | None
    #: A group's members up, and in all.
    members: tuple[int, int] | None


class CardError(TypedDict):
    """A refusal of one of a card's forms: whose card, which form, why."""

    name: str
    form: str
    message: str


class Editing(TypedDict):
    """The card being edited, and its sheet."""

    name: str
    sheet: dict[str, object]


class HandAction(TypedDict):
    """A change of the meter by hand (the encounter's ``hand_actions``)."""

    label: str
    command: str
    takes: str


class RosterState(PartState):
    """The combatants (``RosterPart``)."""

    round: int
    fields: list[SheetFieldState]
    form_error: FormError
    editing: Editing | Empty
    names: list[str]
    sides: list[str]
    current: str | None
    #: The order of play (``Encounter.order``): table mode lays the cards out in it.
    order: list[str]
    cards: dict[str, CardState]
    card_error: CardError | Empty
    by_hand: list[HandAction]
    plot_gains: list[tuple[str, str]]
    plot_spends: list[tuple[str, str]]
    #: The names of the game system's sample characters (``GameSystem.samples``).
    samples: list[str]


# -- files ----------------------------------------------------------------------------------------


class RuleOption(TypedDict):
    """A rule option as New fight asks for it, at its rule set's default."""

    name: str
    kind: Literal["flag", "number", "text"]
    default: bool | float | str


class RuleSetOffer(TypedDict):
    """A rule set New fight offers."""

    name: str
    #: What it follows.
    source: str
    options: list[RuleOption]


class FileEntry(TypedDict):
    """A fight file in the folder."""

    name: str
    size: int
    modified: float


class FilesState(PartState):
    """The fight's file (``FilesPart``)."""

    folder: str
    file: str
    autosave: str
    saved: bool
    status: str
    files: list[FileEntry]
    rules: str
    rule_sets: list[RuleSetOffer]
    form_error: FormError
    player_url: str


# -- log ------------------------------------------------------------------------------------------


class RuleText(TypedDict):
    """A rule a log line cites, in the project's own words (engine/rule_texts.py)."""

    #: As the line cites it: a seed's section, or the engine's ruling.
    name: str
    #: Where it comes from: 'seed 004, "Opposed Tasks"'.
    source: str
    #: The rule, paragraphs apart by a blank line.
    text: str
    #: The engine decided it, where the seeds say nothing.
    ruling: bool


class LogEntry(TypedDict):
    """One explained event."""

    #: 0 before the fight starts.
    round: int
    kind: str
    text: str
    #: How many commands came before the one that caused it.
    command: int
    #: The names of the rules it cites (their texts: ``rule_texts``).
    rules: NotRequired[list[str]]


class LogState(PartState):
    """The explained events (``LogPart``)."""

    commands: int
    can_undo: bool
    redo: int
    first: int
    entries: list[LogEntry]
    rule_texts: dict[str, RuleText]


# -- players ---------------------------------------------------------------------------------------


class PlayerLink(TypedDict):
    """One player character's own page: its address (token included) and its QR code (an SVG
    data URI), both "" until the GM makes a link; ``held``: their answer to a hit waiting for
    the GM's confirmation, in words ("" when none waits)."""

    name: str
    url: str
    qr: str
    held: str


class PlayersState(PartState):
    """Each player character's own page, for their phone (``PlayersPart``); ``confirm``: the GM
    confirms players' answers to hits before they apply."""

    players: list[PlayerLink]
    confirm: bool


# -- check ----------------------------------------------------------------------------------------


class VerdictState(TypedDict):
    """Whether an answer is right, why, and a hint."""

    right: bool
    why: str
    hint: str


class CheckState(PartState):
    """A question or task of the course (``CheckPart``)."""

    kind: Literal["choice", "number", "task"]
    title: str
    prompt: str
    choices: NotRequired[list[str]]
    unit: NotRequired[str]
    tries: int
    answered: float | None
    verdict: VerdictState | Empty
    solution: str


# -- forecast -------------------------------------------------------------------------------------


class Progress(TypedDict):
    done: int
    total: int


class ForecastSettings(TypedDict):
    n: int
    seed: int | None
    max_rounds: int


class ForecastLimits(TypedDict):
    max_rounds: int


class SideOdds(TypedDict):
    side: str
    win: float
    interval: tuple[float, float]


class CombatantOdds(TypedDict):
    name: str
    side: str
    out: float
    out_first: float
    left: float
    endurance: float


class ForecastResult(TypedDict):
    """A finished forecast (``Forecast.to_dict()`` in bpb_widgets/forecast/result.py)."""

    fights: int
    n: int
    seed: int
    complete: bool
    rules: str
    where: str
    max_rounds: int
    tactics: str
    #: What "left" counts: "Endurance" or "HP".
    measure: str
    sides: list[SideOdds]
    draw: float
    rounds: list[tuple[int, int]]
    combatants: list[CombatantOdds]
    first_out: str | None
    hit_rate: float
    hit_interval: tuple[float, float]
    seconds: float
    workers: int


class ForecastState(PartState):
    """A forecast run (``ForecastPart``)."""

    status: Literal["idle", "running", "done", "cancelled"]
    progress: Progress
    result: ForecastResult | Empty
    settings: ForecastSettings
    limits: ForecastLimits
    stale: bool


# -- the player view (bpb_widgets/player/projection.py) ------------------------------------------


class Reads(TypedDict):
    """A combatant's health as only how it reads ("unhurt", "hurt", "badly hurt", "out")."""

    reads: str


class ExactHealth(VitalsState):
    """A combatant's health in exact numbers (the players' side, or ``others_health="exact"``)."""

    reads: NotRequired[str]


#: A combatant's health as the players see it: exact numbers, or only how it reads.
PlayerHealth = Reads | ExactHealth


class PlayerCondition(TypedDict):
    """A condition as the players see it: ``until`` and ``by`` are "" when they would name
    someone hidden."""

    name: str
    until: str
    by: str


class PlayerCombatant(TypedDict):
    """One visible combatant (``projection._combatant``)."""

    side: str
    #: On the players' side: health in exact numbers.
    players: bool
    group: bool
    aware: bool
    #: Has taken their turn in the round shown.
    acted: bool
    delaying: bool
    out: bool
    conditions: list[PlayerCondition]
    health: PlayerHealth | None


class PlayerViewState(TypedDict):
    """What the players may see (``projection.project``): also the player part's state, which
    has no error line (the part takes no command)."""

    #: The game system.
    title: str
    started: bool
    #: The round shown (the last visible turn's, while a hidden one acts).
    round: int
    #: Whose turn the players see.
    current: str | None
    #: The visible combatants in the order of play.
    order: list[str]
    combatants: dict[str, PlayerCombatant]
