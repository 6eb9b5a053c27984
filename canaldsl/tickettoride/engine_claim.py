"""The engine's part for claiming a route: which track, the checks, and what changes."""

from __future__ import annotations

from dataclasses import replace

from canaldsl.tickettoride import checks_claim as rules
from canaldsl.tickettoride.board import Board
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import Colour, PlayerColour
from canaldsl.tickettoride.effects import discard_paid, route_points
from canaldsl.tickettoride.engine_context import Context
from canaldsl.tickettoride.network import Connections
from canaldsl.tickettoride.payments import default_payment, shortfall_payment
from canaldsl.tickettoride.position import Discards, Player, Position
from canaldsl.tickettoride.rulebook import SMALL_GAME_DOUBLES
from canaldsl.tickettoride.turns import Claim
from canaldsl.tickettoride.verdict import TurnReport


class TurnError(ValueError):
    """A turn that names something the map does not have (checked before any rule)."""


def choose_track(
    board: Board, owners: tuple[PlayerColour | None, ...], claim: Claim
) -> tuple[int, str | None]:
    """The track a claim takes, and a note when the choice was the engine's: the track of the
    colour written; else a free one, one the cards paid fit when they say; else the first."""
    route = claim.route
    if route.index >= len(board.routes) or board.routes[route.index] != route:
        raise TurnError(f"{route.name} is not a route of this map")
    tracks = [t for t in route.tracks if claim.colour in (None, board.tracks[t].colour)]
    if not tracks:
        colours = " or ".join(str(board.tracks[t].colour) for t in route.tracks)
        raise TurnError(f"{route.name} has no {claim.colour} track (it is {colours})")
    free = [t for t in tracks if owners[t] is None] or tracks
    if claim.cards is not None and len(free) > 1:
        paid = set(claim.cards.colours_used())
        fitting = [t for t in free if board.tracks[t].colour in paid]
        free = fitting or free
    chosen = free[0]
    note = None
    if claim.colour is None and len(route.tracks) == 2 and len(set(tracks)) > 1:
        note = f"{route.name}: the {board.tracks[chosen].colour} track taken (colour not written)"
    return chosen, note


def claim_route(
    context: Context, position: Position, player: Player, claim: Claim
) -> tuple[Position, TurnReport]:
    """Play a claim; returns the position after it and the report."""
    board = position.board
    track_number, note = choose_track(board, position.owners, claim)
    if note:
        context.notes.append(note)
    track = board.tracks[track_number]
    label = board.track_label(track_number)
    referee = context.referee
    referee.check(rules.free_track, claim.span, owner=position.owners[track_number], track=label)
    route = board.routes[track.route]
    for other in route.tracks:
        if other == track_number:
            continue
        other_owner = position.owners[other]
        referee.check(
            rules.double_same_player, claim.span, player=player.colour, other_owner=other_owner
        )
        referee.check(
            rules.double_small_game,
            claim.span,
            players=len(position.players),
            other_owner=other_owner,
            reading=context.switches[SMALL_GAME_DOUBLES.name],
        )
    referee.check(rules.trains, claim.span, trains_left=player.trains, spaces=track.length)
    paid = _payment(context, player, claim, track.colour, track.length)
    if paid is not None:
        span = claim.payment_span
        referee.check(rules.length, span, paid=paid.total, spaces=track.length)
        referee.check(rules.colour, span, track_colour=track.colour, paid=paid)
        referee.check(rules.grey_one_colour, span, track_colour=track.colour, paid=paid)
        referee.check(
            rules.cards_in_hand, span, paid=paid, hand=player.hand.cards, hand_size=player.hand.size
        )
    after, completed = _apply(position, player, track_number, paid)
    points = route_points(spaces=track.length)
    report = TurnReport(
        player=player.colour,
        action="claims",
        track=label,
        cards_paid=paid,
        points=points,
        trains_left=max(player.trains - track.length, 0),
        tickets_completed=completed,
    )
    return after, report


def _payment(
    context: Context, player: Player, claim: Claim, colour: Colour, length: int
) -> Cards | None:
    if claim.cards is not None:
        return claim.cards
    hand = player.hand.cards
    checks = (rules.length, rules.colour, rules.grey_one_colour, rules.cards_in_hand)
    if hand is None:
        for check in checks:
            context.skip(check, claim.span, "cards paid not written, hand not known")
        return None
    chosen = default_payment(hand, colour, length)
    if chosen is None:
        return shortfall_payment(hand, colour, length)
    context.notes.append(f"paid with {chosen} (cards not written: fewest locomotives)")
    return chosen


def _apply(
    position: Position, player: Player, track: int, paid: Cards | None
) -> tuple[Position, tuple]:  # type: ignore[type-arg]
    board = position.board
    before = Connections(board, position.tracks_of(player.colour))
    after = position.with_owner(track, player.colour)
    now = Connections(board, after.tracks_of(player.colour))
    held = player.tickets.tickets or ()
    completed = tuple(t for t in held if now.completes(t) and not before.completes(t))
    length = board.tracks[track].length
    hand = player.hand
    if paid is None:
        new_hand = hand.minus(None, length)
    elif hand.cards is not None and not hand.cards.contains(paid):
        new_hand = hand.minus(None, paid.total)  # an illegal payment: the hand is lost track of
    else:
        new_hand = hand.minus(paid, paid.total)
    discards = after.discards
    count = length if paid is None else paid.total
    after = replace(
        after,
        discards=Discards(
            None if discards.size is None else discards.size + count,
            discard_paid(discards=discards.cards, paid=paid),
        ),
    )
    after = after.with_player(replace(player, trains=max(player.trains - length, 0), hand=new_hand))
    return after, completed
