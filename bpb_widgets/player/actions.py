"""What one player may do from their own page (a phone), and doing it: checked in the kernel, on
the thread that owns the fight, against the engine at the moment the action arrives.

A player acts only for their own character, and only:

- **on their turn**: Attack (one of their sheet's attacks, at a target the GM's attack panel
  would offer them, with its odds), End turn, Delay; **holding a delayed turn**: Take delayed
  turn;
- **when their character is hit**: the answers the GM's attack panel offers (Block, Dodge, Dive
  for cover, Take the hit), with the same odds and cost.

A game system offers the answers as ``HIT_ANSWERS`` and the attacks as ``TURN_ATTACKS``, beside
the ``PARTS`` of its panels module (Bulletproof Blues' ``bpb/panels/phone.py`` reuses its attack
panel's previews).

Nothing else: never another character's action, never anything while a hidden combatant acts
(the player's page is kept as it was, so it does not show that a hidden turn goes on: the GM
answers in their place), never a hidden combatant as a target, never undo or the roster. Every
action carries the ``stamp`` of the page it was offered on: the version of that player's view
(``server.Feed``), which moves on only with what that player sees (a change hidden from them moves
nothing, not even its timing), never repeats (not even after an undo), and is taken once; a stale
or replayed action is refused. An action is first ``check``ed (a ``Planned`` command, or a
``RuleError``), then ``run`` as ``enc.from_player(name, command, args)``: the log says who sent
it. Between the two, the GM may hold an answer for their confirmation (``PlayerServer.confirm``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from bpb_widgets.engine import Encounter
from bpb_widgets.engine.game_system import GameSystem
from bpb_widgets.errors import RuleError

#: A player's turn actions: the engine's command and its arguments, by the action's name.
TURN = {"end_turn": "End turn", "delay": "Delay", "take_delayed": "Take delayed turn"}
#: The action that attacks, with one of the player's attacks (``attack``) at a ``target``.
ATTACK = "attack"
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


class TurnAttacks(Protocol):
    """A game system's attacks for a player's own page, on their turn."""

    def offer(self, enc: Encounter[Any], name: str, targets: list[str]) -> dict[str, Any] | None:
        """``name``'s attacks (from their sheet) at each of ``targets``, with the odds the GM's
        attack panel shows: ``attacks`` (each with its ``name``), ``targets``, ``odds`` by attack
        and target; or None when they have no attack to make from the phone."""
        ...

    def command(
        self,
        enc: Encounter[Any],
        name: str,
        attack: str,
        target: str,
        dice: list[int] | None,
        plot_point: bool = False,
    ) -> tuple[str, dict[str, Any]]:
        """The engine command (and its arguments) the GM's Attack button runs for ``name``
        attacking ``target`` with ``attack``."""
        ...


def _declared(enc: Encounter[Any], what: str) -> Any:
    """What ``enc``'s game system declares as ``what`` beside the ``PARTS`` of its panels
    module, if anything."""
    system = GameSystem.find(enc)
    module = system.panel_module() if system is not None else None
    return getattr(module, what, None)


def hit_answers(enc: Encounter[Any]) -> HitAnswers | None:
    """The hit answers of ``enc``'s game system, if it offers any (``HIT_ANSWERS``)."""
    answers: HitAnswers | None = _declared(enc, "HIT_ANSWERS")
    return answers


def turn_attacks(enc: Encounter[Any]) -> TurnAttacks | None:
    """The attacks from the phone of ``enc``'s game system, if it offers any
    (``TURN_ATTACKS``)."""
    attacks: TurnAttacks | None = _declared(enc, "TURN_ATTACKS")
    return attacks


def moment(enc: Encounter[Any]) -> str:
    """The moment of the fight an answer the GM holds was given at: its turn, log length and
    undo depth (any command moves it; the GM's side only, never sent to a page)."""
    return f"{enc.turns}.{len(enc.log)}.{enc.undoable}"


def targets(enc: Encounter[Any], name: str, shown: set[str]) -> list[str]:
    """Whom ``name`` may attack from their phone: those the GM's attack panel offers
    (``ChoosingAttack.first_foe`` is the first of them with nobody hidden), but never anyone
    hidden from the players or out of the fight; foes (another side) first."""
    side = enc.side_of(name)
    others = [n for n in enc.names if n != name and n in shown and not enc.turn_state(n).out]
    foes = [n for n in others if not side or enc.side_of(n) != side]
    return foes + [n for n in others if n not in foes]


def offer(
    enc: Encounter[Any], name: str, shown: set[str], held: str | None = None
) -> dict[str, Any]:
    """What ``name`` may do now: turn actions, an attack, the answers to a hit waiting for them,
    the answer of theirs the GM holds (``held``, its words), and the ``stamp`` an action must
    carry (set by the page's ``Feed``: empty here). Nothing while someone not ``shown`` acts."""
    current = enc.current
    turn: list[str] = []
    hit: dict[str, Any] | None = None
    attack: dict[str, Any] | None = None
    if name in shown and (current is None or current in shown):
        answers = hit_answers(enc)
        hit = answers.offer(enc, name) if answers is not None else None
        state = enc.turn_state(name)
        if hit is None:
            if current == name:
                turn = ["end_turn", "delay"]
                attacks = turn_attacks(enc)
                attack = (
                    attacks.offer(enc, name, targets(enc, name, shown))
                    if attacks is not None
                    else None
                )
            elif state.delaying and enc.started:
                turn = ["take_delayed"]
        if hit is not None and not _only(hit, shown, enc):
            hit = None
        if attack is not None and not _only(attack, shown, enc):
            attack = None
    return {
        "turn": turn,
        "attack": attack,
        "hit": hit,
        "held": held if hit is not None else None,
        "stamp": "",
    }


def _only(value: object, shown: set[str], enc: Encounter[Any]) -> bool:
    """Whether ``value`` names nobody but those ``shown`` (an offer's text never names a hidden
    combatant: such an offer is not made at all)."""
    hidden = [n.casefold() for n in enc.names if n not in shown]
    if not hidden:
        return True
    text = json.dumps(value, ensure_ascii=False).casefold()
    return not any(n in text for n in hidden)


@dataclass(frozen=True, slots=True)
class Planned:
    """An action checked and ready to run: ``player``'s ``command`` with its ``args``;
    ``answer``: it answers a hit (the GM may hold it for confirmation); ``words``: what the GM
    reads of it ("Block, dice 4 3")."""

    player: str
    command: str
    args: dict[str, Any]
    answer: bool
    words: str


def check(enc: Encounter[Any], name: str, shown: set[str], body: Mapping[str, Any]) -> Planned:
    """What ``name``'s page asks (``body``: ``action``, optional ``dice`` and ``plot_point``; to
    attack, ``attack`` and ``target``), if it is offered now; else a ``RuleError``. Nothing
    changes either way. (Its ``stamp``, the page it was offered on, is the server's to check.)"""
    action = body.get("action")
    dice = body.get("dice")
    if not isinstance(action, str):
        raise RuleError("An action names what to do.")
    if dice is not None and (
        not isinstance(dice, list)
        or len(dice) > MAX_DICE
        or not all(type(d) is int and 1 <= d <= 20 for d in dice)
    ):
        raise RuleError("Dice are a short list of the numbers the dice show.")
    plot_point = body.get("plot_point", False)
    if not isinstance(plot_point, bool):
        raise RuleError("plot_point is true or false.")
    now = offer(enc, name, shown)
    if action in TURN:
        if action not in now["turn"]:
            raise RuleError(f"{name} cannot {TURN[action].lower()} now.")
        args = {"name": name} if action == "take_delayed" else {}
        return Planned(name, action, args, False, TURN[action])
    if action == ATTACK:
        return _attack(enc, name, now["attack"], body, dice, plot_point)
    hit = now["hit"]
    if hit is None or action not in hit.get("offered", ()):
        raise RuleError(f"{name} has no hit to answer with {action!r:.20} now.")
    answers = hit_answers(enc)
    assert answers is not None
    command, args = answers.command(enc, name, action, dice, plot_point)
    label = str(hit.get("labels", {}).get(action, action))
    words = [label]
    if plot_point:
        words.append("spending a plot point")
    if dice:
        words.append("dice " + " ".join(map(str, dice)))
    return Planned(name, command, args, True, ", ".join(words))


def _attack(
    enc: Encounter[Any],
    name: str,
    offered: Mapping[str, Any] | None,
    body: Mapping[str, Any],
    dice: list[int] | None,
    plot_point: bool,
) -> Planned:
    """``name``'s attack, if the page offers it now: one of the attacks and targets offered."""
    attack, target = body.get("attack"), body.get("target")
    if offered is None:
        raise RuleError(f"{name} cannot attack now.")
    if not isinstance(attack, str) or attack not in [a["name"] for a in offered["attacks"]]:
        raise RuleError(f"{name} has no attack called {attack!r:.40} to make now.")
    if not isinstance(target, str) or target not in offered["targets"]:
        raise RuleError(f"{name} cannot attack {target!r:.40} now.")
    attacks = turn_attacks(enc)
    assert attacks is not None
    command, args = attacks.command(enc, name, attack, target, dice, plot_point)
    return Planned(name, command, args, False, f"Attack {target} with {attack}")


def run(enc: Encounter[Any], planned: Planned) -> None:
    """Do what was ``planned``, as sent from its player's phone (the log says so)."""
    enc.from_player(planned.player, planned.command, planned.args, answer=planned.answer)
