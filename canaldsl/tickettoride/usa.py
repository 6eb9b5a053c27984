"""The built-in USA map, read from the package's data files (``data/usa*.toml``).

``usa_board()`` has the 30 tickets of the original game; ``usa_board(tickets_1910=True)`` adds
the 35 tickets of the USA 1910 set (65 in all). The map is read once and cached.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from canaldsl.tickettoride.board import Board
from canaldsl.tickettoride.mapbuild import board_from_toml

USA_CITIES = 36
USA_ROUTES = 78
USA_DOUBLE_ROUTES = 22
USA_TRACKS = 100
USA_SPACES = 309
USA_TICKETS = 30
USA_1910_TICKETS = 35


def data_text(name: str) -> str:
    """The text of one of the package's data files."""
    return (resources.files("canaldsl.tickettoride") / "data" / name).read_text(encoding="utf-8")


@cache
def usa_board(*, tickets_1910: bool = False) -> Board:
    """The USA map with the original tickets, and the 1910 ones too when asked."""
    extra = [data_text("usa-tickets.toml")]
    if tickets_1910:
        extra.append(data_text("usa-1910-tickets.toml"))
    if not tickets_1910:
        return board_from_toml(data_text("usa.toml"), extra_tickets=extra)
    return board_from_toml(
        data_text("usa.toml"),
        extra_tickets=extra,
        name="usa-1910",
        title="Ticket to Ride: USA, with the USA 1910 tickets",
    )
