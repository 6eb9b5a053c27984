"""Fewest tiles from a canal's barge, and to its completion: the lower bounds of the searches.

Both are walks over the board's buildable hexes that the canal does not hold, a tile between
two places, passing places the canal may pass (not those it has passed, never its far endpoint
before the end; a junction canal passes none). A walk may pass a hex or place twice, so these
are lower bounds on any route; the exact test of a route is
:func:`canaldsl.canalmania.routes.route_exists`.

* :func:`reach_distances`: the fewest tiles from the barge to a tile on each hex.
* :class:`Finish`: the fewest tiles to complete the canal from a tile on a hex (or from a
  place), with a given set of its via places still to pass (a bit mask, bit i for the i-th via
  place left). One breadth-first search per via place and one for the goal give the legs;
  the best order of the via places is found by Held-Karp (:mod:`canaldsl.waypoints`), so the
  work grows with 2^k for k via places only in a small table, never with the board times 2^k.
  Values are computed when first asked for and remembered.

Every search stops at ``limit`` tiles (a canal's remaining value): farther is :data:`INF`, so a
canal with a few tiles left costs little whatever the size of the board.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from canaldsl.canalmania.board import Board
from canaldsl.canalmania.components import TERRAIN_TILES, TILE_POINTS, TileKind
from canaldsl.hexgrid import Hex
from canaldsl.waypoints import INF, Tours


@dataclass(frozen=True)
class Adjacency:
    """The board's neighbourhoods, once per board: buildable neighbours and places nearby."""

    hexes: Mapping[Hex, tuple[Hex, ...]]
    places: Mapping[Hex, tuple[str, ...]]
    kinds: Mapping[Hex, tuple[TileKind, ...]]
    """Tile kinds each buildable hex takes, the higher-scoring first."""


@functools.lru_cache(maxsize=16)
def adjacency(board: Board) -> Adjacency:
    place_at = board.place_at
    buildable = board.buildable_hexes
    hexes: dict[Hex, tuple[Hex, ...]] = {}
    places: dict[Hex, tuple[str, ...]] = {}
    kinds: dict[Hex, tuple[TileKind, ...]] = {}
    for hex, terrain in board.terrain.items():
        neighbours = board.neighbours(hex)
        hexes[hex] = tuple(n for n in neighbours if n in buildable)
        places[hex] = tuple(place_at[n].name for n in neighbours if n in place_at)
        if hex in buildable:
            kinds[hex] = _KINDS[terrain]
    return Adjacency(hexes, places, kinds)


_KINDS = {
    terrain: tuple(sorted(tiles, key=lambda k: (-TILE_POINTS[k], k.value)))
    for terrain, tiles in TERRAIN_TILES.items()
}
"""The tile kinds each terrain takes, the higher-scoring first (:attr:`Adjacency.kinds`)."""


@dataclass(frozen=True)
class Walk:
    """Where a canal's walks may go: the hexes it holds, the places it has passed, its far
    endpoint (None for a junction canal) and whether it is a junction canal."""

    board: Board
    own: frozenset[Hex]
    visited: frozenset[str]
    far: str | None
    junction: bool

    def may_pass(self, place: str) -> bool:
        """The canal may reach this place without completing (an intermediate place)."""
        return place not in self.visited and not self.junction and place != self.far

    def goals(self) -> tuple[str, ...]:
        """The places whose reaching completes the canal (with no via place left)."""
        if self.junction:
            return tuple(sorted(p for p in self.board.places if p not in self.visited))
        if self.far is None or self.far in self.visited:
            return ()
        return (self.far,)

    def tiles_next_to(self, place: str) -> Iterator[Hex]:
        """The hexes next to a place on which a tile of the canal may stand."""
        adj = adjacency(self.board)
        for n in adj.hexes.get(self.board.places[place].hex, ()):
            if n not in self.own:
                yield n


Weight = Callable[[Hex], int]
"""What a tile on a hex counts, 0 or 1 (every tile: 1; only tiles on difficult terrain: ...)."""


def _one(hex: Hex) -> int:
    return 1


def _to_places(
    walk: Walk, targets: Iterable[str], limit: int | None, weight: Weight = _one
) -> dict[Hex, int]:
    """Fewest more tiles (each counted by ``weight``) from a tile on each hex to reach one of
    ``targets`` (0: the tile is next to one), within ``limit``: a 0-1 breadth-first search
    backwards from the targets (a tile next to a passable place reaches it for nothing, and
    goes on from there)."""
    adj = adjacency(walk.board)
    board = walk.board
    dist: dict[Hex, int] = {}
    queue: deque[tuple[int, Hex]] = deque()
    for target in sorted(set(targets)):
        for hex in walk.tiles_next_to(target):
            if hex not in dist:
                dist[hex] = 0
                queue.append((0, hex))
    place_done: dict[str, int] = {}
    while queue:
        d, hex = queue.popleft()
        if dist.get(hex, INF) < d:
            continue
        nd = d + weight(hex)  # a tile before this one needs this one and d more
        if limit is not None and nd > limit:
            continue
        near = [n for n in adj.hexes[hex] if n not in walk.own]
        for name in adj.places[hex]:
            # a barge on this place needs this tile and d more; a tile next to the place
            # reaches it for nothing, when the canal may pass it
            if not walk.may_pass(name) or place_done.get(name, INF) <= nd:
                continue
            place_done[name] = nd
            near += [n for n in adj.hexes[board.places[name].hex] if n not in walk.own]
        for n in near:
            if dist.get(n, INF) > nd:
                dist[n] = nd
                if nd == d:
                    queue.appendleft((nd, n))
                else:
                    queue.append((nd, n))
    return dist


class Finish:
    """Fewest tiles to complete a canal from a tile on a hex, or from a place, with the via
    places of a mask still to pass (see the module docstring); INF beyond ``limit``."""

    def __init__(
        self, walk: Walk, vias: tuple[str, ...], limit: int | None, weight: Weight = _one
    ) -> None:
        self.walk = walk
        self.vias = vias
        self.limit = limit
        self.weight = weight
        self.to_goal = _to_places(walk, walk.goals(), limit, weight) if walk.goals() else {}
        self.to_via = [_to_places(walk, (v,), limit, weight) for v in vias]
        legs = [[self._leg(v, to) for to in self.to_via] for v in vias]
        self.tours = Tours(legs, [self._leg(v, self.to_goal) for v in vias])
        self._tiles: dict[tuple[Hex, int], int] = {}
        self._places: dict[tuple[str, int], int] = {}

    def _leg(self, place: str, to: Mapping[Hex, int]) -> int:
        """Fewest tiles from a barge on ``place`` to the target of the map ``to``."""
        near = self.walk.tiles_next_to(place)
        return min((self.weight(n) + to.get(n, INF) for n in near), default=INF)

    def tile(self, hex: Hex, mask: int) -> int:
        key = (hex, mask)
        found = self._tiles.get(key)
        if found is None:
            if hex in self.walk.own:
                found = INF
            elif not mask:
                found = self.to_goal.get(hex, INF)
            else:
                legs = [to.get(hex, INF) for to in self.to_via]
                found = self.tours.through(legs, self.to_goal.get(hex, INF), mask)
            if self.limit is not None and found > self.limit:
                found = INF
            self._tiles[key] = found
        return found

    def place(self, name: str, mask: int) -> int:
        key = (name, mask)
        found = self._places.get(key)
        if found is None:
            found = min(
                (1 + self.tile(n, mask) for n in self.walk.tiles_next_to(name)), default=INF
            )
            if found >= INF or (self.limit is not None and found > self.limit):
                found = INF
            self._places[key] = found
        return found

    def from_end(self, hex: Hex, mask: int) -> int:
        """Fewest more tiles from the canal's last tile on ``hex`` (a hex it holds): to a goal
        next to it, through a place next to it, or on to a tile next to it."""
        board = self.walk.board
        adj = adjacency(board)
        best = INF
        for name in adj.places.get(hex, ()):
            if not mask and name in self.walk.goals():
                return 0
            if self.walk.may_pass(name):
                bit = 1 << self.vias.index(name) if name in self.vias else 0
                best = min(best, self.place(name, mask & ~bit))
        for n in adj.hexes.get(hex, ()):
            best = min(best, self.weight(n) + self.tile(n, mask))
        return INF if self.limit is not None and best > self.limit else min(best, INF)

    def to_via_from(self, start: Hex | str, i: int) -> int:
        """Fewest more tiles from ``start`` (a place, a tile on a hex, or the canal's last
        tile) to reach the i-th via place, whatever else is left."""
        via = self.vias[i]
        to = self.to_via[i]
        if isinstance(start, str):
            if start == via:
                return 0
            near = self.walk.tiles_next_to(start)
            return min((self.weight(n) + to.get(n, INF) for n in near), default=INF)
        if start not in self.walk.own:
            return to.get(start, INF)
        adj = adjacency(self.walk.board)
        best = INF
        for name in adj.places.get(start, ()):
            if name == via:
                return 0
            if self.walk.may_pass(name):
                near = self.walk.tiles_next_to(name)
                best = min(best, min((self.weight(n) + to.get(n, INF) for n in near), default=INF))
        for n in adj.hexes.get(start, ()):
            if n not in self.walk.own:
                best = min(best, self.weight(n) + to.get(n, INF))
        return min(best, INF)

    def from_start(self, start: Hex | str, mask: int) -> int:
        """Fewest more tiles from the barge: on a place, or on the canal's last tile."""
        if isinstance(start, str):
            return self.place(start, mask)
        return self.from_end(start, mask)

    def least(self, hex: Hex) -> int:
        """The fewest tiles from a tile on ``hex`` with any via places left (those of no
        mask: a walk through the via places is also a walk to the goal)."""
        return self.tile(hex, 0)


class TileDistances(Mapping[tuple[Hex, int], int]):
    """``Finish.tile`` as a read-only mapping (hex, mask) -> tiles; missing keys are INF
    (``get`` returns the default for them). Not iterable: the values are made when asked."""

    def __init__(self, finish: Finish) -> None:
        self.finish = finish

    def __getitem__(self, key: tuple[Hex, int]) -> int:
        found = self.finish.tile(*key)
        if found >= INF:
            raise KeyError(key)
        return found

    def get(self, key: tuple[Hex, int], default: int | None = None) -> int | None:  # type: ignore[override]
        found = self.finish.tile(*key)
        return default if found >= INF else found

    def __iter__(self) -> Iterator[tuple[Hex, int]]:
        return iter(())

    def __len__(self) -> int:
        return 0


class PlaceDistances(Mapping[tuple[str, int], int]):
    """``Finish.place`` as a read-only mapping (place, mask) -> tiles (see TileDistances)."""

    def __init__(self, finish: Finish) -> None:
        self.finish = finish

    def __getitem__(self, key: tuple[str, int]) -> int:
        found = self.finish.place(*key)
        if found >= INF:
            raise KeyError(key)
        return found

    def get(self, key: tuple[str, int], default: int | None = None) -> int | None:  # type: ignore[override]
        found = self.finish.place(*key)
        return default if found >= INF else found

    def __iter__(self) -> Iterator[tuple[str, int]]:
        return iter(())

    def __len__(self) -> int:
        return 0


def reach_distances(walk: Walk, start: Hex | str, limit: int | None) -> dict[Hex, int]:
    """Fewest tiles from the barge (on a tile's hex, or on a place) to a tile on each hex,
    passing places the canal may pass on the way; none beyond ``limit``."""
    adj = adjacency(walk.board)
    board = walk.board
    dist: dict[Hex, int] = {}
    queue: deque[tuple[int, Hex]] = deque()
    passed: set[str] = set()

    def from_place(name: str, d: int) -> None:
        if limit is not None and d + 1 > limit:
            return
        for n in adj.hexes[board.places[name].hex]:
            if n not in walk.own and dist.get(n, INF) > d + 1:
                dist[n] = d + 1
                queue.append((d + 1, n))

    def from_tile(hex: Hex, d: int) -> None:
        if limit is not None and d + 1 > limit:
            return
        for n in adj.hexes.get(hex, ()):
            if n not in walk.own and dist.get(n, INF) > d + 1:
                dist[n] = d + 1
                queue.append((d + 1, n))
        for name in adj.places.get(hex, ()):
            if walk.may_pass(name) and name not in passed:
                passed.add(name)
                from_place(name, d)

    if isinstance(start, str):
        from_place(start, 0)
    else:
        from_tile(start, 0)
    while queue:
        d, hex = queue.popleft()
        if dist.get(hex, INF) < d:
            continue
        from_tile(hex, d)
    return dist


__all__ = [
    "INF",
    "Adjacency",
    "Finish",
    "PlaceDistances",
    "TileDistances",
    "Walk",
    "adjacency",
    "reach_distances",
]
