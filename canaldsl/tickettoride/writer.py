"""A position written back in the Ticket to Ride language (``canaldsl play``): read again, it
gives the same position."""

from __future__ import annotations

from canaldsl.tickettoride.board import Board, Ticket
from canaldsl.tickettoride.cards import Cards
from canaldsl.tickettoride.colours import CARD_KINDS, Colour
from canaldsl.tickettoride.formatter import city, quote
from canaldsl.tickettoride.position import Position


def cards_text(cards: Cards) -> str:
    return ", ".join(f"{n} {c}" if n > 1 else str(c) for c, n in cards.items() if n)


def sequence_text(cards: tuple[Colour, ...]) -> str:
    return ", ".join(str(c) for c in cards)


def ticket_text(board: Board, ticket: Ticket) -> str:
    same = [t for t in board.tickets if {t.a, t.b} == {ticket.a, ticket.b}]
    return ticket.name + (f" {ticket.points}" if len(same) > 1 else "")


def track_text(board: Board, index: int) -> str:
    return board.track_label(index)


def board_lines(board: Board, *, name: str, tickets_1910: bool) -> list[str]:
    """The ``board`` statement: built-in by name, or the whole map."""
    if name == "usa":
        return ["board usa {", "  tickets 1910", "}"] if tickets_1910 else ["board usa"]
    lines = [f"board {quote(name)} {{"]
    if board.title and board.title != name:
        lines.append(f"  title {quote(board.title)}")
    for c in board.cities:
        text = f"  city {city(c.name)}"
        if c.latitude is not None and c.longitude is not None:
            text += f" at {c.latitude:g} {c.longitude:g}"
        if c.variants:
            text += " also " + ", ".join(city(v) for v in c.variants)
        lines.append(text)
    for route in board.routes:
        colours = " ".join(str(board.tracks[t].colour) for t in route.tracks)
        lines.append(f"  route {route.name} {route.length} {colours}")
    for ticket in board.tickets:
        lines.append(f"  ticket {ticket.name} {ticket.points}")
    lines.append("}")
    return lines


def position_lines(position: Position, *, name: str, tickets_1910: bool) -> list[str]:
    """Every statement of a position: rules (with switches set), board, players, piles."""
    board = position.board
    settings = dict(position.settings)
    if settings:
        lines = ["rules ticket-to-ride {"]
        lines += [f"  option {k} = {v}" for k, v in sorted(settings.items())]
        lines.append("}")
    else:
        lines = ["rules ticket-to-ride"]
    lines += board_lines(board, name=name, tickets_1910=tickets_1910)
    for player in position.players:
        lines.append(f"player {player.colour} {{")
        lines.append(f"  trains {player.trains}")
        hand = player.hand
        if hand.cards is not None:
            lines.append(f"  hand {cards_text(hand.cards)}".rstrip())
        elif hand.size is not None:
            lines.append(f"  hand {hand.size} cards")
        else:
            lines.append("  hand unknown")
        held = player.tickets
        if held.tickets is not None:
            listed = ", ".join(ticket_text(board, t) for t in held.tickets)
            lines.append(f"  tickets {listed or 'none'}")
        elif held.count is not None:
            lines.append(f"  tickets {held.count}")
        else:
            lines.append("  tickets unknown")
        owned = position.tracks_of(player.colour)
        listed = ", ".join(track_text(board, t) for t in owned)
        lines.append(f"  routes {listed or 'none'}")
        lines.append("}")
    shown = [cards_text(position.display)] if position.display.total else []
    if position.display_unknown:
        shown.append(f"{position.display_unknown} unknown")
    if shown:
        lines.append("face-up " + ", ".join(shown))
    deck = position.deck
    if deck.order is not None:
        lines.append(f"deck order {sequence_text(deck.order)}" if deck.order else "deck 0")
    elif deck.cards is not None:
        lines.append(f"deck cards {cards_text(deck.cards)}" if deck.cards.total else "deck 0")
    elif deck.size is not None:
        lines.append(f"deck {deck.size}")
    discards = position.discards
    if discards.cards is not None:
        text = cards_text(discards.cards)
        lines.append(f"discards cards {text}" if text else "discards none")
    elif discards.size is not None:
        lines.append(f"discards {discards.size}")
    tickets = position.ticket_deck
    if tickets.order is not None:
        listed = ", ".join(ticket_text(board, t) for t in tickets.order)
        lines.append(f"ticket-deck order {listed}" if listed else "ticket-deck 0")
    elif tickets.size is not None:
        lines.append(f"ticket-deck {tickets.size}")
    lines.append(f"to-move {position.to_move}")
    if position.last_round is not None:
        text = f"last-round by {position.last_round.triggered_by}"
        if position.last_round.still_to_play:
            text += " then " + ", ".join(map(str, position.last_round.still_to_play))
        lines.append(text)
    if position.finished:
        lines.append("game-over")
    return lines


def write_position(position: Position, *, name: str, tickets_1910: bool) -> str:
    return "\n".join(position_lines(position, name=name, tickets_1910=tickets_1910)) + "\n"


__all__ = ["CARD_KINDS", "write_position"]
