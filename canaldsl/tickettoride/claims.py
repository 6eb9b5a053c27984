"""Every legal claim for a hand, and the claim scoring most this turn.

A claim option is a track and a set of cards from the hand paying for it, for the player to
move, legal under the claim rules (a free track, the double-route rules, enough trains, cards
of the right colours in the right number). Two options differ when their track or their
cards differ (:func:`canaldsl.tickettoride.payments.payments`).

What a claim scores this turn, as defined here: the route's points (score.route) plus the
value of every ticket the player holds (known tickets only) that the claim completes: not
completed by the player's routes before it, completed after. Those ticket points are only
scored at the end of the game, and a ticket could also be completed later; they are counted
so that a claim that finishes a ticket ranks above one that does not.

The best claim: the most points; among equals, the fewest locomotives paid, then the lowest
track number, then the first payment in colour order. Two methods: enumeration
(:func:`claim_options`) and a CP-SAT model (:func:`best_claim_cpsat`): a choice of one track,
cards per colour within the hand, one colour used at most (the track's own for a coloured
track), and for each ticket a unit of flow over the player's tracks and the chosen one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from canaldsl import solver as sv
from canaldsl.tickettoride import checks_claim as rules
from canaldsl.tickettoride.board import Ticket
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import CARD_KINDS, COLOURS, Colour, PlayerColour
from canaldsl.tickettoride.effects import route_points
from canaldsl.tickettoride.network import Connections
from canaldsl.tickettoride.payments import payments
from canaldsl.tickettoride.position import Position
from canaldsl.tickettoride.rulebook import SMALL_GAME_DOUBLES, switch_values

CPSAT_BUDGET = 10.0


class HandUnknownError(ValueError):
    """The claims of a player whose hand is not known cannot be listed."""


@dataclass(frozen=True)
class ClaimOption:
    """A legal claim: the track, the cards paid, the route's points, the tickets it completes
    and its points this turn (route points plus those tickets' values)."""

    track: int
    cards: Cards
    route_points: int
    completes: tuple[Ticket, ...]

    @property
    def points(self) -> int:
        return self.route_points + sum(t.points for t in self.completes)

    def rank(self) -> tuple[int, int, int]:
        """Smaller is better: most points, fewest locomotives, lowest track."""
        return (-self.points, self.cards.locomotives, self.track)


def claimable_tracks(position: Position, player: PlayerColour) -> list[int]:
    """The tracks ``player`` may claim whatever the cards: free, allowed by the double-route
    rules, no longer than their trains (checked by the claim rules themselves). Of two free
    tracks of the same colour on one route only the first is listed (they are the same
    claim)."""
    board = position.board
    switches = switch_values(position.settings)
    trains = position.player(player).trains
    out = []
    for track in board.tracks:
        if rules.free_track(owner=position.owners[track.index], track="") is not None:
            continue
        if track.slot == 1 and _twin_free(position, track.index):
            continue  # two free tracks of one colour on one route: one claim, listed once
        if rules.trains(trains_left=trains, spaces=track.length) is not None:
            continue
        others = [t for t in board.routes[track.route].tracks if t != track.index]
        blocked = False
        for other in others:
            owner = position.owners[other]
            blocked = (
                blocked or rules.double_same_player(player=player, other_owner=owner) is not None
            )
            blocked = blocked or (
                rules.double_small_game(
                    players=len(position.players),
                    other_owner=owner,
                    reading=switches[SMALL_GAME_DOUBLES.name],
                )
                is not None
            )
        if not blocked:
            out.append(track.index)
    return out


def _twin_free(position: Position, track: int) -> bool:
    """Whether the first track of ``track``'s route is free and of the same colour."""
    board = position.board
    first = board.routes[board.tracks[track].route].tracks[0]
    same = board.tracks[first].colour is board.tracks[track].colour
    return same and position.owners[first] is None


def claim_options(position: Position, player: PlayerColour | None = None) -> list[ClaimOption]:
    """Every legal claim of ``player`` (default: the player to move), best first."""
    colour = player or position.to_move
    me = position.player(colour)
    hand = me.hand.cards
    if hand is None:
        raise HandUnknownError(f"{colour}'s hand is not known: their claims cannot be listed")
    board = position.board
    owned = position.tracks_of(colour)
    before = Connections(board, owned)
    open_tickets = [t for t in (me.tickets.tickets or ()) if not before.completes(t)]
    # A track a-b completes an open ticket exactly when it joins the ticket's two groups of
    # cities (of the player's tracks): one new link merges the groups of a and b, nothing else.
    groups = [frozenset(before.find(city) for city in board.ticket_cities(t)) for t in open_tickets]
    options: list[ClaimOption] = []
    for number in claimable_tracks(position, colour):
        track = board.tracks[number]
        paid_options = payments(hand, track.colour, track.length)
        if not paid_options:
            continue
        joins = frozenset((before.find(track.a), before.find(track.b)))
        completes = tuple(t for t, g in zip(open_tickets, groups, strict=True) if g == joins)
        points = route_points(spaces=track.length)
        options.extend(ClaimOption(number, paid, points, completes) for paid in paid_options)
    options.sort(key=ClaimOption.rank)
    return options


def best_claim(position: Position, player: PlayerColour | None = None) -> ClaimOption | None:
    """The claim scoring most this turn (see the module docstring); None when no claim is
    legal."""
    options = claim_options(position, player)
    return options[0] if options else None


@dataclass(frozen=True)
class ModelAnswer:
    """CP-SAT's answer: the best points (None when no claim is legal), the claim found, and
    whether optimality was proven."""

    points: int | None
    option: ClaimOption | None
    proven: bool


def best_claim_cpsat(
    position: Position, player: PlayerColour | None = None, *, budget: float = CPSAT_BUDGET
) -> ModelAnswer:
    """The most points a claim can score this turn, by CP-SAT (see the module docstring)."""
    colour = player or position.to_move
    me = position.player(colour)
    hand = me.hand.cards
    if hand is None:
        raise HandUnknownError(f"{colour}'s hand is not known: their claims cannot be listed")
    board = position.board
    owned = set(position.tracks_of(colour))
    candidates = claimable_tracks(position, colour)
    if not candidates:
        return ModelAnswer(None, None, True)
    model = sv.new_model()
    pick = {t: model.new_bool_var(f"t{t}") for t in candidates}
    model.add_exactly_one(pick.values())
    paid = {c: model.new_int_var(0, hand.count(c), f"n{c.value}") for c in CARD_KINDS}
    uses = {c: model.new_bool_var(f"u{c.value}") for c in COLOURS}
    model.add(sum(uses.values()) <= 1)
    for c in COLOURS:
        model.add(paid[c] <= hand.count(c) * uses[c])
    model.add(sum(paid.values()) == sum(board.tracks[t].length * x for t, x in pick.items()))
    for t, x in pick.items():
        track_colour = board.tracks[t].colour
        if track_colour is not Colour.GREY:
            for c in COLOURS:
                if c is not track_colour:
                    model.add_implication(x, uses[c].negated())
    held = Connections(board, owned)
    gains: list[Any] = []
    for number, ticket in enumerate(me.tickets.tickets or ()):
        if held.completes(ticket):
            continue
        done = model.new_bool_var(f"k{number}")
        _ticket_flow(model, position, owned, pick, ticket, done, number)
        gains.append(ticket.points * done)
    points = sum(route_points(spaces=board.tracks[t].length) * x for t, x in pick.items())
    model.maximize(points + sum(gains))
    result = sv.solve(model, settings={"max_deterministic_time": budget})
    if result.status == sv.INFEASIBLE:
        return ModelAnswer(None, None, True)
    if not result.has_solution:
        return ModelAnswer(None, None, False)
    chosen = next(t for t, x in pick.items() if result.true(x))
    cards = Cards(tuple(result.value(paid[c]) for c in CARD_KINDS))
    after = Connections(board, (*owned, chosen))
    open_tickets = [t for t in (me.tickets.tickets or ()) if not held.completes(t)]
    option = ClaimOption(
        chosen,
        cards,
        route_points(spaces=board.tracks[chosen].length),
        tuple(t for t in open_tickets if after.completes(t)),
    )
    # round, never int(): CP-SAT reports 15 as 14.999999999999998 (found by the suite)
    return ModelAnswer(round(result.objective or 0), option, result.status == sv.OPTIMAL)


def _ticket_flow(
    model: Any,
    position: Position,
    owned: set[int],
    pick: dict[int, Any],
    ticket: Ticket,
    done: Any,
    number: int,
) -> None:
    """``done`` only if one unit flows between the ticket's cities over owned tracks and the
    chosen one."""
    board = position.board
    source, sink = board.ticket_cities(ticket)
    balance: list[list[tuple[Any, int]]] = [[] for _ in board.cities]
    usable: Sequence[int] = sorted(owned | set(pick))
    for t in usable:
        track = board.tracks[t]
        there = model.new_bool_var(f"f{number}_{t}")
        back = model.new_bool_var(f"b{number}_{t}")
        model.add(there + back <= (1 if t in owned else pick[t]))
        balance[track.a] += [(there, 1), (back, -1)]
        balance[track.b] += [(back, 1), (there, -1)]
    for city, terms in enumerate(balance):
        flow = sum(var * sign for var, sign in terms)
        if city == source:
            model.add(flow == done)
        elif city == sink:
            model.add(flow == -done)
        else:
            model.add(flow == 0)
