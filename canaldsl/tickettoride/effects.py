"""Rules that compute a consequence: points, where cards and tickets go, the last round, the
winner. Each is registered as an effect (it cannot be broken; it says what happens)."""

from __future__ import annotations

from collections.abc import Mapping

from canaldsl.rules import RuleKind
from canaldsl.tickettoride.board import ROUTE_POINTS, Ticket
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import PlayerColour
from canaldsl.tickettoride.rulebook import (
    BOOK,
    CLAIM,
    DRAW_TICKETS,
    GAME_END,
    ROUTE_TABLE,
    SCORING,
    it,
)

EFFECT = RuleKind.EFFECT
LONGEST_ROUTE_BONUS = 10
"""Points of the longest-route bonus card."""


@BOOK.rule("score.route", title="Points for a route", sections=it(ROUTE_TABLE), kind=EFFECT)
def route_points(*, spaces: int) -> int:
    """A player scores for each route as it is claimed, by its length: 1, 2, 4, 7, 10 and 15
    points for 1 to 6 spaces. (The numbers of the table are lost from the Italian text's
    extraction; they are the printed table's, and the reference data's lengths stop at 6.)"""
    return ROUTE_POINTS[spaces]


@BOOK.rule("claim.discard", title="Cards paid are discarded", sections=it(CLAIM), kind=EFFECT)
def discard_paid(*, discards: Cards | None, paid: Cards | None) -> Cards | None:
    """Every card played to claim a route goes to the discard pile. Returns the discards'
    contents afterwards (None: not known)."""
    if discards is None or paid is None:
        return None
    return discards.plus(paid)


@BOOK.rule(
    "tickets.return-bottom",
    title="Returned tickets go to the bottom",
    sections=it(DRAW_TICKETS),
    kind=EFFECT,
)
def return_bottom(
    *, order: tuple[Ticket, ...] | None, drawn: int, returned: tuple[Ticket, ...] | None
) -> tuple[Ticket, ...] | None:
    """Tickets a player does not keep go back under the ticket deck. Returns the deck's
    order afterwards (None: not known), the returned ones last in the order given."""
    if order is None or returned is None:
        return None
    return order[drawn:] + returned


@BOOK.rule(
    "end.last-round", title="Two trains or fewer: last round", sections=it(GAME_END), kind=EFFECT
)
def last_round_begins(*, trains_left: int, already: bool) -> bool:
    """When a player ends a turn with two trains or fewer, every player, that one included,
    has one final turn; then the game ends. Returns whether this turn starts the last
    round."""
    return not already and trains_left <= 2


@BOOK.rule("score.tickets", title="Tickets add or subtract", sections=it(SCORING), kind=EFFECT)
def ticket_points(*, points: int, completed: bool) -> int:
    """At the end each player reveals their tickets: a ticket whose two cities the player's
    own routes join in one continuous path adds its value; any other subtracts it."""
    return points if completed else -points


@BOOK.rule(
    "score.longest-route",
    title="Longest continuous route: 10 points",
    sections=it(SCORING),
    kind=EFFECT,
)
def longest_route_holders(
    *, lengths: Mapping[PlayerColour, int], reading: str
) -> tuple[PlayerColour, ...]:
    """The player with the longest continuous line of their own routes gets the bonus card
    and 10 points; every player tied for it gets the 10 points. The line may loop and pass a
    city more than once, but never uses the same train twice (a trail). Switch
    longest-route-without-routes: whether players with no route share it when no one has
    any. Returns the holders, in seating order."""
    if not lengths:
        return ()
    longest = max(lengths.values())
    if longest == 0 and reading == "no-bonus":
        return ()
    return tuple(player for player, length in lengths.items() if length == longest)


@BOOK.rule("winner.most-points", title="Most points wins", sections=it(SCORING), kind=EFFECT)
def most_points(*, totals: Mapping[PlayerColour, int]) -> tuple[PlayerColour, ...]:
    """The player with the most points wins. Returns the players with the most points."""
    best = max(totals.values())
    return tuple(player for player, total in totals.items() if total == best)


@BOOK.rule(
    "winner.tie-tickets",
    title="Tie: most tickets completed",
    sections=it(SCORING),
    kind=EFFECT,
)
def most_tickets(
    *, tied: tuple[PlayerColour, ...], completed: Mapping[PlayerColour, int]
) -> tuple[PlayerColour, ...]:
    """Between players tied for the most points, the one who completed the most tickets
    wins. Returns those still tied after it."""
    best = max(completed[player] for player in tied)
    return tuple(player for player in tied if completed[player] == best)


@BOOK.rule(
    "winner.tie-longest",
    title="Tie again: longest route",
    sections=it(SCORING),
    kind=EFFECT,
)
def longest_among(
    *, tied: tuple[PlayerColour, ...], lengths: Mapping[PlayerColour, int]
) -> tuple[PlayerColour, ...]:
    """If still tied, the one of them with the longest continuous route wins. The text
    stops there: players still tied after this share the win. Returns the winners."""
    best = max(lengths[player] for player in tied)
    return tuple(player for player in tied if lengths[player] == best)
