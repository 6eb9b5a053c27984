"""Upper bounds on the points a build can score, without searching for it.

:class:`PointBounds` gives the best-build search its pruning bounds and the CP-SAT model its
objective's bound: the points the cards in hand can pay for, and the most tile points a walk of
k more tiles can score from an end of a canal (a dynamic programme over the canal's region).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from canaldsl.budget import StepCounter
from canaldsl.canalmania.components import TILE_POINTS, CardKind, TileKind
from canaldsl.canalmania.distances import adjacency
from canaldsl.canalmania.problem import INF, BuildProblem, CanalTask
from canaldsl.hexgrid import Hex


@dataclass
class PointBounds:
    """Bounds on the points of the builds of one problem; each cell of the dynamic programme
    counts as a step of ``counter``."""

    problem: BuildProblem
    counter: StepCounter
    geo: dict[int, dict[tuple[Hex, TileKind | None], list[int]]] = field(default_factory=dict)
    card_points: int = 0
    """The most points the cards in hand can pay for."""

    def __post_init__(self) -> None:
        e = self.problem.engineer
        # twice the most points one card can pay for
        value = {
            CardKind.STRETCH: 2 if e == "Brindley" else 0,
            CardKind.LOCK: 2,
            CardKind.AQUEDUCT: 4 if e == "Telford" else 2,
            CardKind.TUNNEL: 3 if e == "Jessop" else 2,
        }
        surveyor = max(value.values())
        value[CardKind.SURVEYOR] = surveyor * (2 if e == "Smeaton" else 1)
        self.card_points = sum(value[k] * n for k, n in self.problem.hand.items()) // 2

    def geo_bound(self, task: CanalTask) -> dict[tuple[Hex, TileKind | None], list[int]]:
        """For each end of the canal (a tile's hex and kind, or a place's hex and None): the
        most tile points of up to k more tiles, by k, over walks in the canal's region with
        no two tiles of one kind in a row within a section (cards, vias and the canal's own
        hexes are not considered). k runs up to the tiles the hand can pay for this turn
        (:meth:`depth`; a larger k reads that row), over the hexes that close to the barge;
        every cell counts as a step of the search."""
        cached = self.geo.get(task.index)
        if cached is not None:
            return cached
        board = self.problem.board
        adj = adjacency(board)
        depth = self.depth(task)
        region = frozenset(h for h in task.region if task.reach.get(h, INF) <= depth)
        tiles: list[tuple[Hex, TileKind | None]] = [
            (h, k) for h in sorted(region) for k in adj.kinds[h]
        ]
        passable = sorted(
            {p for h in region for p in adj.places[h] if task.may_pass(p)}
            | ({task.at_place} if task.at_place else set())
        )
        places: list[tuple[Hex, TileKind | None]] = [(board.places[p].hex, None) for p in passable]
        table: dict[tuple[Hex, TileKind | None], list[int]] = {s: [0] for s in tiles + places}
        start = (task.end_hex, task.last_kind)
        if start not in table:
            table[start] = [0]
            tiles.append(start)
        place_hexes = {board.places[p].hex for p in passable}

        def step(hex: Hex, last: TileKind | None, k: int) -> int:
            best = table[(hex, last)][k - 1]
            for n in adj.hexes[hex]:
                if n not in region:
                    continue
                for kind in adj.kinds[n]:
                    if kind is not last:
                        best = max(best, TILE_POINTS[kind] + table[(n, kind)][k - 1])
            return best

        for k in range(1, depth + 1):
            self.counter.step(len(tiles) + len(places))
            for hex, _ in places:
                table[(hex, None)].append(step(hex, None, k))
            for hex, last in tiles:
                best = step(hex, last, k)
                for name in adj.places[hex]:
                    ph = board.places[name].hex
                    if ph in place_hexes and name != task.at_place:
                        best = max(best, table[(ph, None)][k])
                table[(hex, last)].append(best)
        self.geo[task.index] = table
        return table

    def depth(self, task: CanalTask) -> int:
        """The most tiles the canal can take this turn: its value, and the cards in hand
        (a Smeaton surveyor may pay two tiles)."""
        hand = self.problem.hand
        cards = sum(hand.values())
        if self.problem.smeaton:
            cards += hand.get(CardKind.SURVEYOR, 0)
        return min(task.budget, cards)

    def geo_at(self, task: CanalTask, end: tuple[Hex, TileKind | None], k: int) -> int:
        """The most tile points of up to k more tiles from ``end`` (see :meth:`geo_bound`)."""
        row = self.geo_bound(task).get(end)
        if row is None:  # an end beyond the tiles this turn can take: no bound known
            return INF
        return row[min(k, len(row) - 1)]

    def coarse_bound(self) -> int:
        """An upper bound made without any search: every completion, and the most points the
        cards in hand can pay for."""
        fixed = sum(task.old_points + task.bonus for task in self.problem.canals)
        return fixed + self.card_points

    def root_bound(self) -> int:
        """An upper bound on the points of any build."""
        total_geo = 0
        fixed = 0
        for task in self.problem.canals:
            total_geo += self.geo_at(task, (task.end_hex, task.last_kind), task.budget)
            start: Hex | str = task.at_place if task.at_place else task.end_hex
            if task.finish is not None:  # from the barge, on a place or on the last tile
                fewest = task.finish.from_start(start, task.full_mask)
            else:
                fewest = task.finish_from(start, task.full_mask)
            if fewest <= task.budget:
                fixed += task.old_points + task.bonus
        return fixed + min(total_geo, self.card_points)


def upper_bound(problem: BuildProblem) -> int:
    """An upper bound on the points of any build (the search's bound at its root)."""
    return PointBounds(problem, StepCounter(None)).root_bound()
