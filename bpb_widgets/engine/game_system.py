"""What a game system adds to the toolkit, declared once, in its own folder.

A game system is a folder ``bpb_widgets/<system>/`` (or any package of one's own) whose
``system.py`` declares a :class:`GameSystem`: its encounter class (which names its rule sets and
options, its sheet fields, the parts of its GM screen and its hooks), the module of its own GM
screen parts (each a ``Part`` with its JavaScript renderer beside it), the module of its
forecast model or the reason it has none, and its sample characters. The GM screen, the
single-part widgets, the forecast runner, the front-end bundle and the tests read these
declarations: nothing outside the folder lists the systems or asks which one a fight follows.

>>> from bpb_widgets.engine.game_system import GameSystem
>>> from bpb_widgets import Encounter
>>> GameSystem.of(Encounter(rules="blackout")).panels
'bpb_widgets.blackout.panels'
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bpb_widgets.engine.encounter import Encounter

#: The package whose folders with a ``system.py`` are the built-in game systems.
PACKAGE = "bpb_widgets"
_DECLARED: dict[type[Any], GameSystem] = {}


@dataclass(frozen=True)
class GameSystem:
    """Everything one game system adds beside its encounter class.

    ``panels`` names the module holding the system's own parts of a GM screen (the widgets import
    it when they show one of its fights; "" when it has none and the shared parts do); each part
    there is a ``Part`` subclass whose renderer is ``<module folder>/<key>.js``. ``forecast``
    names the module of its forecast model (``fork(encounter, tactics)``, docs/forecast.md), or
    ``no_forecast`` says in a GM's words why its fights cannot be forecast. ``samples`` is a
    character file in its package (``"data/characters.json"``, docs/characters.md): sample
    characters a GM adds from the roster.
    """

    encounter: type[Encounter[Any]]
    panels: str = ""
    forecast: str = ""
    no_forecast: str = ""
    samples: str = ""

    def __post_init__(self) -> None:
        if bool(self.forecast) == bool(self.no_forecast):
            raise TypeError(
                f"{self.encounter.__name__}: a system names its forecast model or says why it "
                "has none (no_forecast), not both."
            )
        if self.encounter in _DECLARED:
            raise TypeError(f"{self.encounter.__name__} is declared twice.")
        _DECLARED[self.encounter] = self

    @property
    def package(self) -> str:
        """The package the system lives in (its encounter class's): ``bpb_widgets.bpb``."""
        return self.encounter.__module__.rpartition(".")[0]

    @staticmethod
    def find(encounter: Encounter[Any] | type[Encounter[Any]]) -> GameSystem | None:
        """The declaration of the system ``encounter`` (a fight or its class) follows: its own
        class's, else the nearest base class's (a house subclass keeps its system's parts);
        None for a class of no declared system."""
        cls = encounter if isinstance(encounter, type) else type(encounter)
        return next((_DECLARED[base] for base in cls.__mro__ if base in _DECLARED), None)

    @staticmethod
    def of(encounter: Encounter[Any] | type[Encounter[Any]]) -> GameSystem:
        """``find``, for a fight that must belong to a declared system (a ``LookupError``
        otherwise)."""
        system = GameSystem.find(encounter)
        if system is None:
            cls = encounter if isinstance(encounter, type) else type(encounter)
            raise LookupError(f"{cls.__name__} belongs to no declared game system (system.py).")
        return system

    def sample_sheets(self) -> tuple[dict[str, Any], ...]:
        """The system's sample characters, read from its character file (none when it declares
        no file)."""
        if not self.samples:
            return ()
        text = resources.files(self.package).joinpath(self.samples).read_text(encoding="utf-8")
        return tuple(self.encounter.sheets_from_json(text))

    def panel_module(self) -> ModuleType | None:
        """The module of this system's own parts (imported now), or None."""
        return importlib.import_module(self.panels) if self.panels else None

    def forecast_module(self) -> ModuleType | None:
        """The module of this system's forecast model (imported now), or None."""
        return importlib.import_module(self.forecast) if self.forecast else None


def declared() -> tuple[GameSystem, ...]:
    """Every declared game system: the built-in ones and any other imported so far."""
    discover()
    return tuple(_DECLARED.values())


def discover() -> None:
    """Import every built-in system's declaration: each folder of ``bpb_widgets`` with a
    ``system.py``. Adding a system adds a folder; no list elsewhere names it."""
    root = Path(importlib.import_module(PACKAGE).__path__[0])
    for info in pkgutil.iter_modules([str(root)]):
        if info.ispkg and (root / info.name / "system.py").is_file():
            importlib.import_module(f"{PACKAGE}.{info.name}.system")
