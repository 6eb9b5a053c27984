"""The cards of Canal Grande: six districts, four special action cards, number cards 1 to 3.

Source: the Italian text, "Contenuto" (52 action cards: 5 district cards of each of six
districts, 3 spies, 7 traitors, 6 gondolas, 6 doges; 14 number cards valued 1 to 3). The text
spells one district "Cannareggio" and writes "san Marco" in lower case; the usual Venetian
spellings are used here and the text's spellings are accepted as input.

District and card names are read without regard to case, accents, spaces, hyphens or
apostrophes (``"santa-croce"``, ``"SANTA CROCE"`` and ``"Sànta Cróce"`` are one district), in
Italian or English for the special cards (``spia``/``spy``).
"""

from __future__ import annotations

import enum
import functools
import unicodedata
from types import MappingProxyType
from typing import Final

from canaldsl.diagnostics import did_you_mean


class District(enum.Enum):
    """One of the six districts of Venice the game is played over, in the text's order."""

    CANNAREGIO = "Cannaregio"
    SANTA_CROCE = "Santa Croce"
    SAN_POLO = "San Polo"
    DORSODURO = "Dorsoduro"
    SAN_MARCO = "San Marco"
    CASTELLO = "Castello"

    __hash__ = object.__hash__  # identity, as equality is: C, not enum's Python-level hash

    def __str__(self) -> str:
        return self.value

    @property
    def card(self) -> Card:
        """The action card of this district."""
        return _DISTRICT_CARD[self]


class Card(enum.Enum):
    """An action card: a district card, or a spy, traitor, gondola or doge."""

    CANNAREGIO = "Cannaregio"
    SANTA_CROCE = "Santa Croce"
    SAN_POLO = "San Polo"
    DORSODURO = "Dorsoduro"
    SAN_MARCO = "San Marco"
    CASTELLO = "Castello"
    SPY = "spy"
    TRAITOR = "traitor"
    GONDOLA = "gondola"
    DOGE = "doge"

    __hash__ = object.__hash__  # identity, as equality is: C, not enum's Python-level hash

    def __str__(self) -> str:
        return self.value

    @property
    def district(self) -> District | None:
        """The card's district, or None for a spy, traitor, gondola or doge."""
        return _CARD_DISTRICT.get(self)

    @property
    def is_district(self) -> bool:
        return self in _CARD_DISTRICT

    def counted(self, count: int) -> str:
        """``count`` of this card in words: ``1 spy``, ``2 spies``, ``2 San Marco``."""
        if count == 1 or self.is_district:
            return f"{count} {self.value}"
        return f"{count} {_PLURALS[self]}"

    @property
    def goes_to_hand(self) -> bool:
        """District cards and gondolas are kept in hand; the other cards act at once."""
        return self in _CARD_DISTRICT or self is Card.GONDOLA


class NumberCard(enum.IntEnum):
    """A number card; its value counts towards the round's end at 10."""

    ONE = 1
    TWO = 2
    THREE = 3

    def __str__(self) -> str:
        return str(int(self))


_PLURALS: Final = {
    Card.SPY: "spies",
    Card.TRAITOR: "traitors",
    Card.GONDOLA: "gondolas",
    Card.DOGE: "doges",
}
_DISTRICT_CARD: Final = MappingProxyType({d: Card[d.name] for d in District})
_CARD_DISTRICT: Final = MappingProxyType({Card[d.name]: d for d in District})

DISTRICT_CARDS: Final = tuple(d.card for d in District)
"""The six district cards, in the text's order."""
SPECIAL_CARDS: Final = (Card.SPY, Card.TRAITOR, Card.GONDOLA, Card.DOGE)
HAND_CARDS: Final = (*DISTRICT_CARDS, Card.GONDOLA)
"""The cards a hand can hold (spies, traitors and doges never stay in a hand)."""

ACTION_CARDS: Final = MappingProxyType(
    {**{card: 5 for card in DISTRICT_CARDS}, Card.SPY: 3, Card.TRAITOR: 7, Card.GONDOLA: 6,
     Card.DOGE: 6}
)  # fmt: skip
"""How many of each action card the game has ("Contenuto"): 52 in all."""
ACTION_DECK_SIZE: Final = 52
NUMBER_CARDS: Final = 14
"""The number of number cards ("Contenuto"); their values (1 to 3) are not broken down."""
DEFAULT_NUMBER_COUNTS: Final = MappingProxyType(
    {NumberCard.ONE: 5, NumberCard.TWO: 5, NumberCard.THREE: 4}
)
"""The number-card distribution assumed when a file gives none. An assumption, not the text's:
the text gives 14 cards valued 1 to 3 without their counts; 5, 5 and 4 is as even as 14 cards
over three values can be (sum 27, so a round always ends within four turns)."""

STARTING_HAND: Final = 4
"""Cards dealt to each player from the 12 set aside, 2 of each district ("Preparativi")."""
SET_ASIDE_PER_DISTRICT: Final = 2
TURNED_UP_ACTIONS: Final = 5
TURNED_UP_NUMBERS: Final = 3
SPY_DRAW: Final = 2
ROUND_END_DRAW: Final = 3
ROUND_END_TOTAL: Final = 10
WIN_ONE_DISTRICT: Final = 4
"""Prizes of one district that win the game ("Fine del gioco")."""


class UnknownNameError(ValueError):
    """A district or card name that is not one of the game's; ``suggestion`` is the closest."""

    def __init__(self, kind: str, name: str, suggestion: str | None) -> None:
        self.kind = kind
        self.name = name
        self.suggestion = suggestion
        hint = f" (did you mean {suggestion}?)" if suggestion else ""
        super().__init__(f"unknown {kind} {name!r}{hint}")


FOLDS_KEPT = 10_000
"""The most names :func:`fold` remembers (names come from users' files: a bound)."""


@functools.lru_cache(maxsize=FOLDS_KEPT)
def fold(name: str) -> str:
    """``name`` without accents, case, spaces, hyphens, apostrophes or dots: the key that
    district and card names are compared by. Remembered (the latest ``FOLDS_KEPT`` names):
    a game record names thousands of cards, in a few dozen spellings."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return "".join(ch for ch in plain.casefold() if ch.isalnum())


_DISTRICT_ALIASES: Final = MappingProxyType(
    {
        **{fold(d.value): d for d in District},
        fold("Cannareggio"): District.CANNAREGIO,  # the text's spelling
    }
)
_CARD_ALIASES: Final = MappingProxyType(
    {
        **{fold(d.value): d.card for d in District},
        fold("Cannareggio"): Card.CANNAREGIO,
        "spy": Card.SPY,
        "spia": Card.SPY,
        "spie": Card.SPY,
        "spies": Card.SPY,
        "traitor": Card.TRAITOR,
        "traitors": Card.TRAITOR,
        "traditore": Card.TRAITOR,
        "traditori": Card.TRAITOR,
        "gondola": Card.GONDOLA,
        "gondolas": Card.GONDOLA,
        "gondole": Card.GONDOLA,
        "doge": Card.DOGE,
        "doges": Card.DOGE,
        "dogi": Card.DOGE,
    }
)


def district_named(name: str) -> District:
    """The district called ``name`` (any case, with or without accents); raises
    :class:`UnknownNameError` with the closest district name when there is none."""
    found = _DISTRICT_ALIASES.get(fold(name))
    if found is not None:
        return found
    raise UnknownNameError("district", name, _suggest(name, [d.value for d in District]))


def card_named(name: str) -> Card:
    """The action card called ``name``: a district, or spy/traitor/gondola/doge (English or
    Italian, singular or plural); raises :class:`UnknownNameError` with a suggestion."""
    found = _CARD_ALIASES.get(fold(name))
    if found is not None:
        return found
    names = [d.value for d in District] + ["spy", "traitor", "gondola", "doge"]
    return _raise_card(name, names)


def _raise_card(name: str, names: list[str]) -> Card:
    raise UnknownNameError("card", name, _suggest(name, names))


def _suggest(name: str, candidates: list[str]) -> str | None:
    """The closest candidate, compared on folded names (so accents and spaces do not count)."""
    folded = {fold(c): c for c in candidates}
    match = did_you_mean(fold(name), folded)
    return folded[match] if match is not None else None
