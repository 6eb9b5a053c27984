"""The lower bound of the fewest-cards completion search: a table computed backwards from the goal.

For every number of tiles left, the fewest cards finishing the canal from each tile (hex,
kind, via places left) or place of the region the barge can reach; the search of
:mod:`canaldsl.canalmania.completionsearch` walks in the order of this bound and prunes by
it. Every cell counts as a step of the work budget.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field

from canaldsl.budget import StepCounter
from canaldsl.canalmania.board import Board
from canaldsl.canalmania.checks_build import base_cost
from canaldsl.canalmania.components import OVERBUILD_EXTRA_CARDS, TERRAIN_TILES, TileKind
from canaldsl.canalmania.distances import Finish, Walk
from canaldsl.canalmania.problem import INF, CanalTask, RouteItem
from canaldsl.hexgrid import Hex

ALL_KINDS = (TileKind.STRETCH, TileKind.LOCK, TileKind.AQUEDUCT, TileKind.TUNNEL)

Node = tuple[Hex, TileKind | None, int] | tuple[str, int]
"""A point of the search: a tile (its hex, its kind, the via places left as a bit mask) or a
place the canal has reached (its name, the mask)."""


@dataclass(frozen=True)
class Setting:
    """One completion question: the canal, its supply, its player's engineer and the rules."""

    board: Board
    task: CanalTask
    supply: Mapping[TileKind, int]
    engineer: str | None
    rules: frozenset[str]
    most_tiles: int
    known_kinds: dict[Hex, tuple[TileKind, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """:meth:`kinds` of each hex asked about, once (a pure function of the hex and the fields
    above, which never change; the table and the search ask it hundreds of thousands of
    times)."""

    def has(self, rule: str) -> bool:
        return rule in self.rules

    def kinds(self, hex: Hex) -> tuple[TileKind, ...]:
        """The kinds a tile on ``hex`` may be (none on a place; terrain and supply obeyed when
        their rules are)."""
        known = self.known_kinds.get(hex)
        if known is None:
            known = self.known_kinds[hex] = self._kinds(hex)
        return known

    def _kinds(self, hex: Hex) -> tuple[TileKind, ...]:
        board = self.board
        if hex in board.place_at or hex not in board.terrain:
            return ()
        if self.has("build.terrain"):
            terrain = board.terrain[hex]
            kinds: tuple[TileKind, ...] = TERRAIN_TILES.get(terrain, ())
        else:
            kinds = ALL_KINDS
        if self.has("build.tile-supply"):
            kinds = tuple(k for k in kinds if self.supply.get(k, 0) > 0)
        return kinds

    def cost(self, hex: Hex, kind: TileKind) -> int:
        extra = OVERBUILD_EXTRA_CARDS if hex in self.task.occupied else 0
        return base_cost(kind, self.engineer) + extra

    def may_hold(self, hex: Hex) -> bool:
        """A hex the route may use at all (its own old hexes only without integrity)."""
        return not (self.has("build.canal-integrity") and hex in self.task.own)

    def goal(self, name: str, mask: int) -> bool:
        task = self.task
        if name in task.visited:
            return False
        if task.junction:
            return True
        return name == task.far and (mask == 0 or not self.has("build.via-places"))

    def passable(self, name: str) -> bool:
        """A place the route may pass on its way (without completing there): not the far
        endpoint; one the canal has passed only without integrity (a junction canal passes
        no other place)."""
        task = self.task
        if task.junction:
            return name in task.visited and not self.has("build.canal-integrity")
        if name == task.far:
            return False
        return name not in task.visited or not self.has("build.canal-integrity")


TABLE_CELLS = 400_000
"""The most cells the table of bounds has for every set of via places left; beyond, it keeps
only the set of none (a smaller bound, still a lower bound: any completion through the via
places is also a walk to the far endpoint)."""

EXACT_WALK_RULES = frozenset({"build.terrain", "build.canal-integrity", "build.via-places"})
"""The rules under which the walks of :mod:`canaldsl.canalmania.distances` bound a route."""


class CompletionTable:
    """The question, the region and the table of bounds of one completion search."""

    def __init__(self, setting: Setting, counter: StepCounter, share: float = 1.0) -> None:
        self.s = setting
        self.counter = counter
        self.share = share
        self.nodes = 0
        self.best = INF
        self.best_route: tuple[RouteItem, ...] = ()
        self.masks = (
            range(setting.task.full_mask + 1) if setting.has("build.via-places") else range(1)
        )
        self.reduced = False
        """Whether the table keeps only the set of no via place left (see TABLE_CELLS)."""
        self.finish: Finish | None = None
        self.region: set[Hex] = set()
        self.table: list[dict[Node, int]] = []
        self.fewest_tiles: dict[Node, int] = {}
        """The fewest more tiles finishing from each node (from the table)."""
        self.memo: dict[object, tuple[int, tuple[RouteItem, ...]]] = {}

    def prepare(self) -> None:
        """The region, the walks' bound and the table (each step counted)."""
        s = self.s
        if s.rules >= EXACT_WALK_RULES:
            task = s.task
            walk = Walk(s.board, task.own, task.visited, task.far, task.junction)
            self.finish = Finish(walk, task.vias, s.most_tiles)
        self.region = self._region()
        self.counter.step(len(self.region))
        tiles = sum(len(self.s.kinds(h)) for h in self.region)
        if (s.most_tiles + 1) * tiles * len(self.masks) > TABLE_CELLS:
            self.masks, self.reduced = range(1), True
        self.table = self._bound()
        for t, row in enumerate(self.table):
            for node, value in row.items():
                if value < INF and node not in self.fewest_tiles:
                    self.fewest_tiles[node] = t
        self.counter.narrow(self.share)

    def key(self, node: Node) -> Node:
        """The table's key for a node (the mask dropped when the table is reduced)."""
        if not self.reduced:
            return node
        if len(node) == 3:
            return (node[0], node[1], 0)
        return (node[0], 0)

    # -- the bound
    def _start_mask(self) -> int:
        return self.s.task.full_mask if self.s.has("build.via-places") else 0

    def _region(self) -> set[Hex]:
        """Hexes a tile of the route can stand on: within reach of the barge (and, under the
        rules the walks follow, with room left to finish from there)."""
        s = self.s
        board = s.board
        task = s.task
        start = board.places[task.at_place].hex if task.at_place else task.end_hex
        seen = {start: 0}
        queue: deque[Hex] = deque([start])
        while queue:
            here = queue.popleft()
            d = seen[here]
            if d >= s.most_tiles and here not in board.place_at:
                continue
            for n in board.neighbours(here):
                if n in seen:
                    continue
                if n in board.place_at:
                    seen[n] = d
                    queue.appendleft(n)
                elif s.kinds(n):
                    seen[n] = d + 1
                    queue.append(n)
        finish = self.finish
        return {
            h
            for h, d in seen.items()
            if h not in board.place_at
            and d <= s.most_tiles
            and (finish is None or d + finish.least(h) <= s.most_tiles)
        }

    def _bound(self) -> list[dict[Node, int]]:
        """table[t][node]: the fewest cards finishing from ``node`` with at most t more tiles,
        never passing a hex or place twice and the supply not counted (a lower bound)."""
        s = self.s
        board = s.board
        region = self.region
        tiles = [(h, k) for h in sorted(region) for k in s.kinds(h) if s.may_hold(h)]
        near: set[str] = set()
        for h in region:
            for n in board.neighbours(h):
                place = board.place_at.get(n)
                if place is not None and s.passable(place.name):
                    near.add(place.name)
        places = sorted(near)
        consecutive = s.has("build.consecutive-tiles")
        table: list[dict[Node, int]] = []
        for t in range(s.most_tiles + 1):
            row: dict[Node, int] = {}
            before = table[t - 1] if t else None
            for name in places:
                for m in self.masks:
                    row[(name, m)] = INF if before is None else self._from_place(name, m, before)
            for hex, kind in tiles:
                for m in self.masks:
                    best = INF
                    for n in board.neighbours(hex):
                        place = board.place_at.get(n)
                        if place is not None:
                            if s.goal(place.name, m):
                                best = 0
                                break
                            if s.passable(place.name):
                                left = m & ~s.task.via_bit(place.name) if m else 0
                                best = min(best, row.get((place.name, left), INF))
                            continue
                        if before is None or n not in region or not s.may_hold(n):
                            continue
                        for other in s.kinds(n):
                            if consecutive and other is kind:
                                continue
                            value = before.get((n, other, m), INF)
                            if value < INF:
                                best = min(best, s.cost(n, other) + value)
                    row[(hex, kind, m)] = best
            self.counter.step(len(row))
            table.append(row)
        return table

    def _from_place(self, name: str, mask: int, before: dict[Node, int]) -> int:
        """The fewest cards finishing from place ``name`` (via places ``mask`` left): a first
        tile next to it, then the row of one tile fewer."""
        s = self.s
        best = INF
        for n in s.board.neighbours(s.board.places[name].hex):
            if n not in self.region or not s.may_hold(n):
                continue
            for kind in s.kinds(n):
                value = before.get((n, kind, mask), INF)
                if value < INF:
                    best = min(best, s.cost(n, kind) + value)
        return best

    def lower(self, node: Node, left: int) -> int:
        return self.table[left].get(self.key(node), INF) if left >= 0 else INF
