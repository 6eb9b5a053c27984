"""A good forest found fast, not proven cheapest: the upper bound of the Steiner forest
search (:mod:`canaldsl.tickettoride.forest`).

With a forest of cost U in hand, the search only has to prove that nothing costs U - 1 or
less (a run within U - 1 that finds nothing): far less work than a run within the limit,
which must also build the forest. When that run finds a forest, that one is the answer.

The heuristic (deterministic): join the pairs one after the other by a shortest path in
which the tracks already chosen cost nothing, in a few orders (longest pair first, shortest
first, each pair first and then longest first); drop every track no pair needs (costliest
first); then, pair by pair, take the pair out (drop what only it needed), join it again by a
shortest path over what is left, and keep the result when it is cheaper, until a whole pass
gains nothing. The best of those forests is improved further the same way, taking out two
pairs at a time too (joined again in both orders). Nothing here knows the rules or the map.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

Adjacency = Sequence[Sequence[tuple[int, int, int]]]
"""node -> (other node, cost, track) for each link."""

_INF = 1 << 30


def good_forest(
    adjacency: Adjacency, pairs: Sequence[tuple[int, int]]
) -> tuple[int, frozenset[int], int]:
    """A forest joining every pair (the pairs must be joinable): its cost, its tracks (by
    track number), and the work done (Dijkstra relaxations and connectivity checks, for the
    caller's budget)."""
    cost_of: dict[int, int] = {}
    ends: dict[int, tuple[int, int]] = {}
    for node, row in enumerate(adjacency):
        for other, cost, track in row:
            cost_of[track] = cost
            ends[track] = (node, other)
    state = _State(adjacency, pairs, cost_of, ends)
    far = [state.path(a, b, frozenset())[0] for a, b in pairs]
    by_length = sorted(range(len(pairs)), key=lambda i: (-far[i], i))
    orders = [by_length, by_length[::-1]]
    orders += [[first, *(i for i in by_length if i != first)] for first in range(len(pairs))]
    best: tuple[int, frozenset[int]] | None = None
    for order in orders:
        tracks: frozenset[int] = frozenset()
        for i in order:
            tracks |= state.path(*pairs[i], tracks)[1]
        tracks = state.improve(state.prune(tracks, range(len(pairs))))
        found = (state.cost(tracks), tracks)
        if best is None or (found[0], sorted(found[1])) < (best[0], sorted(best[1])):
            best = found
    assert best is not None
    tracks = state.improve(best[1], most=2)
    return state.cost(tracks), tracks, state.work


class _State:
    """The graph, the pairs, and the work counted so far."""

    def __init__(
        self,
        adjacency: Adjacency,
        pairs: Sequence[tuple[int, int]],
        cost_of: dict[int, int],
        ends: dict[int, tuple[int, int]],
    ) -> None:
        self.adjacency = adjacency
        self.pairs = pairs
        self.cost_of = cost_of
        self.ends = ends
        self.work = 0

    def cost(self, tracks: frozenset[int]) -> int:
        return sum(self.cost_of[t] for t in tracks)

    def path(self, source: int, target: int, free: frozenset[int]) -> tuple[int, frozenset[int]]:
        """The cheapest path from ``source`` to ``target`` when the tracks of ``free`` cost
        nothing: its cost outside ``free`` and its new tracks (ties: the first found)."""
        best = [_INF] * len(self.adjacency)
        how: list[tuple[int, int]] = [(-1, -1)] * len(self.adjacency)
        best[source] = 0
        heap = [(0, source)]
        while heap:
            cost, node = heapq.heappop(heap)
            if cost > best[node]:
                continue
            if node == target:
                break
            self.work += len(self.adjacency[node])
            for other, step, track in self.adjacency[node]:
                total = cost + (0 if track in free else step)
                if total < best[other]:
                    best[other] = total
                    how[other] = (node, track)
                    heapq.heappush(heap, (total, other))
        tracks = set()
        node = target
        while node != source:
            node, track = how[node]
            if track not in free:
                tracks.add(track)
        return best[target], frozenset(tracks)

    def joined(self, tracks: frozenset[int], which: Sequence[int] | range) -> bool:
        """Whether ``tracks`` join both cities of every pair numbered in ``which`` (union-find
        with path halving, written out: the pruning asks this once per track of every forest
        it thins, ~300,000 times in the suite's Ticket to Ride tests)."""
        parent = list(range(len(self.adjacency)))
        ends = self.ends
        for track in tracks:
            a, b = ends[track]
            while parent[a] != a:
                parent[a] = a = parent[parent[a]]
            while parent[b] != b:
                parent[b] = b = parent[parent[b]]
            parent[a] = b
        self.work += len(tracks) + len(which)
        pairs = self.pairs
        for i in which:
            a, b = pairs[i]
            while parent[a] != a:
                parent[a] = a = parent[parent[a]]
            while parent[b] != b:
                parent[b] = b = parent[parent[b]]
            if a != b:
                return False
        return True

    def prune(self, tracks: frozenset[int], which: Sequence[int] | range) -> frozenset[int]:
        """``tracks`` less every track the pairs of ``which`` do without (costliest first,
        then by number)."""
        kept = set(tracks)
        for track in sorted(tracks, key=lambda t: (-self.cost_of[t], t)):
            kept.discard(track)
            if not self.joined(frozenset(kept), which):
                kept.add(track)
        return frozenset(kept)

    def improve(self, tracks: frozenset[int], most: int = 1) -> frozenset[int]:
        """Take each pair (with ``most`` 2, then each two pairs, joined again in both
        orders) out and join it again over the rest, while that gains."""
        count = len(self.pairs)
        moves: list[tuple[int, ...]] = [(i,) for i in range(count)]
        if most > 1:
            moves += [(i, j) for i in range(count) for j in range(count) if i != j]
        gained = True
        while gained:
            gained = False
            for move in moves:
                rest = self.prune(tracks, [k for k in range(count) if k not in move])
                for i in move:
                    rest |= self.path(*self.pairs[i], rest)[1]
                again = self.prune(rest, range(count))
                if self.cost(again) < self.cost(tracks):
                    tracks, gained = again, True
        return tracks
