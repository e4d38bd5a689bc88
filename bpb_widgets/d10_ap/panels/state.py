"""The state of d10-ap's part, declared (see ``widgets/panels/state.py``)."""

from typing import TypedDict

from bpb_widgets.widgets.panels.state import Distribution, Empty, Exact, Moment, PartState


class D10Sheet(TypedDict):
    agb: int
    awarb: int
    traits: list[str]


class D10Selection(TypedDict):
    combatant: str


class SurpriseOdds(TypedDict):
    combatant: str
    #: AwarB plus the traits' modifier.
    awareness: int
    modifier: int
    surprised: Exact
    #: AP lost to surprise.
    distribution: Distribution


class ApOdds(TypedDict):
    combatant: str
    #: "Thugs' turn", possessive as the log writes it.
    turn: str
    agb: int
    penalty: int
    distribution: Distribution


class D10Preview(TypedDict):
    """A surprise check of the chosen combatant, and the AP dice of whoever's turn it is while
    they have not rolled them."""

    surprise: SurpriseOdds | None
    ap: ApOdds | None


class D10Result(Moment):
    """A surprise check (success: not surprised) or AP roll (success: any AP)."""

    lines: list[str]
    success: bool


class D10State(PartState):
    """Surprise and AP dice (``D10Part``)."""

    current: str | None
    sheets: dict[str, D10Sheet]
    selection: D10Selection | Empty
    preview: D10Preview
    result: D10Result | Empty
