"""An upper bound on the longest trail, and often the trail itself: the Euler relaxation.

The tracks of a trail form a connected set in which at most two cities meet an odd number of
them (Euler). Dropping "connected" gives a relaxation: the heaviest set of tracks with at most
two odd cities is the whole network less the lightest set of tracks D whose removal leaves at
most two odd cities. D is a T-join (its odd cities are T, the network's odd cities changed in
at most two places), and the lightest T-join is a lightest pairing of T's cities by shortest
paths. That pairing is found exactly by a dynamic programme over sets of odd cities (the first
city left is paired with another one, or is one of the at most two changes).

Total less that weight bounds every trail. When the tracks left after removing the T-join
found are connected, an Euler trail through all of them (Hierholzer's method) reaches the
bound: it is a longest trail, proven. Otherwise only the bound is given.

The programme counts its states; past ``budget`` it gives up (``bound`` None).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass

from canaldsl.tickettoride.trails import Edge

DEFAULT_STATES = 400_000
_INFINITY = 1 << 40


@dataclass(frozen=True)
class Relaxation:
    """``bound``: no trail is longer (None: the programme ran out of states); ``cities`` and
    ``tracks``: a trail of exactly that length when one was built (else empty)."""

    bound: int | None
    cities: tuple[int, ...] = ()
    tracks: tuple[int, ...] = ()
    states: int = 0

    @property
    def proven(self) -> bool:
        return self.bound is not None and bool(self.tracks)


def relax(edges: Sequence[Edge], *, budget: int = DEFAULT_STATES) -> Relaxation:
    """The Euler relaxation of one connected network (see the module's docstring)."""
    if not edges:
        return Relaxation(0)
    total = sum(edge.length for edge in edges)
    adjacency: dict[int, list[tuple[int, int]]] = {}
    for number, edge in enumerate(edges):
        adjacency.setdefault(edge.a, []).append((number, edge.b))
        adjacency.setdefault(edge.b, []).append((number, edge.a))
    cities = sorted(adjacency)
    odd = [c for c in cities if len(adjacency[c]) % 2]
    if len(odd) <= 2:
        cities_path, tracks = euler_trail(edges, set(range(len(edges))), odd)
        return Relaxation(total, cities_path, tuple(edges[t].id for t in tracks), 0)
    paths = {c: _dijkstra(edges, adjacency, c) for c in odd}
    even = [c for c in cities if len(adjacency[c]) % 2 == 0]
    programme = _Pairing(edges, odd, paths, even, budget)
    removal = programme.solve()
    if removal is None:
        return Relaxation(None, states=programme.states)
    weight, removed = removal
    kept = set(range(len(edges))) - removed
    bound = total - weight
    degree: dict[int, int] = {}
    for number in kept:
        degree[edges[number].a] = degree.get(edges[number].a, 0) + 1
        degree[edges[number].b] = degree.get(edges[number].b, 0) + 1
    odd_left = sorted(c for c, d in degree.items() if d % 2)
    if len(odd_left) > 2 or not _connected(edges, kept):
        return Relaxation(bound, states=programme.states)
    cities_path, tracks = euler_trail(edges, kept, odd_left)
    return Relaxation(bound, cities_path, tuple(edges[t].id for t in tracks), programme.states)


def _dijkstra(
    edges: Sequence[Edge], adjacency: dict[int, list[tuple[int, int]]], source: int
) -> dict[int, tuple[int, int]]:
    """For every city: (distance from ``source``, last edge on a shortest path; -1 at it)."""
    best: dict[int, tuple[int, int]] = {source: (0, -1)}
    heap = [(0, source)]
    while heap:
        distance, city = heapq.heappop(heap)
        if distance > best[city][0]:
            continue
        for number, other in adjacency[city]:
            candidate = distance + edges[number].length
            known = best.get(other)
            if (
                known is None
                or candidate < known[0]
                or (candidate == known[0] and number < known[1])
            ):
                if known is None or candidate < known[0]:
                    heapq.heappush(heap, (candidate, other))
                best[other] = (candidate, number)
    return best


class _Pairing:
    """The lightest pairing of the odd cities, with at most two of them changed."""

    def __init__(
        self,
        edges: Sequence[Edge],
        odd: list[int],
        paths: dict[int, dict[int, tuple[int, int]]],
        even: list[int],
        budget: int,
    ) -> None:
        self.edges = edges
        self.odd = odd
        self.paths = paths
        self.budget = budget
        self.states = 0
        self.memo: dict[tuple[int, int], int] = {}
        count = len(odd)
        self.distance = [[paths[a].get(b, (_INFINITY, -1))[0] for b in odd] for a in odd]
        # The nearest city of even degree from each odd city: changing both ends the pairing.
        self.outside: list[tuple[int, int]] = []
        for a in odd:
            options = [(paths[a][e][0], e) for e in even if e in paths[a]]
            self.outside.append(min(options) if options else (_INFINITY, -1))
        self.full = (1 << count) - 1
        self.exhausted = False

    def value(self, remaining: int, changes: int) -> int:
        if remaining == 0:
            return 0
        key = (remaining, changes)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.states += 1
        if self.states > self.budget:
            self.exhausted = True
            return _INFINITY
        first = (remaining & -remaining).bit_length() - 1
        rest = remaining & ~(1 << first)
        best = _INFINITY
        if changes:
            best = self.value(rest, changes - 1)  # left odd: one end of the trail
            best = min(best, self.outside[first][0] + self.value(rest, changes - 1))
        others = rest
        row = self.distance[first]
        while others:
            second = (others & -others).bit_length() - 1
            others &= others - 1
            if row[second] < best:
                best = min(best, row[second] + self.value(rest & ~(1 << second), changes))
            if self.exhausted:
                return _INFINITY
        self.memo[key] = best
        return best

    def solve(self) -> tuple[int, set[int]] | None:
        weight = self.value(self.full, 2)
        if self.exhausted or weight >= _INFINITY:
            return None
        removed: set[int] = set()
        remaining, changes = self.full, 2
        while remaining:
            target = self.value(remaining, changes)
            first = (remaining & -remaining).bit_length() - 1
            rest = remaining & ~(1 << first)
            if changes and self.value(rest, changes - 1) == target:
                remaining, changes = rest, changes - 1
                continue
            if changes and self.outside[first][0] + self.value(rest, changes - 1) == target:
                removed ^= self._path(first, self.outside[first][1])
                remaining, changes = rest, changes - 1
                continue
            others = rest
            while others:
                second = (others & -others).bit_length() - 1
                others &= others - 1
                step = self.distance[first][second]
                if step + self.value(rest & ~(1 << second), changes) == target:
                    removed ^= self._path(first, self.odd[second])
                    remaining = rest & ~(1 << second)
                    break
        return weight, removed

    def _path(self, first: int, end: int) -> set[int]:
        """The edges of the shortest path from odd city number ``first`` to city ``end``."""
        tree = self.paths[self.odd[first]]
        edges: set[int] = set()
        city = end
        while tree[city][1] != -1:
            number = tree[city][1]
            edges ^= {number}
            city = self._other(number, city)
        return edges

    def _other(self, number: int, city: int) -> int:
        edge = self.edges[number]
        return edge.b if city == edge.a else edge.a


def _connected(edges: Sequence[Edge], kept: set[int]) -> bool:
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for number in kept:
        parent[find(edges[number].a)] = find(edges[number].b)
    return len({find(c) for c in list(parent)}) <= 1


def euler_trail(
    edges: Sequence[Edge], kept: set[int], odd: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """An Euler trail through the edges ``kept`` (connected, at most two odd cities), from the
    first odd city (or the lowest city): (cities, edge numbers)."""
    adjacency: dict[int, list[tuple[int, int]]] = {}
    for number in sorted(kept):
        edge = edges[number]
        adjacency.setdefault(edge.a, []).append((number, edge.b))
        adjacency.setdefault(edge.b, []).append((number, edge.a))
    for entries in adjacency.values():
        entries.reverse()  # popped from the end: lowest edge numbers first
    start = odd[0] if odd else min(adjacency)
    used: set[int] = set()
    stack: list[tuple[int, int]] = [(start, -1)]
    cities: list[int] = []
    tracks: list[int] = []
    while stack:
        city, via = stack[-1]
        entries = adjacency[city]
        while entries and entries[-1][0] in used:
            entries.pop()
        if entries:
            number, other = entries.pop()
            used.add(number)
            stack.append((other, number))
        else:
            stack.pop()
            cities.append(city)
            if via != -1:
                tracks.append(via)
    cities.reverse()
    tracks.reverse()
    return tuple(cities), tuple(tracks)
