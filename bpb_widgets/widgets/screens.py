"""The widgets: each an anywidget showing one part of a fight, or all of them (``GMScreen``).

Every widget takes an encounter and follows it: several widgets on one encounter, and commands
run from Python, stay in step. The parts every fight shares (order of play, combatants, log,
files) are here; a game system's own parts (Bulletproof Blues' attack, block and dodge and task
roller; blackout's actions and initiative dice; d10-ap's surprise and AP dice) are declared in its
folder (``GameSystem.panels``), and a widget shows those of the roles it names.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from bpb_widgets.engine import Encounter
from bpb_widgets.errors import RuleError
from bpb_widgets.player.projection import View, ViewOptions, check_encounter
from bpb_widgets.widgets._host import Board, Host, Part, where
from bpb_widgets.widgets.panels.check import CheckPart, Choice, Number, Question, Task, Verdict
from bpb_widgets.widgets.panels.files import FilesPart
from bpb_widgets.widgets.panels.forecast import ForecastPart
from bpb_widgets.widgets.panels.log import LogPart
from bpb_widgets.widgets.panels.player import PlayerPart
from bpb_widgets.widgets.panels.players import PlayersPart
from bpb_widgets.widgets.panels.roster import RosterPart
from bpb_widgets.widgets.panels.strip import StripPart

if TYPE_CHECKING:  # the server needs tornado, which a Pyodide kernel (JupyterLite) lacks
    from bpb_widgets.player.server import PlayerServer

log = logging.getLogger(__name__)
W = TypeVar("W", bound="Widget")


class Widget(Host[Encounter[Any]]):
    """What every widget of a fight shares: a repr saying where the fight stands, and
    ``moment``."""

    @classmethod
    def moment(cls: type[W], encounter: Encounter[Any], **kwargs: Any) -> W:
        """This widget on a copy of the fight as it stands now: later commands leave it as it
        is, so a notebook that tells a fight step by step shows each step under its text (the
        copy plays on from there when clicked)."""
        return cls(Encounter.from_json(encounter.to_json()), **kwargs)

    def __repr__(self) -> str:
        enc = self.encounter
        return f"{type(self).__name__}({enc.rules.name}: {where(enc)}, {len(enc.names)} combatants)"


class TurnOrderStrip(Widget):
    """The order of play: the round, whose turn it is, every combatant's place and state, and
    the buttons that run a turn (Start, End turn, Delay, Undo, Redo ...)."""

    part_types = (StripPart,)


class Roster(Widget):
    """The combatants as cards (health as a meter, conditions with when they end, side), and
    adding, removing, defeating, hiding them."""

    part_types = (RosterPart,)


class AttackPanel(Widget):
    """An attack from setup to damage: Bulletproof Blues' attack with the target's answers, or
    blackout's actions, attack, damage and Vitality tests."""

    roles = frozenset({"attack"})
    shows = "an attack"


class DefensePanel(Widget):
    """Block or dodge (Bulletproof Blues), with the arithmetic, odds and cost first; it follows
    the hit waiting for an answer."""

    roles = frozenset({"defense"})
    shows = "block and dodge"


class DiceRoller(Widget):
    """The system's dice: Bulletproof Blues task rolls, blackout initiative dice, d10-ap surprise
    and AP dice, each with the exact odds charted before the roll."""

    roles = frozenset({"dice"})
    shows = "dice"


class EncounterLog(Widget):
    """Every event explained; undo back to an entry after a preview, redo all."""

    part_types = (LogPart,)


class FightFiles(Widget):
    """Save, Load and New fight, with the autosave file and its state."""

    part_types = (FilesPart,)


class ForecastPanel(Widget):
    """The fight forecast, to show beside the GM screen: who wins, in how many rounds, who drops
    first, from where the fight stands. It runs on a thread (the screen stays responsive), or
    where no thread can start (JupyterLite) a chunk of fights at a time on the event loop, with
    a progress bar and a Cancel button; ``panel.forecast`` is the last result as a Python
    ``Forecast``, ``panel.wait()`` waits for a running one."""

    part_types = (ForecastPart,)

    def _parts_for(self, encounter: Encounter[Any]) -> dict[str, Part[Any]]:
        """Every fight has a forecast panel (its encounter class need not name it); a fight the
        forecast cannot simulate is refused when Forecast is clicked, with the reason."""
        return {ForecastPart.key: ForecastPart(self, encounter)}

    def run(
        self, n: int | None = None, seed: int | None = None, max_rounds: int | None = None
    ) -> None:
        """Start a forecast from Python, as the Forecast button does (``wait()`` for it)."""
        try:
            self._forecast_part().run(n, seed, max_rounds)
        finally:
            self._flush()

    @property
    def forecast(self) -> Any:
        """The last finished forecast (a ``bpb_widgets.forecast.Forecast``), or None."""
        return self._forecast_part().forecast

    @property
    def running(self) -> bool:
        """Whether a forecast is running."""
        return self._forecast_part().running

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a running forecast to end; False if it is still running after ``timeout``."""
        return self._forecast_part().wait(timeout)

    def rebind(self, encounter: Encounter[Any]) -> None:
        self._forecast_part().stop()
        super().rebind(encounter)

    def close(self) -> None:
        parts = getattr(self, "_parts", {})
        if isinstance(parts.get(ForecastPart.key), ForecastPart):
            parts[ForecastPart.key].stop()
        super().close()

    def _forecast_part(self) -> ForecastPart:
        part = self.part(ForecastPart.key)
        assert isinstance(part, ForecastPart)
        return part


class GMScreen(Widget):
    """Everything to run a fight by clicks: the order of play across the top, the combatants,
    the attack, the dice, the log and the files, two columns that stack when the output is
    narrow. One anywidget, so it runs wherever anywidget does.

    ``GMScreen()`` alone starts an empty Bulletproof Blues fight: New fight offers every rule set
    and its options, the roster's form adds the combatants. ``autosave="fight.json"`` sets
    ``encounter.autosave``: every change rewrites that file atomically, so after a kernel crash
    ``Encounter.load("fight.json", autosave=True)`` brings the fight back exactly, undo history
    included. ``folder`` is where Save and Load look. Loading a fight or starting a new one
    replaces the encounter under the screen: ``screen.encounter``. "Open player page" (or
    ``screen.player_page.open(screen.encounter)``) serves the players' page, which follows it.
    """

    part_types: ClassVar[tuple[type[Part[Any]], ...]] = (
        StripPart,
        RosterPart,
        LogPart,
        FilesPart,
        PlayersPart,
    )
    roles = None  # every part of the fight's game system

    def __init__(
        self,
        encounter: Encounter[Any] | None = None,
        *,
        autosave: str | Path | None = None,
        folder: str | Path = ".",
        **kwargs: Any,
    ) -> None:
        if encounter is None:
            encounter = Encounter()
        if autosave is not None:
            encounter.autosave = autosave
        super().__init__(encounter, folder=folder, **kwargs)

    def _parts_for(self, encounter: Encounter[Any]) -> dict[str, Part[Any]]:
        """Every fight's screen has the Players part last (the players' own pages), whatever its
        system lists."""
        parts = super()._parts_for(encounter)
        parts[PlayersPart.key] = PlayersPart(self, encounter)
        return parts


class PlayerView(Widget):
    """What the players may see, for a second screen: the round, whose turn it is, the order of
    play, conditions and health (exact for the players' side, described for the others), and
    nothing of a hidden combatant (``enc.hide``), nor, by default, of one not yet aware of the
    fight. The projection is computed here; the front end receives only it and sends nothing.

    Show it in a second JupyterLab panel ("Create New View for Output"), or serve it as a page
    for a TV: ``view.serve()`` prints the URL (``view.stop()`` closes it). ``players`` names the
    players' side(s) (default: the sides of the player characters); ``others_health`` is how the
    others' health reads: "described" (unhurt / hurt / badly hurt / out), "exact" or "none";
    ``show_unaware=True`` shows combatants not yet aware of the fight. docs/player-view.md.
    """

    part_types = (PlayerPart,)

    def __init__(
        self,
        encounter: Encounter[Any],
        *,
        players: str | Sequence[str] | AbstractSet[str] | None = None,
        others_health: str = "described",
        show_unaware: bool = False,
        **kwargs: Any,
    ) -> None:
        self.options = ViewOptions.checked(players, others_health, show_unaware)
        self.server: PlayerServer | None = None
        self._confirm = False
        super().__init__(check_encounter(encounter), **kwargs)

    def _parts_for(self, encounter: Encounter[Any]) -> dict[str, Part[Any]]:
        """Every encounter has a player view, whatever its screen's panels."""
        part = PlayerPart(self, encounter)
        part.options = self.options
        return {part.key: part}

    @property
    def view(self) -> View:
        """What the players see now (the part's state)."""
        return self.part("player").state

    def __repr__(self) -> str:
        view = self.view
        where = (
            f"round {view['round']}, {view['current']} to act" if view["started"] else "not started"
        )
        return f"PlayerView({where}, {len(view['order'])} shown)"

    def _on_message(self, _widget: object, msg: object, _buffers: object) -> None:
        """The player view takes no command: whatever its front end sends is ignored."""
        log.warning("PlayerView: ignored a message from the front end (it takes no command)")

    def serve(self, host: str = "127.0.0.1", port: int = 0, *, quiet: bool = False) -> str:
        """Serve the view as a read-only page (for a TV browser on the same network: pass
        ``host="0.0.0.0"``) and print its URL, token included; returns the URL. Serving again
        replaces the server (a new URL and token; the old ones are refused), and so does serving
        another view of the same fight with the same options (a notebook cell run again). Behind
        JupyterHub or Binder the URL goes through jupyter-server-proxy (``bpb_widgets.player.hub``;
        docs/player-view.md)."""
        self.stop()
        from bpb_widgets.player import hub
        from bpb_widgets.player.server import PlayerServer

        for same in PlayerServer.serving(self.encounter, self.options):
            same.stop()

        self.server = PlayerServer(self.encounter, self.options, host=host, port=port)
        self.server.confirm = self._confirm
        proxied = hub.proxied_url(self.server.port, self.server.token)
        url = proxied or self.server.url
        if not quiet:
            print(f"Player view: {url}")
            if proxied is not None and not hub.proxy_installed():
                print("(behind JupyterHub: install jupyter-server-proxy where Jupyter runs)")
        return url if quiet else _Printed(url)

    def link(self, name: str) -> str:
        """A page of its own for the player of ``name`` (a visible character of the players'
        side), for their phone: its URL, with a token of its own (serving the view first, quietly,
        if it is not served). A new link for the same character replaces the old one. The page
        shows what the shared page shows, plus that character's sheet, health, plot points and
        conditions, and offers what they may do (answer a hit; on their turn attack, end or
        delay it), checked in the kernel as it arrives (docs/player-view.md, "A page per
        player"); ``confirm_answers`` holds their answers for the GM's ``confirm``."""
        if self.server is None or not self.server.running:
            self.serve(quiet=True)
        assert self.server is not None
        url = self.server.link(name)
        from bpb_widgets.player import hub

        proxied = hub.proxied_url(self.server.port, self.server.token)
        if proxied is not None:
            return proxied.split("?", 1)[0] + url.split("/", 3)[3]
        return url

    @property
    def confirm_answers(self) -> bool:
        """Whether a player's answer to a hit, sent from their own page, waits for the GM's
        ``confirm`` (or ``refuse``) instead of applying at once (docs/player-view.md,
        "Confirm")."""
        return self._confirm

    @confirm_answers.setter
    def confirm_answers(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise RuleError(f"confirm_answers is True or False, not {on!r:.60}.")
        self._confirm = on
        if self.server is not None:
            self.server.confirm = on

    @property
    def held(self) -> dict[str, str]:
        """The players' answers waiting for the GM, in words, by character."""
        server = self.server
        return {name: h.words for name, h in server.held.items()} if server is not None else {}

    def confirm(self, name: str) -> None:
        """Apply the answer waiting from ``name``'s phone (refused if the fight moved on)."""
        self._served().confirm_answer(name)

    def refuse(self, name: str) -> None:
        """Drop the answer waiting from ``name``'s phone: their page offers the answers again."""
        self._served().refuse_answer(name)

    def _served(self) -> PlayerServer:
        if self.server is None:
            raise RuleError("The player view is not served: no player's page sends answers.")
        return self.server

    def stop(self) -> None:
        """Close the page's server (if serving)."""
        server, self.server = self.server, None
        if server is not None:
            server.stop()

    def rebind(self, encounter: Encounter[Any]) -> None:
        """Show another encounter (a fight the GM screen loaded), served at the same address."""
        super().rebind(check_encounter(encounter))
        if self.server is not None:
            self.server.follow(encounter)

    def close(self) -> None:
        """Stop serving, stop following the encounter, close the comm."""
        if getattr(self, "server", None) is not None:
            self.stop()
        super().close()


class Check(Board[CheckPart]):
    """A check for a learner working through the course: a question to answer before the notebook
    reveals it, one of some choices (``Check.choice``) or a number (``Check.number``), or a small
    task done on a fight and checked against the engine (``Check.task``). Every answer is told
    right or wrong and why, a wrong one with a hint; after a wrong one, "Show the answer" (or, for
    a task, "Show me": the task done on the fight, from where it began)."""

    def __init__(self, question: Question, **kwargs: Any) -> None:
        super().__init__({CheckPart.key: CheckPart(self, question)}, **kwargs)

    @classmethod
    def choice(
        cls,
        prompt: str,
        choices: Sequence[str],
        *,
        answer: str,
        why: str,
        wrong: Mapping[str, str],
        hint: str,
    ) -> Check:
        """Which of ``choices`` is right: ``answer``; ``why`` it is, ``wrong`` why each other
        choice is not, ``hint`` after a wrong one."""
        return cls(Choice(prompt, choices, answer, why, hint, wrong))

    @classmethod
    def number(
        cls,
        prompt: str,
        *,
        answer: float,
        why: str,
        hint: str,
        unit: str = "",
        tolerance: float = 0,
        wrong: Mapping[float, str] | None = None,
    ) -> Check:
        """A number to predict: ``answer`` (within ``tolerance``); ``wrong`` says why a tempting
        wrong number is wrong."""
        return cls(Number(prompt, answer, why, hint, unit, tolerance, wrong or {}))

    @classmethod
    def task(
        cls,
        prompt: str,
        encounter: Encounter[Any],
        *,
        missing: Callable[[Encounter[Any]], str | None],
        solve: Callable[[Encounter[Any]], object],
        why: str,
        hint: str,
        how: str,
    ) -> Check:
        """Something to do on ``encounter``: ``missing(encounter)`` says what is still missing
        (None: done), ``solve(encounter)`` does it and ``how`` says the steps."""
        return cls(Task(prompt, encounter, missing, solve, why, hint, how))

    @property
    def question(self) -> Question:
        """What this check asks."""
        return self.part(CheckPart.key).question

    @property
    def verdict(self) -> Verdict | None:
        """The verdict on the last answer (None before any)."""
        told = self.part(CheckPart.key).state["verdict"]
        return Verdict(**told) if told else None

    def __repr__(self) -> str:
        prompt = self.question.prompt
        shown = prompt if len(prompt) <= 60 else prompt[:59].rstrip() + "…"
        return f"Check({self.question.kind}: {shown})"


class _Printed(str):
    """A URL ``serve`` has printed already: a notebook does not echo it a second time."""

    __slots__ = ()

    def _ipython_display_(self) -> None:
        """Shown once, by the print."""
