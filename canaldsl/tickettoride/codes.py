"""Ticket to Ride's diagnostic codes (E700-E799), taking in the core's (E100-E114).

Codes never change meaning once published; retired codes are not reused.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from canaldsl.codes import CORE_CODES

UNKNOWN_OPTION: Final = "E701"
UNKNOWN_BOARD: Final = "E702"
BAD_MAP: Final = "E703"
UNKNOWN_CITY: Final = "E704"
UNKNOWN_ROUTE: Final = "E705"
UNKNOWN_TICKET: Final = "E706"
UNKNOWN_COLOUR: Final = "E707"
UNKNOWN_PLAYER: Final = "E708"
REPEATED: Final = "E709"
BAD_POSITION: Final = "E710"
NO_BOARD: Final = "E711"
NOT_PLAYING: Final = "E712"
PLAYER_COUNT: Final = "E713"
NO_TURN: Final = "E714"
BAD_QUERY: Final = "E715"
TRACK_TWICE: Final = "E716"
BAD_NUMBER: Final = "E717"
MISPLACED_UNKNOWN: Final = "E718"
TICKET_SET: Final = "E719"
NO_PLAYERS: Final = "E720"
LATE_SETUP: Final = "E721"

CODES: Final = MappingProxyType(
    {
        **CORE_CODES,
        "E701": "unknown rules option, or a value it does not take",
        "E702": "unknown built-in board",
        "E703": "a map of one's own that cannot be a Ticket to Ride map",
        "E704": "unknown city",
        "E705": "no such route, or no track of that colour",
        "E706": "no such destination ticket on this map",
        "E707": "unknown colour or card kind",
        "E708": "unknown player colour",
        "E709": "a statement given twice",
        "E710": "a position that cannot be (more cards than the box, ...)",
        "E711": "a position or turn with no board before it",
        "E712": "a turn, expectation or query naming a player not in the game",
        "E713": "the rules' player count disagrees with the players written",
        "E714": "an expectation on a turn with no turn before it",
        "E715": "a query that cannot be asked as written",
        "E716": "a track claimed by two players",
        "E717": "a number out of range",
        "E718": "'unknown' where only known cards may be written",
        "E719": "a ticket set the built-in map does not have",
        "E720": "a position with no players",
        "E721": "a position statement after the first turn",
    }
)
"""Every code a Ticket to Ride file can get, with what it means."""
