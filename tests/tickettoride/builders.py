"""Small builders for Ticket to Ride test positions and turns, with explicit spans.

``base()`` is a 4-player position where everything red needs is known: red to move with
3 blue, 2 red, 1 green and 2 locomotives, 45 trains, holding Montreal-Atlanta... (see below);
the deck's order is known (``DECK``); the face-up cards are 2 red, 1 locomotive, 1 white,
1 black; the ticket deck's order is known. Turns are written on line 1, their actions on
lines 2, 3, ...; a draw's cards at columns 10, 20, 30.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from canaldsl.diagnostics import Span
from canaldsl.tickettoride.board import Board, Ticket
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import Colour, PlayerColour
from canaldsl.tickettoride.engine import play
from canaldsl.tickettoride.longest import Method
from canaldsl.tickettoride.position import (
    Deck,
    Discards,
    Hand,
    HeldTickets,
    Player,
    Position,
    TicketDeck,
    validate,
)
from canaldsl.tickettoride.tickets import Plan, fewest_trains
from canaldsl.tickettoride.turns import CardDraw, Claim, DrawCards, DrawTickets, Source, Turn
from canaldsl.tickettoride.usa import usa_board
from canaldsl.tickettoride.verdict import Verdict

C = Colour
P = PlayerColour
RED, BLUE, GREEN, YELLOW = P.RED, P.BLUE, P.GREEN, P.YELLOW
BOARD: Board = usa_board()
DECK = (C.GREEN, C.YELLOW, C.LOCOMOTIVE, C.BLUE, C.ORANGE, C.PINK, C.WHITE, C.BLACK) * 3
RED_HAND = Cards.of({C.BLUE: 3, C.RED: 2, C.GREEN: 1, C.LOCOMOTIVE: 2})
TICKET_DECK = tuple(BOARD.tickets[10:20])


def cards(**counts: int) -> Cards:
    return Cards.of({C.LOCOMOTIVE if k == "loco" else C(k): n for k, n in counts.items()})


def span(line: int, column: int = 1, width: int = 4) -> Span:
    return Span.point(line, column, width)


def ticket(name: str) -> Ticket:
    return BOARD.ticket(name)


def base(players: int = 4, **changes: Any) -> Position:
    """The base position (see the module docstring), with ``changes`` applied."""
    colours = (RED, BLUE, GREEN, YELLOW, P.BLACK)[:players]
    seated = [
        Player(RED, 45, Hand.known(RED_HAND), HeldTickets.known([ticket("Montreal-Atlanta")]))
    ]
    seated += [Player(c, 45, Hand(), HeldTickets(None, 2)) for c in colours[1:]]
    position = Position.start(
        BOARD,
        seated,
        display=cards(red=2, loco=1, white=1, black=1),
        deck=Deck.ordered(DECK),
        discards=Discards(),
        ticket_deck=TicketDeck(order=TICKET_DECK),
    )
    return validate(replace(position, **changes))


def with_red(position: Position, **changes: Any) -> Position:
    return position.with_player(replace(position.player(RED), **changes))


def owned(
    position: Position, owner: PlayerColour, route: str, colour: Colour | None = None
) -> Position:
    r = BOARD.route(route)
    return position.with_owner(BOARD.track_of(r, colour), owner)


def face_up(card: Colour, column: int = 10, revealed: tuple[Colour, ...] | None = None) -> CardDraw:
    return CardDraw(Source.FACE_UP, card, revealed, span(2, column))


def blind(card: Colour | None = None, column: int = 10) -> CardDraw:
    return CardDraw(Source.BLIND, card, None, span(2, column))


def draw(*draws: CardDraw, player: PlayerColour = RED) -> Turn:
    return Turn(player, (DrawCards(tuple(draws), span(2, 5)),), span(1))


def claim(
    route: str,
    colour: Colour | None = None,
    paid: Cards | None = None,
    *,
    line: int = 2,
    player: PlayerColour = RED,
) -> Turn:
    return Turn(player, (claim_action(route, colour, paid, line=line),), span(1))


def claim_action(
    route: str, colour: Colour | None = None, paid: Cards | None = None, *, line: int = 2
) -> Claim:
    return Claim(BOARD.route(route), colour, paid, span(line, 5), span(line, 30) if paid else None)


def tickets(drawn: tuple[Ticket, ...], kept: tuple[Ticket, ...], *, setup: bool = False) -> Turn:
    return Turn(
        RED,
        (DrawTickets(drawn, kept, span=span(2, 5), kept_span=span(2, 40), setup=setup),),
        span(1),
    )


def judge(position: Position, turn: Turn) -> Verdict:
    return play(position, turn)


def broken_at(verdict: Verdict) -> set[tuple[str, int, int]]:
    return {(v.rule, v.span.line, v.span.column) for v in verdict.violations}


def fewest_by_both(
    position: Position, player: PlayerColour, tickets: Sequence[Ticket], limit: int
) -> tuple[Plan, Plan]:
    """Fewest trains by the search and by CP-SAT, both proven and agreeing on the status and
    the trains (the plans themselves may differ where forests tie): (search, CP-SAT)."""
    searched = fewest_trains(position, player, tickets, limit=limit)
    model = fewest_trains(position, player, tickets, limit=limit, method=Method.CPSAT)
    assert searched.proven and model.proven
    assert (searched.status, searched.trains) == (model.status, model.trains)
    return searched, model
