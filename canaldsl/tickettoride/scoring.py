"""Final scoring: route points, tickets completed and failed, the longest route, the winner.

Every figure comes with its source (:class:`PlayerScore`), and the winner with the tie-breaks
that decided it (rules winner.most-points, winner.tie-tickets, winner.tie-longest). A player
whose tickets are not known has no ticket points and no total: nothing is guessed, and no
winner is named unless the unknown cannot change who wins (it always could: an unknown
ticket's value is unbounded, so the winner is then not known).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from canaldsl.tickettoride.board import Ticket
from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.effects import (
    LONGEST_ROUTE_BONUS,
    longest_among,
    longest_route_holders,
    most_points,
    most_tickets,
    route_points,
    ticket_points,
)
from canaldsl.tickettoride.network import Connections, edges_of, longest_trail
from canaldsl.tickettoride.position import Position
from canaldsl.tickettoride.rulebook import LONGEST_WITHOUT_ROUTES, switch_values
from canaldsl.tickettoride.trails import Edge, Trail


@dataclass(frozen=True)
class TicketResult:
    """One ticket at the end: completed or not, and the points it gives (negative if not)."""

    ticket: Ticket
    completed: bool
    points: int


@dataclass(frozen=True)
class PlayerScore:
    """One player's final score and where it comes from. ``tickets`` is None when the
    player's tickets are not known (then ``ticket_points`` and ``total`` are None)."""

    player: PlayerColour
    route_points: int
    routes: int
    tickets: tuple[TicketResult, ...] | None
    longest: Trail
    bonus: int

    @property
    def ticket_points(self) -> int | None:
        return None if self.tickets is None else sum(t.points for t in self.tickets)

    @property
    def completed(self) -> int | None:
        return None if self.tickets is None else sum(t.completed for t in self.tickets)

    @property
    def total(self) -> int | None:
        tickets = self.ticket_points
        return None if tickets is None else self.route_points + tickets + self.bonus

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player.value,
            "route_points": self.route_points,
            "routes": self.routes,
            "tickets": None
            if self.tickets is None
            else [
                {"ticket": str(t.ticket), "completed": t.completed, "points": t.points}
                for t in self.tickets
            ],
            "ticket_points": self.ticket_points,
            "longest_route": self.longest.length,
            "longest_route_proven": self.longest.proven,
            "bonus": self.bonus,
            "total": self.total,
        }


@dataclass(frozen=True)
class FinalScores:
    """Every player's final score, the longest-route holders, the winners and how they
    were decided (``decided_by``: the rule ids applied, in order). ``winners`` is None when
    a total is not known."""

    scores: tuple[PlayerScore, ...]
    longest_holders: tuple[PlayerColour, ...]
    winners: tuple[PlayerColour, ...] | None
    decided_by: tuple[str, ...]

    def score(self, player: PlayerColour) -> PlayerScore:
        return next(s for s in self.scores if s.player is player)

    @property
    def proven(self) -> bool:
        """Whether every longest route was proven (a trail search may spend its budget
        first on a puzzle network; then the bonus and totals are not the answer)."""
        return all(s.longest.proven for s in self.scores)

    def headline(self) -> str:
        """One line: the winner and the totals, highest first."""
        known = [s for s in self.scores if s.total is not None]
        if self.winners is None:
            return "winner not known: " + ", ".join(
                f"{s.player} {s.total if s.total is not None else '?'}" for s in self.scores
            )
        ranked = sorted(known, key=lambda s: -(s.total or 0))
        totals = "-".join(str(s.total) for s in ranked)
        who = " and ".join(str(w) for w in self.winners)
        verb = "win" if len(self.winners) > 1 else "wins"
        how = f" (after {', '.join(self.decided_by[1:])})" if len(self.decided_by) > 1 else ""
        unproven = [str(s.player) for s in self.scores if not s.longest.proven]
        if unproven:
            how += f" (not proven: {', '.join(unproven)}'s longest route not proven in budget)"
        return f"{who} {verb} {totals}{how}"

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": [s.to_json() for s in self.scores],
            "longest_route_holders": [p.value for p in self.longest_holders],
            "winners": None if self.winners is None else [p.value for p in self.winners],
            "decided_by": list(self.decided_by),
        }


TrailFinder = Callable[[Sequence[Edge]], Trail]
"""A method for the longest trail of a network (the search method by default)."""


def final_scores(position: Position, *, longest: TrailFinder = longest_trail) -> FinalScores:
    """The final scores of ``position`` as it stands (no more turns played); ``longest``
    computes each player's longest trail."""
    board = position.board
    switches = switch_values(position.settings)
    trails: dict[PlayerColour, Trail] = {}
    partial: list[tuple[PlayerColour, int, int, tuple[TicketResult, ...] | None]] = []
    for player in position.players:
        owned = position.tracks_of(player.colour)
        trails[player.colour] = longest(edges_of(board, owned))
        points = sum(route_points(spaces=board.tracks[t].length) for t in owned)
        results: tuple[TicketResult, ...] | None = None
        if player.tickets.tickets is not None:
            joined = Connections(board, owned)
            results = tuple(
                TicketResult(
                    t,
                    joined.completes(t),
                    ticket_points(points=t.points, completed=joined.completes(t)),
                )
                for t in player.tickets.tickets
            )
        partial.append((player.colour, points, len(owned), results))
    lengths = {colour: trail.length for colour, trail in trails.items()}
    holders = longest_route_holders(lengths=lengths, reading=switches[LONGEST_WITHOUT_ROUTES.name])
    scores = tuple(
        PlayerScore(
            colour,
            points,
            routes,
            results,
            trails[colour],
            LONGEST_ROUTE_BONUS if colour in holders else 0,
        )
        for colour, points, routes, results in partial
    )
    winners, decided_by = _winners(scores, lengths)
    return FinalScores(scores, holders, winners, decided_by)


def _winners(
    scores: tuple[PlayerScore, ...], lengths: dict[PlayerColour, int]
) -> tuple[tuple[PlayerColour, ...] | None, tuple[str, ...]]:
    totals = {s.player: s.total for s in scores}
    if any(total is None for total in totals.values()):
        return None, ()
    known = {player: total for player, total in totals.items() if total is not None}
    tied = most_points(totals=known)
    decided = ["winner.most-points"]
    if len(tied) > 1:
        completed = {s.player: s.completed or 0 for s in scores}
        tied = most_tickets(tied=tied, completed=completed)
        decided.append("winner.tie-tickets")
        if len(tied) > 1:
            tied = longest_among(tied=tied, lengths=lengths)
            decided.append("winner.tie-longest")
    return tied, tuple(decided)
