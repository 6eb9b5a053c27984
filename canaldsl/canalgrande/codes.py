"""Canal Grande's diagnostic codes (E801-E899), its solvers' limit codes (S701-S704), and the
core's codes it takes in (:data:`canaldsl.codes.CORE_CODES`).

Codes never change meaning once published; retired codes are not reused.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from canaldsl.codes import CORE_CODES

UNKNOWN_CARD: Final = "E801"
UNKNOWN_PLAYER: Final = "E802"
UNKNOWN_SWITCH: Final = "E803"
UNKNOWN_SWITCH_VALUE: Final = "E804"
BAD_POSITION: Final = "E805"
BAD_STEP: Final = "E806"
BAD_NUMBER_CARDS: Final = "E807"
BAD_PLAYERS: Final = "E808"
NOT_A_DISTRICT: Final = "E809"
NOTHING_TO_JUDGE: Final = "E810"
PHASE_ORDER: Final = "E811"
QUERY_CANNOT_BE_ASKED: Final = "E812"
BAD_NUMBER_CARD: Final = "E813"
DUPLICATE: Final = "E814"
UNKNOWN_RULE: Final = "E815"
VOTE_LIMIT: Final = "S701"
SPLIT_LIMIT: Final = "S702"
SPY_PAST_DECK: Final = "S703"
WIN_LIMIT: Final = "S704"

GRANDE_CODES: Final = MappingProxyType(
    {
        **CORE_CODES,
        UNKNOWN_CARD: "unknown card or district name",
        UNKNOWN_PLAYER: "unknown player",
        UNKNOWN_SWITCH: "unknown rules option (switch)",
        UNKNOWN_SWITCH_VALUE: "unknown value for a rules option",
        BAD_POSITION: "a position that cannot be",
        BAD_STEP: "a step of a turn that cannot be stated",
        BAD_NUMBER_CARDS: "a number-card distribution that is not 14 cards valued 1 to 3",
        BAD_PLAYERS: "not two players (only the two-player game is supported)",
        NOT_A_DISTRICT: "a card named where a district is needed",
        NOTHING_TO_JUDGE: "an expectation with no turn or vote before it",
        PHASE_ORDER: "a turn's blocks out of order or for the wrong player",
        QUERY_CANNOT_BE_ASKED: "a query the position cannot answer (hands or decks not known)",
        BAD_NUMBER_CARD: "a number card that is not 1, 2 or 3",
        DUPLICATE: "a statement given twice",
        UNKNOWN_RULE: "an expectation names a rule id the game does not have",
        VOTE_LIMIT: "the vote search went over its work budget",
        SPLIT_LIMIT: "the best-split search went over its work budget",
        SPY_PAST_DECK: "a spy would draw past the known cards of the deck",
        WIN_LIMIT: "the can-win search went over its work budget",
    }
)
