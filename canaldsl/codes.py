"""Diagnostic codes every game shares: reading a file, its syntax, its game.

Game-independent. Codes never change meaning once published; retired codes are not reused.
A game's own codes (``canaldsl.<game>.codes``) start at E120 and take in these.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

CANNOT_READ: Final = "E100"
NOT_UTF8: Final = "E101"
UNKNOWN_GAME: Final = "E113"

CORE_CODES: Final = MappingProxyType(
    {
        # reading and syntax
        "E100": "the file cannot be read",
        "E101": "the file is not UTF-8 text",
        "E110": "unexpected character",
        "E111": "unexpected word or symbol",
        "E112": "the file ends in the middle of a statement",
        "E102": "the file is too large",
        "E103": "a line is too long",
        "E104": "a number is too large",
        "E113": "the rules statement names no game's rules",
        "E114": "a block is not closed (its closing brace is missing)",
    }
)
