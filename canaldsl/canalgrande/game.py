"""Whole games and single votes: a game record replayed to its winner, a disputed vote judged
on its own, a position checked against the components.

A game record is a starting position and its turns. Each turn is judged from the position
the previous legal turn left (an illegal turn changes nothing, so the next turn in the record
may be a corrected one); the replay says who won, when, and what each turn did.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from canaldsl.canalgrande import checks_setup as cs
from canaldsl.canalgrande import votes
from canaldsl.canalgrande.engine import play_turn
from canaldsl.canalgrande.position import Position
from canaldsl.canalgrande.reports import TurnReport, VoteReport
from canaldsl.canalgrande.rulebook import Readings
from canaldsl.canalgrande.turn import Turn, Vote
from canaldsl.diagnostics import UNKNOWN_SPAN, Span
from canaldsl.rules import Referee
from canaldsl.verdicts import Violation


def check_position(
    position: Position, *, span: Span = UNKNOWN_SPAN, setup: bool = False
) -> list[Violation]:
    """The component rules a position breaks (more cards of a kind than the game has);
    with ``setup``, also the rules of the deal."""
    referee = Referee()
    referee.check(cs.action_cards, span, known=position.known_action_cards())
    referee.check(
        cs.number_cards,
        span,
        known=position.known_number_cards(),
        distribution=position.number_cards,
    )
    if setup:
        hands = (position.players[0].hand, position.players[1].hand)
        referee.check(cs.starting_hands, span, hands=hands)
    return referee.violations


@dataclass(frozen=True)
class VoteVerdict:
    """A vote judged on its own: broken rules, what happened, the position after."""

    violations: tuple[Violation, ...]
    report: VoteReport
    after: Position

    @property
    def legal(self) -> bool:
        return not self.violations


def play_vote(
    position: Position, owner: str, vote: Vote, *, readings: Readings | None = None
) -> VoteVerdict:
    """Judge ``vote`` called by a doge in front of ``owner`` (a position with no doge in front
    of ``owner`` is given one: the dispute is about the vote, not about the doge)."""
    index = position.index(owner)
    if index is None:
        raise ValueError(f"no player called {owner!r}")
    player = position.players[index]
    if player.doges == 0:
        position = position.with_player(index, replace(player, doges=1))
    referee = Referee()
    after, report = votes.judge_vote(
        position, index, vote, readings=readings or Readings(), referee=referee
    )
    return VoteVerdict(tuple(referee.violations), report, after)


@dataclass(frozen=True)
class GameRecord:
    """A game as played: where it starts, its turns, whether the start is the set-up."""

    start: Position
    turns: tuple[Turn, ...]
    from_setup: bool = False
    span: Span = field(default=UNKNOWN_SPAN, compare=False)


@dataclass
class GameReport:
    """A replayed game: the position checks, every turn's report, the final position."""

    position_violations: list[Violation]
    turns: list[TurnReport]
    final: Position

    @property
    def winner(self) -> str | None:
        return None if self.final.winner is None else self.final.name(self.final.winner)

    @property
    def legal(self) -> bool:
        return not self.position_violations and all(t.legal for t in self.turns)

    def describe(self) -> list[str]:
        lines = [f"{v.span.line}:{v.span.column}: ({v.rule}) {v.message}"
                 for v in self.position_violations]  # fmt: skip
        for number, turn in enumerate(self.turns, start=1):
            state = "legal" if turn.legal else "illegal"
            lines.append(f"turn {number} ({state}):")
            lines.extend(f"  {line}" for line in turn.describe())
        lines.append(f"winner: {self.winner}" if self.winner else "no winner yet")
        return lines


def replay(record: GameRecord, *, readings: Readings | None = None) -> GameReport:
    """Play the record's turns in order from its start."""
    readings = readings or Readings()
    checks = check_position(record.start, span=record.span, setup=record.from_setup)
    position = record.start
    reports: list[TurnReport] = []
    for turn in record.turns:
        report = play_turn(position, turn, readings=readings)
        reports.append(report)
        position = report.after
    return GameReport(checks, reports, position)
