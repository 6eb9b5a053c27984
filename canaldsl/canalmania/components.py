"""Canal Mania's components and the numbers that differ between editions.

Sources: the component lists of the three rulebooks (IT and FR 1st edition, "Componenti" /
"Contenu"; DE 2nd edition, "Spielmaterial") and ../shared/reference/canal-mania-facts.md.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final


class Edition(enum.Enum):
    FIRST = "first-edition"
    SECOND = "second-edition"

    @property
    def number(self) -> int:
        return 1 if self is Edition.FIRST else 2


class TileKind(enum.Enum):
    """The four kinds of canal tile. Straight and curved stretches are one kind."""

    __hash__ = object.__hash__
    """Members are keys of the hands, supplies and costs of every search: enum's own hash is a
    Python-level function (measured: 8% of the exact best-build search), the identity hash is
    C-level and agrees with enum equality (each member is one object). Neither hash is the same
    from one process to the next, so no output may depend on a set's order of members (the
    determinism tests run under several ``PYTHONHASHSEED`` values)."""

    STRETCH = "stretch"
    LOCK = "lock"
    AQUEDUCT = "aqueduct"
    TUNNEL = "tunnel"


class CardKind(enum.Enum):
    """The five kinds of build card; a surveyor stands in for any other kind."""

    __hash__ = object.__hash__  # as TileKind's: C-level, agrees with equality

    STRETCH = "stretch"
    LOCK = "lock"
    AQUEDUCT = "aqueduct"
    TUNNEL = "tunnel"
    SURVEYOR = "surveyor"


class Terrain(enum.Enum):
    CLEAR = "clear"
    DIFFICULT = "difficult"
    SEA = "sea"

    @property
    def buildable(self) -> bool:
        return self is not Terrain.SEA


class PlaceKind(enum.Enum):
    CITY = "city"
    TOWN = "town"


PLACE_COLOURS: Final = ("red", "yellow", "green", "blue", "black", "purple")
"""The six colours of towns and cities, and of goods symbols."""

WILD_SYMBOL: Final = "white"
"""A white goods symbol lets the player choose the colour."""

PLAYER_COLOURS: Final = ("red", "white", "black", "green", "yellow")
"""Tile and barge colours; red belongs to the first player."""

TILES_PER_PLAYER: Final = MappingProxyType(
    {TileKind.STRETCH: 16, TileKind.LOCK: 12, TileKind.AQUEDUCT: 4, TileKind.TUNNEL: 3}
)

TERRAIN_TILES: Final = MappingProxyType(
    {
        Terrain.CLEAR: (TileKind.STRETCH, TileKind.LOCK),
        Terrain.DIFFICULT: (TileKind.AQUEDUCT, TileKind.TUNNEL),
    }
)

CARDS_PER_TILE: Final = MappingProxyType(
    {TileKind.STRETCH: 1, TileKind.LOCK: 1, TileKind.AQUEDUCT: 2, TileKind.TUNNEL: 3}
)

TILE_POINTS: Final = MappingProxyType(
    {TileKind.STRETCH: 0, TileKind.LOCK: 1, TileKind.AQUEDUCT: 2, TileKind.TUNNEL: 3}
)

OVERBUILD_EXTRA_CARDS: Final = 2
HAND_LIMIT: Final = 7
DISPLAY_SIZE: Final = 5
PARLIAMENT_SIZE: Final = 5
MAX_OPEN_CONTRACTS: Final = 2
CARDS_TAKEN: Final = 3
CUBES_PER_SYMBOL: Final = 2
JUNCTION_VALUE: Final = 2


@dataclass(frozen=True)
class Engineer:
    """An engineer card: its name, birth year and the number printed on the card."""

    name: str
    born: int
    number: int


ENGINEERS: Final = MappingProxyType(
    {
        e.name: e
        for e in (
            Engineer("Brindley", 1716, 1),
            Engineer("Smeaton", 1724, 2),
            Engineer("Jessop", 1745, 3),
            Engineer("Telford", 1757, 4),
            Engineer("Rennie", 1761, 5),
        )
    }
)


@dataclass(frozen=True)
class EditionFacts:
    """Numbers that depend on the edition."""

    edition: Edition
    cubes: int
    min_players: int
    max_players: int
    end_threshold: MappingProxyType[int, int]
    parliament_end_trigger: bool
    contract_value_scored: bool
    prolific_builder_bonus: MappingProxyType[int, tuple[int, ...]]
    junctions_per_player: MappingProxyType[int, int]
    via_places_max: int | None


EDITIONS: Final = MappingProxyType(
    {
        Edition.FIRST: EditionFacts(
            edition=Edition.FIRST,
            cubes=15,
            min_players=3,
            max_players=5,
            end_threshold=MappingProxyType({3: 60, 4: 50, 5: 40}),
            parliament_end_trigger=True,
            contract_value_scored=False,
            prolific_builder_bonus=MappingProxyType(
                {3: (10, 6, 2), 4: (10, 7, 4, 1), 5: (10, 8, 6, 4, 2)}
            ),
            junctions_per_player=MappingProxyType({}),
            via_places_max=None,
        ),
        Edition.SECOND: EditionFacts(
            edition=Edition.SECOND,
            cubes=20,
            min_players=2,
            max_players=5,
            end_threshold=MappingProxyType({2: 80, 3: 70, 4: 60, 5: 50}),
            parliament_end_trigger=False,
            contract_value_scored=True,
            prolific_builder_bonus=MappingProxyType({}),
            junctions_per_player=MappingProxyType({2: 2, 3: 1, 4: 1, 5: 1}),
            via_places_max=None,
        ),
    }
)


def facts(edition: Edition) -> EditionFacts:
    return EDITIONS[edition]
