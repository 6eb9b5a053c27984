"""The colours of Ticket to Ride: of train cards, of tracks on the board, of the players.

A train card is one of eight colours or a locomotive (wild); a track is one of the same eight
colours or grey (any one colour pays for it). Each colour has one canonical English name and
the other names a file may use for it (Italian names from the rulebook, "purple" for pink: the
rulebook calls the pink cards purple/viola).
"""

from __future__ import annotations

import enum
import unicodedata

from canaldsl.diagnostics import did_you_mean


class Colour(enum.Enum):
    """A colour of cards and tracks. GREY is for tracks only, LOCOMOTIVE for cards only."""

    PINK = "pink"
    WHITE = "white"
    BLUE = "blue"
    YELLOW = "yellow"
    ORANGE = "orange"
    BLACK = "black"
    RED = "red"
    GREEN = "green"
    LOCOMOTIVE = "locomotive"
    GREY = "grey"

    __hash__ = object.__hash__  # identity, as equality is: C, not enum's Python-level hash

    def __str__(self) -> str:
        return self.value


COLOURS: tuple[Colour, ...] = tuple(Colour)[:8]
"""The eight colours of the regular train cards (and of coloured tracks), in a fixed order."""
CARD_KINDS: tuple[Colour, ...] = (*COLOURS, Colour.LOCOMOTIVE)
"""Every kind of train card: the eight colours, then the locomotive."""
TRACK_COLOURS: tuple[Colour, ...] = (*COLOURS, Colour.GREY)
"""Every colour a track can have."""
CARD_INDEX: dict[Colour, int] = {colour: index for index, colour in enumerate(CARD_KINDS)}
"""The position of each card kind in :data:`CARD_KINDS` (locomotive last)."""

_NAMES: dict[str, Colour] = {
    "pink": Colour.PINK,
    "purple": Colour.PINK,
    "viola": Colour.PINK,
    "rosa": Colour.PINK,
    "white": Colour.WHITE,
    "bianco": Colour.WHITE,
    "blue": Colour.BLUE,
    "blu": Colour.BLUE,
    "yellow": Colour.YELLOW,
    "giallo": Colour.YELLOW,
    "orange": Colour.ORANGE,
    "arancio": Colour.ORANGE,
    "arancione": Colour.ORANGE,
    "black": Colour.BLACK,
    "nero": Colour.BLACK,
    "red": Colour.RED,
    "rosso": Colour.RED,
    "green": Colour.GREEN,
    "verde": Colour.GREEN,
    "locomotive": Colour.LOCOMOTIVE,
    "loco": Colour.LOCOMOTIVE,
    "locomotiva": Colour.LOCOMOTIVE,
    "wild": Colour.LOCOMOTIVE,
    "grey": Colour.GREY,
    "gray": Colour.GREY,
    "grigio": Colour.GREY,
}


class ColourError(ValueError):
    """A word that names no colour (with the closest colour name, when one is close)."""

    def __init__(self, word: str, suggestion: str | None) -> None:
        self.word = word
        self.suggestion = suggestion
        hint = f" (did you mean {suggestion}?)" if suggestion else ""
        super().__init__(f"unknown colour {word!r}{hint}")


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def parse_colour(word: str) -> Colour:
    """The colour ``word`` names (any case; English or Italian; "purple" is pink)."""
    colour = _NAMES.get(_fold(word))
    if colour is None:
        raise ColourError(word, did_you_mean(_fold(word), _NAMES))
    return colour


def card_colour(word: str) -> Colour:
    """The card kind ``word`` names: a colour or the locomotive (never grey)."""
    colour = parse_colour(word)
    if colour is Colour.GREY:
        raise ColourError(word, "locomotive")
    return colour


def track_colour(word: str) -> Colour:
    """The track colour ``word`` names: a colour or grey (never the locomotive)."""
    colour = parse_colour(word)
    if colour is Colour.LOCOMOTIVE:
        raise ColourError(word, "grey")
    return colour


class PlayerColour(enum.Enum):
    """The five player colours of the box (the rulebook's contents list)."""

    BLUE = "blue"
    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"
    BLACK = "black"

    __hash__ = object.__hash__  # identity, as equality is: C, not enum's Python-level hash

    def __str__(self) -> str:
        return self.value


_PLAYER_NAMES: dict[str, PlayerColour] = {
    **{player.value: player for player in PlayerColour},
    "blu": PlayerColour.BLUE,
    "rosso": PlayerColour.RED,
    "verde": PlayerColour.GREEN,
    "giallo": PlayerColour.YELLOW,
    "nero": PlayerColour.BLACK,
}


def parse_player(word: str) -> PlayerColour:
    """The player colour ``word`` names (English or Italian, any case)."""
    player = _PLAYER_NAMES.get(_fold(word))
    if player is None:
        raise ColourError(word, did_you_mean(_fold(word), _PLAYER_NAMES))
    return player
