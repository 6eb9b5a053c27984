"""The longest trail in a player's network of tracks, by a depth-first search (the `search` method).

A trail is a walk that never uses a track twice; it may pass through a city again (the
rulebook's longest continuous route). Its length is the sum of its tracks' lengths. The search
runs over tracks, from every city, in a fixed order, and cuts a branch when even the best
continuation could not beat the best trail found: the bound is the length of the unused tracks
still reachable, less what parity forces to stay unused (every city other than the trail's end
where an odd number of unused tracks meet keeps one of them unused; one unused track serves at
most two such cities).

The search counts its steps; past ``budget`` steps it stops and says so (``proven`` False,
``bound`` an upper bound), so no input makes it run without end. This module knows nothing of
the rules or of CP-SAT; :mod:`canaldsl.tickettoride.network` combines it with the Euler bound
into the search method that the CP-SAT model is checked against.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

DEFAULT_BUDGET = 2_000_000
"""Search steps (tracks tried) allowed by default, over all of a network's components."""


@dataclass(frozen=True)
class Edge:
    """A track as the search sees it: a number, two city numbers, a length."""

    id: int
    a: int
    b: int
    length: int


@dataclass(frozen=True)
class Trail:
    """A trail: its cities in order (one more than its tracks), its tracks, its length.
    ``proven``: no trail of the network is longer; ``bound``: no trail is longer than it;
    ``steps``: search steps taken."""

    length: int
    cities: tuple[int, ...]
    tracks: tuple[int, ...]
    proven: bool = True
    bound: int = 0
    steps: int = 0


EMPTY = Trail(0, (), (), True, 0, 0)


def is_trail(edges: Sequence[Edge], cities: Sequence[int], tracks: Sequence[int]) -> bool:
    """Whether ``tracks`` taken in order from ``cities[0]`` form a trail through ``cities``."""
    by_id = {edge.id: edge for edge in edges}
    if len(set(tracks)) != len(tracks) or len(cities) != len(tracks) + (1 if tracks else 0):
        return False
    for index, track in enumerate(tracks):
        edge = by_id.get(track)
        if edge is None or {edge.a, edge.b} != {cities[index], cities[index + 1]}:
            return False
    return True


def components(edges: Sequence[Edge]) -> list[list[Edge]]:
    """The edges grouped by connected component, each group in the given order; groups in
    the order of their first edge."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for edge in edges:
        parent[find(edge.a)] = find(edge.b)
    groups: dict[int, list[Edge]] = {}
    for edge in edges:
        groups.setdefault(find(edge.a), []).append(edge)
    return list(groups.values())


def search_trail(
    edges: Sequence[Edge],
    *,
    budget: int = DEFAULT_BUDGET,
    floor: int = 0,
    ceiling: int | None = None,
) -> Trail:
    """The longest trail of one connected network ``edges`` longer than ``floor`` (EMPTY when
    none is), by depth-first search. ``ceiling``: a known upper bound (the search stops as
    soon as a trail reaches it)."""
    return _Search(edges, budget, floor, ceiling).run()


class _Search:
    """Depth-first search for the longest trail of one connected network."""

    def __init__(self, edges: Sequence[Edge], budget: int, floor: int, ceiling: int | None) -> None:
        self.edges = list(edges)
        cities = sorted({c for e in edges for c in (e.a, e.b)})
        self.index = {city: i for i, city in enumerate(cities)}
        self.cities = cities
        self.adjacency: list[list[tuple[int, int]]] = [[] for _ in cities]
        for number, edge in enumerate(self.edges):
            a, b = self.index[edge.a], self.index[edge.b]
            self.adjacency[a].append((number, b))
            self.adjacency[b].append((number, a))
        for entries in self.adjacency:  # longer tracks first: good trails are found early
            entries.sort(key=lambda entry: (-self.edges[entry[0]].length, entry[0]))
        self.used = [False] * len(self.edges)
        self.budget = max(budget, 0)
        self.steps = 0
        self.best_length = floor
        self.best: tuple[int, list[int], list[int]] | None = None
        self.stopped = False
        self.ceiling = ceiling

    def run(self) -> Trail:
        root_bound = self._bound(0, -1)
        if self.ceiling is not None:
            root_bound = min(root_bound, self.ceiling)
        self.root_bound = root_bound
        order = sorted(
            range(len(self.cities)),
            key=lambda c: (len(self.adjacency[c]) % 2 == 0, -len(self.adjacency[c]), c),
        )
        path_cities: list[int] = []
        path_edges: list[int] = []
        for start in order:
            if self.best_length >= root_bound or self.stopped:
                break
            path_cities[:] = [start]
            self._extend(start, 0, path_cities, path_edges)
        proven = not self.stopped
        if self.best is None:
            return Trail(0, (), (), proven, root_bound if not proven else 0, self.steps)
        length, cities, edges = self.best
        return Trail(
            length,
            tuple(self.cities[c] for c in cities),
            tuple(self.edges[e].id for e in edges),
            proven,
            length if proven else root_bound,
            self.steps,
        )

    def _extend(self, city: int, length: int, cities: list[int], edges: list[int]) -> None:
        if length > self.best_length:
            self.best_length = length
            self.best = (length, list(cities), list(edges))
        if self.best_length >= self.root_bound or self._bound(length, city) <= self.best_length:
            return
        for number, other in self.adjacency[city]:
            if self.used[number]:
                continue
            self.steps += 1
            if self.steps > self.budget:
                self.stopped = True
                return
            self.used[number] = True
            cities.append(other)
            edges.append(number)
            self._extend(other, length + self.edges[number].length, cities, edges)
            edges.pop()
            cities.pop()
            self.used[number] = False
            if self.stopped:
                return

    def _bound(self, length: int, city: int) -> int:
        """An upper bound on any trail continuing from ``city`` (any city when -1)."""
        starts = [city] if city >= 0 else range(len(self.cities))
        seen = [False] * len(self.cities)
        best = 0
        for start in starts:
            if seen[start]:
                continue
            seen[start] = True
            stack = [start]
            weight = 0
            odd_min: list[int] = []
            while stack:
                current = stack.pop()
                degree = 0
                lightest = 0
                for number, other in self.adjacency[current]:
                    if self.used[number]:
                        continue
                    degree += 1
                    edge_length = self.edges[number].length
                    weight += edge_length
                    if lightest == 0 or edge_length < lightest:
                        lightest = edge_length
                    if not seen[other]:
                        seen[other] = True
                        stack.append(other)
                if degree % 2 and current != city:
                    odd_min.append(lightest)
            weight //= 2
            free = 1 if city >= 0 else 2  # the trail's end (and its start, when not given)
            if len(odd_min) > free:
                odd_min.sort()
                weight -= (sum(odd_min[:-free]) + 1) // 2
            best = max(best, weight)
        return length + best
