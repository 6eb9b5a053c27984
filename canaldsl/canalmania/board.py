"""A Canal Mania board: hexes and their terrain, places, and contracts.

A :class:`Board` is immutable and already checked: every place sits on a hex of the grid, every
contract names places of the board. Boards are built from the language by
:mod:`canaldsl.canalmania.semantics`; the built-in England boards live in ``boards/``.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from canaldsl.canalmania.components import TERRAIN_TILES, PlaceKind, Terrain, TileKind
from canaldsl.hexgrid import Hex
from canaldsl.waypoints import INF as WAYPOINTS_INF
from canaldsl.waypoints import fewest_through


@dataclass(frozen=True)
class Place:
    """A town or city on one hex, with its colour."""

    name: str
    kind: PlaceKind
    colour: str
    hex: Hex

    @property
    def is_city(self) -> bool:
        return self.kind is PlaceKind.CITY


@dataclass(frozen=True)
class Contract:
    """A canal contract: two endpoints, places it must pass through, and its value."""

    name: str
    endpoints: tuple[str, str]
    via: tuple[str, ...]
    value: int
    starting: bool = False

    @property
    def places(self) -> tuple[str, ...]:
        return (*self.endpoints, *self.via)

    def other_endpoint(self, start: str) -> str:
        a, b = self.endpoints
        return b if start == a else a

    def vias_missing(self, passed: Iterable[str]) -> list[str]:
        """The places this contract names that a canal passing ``passed`` has not passed, in
        the contract's order (the one test behind build.via-places and E415)."""
        seen = set(passed)
        return [v for v in self.via if v not in seen]


class TileSite(enum.Enum):
    """Whether a tile of a kind may stand on a hex, and if not, why: the one test behind the
    rule build.terrain (a turn) and the codes E303, E409 and E410 (a declared canal)."""

    FITS = "fits"
    OFF_MAP = "off the map"
    PLACE = "a town or city"
    UNBUILDABLE = "no tile may stand there"
    WRONG_TERRAIN = "the terrain takes other tiles"


@dataclass(frozen=True, eq=False)
class Board:
    """The hexes of a map with their terrain, the places on them and the contracts."""

    name: str
    title: str
    terrain: Mapping[Hex, Terrain]
    places: Mapping[str, Place]
    contracts: Mapping[str, Contract]
    columns: int
    rows: int
    source: str = field(default="", compare=False)

    @cached_property
    def place_at(self) -> Mapping[Hex, Place]:
        return MappingProxyType({p.hex: p for p in self.places.values()})

    def __contains__(self, hex: Hex) -> bool:
        return hex in self.terrain

    def neighbours(self, hex: Hex) -> tuple[Hex, ...]:
        """The neighbours of a hex that are on this board."""
        found = self._neighbours.get(hex)
        if found is None:
            terrain = self.terrain
            found = self._neighbours[hex] = tuple(n for n in hex.neighbours() if n in terrain)
        return found

    @cached_property
    def _neighbours(self) -> dict[Hex, tuple[Hex, ...]]:
        """:meth:`neighbours` of each hex asked about, computed once (the board is frozen)."""
        return {}

    def tile_site(self, hex: Hex, kind: TileKind) -> TileSite:
        """Whether a tile of ``kind`` may stand on ``hex``: never on a place, off the map or
        at sea; clear terrain takes a stretch or a lock, difficult terrain an aqueduct or a
        tunnel (:data:`~canaldsl.canalmania.components.TERRAIN_TILES`)."""
        if hex in self.place_at:
            return TileSite.PLACE
        terrain = self.terrain.get(hex)
        if terrain is None:
            return TileSite.OFF_MAP
        if not terrain.buildable:
            return TileSite.UNBUILDABLE
        if kind not in TERRAIN_TILES[terrain]:
            return TileSite.WRONG_TERRAIN
        return TileSite.FITS

    def is_buildable(self, hex: Hex) -> bool:
        """Whether a tile may stand on this hex: on the board, not sea, not a place."""
        return hex in self.buildable_hexes

    @cached_property
    def buildable_hexes(self) -> frozenset[Hex]:
        """Every hex a tile may stand on (:meth:`is_buildable`), worked out once."""
        place_at = self.place_at
        return frozenset(h for h, t in self.terrain.items() if t.buildable and h not in place_at)

    def places_of_colour(self, colour: str) -> tuple[Place, ...]:
        return tuple(p for p in self.places.values() if p.colour == colour)

    def shortest_section(self, a: str, b: str) -> tuple[Hex, ...] | None:
        """The hexes of a shortest section from place ``a`` to place ``b`` (no place between).

        Ties are broken the same way every time (neighbours in clockwise order).
        """
        start = self.places[a].hex
        goal = self.places[b].hex
        parent: dict[Hex, Hex | None] = {}
        queue: list[Hex] = []
        for n in self.neighbours(start):
            if self.is_buildable(n) and n not in parent:
                parent[n] = None
                queue.append(n)
        head = 0
        while head < len(queue):
            hex = queue[head]
            head += 1
            if goal in self.neighbours(hex):
                path = [hex]
                while (previous := parent[path[-1]]) is not None:
                    path.append(previous)
                return tuple(reversed(path))
            for n in self.neighbours(hex):
                if n not in parent and self.is_buildable(n):
                    parent[n] = hex
                    queue.append(n)
        return None

    def fewest_tiles(self, contract: Contract) -> int | None:
        """A lower bound on the tiles any canal for this contract needs (None: impossible).

        Each section may pass through other places; the via places may come in any order:
        the best order is found by a dynamic programme over the subsets of the via places
        (:mod:`canaldsl.waypoints`), each leg between two places computed once."""
        first, last = contract.endpoints
        vias = contract.via
        legs = [[self._leg(a, b) for b in vias] for a in vias]
        found = fewest_through(
            [self._leg(first, v) for v in vias],
            legs,
            [self._leg(v, last) for v in vias],
            self._leg(first, last),
        )
        return None if found >= WAYPOINTS_INF else found

    def _leg(self, a: str, b: str) -> int:
        found = self.tiles_between(a, b)
        return WAYPOINTS_INF if found is None else found

    def tiles_between(self, a: str, b: str) -> int | None:
        """Fewest tiles from ``a`` to ``b``, allowing the canal to pass through other places.

        One search per place ``a``, run only as far as the places asked about need (resumed
        for a farther one): on a large board with a few hundred contracts, each search run to
        the end over every hex was most of the time ``canaldsl check`` took."""
        walk = self._walks.get(a)
        if walk is None:
            walk = self._walks[a] = _Walk(self.places[a].hex, self._near)
        return walk.fewest_to(b)

    @cached_property
    def _near(self) -> _Near:
        """Each hex's neighbours on the board: whether a tile may stand there, its place
        (worked out for a hex when a walk first reaches it)."""
        names = {hex: place.name for hex, place in self.place_at.items()}
        return _Near(self.terrain, self.buildable_hexes, names)

    @cached_property
    def _walks(self) -> dict[str, _Walk]:
        return {}


class _Near(dict[Hex, tuple[tuple[Hex, bool, str | None], ...]]):
    """A hex's neighbours on the board, each with whether a tile may stand there and the name
    of its place (None: no place), made when first asked for (a hex off the board has none).
    The walks of a board declaration's fewest-tiles bounds reach only part of the board:
    making the table of every hex at once was half their time on the differential test's
    boards."""

    __slots__ = ("buildable", "names", "terrain")

    def __init__(
        self, terrain: Mapping[Hex, Terrain], buildable: frozenset[Hex], names: dict[Hex, str]
    ) -> None:
        super().__init__()
        self.terrain = terrain
        self.buildable = buildable
        self.names = names

    def __missing__(self, hex: Hex) -> tuple[tuple[Hex, bool, str | None], ...]:
        terrain = self.terrain
        if hex not in terrain:
            return ()
        buildable, names = self.buildable, self.names
        found = self[hex] = tuple(
            (n, n in buildable, names.get(n)) for n in hex.neighbours() if n in terrain
        )
        return found


class _Walk:
    """Fewest tiles from one place to others: a 0-1 breadth-first search over hexes (entering
    a buildable hex costs 1, entering a place costs 0, and a section, place to place, needs at
    least one tile), stopped once the place asked about is reached and resumed for the next.

    Hexes leave the queue in order of cost, so a place is reached first at its fewest tiles.
    A hex is either a place or buildable, so it is its own key (the start is a place)."""

    __slots__ = ("best", "done", "near", "queue", "reached", "start")

    def __init__(self, start: Hex, near: _Near):
        self.start = start
        self.near = near
        self.queue: deque[tuple[int, Hex, bool]] = deque([(0, start, True)])
        self.best: dict[Hex, int] = {start: 0}
        self.done: set[Hex] = set()
        self.reached: dict[str, int] = {}

    def fewest_to(self, goal: str) -> int | None:
        reached = self.reached
        if goal in reached:
            return reached[goal]
        queue, best, done, near, start = self.queue, self.best, self.done, self.near, self.start
        while queue:
            cost, hex, at_place = queue.popleft()
            if hex in done:
                continue
            done.add(hex)
            for n, buildable, place in near[hex]:
                if place is not None and not at_place and place not in reached:
                    reached[place] = cost
                if buildable:
                    if best.get(n, cost + 2) > cost + 1:
                        best[n] = cost + 1
                        queue.append((cost + 1, n, False))
                elif (
                    place is not None
                    and not at_place
                    and n != start
                    and best.get(n, cost + 1) > cost
                ):
                    best[n] = cost
                    queue.appendleft((cost, n, True))
            if goal in reached:
                return reached[goal]
        return None


def make_board(
    *,
    name: str,
    title: str,
    terrain: Mapping[Hex, Terrain],
    places: Iterable[Place],
    contracts: Iterable[Contract],
    source: str = "",
) -> Board:
    """A board from its parts (already checked for consistency by the caller)."""
    terrain = dict(terrain)
    columns = max((h.col for h in terrain), default=-1) + 1
    rows = max((h.row for h in terrain), default=-1) + 1
    return Board(
        name=name,
        title=title,
        terrain=MappingProxyType(terrain),
        places=MappingProxyType({p.name: p for p in places}),
        contracts=MappingProxyType({c.name: c for c in contracts}),
        columns=columns,
        rows=rows,
        source=source,
    )
