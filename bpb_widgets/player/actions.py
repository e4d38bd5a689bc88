"""What one player may do from their own page (a phone), and doing it: checked in the kernel, on
the thread that owns the fight, against the engine at the moment the action arrives.

A player acts only for their own character, and only:

- **on their turn**: End turn, Delay; **holding a delayed turn**: Take delayed turn;
- **when their character is hit**: the answers the GM's attack panel offers (Block, Dodge, Dive
  for cover, Take the hit), with the same odds and cost; a game system offers them as
  ``HIT_ANSWERS`` beside the ``PARTS`` of its panels module (Bulletproof Blues'
  ``bpb/panels/phone.py`` reuses its attack panel's preview).

Nothing else: never another character's action, never anything while a hidden combatant acts
(the player's page is kept as it was, so it does not show that a hidden turn goes on: the GM
answers in their place), never undo or the roster. Every action carries the ``stamp`` of the
fight it was offered on; the fight moves on with any command, so a stale or replayed action is
refused, and a link never takes the same stamp twice (not even after an undo). An action runs as
``enc.from_player(name, command, args)``: the log says who sent it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from bpb_widgets.engine import Encounter
from bpb_widgets.engine.game_system import GameSystem
from bpb_widgets.errors import RuleError

#: A player's turn actions: the engine's command and its arguments, by the action's name.
TURN = {"end_turn": "End turn", "delay": "Delay", "take_delayed": "Take delayed turn"}
#: The longest list of physical dice an answer may carry.
MAX_DICE = 6


class HitAnswers(Protocol):
    """A game system's answers to a hit, for the target's own page."""

    def offer(self, enc: Encounter[Any], name: str) -> dict[str, Any] | None:
        """The answers to the hit waiting for ``name`` (odds and cost, as the GM's attack panel
        shows them), or None when no hit waits for them."""
        ...

    def command(
        self,
        enc: Encounter[Any],
        name: str,
        how: str,
        dice: list[int] | None,
        plot_point: bool = False,
    ) -> tuple[str, dict[str, Any]]:
        """The engine command (and its arguments) that answers the hit on ``name`` ``how``
        (``plot_point``: an automatic success bought with a plot point)."""
        ...


def hit_answers(enc: Encounter[Any]) -> HitAnswers | None:
    """The hit answers of ``enc``'s game system, if it offers any: ``HIT_ANSWERS`` beside the
    ``PARTS`` of its panels module."""
    system = GameSystem.find(enc)
    module = system.panel_module() if system is not None else None
    answers: HitAnswers | None = getattr(module, "HIT_ANSWERS", None)
    return answers


def stamp(enc: Encounter[Any]) -> str:
    """What an action is offered on: the fight's turn and log length (any command moves it)."""
    return f"{enc.turns}.{len(enc.log)}.{enc.undoable}"


def offer(enc: Encounter[Any], name: str, shown: set[str]) -> dict[str, Any]:
    """What ``name`` may do now: turn actions, the answers to a hit waiting for them, and the
    stamp an action must carry. Nothing while someone not ``shown`` acts."""
    current = enc.current
    turn: list[str] = []
    hit: dict[str, Any] | None = None
    if name in shown and (current is None or current in shown):
        answers = hit_answers(enc)
        hit = answers.offer(enc, name) if answers is not None else None
        state = enc.turn_state(name)
        if hit is None:
            if current == name:
                turn = ["end_turn", "delay"]
            elif state.delaying and enc.started:
                turn = ["take_delayed"]
        if hit is not None and not _only(hit, shown, enc):
            hit = None
    return {"turn": turn, "hit": hit, "stamp": stamp(enc)}


def _only(value: object, shown: set[str], enc: Encounter[Any]) -> bool:
    """Whether ``value`` names nobody but those ``shown`` (a hit's text never names a hidden
    combatant: such an offer is not made at all)."""
    hidden = [n.casefold() for n in enc.names if n not in shown]
    if not hidden:
        return True
    import json

    text = json.dumps(value, ensure_ascii=False).casefold()
    return not any(n in text for n in hidden)


def perform(enc: Encounter[Any], name: str, shown: set[str], body: Mapping[str, Any]) -> None:
    """Do what ``name``'s page asks (``body``: ``action``, ``stamp``, optional ``dice`` and
    ``plot_point``), if it
    is offered now; else a ``RuleError``, and nothing changes."""
    action = body.get("action")
    given = body.get("stamp")
    dice = body.get("dice")
    if not isinstance(action, str) or not isinstance(given, str):
        raise RuleError("An action names what to do and the fight it was offered on.")
    if dice is not None and (
        not isinstance(dice, list)
        or len(dice) > MAX_DICE
        or not all(type(d) is int and 1 <= d <= 20 for d in dice)
    ):
        raise RuleError("Dice are a short list of the numbers the dice show.")
    plot_point = body.get("plot_point", False)
    if not isinstance(plot_point, bool):
        raise RuleError("plot_point is true or false.")
    if given != stamp(enc):
        raise RuleError("The fight has moved on: look again.")
    now = offer(enc, name, shown)
    if action in TURN:
        if action not in now["turn"]:
            raise RuleError(f"{name} cannot {TURN[action].lower()} now.")
        args = {"name": name} if action == "take_delayed" else {}
        enc.from_player(name, action, args)
        return
    hit = now["hit"]
    if hit is None or action not in hit.get("offered", ()):
        raise RuleError(f"{name} has no hit to answer with {action!r:.20} now.")
    answers = hit_answers(enc)
    assert answers is not None
    command, args = answers.command(enc, name, action, dice, plot_point)
    enc.from_player(name, command, args, answer=True)
