"""What the engine says of a turn: legal or not, and what happened, step by step.

A report is built while the turn is played and explains a legal turn in the players' terms:
what each player took, the cards stolen and drawn, each vote's plays, winner and prize, the
number totals, and the round's end. The same report lists the broken rules of an illegal turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from canaldsl.canalgrande.bag import Bag
from canaldsl.canalgrande.cards import Card, District
from canaldsl.canalgrande.position import Offer, Position
from canaldsl.verdicts import Violation


@dataclass(frozen=True)
class VoteReport:
    """One vote: who owned the doge, who challenged, the district, its plays in order (who,
    and the cards put down), the winner and prize, and what each discarded or took back."""

    owner: str
    challenger: str | None
    district: District | None
    plays: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    winner: str | None = None
    prize: District | None = None
    winner_discards: Bag[Card] = field(default_factory=Bag)
    loser_discards: Bag[Card] = field(default_factory=Bag)
    loser_back: Bag[Card] = field(default_factory=Bag)
    passed: str | None = None
    """Who passed to end the vote (None: the record stops without a pass)."""
    refused: str | None = None
    """Why the vote does not count (its turn or the disputed vote is illegal: the first rule
    broken, with line and column); None for a vote that stands. A refused vote has no winner."""

    def as_refused(self, why: str) -> VoteReport:
        """The vote as it must be drawn when its turn is illegal: its plays, no winner."""
        return replace(
            self, winner=None, prize=None, winner_discards=Bag(), loser_discards=Bag(),
            loser_back=Bag(), refused=why,
        )  # fmt: skip

    def counts(self) -> dict[str, int]:
        """District cards each player put down, in the order they first played."""
        out: dict[str, int] = {}
        for name, cards in self.plays:
            out[name] = out.get(name, 0) + sum(1 for c in cards if c.is_district)
        return out

    def describe(self) -> str:
        if self.challenger is None:
            return f"{self.owner}'s doge is discarded: neither player holds a district card"
        counts = self.counts()
        score = ", ".join(f"{name} {count}" for name, count in counts.items())
        head = f"vote over {self.district} called by {self.owner}'s doge"
        if self.challenger != self.owner:
            head += f" ({self.challenger} challenges: {self.owner} holds no district card)"
        if self.winner is None:
            return f"{head}: no card put down"
        loser = next((name for name in counts if name != self.winner), None)
        text = f"{head}: {self.winner} wins ({score}) and takes a {self.prize} prize"
        if self.winner_discards:
            text += f"; {self.winner} discards {self.winner_discards.describe()}"
        if loser is not None and self.loser_discards:
            text += f"; {loser} discards {self.loser_discards.describe()}"
        if loser is not None and self.loser_back:
            text += f" and takes back {self.loser_back.describe()}"
        return text


@dataclass
class PhaseReport:
    """One player's part of a turn (or of a round's end): what was taken and done."""

    player: str
    took: Offer | None = None
    stolen: list[tuple[str, Card | None]] = field(default_factory=list)
    spy_draws: list[tuple[Card, ...]] = field(default_factory=list)
    votes: list[VoteReport] = field(default_factory=list)
    unused: Bag[Card] = field(default_factory=Bag)

    def describe(self) -> list[str]:
        lines = []
        if self.took is not None:
            lines.append(f"{self.player} takes {self.took.describe()}")
        for source, card in self.stolen:
            taken = f"takes a {card}" if card is not None else "takes nothing"
            lines.append(f"{self.player} {taken} from the opponent ({source})")
        for drawn in self.spy_draws:
            cards = ", ".join(str(c) for c in drawn) or "nothing"
            lines.append(f"{self.player}'s spy draws {cards}")
        lines.extend(vote.describe() for vote in self.votes)
        if self.unused:
            lines.append(f"{self.player} does not use {self.unused.describe()} (discarded)")
        return lines


@dataclass
class RoundEndReport:
    """A round's end: the totals, who drew (and what), who splits next."""

    totals: tuple[int, int]
    drawer: str
    splitter: str
    draw: PhaseReport | None = None
    drawn: tuple[Card, ...] = ()

    def describe(self) -> list[str]:
        lines = [
            f"the round ends ({self.totals[0]} and {self.totals[1]}); {self.drawer} has the "
            f"round-end draw, {self.splitter} splits next; totals back to 0"
        ]
        if self.drawn:
            lines.append(f"{self.drawer} draws {', '.join(str(c) for c in self.drawn)}")
        elif self.draw is None:
            lines.append(f"{self.drawer} does not draw")
        if self.draw is not None:
            lines.extend(line for line in self.draw.describe())
        return lines


@dataclass
class TurnReport:
    """A judged turn: the rules it breaks (empty: legal), what happened, and the position
    before and after (after an illegal turn the game stays as it was before)."""

    before: Position
    violations: list[Violation] = field(default_factory=list)
    phases: list[PhaseReport] = field(default_factory=list)
    round_end: RoundEndReport | None = None
    played: Position | None = None
    winner: str | None = None

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def after(self) -> Position:
        """The position after the turn: as played when legal, unchanged when not."""
        if self.legal and self.played is not None:
            return self.played
        return self.before

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(v.rule for v in self.violations)

    def describe(self) -> list[str]:
        """The turn explained, one line per thing that happened (or per broken rule)."""
        if not self.legal:
            return [
                f"{v.span.line}:{v.span.column}: illegal ({v.rule}): {v.message}"
                for v in self.violations
            ]
        lines: list[str] = []
        for phase in self.phases:
            lines.extend(phase.describe())
        if self.played is not None:
            totals = ", ".join(f"{p.name} {p.total}" for p in self.played.players)
            if self.round_end is None:
                lines.append(f"number totals: {totals}")
        if self.round_end is not None:
            lines.extend(self.round_end.describe())
        if self.winner is not None:
            lines.append(f"{self.winner} wins the game")
        return lines
