"""Stable diagnostic codes of the Canal Mania language, with a one-line title each.

Codes never change meaning once published; retired codes are not reused. E1xx: reading and
syntax; E2xx: names; E3xx: boards; E4xx: positions; E5xx: turns, expectations and queries;
E6xx: rulebook examples (``rulebook`` and ``known-error``).
Codes starting with W are warnings: the file is still understood.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from canaldsl.codes import CORE_CODES

CODES: Final = MappingProxyType(
    {
        # reading and syntax: every game's (canaldsl.codes), then Canal Mania's
        **CORE_CODES,
        "E120": "a map cell is not one character",
        # names
        "E201": "unknown place",
        "E202": "unknown contract",
        "E203": "unknown built-in board",
        "E205": "unknown rules option",
        "E206": "unknown value for a rules option",
        "E207": "unknown place or goods colour",
        "E208": "unknown player colour",
        "E209": "unknown card kind",
        "E210": "unknown engineer",
        "E211": "unknown terrain",
        "E212": "unknown map key",
        "E213": "map key declared but not on the map",
        "E214": "map key used twice",
        "E215": "unknown goods symbol",
        "E216": "unknown tile kind",
        "E217": "a kind is counted twice",
        # boards
        "E301": "duplicate place",
        "E302": "duplicate hex",
        "E303": "hex off the grid",
        "E304": "two places on one hex",
        "E305": "place on a sea hex",
        "E306": "malformed or out-of-range hex label",
        "E307": "duplicate contract",
        "E308": "contract names one place twice",
        "E309": "contract value out of range",
        "E311": "board file outside the including file's folder",
        "E312": "board file not found",
        "E313": "board file does not hold exactly one board",
        "E314": "more than one board",
        "E315": "more than one rules statement",
        "E316": "no board for a file that needs one",
        "E317": "stated twice",
        "E318": "the board is too large",
        "E319": "a contract names more via places than the limit",
        "W310": "contract value below the fewest tiles that can join its places",
        "W311": "contract cannot be completed on this board",
        # positions
        "E401": "duplicate player colour",
        "E402": "engineer held twice",
        "E403": "more tiles of a kind than a player owns",
        "E404": "more goods cubes than the edition has",
        "E405": "two cubes on one place",
        "E406": "barge not at the end of its canal",
        "E407": "canal not joined",
        "E408": "canal does not start at an endpoint of its contract",
        "E409": "tile on a hex where nothing may be built",
        "E410": "tile kind does not suit the terrain",
        "E411": "canal longer than its contract value",
        "E412": "canal visits a hex or place twice",
        "E413": "contract in two places at once",
        "E414": "more than two open contracts",
        "E415": "completed canal does not complete its contract",
        "E416": "number of players does not suit the edition or the players declared",
        "E417": "junction contracts are not in this edition or are too many",
        "E418": "more cards in hand than the hand limit",
        "E419": "too many cards or contracts on display",
        "E420": "whose turn or which phase is impossible",
        "E421": "canal section without tiles",
        "E422": "open canal already reached its far endpoint",
        "E425": "junction canal joins more than two places",
        "E427": "engineer both aside and held",
        "E428": "a card pile holds more cards than a game could have",
        "E431": "the end mark is not moved by a multiple of 10 points, or moved twice",
        "E432": "the end mark moved in the 1st edition",
        "W424": "the first player is not red",
        "W430": "two tiles of one kind next to each other in a section",
        # turns, expectations, queries
        "E501": "unknown player",
        "E502": "phases out of order or out of range",
        "E503": "action outside a phase",
        "E505": "query asks about the wrong kind of thing",
        "E506": "turn or expectation without a position",
        "E507": "more than one final deliveries block",
        "E508": "the final deliveries come before a turn",
        # rulebook examples
        "E601": "unknown rulebook translation",
        "E602": "the rulebook statement is not the first statement",
        "E603": "more than one rulebook statement",
        "E604": "the edition contradicts the rulebook's",
        "E605": "an option contradicts the rulebook's reading",
        "E606": "known-error without a rulebook statement",
        # verdicts
        "V001": "a proposed turn breaks a rule (the rule id says which)",
    }
)


def title(code: str) -> str:
    return CODES[code]
