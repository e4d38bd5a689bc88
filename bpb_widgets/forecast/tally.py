"""What a forecast keeps of its fights: counts and sums, added up as each fight ends, so memory
does not grow with the number of fights (and tallies from several processes add up)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Tally:
    """Counts over the fights simulated so far."""

    fights: int = 0
    #: Fights each side won (the last side with anyone in the fight).
    wins: Counter[str] = field(default_factory=Counter)
    #: Fights nobody won: the round limit came with two sides still in the fight.
    draws: int = 0
    #: Fights by how many rounds they lasted (from the round the forecast started in).
    rounds: Counter[int] = field(default_factory=Counter)
    #: Fights by who was first out of the fight ("" for nobody).
    first_out: Counter[str] = field(default_factory=Counter)
    #: Fights each combatant ended out of the fight.
    out: Counter[str] = field(default_factory=Counter)
    #: Endurance (or hit points) each combatant had left at the end, summed over the fights.
    left: Counter[str] = field(default_factory=Counter)
    #: Attack rolls made; hits rolled; hits that landed (not blocked or dodged).
    attacks: int = 0
    hits: int = 0
    landed: int = 0
    #: Blocks and dodges tried, and those that succeeded.
    defenses: int = 0
    defended: int = 0
    #: Plot points spent.
    plot_points: int = 0
    #: Turns taken (what the benchmark divides the time by).
    turns: int = 0

    def add(self, other: Tally) -> None:
        """Add ``other``'s counts to these."""
        self.fights += other.fights
        self.wins.update(other.wins)
        self.draws += other.draws
        self.rounds.update(other.rounds)
        self.first_out.update(other.first_out)
        self.out.update(other.out)
        self.left.update(other.left)
        self.attacks += other.attacks
        self.hits += other.hits
        self.landed += other.landed
        self.defenses += other.defenses
        self.defended += other.defended
        self.plot_points += other.plot_points
        self.turns += other.turns
