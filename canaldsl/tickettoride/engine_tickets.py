"""The engine's part for drawing destination tickets (and choosing the starting ones)."""

from __future__ import annotations

from dataclasses import replace

from canaldsl.tickettoride import checks_tickets as rules
from canaldsl.tickettoride.board import Ticket
from canaldsl.tickettoride.effects import return_bottom
from canaldsl.tickettoride.engine_context import Context
from canaldsl.tickettoride.position import (
    START_TICKETS,
    HeldTickets,
    Player,
    Position,
    TicketDeck,
)
from canaldsl.tickettoride.rulebook import SHORT_TICKET_DECK
from canaldsl.tickettoride.turns import DrawTickets
from canaldsl.tickettoride.verdict import TurnReport


def draw_tickets(
    context: Context, position: Position, player: Player, action: DrawTickets
) -> tuple[Position, TurnReport]:
    """Play a ticket draw (or the choice of starting tickets); returns the position after it
    and the report."""
    referee = context.referee
    deck = position.ticket_deck
    drawn_count = action.drawn_count
    kept_count = action.kept_count
    if deck.size is None:
        context.skip(rules.none_left, action.span, "the size of the ticket deck is not known")
    else:
        referee.check(rules.none_left, action.span, deck=deck.size)
    if drawn_count is None:
        context.skip(rules.draw_three, action.span, "the number drawn is not known")
    elif deck.size != 0:
        referee.check(
            rules.draw_three,
            action.span,
            drawn=drawn_count,
            deck=deck.size,
            reading=context.switches[SHORT_TICKET_DECK.name],
        )
    keep = rules.keep_two_at_start if action.setup else rules.keep_one
    if kept_count is None:
        context.skip(keep, action.span, "the number kept is not known")
    elif action.setup:
        dealt = START_TICKETS if drawn_count is None else drawn_count
        referee.check(rules.keep_two_at_start, action.keep_span, kept=kept_count, dealt=dealt)
    elif drawn_count != 0:
        referee.check(rules.keep_one, action.keep_span, kept=kept_count)
    if kept_count is not None and drawn_count is not None:
        referee.check(
            rules.kept_from_drawn,
            action.keep_span,
            kept=action.kept,
            drawn=action.drawn,
            kept_count=kept_count,
            drawn_count=drawn_count,
        )
    if deck.order is not None and action.drawn is not None:
        referee.check(
            rules.deck_top, action.span, drawn=action.drawn, top=deck.order[: len(action.drawn)]
        )
    after = _apply(position, player, action)
    report = TurnReport(
        player=player.colour,
        action="chooses starting tickets" if action.setup else "draws tickets",
        trains_left=player.trains,
        tickets_drawn=drawn_count,
        tickets_kept=action.kept,
        kept_count=kept_count,
    )
    return after, report


def _apply(position: Position, player: Player, action: DrawTickets) -> Position:
    held = player.tickets
    if held.tickets is not None and action.kept is not None:
        tickets = HeldTickets.known(held.tickets + action.kept)
    else:
        count = None
        if held.count is not None and action.kept_count is not None:
            count = held.count + action.kept_count
        tickets = HeldTickets(None, count)
    after = position.with_player(replace(player, tickets=tickets))
    deck = position.ticket_deck
    drawn = action.drawn_count
    returned_count = (
        None if drawn is None or action.kept_count is None else max(drawn - action.kept_count, 0)
    )
    size = (
        None
        if deck.size is None or returned_count is None or drawn is None
        else (max(deck.size - drawn, 0) + returned_count)
    )
    order: tuple[Ticket, ...] | None = None
    if deck.order is not None and drawn is not None:
        order = return_bottom(order=deck.order, drawn=drawn, returned=action.returned)
    return replace(after, ticket_deck=TicketDeck(size, order))
