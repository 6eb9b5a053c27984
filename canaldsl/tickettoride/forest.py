"""Fewest trains to join several pairs of cities: an exact Steiner forest, by dynamic programme.

The graph: cities, and tracks with a cost (0 for a track the player owns, its length for one
still open to them). The question: the cheapest set of open tracks that, with the owned ones,
joins both cities of every pair; with a limit on the cost (the trains a player has).

Method (Dreyfus-Wagner, with a cost limit): tracks of cost 0 are contracted first (an owned
network is one node); pairs already joined are dropped. For every set S of the remaining
terminals and every node v, ``tree[S][v]`` is the cheapest tree joining S and v: built up from
two smaller trees meeting at v, then spread along tracks by Dijkstra. Costs above the limit are
never stored. A forest joins its pairs in groups, each group one tree: the cheapest forest is
the cheapest split of the pairs into groups (a second programme over sets of pairs).

The programme counts its steps (tree merges and Dijkstra relaxations); past ``budget`` it
stops and says so. Nothing here knows the rules; see :mod:`canaldsl.tickettoride.tickets`.
"""

from __future__ import annotations

import enum
import heapq
from collections.abc import Sequence
from dataclasses import dataclass

DEFAULT_BUDGET = 20_000_000
_INF = 1 << 30


class Status(enum.Enum):
    """``FOUND``: a cheapest forest within the limit (proven); ``NONE_WITHIN``: proven that no
    forest costs at most the limit; ``DISCONNECTED``: some pair cannot be joined at all;
    ``UNKNOWN``: the budget ran out."""

    FOUND = "found"
    NONE_WITHIN = "none-within-limit"
    DISCONNECTED = "disconnected"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Link:
    """A track as the programme sees it: a number, two city numbers, a cost."""

    id: int
    a: int
    b: int
    cost: int


@dataclass(frozen=True)
class Forest:
    """An answer: its status, the cost and the tracks of a cheapest forest (when FOUND), the
    pairs that cannot be joined (when DISCONNECTED), the steps taken."""

    status: Status
    cost: int | None
    tracks: tuple[int, ...]
    unjoinable: tuple[int, ...] = ()
    steps: int = 0


class _Budget(Exception):
    pass


def cheapest_forest(
    cities: int,
    links: Sequence[Link],
    pairs: Sequence[tuple[int, int]],
    *,
    limit: int,
    budget: int = DEFAULT_BUDGET,
) -> Forest:
    """The cheapest set of links of total cost at most ``limit`` joining every pair."""
    parent = list(range(cities))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for link in links:
        if link.cost == 0:
            ra, rb = find(link.a), find(link.b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    nodes = sorted({find(c) for c in range(cities)})
    node_of = {root: i for i, root in enumerate(nodes)}
    # The cheapest link between two contracted nodes (ties: the lowest track number).
    best_link: dict[tuple[int, int], Link] = {}
    for link in sorted(links, key=lambda x: (x.cost, x.id)):
        if link.cost == 0:
            continue
        a, b = node_of[find(link.a)], node_of[find(link.b)]
        if a == b:
            continue
        key = (min(a, b), max(a, b))
        best_link.setdefault(key, link)
    adjacency: list[list[tuple[int, int, int]]] = [[] for _ in nodes]
    for (a, b), link in sorted(best_link.items()):
        adjacency[a].append((b, link.cost, link.id))
        adjacency[b].append((a, link.cost, link.id))
    open_pairs = []
    for number, (a, b) in enumerate(pairs):
        na, nb = node_of[find(a)], node_of[find(b)]
        if na != nb:
            open_pairs.append((number, na, nb))
    if not open_pairs:
        return Forest(Status.FOUND, 0, ())
    unjoinable = _unjoinable(adjacency, open_pairs)
    if unjoinable:
        return Forest(Status.DISCONNECTED, None, (), unjoinable)
    programme = _Programme(adjacency, open_pairs, limit, budget)
    try:
        return programme.run()
    except _Budget:
        return Forest(Status.UNKNOWN, None, (), (), programme.steps)


def _unjoinable(
    adjacency: list[list[tuple[int, int, int]]], pairs: list[tuple[int, int, int]]
) -> tuple[int, ...]:
    component = [-1] * len(adjacency)
    for start in range(len(adjacency)):
        if component[start] >= 0:
            continue
        component[start] = start
        stack = [start]
        while stack:
            node = stack.pop()
            for other, _, _ in adjacency[node]:
                if component[other] < 0:
                    component[other] = start
                    stack.append(other)
    return tuple(n for n, a, b in pairs if component[a] != component[b])


class _Programme:
    def __init__(
        self,
        adjacency: list[list[tuple[int, int, int]]],
        pairs: list[tuple[int, int, int]],
        limit: int,
        budget: int,
    ) -> None:
        self.adjacency = adjacency
        self.pairs = pairs
        self.limit = limit
        self.budget = budget
        self.steps = 0
        terminals = sorted({n for _, a, b in pairs for n in (a, b)})
        self.terminals = terminals
        self.bit = {node: 1 << i for i, node in enumerate(terminals)}
        # tree[S]: node -> (cost, how): how is (-1, A) for a merge of A and S-A at the node,
        # or (previous node, track) for a track from the previous node.
        self.tree: dict[int, dict[int, tuple[int, tuple[int, int]]]] = {}

    def tick(self, amount: int = 1) -> None:
        self.steps += amount
        if self.steps > self.budget:
            raise _Budget

    def run(self) -> Forest:
        count = len(self.terminals)
        full = (1 << count) - 1
        for node in self.terminals:
            self.tree[self.bit[node]] = self._spread({node: (0, (-2, -2))})
        for subset in sorted(range(1, full + 1), key=lambda s: (s.bit_count(), s)):
            if subset.bit_count() < 2:
                continue
            self._build(subset)
        return self._forest()

    def _build(self, subset: int) -> None:
        low = subset & -subset
        rest = subset ^ low
        seeds: dict[int, tuple[int, tuple[int, int]]] = {}
        part = rest
        while True:  # every proper part A of the subset holding its lowest terminal
            first = low | part
            if first != subset:
                left = self.tree.get(first)
                right = self.tree.get(subset ^ first)
                if left and right:
                    small, large = (left, right) if len(left) <= len(right) else (right, left)
                    self.tick(len(small))
                    for node, (cost, _) in small.items():
                        other = large.get(node)
                        if other is None:
                            continue
                        total = cost + other[0]
                        if total <= self.limit and total < seeds.get(node, (_INF, (0, 0)))[0]:
                            seeds[node] = (total, (-1, first))
            if part == 0:
                break
            part = (part - 1) & rest
        if seeds:
            self.tree[subset] = self._spread(seeds)

    def _spread(
        self, seeds: dict[int, tuple[int, tuple[int, int]]]
    ) -> dict[int, tuple[int, tuple[int, int]]]:
        best = dict(seeds)
        heap = [(cost, node) for node, (cost, _) in seeds.items()]
        heapq.heapify(heap)
        while heap:
            cost, node = heapq.heappop(heap)
            if cost > best[node][0]:
                continue
            self.tick(len(self.adjacency[node]))
            for other, step, track in self.adjacency[node]:
                total = cost + step
                if total <= self.limit and total < best.get(other, (_INF, (0, 0)))[0]:
                    best[other] = (total, (node, track))
                    heapq.heappush(heap, (total, other))
        return best

    def _tree_cost(self, subset: int) -> int:
        tree = self.tree.get(subset)
        if not tree:
            return _INF
        anchor = self.terminals[(subset & -subset).bit_length() - 1]
        entry = tree.get(anchor)
        return _INF if entry is None else entry[0]

    def _forest(self) -> Forest:
        masks = [self.bit[a] | self.bit[b] for _, a, b in self.pairs]
        count = len(masks)
        best: dict[int, tuple[int, int]] = {0: (0, 0)}
        for chosen in range(1, 1 << count):
            low = chosen & -chosen
            rest = chosen ^ low
            value, pick = _INF, 0
            part = rest
            while True:
                group = low | part
                terminals = 0
                for i in range(count):
                    if group >> i & 1:
                        terminals |= masks[i]
                cost = self._tree_cost(terminals) + best[chosen ^ group][0]
                if cost < value:
                    value, pick = cost, group
                if part == 0:
                    break
                part = (part - 1) & rest
            best[chosen] = (value, pick)
        full = (1 << count) - 1
        total = best[full][0]
        if total > self.limit:
            return Forest(Status.NONE_WITHIN, None, (), (), self.steps)
        tracks: set[int] = set()
        chosen = full
        while chosen:
            group = best[chosen][1]
            terminals = 0
            for i in range(count):
                if group >> i & 1:
                    terminals |= masks[i]
            anchor = self.terminals[(terminals & -terminals).bit_length() - 1]
            self._collect(terminals, anchor, tracks)
            chosen ^= group
        return Forest(Status.FOUND, total, tuple(sorted(tracks)), (), self.steps)

    def _collect(self, subset: int, node: int, tracks: set[int]) -> None:
        while True:
            _, (previous, how) = self.tree[subset][node]
            if previous == -2:
                return
            if previous == -1:
                self._collect(how, node, tracks)
                subset ^= how
                continue
            tracks.add(how)
            node = previous
