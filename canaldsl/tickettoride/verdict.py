"""What the referee says of one turn: legal or not, every rule broken, and what it did.

A legal turn is explained (:class:`TurnReport`: cards drawn or paid, the track claimed, points,
trains left, tickets kept); an illegal one lists every :class:`~canaldsl.verdicts.Violation`
at the span of the step that broke it and changes nothing. Rules that could not be checked
because something is not known are listed too (:class:`Unchecked`): nothing is guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from canaldsl.diagnostics import Span
from canaldsl.tickettoride.board import Ticket
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import Colour, PlayerColour
from canaldsl.tickettoride.position import Position
from canaldsl.verdicts import Violation


@dataclass(frozen=True)
class Unchecked:
    """A rule not checked on a step, and the unknown it would need."""

    rule: str
    span: Span
    reason: str


@dataclass(frozen=True)
class TurnReport:
    """What a turn did (for a legal turn, what it would have done for an illegal one as far
    as it got). Card lists hold None for a card not known."""

    player: PlayerColour
    action: str
    cards_drawn: tuple[Colour | None, ...] = ()
    track: str | None = None
    cards_paid: Cards | None = None
    points: int = 0
    trains_left: int | None = None
    tickets_drawn: int | None = None
    tickets_kept: tuple[Ticket, ...] | None = None
    kept_count: int | None = None
    tickets_completed: tuple[Ticket, ...] = ()
    last_round_started: bool = False
    game_over: bool = False
    notes: tuple[str, ...] = ()

    def summary(self) -> str:
        """One line: what the turn did."""
        parts: list[str] = [f"{self.player} {self.action}"]
        if self.action == "draws train cards":
            parts.append(", ".join(str(c) if c else "an unseen card" for c in self.cards_drawn))
        if self.track:
            paid = "cards not known" if self.cards_paid is None else str(self.cards_paid)
            parts.append(f"{self.track} with {paid}: {self.points} points")
        if self.trains_left is not None:
            parts.append(f"{self.trains_left} trains left")
        if self.tickets_completed:
            parts.append("completes " + ", ".join(map(str, self.tickets_completed)))
        if self.tickets_kept is not None:
            parts.append("keeps " + (", ".join(map(str, self.tickets_kept)) or "nothing"))
        elif self.kept_count is not None:
            parts.append(f"keeps {self.kept_count} of {self.tickets_drawn}")
        if self.last_round_started:
            parts.append("the last round begins")
        if self.game_over:
            parts.append("the game is over")
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player.value,
            "action": self.action,
            "cards_drawn": [c.value if c else None for c in self.cards_drawn],
            "track": self.track,
            "cards_paid": None
            if self.cards_paid is None
            else {c.value: n for c, n in self.cards_paid.items()},
            "points": self.points,
            "trains_left": self.trains_left,
            "tickets_drawn": self.tickets_drawn,
            "tickets_kept": None
            if self.tickets_kept is None
            else [str(t) for t in self.tickets_kept],
            "tickets_completed": [str(t) for t in self.tickets_completed],
            "last_round_started": self.last_round_started,
            "game_over": self.game_over,
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class Verdict:
    """The referee's answer for one turn. ``after`` is ``before`` when the turn is illegal."""

    before: Position
    after: Position
    violations: tuple[Violation, ...]
    report: TurnReport
    unchecked: tuple[Unchecked, ...] = field(default=())

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def rules_broken(self) -> tuple[str, ...]:
        """The ids of the rules broken, each once, in the order first found."""
        return tuple(dict.fromkeys(v.rule for v in self.violations))
