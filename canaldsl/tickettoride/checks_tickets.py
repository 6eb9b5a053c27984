"""Rules of drawing destination tickets: three drawn, at least one kept (two at the start)."""

from __future__ import annotations

from canaldsl.tickettoride.board import Ticket
from canaldsl.tickettoride.rulebook import BOOK, DRAW_TICKETS, SETUP, it


@BOOK.rule("tickets.none-left", title="No tickets, no ticket draw", sections=it(DRAW_TICKETS))
def none_left(*, deck: int) -> str | None:
    """Tickets can only be drawn while the ticket deck has some."""
    if deck > 0:
        return None
    return "the ticket deck is empty: no tickets can be drawn"


@BOOK.rule("tickets.draw-three", title="Three tickets drawn", sections=it(DRAW_TICKETS))
def draw_three(*, drawn: int, deck: int | None, reading: str) -> str | None:
    """A ticket draw takes three tickets from the top of the deck; with fewer than three
    left, the player draws the ones that are left (switch short-ticket-deck: 'forbidden'
    allows no draw then)."""
    if deck is not None and 0 < deck < 3 and reading == "forbidden":
        return f"only {deck} ticket(s) left: drawing tickets needs three"
    expected = 3 if deck is None else min(3, deck)
    if drawn == expected or (deck is None and drawn < 3):
        return None
    return f"{drawn} ticket(s) drawn: the draw takes {expected}"


@BOOK.rule("tickets.keep-one", title="Keep at least one ticket", sections=it(DRAW_TICKETS))
def keep_one(*, kept: int) -> str | None:
    """Of the tickets drawn during the game a player keeps at least one (two or all three if
    they like)."""
    if kept >= 1:
        return None
    return "at least one of the tickets drawn must be kept"


@BOOK.rule("tickets.keep-two-at-start", title="Keep two tickets at the start", sections=it(SETUP))
def keep_two_at_start(*, kept: int, dealt: int) -> str | None:
    """Of the three tickets dealt at the start, each player keeps at least two (or all
    three)."""
    if kept >= min(2, dealt):
        return None
    return f"{kept} of the starting tickets kept: keep at least two"


@BOOK.rule("tickets.kept-from-drawn", title="Keep only tickets drawn", sections=it(DRAW_TICKETS))
def kept_from_drawn(
    *,
    kept: tuple[Ticket, ...] | None,
    drawn: tuple[Ticket, ...] | None,
    kept_count: int,
    drawn_count: int,
) -> str | None:
    """The tickets kept are some of those just drawn; the others go back."""
    if kept_count > drawn_count:
        return f"{kept_count} tickets kept of {drawn_count} drawn"
    if kept is None or drawn is None:
        return None
    left = list(drawn)
    for ticket in kept:
        if ticket not in left:
            return f"{ticket} was not drawn"
        left.remove(ticket)
    return None


@BOOK.rule("tickets.deck-top", title="Tickets come from the top", sections=it(DRAW_TICKETS))
def deck_top(*, drawn: tuple[Ticket, ...], top: tuple[Ticket, ...]) -> str | None:
    """The tickets drawn are the top ones of the ticket deck (checked where its order is
    known)."""
    if sorted(drawn) == sorted(top):
        return None
    return f"the top of the ticket deck is {', '.join(map(str, top))}"
