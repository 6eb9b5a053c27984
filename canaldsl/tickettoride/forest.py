"""Fewest trains to join several pairs of cities: a Steiner forest by dynamic programme (the
``search`` method of :mod:`canaldsl.tickettoride.tickets`).

The graph: cities, and tracks with a cost (0 for a track the player owns, its length for one
still open to them). The question: the cheapest set of open tracks that, with the owned ones,
joins both cities of every pair; with a limit on the cost (the trains a player has).

Method (Dreyfus-Wagner, with a cost limit): tracks of cost 0 are contracted first (an owned
network is one node); pairs already joined are dropped. For every set S of the remaining
terminals and every node v, ``tree[S][v]`` is the cheapest tree joining S and v: built up from
two smaller trees meeting at v, then spread along tracks by Dijkstra. Costs above the limit are
never stored. A forest joins its pairs in groups, each group one tree: the cheapest forest is
the cheapest split of the pairs into groups (a second programme over sets of pairs).

With more than FLOOR_FROM pairs, every set of up to FLOOR_TICKETS pairs is solved first; the
best of those is a lower bound on the forest of any set of pairs (one over the limit proves
at once that nothing fits), and an entry ``tree[S][v]`` is dropped when its cost plus a lower
bound on the rest of any forest using it exceeds the limit (see :class:`_Programme` for why
that never drops an entry a forest within the limit needs). The merges of a level are found
from the pairs of stored smaller sets or from every split of every set, whichever is fewer.

The programme counts its steps (tree merges, Dijkstra relaxations, splits looked at, the
sub-programmes' steps); past ``budget`` it stops and says so. Nothing here knows the rules;
see :mod:`canaldsl.tickettoride.tickets`.
"""

from __future__ import annotations

import enum
import heapq
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

DEFAULT_BUDGET = 20_000_000
FLOOR_TICKETS = 3
FLOOR_TICKETS_PLAIN = 3
FLOOR_FROM = 4
"""Pair sets up to this size are solved by the plain programme when building the floor."""
"""Sets of up to this many pairs are solved first, exactly, to bound the rest (see
:class:`_Programme`); used when more pairs than this are asked about."""
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
    floor_tickets: int = FLOOR_TICKETS,
) -> Forest:
    """The cheapest set of links of total cost at most ``limit`` joining every pair.
    ``floor_tickets``: the size of the pair sets solved first to bound the rest (0: none;
    the answer is the same, only the work differs)."""
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
    steps = 0
    floor = None
    try:
        if floor_tickets > 0 and len(open_pairs) > FLOOR_FROM:
            floor, steps = _floor(adjacency, open_pairs, limit, budget, floor_tickets)
        programme = _Programme(adjacency, open_pairs, limit, budget - steps, floor)
        forest = programme.run()
    except _Budget:
        return Forest(Status.UNKNOWN, None, (), (), budget)
    return Forest(forest.status, forest.cost, forest.tracks, (), steps + forest.steps)


def _floor(
    adjacency: list[list[tuple[int, int, int]]],
    pairs: list[tuple[int, int, int]],
    limit: int,
    budget: int,
    most: int,
) -> tuple[list[int], int]:
    """For every set of the pairs (a bit mask), a lower bound on its cheapest forest: the
    best exact value over its subsets of at most ``most`` pairs (limit + 1 standing for
    "more than the limit"), and the steps taken. Each subset is solved by the programme
    bounded by its own smaller subsets; one subset over the limit settles everything."""
    count = len(pairs)
    exact: dict[int, int] = {}
    steps = 0
    for size in range(1, most + 1):
        for chosen in itertools.combinations(range(count), size):
            own = _propagate([exact.get(_spread_bits(m, chosen), 0) for m in range(1 << size)])
            own[-1] = 0
            part = _Programme(
                adjacency,
                [pairs[i] for i in chosen],
                limit,
                budget - steps,
                own if size > FLOOR_TICKETS_PLAIN else None,
            )
            answer = part.run()
            steps += answer.steps
            if answer.cost is None:
                return [limit + 1] * (1 << count), steps
            exact[sum(1 << i for i in chosen)] = answer.cost
    return _propagate([exact.get(m, 0) for m in range(1 << count)]), steps


def _spread_bits(local: int, chosen: tuple[int, ...]) -> int:
    """The mask over all pairs of a mask over the ``chosen`` ones."""
    return sum(1 << pair for bit, pair in enumerate(chosen) if local >> bit & 1)


def _propagate(values: list[int]) -> list[int]:
    """Every mask's value raised to the best of its subsets'."""
    for mask in range(1, len(values)):
        bits = mask
        while bits:
            low = bits & -bits
            values[mask] = max(values[mask], values[mask ^ low])
            bits ^= low
    return values


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
    """The Dreyfus-Wagner programme over the terminals of ``pairs``, pruned by the limit.

    An entry ``tree[S][v]`` of cost ``c`` is dropped when ``c`` plus a lower bound on the
    rest of any forest using it exceeds the limit. Why that is safe: in a cheapest forest,
    the entries the programme needs are subtrees T of one group's tree, hanging at ``v``;
    the rest of that forest has no track of T, joins ``v`` to every city outside S whose
    ticket partner is in S, and joins both cities of every ticket with no city in S (those
    paths cannot cross T, which touches the rest only at ``v``). So the rest costs at least
    the distance from ``v`` to each such partner, and at least the cheapest forest of the
    untouched tickets, for which ``floor[mask of tickets]`` (the best exact value over their
    subsets of at most three tickets, computed first by this same programme without the
    floor) is a lower bound. When the floor of all tickets already exceeds the limit, no
    forest fits, proven before the big programme starts.
    """

    def __init__(
        self,
        adjacency: list[list[tuple[int, int, int]]],
        pairs: list[tuple[int, int, int]],
        limit: int,
        budget: int,
        floor: list[int] | None = None,
    ) -> None:
        self.adjacency = adjacency
        self.pairs = pairs
        self.limit = limit
        self.budget = budget
        self.floor = floor
        self.steps = 0
        terminals = sorted({n for _, a, b in pairs for n in (a, b)})
        self.terminals = terminals
        self.bit = {node: 1 << i for i, node in enumerate(terminals)}
        self.masks = [self.bit[a] | self.bit[b] for _, a, b in pairs]
        # tree[S]: node -> (cost, how): how is (-1, A) for a merge of A and S-A at the node,
        # or (previous node, track) for a track from the previous node.
        self.tree: dict[int, dict[int, tuple[int, tuple[int, int]]]] = {}
        self.distance: dict[int, list[int]] = {}
        self.outside: dict[int, tuple[int, list[int], list[tuple[int, int]]]] = {}
        self.bounds: dict[int, list[int]] = {}
        self.zeros = [0] * len(adjacency)
        self.unknown = [-1] * len(adjacency)

    def tick(self, amount: int = 1) -> None:
        self.steps += amount
        if self.steps > self.budget:
            raise _Budget

    def run(self) -> Forest:
        if self.floor is not None:
            if self.floor[-1] > self.limit:
                return Forest(Status.NONE_WITHIN, None, (), (), self.steps)
            for node in self.terminals:
                self.distance[node] = self._distances(node)
        count = len(self.terminals)
        levels: list[list[int]] = [[] for _ in range(count + 1)]
        for node in self.terminals:
            tree = self._spread(self.bit[node], {node: (0, (-2, -2))})
            if tree:
                self.tree[self.bit[node]] = tree
                levels[1].append(self.bit[node])
        for size in range(2, count + 1):
            seeds = self._merges(size, levels)
            for subset in sorted(seeds):
                tree = self._spread(subset, seeds[subset])
                self.tree[subset] = tree
                levels[size].append(subset)
        return self._forest()

    def _rest(self, subset: int, node: int) -> int:
        """A lower bound on the rest of a forest using ``tree[subset][node]`` (0 unfloored):
        the floor of the untouched tickets; each partner's distance; for two partners, half
        the round trip through them (a tree joining three cities costs at least that); for a
        partner and an untouched ticket, the two paths apart or half the shortest round trip
        through all four cities (either one tree joins them, or two paths do)."""
        row = self._row(subset)
        if row[node] >= 0 or self.floor is None:
            return row[node]
        known = self.outside.get(subset)
        if known is None:
            untouched, partners, tickets = 0, [], []
            for number, mask in enumerate(self.masks):
                inside = subset & mask
                if not inside:
                    untouched |= 1 << number
                    tickets.append((self.pairs[number][1], self.pairs[number][2]))
                elif inside != mask:
                    partners.append(self.terminals[(mask ^ inside).bit_length() - 1])
            known = self.outside[subset] = (self.floor[untouched], partners, tickets)
        bound, partners, tickets = known
        far = self.distance
        for i, partner in enumerate(partners):
            near = far[partner][node]
            bound = max(bound, near)
            for other in partners[:i]:
                bound = max(bound, (near + far[other][node] + far[partner][other] + 1) // 2)
            for a, b in tickets:
                apart = near + far[a][b]
                if apart <= bound:
                    continue
                tour = min(
                    near + far[partner][a] + far[a][b] + far[b][node],
                    near + far[partner][b] + far[b][a] + far[a][node],
                    far[a][node] + far[a][partner] + far[partner][b] + far[b][node],
                )
                bound = max(bound, min(apart, (tour + 1) // 2))
        row[node] = bound
        return bound

    def _row(self, subset: int) -> list[int]:
        """The rest bounds of ``subset`` at every node found so far (-1: not yet)."""
        row = self.bounds.get(subset)
        if row is None:
            row = self.bounds[subset] = self.unknown[:] if self.floor is not None else self.zeros
        return row

    def _distances(self, source: int) -> list[int]:
        best = [_INF] * len(self.adjacency)
        best[source] = 0
        heap = [(0, source)]
        while heap:
            cost, node = heapq.heappop(heap)
            if cost > best[node]:
                continue
            self.tick(len(self.adjacency[node]))
            for other, step, _ in self.adjacency[node]:
                if cost + step < best[other]:
                    best[other] = cost + step
                    heapq.heappush(heap, (cost + step, other))
        return best

    def _merges(
        self, size: int, levels: list[list[int]]
    ) -> dict[int, dict[int, tuple[int, tuple[int, int]]]]:
        """Seeds of every subset of ``size`` terminals: two smaller trees meeting at a node.
        The splits are found from whichever side is cheaper to walk: the pairs of disjoint
        stored subsets, or every part of every subset of that size."""
        by_pairs = sum(len(levels[i]) * len(levels[size - i]) for i in range(1, size // 2 + 1))
        by_parts = math.comb(len(self.terminals), size) << (size - 1)
        splits: list[tuple[int, int]] = []
        if by_pairs <= by_parts:
            self.tick(by_pairs)
            for i in range(1, size // 2 + 1):
                for first in levels[i]:
                    for second in levels[size - i]:
                        if not first & second and (i < size - i or first < second):
                            splits.append((first, second))
        else:
            self.tick(by_parts)
            stored = self.tree
            for subset in _subsets(len(self.terminals), size):
                low = subset & -subset
                rest = subset ^ low
                part = rest
                while True:
                    first = low | part
                    if first != subset and first in stored and subset ^ first in stored:
                        splits.append((first, subset ^ first))
                    if part == 0:
                        break
                    part = (part - 1) & rest
        seeds: dict[int, dict[int, tuple[int, tuple[int, int]]]] = {}
        limit = self.limit
        for first, second in splits:
            subset = first | second
            left, right = self.tree[first], self.tree[second]
            small, large = (left, right) if len(left) <= len(right) else (right, left)
            self.tick(len(small))
            found = seeds.setdefault(subset, {})
            row = self._row(subset)
            for node, (cost, _) in small.items():
                other = large.get(node)
                if other is None:
                    continue
                total = cost + other[0]
                if total > limit:
                    continue
                best = found.get(node)
                if best is not None and best[0] <= total:
                    continue
                bound = row[node]
                if bound < 0:
                    bound = self._rest(subset, node)
                if total + bound <= limit:
                    found[node] = (total, (-1, first))
        return {subset: found for subset, found in seeds.items() if found}

    def _spread(
        self, subset: int, seeds: dict[int, tuple[int, tuple[int, int]]]
    ) -> dict[int, tuple[int, tuple[int, int]]]:
        best = dict(seeds)
        heap = [(cost, node) for node, (cost, _) in seeds.items()]
        heapq.heapify(heap)
        row = self._row(subset)
        limit = self.limit
        while heap:
            cost, node = heapq.heappop(heap)
            if cost > best[node][0]:
                continue
            self.tick(len(self.adjacency[node]))
            for other, step, track in self.adjacency[node]:
                total = cost + step
                if total > limit or total >= best.get(other, (_INF, (0, 0)))[0]:
                    continue
                bound = row[other]
                if bound < 0:
                    bound = self._rest(subset, other)
                if total + bound <= limit:
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
        masks = self.masks
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


def _subsets(count: int, size: int) -> list[int]:
    """Every set of ``size`` of ``count`` terminals, as bit masks, in increasing order."""
    return sorted(
        sum(1 << i for i in chosen) for chosen in itertools.combinations(range(count), size)
    )
